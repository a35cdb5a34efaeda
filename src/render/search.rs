//! Search results for people (number, revision, title, a snippet with the matching words
//! highlighted when colour is on) and for programs (`--json`).

use std::io::Write;

use colored::Colorize;
use serde::Serialize;

use crate::commands::search::{Group, Results};
use crate::commands::Context;
use crate::index::Snippet;

pub fn print(results: &Results, ctx: &Context) -> std::io::Result<()> {
    let mut out = crate::output::stdout();
    if ctx.json {
        let doc = serde_json::to_string_pretty(&to_json(results)).unwrap_or_default();
        writeln!(out, "{doc}")?;
        return Ok(());
    }
    if results.lenient {
        crate::output::eprintln(format_args!(
            "arbiter: the query is not valid query syntax; searched its words instead"
        ));
    }
    if results.groups.is_empty() {
        writeln!(out, "no rule matches `{}`", results.query)?;
        return Ok(());
    }
    for group in &results.groups {
        writeln!(out, "{}", heading(group, ctx.style.color))?;
        writeln!(out, "    {}", snippet(&group.hit.snippet, ctx.style.color))?;
    }
    Ok(())
}

/// `704.5j  2017-09-29 … 2026-04-17 (41 revisions)  Title`.
fn heading(group: &Group, color: bool) -> String {
    let number = group.hit.number.short();
    let revisions = revision_span(&group.revisions);
    let mut s = if color {
        format!("{}  {}", number.bold(), revisions.dimmed())
    } else {
        format!("{number}  {revisions}")
    };
    if let Some(title) = &group.hit.title {
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

/// `--json`: `{"query","hits":[{"revision","number","score","snippet","text"}]}`, each
/// hit with `"revisions"` too under `--all-revisions`.
#[derive(Serialize)]
struct JsonResults<'a> {
    query: &'a str,
    hits: Vec<JsonHit<'a>>,
}

#[derive(Serialize)]
struct JsonHit<'a> {
    revision: &'a str,
    number: String,
    score: f32,
    snippet: &'a str,
    text: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    revisions: Option<&'a [String]>,
}

fn to_json(results: &Results) -> JsonResults<'_> {
    let hits = results
        .groups
        .iter()
        .map(|g| JsonHit {
            revision: &g.hit.revision,
            number: g.hit.number.short(),
            score: g.hit.score,
            snippet: &g.hit.snippet.text,
            text: &g.hit.text,
            revisions: results.all_revisions.then_some(g.revisions.as_slice()),
        })
        .collect();
    JsonResults {
        query: &results.query,
        hits,
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
