//! The four non-official shapes beyond their seeds. A small generator (test code only,
//! never shipped) takes real revisions from `../shared/corpus`, re-renders other sections
//! and rules of other years the way each seed is written — reStructuredText (seed 001), a
//! web-page copy (002), a bulleted copy with its apostrophes stripped (003), a rulings
//! page (004) — and each reading of the generated document must give the same rule
//! numbers, titles, texts and examples as the official reading, modulo what the shape
//! loses (the rst copy writes quotes and dashes in ASCII; the bulleted copy has no
//! apostrophes or quotation marks, and its restorations are counted). When the corpus is
//! absent these tests print a notice and return.
//!
//! `tests/data/shapes/` holds hand-written documents: mixed shapes and truncated copies
//! that must read what they can with warnings, and files that are not rules text, which
//! must be refused naming the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use arbiter::model::{Date, Format, Revision, Rule, RuleNumber};
use arbiter::read::{read, read_checked, ReadOptions};

// ---------------------------------------------------------------------------------------
// The corpus and what to render from it.

fn corpus_dir() -> Option<PathBuf> {
    let project = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut candidates: Vec<PathBuf> = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .into_iter()
        .collect();
    candidates.extend(project.ancestors().map(|a| a.join("shared/corpus")));
    candidates
        .into_iter()
        .find(|p| p.join("MANIFEST.tsv").is_file())
}

/// The official reading of one corpus revision, or `None` (with a notice) without the corpus.
fn official(date: &str) -> Option<Revision> {
    let Some(dir) = corpus_dir() else {
        println!("NOTICE: ../shared/corpus is absent; the shape test for {date} was skipped");
        return None;
    };
    let name = format!("cr-{date}.txt");
    let bytes = std::fs::read(dir.join(&name)).expect("a corpus file named in the test");
    Some(read(&name, &bytes, &ReadOptions::default()).expect("the official text reads"))
}

/// The rules of a revision that lie within any of `within` (sections `7` or rules `502`).
fn select<'a>(rev: &'a Revision, within: &[&str]) -> Vec<&'a Rule> {
    let within: Vec<RuleNumber> = within
        .iter()
        .map(|w| w.parse().expect("a number"))
        .collect();
    rev.rules
        .values()
        .filter(|r| !r.number.is_section() && within.iter().any(|w| r.number.is_within(w)))
        .collect()
}

fn section_title(rev: &Revision, n: u8) -> String {
    rev.sections
        .iter()
        .find(|s| s.number == n)
        .map_or_else(|| format!("Section {n}"), |s| s.title.clone())
}

fn sections_of(rules: &[&Rule]) -> Vec<u8> {
    let mut v: Vec<u8> = rules.iter().map(|r| r.number.section_number()).collect();
    v.dedup();
    v
}

// ---------------------------------------------------------------------------------------
// The generator: one function per shape, each imitating its seed.

/// Options that vary a rendering, so that one shape is tried in more than one dress.
#[derive(Clone, Copy, Debug)]
struct Dress {
    variant: usize,
}

/// reStructuredText as seed 001 writes it, and what a Sphinx author adds besides.
fn render_rst(rev: &Revision, rules: &[&Rule], dress: Dress) -> String {
    let mut out = String::from(":tocdepth: 2\n\n");
    if dress.variant == 1 {
        out.push_str(".. This file is generated; edit the sources instead.\n\n");
        out.push_str(".. |T| image:: /symbols/tap.svg\n\n");
    }
    let mut section = None;
    let mut rule_titles = BTreeMap::new();
    for rule in rules {
        if rule.number.depth() == 1 {
            rule_titles.insert(rule.number, rule.title.clone().unwrap_or_default());
        }
    }
    let mut current_rule = None;
    for rule in rules {
        let n = rule.number;
        if section != Some(n.section_number()) {
            section = Some(n.section_number());
            let title = section_title(rev, n.section_number());
            let bar = "*".repeat(title.chars().count());
            out.push_str(&format!(
                ".. _section-{}:\n\n{bar}\n{title}\n{bar}\n\n",
                n.section_number()
            ));
        }
        if current_rule != n.rule_part() {
            current_rule = n.rule_part();
            if let Some(r) = n.rule_part() {
                let title = rule_titles
                    .get(&RuleNumber::rule(r))
                    .cloned()
                    .unwrap_or_default();
                if !title.is_empty() {
                    out.push_str(&format!(
                        ".. _rule-{r}:\n\n{title}\n{}\n\n",
                        "=".repeat(title.chars().count())
                    ));
                }
            }
            if dress.variant == 1 && n.rule_part().is_some_and(|r| r % 3 == 0) {
                out.push_str(
                    ".. note::\n\n    This rule was renumbered once; see the history.\n\n",
                );
            }
        }
        match n.depth() {
            2 => {
                let head = n.to_string();
                out.push_str(&format!("{head}\n{}\n\n", "-".repeat(head.len())));
                if let Some(title) = &rule.title {
                    out.push_str(&rst_text(title, dress));
                    out.push_str("\n\n");
                }
                if !rule.text.is_empty() {
                    out.push_str(&rst_text(&rule.text, dress));
                    out.push_str("\n\n");
                }
                for example in &rule.examples {
                    out.push_str(".. admonition:: Example\n\n    ");
                    out.push_str(&rst_text(example, dress));
                    out.push_str("\n\n");
                }
            }
            3 => {
                let letter = n.letter().unwrap_or('a');
                out.push_str(&format!("    {letter}. {}\n", rst_text(&rule.text, dress)));
                if !rule.examples.is_empty() {
                    // An example of a lettered subrule is nested in its list item.
                    out.push('\n');
                    for example in &rule.examples {
                        out.push_str("       .. admonition:: Example\n\n          ");
                        out.push_str(&rst_text(example, dress));
                        out.push_str("\n\n");
                    }
                }
            }
            _ => {}
        }
        // A lettered list ends before the next subrule.
        if n.depth() == 3 && !out.ends_with("\n\n") {
            let next_is_item = rules
                .iter()
                .skip_while(|r| r.number != n)
                .nth(1)
                .is_some_and(|r| r.number.depth() == 3);
            if !next_is_item {
                out.push('\n');
            }
        }
    }
    out
}

/// Rules text as seed 001 writes it: ASCII quotes and dashes, symbols as `|T|`, the bad
/// replace of "ref" with ":ref:", and (in the second dress) `:ref:` roles for rule numbers.
fn rst_text(text: &str, dress: Dress) -> String {
    let mut t = text
        .replace(['“', '”'], "\"")
        .replace(['‘', '’'], "'")
        .replace('—', "--")
        .replace('–', "-");
    t = t.replace("ref", ":ref:");
    // Symbols `{T}` → `|T|`.
    let mut s = String::new();
    let mut rest = t.as_str();
    while let Some(open) = rest.find('{') {
        match rest[open..].find('}') {
            Some(close) if close <= 6 => {
                s.push_str(&rest[..open]);
                s.push('|');
                s.push_str(&rest[open + 1..open + close]);
                s.push('|');
                rest = &rest[open + close + 1..];
            }
            _ => {
                s.push_str(&rest[..=open]);
                rest = &rest[open + 1..];
            }
        }
    }
    s.push_str(rest);
    if dress.variant == 1 {
        // "see rule 704" → "see :ref:`rule 704 <rule-704>`"
        let words: Vec<&str> = s.split(' ').collect();
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let next = words.get(i + 1).copied().unwrap_or("");
            let digits: String = next.chars().take_while(char::is_ascii_digit).collect();
            if words[i] == "rule" && digits.len() == 3 {
                let tail = &next[3..];
                out.push(format!(":ref:`rule {digits} <rule-{digits}>`{tail}"));
                i += 2;
            } else {
                out.push(words[i].to_string());
                i += 1;
            }
        }
        s = out.join(" ");
    }
    s
}

/// A web-page copy as seed 002 writes it: chrome at the top and bottom, doubled blank
/// lines, no-break spaces; the other dress has a different site's chrome, and an
/// advertisement that splits the page between two rules.
fn render_webpage(rev: &Revision, rules: &[&Rule], dress: Dress) -> String {
    let section = sections_of(rules)[0];
    let title = section_title(rev, section);
    let mut out = String::new();
    if dress.variant == 0 {
        out.push_str(&format!(
            "top of page\n\nMagic: The Gathering Rules - {section}. {title}\n\nUpdated: Jul 10\n\n\n\n\
             Magic The Gathering artwork by Campbell White\n\n\
             Image Credit Campbell White/Wizards of The Coast\n\n\n"
        ));
    } else {
        out.push_str(&format!(
            "Skip to content\nHome\nRules\nAbout\nContact\n\n\
             Magic: The Gathering Rules – {section}. {title}\n\n\
             Posted: June 1, 2020 · 5 min read\n\nShare\n\n\n"
        ));
    }
    for (i, rule) in rules.iter().enumerate() {
        let n = rule.number;
        let number = if n.depth() == 3 {
            n.short()
        } else {
            format!("{}.", n.short())
        };
        let body = rule.title.as_deref().unwrap_or(&rule.text);
        let body = if n.depth() == 2 && rule.title.is_some() && !rule.text.is_empty() {
            format!("{body} {}", rule.text)
        } else {
            body.to_string()
        };
        // The page turns some spaces into no-break spaces.
        let body = body.replacen(". ", ".\u{a0} ", 1);
        if dress.variant == 1 && i % 40 == 7 && body.len() > 200 {
            // A long rule split by an image block in the middle of its text.
            let head: String = body.chars().take(120).collect();
            let cut = head.rfind(' ').unwrap_or(head.len());
            let (first, rest) = body.split_at(cut);
            out.push_str(&format!(
                "{number} {first}\n\n\nImage Credit: Wizards of the Coast\n\n\n{}\n\n\n",
                rest.trim_start()
            ));
        } else {
            out.push_str(&format!("{number} {body}\n\n\n"));
        }
        for example in &rule.examples {
            out.push_str(&format!("Example:\u{a0}{example}\n\n\n"));
        }
        if dress.variant == 1 && i == rules.len() / 2 {
            out.push_str("Advertisement\n\nImage Credit: Wizards of the Coast\n\n123 views\n\n\n");
        }
    }
    if dress.variant == 0 {
        out.push_str("10 views0 comments\n\nComments\n\n\nbottom of page\n");
    } else {
        out.push_str("Share this post\n\nRecent Posts\n\nSee All\n\n© 2020 Rules Mirror. All rights reserved.\n");
    }
    out
}

/// The bullets of each dress: (rule bullet, lettered-subrule bullet, lettered indent).
const BULLETS: [(&str, &str, &str); 4] = [
    ("•", "•", "  "),
    ("-", "-", "    "),
    ("*", "◦", "    "),
    ("·", "·", "  "),
];

/// A bulleted copy as seed 003 writes it: a page heading, then `  • ` before each rule
/// line, apostrophes and quotation marks stripped.
fn render_bulleted(rev: &Revision, rules: &[&Rule], dress: Dress) -> String {
    let (bullet, sub_bullet, sub_indent) = BULLETS[dress.variant % BULLETS.len()];
    let mut out = String::from("Magic: The Gathering Comprehensive Rules\n\nTable of Contents\n\n");
    let section = sections_of(rules)[0];
    if dress.variant % 2 == 1 {
        out.push_str(&format!("{section}. {}\n\n", section_title(rev, section)));
    }
    for rule in rules {
        let n = rule.number;
        let body = strip(rule.title.as_deref().unwrap_or(&rule.text));
        match n.depth() {
            1 => out.push_str(&format!("\n{}. {body}\n\n", n.short())),
            2 => out.push_str(&format!("  {bullet} {}. {body}\n", n.short())),
            _ => out.push_str(&format!("{sub_indent}  {sub_bullet} {n} {body}\n")),
        }
        for example in &rule.examples {
            out.push_str(&format!("{sub_indent}    Example: {}\n", strip(example)));
        }
    }
    out
}

/// What the bulleted copy's publisher stripped: apostrophes and quotation marks.
fn strip(text: &str) -> String {
    text.replace(['\'', '’', '‘', '"', '“', '”'], "")
}

/// A rulings page as seed 004 writes it: the site's header, `NNN.Na - text [CompRules
/// YYYY/MM/DD]` entries, examples below their entry, rulings `NNN.N.Ruling.K`, the footer.
/// Every fifth entry has no date, and in the second dress long entries wrap.
fn render_rulings(rules: &[&Rule], dress: Dress) -> (String, BTreeMap<RuleNumber, Date>) {
    let top = rules
        .iter()
        .find_map(|r| r.number.rule_part())
        .unwrap_or_default();
    let mut dates = BTreeMap::new();
    let mut out = format!(
        "The Gaming Resource Library\nGo To: Home Page - Magic - Rules - Search - General {top}\n\
         New Search - General Rulings Table of Contents\n\
         This search based on the March 17, 2008 release of the Rulings.\n\n"
    );
    for (i, rule) in rules.iter().enumerate() {
        let n = rule.number;
        if let Some(title) = &rule.title {
            let bullet = if n.depth() == 2 && i % 2 == 0 {
                "  • "
            } else {
                ""
            };
            out.push_str(&format!("{bullet}{} - {title}\n", n.short()));
            continue;
        }
        let date = Date::new(
            2003 + (i % 5) as u16,
            1 + (i % 12) as u8,
            1 + (i % 28) as u8,
        )
        .expect("a valid date");
        let bracket = if i % 5 == 4 {
            String::new()
        } else {
            dates.insert(n, date);
            format!(
                " [CompRules {:04}/{:02}/{:02}]",
                date.year, date.month, date.day
            )
        };
        let text = if dress.variant == 1 && rule.text.len() > 120 {
            // A wrapped entry: the text goes on, indented, on the next line.
            let head: String = rule.text.chars().take(100).collect();
            let cut = head.rfind(' ').unwrap_or(head.len());
            let (first, rest) = rule.text.split_at(cut);
            format!("{first}\n    {}", rest.trim_start())
        } else {
            rule.text.clone()
        };
        out.push_str(&format!("  • {} - {text}{bracket}\n", n.short()));
        for example in &rule.examples {
            out.push_str(&format!("    Example: {example}{bracket}\n"));
        }
        if n.depth() == 2 && i % 7 == 3 {
            out.push_str(&format!(
                "  • {}.Ruling.1 - This ruling was written for the test. [D'Angelo 2007/10/20]\n",
                n.short()
            ));
        }
    }
    out.push_str(
        "    New Search\n    This search based on the March 17, 2008 release of the Rulings.\n\n\n\
         Copyright 1994-2008, Crystal Keep (The Fine Print)\n",
    );
    (out, dates)
}

// ---------------------------------------------------------------------------------------
// Reading back and comparing.

fn read_generated(name: &str, text: &str, date: Date) -> Revision {
    let options = ReadOptions {
        date: Some(date),
        id: None,
        format: None,
    };
    match read(name, text.as_bytes(), &options) {
        Ok(rev) => rev,
        Err(e) => panic!(
            "{name} did not read: {e}\n--- the document begins:\n{}",
            head(text)
        ),
    }
}

fn head(text: &str) -> String {
    text.lines().take(40).collect::<Vec<_>>().join("\n")
}

/// What differs between the official reading and the reading of a generated copy, after
/// `norm` has removed what the shape loses. Empty when they agree.
fn differences(
    name: &str,
    expected: &[&Rule],
    got: &Revision,
    norm: &dyn Fn(&str) -> String,
) -> Vec<String> {
    let mut out = Vec::new();
    let want: Vec<RuleNumber> = expected.iter().map(|r| r.number).collect();
    let have: Vec<RuleNumber> = got.rules.keys().copied().collect();
    for n in &want {
        if !have.contains(n) {
            out.push(format!("{name}: {n} is missing"));
        }
    }
    for n in &have {
        if !want.contains(n) {
            out.push(format!(
                "{name}: {n} was read but is not in the official text"
            ));
        }
    }
    for rule in expected {
        let Some(g) = got.rules.get(&rule.number) else {
            continue;
        };
        let n = rule.number;
        let title = |r: &Rule| r.title.as_deref().map(norm);
        if title(rule) != title(g) {
            out.push(format!(
                "{name}: {n} title {:?} read as {:?}",
                rule.title, g.title
            ));
        }
        if norm(&rule.text) != norm(&g.text) {
            out.push(format!(
                "{name}: {n} text\n   official {:?}\n   read     {:?}",
                rule.text, g.text
            ));
        }
        let ex = |r: &Rule| r.examples.iter().map(|e| norm(e)).collect::<Vec<_>>();
        if ex(rule) != ex(g) {
            out.push(format!(
                "{name}: {n} examples\n   official {:?}\n   read     {:?}",
                rule.examples, g.examples
            ));
        }
    }
    out
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the rst copy loses: curly quotes and long dashes.
fn ascii_quotes(text: &str) -> String {
    collapse(
        &text
            .replace(['“', '”'], "\"")
            .replace(['‘', '’'], "'")
            .replace('—', "--")
            .replace('–', "-"),
    )
}

/// The fragments the generator renders: (revision, what it covers).
const FRAGMENTS: &[(&str, &[&str])] = &[
    ("2009-07-11", &["1", "5", "702"]),
    ("2015-01-23", &["1", "5", "7"]),
    ("2020-06-01", &["1", "5", "7"]),
    ("2026-04-17", &["1", "5", "7"]),
];

fn assert_no_differences(all: Vec<String>) {
    if !all.is_empty() {
        let shown: Vec<&String> = all.iter().take(30).collect();
        panic!(
            "{} differences; the first:\n{}",
            all.len(),
            shown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}

#[test]
fn rst_of_other_sections_and_years_reads_like_the_official_text() {
    let mut all = Vec::new();
    for (date, parts) in FRAGMENTS {
        let Some(rev) = official(date) else { return };
        for part in *parts {
            let rules = select(&rev, &[part]);
            assert!(!rules.is_empty(), "{date} has rules within {part}");
            for variant in 0..2 {
                let name = format!("{date}-{part}-v{variant}.rst");
                let text = render_rst(&rev, &rules, Dress { variant });
                let got = read_generated(&name, &text, rev.date);
                assert_eq!(got.format, Format::Rst, "{name} is detected as rst");
                all.extend(differences(&name, &rules, &got, &ascii_quotes));
                let want_sections: Vec<(u8, String)> = sections_of(&rules)
                    .into_iter()
                    .map(|s| (s, ascii_quotes(&section_title(&rev, s))))
                    .collect();
                let have_sections: Vec<(u8, String)> = got
                    .sections
                    .iter()
                    .map(|s| (s.number, s.title.clone()))
                    .collect();
                if want_sections != have_sections {
                    all.push(format!(
                        "{name}: sections {have_sections:?}, expected {want_sections:?}"
                    ));
                }
            }
        }
    }
    assert_no_differences(all);
}

#[test]
fn web_pages_of_other_sections_and_years_read_like_the_official_text() {
    let mut all = Vec::new();
    for (date, parts) in FRAGMENTS {
        let Some(rev) = official(date) else { return };
        for part in *parts {
            let rules = select(&rev, &[part]);
            for variant in 0..2 {
                let name = format!("{date}-{part}-v{variant}.html.txt");
                let text = render_webpage(&rev, &rules, Dress { variant });
                let got = read_generated(&name, &text, rev.date);
                assert_eq!(
                    got.format,
                    Format::WebPage,
                    "{name} is detected as a web page"
                );
                // A web page loses nothing: the texts must be the same to the character.
                all.extend(differences(&name, &rules, &got, &|t: &str| t.to_string()));
                if !got.warnings.is_empty() {
                    all.push(format!("{name}: warnings {:?}", got.warnings));
                }
            }
        }
    }
    assert_no_differences(all);
}

/// Compares a restored text with the official one word by word: (apostrophes the
/// official text has, of those restored right, apostrophes restored where there are none).
fn score_restoration(official: &str, restored: &str) -> (usize, usize, Vec<String>) {
    let want = strip_quotes_only(official);
    let (mut total, mut right, mut wrong) = (0, 0, Vec::new());
    let a: Vec<&str> = want.split_whitespace().collect();
    let b: Vec<&str> = restored.split_whitespace().collect();
    for (w, r) in a.iter().zip(b.iter()) {
        let has = w.contains('’');
        if has {
            total += 1;
            if w == r {
                right += 1;
            }
        } else if r.contains('’') {
            wrong.push(format!("{w} → {r}"));
        }
    }
    (total, right, wrong)
}

/// The official text with quotation marks removed (as the copy lost them) and its
/// apostrophes written ’.
fn strip_quotes_only(text: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let prev_alpha = i > 0 && chars[i - 1].is_alphanumeric();
        let next_alpha = chars.get(i + 1).is_some_and(|c| c.is_alphanumeric());
        match c {
            '"' | '“' | '”' => {}
            '\'' | '’' | '‘' if prev_alpha && (next_alpha || chars.get(i + 1) == Some(&' ')) => {
                // An apostrophe inside a word, or closing a plural possessive ("players’").
                if next_alpha || c != '‘' {
                    out.push('’');
                }
            }
            '\'' | '’' | '‘' => {}
            _ => out.push(c),
        }
    }
    out
}

#[test]
fn bulleted_copies_of_other_rules_read_like_the_official_text() {
    let mut all = Vec::new();
    let (mut total, mut right) = (0, 0);
    let mut corrupted = Vec::new();
    for (d, (date, parts)) in FRAGMENTS.iter().enumerate() {
        let Some(rev) = official(date) else { return };
        for (k, part) in parts.iter().enumerate() {
            let rules = select(&rev, &[part]);
            // Every bullet style meets every section across the revisions.
            let variant = (k + d) % BULLETS.len();
            let name = format!("{date}-{part}-v{variant}.bullets.txt");
            let text = render_bulleted(&rev, &rules, Dress { variant });
            let got = read_generated(&name, &text, rev.date);
            assert_eq!(
                got.format,
                Format::Bulleted,
                "{name} is detected as bulleted"
            );
            // Rule numbers, titles and (apostrophes aside) texts and examples.
            let unquote = |t: &str| collapse(&t.replace(['\'', '’', '‘', '"', '“', '”'], ""));
            all.extend(differences(&name, &rules, &got, &unquote));
            for rule in &rules {
                let Some(g) = got.rules.get(&rule.number) else {
                    continue;
                };
                let pairs = std::iter::once((&rule.text, &g.text))
                    .chain(rule.examples.iter().zip(g.examples.iter()));
                for (want, have) in pairs {
                    let (t, r, w) = score_restoration(want, have);
                    total += t;
                    right += r;
                    corrupted.extend(
                        w.into_iter()
                            .map(|w| format!("{name} {}: {w}", rule.number)),
                    );
                }
            }
        }
    }
    assert_no_differences(all);
    println!("apostrophes restored right: {right} of {total}");
    assert!(
        corrupted.is_empty(),
        "apostrophes put where the official text has none:\n{}",
        corrupted.join("\n")
    );
    assert!(
        right * 100 >= total * 60,
        "only {right} of {total} apostrophes were restored"
    );
}

#[test]
fn rulings_pages_of_other_rules_and_numberings_read_like_the_official_text() {
    let mut all = Vec::new();
    let cases: &[(&str, &[&str])] = &[
        ("2008-02-01", &["502"]),
        ("2008-02-01", &["420"]),
        ("2015-01-23", &["702"]),
        ("2026-04-17", &["101"]),
    ];
    for (date, parts) in cases {
        let Some(rev) = official(date) else { return };
        for part in *parts {
            let rules = select(&rev, &[part]);
            for variant in 0..2 {
                let name = format!("{date}-{part}-v{variant}.rulings.txt");
                let (text, dates) = render_rulings(&rules, Dress { variant });
                let got = read_generated(&name, &text, rev.date);
                assert_eq!(got.format, Format::RulingsPage, "{name} is a rulings page");
                all.extend(differences(&name, &rules, &got, &collapse));
                for rule in &rules {
                    let g = got.rules.get(&rule.number);
                    let have = g.and_then(|g| g.last_changed);
                    if let Some(g) = g.filter(|_| dates.get(&rule.number).copied() != have) {
                        all.push(format!(
                            "{name}: {} last changed {:?}, expected {:?}",
                            g.number,
                            have,
                            dates.get(&rule.number)
                        ));
                    }
                }
                if !got.warnings.is_empty() {
                    all.push(format!("{name}: warnings {:?}", got.warnings));
                }
            }
        }
    }
    assert_no_differences(all);
}

// ---------------------------------------------------------------------------------------
// Hand-written documents.

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/shapes")
}

/// `tests/data/shapes/*.expect` says what reading the file beside it must give:
/// `format NAME`, `rules N`, `rule NUMBER TEXT…` (the text begins so), `warning LINE`
/// (a warning on that line), or `refused` (the file must be refused naming it).
#[test]
fn hand_written_documents_read_as_their_expectations_say() {
    let mut failures = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data/shapes")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "expect"))
        .collect();
    entries.sort();
    assert!(!entries.is_empty());
    for expect in entries {
        let doc = expect.with_extension("");
        failures.extend(check_document(&doc, &expect));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn check_document(doc: &Path, expect: &Path) -> Vec<String> {
    let name = doc.display().to_string();
    let bytes = std::fs::read(doc).unwrap_or_default();
    let expectations = std::fs::read_to_string(expect).unwrap_or_default();
    let options = ReadOptions {
        date: Date::new(2020, 1, 1),
        id: None,
        format: None,
    };
    // The path of `arbiter ingest`: read, then the whole-document check.
    let result = read_checked(&name, &bytes, &options).map(|c| c.revision);
    let mut out = Vec::new();
    for line in expectations
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match (key, &result) {
            ("refused", Ok(rev)) => out.push(format!(
                "{name}: should be refused, read as {} with {} rules",
                rev.format.name(),
                rev.rules.len()
            )),
            ("refused", Err(e)) => {
                if !e.to_string().starts_with(&name) {
                    out.push(format!("{name}: the refusal does not name the file: {e}"));
                }
            }
            (_, Err(e)) => out.push(format!("{name}: {e}")),
            ("format", Ok(rev)) => {
                if rev.format.name() != rest {
                    out.push(format!(
                        "{name}: format {}, expected {rest}",
                        rev.format.name()
                    ));
                }
            }
            ("rules", Ok(rev)) => {
                if rev.rules.len().to_string() != rest {
                    let numbers: Vec<String> = rev.rules.keys().map(|n| n.to_string()).collect();
                    out.push(format!(
                        "{name}: {} rules {numbers:?}, expected {rest}",
                        rev.rules.len()
                    ));
                }
            }
            ("rule", Ok(rev)) => {
                let (number, text) = rest.split_once(' ').unwrap_or((rest, ""));
                let rule = number
                    .parse::<RuleNumber>()
                    .ok()
                    .and_then(|n| rev.rules.get(&n));
                match rule {
                    Some(r) => {
                        let shown = r.title.clone().unwrap_or_else(|| r.text.clone());
                        if !shown.starts_with(text) {
                            out.push(format!(
                                "{name}: {number} reads {shown:?}, expected {text:?}…"
                            ));
                        }
                    }
                    None => out.push(format!("{name}: {number} is missing")),
                }
            }
            ("warning", Ok(rev)) => {
                let line_no: usize = rest.parse().unwrap_or(0);
                if !rev.warnings.iter().any(|w| w.line == line_no) {
                    out.push(format!(
                        "{name}: no warning on line {line_no}: {:?}",
                        rev.warnings
                    ));
                }
            }
            (other, Ok(_)) => {
                out.push(format!("{}: unknown expectation {other}", expect.display()))
            }
        }
    }
    out
}
