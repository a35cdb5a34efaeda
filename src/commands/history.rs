//! `arbiter history NUMBER [--rev R]`: one rule followed through every revision, oldest
//! to newest, through renumbering.
//!
//! The stored lineage (computed at ingest) answers at once. When it does not know the
//! revision (no index yet, or a fragment with no complete revision of its date), the
//! lineage of the revisions available that cover the rule's section is built on the spot.

use std::sync::Arc;

use crate::cli::HistoryArgs;
use crate::diff::lineage;
use crate::model::{Revision, RuleNumber};
use crate::render;

use super::{Context, Outcome};

pub fn run(args: HistoryArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let library = super::library(ctx)?;
    // The rule's one chain from the index's chain index, a few kB; the whole lineage
    // (a few MB) only when it cannot say (an old number, a fragment, an index written
    // before the chain index) or it is damaged (said in a warning).
    let stored = stored_chain(&library, &args.number, args.rev.as_deref())
        .or_else(|| super::stored_lineage(ctx, &library));
    let text = text(
        &library,
        stored,
        &args.number,
        args.rev.as_deref(),
        (!ctx.json).then_some(ctx.style),
    )?;
    super::print(&text)?;
    Ok(Outcome::Success)
}

/// The lineage of the one chain of the rule `number` of revision `rev` as the chain index
/// of the index's current generation stores it, when it can say and the rule is there
/// under that number; `None` otherwise (a damaged index is said in a warning).
fn stored_chain(
    library: &crate::library::Library,
    number: &str,
    rev: Option<&str>,
) -> Option<lineage::Lineage> {
    let number: RuleNumber = number.parse().ok()?;
    let rev = library.resolve(rev).ok()?.id.clone();
    let generation = library.catalogue()?.generation;
    let dir = library.index_dir()?;
    match crate::index::lineage::chain(dir, generation, &rev, &number) {
        Ok(Some(one)) => one.chain_of(&rev, &number).is_some().then_some(one),
        Ok(None) => None,
        Err(e) => {
            crate::output::eprintln(format_args!("arbiter: warning: {e}"));
            None
        }
    }
}

/// The rule `number` of revision `rev` followed through every revision: as `history
/// --json` prints it when `style` is `None`, else for the terminal. The one answer of
/// `history`, `serve` and `mcp`. `stored` is the index's lineage, if there is one.
pub fn text(
    library: &crate::library::Library,
    stored: Option<lineage::Lineage>,
    number: &str,
    rev: Option<&str>,
    style: Option<crate::render::Style>,
) -> anyhow::Result<String> {
    let number: RuleNumber = number.parse()?;
    let rev = library.resolve(rev)?.id.clone();
    let stored = stored.filter(|l| l.knows(&rev));
    let lineage = match stored {
        Some(l) => l,
        None => {
            let mut revisions: Vec<Arc<Revision>> = Vec::new();
            for info in library.revisions() {
                if info.sections.contains(&number.section_number()) || info.complete {
                    revisions.push(library.load(&info.id)?);
                }
            }
            let refs: Vec<&Revision> = revisions.iter().map(|r| r.as_ref()).collect();
            let complete = lineage::build(&refs);
            if complete.knows(&rev) {
                complete
            } else {
                lineage::build_any(&refs, number.section_number())
            }
        }
    };
    // A number the revision doesn't have may be an old one: follow the rule it was in
    // the newest revision that had it (`history 420.5e` is the legend rule, 704.5j
    // today), as `rule 420.5e` does, and say so.
    let found = lineage.chain_of(&rev, &number).or_else(|| {
        let older = library
            .revisions()
            .iter()
            .rev()
            .find_map(|info| Some((info.id.clone(), lineage.chain_of(&info.id, &number)?)))?;
        let now = lineage
            .chain(older.1)
            .iter()
            .rev()
            .find(|link| link.revision == rev)
            .and_then(|link| link.number)
            .map_or_else(
                || format!("it is not in {rev}"),
                |n| format!("it is {} in {rev}", n.short()),
            );
        crate::output::eprintln(format_args!(
            "arbiter: note: {} is not a number of {rev}: following {} of {} ({now})",
            number.short(),
            number.short(),
            older.0
        ));
        Some(older.1)
    });
    let Some(chain) = found else {
        let hint = super::first_contact(library).unwrap_or_else(|| {
            format!(
                "`arbiter rule {} --rev {rev}` shows what is there; --rev names the revision the number belongs to",
                number
                    .parent()
                    .map(|p| p.short())
                    .unwrap_or_else(|| number.short())
            )
        });
        return Err(super::hint::error_of(
            super::hint::Kind::NotFound,
            format!("rule {} is not in revision {rev}", number.short()),
            hint,
        ));
    };
    let links = lineage.chain(chain);
    Ok(match style {
        None => render::history::json(&links),
        Some(style) => {
            render::history::terminal(&format!("{} ({rev})", number.short()), &links, style)
        }
    })
}
