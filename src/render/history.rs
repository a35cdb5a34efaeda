//! How `arbiter history` shows a rule's lineage: the text it started with, each revision
//! where its number or text changed (with the word diff), and where it stands now.

use serde::Serialize;

use crate::diff::lineage::{Link, Step};
use crate::diff::text::fold_wording;
use crate::diff::words::{whole, word_diff, Segment};
use crate::diff::Op;

use super::diff::{push_diff, Piece, Styled};
use super::Style;

/// One revision of the lineage, as `--json` prints it.
#[derive(Debug, Serialize)]
struct Entry<'l> {
    revision: &'l str,
    number: Option<String>,
    /// The number in the revision before (equal to `number` unless renumbered).
    previous: Option<String>,
    text: Option<&'l str>,
    /// `first` for the first revision known, else the step from the revision before.
    change: &'static str,
    /// The text changed only by a template rewording ("his or her" → "their"…).
    wording_only: bool,
    /// The word diff from the revision before; empty when the text is the same.
    diff: Vec<Segment>,
}

/// `{"lineage":[{"revision","number","previous","text","change","wording_only","diff"}]}`,
/// oldest first.
pub fn json(links: &[Link]) -> String {
    #[derive(Serialize)]
    struct Doc<'l> {
        lineage: Vec<Entry<'l>>,
    }
    let mut lineage = Vec::with_capacity(links.len());
    let mut previous: Option<&Link> = None;
    for link in links {
        let change = match (previous, link.change) {
            (None, Step::Same) => "first",
            (_, Step::Same) => "same",
            (_, Step::Modified) => "modified",
            (_, Step::Renumbered) => "renumbered",
            (_, Step::Added) => "added",
            (_, Step::Removed) => "removed",
        };
        let old = previous.and_then(|p| p.text);
        let same = previous.is_some_and(|p| p.same_text(link));
        let diff = match (old, link.text) {
            _ if same => Vec::new(),
            (Some(old), Some(new)) => word_diff(old, new),
            (Some(old), None) => whole(Op::Delete, old),
            (None, Some(new)) if previous.is_some() => whole(Op::Insert, new),
            _ => Vec::new(),
        };
        lineage.push(Entry {
            revision: link.revision,
            number: link.number.map(|n| n.short()),
            previous: previous.and_then(|p| p.number).map(|n| n.short()),
            text: link.text,
            change,
            wording_only: wording_only(previous, link),
            diff,
        });
        previous = Some(link);
    }
    let doc = Doc { lineage };
    serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// Whether the text changed from `prev` to `link` by template rewording alone.
fn wording_only(prev: Option<&Link>, link: &Link) -> bool {
    prev.and_then(|p| p.text).is_some_and(|old| {
        !prev.is_some_and(|p| p.same_text(link))
            && fold_wording(old) == fold_wording(link.text.unwrap_or(""))
    })
}

/// The terminal report. `asked` is the rule as the user named it (number and revision).
pub fn terminal(asked: &str, links: &[Link], style: Style) -> String {
    let mut out = Styled::default();
    let (Some(first), Some(last)) = (links.first(), links.last()) else {
        return String::new();
    };
    let present = links.iter().filter(|l| l.number.is_some()).count();
    let changes = links.iter().filter(|l| l.change != Step::Same).count();
    out.push(Piece::Heading, format!("History of {asked}\n"));
    out.push(
        Piece::Note,
        format!(
            "in {present} revisions from {} to {}; {} {}\n",
            first.revision,
            last.revision,
            changes,
            if changes == 1 { "change" } else { "changes" }
        ),
    );
    let mut previous: Option<&Link> = None;
    let mut last_shown: Option<&Link> = None;
    for link in links {
        let number = link.number.map(|n| n.short()).unwrap_or_default();
        match (link.change, previous) {
            (Step::Same, Some(_)) => {
                previous = Some(link);
                continue;
            }
            (Step::Removed, Some(prev)) => {
                out.push(Piece::Heading, format!("\n{}", link.revision));
                out.push(Piece::Note, "  removed\n");
                push_diff(
                    &mut out,
                    &whole(Op::Delete, prev.text.unwrap_or("")),
                    "    ",
                );
            }
            (change, prev) => {
                out.push(Piece::Heading, format!("\n{}  ", link.revision));
                out.push(Piece::Number, number);
                let changed = if wording_only(prev, link) {
                    "text changed (wording only)"
                } else {
                    "text changed"
                };
                let label = match (change, prev) {
                    (Step::Renumbered, Some(p)) => {
                        let from = p.number.map(|n| n.short()).unwrap_or_default();
                        if p.same_text(link) {
                            format!("  renumbered from {from}, same text")
                        } else {
                            format!("  renumbered from {from}, {changed}")
                        }
                    }
                    (Step::Modified, _) => format!("  {changed}"),
                    (Step::Added, _) => "  added".to_string(),
                    _ => "  first known text".to_string(),
                };
                out.push(Piece::Note, format!("{label}\n"));
                let text = link.text.unwrap_or("");
                let segments = match prev.and_then(|p| p.text) {
                    Some(old) if !prev.is_some_and(|p| p.same_text(link)) => word_diff(old, text),
                    Some(_) => Vec::new(),
                    None => whole(Op::Equal, text),
                };
                if !segments.is_empty() {
                    push_diff(&mut out, &segments, "    ");
                }
            }
        }
        last_shown = Some(link);
        previous = Some(link);
    }
    if let Some(shown) = last_shown {
        if shown.revision != last.revision && last.number.is_some() {
            out.push(
                Piece::Note,
                format!(
                    "\nunchanged from {} through {}\n",
                    shown.revision, last.revision
                ),
            );
        }
    }
    out.paint(style)
}
