//! `arbiter cite-check`'s output: `file:line:col: kind: message`, grouped by file, like a
//! compiler's; or one JSON document.

use colored::Colorize as _;
use serde::Serialize;

use crate::citations::finder::{Concept, Verdict};

use super::Style;

/// One finding, located.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub path: String,
    pub line: usize,
    pub column: usize,
    pub kind: &'static str,
    /// The number cited (none for a concept).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
}

/// The message of a citation's verdict, in the words of the revisions involved.
pub fn message(number: &str, verdict: &Verdict, to: &str) -> String {
    match verdict {
        Verdict::Nonexistent { nearest } => {
            let near: Vec<String> = nearest.iter().map(|n| n.short()).collect();
            if near.is_empty() {
                format!("rule {number} does not exist in {to}")
            } else {
                format!(
                    "rule {number} does not exist in {to}; nearest: {}",
                    near.join(", ")
                )
            }
        }
        Verdict::Renumbered { new, moved_in } => format!(
            "rule {number} is rule {} in {to} (renumbered in {moved_in})",
            new.short()
        ),
        Verdict::Removed { last } => {
            format!("rule {number} was last in {last} and has no counterpart in {to}")
        }
    }
}

/// The message of a quotation that is not the cited rule's text.
pub fn misquoted_message(number: &str, to: &str, closest: Option<&str>) -> String {
    match closest {
        Some(sentence) => format!(
            "the quotation is not the text of rule {number} in {to}; closest: \"{sentence}\""
        ),
        None => format!("the quotation is not the text of rule {number} in {to}"),
    }
}

/// The message of an obsolete concept: when it left, what replaced it, and where the
/// newest rules say so.
pub fn obsolete_message(concept: &Concept) -> String {
    let when = match concept.glossary {
        Some(entry) => format!(
            "obsolete since {} (glossary: \"{entry} (Obsolete)\")",
            concept.gone
        ),
        None => format!("gone from the rules on {}", concept.gone),
    };
    let rule = concept
        .rule
        .map_or_else(String::new, |r| format!(" (rule {r})"));
    format!(
        "{}: {when}; now {}{rule}",
        concept.name, concept.replaced_by
    )
}

/// The findings (sorted by file, then position), and a summary line.
pub fn terminal(findings: &[Finding], files: usize, style: Style) -> String {
    let mut out = String::new();
    let mut last_path: Option<&str> = None;
    for f in findings {
        if last_path.is_some_and(|p| p != f.path) {
            out.push('\n');
        }
        last_path = Some(&f.path);
        let place = format!("{}:{}:{}:", f.path, f.line, f.column);
        let kind = format!("{}:", f.kind);
        if style.color {
            out.push_str(&format!(
                "{} {} {}\n",
                place.bold(),
                match f.kind {
                    "nonexistent" => kind.red().bold(),
                    "misquoted" => kind.magenta().bold(),
                    "obsolete" => kind.cyan().bold(),
                    _ => kind.yellow().bold(),
                },
                f.message
            ));
        } else {
            out.push_str(&format!("{place} {kind} {}\n", f.message));
        }
    }
    if !findings.is_empty() {
        out.push('\n');
    }
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for f in findings {
        match kinds.iter_mut().find(|(k, _)| *k == f.kind) {
            Some((_, n)) => *n += 1,
            None => kinds.push((f.kind, 1)),
        }
    }
    kinds.sort();
    let counts: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} {k}")).collect();
    out.push_str(&format!(
        "{} finding{} in {files} file{}{}\n",
        findings.len(),
        if findings.len() == 1 { "" } else { "s" },
        if files == 1 { "" } else { "s" },
        if counts.is_empty() {
            String::new()
        } else {
            format!(" ({})", counts.join(", "))
        }
    ));
    out
}

/// One JSON document: the revisions and every finding.
pub fn json(findings: &[Finding], files: usize, to: &str, as_of: Option<&str>) -> String {
    let doc = serde_json::json!({
        "to": to,
        "as_of": as_of,
        "files": files,
        "findings": findings,
    });
    format!("{doc:#}")
}
