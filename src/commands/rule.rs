//! `arbiter rule NUMBER [--rev R]` (and bare `arbiter NUMBER`): the rule with its
//! subrules, examples, rulings and the rules it refers to, from one revision. Exit 0 when
//! found, 1 when the revision does not have it (naming the nearest numbers and the
//! revisions that do), 2 for a number that is not one or a `--rev` that names nothing.

use std::io::Write;

use anyhow::Context as _;

use super::{Context, Outcome};
use crate::cli::RuleArgs;
use crate::diff::lineage::{LastStep, Lineage, Step};
use crate::index::rules::Lookup;
use crate::library::Library;
use crate::model::{Revision, RuleNumber};
use crate::render::rule::{self, Changed, LastChange, Missing, RuleView};

pub fn run(args: &RuleArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let library = super::library(ctx)?;
    let lineage = || super::stored_lineage(ctx, &library);
    if ctx.json {
        let doc = json(&library, &lineage, &args.number, args.rev.as_deref())?;
        writeln!(crate::output::stdout(), "{doc}").context("writing the rule")?;
        return Ok(Outcome::Success);
    }
    let number: RuleNumber = args.number.parse()?;
    let info = library.resolve(args.rev.as_deref())?;
    let source = source(&library, &info.id, &number)?;
    match source.view(number) {
        Some(mut view) => {
            let revision = view.revision;
            // The revision's "last changed" table stored with the lineage, a few kB;
            // the whole lineage (a few MB) only when there is no such table or it is
            // damaged (reading the lineage then says so and builds it again).
            view.last_change = match stored_last_change(&library, &revision.id, &number) {
                Some(known) => known,
                None => lineage().and_then(|l| last_change(&l, &revision.id, &number)),
            };
            write!(
                crate::output::stdout(),
                "{}",
                rule::text(&view).write(ctx.style)
            )
            .context("writing the rule")?;
            Ok(Outcome::Success)
        }
        None => {
            let revision = library.load(&info.id)?;
            let said = rule::missing(&missing(&library, &lineage, &revision, number)?);
            crate::output::eprint(said.write(ctx.style));
            Ok(Outcome::Negative)
        }
    }
}

/// Where a rule is viewed from: the part of the revision its rule table gives (the rule,
/// what lies below it, the rules above it, and its citers, computed at ingest), or the
/// whole revision.
enum Source {
    Part(Revision, Vec<RuleNumber>),
    Whole(std::sync::Arc<Revision>),
}

impl Source {
    fn view(&self, number: RuleNumber) -> Option<RuleView<'_>> {
        match self {
            Source::Part(revision, cited_by) => view_with(revision, number, Some(cited_by)),
            Source::Whole(revision) => view(revision, number),
        }
    }
}

/// The rule table's part of the revision when it has the rule (sections, embedded
/// revisions and indexes written before tables: the whole revision). A damaged table is
/// said in a warning and the whole revision answers (and says if its model is damaged).
fn source(library: &Library, id: &str, number: &RuleNumber) -> anyhow::Result<Source> {
    if !number.is_section() {
        match library.lookup_rule(id, number) {
            Ok(Some(Lookup::Found { revision, cited_by })) => {
                return Ok(Source::Part(revision, cited_by))
            }
            Ok(_) => {}
            Err(e) => {
                let table = matches!(&e, crate::index::IndexError::Damaged { path, .. }
                    if path.file_name().is_some_and(|n| n == crate::index::rules::FILE));
                if table {
                    crate::output::eprintln(format_args!("arbiter: warning: {e}"));
                }
            }
        }
    }
    Ok(Source::Whole(library.load(id)?))
}

/// The rule as `rule --json` prints it (pretty, its keys in this order) (`{"revision", "number", "title", "text",
/// "examples", "children", "references", "rulings"}`), or the `not_found` error `rule
/// --json` reports: the one answer of the command line, `serve` and `mcp`. `lineage` is
/// asked for only when the rule is missing (to say what the number is called now).
pub fn json(
    library: &Library,
    lineage: &dyn Fn() -> Option<Lineage>,
    number: &str,
    rev: Option<&str>,
) -> anyhow::Result<String> {
    let number: RuleNumber = number.parse()?;
    let info = library.resolve(rev)?;
    if let Some(view) = source(library, &info.id, &number)?.view(number) {
        return Ok(serde_json::to_string_pretty(&rule::json(&view))?);
    }
    let revision = library.load(&info.id)?;
    let said = rule::missing(&missing(library, lineage, &revision, number)?);
    let plain = said.plain();
    let mut lines = plain.lines();
    let what = lines
        .next()
        .unwrap_or_default()
        .trim_start_matches("arbiter: ");
    let rest: Vec<&str> = lines.collect();
    Err(super::hint::error_of(
        super::hint::Kind::NotFound,
        what,
        rest.join("; ").replace("hint: ", ""),
    ))
}

/// What to say of a number the revision does not have: its neighbours, the revisions
/// that have it, what it is called now.
fn missing<'a>(
    library: &Library,
    lineage: &dyn Fn() -> Option<Lineage>,
    revision: &'a Revision,
    number: RuleNumber,
) -> anyhow::Result<Missing<'a>> {
    let lineage = lineage();
    let elsewhere = elsewhere(lineage.as_ref(), library, &number, &revision.id)?;
    let now_called = lineage.as_ref().and_then(|l| {
        elsewhere
            .iter()
            .find_map(|then| Some((then.clone(), l.map_number(then, &number, &revision.id)?)))
    });
    Ok(Missing {
        number,
        revision,
        before: revision.rules.range(..number).next_back().map(|(n, _)| *n),
        after: revision.rules.range(number..).next().map(|(n, _)| *n),
        elsewhere,
        now_called,
        advice: super::first_contact(library),
    })
}

/// Where the rule last changed, as the stored table of the index's current generation
/// says; `None` when no table can say (no index, a lineage written before the tables, or
/// a damaged one).
fn stored_last_change(
    library: &Library,
    revision_id: &str,
    number: &RuleNumber,
) -> Option<Option<LastChange>> {
    let generation = library.catalogue()?.generation;
    let dir = library.index_dir()?;
    let known = crate::index::lineage::last_change(dir, generation, revision_id, number).ok()??;
    Some(known.map(|(revision, step)| LastChange {
        revision,
        what: match step {
            LastStep::FirstKnown => Changed::FirstKnown,
            LastStep::Added => Changed::Added,
            LastStep::Renumbered { from } => match crate::diff::lineage::unpack(from) {
                Some(from) => Changed::Renumbered { from },
                None => Changed::Text,
            },
            LastStep::Modified => Changed::Text,
        },
    }))
}

/// Where the lineage saw the rule's text or number last change, looking back from
/// `revision_id`.
fn last_change(lineage: &Lineage, revision_id: &str, number: &RuleNumber) -> Option<LastChange> {
    let chain = lineage.chain_of(revision_id, number)?;
    let links = lineage.chain(chain);
    let here = links.iter().position(|l| l.revision == revision_id)?;
    let (at, link) = links[..=here]
        .iter()
        .enumerate()
        .rev()
        .find(|(i, l)| l.change != Step::Same || *i == 0)?;
    let what = match link.change {
        Step::Same => Changed::FirstKnown,
        Step::Added => Changed::Added,
        Step::Renumbered => match at.checked_sub(1).and_then(|p| links[p].number) {
            Some(from) => Changed::Renumbered { from },
            None => Changed::Text,
        },
        Step::Modified | Step::Removed => Changed::Text,
    };
    Some(LastChange {
        revision: link.revision.to_string(),
        what,
    })
}

/// The rule (or section) and what lies below it, if the revision has it.
pub fn view(revision: &Revision, number: RuleNumber) -> Option<RuleView<'_>> {
    view_with(revision, number, None)
}

/// [`view`], with the rules citing it when they are known (else found in `revision`).
fn view_with<'r>(
    revision: &'r Revision,
    number: RuleNumber,
    cited_by: Option<&[RuleNumber]>,
) -> Option<RuleView<'r>> {
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
        cited_by: cited_by.map_or_else(|| revision.cited_by(&number), <[RuleNumber]>::to_vec),
        breadcrumb: breadcrumb(revision, &number),
        last_change: None,
    })
}

/// The section and the rules above `number`, outermost first, with their titles.
fn breadcrumb(revision: &Revision, number: &RuleNumber) -> Vec<(RuleNumber, String)> {
    let mut above = Vec::new();
    let mut at = number.parent();
    while let Some(n) = at {
        let title = if n.is_section() {
            revision
                .sections
                .iter()
                .find(|s| s.number == n.section_number())
                .map(|s| s.title.clone())
        } else {
            revision.rule(&n).and_then(|r| r.title.clone())
        };
        if let Some(title) = title {
            above.push((n, title));
        }
        at = n.parent();
    }
    above.reverse();
    above
}

/// The ids of the other revisions that have the rule. The stored lineage answers for
/// the complete revisions it chains without loading them; sections, and revisions it
/// does not chain, are loaded.
fn elsewhere(
    lineage: Option<&Lineage>,
    library: &Library,
    number: &RuleNumber,
    except: &str,
) -> anyhow::Result<Vec<String>> {
    let lineage = lineage.filter(|_| !number.is_section());
    let mut ids = Vec::new();
    for info in library.revisions().iter().rev() {
        if info.id == except {
            continue;
        }
        let known = lineage.and_then(|l| l.has(&info.id, number));
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
