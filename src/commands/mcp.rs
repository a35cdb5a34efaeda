//! `arbiter mcp`: the rules for AI assistants, as a Model Context Protocol server on stdin
//! and stdout (the official Rust SDK, `rmcp`).
//!
//! Seven tools, each the command of the same name: `rule`, `search`, `define`, `diff`,
//! `history`, `revisions` and `check` (a scenario's text in, its report out). A tool's
//! result is the JSON document the command prints with `--json`, made by the same
//! function, so it names the revision that answered and carries the rule numbers it
//! cites. A failure is a tool error with the command line's own wording (`arbiter:
//! error: …` and its `hint:`). The index's generation is checked at each call, as
//! `serve` does (see `serve::shared`).

use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolResult, ContentBlock as Content};
use rmcp::{tool, tool_handler, tool_router, ServerHandler, ServiceExt as _};
use serde::Deserialize;
use serde_json::Value;

use super::serve::shared::{Shared, Snapshot};
use super::{Context, Outcome};

pub fn run(ctx: &Context) -> anyhow::Result<Outcome> {
    if ctx.json {
        return Err(super::hint::error_of(
            super::hint::Kind::BadInput,
            "`arbiter mcp` speaks JSON-RPC on stdin and stdout; --json does not apply",
            "run `arbiter mcp` without --json",
        ));
    }
    let location = crate::index::locate(ctx.index.as_deref());
    let server = Arbiter::new(Arc::new(Shared::open(&location.dir)?));
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let running = server
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|e| anyhow::anyhow!("the MCP session did not start: {e}"))?;
        running
            .waiting()
            .await
            .map_err(|e| anyhow::anyhow!("the MCP session failed: {e}"))?;
        anyhow::Ok(())
    })?;
    Ok(Outcome::Success)
}

/// The MCP server: the rules of one index, and its tools.
#[derive(Clone)]
pub struct Arbiter {
    shared: Arc<Shared>,
    tool_router: ToolRouter<Self>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct RuleParams {
    /// The rule number: a section (3), rule (303), subrule (303.4) or lettered subrule (303.4c).
    pub number: String,
    /// The revision: an id (2011-07-15), or a year or prefix (the newest complete revision
    /// that starts with it). Default: the newest complete revision.
    pub revision: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct SearchParams {
    /// Words, a phrase in quotes, or query syntax (+must -not).
    pub query: String,
    /// The revision (an id, a year or a prefix). Default: the newest complete revision.
    pub revision: Option<String>,
    /// Only rules of this section (1-9) or rule (303).
    pub section: Option<String>,
    /// How many hits (1-1000, default 10).
    pub limit: Option<usize>,
    /// Search every revision, grouping identical text.
    pub all_revisions: Option<bool>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct DefineParams {
    /// The glossary term; typos are forgiven.
    pub term: String,
    /// The revision (an id, a year or a prefix). Default: the newest complete revision.
    pub revision: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct DiffParams {
    /// The older revision (an id, a year or a prefix).
    pub from: String,
    /// The newer revision (an id, a year or a prefix).
    pub to: String,
    /// Only this section (1-9).
    pub section: Option<u8>,
    /// Only this rule and what lies below it (303, 702.19).
    pub rule: Option<String>,
    /// Fold template wording changes ("his or her" → "their") that changed no rule.
    pub ignore_wording: Option<bool>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct HistoryParams {
    /// The rule number, in the revision named (else the newest).
    pub number: String,
    /// The revision the number belongs to (an id, a year or a prefix).
    pub revision: Option<String>,
}

#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct CheckParams {
    /// The scenario: a Markdown board with its expectations (docs/scenarios and
    /// `arbiter check --help` describe the format).
    pub scenario: String,
}

/// A command's answer as a tool result: its JSON document, or its error as the command
/// line words it.
fn result(answer: anyhow::Result<Value>) -> CallToolResult {
    match answer {
        Ok(value) => {
            let text = serde_json::to_string_pretty(&value).unwrap_or_default();
            let mut result = CallToolResult::success(vec![Content::text(text)]);
            result.structured_content = Some(value);
            result
        }
        Err(e) => CallToolResult::error(vec![Content::text(
            super::hint::report(&e).trim_end().to_string(),
        )]),
    }
}

impl Arbiter {
    pub fn new(shared: Arc<Shared>) -> Arbiter {
        Arbiter {
            shared,
            tool_router: Self::tool_router(),
        }
    }

    /// Runs `answer` on a blocking thread over the current snapshot of the index.
    async fn answer(
        &self,
        answer: impl FnOnce(&Snapshot) -> anyhow::Result<Value> + Send + 'static,
    ) -> CallToolResult {
        let snapshot = self.shared.snapshot();
        let done = tokio::task::spawn_blocking(move || answer(&snapshot)).await;
        result(done.unwrap_or_else(|e| Err(anyhow::anyhow!("the answer failed: {e}"))))
    }
}

#[tool_router]
impl Arbiter {
    #[tool(
        description = "A rule of the Magic: The Gathering Comprehensive Rules, exactly as a revision words it: its text, examples, subrules and the rules it refers to (as `arbiter rule --json`)."
    )]
    async fn rule(&self, Parameters(p): Parameters<RuleParams>) -> CallToolResult {
        self.answer(move |s| {
            let text = super::rule::json(
                &s.library,
                &|| s.lineage(),
                &p.number,
                p.revision.as_deref(),
            )?;
            Ok(serde_json::from_str(&text)?)
        })
        .await
    }

    #[tool(
        description = "Full-text search of the rules of one revision (or of every revision), ranked by relevance: rule numbers, titles, snippets (as `arbiter search --json`)."
    )]
    async fn search(&self, Parameters(p): Parameters<SearchParams>) -> CallToolResult {
        self.answer(move |s| {
            let limit = p.limit.unwrap_or(10);
            if !(1..=crate::cli::MAX_LIMIT).contains(&limit) {
                anyhow::bail!(
                    "limit {limit}: must be a whole number from 1 to {}",
                    crate::cli::MAX_LIMIT
                );
            }
            let all = p.all_revisions.unwrap_or(false);
            let (answers, define) = super::search::answers(
                &s.library,
                &|id| s.search_index(id),
                &p.query,
                p.revision.as_deref(),
                all,
                p.section.as_deref(),
                limit,
            )?;
            Ok(crate::render::search::json(
                &crate::render::search::Results {
                    query: &p.query,
                    all_revisions: all,
                    answers: &answers,
                    define: define.as_deref(),
                },
            ))
        })
        .await
    }

    #[tool(
        description = "Glossary entries of the rules closest to a term, typos forgiven, with the rules each points to (as `arbiter define --json`)."
    )]
    async fn define(&self, Parameters(p): Parameters<DefineParams>) -> CallToolResult {
        self.answer(move |s| {
            crate::limits::DEFINE_CHARS.check(p.term.chars().count())?;
            let revision = super::define::revision(&s.library, p.revision.as_deref())?;
            let matches =
                crate::index::glossary::lookup(&revision.glossary, &p.term, super::define::LIMIT);
            Ok(crate::render::define::json(&p.term, &revision, &matches))
        })
        .await
    }

    #[tool(
        description = "What changed between two revisions of the rules, rule by rule through renumbering, with word diffs (as `arbiter diff --json`)."
    )]
    async fn diff(&self, Parameters(p): Parameters<DiffParams>) -> CallToolResult {
        self.answer(move |s| {
            let changes = super::diff::changes(
                &s.library,
                &|| s.lineage(),
                &p.from,
                &p.to,
                p.section,
                p.rule.as_deref(),
                p.ignore_wording.unwrap_or(false),
            )?;
            Ok(serde_json::from_str(&crate::render::diff::json(&changes))?)
        })
        .await
    }

    #[tool(
        description = "One rule followed through every revision of the rules, oldest first: each number it had and each change to its text (as `arbiter history --json`)."
    )]
    async fn history(&self, Parameters(p): Parameters<HistoryParams>) -> CallToolResult {
        self.answer(move |s| {
            let text = super::history::text(
                &s.library,
                s.lineage(),
                &p.number,
                p.revision.as_deref(),
                None,
            )?;
            Ok(serde_json::from_str(&text)?)
        })
        .await
    }

    #[tool(
        description = "The revisions of the rules arbiter knows, oldest first: id, effective date, whether complete, sections, how many rules (as `arbiter revisions --json`)."
    )]
    async fn revisions(&self) -> CallToolResult {
        self.answer(|s| Ok(crate::render::revisions::json(s.library.revisions())))
            .await
    }

    #[tool(
        description = "Play a written board (a scenario, Markdown) under the rules of its revision and check its expectations; the report cites each rule it applied (as `arbiter check --json`)."
    )]
    async fn check(&self, Parameters(p): Parameters<CheckParams>) -> CallToolResult {
        self.answer(move |s| {
            let report = super::check::check_text(&s.library, "scenario", &p.scenario)?;
            Ok(serde_json::to_value(&report)?)
        })
        .await
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Arbiter {}
