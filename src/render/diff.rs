//! How `arbiter diff` and `arbiter history` show changes: a terminal report grouped by
//! section, a Markdown change summary, and word diffs inline. Text is first built as
//! [`Piece`]s (what each run of text is), then painted with or without colour, so the
//! same report is tested without escape codes; without colour, deletions read `[-…-]` and
//! insertions `{+…+}`, as `wdiff` writes them.

use std::fmt::Write as _;

use colored::Colorize;

use crate::diff::{Change, Changes, GlossaryChange, GlossaryKind, Kind, Op, Segment};
use crate::model::RuleNumber;

use super::Style;

/// What a run of report text is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    Plain,
    Heading,
    /// A rule number or a glossary term.
    Number,
    /// A change's kind and similarity.
    Note,
    Deleted,
    Inserted,
}

/// Report text as runs of pieces.
#[derive(Debug, Default)]
pub struct Styled {
    runs: Vec<(Piece, String)>,
}

impl Styled {
    pub fn push(&mut self, piece: Piece, text: impl Into<String>) {
        self.runs.push((piece, text.into()));
    }

    /// The text, coloured or with plain-text markers.
    pub fn paint(&self, style: Style) -> String {
        let mut out = String::new();
        for (piece, text) in &self.runs {
            if style.color {
                let painted = match piece {
                    Piece::Plain => text.normal(),
                    Piece::Heading => text.bold(),
                    Piece::Number => text.bold().cyan(),
                    Piece::Note => text.dimmed(),
                    Piece::Deleted => text.red().strikethrough(),
                    Piece::Inserted => text.green().underline(),
                };
                let _ = write!(out, "{painted}");
            } else {
                match piece {
                    Piece::Deleted => {
                        let _ = write!(out, "[-{text}-]");
                    }
                    Piece::Inserted => {
                        let _ = write!(out, "{{+{text}+}}");
                    }
                    _ => out.push_str(text),
                }
            }
        }
        out
    }
}

/// Unchanged words the terminal keeps on each side of a change in a modified rule.
const CONTEXT_WORDS: usize = 6;

/// The first `context` words of `text` (when `head`, it follows a change) and its last
/// `context` words (when `tail`, a change follows), if leaving out the middle saves much.
pub(crate) fn elide(text: &str, head: bool, tail: bool, context: usize) -> Option<(&str, &str)> {
    // Where each word starts.
    let starts: Vec<usize> = text
        .char_indices()
        .filter(|&(i, c)| {
            !c.is_whitespace()
                && text[..i]
                    .chars()
                    .next_back()
                    .is_none_or(char::is_whitespace)
        })
        .map(|(i, _)| i)
        .collect();
    let keep = context * (usize::from(head) + usize::from(tail));
    if starts.len() <= keep + context {
        return None;
    }
    let cut_from = if head {
        text[..starts[context]].trim_end().len()
    } else {
        0
    };
    let cut_to = if tail {
        starts[starts.len() - context]
    } else {
        text.len()
    };
    Some((&text[..cut_from], &text[cut_to..]))
}

/// A word diff whose long unchanged runs are cut to `context` words either side of each
/// change, with " … " between (a diff that changes nothing is kept whole).
pub(crate) fn in_context(segments: &[Segment], context: usize) -> Vec<Segment> {
    if segments.iter().all(|s| s.op == Op::Equal) {
        return segments.to_vec();
    }
    let mut out = Vec::with_capacity(segments.len() + 2);
    for (i, segment) in segments.iter().enumerate() {
        let (head, tail) = (i > 0, i + 1 < segments.len());
        match (segment.op, elide(&segment.text, head, tail, context)) {
            (Op::Equal, Some((before, after))) => out.push(Segment {
                op: Op::Equal,
                text: match (before.is_empty(), after.is_empty()) {
                    (true, _) => format!("… {}", after.trim_start()),
                    (_, true) => format!("{} …", before.trim_end()),
                    _ => format!("{before} … {after}"),
                },
            }),
            _ => out.push(segment.clone()),
        }
    }
    out
}

fn number(n: Option<RuleNumber>) -> String {
    n.map(|n| n.short()).unwrap_or_default()
}

/// Pushes a word diff, each line of it indented.
pub fn push_diff(out: &mut Styled, segments: &[Segment], indent: &str) {
    out.push(Piece::Plain, indent);
    for segment in segments {
        let piece = match segment.op {
            Op::Equal => Piece::Plain,
            Op::Delete => Piece::Deleted,
            Op::Insert => Piece::Inserted,
        };
        // A marker must not span lines: split at each line break and indent anew.
        let mut lines = segment.text.split('\n').peekable();
        while let Some(line) = lines.next() {
            if !line.is_empty() {
                out.push(piece, line);
            }
            if lines.peek().is_some() {
                out.push(Piece::Plain, format!("\n{indent}"));
            }
        }
    }
    out.push(Piece::Plain, "\n");
}

pub(crate) fn summary_line(changes: &Changes) -> String {
    let s = &changes.summary;
    let modified = if s.wording_only > 0 {
        format!(
            "{} modified ({} in wording only)",
            s.modified, s.wording_only
        )
    } else {
        format!("{} modified", s.modified)
    };
    let mut parts = vec![
        modified,
        format!("{} renumbered", s.renumbered),
        format!("{} added", s.added),
        format!("{} removed", s.removed),
        format!("{} unchanged", s.unchanged),
    ];
    if s.folded > 0 {
        parts.push(format!("{} wording changes folded", s.folded));
    }
    parts.join(", ")
}

pub(crate) fn glossary_line(changes: &Changes) -> Option<String> {
    let g = &changes.summary.glossary;
    if changes.glossary.is_empty() && g.folded == 0 {
        return None;
    }
    let mut parts = vec![
        format!("{} modified", g.modified),
        format!("{} renamed", g.renamed),
        format!("{} added", g.added),
        format!("{} removed", g.removed),
        format!("{} unchanged", g.unchanged),
    ];
    if g.folded > 0 {
        parts.push(format!("{} wording changes folded", g.folded));
    }
    Some(parts.join(", "))
}

/// The sections changes fall in, in order, each with its changes.
pub(crate) fn by_section(changes: &Changes) -> Vec<(u8, String, Vec<&Change>)> {
    let mut groups: Vec<(u8, String, Vec<&Change>)> = Vec::new();
    for change in &changes.changes {
        let section = change.number().map(|n| n.section_number()).unwrap_or(0);
        match groups.iter_mut().find(|g| g.0 == section) {
            Some(g) => g.2.push(change),
            None => {
                let title = changes
                    .sections
                    .iter()
                    .find(|s| s.number == section)
                    .map(|s| s.title.clone())
                    .unwrap_or_default();
                groups.push((section, title, vec![change]));
            }
        }
    }
    groups.sort_by_key(|g| g.0);
    groups
}

pub(crate) const KINDS: [(Kind, &str); 4] = [
    (Kind::Modified, "Modified"),
    (Kind::Renumbered, "Renumbered"),
    (Kind::Added, "Added"),
    (Kind::Removed, "Removed"),
];

/// The terminal report: a headline with counts, then each section's changes by kind.
pub fn terminal(changes: &Changes, style: Style) -> String {
    let mut out = Styled::default();
    out.push(
        Piece::Heading,
        format!("Changes from {} to {}\n", changes.from, changes.to),
    );
    if let Some(note) = changes
        .summary
        .coverage
        .as_ref()
        .and_then(|c| c.note.as_ref())
    {
        out.push(Piece::Note, format!("{note}\n"));
    }
    out.push(Piece::Plain, format!("Rules: {}\n", summary_line(changes)));
    if let Some(line) = glossary_line(changes) {
        out.push(Piece::Plain, format!("Glossary: {line}\n"));
    }
    for (section, title, group) in by_section(changes) {
        out.push(Piece::Heading, format!("\n{section}. {title}\n"));
        for (kind, label) in KINDS {
            let of_kind: Vec<&Change> = group.iter().copied().filter(|c| c.kind == kind).collect();
            if of_kind.is_empty() {
                continue;
            }
            out.push(Piece::Heading, format!("  {label} ({})\n", of_kind.len()));
            for run in same_text_runs(&of_kind) {
                match run {
                    [one] => push_change(&mut out, one),
                    _ => push_renumbered_run(&mut out, run),
                }
            }
        }
    }
    if !changes.glossary.is_empty() {
        out.push(Piece::Heading, "\nGlossary\n");
        for change in &changes.glossary {
            push_glossary_change(&mut out, change);
        }
    }
    if changes.identical() {
        out.push(Piece::Plain, "\nNo differences.\n");
    }
    out.paint(style)
}

/// The changes in runs: consecutive renumberings that kept their text form one run
/// (420.5a–420.5e → 704.5a–704.5e: the list is in order of the new numbers, so a run is
/// a stretch of the rules that moved as a block); every other change is a run of its own.
fn same_text_runs<'c>(changes: &'c [&'c Change]) -> Vec<&'c [&'c Change]> {
    let same_text =
        |c: &Change| c.kind == Kind::Renumbered && c.diff.iter().all(|s| s.op == Op::Equal);
    let mut runs = Vec::new();
    let mut start = 0;
    for i in 1..=changes.len() {
        let joins = i < changes.len() && same_text(changes[i]) && same_text(changes[i - 1]);
        if !joins {
            runs.push(&changes[start..i]);
            start = i;
        }
    }
    runs
}

/// A run of same-text renumberings on one line: `420.5a–420.5e → 704.5a–704.5e`.
fn push_renumbered_run(out: &mut Styled, run: &[&Change]) {
    let (first, last) = (run[0], run[run.len() - 1]);
    out.push(Piece::Plain, "    ");
    out.push(
        Piece::Number,
        format!("{}–{}", number(first.from), number(last.from)),
    );
    out.push(Piece::Plain, " → ");
    out.push(
        Piece::Number,
        format!("{}–{}", number(first.to), number(last.to)),
    );
    out.push(Piece::Note, format!("  same text ({} rules)\n", run.len()));
}

fn push_change(out: &mut Styled, change: &Change) {
    out.push(Piece::Plain, "    ");
    match change.kind {
        Kind::Renumbered => {
            out.push(Piece::Number, number(change.from));
            out.push(Piece::Plain, " → ");
            out.push(Piece::Number, number(change.to));
        }
        _ => out.push(Piece::Number, number(change.number())),
    }
    let changed_text = change.diff.iter().any(|s| s.op != Op::Equal);
    let wording = if change.wording_only {
        ", wording only"
    } else {
        ""
    };
    let note = match change.kind {
        Kind::Modified => format!("  similarity {}{wording}", percent(change.similarity)),
        Kind::Renumbered if changed_text => {
            format!(
                "  text changed{wording}, similarity {}",
                percent(change.similarity)
            )
        }
        Kind::Renumbered => "  same text".to_string(),
        Kind::Added | Kind::Removed => String::new(),
    };
    out.push(Piece::Note, format!("{note}\n"));
    match change.kind {
        Kind::Renumbered if !changed_text => {}
        _ => push_diff(out, &in_context(&change.diff, CONTEXT_WORDS), "        "),
    }
}

/// A similarity to two decimals, rounded down: a changed text never shows as 1.00.
pub(crate) fn percent(similarity: f32) -> String {
    format!("{:.2}", (similarity * 100.0).floor() / 100.0)
}

fn push_glossary_change(out: &mut Styled, change: &GlossaryChange) {
    out.push(Piece::Plain, "    ");
    let term = |t: &Option<String>| t.clone().unwrap_or_default();
    let label = match change.kind {
        GlossaryKind::Renamed => {
            out.push(Piece::Number, term(&change.from));
            out.push(Piece::Plain, " → ");
            out.push(Piece::Number, term(&change.to));
            "renamed"
        }
        GlossaryKind::Added => {
            out.push(Piece::Number, term(&change.to));
            "added"
        }
        GlossaryKind::Removed => {
            out.push(Piece::Number, term(&change.from));
            "removed"
        }
        GlossaryKind::Modified => {
            out.push(Piece::Number, term(&change.to));
            "modified"
        }
    };
    out.push(Piece::Note, format!("  {label}\n"));
    push_diff(out, &change.diff, "        ");
}

/// Markdown-special characters escaped, so rule text prints as written.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '*' | '_' | '~' | '`' | '[' | ']' | '<' | '>' | '#' | '|' | '\\'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A word diff in Markdown: deletions struck through, insertions in bold.
fn markdown_diff(segments: &[Segment]) -> String {
    let mut out = String::new();
    for segment in segments {
        for (k, line) in segment.text.split('\n').enumerate() {
            if k > 0 {
                out.push_str("<br>");
            }
            let core = line.trim();
            if core.is_empty() {
                out.push_str(line);
                continue;
            }
            // Emphasis markers must hug the words: keep surrounding spaces outside.
            let lead = &line[..line.len() - line.trim_start().len()];
            let trail = &line[line.trim_end().len()..];
            let body = escape(core);
            match segment.op {
                Op::Equal => out.push_str(&format!("{lead}{body}{trail}")),
                Op::Delete => out.push_str(&format!("{lead}~~{body}~~{trail}")),
                Op::Insert => out.push_str(&format!("{lead}**{body}**{trail}")),
            }
        }
    }
    out
}

/// A change summary a person could publish: per section, per kind, one bullet per rule.
pub fn markdown(changes: &Changes) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Comprehensive Rules: changes from {} to {}\n",
        changes.from, changes.to
    );
    if let Some(note) = changes
        .summary
        .coverage
        .as_ref()
        .and_then(|c| c.note.as_ref())
    {
        let _ = writeln!(out, "_{}_\n", escape(note));
    }
    let _ = writeln!(out, "Rules: {}.", summary_line(changes));
    if let Some(line) = glossary_line(changes) {
        let _ = writeln!(out, "Glossary: {line}.");
    }
    let _ = writeln!(
        out,
        "\nDeleted words are ~~struck through~~; new words are **in bold**."
    );
    for (section, title, group) in by_section(changes) {
        let _ = writeln!(out, "\n## {section}. {}", escape(&title));
        for (kind, label) in KINDS {
            let of_kind: Vec<&Change> = group.iter().copied().filter(|c| c.kind == kind).collect();
            if of_kind.is_empty() {
                continue;
            }
            let _ = writeln!(out, "\n### {label}\n");
            for change in of_kind {
                let head = match change.kind {
                    Kind::Renumbered => {
                        format!("**{} → {}**", number(change.from), number(change.to))
                    }
                    _ => format!("**{}**", number(change.number())),
                };
                let body = match change.kind {
                    Kind::Added | Kind::Removed => change
                        .diff
                        .iter()
                        .map(|s| escape(&s.text).replace('\n', "<br>"))
                        .collect(),
                    _ => markdown_diff(&change.diff),
                };
                let wording = if change.wording_only {
                    " _(wording only)_"
                } else {
                    ""
                };
                let _ = writeln!(out, "- {head}{wording}: {body}");
            }
        }
    }
    if !changes.glossary.is_empty() {
        let _ = writeln!(out, "\n## Glossary\n");
        for change in &changes.glossary {
            let term = |t: &Option<String>| escape(&t.clone().unwrap_or_default());
            let head = match change.kind {
                GlossaryKind::Renamed => {
                    format!(
                        "**{}** (renamed from {})",
                        term(&change.to),
                        term(&change.from)
                    )
                }
                GlossaryKind::Added => format!("**{}** (added)", term(&change.to)),
                GlossaryKind::Removed => format!("**{}** (removed)", term(&change.from)),
                GlossaryKind::Modified => format!("**{}**", term(&change.to)),
            };
            let _ = writeln!(out, "- {head}: {}", markdown_diff(&change.diff));
        }
    }
    if changes.identical() {
        let _ = writeln!(out, "\nNo differences.");
    }
    out
}

/// The JSON document: `{"from","to","changes":[…],"glossary":[…],"summary":{…}}`.
pub fn json(changes: &Changes) -> String {
    serde_json::to_string_pretty(changes).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}
