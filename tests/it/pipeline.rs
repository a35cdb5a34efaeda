//! The reading pipeline as a property: sections and glossaries of many corpus revisions,
//! re-rendered (by this test's own generator, never shipped) into the shapes the rules
//! circulate in, each with the damage that shape really carries, must read back rule for
//! rule to the official reading — numbers, titles, texts, examples, references, glossary
//! terms and definitions — or be refused with a message that names the shape. A wrong
//! number (a rule read under a number the official reading does not give it) is never
//! allowed. Texts are compared with runs of spaces as one (an HTML copy can't keep the
//! official text's few double spaces). Run with `--nocapture` to see the exact-match rate of each shape. Without
//! the corpus the test prints a notice and returns.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use arbiter::model::{GlossaryEntry, Revision, Rule, RuleNumber};
use arbiter::read::{read_checked, ReadOptions};

/// Revisions of every era, and which sections of each to render (two per revision,
/// rotating, so that every section is rendered from some year).
const SAMPLE: [(&str, [u8; 2]); 8] = [
    ("2004-10-01", [2, 5]),
    ("2009-10-01", [1, 6]),
    ("2012-10-01", [3, 7]),
    ("2016-09-30", [4, 8]),
    ("2018-07-13", [5, 9]),
    ("2021-04-22", [1, 3]),
    ("2024-06-07", [6, 4]),
    ("2026-01-16", [7, 2]),
];

/// How many glossary entries of each revision are rendered (from a rotating start).
const GLOSSARY_ENTRIES: usize = 60;

/// What is rendered from one revision: the rules of some sections and a glossary slice.
struct Excerpt<'a> {
    rev: &'a Revision,
    sections: Vec<u8>,
    rules: Vec<&'a Rule>,
    glossary: Vec<&'a GlossaryEntry>,
}

fn excerpt<'a>(rev: &'a Revision, sections: [u8; 2], start: usize) -> Excerpt<'a> {
    let rules = rev
        .rules
        .values()
        .filter(|r| sections.contains(&r.number.section_number()))
        .collect();
    let start = start % rev.glossary.len().max(1);
    Excerpt {
        rev,
        sections: sections.to_vec(),
        rules,
        glossary: rev
            .glossary
            .iter()
            .skip(start)
            .take(GLOSSARY_ENTRIES)
            .collect(),
    }
}

fn section_title(rev: &Revision, n: u8) -> String {
    rev.sections
        .iter()
        .find(|s| s.number == n)
        .map(|s| s.title.clone())
        .unwrap_or_default()
}

/// A rule's number as the official text prints it: `303.`, `303.4.`, `303.4c`.
fn printed(n: RuleNumber) -> String {
    match n.depth() {
        2 => format!("{n}."),
        _ => n.to_string(),
    }
}

/// The glossary term line: `Term, Alias (Obsolete)`.
fn term_line(e: &GlossaryEntry) -> String {
    let mut line = std::iter::once(e.term.as_str())
        .chain(e.aliases.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(", ");
    if e.obsolete {
        line.push_str(" (Obsolete)");
    }
    line
}

/// One block of the document, in order: what every shape renders its own way.
enum Block<'a> {
    Section(u8, String),
    Rule(&'a Rule),
    Glossary,
    Entry(&'a GlossaryEntry),
}

fn blocks<'a>(x: &Excerpt<'a>) -> Vec<Block<'a>> {
    let mut out = Vec::new();
    let mut section = 0;
    for rule in &x.rules {
        let s = rule.number.section_number();
        if s != section {
            section = s;
            out.push(Block::Section(s, section_title(x.rev, s)));
        }
        out.push(Block::Rule(rule));
    }
    out.push(Block::Glossary);
    out.extend(x.glossary.iter().map(|e| Block::Entry(e)));
    out
}

/// The rule's first line (number and title or text) and its further paragraphs.
fn rule_lines(rule: &Rule) -> (String, Vec<&str>) {
    let mut paragraphs = rule.text.split('\n');
    let first = match &rule.title {
        Some(title) => title.clone(),
        None => paragraphs.next().unwrap_or("").to_string(),
    };
    let line = format!("{} {first}", printed(rule.number))
        .trim_end()
        .to_string();
    let rest = if rule.title.is_some() {
        Vec::new()
    } else {
        paragraphs.collect()
    };
    (line, rest)
}

// ---------------------------------------------------------------------------------------
// The shapes.

/// The official layout itself: the control.
fn official(x: &Excerpt<'_>) -> String {
    let mut s = String::new();
    for b in blocks(x) {
        match b {
            Block::Section(n, t) => writeln!(s, "{n}. {t}\n").unwrap(),
            Block::Rule(r) => {
                let (line, rest) = rule_lines(r);
                writeln!(s, "{line}").unwrap();
                for p in rest {
                    writeln!(s, "{p}").unwrap();
                }
                for e in &r.examples {
                    writeln!(s, "Example: {e}").unwrap();
                }
                s.push('\n');
            }
            Block::Glossary => s.push_str("Glossary\n\n"),
            Block::Entry(e) => writeln!(s, "{}\n{}\n", term_line(e), e.definition).unwrap(),
        }
    }
    s
}

/// Characters HTML must escape, and the typographic ones a site writes as entities.
fn html_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '’' => out.push_str("&rsquo;"),
            '“' => out.push_str("&#8220;"),
            '—' => out.push_str("&mdash;"),
            c => out.push(c),
        }
    }
    out
}

/// Each reference (`rule 704`, `rule 303.4c`) linked as `make(shown, number)` does.
fn link_references(text: &str, make: impl Fn(&str, &str) -> String) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("rule ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 5..];
        let len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
            .unwrap_or(after.len());
        let number = after[..len].trim_end_matches('.');
        if number.len() >= 3 && number.as_bytes()[..3].iter().all(u8::is_ascii_digit) {
            out.push_str(&make(&format!("rule {number}"), number));
            rest = &after[number.len()..];
        } else {
            out.push_str("rule ");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// A hyperlinked rules site: headings, one paragraph per rule with an anchor on its
/// number, references linked, entities, a navigation bar, a definition list.
fn html_site(x: &Excerpt<'_>) -> String {
    let link =
        |t: &str| link_references(&html_escape(t), |s, n| format!("<a href=\"#{n}\">{s}</a>"));
    let mut s = String::from("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Comprehensive Rules</title><style>p { margin: 0 }</style></head>\n<body>\n");
    for b in blocks(x) {
        match b {
            Block::Section(n, t) => {
                writeln!(s, "<h2 id=\"s{n}\">{n}. {}</h2>", html_escape(&t)).unwrap()
            }
            Block::Rule(r) => {
                let (line, rest) = rule_lines(r);
                let (num, text) = line.split_once(' ').unwrap_or((&line, ""));
                writeln!(
                    s,
                    "<p><a id=\"{}\" href=\"#{}\"><b>{num}</b></a> {}</p>",
                    r.number.short(),
                    r.number.short(),
                    link(text)
                )
                .unwrap();
                for p in rest {
                    writeln!(s, "<p>{}</p>", link(p)).unwrap();
                }
                for e in &r.examples {
                    writeln!(s, "<p class=\"example\"><i>Example:</i> {}</p>", link(e)).unwrap();
                }
            }
            Block::Glossary => s.push_str("<h2>Glossary</h2>\n<dl>\n"),
            Block::Entry(e) => {
                let def: Vec<String> = e.definition.split('\n').map(link).collect();
                writeln!(
                    s,
                    "<dt>{}</dt>\n<dd>{}</dd>",
                    html_escape(&term_line(e)),
                    def.join("<br>")
                )
                .unwrap();
            }
        }
    }
    s.push_str("</dl>\n</body></html>\n");
    s
}

/// A Markdown copy: `##` headings, bold numbers and terms, linked references.
fn markdown(x: &Excerpt<'_>) -> String {
    let link = |t: &str| link_references(t, |s, n| format!("[{s}](#{n})"));
    let mut s = String::from("# Comprehensive Rules\n\n");
    for b in blocks(x) {
        match b {
            Block::Section(n, t) => writeln!(s, "## {n}. {t}\n").unwrap(),
            Block::Rule(r) => {
                let (line, rest) = rule_lines(r);
                let (num, text) = line.split_once(' ').unwrap_or((&line, ""));
                if r.number.depth() == 1 {
                    writeln!(s, "### {num} {text}").unwrap();
                } else {
                    writeln!(s, "**{num}** {}", link(text)).unwrap();
                }
                for p in rest {
                    writeln!(s, "{}", link(p)).unwrap();
                }
                for e in &r.examples {
                    writeln!(s, "*Example:* {}", link(e)).unwrap();
                }
                s.push('\n');
            }
            Block::Glossary => s.push_str("## Glossary\n\n"),
            Block::Entry(e) => {
                writeln!(s, "**{}**\n{}\n", term_line(e), link(&e.definition)).unwrap()
            }
        }
    }
    s
}

/// A MediaWiki copy: `== … ==` headings, `'''bold'''` numbers, `[[#704|rule 704]]`.
fn mediawiki(x: &Excerpt<'_>) -> String {
    let link = |t: &str| link_references(t, |s, n| format!("[[#{n}|{s}]]"));
    let mut s = String::new();
    for b in blocks(x) {
        match b {
            Block::Section(n, t) => writeln!(s, "== {n}. {t} ==\n").unwrap(),
            Block::Rule(r) => {
                let (line, rest) = rule_lines(r);
                let (num, text) = line.split_once(' ').unwrap_or((&line, ""));
                writeln!(s, "'''{num}''' {}", link(text)).unwrap();
                for p in rest {
                    writeln!(s, "{}", link(p)).unwrap();
                }
                for e in &r.examples {
                    writeln!(s, "''Example:'' {}", link(e)).unwrap();
                }
                s.push('\n');
            }
            Block::Glossary => s.push_str("== Glossary ==\n\n"),
            Block::Entry(e) => {
                writeln!(s, "'''{}'''\n{}\n", term_line(e), link(&e.definition)).unwrap()
            }
        }
    }
    s
}

/// UTF-8 read as Windows-1252 and written again: `’` becomes `â€™`.
fn mojibake(text: &str) -> String {
    let (decoded, _, _) = encoding_rs::WINDOWS_1252.decode(text.as_bytes());
    decoded.into_owned()
}

/// A chat paste: every line quoted, the typography mojibake'd, a zero-width space
/// before every seventh rule number and a no-break space after every fifth (rule lines
/// only: a no-break space inside a glossary definition is kept as it is, an open item).
fn chat_paste(x: &Excerpt<'_>) -> String {
    let plain = official(x);
    let mut s = String::new();
    for (i, line) in plain.lines().enumerate() {
        let mut line = line.to_string();
        let rule_line = line.len() > 4 && line.as_bytes()[..3].iter().all(u8::is_ascii_digit);
        if rule_line {
            if i % 7 == 0 {
                line.insert(0, '\u{200B}');
            }
            if i % 5 == 0 {
                if let Some(sp) = line.find(' ') {
                    line.replace_range(sp..sp + 1, "\u{A0}");
                }
            }
        }
        writeln!(s, "> {line}").unwrap();
    }
    mojibake(&s)
}

/// A Word export: a tabbed table of contents with page numbers, a tab after each rule
/// number, Windows line endings.
fn word_export(x: &Excerpt<'_>) -> String {
    let mut s = String::from("Magic: The Gathering Comprehensive Rules\n\nContents\n\n");
    for (page, n) in x.sections.iter().enumerate() {
        writeln!(s, "{n}. {}\t{}", section_title(x.rev, *n), 5 + page * 40).unwrap();
    }
    s.push_str("Glossary\t210\nCredits\t260\n\n");
    let body = official(x);
    for line in body.lines() {
        match line.split_once(' ') {
            Some((num, rest))
                if num.len() > 3 && num.as_bytes()[..3].iter().all(u8::is_ascii_digit) =>
            {
                writeln!(s, "{num}\t{rest}").unwrap()
            }
            _ => writeln!(s, "{line}").unwrap(),
        }
    }
    s.replace('\n', "\r\n")
}

/// An Academy-Ruins-style JSON dump: not text arbiter reads; it must be refused naming
/// JSON.
fn json_dump(x: &Excerpt<'_>) -> String {
    let rules: Vec<serde_json::Value> = x
        .rules
        .iter()
        .map(|r| serde_json::json!({"number": r.number.to_string(), "title": r.title, "text": r.text, "examples": r.examples}))
        .collect();
    let glossary: Vec<serde_json::Value> = x
        .glossary
        .iter()
        .map(|e| serde_json::json!({"term": e.term, "definition": e.definition}))
        .collect();
    serde_json::json!({"rules": rules, "glossary": glossary}).to_string()
}

/// An RTF export: must be refused naming RTF.
fn rtf(x: &Excerpt<'_>) -> String {
    let body = official(x).replace('\\', "\\\\").replace('\n', "\\par\n");
    format!("{{\\rtf1\\ansi\\deff0 {{\\fonttbl {{\\f0 Times New Roman;}}}}\\f0\\fs20 {body}}}")
}

type Render = fn(&Excerpt<'_>) -> String;

/// Each shape: its name, its renderer, and what must become of it: read exactly, or
/// refused with a message containing the given words.
const SHAPES: [(&str, Render, Option<&str>); 8] = [
    ("official", official, None),
    ("html-site", html_site, None),
    ("markdown", markdown, None),
    ("mediawiki", mediawiki, None),
    ("chat-paste", chat_paste, None),
    ("word-export", word_export, None),
    ("json-dump", json_dump, Some("a JSON document")),
    ("rtf", rtf, Some("an RTF document")),
];

// ---------------------------------------------------------------------------------------
// Comparing.

#[derive(Default)]
struct Tally {
    rules: usize,
    exact: usize,
    wrong_numbers: usize,
    entries: usize,
    exact_entries: usize,
    refused: usize,
    first_differences: Vec<String>,
}

/// A text with each run of spaces as one space: a browser shows `a  b` as `a b`, so
/// an HTML copy can't keep the official text's few double spaces.
fn spaced(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if !(c == ' ' && out.ends_with(' ')) {
            out.push(c);
        }
    }
    out
}

fn compare(name: &str, x: &Excerpt<'_>, got: &Revision, tally: &mut Tally) {
    let want: BTreeMap<RuleNumber, &Rule> = x.rules.iter().map(|r| (r.number, *r)).collect();
    for n in got.rules.keys() {
        if !want.contains_key(n) {
            tally.wrong_numbers += 1;
            tally.first_differences.push(format!(
                "{name}: {n} is read but is not in the official reading"
            ));
        }
    }
    for (n, w) in &want {
        tally.rules += 1;
        let Some(g) = got.rules.get(n) else {
            tally
                .first_differences
                .push(format!("{name}: {n} is missing"));
            continue;
        };
        let same = g.title == w.title
            && spaced(&g.text) == spaced(&w.text)
            && g.examples
                .iter()
                .map(|e| spaced(e))
                .eq(w.examples.iter().map(|e| spaced(e)))
            && g.references == w.references;
        if same {
            tally.exact += 1;
        } else {
            tally.first_differences.push(format!(
                "{name}: {n}: {:?} / {:?} / {:?}\n   official: {:?} / {:?} / {:?}",
                g.title, g.text, g.examples, w.title, w.text, w.examples
            ));
        }
    }
    for (i, w) in x.glossary.iter().enumerate() {
        tally.entries += 1;
        let same = got.glossary.get(i).is_some_and(|g| {
            g.term == w.term
                && g.aliases == w.aliases
                && spaced(&g.definition) == spaced(&w.definition)
                && g.obsolete == w.obsolete
                && g.references == w.references
        });
        if same {
            tally.exact_entries += 1;
        } else {
            tally.first_differences.push(format!(
                "{name}: glossary entry {:?} reads {:?}",
                w.term,
                got.glossary.get(i).map(|g| (&g.term, &g.definition))
            ));
        }
    }
}

#[test]
fn every_shape_reads_back_to_the_official_reading_or_is_refused_naming_it() {
    let Some(dir) = crate::common::corpus_dir() else {
        println!(
            "NOTICE: ../shared/corpus is absent; the reading pipeline's property test was skipped"
        );
        return;
    };
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    for (k, (date, sections)) in SAMPLE.iter().enumerate() {
        let Some(rev) = crate::common::read_corpus(&dir, date) else {
            failures.push(format!("cr-{date}.txt does not read"));
            continue;
        };
        let x = excerpt(&rev, *sections, k * 97);
        for (shape, render, refusal) in SHAPES {
            let tally = tallies.entry(shape).or_default();
            let name = format!("{date}-s{}{}.{shape}", sections[0], sections[1]);
            let options = ReadOptions {
                date: Some(rev.date),
                id: None,
                format: None,
            };
            match (
                read_checked(&name, render(&x).as_bytes(), &options),
                refusal,
            ) {
                (Ok(got), None) => compare(&name, &x, &got.revision, tally),
                (Err(e), Some(words)) if e.to_string().contains(words) => tally.refused += 1,
                (Ok(got), Some(words)) => failures.push(format!(
                    "{name}: should be refused naming {words:?}, read {} rules",
                    got.revision.rules.len()
                )),
                (Err(e), _) => failures.push(format!("{name}: {e}")),
            }
        }
    }
    println!("shape        rules exact  rate    glossary exact  wrong numbers  refused");
    for (shape, t) in &tallies {
        let rate = |a: usize, b: usize| {
            if b == 0 {
                0.0
            } else {
                100.0 * a as f64 / b as f64
            }
        };
        println!(
            "{shape:<12} {:>5} {:>5} {:>5.1}%  {:>5} {:>5}      {:>5}          {:>3}",
            t.rules,
            t.exact,
            rate(t.exact, t.rules),
            t.entries,
            t.exact_entries,
            t.wrong_numbers,
            t.refused
        );
        if t.exact < t.rules || t.exact_entries < t.entries || t.wrong_numbers > 0 {
            failures.push(format!(
                "{shape}: {} of {} rules and {} of {} glossary entries exact, {} wrong numbers; the first differences:\n{}",
                t.exact,
                t.rules,
                t.exact_entries,
                t.entries,
                t.wrong_numbers,
                t.first_differences.iter().take(6).cloned().collect::<Vec<_>>().join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
