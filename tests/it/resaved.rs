//! The official text re-saved the way people pass the rules around: the whole of a
//! corpus revision, its own bytes decoded and written again by this test (never
//! shipped) as an editor, a browser's "Save page as", a wiki or a mail client would
//! write it, must read as the file itself does: the same rules (numbers, titles, texts,
//! examples), the same glossary entries, the same date, still a whole revision. Where
//! [`pipeline`](super::pipeline) renders excerpts from the model, this keeps every line
//! of the source, header, contents and credits included. A silently wrong reading of
//! any of these shapes (rules or glossary entries lost, merged or run together) fails
//! it. Without the corpus the test prints a notice and returns.

use std::collections::BTreeMap;

use arbiter::model::Revision;
use arbiter::read::{decode::decode, read_checked, ReadOptions};

use crate::common;

/// One way of writing the text again.
struct Shape {
    name: &'static str,
    /// The revisions it is tried on.
    revisions: &'static [&'static str],
    write: fn(&str) -> Vec<u8>,
}

/// Every era: 1999 and 2004 hard-wrapped, 2009's leading spaces, 2016 UTF-16, 2022
/// with a term printed right under the previous definition, 2026 the newest.
const ALL: &[&str] = &[
    "1999-11-01",
    "2004-10-01",
    "2009-10-01",
    "2016-09-30",
    "2022-06-10",
    "2026-01-16",
];
/// The revisions a web page is tried on: 1999's glossary sets its list of expansion
/// symbols apart from the entries around it only by indentation, which the text of a
/// web page does not keep (its items read as entries of their own).
const WEB: &[&str] = &[
    "2004-10-01",
    "2009-10-01",
    "2016-09-30",
    "2022-06-10",
    "2026-01-16",
];
/// The revisions the encodings and line endings are tried on.
const TWO: &[&str] = &["1999-11-01", "2026-01-16"];

const SHAPES: &[Shape] = &[
    Shape {
        name: "UTF-16 BE with a BOM, CRLF",
        revisions: TWO,
        write: |t| utf16(t, true, true, "\r\n"),
    },
    Shape {
        name: "UTF-16 LE without a BOM, CRLF",
        revisions: TWO,
        write: |t| utf16(t, false, false, "\r\n"),
    },
    Shape {
        name: "UTF-32 LE with a BOM",
        revisions: TWO,
        write: |t| {
            let mut out = vec![0xFF, 0xFE, 0, 0];
            out.extend(t.chars().flat_map(|c| (c as u32).to_le_bytes()));
            out
        },
    },
    Shape {
        name: "UTF-32 BE without a BOM",
        revisions: TWO,
        write: |t| t.chars().flat_map(|c| (c as u32).to_be_bytes()).collect(),
    },
    Shape {
        name: "Unicode line separators (U+2028)",
        revisions: TWO,
        write: |t| t.replace('\n', "\u{2028}").into_bytes(),
    },
    Shape {
        name: "classic Mac line ends (CR)",
        revisions: TWO,
        write: |t| t.replace('\n', "\r").into_bytes(),
    },
    Shape {
        name: "LF and CRLF in turn, trailing spaces and tabs, no final newline",
        revisions: TWO,
        write: |t| {
            let lines: Vec<String> = t
                .trim_end()
                .split('\n')
                .enumerate()
                .map(|(i, l)| format!("{l}{}", if i % 3 == 0 { " \t " } else { "" }))
                .collect();
            let mut out = String::new();
            for (i, l) in lines.iter().enumerate() {
                if i > 0 {
                    out.push_str(if i % 2 == 0 { "\r\n" } else { "\n" });
                }
                out.push_str(l);
            }
            out.into_bytes()
        },
    },
    Shape {
        name: "rule numbers with a parenthesis after them (`100.1) These…`, `100.1a) A…`)",
        revisions: TWO,
        write: |t| {
            each_line(t, |l| match split_number(l) {
                Some((n, rest))
                    if n.len() > 4 && n[4..].starts_with(|c: char| c.is_ascii_digit()) =>
                {
                    format!("{}) {rest}", n.trim_end_matches('.'))
                }
                _ => l.to_string(),
            })
        },
    },
    Shape {
        name: "rule numbers without the period after them (`100.1 These…`)",
        revisions: TWO,
        write: |t| {
            each_line(t, |l| match split_number(l) {
                Some((n, rest))
                    if n.ends_with('.')
                        && n.len() > 4
                        && n[..n.len() - 1].ends_with(|c: char| c.is_ascii_digit()) =>
                {
                    format!("{} {rest}", &n[..n.len() - 1])
                }
                _ => l.to_string(),
            })
        },
    },
    Shape {
        name: "every line indented by a tab (a block pasted into a mail)",
        revisions: ALL,
        write: |t| each_line(t, |l| format!("\t{l}")),
    },
    Shape {
        name: "every line quoted (`> `)",
        revisions: ALL,
        write: |t| each_line(t, |l| format!("> {l}")),
    },
    Shape {
        name: "a blank line after every line (line ends doubled)",
        revisions: ALL,
        write: |t| t.replace('\n', "\n\n").into_bytes(),
    },
    Shape {
        name: "its blank lines removed",
        revisions: &["2016-09-30", "2022-06-10", "2026-01-16"],
        write: |t| {
            let lines: Vec<&str> = t.split('\n').filter(|l| !l.trim().is_empty()).collect();
            lines.join("\n").into_bytes()
        },
    },
    Shape {
        name: "hard-wrapped at 72 columns (a mail)",
        revisions: &["2016-09-30", "2022-06-10", "2026-01-16"],
        write: |t| each_line(t, |l| wrap(l, 72)),
    },
    Shape {
        name: "reStructuredText from a converter: headings underlined, `..` comments",
        revisions: ALL,
        write: rst,
    },
    Shape {
        name: "HTML table: a row per paragraph, a number cell beside its text",
        revisions: WEB,
        write: |t| html(t, Html::Table),
    },
    Shape {
        name: "HTML definition list: <dt>number</dt><dd>text</dd>",
        revisions: WEB,
        write: |t| html(t, Html::DefinitionList),
    },
    Shape {
        name: "Markdown: ## headings, a table of rules, a list of glossary entries",
        revisions: WEB,
        write: markdown,
    },
    Shape {
        name: "MediaWiki: == headings ==, '''numbers''', <br />, ; term : definition",
        revisions: WEB,
        write: wiki,
    },
];

fn utf16(text: &str, big_endian: bool, bom: bool, newline: &str) -> Vec<u8> {
    let text = text.replace('\n', newline);
    let mut out = Vec::new();
    let units = bom.then_some(0xfeff).into_iter().chain(text.encode_utf16());
    for unit in units {
        out.extend(if big_endian {
            unit.to_be_bytes()
        } else {
            unit.to_le_bytes()
        });
    }
    out
}

/// Each non-blank line rewritten by `f`, blank lines kept.
fn each_line(text: &str, f: impl Fn(&str) -> String) -> Vec<u8> {
    let lines: Vec<String> = text
        .split('\n')
        .map(|l| {
            if l.trim().is_empty() {
                l.to_string()
            } else {
                f(l)
            }
        })
        .collect();
    lines.join("\n").into_bytes()
}

/// A line broken before the word that would pass `width` columns.
fn wrap(line: &str, width: usize) -> String {
    let mut out = String::new();
    let mut column = 0;
    for word in line.split(' ') {
        let len = word.chars().count();
        if column > 0 && column + 1 + len > width {
            out.push('\n');
            column = 0;
        } else if column > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(word);
        column += len;
    }
    out
}

/// A converter's reStructuredText: a title between `=` lines, a comment, each section
/// heading over `-`, each rule heading (`100. General`) over `~`, the rest as it is.
fn rst(text: &str) -> Vec<u8> {
    let mut out = String::from(
        "===================\nComprehensive Rules\n===================\n\n.. converted from the official text\n\n",
    );
    for line in text.split('\n') {
        out.push_str(line);
        out.push('\n');
        let heading = match split_number(line) {
            Some((n, rest)) if n.len() == 2 && !rest.is_empty() => Some('-'),
            Some((n, rest)) if n.len() == 4 && n.ends_with('.') && rest.len() < 60 => Some('~'),
            _ => None,
        };
        if let Some(mark) = heading.filter(|_| line == line.trim()) {
            out.extend(std::iter::repeat_n(mark, line.chars().count()));
            out.push('\n');
        }
    }
    out.into_bytes()
}

/// The text's paragraphs (runs of non-blank lines), each a list of lines.
fn paragraphs(text: &str) -> Vec<Vec<&str>> {
    let mut out: Vec<Vec<&str>> = vec![Vec::new()];
    for line in text.split('\n') {
        if line.trim().is_empty() {
            if out.last().is_some_and(|p| !p.is_empty()) {
                out.push(Vec::new());
            }
        } else if let Some(p) = out.last_mut() {
            p.push(line.trim_end());
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

/// `303.4c`, `303.4c.`, `303.`, `3.` at the start of a line, and the rest.
fn split_number(line: &str) -> Option<(&str, &str)> {
    let (number, rest) = line.trim_start().split_once(' ')?;
    let bare = number.trim_end_matches('.');
    let (rule, sub) = bare.split_once('.').unwrap_or((bare, ""));
    let sub = sub.trim_end_matches(|c: char| c.is_ascii_lowercase());
    let numeric = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let ok = matches!(rule.len(), 1 | 3)
        && numeric(rule)
        && numeric(sub)
        && (bare.contains('.') || number.ends_with('.'));
    ok.then_some((number, rest))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('’', "&rsquo;")
        .replace('“', "&#8220;")
        .replace('”', "&#x201D;")
}

#[derive(Clone, Copy)]
enum Html {
    Table,
    DefinitionList,
}

/// A saved web page: each paragraph a table row or a `<dt>`/`<dd>` pair, its lines
/// separated by `<br>`.
fn html(text: &str, style: Html) -> Vec<u8> {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Comprehensive Rules</title>\n<script>var x = \"<p>100.1 no</p>\";</script></head>\n<body><nav><a href=\"/\">Home</a></nav>\n",
    );
    out.push_str(match style {
        Html::Table => "<table>\n",
        Html::DefinitionList => "<dl>\n",
    });
    for p in paragraphs(text) {
        let (head, rest): (String, Vec<&str>) = match split_number(p[0]) {
            Some((number, text)) => (
                number.to_string(),
                [text].into_iter().chain(p[1..].iter().copied()).collect(),
            ),
            None => (p[0].trim().to_string(), p[1..].to_vec()),
        };
        let body: Vec<String> = rest.iter().map(|l| escape(l.trim())).collect();
        let body = body.join("<br>");
        let head = escape(&head);
        match (style, body.is_empty()) {
            (Html::Table, true) => {
                out.push_str(&format!("<tr><td colspan=\"2\">{head}</td></tr>\n"))
            }
            (Html::Table, false) => out.push_str(&format!(
                "<tr><td class=\"num\">{head}</td><td>{body}</td></tr>\n"
            )),
            (Html::DefinitionList, true) => out.push_str(&format!("<dt>{head}</dt>\n")),
            (Html::DefinitionList, false) => {
                out.push_str(&format!("<dt id=\"{head}\">{head}</dt>\n<dd>{body}</dd>\n"))
            }
        }
    }
    out.push_str(match style {
        Html::Table => "</table>\n",
        Html::DefinitionList => "</dl>\n",
    });
    out.push_str("<footer>© Wizards of the Coast</footer></body></html>\n");
    out.into_bytes()
}

/// A wiki page: section headings as `== … ==`, rule numbers bold, a paragraph's lines
/// joined by `<br />`, a glossary entry (a paragraph that starts with no number) as a
/// definition list.
fn wiki(text: &str) -> Vec<u8> {
    let mut out = String::from("'''Magic: The Gathering Comprehensive Rules'''\n\n");
    for p in paragraphs(text) {
        let lines: Vec<&str> = p.iter().map(|l| l.trim()).collect();
        match split_number(lines[0]) {
            Some((number, _)) if lines.len() == 1 && number.len() == 2 => {
                out.push_str(&format!("== {} ==\n\n", lines[0]));
            }
            Some((number, rest)) => {
                let more = lines[1..].iter().map(|l| format!("<br />{l}"));
                out.push_str(&format!(
                    "'''{number}''' {rest}{}\n\n",
                    more.collect::<String>()
                ));
            }
            None if lines.len() > 1 => {
                out.push_str(&format!("; {}\n", lines[0]));
                for l in &lines[1..] {
                    out.push_str(&format!(": {l}\n"));
                }
                out.push('\n');
            }
            None => out.push_str(&format!("{}\n\n", lines[0])),
        }
    }
    out.into_bytes()
}

/// A Markdown export: each section a heading over a table of its rules (a row per line,
/// the number in a cell of its own), each glossary entry a list item
/// (`- **Term**: definition`, its further lines indented under it).
fn markdown(text: &str) -> Vec<u8> {
    let mut out = String::from("# Comprehensive Rules\n\n");
    let mut glossary = false;
    for p in paragraphs(text) {
        let lines: Vec<&str> = p.iter().map(|l| l.trim()).collect();
        if lines[0] == "Glossary" && lines.len() == 1 {
            glossary = true;
            out.push_str("## Glossary\n\n");
            continue;
        }
        if lines[0] == "Credits" {
            glossary = false;
        }
        if glossary && lines.len() > 1 {
            out.push_str(&format!("- **{}**: {}\n", lines[0], lines[1]));
            for line in &lines[2..] {
                out.push_str(&format!("  {line}\n"));
            }
            continue;
        }
        out.push('\n');
        for line in lines {
            match split_number(line) {
                Some((n, rest)) if n.len() == 2 && !rest.is_empty() => {
                    out.push_str(&format!("## {line}\n\n| Rule | Text |\n|---|---|\n"))
                }
                Some((n, rest)) => {
                    out.push_str(&format!("| {n} | {} |\n", rest.replace('|', "\\|")))
                }
                None => out.push_str(&format!("| | {} |\n", line.replace('|', "\\|"))),
            }
        }
    }
    out.into_bytes()
}

/// Runs of white space as one.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How a reading differs from the plain file's, one line each (at most `limit`).
fn differences(plain: &Revision, shaped: &Revision, limit: usize) -> Vec<String> {
    let mut out = Vec::new();
    if (plain.date, plain.complete) != (shaped.date, shaped.complete) {
        out.push(format!(
            "read as {} (whole: {}), the file itself as {} (whole: {})",
            shaped.date, shaped.complete, plain.date, plain.complete
        ));
    }
    for (number, rule) in &plain.rules {
        let Some(other) = shaped.rules.get(number) else {
            out.push(format!("rule {number} is missing"));
            continue;
        };
        let seen = |r: &arbiter::model::Rule| {
            (
                r.title.as_deref().map(squeeze),
                squeeze(&r.text),
                r.examples.iter().map(|e| squeeze(e)).collect::<Vec<_>>(),
            )
        };
        if seen(rule) != seen(other) {
            out.push(format!(
                "rule {number} reads {:?}, the file itself {:?}",
                seen(other),
                seen(rule)
            ));
        }
    }
    for number in shaped.rules.keys().filter(|n| !plain.rules.contains_key(n)) {
        out.push(format!("rule {number} is extra"));
    }
    let entries = |r: &Revision| -> BTreeMap<String, (String, Vec<String>, bool)> {
        r.glossary
            .iter()
            .map(|g| {
                let entry = (squeeze(&g.definition), g.aliases.clone(), g.obsolete);
                (g.term.clone(), entry)
            })
            .collect()
    };
    let (want, got) = (entries(plain), entries(shaped));
    if plain.glossary.len() != shaped.glossary.len() {
        out.push(format!(
            "{} glossary entries, the file itself {}",
            shaped.glossary.len(),
            plain.glossary.len()
        ));
    }
    for (term, entry) in &want {
        match got.get(term) {
            None => out.push(format!("glossary entry {term:?} is missing")),
            Some(other) if other != entry => out.push(format!(
                "glossary entry {term:?} reads {other:?}, the file itself {entry:?}"
            )),
            Some(_) => {}
        }
    }
    for term in got.keys().filter(|t| !want.contains_key(*t)) {
        out.push(format!("glossary entry {term:?} is extra"));
    }
    let more = out.len().saturating_sub(limit);
    out.truncate(limit);
    if more > 0 {
        out.push(format!("… and {more} more"));
    }
    out
}

#[test]
fn the_official_text_re_saved_in_other_shapes_reads_as_the_file_itself() {
    let Some(dir) = common::corpus_dir() else {
        eprintln!(
            "NOTICE: ../shared/corpus (or $ARBITER_CORPUS) is absent; the re-saved shapes were not checked"
        );
        return;
    };
    let options = ReadOptions::default();
    let mut failures = Vec::new();
    let mut tried = 0;
    for date in ALL {
        let path = dir.join(format!("cr-{date}.txt"));
        let Ok(bytes) = std::fs::read(&path) else {
            failures.push(format!("{}: missing from the corpus", path.display()));
            continue;
        };
        let name = path.display().to_string();
        let plain = match read_checked(&name, &bytes, &options) {
            Ok(c) => c.revision,
            Err(e) => {
                failures.push(format!("{e}"));
                continue;
            }
        };
        let text = decode(&bytes).text;
        for shape in SHAPES.iter().filter(|s| s.revisions.contains(date)) {
            tried += 1;
            let shaped = (shape.write)(&text);
            let label = format!("{date} as {}", shape.name);
            match read_checked(&label, &shaped, &options) {
                Ok(c) => failures.extend(
                    differences(&plain, &c.revision, 6)
                        .into_iter()
                        .map(|d| format!("{label}: {d}")),
                ),
                Err(e) => failures.push(format!("refused: {e}")),
            }
        }
    }
    eprintln!(
        "{tried} re-saved revisions read, {} differences",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
