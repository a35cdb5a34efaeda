//! The reading pipeline as a property: sections and glossaries of many corpus revisions,
//! re-rendered (by this test's own generator, never shipped) into the shapes the rules
//! circulate in, each with the damage that shape really carries, must read back rule for
//! rule to the official reading — numbers, titles, texts, examples, references, glossary
//! terms and definitions — or be refused with a message that names the shape; where
//! the text itself can't tell (text from a PDF, see [`Expect::ExactOrAnnounced`]), the
//! reader must say so in a warning whose other reading is the official one. A wrong
//! number (a rule read under a number the official reading does not give it) is never
//! allowed. Texts are compared with runs of spaces as one (an HTML copy can't keep the
//! official text's few double spaces). Run with `--nocapture` to see the exact-match rate of each shape. Without
//! the corpus the test prints a notice and returns.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use arbiter::model::{GlossaryEntry, Revision, Rule, RuleNumber, Warning};
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

/// A web page clipped to Markdown as html2text writes it: `### 1\\. Game Concepts`,
/// `#### 100\\. General`, `**100.1**. These…` (the number bold, its period outside),
/// `**100.1a** A…`, `_Example:_`, `*` and `_` escaped, a glossary entry's term and
/// senses ending in a hard break (two spaces), every paragraph wrapped at 78 columns.
fn markdown_clip(x: &Excerpt<'_>) -> String {
    fn escaped(text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        for c in text.chars() {
            if matches!(c, '*' | '_' | '\\') {
                out.push('\\');
            }
            out.push(c);
        }
        // html2text escapes a paragraph that would read as an ordered list item.
        match out.split_once(". ") {
            Some((n, rest)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                format!("{n}\\. {rest}")
            }
            _ => out,
        }
    }
    // Words never broken (html2text doesn't hyphenate), lines up to 78 columns, and no
    // line begun by what Markdown would read as a list item (`-`, `+`, `2.`): html2text
    // leaves such a word at the end of the line before.
    fn fill(text: &str) -> Vec<String> {
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for word in text.split(' ') {
            let marker = matches!(word, "-" | "+" | "*")
                || word
                    .strip_suffix('.')
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            if !line.is_empty() && !marker && line.chars().count() + 1 + word.chars().count() > 78 {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        lines.push(line);
        lines
    }
    fn paragraph(s: &mut String, text: &str, hard_break: bool) {
        let lines = fill(text);
        let last = lines.len().saturating_sub(1);
        for (i, line) in lines.iter().enumerate() {
            let brk = if hard_break && i == last { "  " } else { "" };
            writeln!(s, "{line}{brk}").unwrap();
        }
    }
    let mut s = String::from("_Effective as shown_\n\n## Rules\n\n");
    for b in blocks(x) {
        match b {
            Block::Section(n, t) => writeln!(s, "### {n}\\. {t}\n").unwrap(),
            Block::Rule(r) => {
                let (line, rest) = rule_lines(r);
                let (_, text) = line.split_once(' ').unwrap_or((&line, ""));
                let number = r.number.to_string().trim_end_matches('.').to_string();
                if r.number.depth() == 1 {
                    writeln!(s, "#### {number}\\. {}\n", escaped(text)).unwrap();
                    continue;
                }
                let dot = if r.number.depth() == 2 { "." } else { "" };
                paragraph(
                    &mut s,
                    &format!("**{number}**{dot} {}", escaped(text)),
                    false,
                );
                s.push('\n');
                for p in rest {
                    paragraph(&mut s, &escaped(p), false);
                    s.push('\n');
                }
                for e in &r.examples {
                    paragraph(&mut s, &format!("_Example:_ {}", escaped(e)), false);
                    s.push('\n');
                }
            }
            Block::Glossary => s.push_str("## Glossary\n\n"),
            Block::Entry(e) => {
                writeln!(s, "**{}**  ", escaped(&term_line(e))).unwrap();
                let senses: Vec<&str> = e.definition.split('\n').collect();
                for (i, sense) in senses.iter().enumerate() {
                    paragraph(&mut s, &escaped(sense), i + 1 < senses.len());
                }
                s.push('\n');
            }
        }
    }
    s
}

/// A forum post that lost the line ends between paragraphs: the poster's words, then
/// the rules of each numbered rule (`702.19. Trample`, its subrules and their examples)
/// run together on one line; a rule of several paragraphs (a list, a table) keeps its
/// lines, as the post's paragraphs do. The glossary stays as the official text has it.
fn forum_run_together(x: &Excerpt<'_>) -> String {
    let mut s = String::from("Re: rules question\n\nQuote from JudgeFan »\n");
    let mut run: Vec<String> = Vec::new();
    let mut family = None;
    let flush = |s: &mut String, run: &mut Vec<String>| {
        if !run.is_empty() {
            writeln!(s, "{}\n", run.join(" ")).unwrap();
            run.clear();
        }
    };
    for b in blocks(x) {
        match b {
            Block::Section(n, t) => {
                flush(&mut s, &mut run);
                writeln!(s, "{n}. {t}\n").unwrap();
            }
            Block::Rule(r) => {
                let (line, rest) = rule_lines(r);
                let this = (r.number.section_number(), r.number.rule_part());
                if family != Some(this) || !rest.is_empty() {
                    flush(&mut s, &mut run);
                }
                family = Some(this);
                run.push(line);
                if !rest.is_empty() {
                    for p in rest {
                        run.push(format!("\n{p}"));
                    }
                    run.extend(r.examples.iter().map(|e| format!("\nExample: {e}")));
                    let joined = run.concat();
                    writeln!(s, "{}\n", joined.trim_start()).unwrap();
                    run.clear();
                    continue;
                }
                run.extend(r.examples.iter().map(|e| format!("Example: {e}")));
            }
            Block::Glossary => {
                flush(&mut s, &mut run);
                s.push_str("Glossary\n\n");
            }
            Block::Entry(e) => writeln!(s, "{}\n{}\n", term_line(e), e.definition).unwrap(),
        }
    }
    flush(&mut s, &mut run);
    s
}

/// A forum thread's BBCode source: the rules quoted a few at a time in
/// `[quote="name"]…[/quote]`, numbers in `[b]…[/b]`, the poster's words between the
/// quotes; the glossary quoted whole.
fn forum_bbcode(x: &Excerpt<'_>) -> String {
    let mut s = String::from("Short answer: no. The rules:\n");
    let mut quoted = 0;
    let open = |s: &mut String, quoted: &mut usize| {
        if *quoted == 0 {
            s.push_str("[quote=\"JudgeFan\"]");
        }
        *quoted += 1;
    };
    let close = |s: &mut String, quoted: &mut usize| {
        if *quoted > 0 {
            s.push_str("[/quote]\nSo [b]that[/b] is how it [i]works[/i].\n\n");
            *quoted = 0;
        }
    };
    for b in blocks(x) {
        match b {
            Block::Section(n, t) => {
                close(&mut s, &mut quoted);
                open(&mut s, &mut quoted);
                writeln!(s, "[b]{n}. {t}[/b]\n").unwrap();
            }
            Block::Rule(r) => {
                open(&mut s, &mut quoted);
                let (line, rest) = rule_lines(r);
                let (number, text) = line.split_once(' ').unwrap_or((&line, ""));
                writeln!(s, "[b]{number}[/b] {text}").unwrap();
                for p in rest {
                    writeln!(s, "{p}").unwrap();
                }
                for e in &r.examples {
                    writeln!(s, "[i]Example:[/i] {e}").unwrap();
                }
                s.push('\n');
                if quoted >= 5 {
                    close(&mut s, &mut quoted);
                }
            }
            Block::Glossary => {
                close(&mut s, &mut quoted);
                s.push_str("[quote]Glossary\n\n");
                quoted = 1;
            }
            Block::Entry(e) => writeln!(s, "[b]{}[/b]\n{}\n", term_line(e), e.definition).unwrap(),
        }
    }
    close(&mut s, &mut quoted);
    s
}

/// A Word export: a tabbed table of contents with page numbers, a tab after each rule
/// number, Windows line endings.
fn word_export(x: &Excerpt<'_>) -> String {
    let mut s = String::from("Magic: The Gathering Comprehensive Rules\n\nContents\n\n");
    // Word writes a numbered heading's number, a tab, the title, a tab and the page
    // (`7.\tAdditional Rules\t3`); a contents typed by hand has a space after the number.
    let tabbed = x.sections.first().is_some_and(|n| n % 2 == 0);
    for (page, n) in x.sections.iter().enumerate() {
        let title = section_title(x.rev, *n);
        if tabbed {
            writeln!(s, "{n}.\t{title}\t{}", 5 + page * 40).unwrap();
            for r in x.rules.iter().filter(|r| r.number.depth() == 1) {
                if r.number.section_number() == *n {
                    let title = r.title.as_deref().unwrap_or_default();
                    writeln!(s, "{}.\t{title}\t{}", r.number, 6 + page * 40).unwrap();
                }
            }
        } else {
            writeln!(s, "{n}. {title}\t{}", 5 + page * 40).unwrap();
        }
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

/// An Academy-Ruins-style JSON dump: the effective date, sections and rules as
/// `{"ruleNumber", "ruleText", "examples"}` objects, glossary entries as `{"term",
/// "definition"}`, pretty-printed.
fn json_dump(x: &Excerpt<'_>) -> String {
    let mut rules: Vec<serde_json::Value> = Vec::new();
    for b in blocks(x) {
        match b {
            Block::Section(n, t) => {
                rules.push(serde_json::json!({"ruleNumber": n.to_string(), "ruleText": t}))
            }
            Block::Rule(r) => {
                let mut rule = serde_json::json!({
                    "ruleNumber": r.number.short(),
                    "ruleText": r.title.clone().unwrap_or_else(|| r.text.clone()),
                });
                if !r.examples.is_empty() {
                    rule["examples"] = serde_json::json!(r.examples);
                }
                rules.push(rule);
            }
            Block::Glossary | Block::Entry(_) => {}
        }
    }
    let glossary: Vec<serde_json::Value> = x
        .glossary
        .iter()
        .map(|e| serde_json::json!({"term": term_line(e), "definition": e.definition}))
        .collect();
    serde_json::to_string_pretty(&serde_json::json!({
        "effectiveDate": x.rev.date.to_string(),
        "rules": rules,
        "glossary": glossary,
    }))
    .unwrap()
}

/// The rules of `sections` of `rev` and the first `entries` glossary entries as a JSON
/// dump (see [`json_dump`]), with its `effectiveDate` or without one.
pub(crate) fn json_document(
    rev: &Revision,
    sections: &[u8],
    entries: usize,
    dated: bool,
) -> String {
    let x = Excerpt {
        rev,
        sections: sections.to_vec(),
        rules: rev
            .rules
            .values()
            .filter(|r| sections.contains(&r.number.section_number()))
            .collect(),
        glossary: rev.glossary.iter().take(entries).collect(),
    };
    let dump = json_dump(&x);
    if dated {
        return dump;
    }
    let mut value: serde_json::Value = serde_json::from_str(&dump).expect("our own JSON");
    if let Some(map) = value.as_object_mut() {
        map.remove("effectiveDate");
    }
    serde_json::to_string_pretty(&value).expect("JSON")
}

/// A Word (or WordPad) RTF save: font, colour and style tables, a generator, bold rule
/// numbers followed by a tab, typography as `\u8217\'92` (Unicode with its cp1252
/// fallback) or `\rquote`-style words, `\par` after each paragraph, source lines
/// broken at about 200 characters before a control word.
fn rtf(x: &Excerpt<'_>) -> String {
    rtf_document(&official(x))
}

/// Text in the official layout as a Word RTF save (see [`rtf`]).
pub(crate) fn rtf_document(text: &str) -> String {
    let mut body = String::new();
    for (i, line) in text.lines().enumerate() {
        let mut escaped = String::new();
        for c in line.chars() {
            match c {
                '\\' | '{' | '}' => {
                    escaped.push('\\');
                    escaped.push(c);
                }
                '’' if i % 3 == 0 => escaped.push_str("\\rquote "),
                '—' if i % 3 == 1 => escaped.push_str("\\emdash "),
                c if c.is_ascii() => escaped.push(c),
                c => {
                    let one = c.to_string();
                    let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(&one);
                    let fallback = if unmappable {
                        "?".to_string()
                    } else {
                        bytes.iter().map(|b| format!("\\'{b:02x}")).collect()
                    };
                    let mut units = [0u16; 2];
                    for unit in c.encode_utf16(&mut units) {
                        write!(escaped, "\\u{}{fallback}", *unit as i16).unwrap();
                    }
                }
            }
        }
        match escaped.split_once(' ') {
            Some((num, rest))
                if num.len() > 3 && num.as_bytes()[..3].iter().all(u8::is_ascii_digit) =>
            {
                write!(body, "{{\\b {num}}}\\tab {rest}\\par").unwrap()
            }
            _ => write!(body, "{escaped}\\par").unwrap(),
        }
        body.push(' ');
    }
    let mut wrapped = String::new();
    let mut column = 0;
    for c in body.chars() {
        if c == '\\' && column > 200 {
            wrapped.push_str("\r\n");
            column = 0;
        }
        wrapped.push(c);
        column += 1;
    }
    format!(
        "{{\\rtf1\\ansi\\ansicpg1252\\deff0\\nouicompat{{\\fonttbl{{\\f0\\fnil\\fcharset0 Calibri;}}{{\\f1\\froman Times New Roman;}}}}\r\n\
         {{\\colortbl ;\\red0\\green0\\blue255;}}\r\n{{\\stylesheet{{ Normal;}}{{\\s1 heading 1;}}}}\r\n\
         {{\\*\\generator Riched20 10.0.19041}}\\viewkind4\\uc1 \r\n\\pard\\sa200\\sl276\\slmult1\\f0\\fs22\\lang9 {wrapped}\r\n}}\r\n"
    )
}

/// Text extracted from the publisher's PDF (`pdftotext`): a title, a table of contents
/// with dot leaders and page numbers, every paragraph wrapped at about 90 columns (the
/// width varies with the revision) with long words hyphenated at line ends, some blank
/// lines between rules lost, and every 55–62 lines a page break: the page number and the
/// site's URL at the foot, a form feed, the running title at the head.
fn pdf_extract(x: &Excerpt<'_>) -> String {
    let width = 86 + (x.rev.date.to_string().len() + x.sections[0] as usize * 3) % 7;
    let mut lines: Vec<String> = vec![
        "Magic: The Gathering Comprehensive Rules".into(),
        String::new(),
        "Contents".into(),
    ];
    let mut toc = |heading: String, page: usize| {
        let dots = width.saturating_sub(heading.len() + 6).max(3);
        lines.push(format!("{heading} {} {page}", ".".repeat(dots)));
    };
    for (k, b) in blocks(x).iter().enumerate() {
        match b {
            Block::Section(n, t) => toc(format!("{n}. {t}"), 3 + k / 9),
            Block::Rule(r) if r.number.depth() == 1 => toc(rule_lines(r).0, 3 + k / 9),
            _ => {}
        }
    }
    toc("Glossary".into(), 210);
    toc("Credits".into(), 260);
    lines.push(String::new());
    lines.push(official(x));
    pdf_text(&lines.join("\n"), width)
}

/// Text in the official layout as `pdftotext` gives a PDF of it (see [`pdf_extract`]):
/// paragraphs wrapped at `width` columns, a third of the blank lines before rules lost,
/// page furniture and form feeds every 55–62 lines.
pub(crate) fn pdf_text(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let paragraphs: Vec<&str> = text.lines().collect();
    for (i, p) in paragraphs.iter().enumerate() {
        if p.is_empty() {
            lines.push(String::new());
            continue;
        }
        let rule = p.len() > 4 && p.as_bytes()[..3].iter().all(u8::is_ascii_digit);
        let lost_blank = rule && i >= 2 && i % 3 == 0 && paragraphs[i - 2].ends_with('.');
        if lost_blank && lines.last().is_some_and(String::is_empty) {
            lines.pop();
        }
        lines.extend(wrap(p, width));
    }
    let mut out = String::new();
    let mut page = 1;
    let mut on_page = 0;
    let mut page_length = 58;
    for line in lines {
        out.push_str(&line);
        out.push('\n');
        on_page += 1;
        if on_page >= page_length {
            page += 1;
            write!(
                out,
                "\nhttps://magic.wizards.com/en/rules\n{}\n\u{0C}Magic: The Gathering Comprehensive Rules\n\n",
                page - 1
            )
            .unwrap();
            on_page = 0;
            page_length = 55 + page % 8;
        }
    }
    write!(out, "\nhttps://magic.wizards.com/en/rules\n{page}\n\u{0C}").unwrap();
    out
}

/// A paragraph wrapped greedily at `width` columns, as a typesetter does: a word that
/// doesn't fit goes to the next line, but a long word (or a hyphenated compound) is
/// broken with a hyphen when enough of it fits.
fn wrap(paragraph: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in paragraph.split(' ') {
        let len = line.chars().count();
        let wlen = word.chars().count();
        if len == 0 || len + 1 + wlen <= width {
            if len > 0 {
                line.push(' ');
            }
            line.push_str(word);
            continue;
        }
        let room = width.saturating_sub(len + 1);
        if let Some((head, tail)) = hyphenate(word, room) {
            line.push(' ');
            line.push_str(&head);
            lines.push(std::mem::take(&mut line));
            line.push_str(&tail);
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    lines.push(line);
    lines
}

/// A word broken to fit `room` columns: a compound after its own hyphen
/// (`state-`/`based`), a long lower-case word after at least three letters with at least
/// three left (`abil-`/`ity`).
fn hyphenate(word: &str, room: usize) -> Option<(String, String)> {
    if let Some(at) = word.find('-') {
        let head = &word[..=at];
        if at >= 2 && head.chars().count() <= room && word.len() > at + 3 {
            return Some((head.to_string(), word[at + 1..].to_string()));
        }
        return None;
    }
    let letters: Vec<char> = word.chars().collect();
    if letters.len() < 8 || !letters.iter().all(|c| c.is_ascii_lowercase()) || room < 4 {
        return None;
    }
    let take = (room - 1).min(letters.len() - 3);
    (take >= 3).then(|| {
        let head: String = letters[..take].iter().collect();
        (format!("{head}-"), letters[take..].iter().collect())
    })
}

type Render = fn(&Excerpt<'_>) -> String;

/// What must become of a shape.
#[derive(Clone, Copy)]
enum Expect {
    /// Every rule and glossary entry read exactly.
    Exact,
    /// Every rule and glossary entry read exactly, or differing only where the reader
    /// warned that the text can't tell (text from a PDF: a paragraph of a definition
    /// that ended at a full line with no blank line after it; a hyphen at a line's end
    /// that the document's vocabulary doesn't explain), and the warning's other
    /// reading is the official one.
    ExactOrAnnounced,
    /// Every rule read exactly or announced as [`Expect::ExactOrAnnounced`] says; the glossary's rate is printed, not held: an open item
    /// (html2text's clip of a definition of several unnumbered paragraphs, 2004's
    /// "Ability", reads its later paragraphs as entries of their own).
    RulesExact,
}

/// Each shape: its name, its renderer, and what must become of it.
const SHAPES: [(&str, Render, Expect); 12] = [
    ("official", official, Expect::Exact),
    ("html-site", html_site, Expect::Exact),
    ("markdown", markdown, Expect::Exact),
    ("markdown-clip", markdown_clip, Expect::RulesExact),
    ("mediawiki", mediawiki, Expect::Exact),
    ("chat-paste", chat_paste, Expect::Exact),
    ("forum-run-together", forum_run_together, Expect::Exact),
    ("forum-bbcode", forum_bbcode, Expect::Exact),
    ("word-export", word_export, Expect::Exact),
    ("json-dump", json_dump, Expect::Exact),
    ("rtf", rtf, Expect::Exact),
    ("pdf-text", pdf_extract, Expect::ExactOrAnnounced),
];

/// The shapes a glossary page alone is found in.
const GLOSSARY_ALONE: [(&str, Render, Expect); 5] = [
    ("glossary/official", official, Expect::Exact),
    ("glossary/html", html_site, Expect::Exact),
    ("glossary/markdown", markdown, Expect::Exact),
    ("glossary/wiki", mediawiki, Expect::Exact),
    ("glossary/chat", chat_paste, Expect::Exact),
];

// ---------------------------------------------------------------------------------------
// Comparing.

#[derive(Default)]
struct Tally {
    rules: usize,
    exact: usize,
    announced: usize,
    wrong_numbers: usize,
    entries: usize,
    exact_entries: usize,
    announced_entries: usize,
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

/// The quoted parts of a warning that says where the text can't tell: the reading
/// it chose and the other one (`"tail head"` / `"tail\nhead"`; `"nonbackup"` /
/// `"non-backup"`).
fn other_reading(message: &str) -> Option<(String, String)> {
    let between = |from: &str, to: &str| -> Option<String> {
        let (_, rest) = message.split_once(from)?;
        Some(rest.split_once(to)?.0.to_string())
    };
    if let Some(tail) = between("a paragraph may end after \"", "\" (the line is full") {
        let head = between("full and \"", "\" opens a sentence")?;
        return Some((format!("{tail} {head}"), format!("{tail}\n{head}")));
    }
    let joined = message.split_once("; read as \"")?.1.strip_suffix('"')?;
    let hyphenated = between(" nor \"", "\" elsewhere")?;
    Some((joined.to_string(), hyphenated))
}

/// Whether `got` becomes `want` once each place the reader warned about is read the
/// other way.
fn announced(got: &str, want: &str, warnings: &[Warning]) -> bool {
    let mut text = spaced(got);
    for (chosen, other) in warnings.iter().filter_map(|w| other_reading(&w.message)) {
        if let Some(at) = text.find(&chosen) {
            if want.contains(&other) {
                text.replace_range(at..at + chosen.len(), &other);
            }
        }
    }
    text == spaced(want)
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
        } else if g.title == w.title
            && g.examples.len() == w.examples.len()
            && g.references == w.references
            && announced(&g.text, &w.text, &got.warnings)
        {
            tally.announced += 1;
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
        let warned = got.glossary.get(i).is_some_and(|g| {
            g.term == w.term
                && g.aliases == w.aliases
                && announced(&g.definition, &w.definition, &got.warnings)
        });
        if same {
            tally.exact_entries += 1;
        } else if warned {
            tally.announced_entries += 1;
        } else {
            tally.first_differences.push(format!(
                "{name}: glossary entry {:?} reads {:?}\n   official: {:?}",
                w.term,
                got.glossary.get(i).map(|g| (&g.term, &g.definition)),
                w.definition
            ));
        }
    }
}

#[test]
fn every_shape_reads_back_to_the_official_reading() {
    let Some(dir) = crate::common::corpus_dir() else {
        println!(
            "NOTICE: ../shared/corpus is absent; the reading pipeline's property test was skipped"
        );
        return;
    };
    let mut tallies: BTreeMap<&str, (Tally, Expect)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (k, (date, sections)) in SAMPLE.iter().enumerate() {
        let Some(rev) = crate::common::read_corpus(&dir, date) else {
            failures.push(format!("cr-{date}.txt does not read"));
            continue;
        };
        let x = excerpt(&rev, *sections, k * 97);
        for (shape, render, expect) in SHAPES {
            let (tally, _) = tallies.entry(shape).or_insert((Tally::default(), expect));
            let name = format!("{date}-s{}{}.{shape}", sections[0], sections[1]);
            let options = ReadOptions {
                date: Some(rev.date),
                id: None,
                format: None,
            };
            match read_checked(&name, render(&x).as_bytes(), &options) {
                Ok(got) => compare(&name, &x, &got.revision, tally),
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
        // A glossary alone (a wiki's or a site's glossary page): a glossary fragment.
        let alone = Excerpt {
            rev: &rev,
            sections: Vec::new(),
            rules: Vec::new(),
            glossary: x.glossary.clone(),
        };
        for (shape, render, expect) in GLOSSARY_ALONE {
            let (tally, _) = tallies.entry(shape).or_insert((Tally::default(), expect));
            let name = format!("{date}-glossary.{shape}");
            let options = ReadOptions {
                date: Some(rev.date),
                id: None,
                format: None,
            };
            match read_checked(&name, render(&alone).as_bytes(), &options) {
                Ok(got) if got.revision.complete => {
                    failures.push(format!("{name}: read as a whole revision"))
                }
                Ok(got) => compare(&name, &alone, &got.revision, tally),
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
    }
    println!(
        "shape        rules exact warned  rate    glossary exact warned  rate    wrong numbers"
    );
    for (shape, (t, expect)) in &tallies {
        let rate = |a: usize, b: usize| {
            if b == 0 {
                0.0
            } else {
                100.0 * a as f64 / b as f64
            }
        };
        let (rules_rate, glossary_rate) =
            (rate(t.exact, t.rules), rate(t.exact_entries, t.entries));
        println!(
            "{shape:<12} {:>5} {:>5} {:>6} {rules_rate:>5.1}%  {:>5} {:>5} {:>6} {glossary_rate:>5.1}%  {:>5}",
            t.rules,
            t.exact,
            t.announced,
            t.entries,
            t.exact_entries,
            t.announced_entries,
            t.wrong_numbers,
        );
        let enough = match *expect {
            Expect::Exact => t.exact == t.rules && t.exact_entries == t.entries,
            Expect::RulesExact => t.exact + t.announced == t.rules,
            Expect::ExactOrAnnounced => {
                t.exact + t.announced == t.rules
                    && t.exact_entries + t.announced_entries == t.entries
            }
        };
        if !enough || t.wrong_numbers > 0 {
            failures.push(format!(
                "{shape}: {} of {} rules and {} of {} glossary entries exact ({} and {} more where the reader warned), {} wrong numbers; the first differences:\n{}",
                t.exact,
                t.rules,
                t.exact_entries,
                t.entries,
                t.announced,
                t.announced_entries,
                t.wrong_numbers,
                t.first_differences.iter().take(6).cloned().collect::<Vec<_>>().join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// With `ARBITER_WRITE_SHAPES=DIR`, writes the whole of revision 2026-01-16 in every
/// shape to `DIR/whole.SHAPE` (for the README's timing of a whole revision's reading;
/// never corpus bytes committed anywhere). Without it, or without the corpus, does nothing.
#[test]
fn whole_revision_in_every_shape_when_asked() {
    let (Some(out), Some(dir)) = (
        std::env::var_os("ARBITER_WRITE_SHAPES"),
        crate::common::corpus_dir(),
    ) else {
        return;
    };
    let rev = crate::common::read_corpus(&dir, "2026-01-16").expect("cr-2026-01-16.txt reads");
    let x = Excerpt {
        rev: &rev,
        sections: rev.sections.iter().map(|s| s.number).collect(),
        rules: rev.rules.values().collect(),
        glossary: rev.glossary.iter().collect(),
    };
    let out = std::path::PathBuf::from(out);
    std::fs::create_dir_all(&out).expect("create the output folder");
    for (shape, render, _) in SHAPES {
        std::fs::write(out.join(format!("whole.{shape}")), render(&x)).expect("write a shape");
    }
}
