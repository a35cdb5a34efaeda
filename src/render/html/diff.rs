//! The diff page: what changed between two revisions, grouped by section and kind as
//! `arbiter diff` reports it, each change with its word diff: deleted words struck
//! through in red (`<del>`), inserted words underlined in green (`<ins>`). The pairing
//! and the word diffs are `crate::diff`'s; this module only lays them out. A rule number
//! of the exported revision links to the rule.

use pulldown_cmark::{HeadingLevel, Tag, TagEnd};

use super::page::Page;
use super::{Links, DIFF_PAGE};
use crate::diff::{Change, Changes, GlossaryChange, GlossaryKind, Kind, Op, Segment};
use crate::model::RuleNumber;
use crate::render::diff::{by_section, elide, glossary_line, percent, summary_line, KINDS};

/// The diff page.
pub(crate) fn page(links: &Links, changes: &Changes, generator: &str) -> String {
    let mut page = Page::new(
        links,
        DIFF_PAGE,
        &format!(
            "Changes from {} to {} — Comprehensive Rules",
            changes.from, changes.to
        ),
    );
    page.heading(
        HeadingLevel::H1,
        format!("Changes from {} to {}", changes.from, changes.to),
    );
    if let Some(note) = changes
        .summary
        .coverage
        .as_ref()
        .and_then(|c| c.note.as_deref())
    {
        page.raw("<p class=\"meta\">");
        page.text(note.to_string());
        page.raw("</p>\n");
    }
    page.start(Tag::Paragraph);
    page.text(format!("Rules: {}.", summary_line(changes)));
    if let Some(line) = glossary_line(changes) {
        page.hard_break();
        page.text(format!("Glossary: {line}."));
    }
    page.end(TagEnd::Paragraph);
    page.raw(
        "<p class=\"legend\">Words <del>deleted</del> are struck through; words \
         <ins>inserted</ins> are underlined.</p>\n",
    );
    // Which side's numbers are this site's rules.
    let side = Side {
        from: changes.from == links.revision.id,
        to: changes.to == links.revision.id,
    };
    for (section, title, group) in by_section(changes) {
        page.heading(HeadingLevel::H2, format!("{section}. {title}"));
        for (kind, label) in KINDS {
            let of_kind: Vec<&Change> = group.iter().copied().filter(|c| c.kind == kind).collect();
            if of_kind.is_empty() {
                continue;
            }
            page.heading(HeadingLevel::H3, format!("{label} ({})", of_kind.len()));
            for change in of_kind {
                push_change(&mut page, links, side, change);
            }
        }
    }
    if !changes.glossary.is_empty() {
        page.heading(HeadingLevel::H2, "Glossary");
        for change in &changes.glossary {
            push_glossary_change(&mut page, change);
        }
    }
    if changes.identical() {
        page.start(Tag::Paragraph);
        page.text("No differences.");
        page.end(TagEnd::Paragraph);
    }
    page.finish(links, generator)
}

/// Whether the older (`from`) or newer (`to`) numbers are rules of the exported
/// revision, and so can be links.
#[derive(Clone, Copy)]
struct Side {
    from: bool,
    to: bool,
}

fn push_number(page: &mut Page, links: &Links, linked: bool, number: Option<RuleNumber>) {
    let Some(number) = number else { return };
    let href = linked.then(|| links.href(&number, DIFF_PAGE)).flatten();
    match href {
        Some(href) => page.strong_link(&href, number.short()),
        None => {
            page.start(Tag::Strong);
            page.text(number.short());
            page.end(TagEnd::Strong);
        }
    }
}

fn push_change(page: &mut Page, links: &Links, side: Side, change: &Change) {
    page.raw(format!(
        "<div class=\"change {}\">\n",
        match change.kind {
            Kind::Added => "added",
            Kind::Removed => "removed",
            Kind::Modified => "modified",
            Kind::Renumbered => "renumbered",
        }
    ));
    page.start(Tag::Paragraph);
    match change.kind {
        Kind::Renumbered => {
            push_number(page, links, side.from, change.from);
            page.text(" → ");
            push_number(page, links, side.to, change.to);
        }
        Kind::Removed => push_number(page, links, side.from, change.from),
        Kind::Added | Kind::Modified => push_number(page, links, side.to, change.to),
    }
    let changed_text = change.diff.iter().any(|s| s.op != Op::Equal);
    let wording = if change.wording_only {
        ", wording only"
    } else {
        ""
    };
    let note = match change.kind {
        Kind::Modified => format!("similarity {}{wording}", percent(change.similarity)),
        Kind::Renumbered if changed_text => format!(
            "text changed{wording}, similarity {}",
            percent(change.similarity)
        ),
        Kind::Renumbered => "same text".to_string(),
        Kind::Added => "added".to_string(),
        Kind::Removed => "removed".to_string(),
    };
    page.inline_raw(" <span class=\"meta\">");
    page.text(note);
    page.inline_raw("</span>");
    page.end(TagEnd::Paragraph);
    push_segments(page, &change.diff);
    page.raw("</div>\n");
}

fn push_glossary_change(page: &mut Page, change: &GlossaryChange) {
    page.raw("<div class=\"change\">\n");
    page.start(Tag::Paragraph);
    let term = |t: &Option<String>| t.clone().unwrap_or_default();
    let label = match change.kind {
        GlossaryKind::Renamed => {
            page.start(Tag::Strong);
            page.text(format!("{} → {}", term(&change.from), term(&change.to)));
            page.end(TagEnd::Strong);
            "renamed"
        }
        GlossaryKind::Added | GlossaryKind::Modified | GlossaryKind::Removed => {
            page.start(Tag::Strong);
            page.text(term(if change.kind == GlossaryKind::Removed {
                &change.from
            } else {
                &change.to
            }));
            page.end(TagEnd::Strong);
            match change.kind {
                GlossaryKind::Added => "added",
                GlossaryKind::Removed => "removed",
                _ => "modified",
            }
        }
    };
    page.inline_raw(" <span class=\"meta\">");
    page.text(label);
    page.inline_raw("</span>");
    page.end(TagEnd::Paragraph);
    push_segments(page, &change.diff);
    page.raw("</div>\n");
}

/// Unchanged words kept on each side of a change; a longer unchanged run is cut to
/// this many words at each end, with "…" between, so a one-word change in a long rule
/// is easy to find (the whole rule is a click away).
const CONTEXT_WORDS: usize = 20;

/// A word diff as one paragraph: kept words as text, deleted ones in `<del>`, inserted
/// ones in `<ins>`, line breaks (between a rule's title, text and examples) kept. When
/// the diff changes something, long unchanged runs are shortened.
fn push_segments(page: &mut Page, segments: &[Segment]) {
    let changed = segments.iter().any(|s| s.op != Op::Equal);
    page.raw("<p class=\"diff\">");
    for (i, segment) in segments.iter().enumerate() {
        if segment.op == Op::Equal && changed {
            let (head, tail) = (i > 0, i + 1 < segments.len());
            match elide(&segment.text, head, tail, CONTEXT_WORDS) {
                Some((before, after)) => {
                    push_lines(page, Op::Equal, before);
                    page.inline_raw("<span class=\"elided\">");
                    page.text(" … ");
                    page.inline_raw("</span>");
                    push_lines(page, Op::Equal, after);
                }
                None => push_lines(page, Op::Equal, &segment.text),
            }
        } else {
            push_lines(page, segment.op, &segment.text);
        }
    }
    page.raw("</p>\n");
}

/// A run of one kind, its line breaks kept.
fn push_lines(page: &mut Page, op: Op, text: &str) {
    let mut lines = text.split('\n').peekable();
    while let Some(line) = lines.next() {
        match op {
            Op::Equal => page.text(line.to_string()),
            _ if line.is_empty() => {}
            Op::Delete => {
                page.start(Tag::Strikethrough);
                page.text(line.to_string());
                page.end(TagEnd::Strikethrough);
            }
            Op::Insert => {
                page.inline_raw("<ins>");
                page.text(line.to_string());
                page.inline_raw("</ins>");
            }
        }
        if lines.peek().is_some() {
            page.hard_break();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_unchanged_runs_keep_their_ends_next_to_changes() {
        let words: Vec<String> = (1..=100).map(|i| format!("w{i}")).collect();
        let text = words.join(" ");
        let (before, after) = elide(&text, true, true, CONTEXT_WORDS).unwrap();
        assert_eq!(before, words[..20].join(" "));
        assert_eq!(after, words[80..].join(" "));
        // Before the first change only the end matters, after the last only the start.
        assert_eq!(
            elide(&text, false, true, CONTEXT_WORDS).unwrap(),
            ("", &text[text.find("w81").unwrap()..])
        );
        assert_eq!(elide(&text, true, false, CONTEXT_WORDS).unwrap().1, "");
        // Short runs stay whole.
        assert_eq!(
            elide(&words[..50].join(" "), true, true, CONTEXT_WORDS),
            None
        );
    }
}
