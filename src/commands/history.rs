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
    let number: RuleNumber = args.number.parse()?;
    let library = super::library(ctx)?;
    let rev = library.resolve(args.rev.as_deref())?.id.clone();
    let stored = super::stored_lineage(ctx, &library).filter(|l| l.knows(&rev));
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
        let hint = super::first_contact(ctx, &library).unwrap_or_else(|| {
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
    let text = if ctx.json {
        render::history::json(&links)
    } else {
        render::history::terminal(&format!("{} ({rev})", number.short()), &links, ctx.style)
    };
    super::print(&text)?;
    Ok(Outcome::Success)
}
