//! `arbiter search QUERY`: full-text search of the rules in the newest complete revision,
//! in one revision (`--rev`) or in all of them (`--all-revisions`). The ranking and the
//! grouping live in `index` (`RevisionIndex::answer`, `results`); this opens the library,
//! points to `define` when nothing matched words the glossary knows, and renders.

use anyhow::Context as _;

use super::{Context, Outcome};
use crate::cli::SearchArgs;
use crate::index::{self, glossary, results, Answers, Request};
use crate::library::Library;
use crate::model::RuleNumber;
use crate::render::search::{self as render, Results};

pub fn run(args: &SearchArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let query = args.query.join(" ");
    let library = open_searchable(ctx)?;
    let (answers, define) = answers(
        &library,
        &|id| revision_index(&library, id).map(std::sync::Arc::new),
        &index::search::Analysed::default(),
        &query,
        args.rev.as_deref(),
        args.all_revisions,
        args.section.as_deref(),
        args.limit,
    )?;
    let results = Results {
        query: &query,
        all_revisions: args.all_revisions,
        answers: &answers,
        define: define.as_deref(),
    };
    let mut out = crate::output::stdout();
    render::print(&mut out, &results, ctx.json, ctx.style.color)?;
    if let Some(advice) = super::first_contact(&library) {
        // Found or not, say that only the built-in fragments were searched, and where the
        // index was looked for (a search never answers from them without a word).
        crate::output::eprintln(format_args!("hint: {advice}"));
    }
    Ok(if answers.families.is_empty() {
        Outcome::Negative
    } else {
        Outcome::Success
    })
}

/// What a search of revision `rev` (or of every revision) finds, and, when it found
/// nothing, the glossary term the words name: the one answer of `search`, `serve` and
/// `mcp`, which each hand it to `render::search`. `analysed` keeps the rules' words read
/// (a server keeps one per index generation, see `index::search::Analysed`).
#[allow(clippy::too_many_arguments)]
pub fn answers(
    library: &Library,
    search_index: &SearchIndex,
    analysed: &index::search::Analysed,
    query: &str,
    rev: Option<&str>,
    all_revisions: bool,
    section: Option<&str>,
    limit: usize,
) -> anyhow::Result<(Answers, Option<String>)> {
    crate::limits::check_search(query, all_revisions)?;
    let scope = match section {
        Some(s) => Some(
            s.parse::<RuleNumber>()
                .with_context(|| format!("--section {s}"))?,
        ),
        None => None,
    };
    let request = Request {
        query,
        scope,
        limit,
    };
    let answers = if all_revisions {
        search_all(library, search_index, analysed, &request)?
    } else {
        let info = library.resolve(rev)?;
        search_index(&info.id)?.answer_with(&request, analysed)?
    };
    let define = if answers.families.is_empty() {
        glossary_knows(library, rev, query)
    } else {
        None
    };
    Ok((answers, define))
}

/// Opens the search index of a revision by id (a server keeps them open).
pub type SearchIndex<'a> =
    dyn Fn(&str) -> anyhow::Result<std::sync::Arc<index::RevisionIndex>> + 'a;

/// The glossary term closest to words that found no rule, when the glossary knows them.
fn glossary_knows(library: &Library, rev: Option<&str>, query: &str) -> Option<String> {
    let info = match rev {
        Some(spec) => library.resolve(Some(spec)).ok()?,
        None => library.revisions().iter().rev().find(|i| i.complete)?,
    };
    let revision = library.load(&info.id).ok()?;
    glossary::lookup(&revision.glossary, query, 1)
        .first()
        .filter(|m| m.score >= 0.8)
        .map(|m| m.entry.term.clone())
}

/// The library, its search indexes rebuilt first if they were built with another schema
/// or before checksums.
pub fn open_searchable(ctx: &Context) -> anyhow::Result<Library> {
    let location = index::locate(ctx.index.as_deref());
    let library = super::library(ctx)?;
    if !library.search_is_stale() {
        return Ok(library);
    }
    match crate::ingest::refresh_search(&location.dir, &super::ingest::Terminal::default()) {
        Ok(_) => Ok(Library::open(&location.dir)?),
        // A read-only mount or another user's index: search each revision in memory.
        Err(e) => {
            crate::output::eprintln(format_args!(
                "arbiter: the search index at {} was built by another arbiter and can't be rebuilt here ({e}); searching in memory",
                location.dir.display()
            ));
            Ok(library)
        }
    }
}

/// The search index of a revision, built in memory from its stored rules when the one
/// on disk can't be used (built with another schema in a folder this user can't write).
fn revision_index(library: &Library, id: &str) -> anyhow::Result<index::RevisionIndex> {
    match library.search_index(id) {
        Ok(index) => Ok(index),
        Err(e) if library.search_is_stale() => {
            let revision = library.load(id).map_err(|_| e)?;
            Ok(index::RevisionIndex::build_in_ram(&revision)?)
        }
        Err(e) => Err(e),
    }
}

/// Searches every revision, ranked together by relevance, identical text grouped.
fn search_all(
    library: &Library,
    search_index: &SearchIndex,
    analysed: &index::search::Analysed,
    request: &Request,
) -> anyhow::Result<Answers> {
    let mut hits = Vec::new();
    let mut lenient = false;
    let mut respelt = Vec::new();
    let mut obsolete = Vec::new();
    let wide = Request {
        limit: request
            .limit
            .min(index::search::MAX_LIMIT)
            .saturating_mul(2),
        ..request.clone()
    };
    // Most rules read the same in every revision: each rule's words are analysed once.
    let mut terms = std::collections::HashSet::new();
    for info in library.revisions() {
        let found = search_index(&info.id)?.search_with(&wide, analysed)?;
        lenient |= found.lenient;
        for word in found.respelt {
            if !respelt.contains(&word) {
                respelt.push(word);
            }
        }
        // A term obsolete in the newest revision is said to be (an old revision
        // searched is where the term was the rules' own).
        obsolete = found.obsolete;
        hits.extend(found.hits);
        terms.extend(found.terms);
    }
    let mut families = results::across_revisions(hits, request.limit.min(index::search::MAX_LIMIT));
    // Snippets only for what is shown, not for every revision's candidates.
    index::search::with_snippets(&mut families, &terms, analysed);
    Ok(Answers {
        families,
        lenient,
        respelt,
        obsolete,
    })
}
