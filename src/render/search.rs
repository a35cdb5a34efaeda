//! Search results for people (each family's best hit: number, revisions, its title or its
//! parent's, a snippet with the matching words highlighted when colour is on, the other
//! members found) and for programs (`--json`), written to any writer.

use std::io::Write;

use colored::Colorize;
use serde::Serialize;

use crate::index::{Answers, Family, Snippet};

/// What a search found, ready to render.
#[derive(Debug, Clone, Copy)]
pub struct Results<'a> {
    pub query: &'a str,
    pub all_revisions: bool,
    pub answers: &'a Answers,
    /// A glossary term the words name, when no rule matched them.
    pub define: Option<&'a str>,
}

/// Writes the results: one JSON document, or each family's best hit (number, revisions,
/// title, snippet) with the numbers of the other members found.
pub fn print(
    out: &mut dyn Write,
    results: &Results,
    json: bool,
    color: bool,
) -> std::io::Result<()> {
    if json {
        let doc = serde_json::to_string_pretty(&to_json(results)).unwrap_or_default();
        return writeln!(out, "{doc}");
    }
    if results.answers.lenient {
        crate::output::eprintln(
            "arbiter: the query is not valid query syntax or matched nothing as such; searched its words instead",
        );
    }
    if !results.answers.respelt.is_empty() {
        let read: Vec<String> = results
            .answers
            .respelt
            .iter()
            .map(|(typed, read)| format!("“{typed}” as “{read}”"))
            .collect();
        let them = if read.len() == 1 { "it" } else { "them" };
        crate::output::eprintln(format!(
            "arbiter: searched {} (no rule says {them})",
            read.join(", ")
        ));
    }
    for (term, definition) in &results.answers.obsolete {
        crate::output::eprintln(format!(
            "arbiter: “{term}” is an obsolete term: {} (`arbiter define {}`)",
            definition.lines().next().unwrap_or_default(),
            term.to_lowercase()
        ));
    }
    if results.answers.families.is_empty() {
        let mut shown: String = results.query.chars().take(80).collect();
        if shown.len() < results.query.len() {
            shown.push('…');
        }
        writeln!(out, "no rule matches `{shown}`")?;
        if let Some(term) = results.define {
            writeln!(
                out,
                "the glossary defines “{term}”: try `arbiter define {}`",
                term.to_lowercase()
            )?;
        }
        return Ok(());
    }
    for family in &results.answers.families {
        writeln!(out, "{}", heading(family, color))?;
        // A title rule has no text of its own: show its first subrule found, numbered.
        let shown = if family.best.snippet.text.is_empty() {
            family
                .others
                .iter()
                .filter(|h| !h.snippet.text.is_empty())
                .min_by_key(|h| h.number)
        } else {
            Some(&family.best)
        };
        match shown {
            Some(hit) if hit.number != family.best.number => writeln!(
                out,
                "    {}: {}",
                hit.number.short(),
                snippet(&hit.snippet, color)
            )?,
            Some(hit) => writeln!(out, "    {}", snippet(&hit.snippet, color))?,
            None => {}
        }
        if !family.others.is_empty() {
            let others: Vec<String> = family.others.iter().map(|h| h.number.short()).collect();
            writeln!(out, "    also {}", others.join(", "))?;
        }
    }
    Ok(())
}

/// `704.5j  2017-09-29 … 2026-04-17 (41 revisions)  Title`.
fn heading(family: &Family, color: bool) -> String {
    let number = family.best.number.short();
    let revisions = revision_span(&family.revisions);
    let mut s = if color {
        format!("{}  {}", number.bold(), revisions.dimmed())
    } else {
        format!("{number}  {revisions}")
    };
    if let Some(title) = &family.best.title {
        s.push_str("  ");
        s.push_str(title);
    }
    s
}

/// One revision's id, or the first and last of several with how many.
pub fn revision_span(revisions: &[String]) -> String {
    match revisions {
        [] => String::new(),
        [one] => one.clone(),
        [first, .., last] => format!("{first} … {last} ({} revisions)", revisions.len()),
    }
}

/// The snippet on one line, its matches highlighted when colour is on.
pub fn snippet(snippet: &Snippet, color: bool) -> String {
    let text = &snippet.text;
    let mut s = String::new();
    let mut at = 0;
    for range in &snippet.highlights {
        let (Some(before), Some(word)) = (text.get(at..range.start), text.get(range.clone()))
        else {
            continue;
        };
        s.push_str(before);
        if color {
            s.push_str(&word.yellow().bold().to_string());
        } else {
            s.push_str(word);
        }
        at = range.end;
    }
    s.push_str(text.get(at..).unwrap_or_default());
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `--json`: `{"query","hits":[{"revision","number","title","score","snippet","text",
/// "also"}]}`, each hit with `"revisions"` too under `--all-revisions`, and
/// `"respelt":[{"typed","read"}]` when a word no rule says was read as one a rule does.
#[derive(Serialize)]
struct JsonResults<'a> {
    query: &'a str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    respelt: Vec<JsonRespelt<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    obsolete: Vec<JsonObsolete<'a>>,
    hits: Vec<JsonHit<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    define: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonRespelt<'a> {
    typed: &'a str,
    read: &'a str,
}

#[derive(Serialize)]
struct JsonObsolete<'a> {
    term: &'a str,
    definition: &'a str,
}

#[derive(Serialize)]
struct JsonHit<'a> {
    revision: &'a str,
    number: String,
    title: Option<&'a str>,
    score: f32,
    snippet: &'a str,
    text: &'a str,
    also: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    revisions: Option<&'a [String]>,
}

/// `search --json`: `{"query", "respelt", "hits": [{"revision", "number", "title",
/// "score", "snippet", "text", "also", "revisions"}], "define"}`.
pub fn json(results: &Results) -> serde_json::Value {
    serde_json::to_value(to_json(results)).unwrap_or_default()
}

fn to_json<'a>(results: &Results<'a>) -> JsonResults<'a> {
    let hits = results
        .answers
        .families
        .iter()
        .map(|f| JsonHit {
            revision: &f.best.revision,
            number: f.best.number.short(),
            title: f.best.title.as_deref(),
            score: f.best.score,
            snippet: &f.best.snippet.text,
            text: &f.best.text,
            also: f.others.iter().map(|h| h.number.short()).collect(),
            revisions: results.all_revisions.then_some(f.revisions.as_slice()),
        })
        .collect();
    JsonResults {
        query: results.query,
        respelt: results
            .answers
            .respelt
            .iter()
            .map(|(typed, read)| JsonRespelt { typed, read })
            .collect(),
        obsolete: results
            .answers
            .obsolete
            .iter()
            .map(|(term, definition)| JsonObsolete { term, definition })
            .collect(),
        hits,
        define: results.define,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_name_the_first_and_last_revision() {
        let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(revision_span(&ids(&["2026-04-17"])), "2026-04-17");
        assert_eq!(
            revision_span(&ids(&["2017-09-29", "2018-01-19", "2026-04-17"])),
            "2017-09-29 … 2026-04-17 (3 revisions)"
        );
    }

    #[test]
    fn snippets_without_colour_have_no_markers() {
        let s = Snippet {
            text: "play one land\n during".into(),
            highlights: std::iter::once(9..13).collect(),
        };
        assert_eq!(snippet(&s, false), "play one land during");
    }
}
