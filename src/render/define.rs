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
    let text: String = rule.text.chars().take(70).collect();
    if text.len() < rule.text.len() {
        format!("{text}…")
    } else {
        text
    }
}
