//! `arbiter search QUERY`: full-text search of the rules, ranked by BM25, in the newest
//! complete revision, in one revision (`--rev`) or in all of them (`--all-revisions`,
//! identical text across revisions shown once with the revisions it appears in).

use std::collections::HashMap;

use anyhow::Context as _;

use super::{Context, Outcome};
use crate::cli::SearchArgs;
use crate::index::{self, Hit, Request};
use crate::library::Library;
use crate::model::RuleNumber;
use crate::render::search as render;

/// A rule found, with every revision its identical text was found in (oldest first).
#[derive(Debug, Clone)]
pub struct Group {
    /// The hit in the newest of `revisions`.
    pub hit: Hit,
    pub revisions: Vec<String>,
}

/// What a search found, ready to render.
#[derive(Debug, Clone)]
pub struct Results {
    pub query: String,
    pub lenient: bool,
    pub all_revisions: bool,
    pub groups: Vec<Group>,
}

pub fn run(args: &SearchArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let query = args.query.join(" ");
    let scope = match &args.section {
        Some(s) => Some(
            s.parse::<RuleNumber>()
                .with_context(|| format!("--section {s}"))?,
        ),
        None => None,
    };
    let library = open_searchable(ctx)?;
    let request = Request {
        query: &query,
        scope,
        limit: args.limit,
    };
    let results = if args.all_revisions {
        search_all(&library, &request)?
    } else {
        let info = library.resolve(args.rev.as_deref())?;
        let found = library.search_index(&info.id)?.search(&request)?;
        Results {
            query: query.clone(),
            lenient: found.lenient,
            all_revisions: false,
            groups: found
                .hits
                .into_iter()
                .map(|hit| Group {
                    revisions: vec![hit.revision.clone()],
                    hit,
                })
                .collect(),
        }
    };
    render::print(&results, ctx)?;
    if results.groups.is_empty() {
        if let Some(advice) = super::first_contact(&library) {
            crate::output::eprintln(format_args!("hint: {advice}"));
        }
    }
    Ok(if results.groups.is_empty() {
        Outcome::Negative
    } else {
        Outcome::Success
    })
}

/// The library, its search indexes rebuilt first if they were built with another schema
/// or before checksums.
pub fn open_searchable(ctx: &Context) -> anyhow::Result<Library> {
    let location = index::locate(ctx.index.as_deref());
    let library = super::library(ctx)?;
    if !library.search_is_stale() {
        return Ok(library);
    }
    crate::ingest::refresh_search(&location.dir, &super::ingest::Terminal::default())?;
    Ok(Library::open(&location.dir)?)
}

/// Searches every revision and groups identical text of the same rule.
fn search_all(library: &Library, request: &Request) -> anyhow::Result<Results> {
    let mut groups: Vec<Group> = Vec::new();
    let mut by_text: HashMap<(RuleNumber, String), usize> = HashMap::new();
    let mut lenient = false;
    for info in library.revisions() {
        let found = library.search_index(&info.id)?.search(request)?;
        lenient |= found.lenient;
        // Scores of different revisions' indexes are not on one scale (a small, old
        // revision makes every word rarer): rank by the score relative to the revision's
        // best hit, so each revision's answers compete on equal terms.
        let best = found
            .hits
            .first()
            .map_or(1.0, |h| h.score.max(f32::EPSILON));
        for mut hit in found.hits {
            hit.score /= best;
            let key = (hit.number, hit.text.clone());
            match by_text.get(&key) {
                Some(&i) => {
                    let group = &mut groups[i];
                    group.revisions.push(hit.revision.clone());
                    let score = group.hit.score.max(hit.score);
                    group.hit = Hit { score, ..hit };
                }
                None => {
                    by_text.insert(key, groups.len());
                    groups.push(Group {
                        revisions: vec![hit.revision.clone()],
                        hit,
                    });
                }
            }
        }
    }
    groups.sort_by(|a, b| {
        b.hit
            .score
            .total_cmp(&a.hit.score)
            .then_with(|| b.revisions.len().cmp(&a.revisions.len()))
            .then_with(|| b.hit.revision.cmp(&a.hit.revision))
            .then_with(|| a.hit.number.cmp(&b.hit.number))
    });
    groups.truncate(request.limit);
    Ok(Results {
        query: request.query.to_string(),
        lenient,
        all_revisions: true,
        groups,
    })
}
