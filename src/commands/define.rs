//! `arbiter define TERM`: the glossary entry for a term typed from memory (typos forgiven),
//! with the rules its definition points to.

use std::sync::Arc;

use super::{Context, Outcome};
use crate::cli::DefineArgs;
use crate::index::glossary;
use crate::model::Revision;
use crate::render::define as render;

/// How many entries to consider.
pub const LIMIT: usize = 5;

pub fn run(args: &DefineArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let term = args.term.join(" ");
    crate::limits::DEFINE_CHARS.check(term.chars().count())?;
    let library = super::library(ctx)?;
    let revision = revision(&library, args.rev.as_deref())?;
    let matches = glossary::lookup(&revision.glossary, &term, LIMIT);
    render::print(
        &mut crate::output::stdout(),
        &term,
        &revision,
        &matches,
        ctx.render(),
    )?;
    Ok(if matches.is_empty() {
        Outcome::Negative
    } else {
        Outcome::Success
    })
}

/// The revision whose glossary `define` reads: `rev`, else the newest that has a
/// glossary; an error when it has none. With [`glossary::lookup`] of [`LIMIT`] entries,
/// the one answer of `define`, `serve` and `mcp`.
pub fn revision(
    library: &crate::library::Library,
    rev: Option<&str>,
) -> anyhow::Result<Arc<Revision>> {
    let info = match rev {
        Some(spec) => library.resolve(Some(spec))?,
        // The newest revision that has a glossary (fragments have none).
        None => match library.revisions().iter().rev().find(|i| i.complete) {
            Some(info) => info,
            None => library.resolve(None)?,
        },
    };
    let revision = library.load(&info.id)?;
    if revision.glossary.is_empty() {
        return Err(super::hint::error(
            format!(
                "revision {} has no glossary (it is {})",
                revision.id,
                if revision.complete {
                    "complete, but its glossary could not be read"
                } else {
                    "a fragment"
                }
            ),
            super::first_contact(None, library).unwrap_or_else(|| {
                "ingest a complete revision with `arbiter ingest FILE`, or choose one with --rev"
                    .to_string()
            }),
        ));
    }
    Ok(revision)
}
