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
    let scope = match (args.section, &args.rule) {
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
        ignore_wording: args.ignore_wording,
        scope,
    };
    let library = super::library(ctx)?;
    let from = library.resolve(Some(&args.from))?.id.clone();
    let to = library.resolve(Some(&args.to))?.id.clone();
    let a = library.load(&from)?;
    let b = library.load(&to)?;
    let known = super::stored_lineage(ctx, &library)
        .map(|l| l.pairs(&a.id, &b.id))
        .unwrap_or_default();
    let changes = diff::pair_with(&a, &b, &options, &known);
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
