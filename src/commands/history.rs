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
    let text = text(
        &library,
        super::stored_lineage(ctx, &library),
        &args.number,
        args.rev.as_deref(),
        (!ctx.json).then_some(ctx.style),
    )?;
    super::print(&text)?;
    Ok(Outcome::Success)
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
    let Some(chain) = lineage.chain_of(&rev, &number) else {
        let hint = super::first_contact(None, library).unwrap_or_else(|| {
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
