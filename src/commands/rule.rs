//! `arbiter rule NUMBER [--rev R]` (and bare `arbiter NUMBER`): the rule with its
//! subrules, examples, rulings and the rules it refers to, from one revision. Exit 0 when
//! found, 1 when the revision does not have it (naming the nearest numbers and the
//! revisions that do), 2 for a number that is not one or a `--rev` that names nothing.

use std::io::Write;

use anyhow::Context as _;

use super::{Context, Outcome};
use crate::cli::RuleArgs;
use crate::library::Library;
use crate::model::{Revision, RuleNumber};
use crate::render::rule::{self, Missing, RuleView};

pub fn run(args: &RuleArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let number: RuleNumber = args.number.parse()?;
    let library = super::library(ctx)?;
    let info = library.resolve(args.rev.as_deref())?;
    let revision = library.load(&info.id)?;
    let mut out = std::io::stdout().lock();
    match view(&revision, number) {
        Some(view) => {
            if ctx.json {
                let doc = serde_json::to_string_pretty(&rule::json(&view))?;
                writeln!(out, "{doc}").context("writing the rule")?;
            } else {
                write!(out, "{}", rule::text(&view).write(ctx.style))
                    .context("writing the rule")?;
            }
            Ok(Outcome::Success)
        }
        None => {
            let elsewhere = elsewhere(ctx, &library, &number, &revision.id)?;
            let missing = Missing {
                number,
                revision: &revision,
                before: revision.rules.range(..number).next_back().map(|(n, _)| *n),
                after: revision.rules.range(number..).next().map(|(n, _)| *n),
                elsewhere,
            };
            eprint!("{}", rule::missing(&missing).write(ctx.style));
            Ok(Outcome::Negative)
        }
    }
}

/// The rule (or section) and what lies below it, if the revision has it.
fn view(revision: &Revision, number: RuleNumber) -> Option<RuleView<'_>> {
    let rule = revision.rule(&number);
    let section_title = number
        .is_section()
        .then(|| {
            revision
                .sections
                .iter()
                .find(|s| s.number == number.section_number())
                .map(|s| s.title.as_str())
        })
        .flatten();
    let below: Vec<_> = revision
        .subtree(&number)
        .into_iter()
        .filter(|r| r.number != number)
        .collect();
    if rule.is_none() && section_title.is_none() && (below.is_empty() || !number.is_section()) {
        return None;
    }
    Some(RuleView {
        revision,
        number,
        rule,
        section_title,
        children: revision
            .children(&number)
            .iter()
            .map(|r| r.number)
            .collect(),
        below,
        cited_by: revision.cited_by(&number),
    })
}

/// The ids of the other revisions that have the rule. The stored lineage answers for
/// the complete revisions it chains without loading them; sections, and revisions it
/// does not chain, are loaded.
fn elsewhere(
    ctx: &Context,
    library: &Library,
    number: &RuleNumber,
    except: &str,
) -> anyhow::Result<Vec<String>> {
    let lineage = if number.is_section() {
        None
    } else {
        super::stored_lineage(ctx, library)
    };
    let mut ids = Vec::new();
    for info in library.revisions().iter().rev() {
        if info.id == except {
            continue;
        }
        let known = lineage.as_ref().and_then(|l| l.has(&info.id, number));
        let has = match known {
            Some(has) => has,
            None => view(&*library.load(&info.id)?, *number).is_some(),
        };
        if has {
            ids.push(info.id.clone());
        }
    }
    Ok(ids)
}
