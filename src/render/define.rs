//! Glossary entries for `arbiter define`: the best match in full with the rules it points
//! to, then the other close matches by name.

use std::io::Write;

use colored::Colorize;
use serde_json::json;

use crate::index::glossary::Match;
use crate::model::{Revision, RuleNumber};
use crate::render::Options;

/// Entries scoring this close to the best are shown in full too.
const CLOSE: f32 = 0.02;

pub fn print(
    out: &mut impl Write,
    query: &str,
    revision: &Revision,
    matches: &[Match],
    options: Options,
) -> std::io::Result<()> {
    if options.json {
        writeln!(out, "{:#}", json(query, revision, matches))?;
        return Ok(());
    }
    let Some(best) = matches.first() else {
        writeln!(
            out,
            "no glossary entry of {} matches `{query}`",
            revision.id
        )?;
        return Ok(());
    };
    let (full, others): (Vec<&Match>, Vec<&Match>) =
        matches.iter().partition(|m| m.score + CLOSE >= best.score);
    for (i, m) in full.iter().enumerate() {
        if i > 0 {
            writeln!(out)?;
        }
        let mut name = m.entry.term.clone();
        for alias in &m.entry.aliases {
            name.push_str(", ");
            name.push_str(alias);
        }
        if m.entry.obsolete {
            name.push_str(" (Obsolete)");
        }
        let name = if options.style.color {
            name.bold().to_string()
        } else {
            name
        };
        writeln!(out, "{name}  ({})", revision.id)?;
        for line in m.entry.definition.lines() {
            writeln!(out, "    {line}")?;
        }
        if !m.entry.references.is_empty() {
            writeln!(out, "  See:")?;
            for n in &m.entry.references {
                writeln!(out, "    {:<8} {}", n.short(), summary(revision, n))?;
            }
        }
    }
    if !others.is_empty() {
        let names: Vec<&str> = others.iter().map(|m| m.entry.term.as_str()).collect();
        writeln!(out, "\nAlso close: {}", names.join(", "))?;
    }
    Ok(())
}

/// `define --json`: `{"query", "revision", "entries": [{"term", "aliases", "definition",
/// "obsolete", "score", "references": [{"number", "summary"}]}]}`.
pub fn json(query: &str, revision: &Revision, matches: &[Match]) -> serde_json::Value {
    let entries: Vec<_> = matches
        .iter()
        .map(|m| {
            json!({
                "term": m.entry.term,
                "aliases": m.entry.aliases,
                "definition": m.entry.definition,
                "obsolete": m.entry.obsolete,
                "score": m.score,
                "references": m.entry.references.iter().map(|n| json!({
                    "number": n.short(),
                    "summary": summary(revision, n),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({ "query": query, "revision": revision.id, "entries": entries })
}

/// A rule's title, or the start of its text.
fn summary(revision: &Revision, number: &RuleNumber) -> String {
    let Some(rule) = revision.rule(number) else {
        return "(not in this revision)".to_string();
    };
    if let Some(title) = &rule.title {
        return title.clone();
    }
    start_of(&rule.text, 70)
}

/// The start of `text`, at most `max` characters, cut between words (never mid-word, as
/// `independen…` was: issue #33), with `…` when something was left out.
fn start_of(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max + 1).collect();
    let cut = head
        .rfind(char::is_whitespace)
        .map_or(head.as_str(), |at| &head[..at]);
    // A first word longer than `max` is kept whole rather than left empty.
    let cut = if cut.is_empty() {
        text.split_whitespace().next().unwrap_or_default()
    } else {
        cut
    };
    format!("{}…", cut.trim_end_matches([',', ';', ':']))
}

#[cfg(test)]
mod tests {
    use super::start_of;

    #[test]
    fn a_summary_is_cut_between_words() {
        let text = "Once activated or triggered, an ability exists on the stack independently of its source.";
        let cut = start_of(text, 70);
        assert_eq!(
            cut,
            "Once activated or triggered, an ability exists on the stack…"
        );
        assert!(text.starts_with(cut.trim_end_matches('…')));
        assert_eq!(start_of("Short.", 70), "Short.");
    }
}
