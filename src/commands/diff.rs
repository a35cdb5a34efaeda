//! `arbiter diff A B`: compare two revisions rule by rule and report what changed.
//!
//! Both revisions come from the library (embedded or ingested). When the stored lineage
//! chains both, its pairings are taken as given and only the rest is matched by content;
//! otherwise [`crate::diff::pair`] matches everything. Exit status 0 when the two are
//! identical (in what was compared), 1 when they differ.

use anyhow::Context as _;

use crate::cli::DiffArgs;
use crate::diff::{self, Options, Scope};
use crate::model::RuleNumber;
use crate::render;

use super::{Context, Outcome};

pub fn run(args: DiffArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let library = super::library(ctx)?;
    let changes = changes(
        &library,
        &|| super::stored_lineage(ctx, &library),
        &args.from,
        &args.to,
        args.section,
        args.rule.as_deref(),
        args.ignore_wording,
    )?;
    let text = if ctx.json {
        render::diff::json(&changes)
    } else if args.markdown {
        render::diff::markdown(&changes)
    } else {
        render::diff::terminal(&changes, ctx.style)
    };
    super::print(&text)?;
    Ok(if changes.identical() {
        Outcome::Success
    } else {
        Outcome::Negative
    })
}

/// What changed from revision `from` to `to` (ids, years or prefixes), in a section (1–9)
/// or a rule and what lies below it: the one answer of `diff`, `serve` and `mcp`, which
/// each hand it to `render::diff`. The stored lineage, when `lineage` gives it, pairs
/// what it chains.
pub fn changes(
    library: &crate::library::Library,
    lineage: &dyn Fn() -> Option<crate::diff::lineage::Lineage>,
    from: &str,
    to: &str,
    section: Option<u8>,
    rule: Option<&str>,
    ignore_wording: bool,
) -> anyhow::Result<diff::Changes> {
    let scope = match (section, rule) {
        (Some(s), _) if !(1..=9).contains(&s) => {
            anyhow::bail!("--section {s}: sections are numbered 1 to 9")
        }
        (Some(s), _) => Scope::Section(s),
        (None, Some(r)) => Scope::Rule(
            r.parse::<RuleNumber>()
                .with_context(|| format!("--rule {r}"))?,
        ),
        (None, None) => Scope::All,
    };
    let options = Options {
        ignore_wording,
        scope,
    };
    let from = library.resolve(Some(from))?.id.clone();
    let to = library.resolve(Some(to))?.id.clone();
    let a = library.load(&from)?;
    let b = library.load(&to)?;
    let known = lineage().map(|l| l.pairs(&a.id, &b.id)).unwrap_or_default();
    Ok(diff::pair_with(&a, &b, &options, &known))
}
