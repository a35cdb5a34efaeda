//! The publisher's plain-text Comprehensive Rules, as published from 1999 to today.
//!
//! The text (already decoded, `\n` line endings) is read line by line: the effective date
//! from the header ("These rules are effective as of …", "current as of …", or the 1999
//! banner `04/23/99`); the table of contents is skipped (the body starts at the section
//! heading above the first numbered rule); section headings (`1. Game Concepts`), titled
//! rules (`303. Enchantments`, `702.2. Deathtouch`, before 2009 `212.2. Artifacts`), rules
//! and subrules (with the official typos `119.1d.`, `606.5` without a period, `901.4.All`),
//! examples kept apart, then the glossary; the 1999 index, the credits and the contact
//! addresses are not rules.
//!
//! Old files (1999–2004) are hard-wrapped: a line that does not start a rule, an example
//! or a new paragraph continues the previous one and is joined with one space. A wrapped
//! cross-reference can put a rule number at the start of a line ("See rule\n102.7."); such
//! a line starts a rule only if it could: the line before it is blank or ends a sentence,
//! and the number follows the previous rule in order.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;

use super::{references, Parsed};
use crate::model::{GlossaryEntry, Rule, RuleNumber, Section, Warning, SUBRULE_LETTERS};

mod dates;
mod numbers;

use dates::effective_date;
pub(super) use dates::header_dates;
use numbers::{numbering_style, parse_rule_line, RuleLine, NO_PERIOD};

/// A section heading: `1. Game Concepts`.
static SECTION_HEADING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d)\.\s+(\S.{0,80})$").expect("the section pattern compiles"));

/// A glossary sense: `1. Text on an object …`.
static SENSE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d{1,2}\.\s").expect("the sense pattern compiles"));

/// The start of an example line: `Example:` (1999: `EXAMPLE:`).
static EXAMPLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?i:example):\s*").expect("the example pattern compiles"));

/// A definition that ends on a rule number without its full stop (`See rule 603.4`).
static ENDS_WITH_REFERENCE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\brules? \d{3}(?:\.\d+[a-z]?)?$").expect("the reference pattern compiles")
});

/// One line of the text: its number (1-based), indentation and content without the
/// surrounding white space.
#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    no: usize,
    indent: usize,
    text: &'a str,
    /// The raw line ends with a hyphen or dash right at the wrap ("state-|based",
    /// "skipped—|any"), not a dash standing as a word ("Creature —|Golem").
    ends_with_hyphen: bool,
}

impl<'a> Line<'a> {
    fn new(no: usize, raw: &'a str) -> Line<'a> {
        let trimmed_start = raw.trim_start();
        let indent = raw[..raw.len() - trimmed_start.len()]
            .chars()
            .map(|c| if c == '\t' { 4 } else { 1 })
            .sum();
        Line {
            no,
            indent,
            text: trimmed_start.trim_end(),
            ends_with_hyphen: raw
                .strip_suffix(['-', '—'])
                .is_some_and(|before| before.ends_with(|c: char| !c.is_whitespace())),
        }
    }

    fn is_blank(&self) -> bool {
        self.text.is_empty()
    }

    /// A line of only `-` or `=` (the 1999 file underlines its headings).
    fn is_rule_off(&self) -> bool {
        self.text.len() >= 3 && self.text.bytes().all(|b| b == b'-' || b == b'=')
    }
}

/// A glossary on its own (a glossary page): a "Glossary" heading followed by at least
/// three entries, each a short term line with its definition on the next line.
pub(super) fn is_glossary_page(text: &str) -> bool {
    let Some(at) = text.lines().position(|l| l.trim() == "Glossary") else {
        return false;
    };
    let lines: Vec<&str> = text.lines().skip(at + 1).map(str::trim).collect();
    let entries = (1..lines.len().saturating_sub(1))
        .filter(|&i| {
            let (before, term) = (lines[i - 1], lines[i]);
            // The definition: the next line, or the one after a blank line (a web
            // page's definition list sets the term apart so).
            let definition = match lines[i + 1] {
                "" => lines.get(i + 2).copied().unwrap_or(""),
                line => line,
            };
            // An entry follows a blank line, or (a copy without blank lines) a
            // finished definition.
            (before.is_empty() || ends_sentence(before))
                && !term.is_empty()
                && looks_like_term(term)
                && !term.ends_with('.')
                && definition.len() > term.len()
        })
        .count();
    entries >= 3
}

/// Whether a line ends the way a sentence or a heading does, so that a rule may follow.
pub(super) fn ends_sentence(text: &str) -> bool {
    text.ends_with(['.', ':', '!', '?', ')', '”', '"', '’', ']', ';'])
}

/// A hard-wrapped file: almost no line is longer than 125 characters.
fn is_hard_wrapped(lines: &[Line<'_>]) -> bool {
    let non_blank = lines.iter().filter(|l| !l.is_blank()).count();
    let long = lines
        .iter()
        .filter(|l| l.text.chars().count() > 125)
        .count();
    non_blank >= 20 && long * 100 <= non_blank
}

/// The index of the first line of the body: the section heading (or titled rule) just
/// above the first numbered subrule, so the table of contents, which repeats the
/// headings, is skipped.
fn body_start(lines: &[Line<'_>]) -> usize {
    let first_subrule = lines.iter().position(|l| {
        parse_rule_line(l.text).is_some_and(|r| r.number.depth() >= 2 && !r.rest.is_empty())
    });
    let Some(mut start) = first_subrule else {
        // No rules: a table of contents, or a glossary page.
        return lines
            .iter()
            .position(|l| parse_rule_line(l.text).is_some())
            .or_else(|| lines.iter().position(|l| l.text == "Glossary"))
            .unwrap_or(lines.len());
    };
    while start > 0 {
        let prev = &lines[start - 1];
        let heading_like = prev.is_blank()
            || prev.is_rule_off()
            || SECTION_HEADING.is_match(prev.text)
            || parse_rule_line(prev.text).is_some_and(|r| r.number.depth() == 1);
        if !heading_like {
            break;
        }
        start -= 1;
    }
    start
}

/// Whether `candidate` can follow `last` in a well-formed document.
pub(super) fn follows_in_order(candidate: RuleNumber, last: Option<RuleNumber>) -> bool {
    let Some(last) = last else { return true };
    if candidate <= last {
        return false;
    }
    let (c, l) = (
        candidate.rule_part().unwrap_or_default(),
        last.rule_part().unwrap_or_default(),
    );
    if c > l + 2 && candidate.section_number() == last.section_number() {
        return false;
    }
    if candidate.section_number() > last.section_number() + 1 {
        return false;
    }
    match candidate.depth() {
        // A lettered subrule follows its parent or a sibling.
        3 => {
            candidate.parent() == Some(last)
                || (last.depth() == 3 && candidate.parent() == last.parent())
        }
        // A subrule follows something in its own rule, or starts one with .1.
        2 => c == l || candidate.sub_part() == Some(1),
        _ => true,
    }
}

/// A short heading-like text: a titled rule's title ("Deathtouch", "Artifacts",
/// "For Mirrodin!"). A sentence ends in a full stop, also inside closing quotes
/// ("Some Aura enchantments also have the subtype “Role.”" is rule text).
fn looks_like_title(rest: &str) -> bool {
    let end = rest.trim_end_matches(['"', '”', '’', '\'', ')']);
    !rest.is_empty()
        && rest.chars().count() <= 60
        && rest.split_whitespace().count() <= 8
        && !end.ends_with(['.', ':', ';', ','])
        && rest.starts_with(|c: char| c.is_uppercase() || c == '[' || c == '_')
}

/// Where continuation lines go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Nothing,
    RuleText(RuleNumber),
    Example(RuleNumber),
    Glossary,
}

/// What part of the document a line is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Rules,
    Glossary,
    /// The 1999 index, the credits, contact addresses: not rules.
    Ignored,
}

/// Appends a continuation line to `text`: with one space when it continues a
/// hard-wrapped line, on a new line when it is a paragraph of its own.
fn append(text: &mut String, line: &Line<'_>, wrapped_join: bool, prev_hyphen: bool) {
    if text.is_empty() {
        text.push_str(line.text);
    } else if wrapped_join {
        if !prev_hyphen {
            text.push(' ');
        }
        text.push_str(line.text);
    } else {
        text.push('\n');
        text.push_str(line.text);
    }
}

struct Reader<'a> {
    lines: Vec<Line<'a>>,
    wrapped: bool,
    rules: BTreeMap<RuleNumber, Rule>,
    sections: Vec<Section>,
    glossary: Vec<GlossaryEntry>,
    warnings: Vec<Warning>,
    last: Option<RuleNumber>,
    target: Target,
    /// The indentation of the first line of the paragraph being continued.
    base_indent: usize,
    prev_hyphen: bool,
    /// The line of the section heading read last: a rule may follow it directly.
    heading_line: Option<usize>,
    /// A glossary written without blank lines between its entries (a copy whose empty
    /// lines were removed): a term may follow the end of a definition directly.
    compact_glossary: bool,
    /// The copy writes its numbered rules without the period after their number (`100.1
    /// These…`) or with a parenthesis (`100.1) These…`): its style, not a typo on each line.
    numbering: Option<&'static str>,
}

/// Reads official text into rules, sections and glossary.
pub(crate) fn read(text: &str) -> Parsed {
    let lines: Vec<Line<'_>> = text
        .split('\n')
        .enumerate()
        .map(|(i, raw)| Line::new(i + 1, raw))
        .collect();
    let wrapped = is_hard_wrapped(&lines);
    let numbering = numbering_style(&lines);
    let mut reader = Reader {
        lines,
        wrapped,
        rules: BTreeMap::new(),
        sections: Vec::new(),
        glossary: Vec::new(),
        warnings: Vec::new(),
        last: None,
        target: Target::Nothing,
        base_indent: 0,
        prev_hyphen: false,
        heading_line: None,
        compact_glossary: false,
        numbering: numbering.map(|(style, _)| style),
    };
    match numbering {
        Some((NO_PERIOD, first)) => reader.warn(
            first,
            "the rule numbers are written without the period after them (`100.1 These…`, officially `100.1. These…`): read as this copy's style",
        ),
        Some((_, first)) => reader.warn(
            first,
            "the rule numbers are written with a parenthesis after them (`100.1) These…`, officially `100.1. These…`): read as this copy's style",
        ),
        None => {}
    }
    reader.read_body();
    let Reader {
        mut rules,
        sections,
        mut glossary,
        warnings,
        ..
    } = reader;
    for rule in rules.values_mut() {
        rule.references = rule_references(rule);
    }
    for entry in &mut glossary {
        entry.references = references::extract(&entry.definition);
    }
    let complete = sections.len() >= 2 && !glossary.is_empty();
    Parsed {
        date: effective_date(text),
        complete,
        sections,
        rules,
        glossary,
        warnings,
    }
}

/// The references of a rule's text and examples, in order of first mention.
fn rule_references(rule: &Rule) -> Vec<RuleNumber> {
    let mut seen = std::collections::HashSet::from([rule.number]);
    std::iter::once(&rule.text)
        .chain(&rule.examples)
        .flat_map(|text| references::extract(text))
        .filter(|n| seen.insert(*n))
        .collect()
}

impl<'a> Reader<'a> {
    fn warn(&mut self, line: usize, message: impl Into<String>) {
        self.warnings.push(Warning {
            line,
            message: message.into(),
        });
    }

    fn read_body(&mut self) {
        let start = body_start(&self.lines);
        let mut part = Part::Rules;
        let mut prev_blank = true;
        // Whether the previous non-blank line may be followed by a rule.
        let mut prev_ends = true;
        for i in start..self.lines.len() {
            let line = self.lines[i];
            if line.is_blank() {
                prev_blank = true;
                continue;
            }
            if line.is_rule_off() {
                prev_blank = true;
                prev_ends = true;
                continue;
            }
            match part {
                Part::Rules => {
                    if line.text == "Glossary" && (prev_blank || line.indent == 0) {
                        part = Part::Glossary;
                        self.target = Target::Nothing;
                        self.compact_glossary = is_compact_glossary(&self.lines[i + 1..]);
                        if self.compact_glossary {
                            self.warn(line.no, "the glossary has no blank lines between its entries: each term was told by its look (a short name after a finished definition); check it against the source");
                        }
                    } else if matches!(line.text, "Credits" | "Index") && prev_blank {
                        part = Part::Ignored;
                    } else if !self.rules_line(i, prev_blank, prev_ends) {
                        continue; // a stray line: as if it were not there
                    }
                }
                Part::Glossary => {
                    if matches!(line.text, "Credits" | "Index") && line.indent == 0 {
                        part = Part::Ignored;
                    } else {
                        self.glossary_line(&line, prev_blank);
                    }
                }
                Part::Ignored => {}
            }
            prev_ends = ends_sentence(line.text)
                || parse_rule_line(line.text).is_some()
                || self.heading_line == Some(i);
            self.prev_hyphen = line.ends_with_hyphen;
            prev_blank = false;
        }
    }

    /// A non-blank line in the numbered rules. False when the line was left out as stray.
    fn rules_line(&mut self, i: usize, prev_blank: bool, prev_ends: bool) -> bool {
        let line = self.lines[i];
        if let Some(rule_line) = self
            .missing_subrule_number(line.text)
            .filter(|_| prev_blank || prev_ends)
        {
            self.start_rule(i, rule_line);
            return true;
        }
        if let Some(rule_line) = parse_rule_line(line.text) {
            // A section's heading vouches for the rule under it (`200. General`).
            let under_heading = i
                .checked_sub(1)
                .is_some_and(|h| self.heading_line == Some(h));
            let accept = prev_blank
                || under_heading
                || (prev_ends && follows_in_order(rule_line.number, self.last));
            if accept {
                self.start_rule(i, rule_line);
                return true;
            }
        } else if let Some(c) = SECTION_HEADING.captures(line.text) {
            let number: u8 = c[1].parse().unwrap_or_default();
            let after_last = self.sections.last().is_none_or(|s| number > s.number);
            // Without a blank line before it (a copy whose empty lines were removed), a
            // heading is one only when its section's first rule (`200. General`) follows.
            let set_apart = prev_blank || (prev_ends && self.next_rule_opens_section(i, number));
            if set_apart && after_last && number >= 1 && !ends_sentence(&c[2]) {
                self.sections.push(Section {
                    number,
                    title: c[2].trim().to_string(),
                });
                self.target = Target::Nothing;
                self.heading_line = Some(i);
                return true;
            }
        }
        if let Some(m) = EXAMPLE.find(line.text) {
            if let Target::RuleText(n) | Target::Example(n) = self.target {
                if let Some(rule) = self.rules.get_mut(&n) {
                    rule.examples.push(line.text[m.end()..].to_string());
                    self.target = Target::Example(n);
                    self.base_indent = line.indent;
                    return true;
                }
            }
        }
        // A continuation of the rule or example before; after a blank line, a paragraph
        // of the rule (not of its example).
        if let (true, Target::Example(n)) = (prev_blank, self.target) {
            self.target = Target::RuleText(n);
        }
        let wrapped_join =
            self.wrapped && !prev_blank && line.indent < self.base_indent.saturating_add(3);
        let prev_hyphen = self.prev_hyphen;
        match self.target {
            Target::RuleText(n) => {
                if !self.wrapped && line.text.chars().count() <= 2 && !prev_blank {
                    self.warn(
                        line.no,
                        format!("a stray line \"{}\" after rule {n} was left out", line.text),
                    );
                    return false;
                }
                if let Some(rule) = self.rules.get_mut(&n) {
                    append(&mut rule.text, &line, wrapped_join, prev_hyphen);
                }
            }
            Target::Example(n) => {
                if let Some(example) = self.rules.get_mut(&n).and_then(|r| r.examples.last_mut()) {
                    append(example, &line, wrapped_join, prev_hyphen);
                }
            }
            Target::Nothing | Target::Glossary => {
                self.warn(
                    line.no,
                    format!(
                        "a line that belongs to no rule was left out: \"{}\"",
                        clip(line.text)
                    ),
                );
            }
        }
        true
    }

    fn start_rule(&mut self, i: usize, rule_line: RuleLine<'_>) {
        let line = self.lines[i];
        let mut number = rule_line.number;
        let style = rule_line.typo.is_some() && self.numbering == rule_line.typo;
        if let Some(typo) = rule_line.typo.filter(|_| !style) {
            self.warn(line.no, format!("rule {number} is printed with {typo}"));
        }
        self.recover_lost_parent(number, line.no);
        if let Some(meant) = self.misprinted(number) {
            let last = self.last.map(|l| l.to_string()).unwrap_or_default();
            if self.next_rule_is_sibling(i, number) {
                // The next rule bears the printed number out: what is wrong is the line
                // before, not this one. Number order is evidence, never a licence to
                // renumber a run of rules.
                let parent = number.parent().map(|p| p.to_string()).unwrap_or_default();
                self.warn(
                    line.no,
                    format!("rule {number} follows {last} without its rule {parent}: the line of rule {parent} is lost or damaged; {number} is read as printed"),
                );
            } else {
                self.warn(
                    line.no,
                    format!("rule {number} is misprinted: it stands between {last} and what follows, so it is read as {meant}"),
                );
                number = meant;
            }
        }
        if self.last.is_some_and(|last| number < last) && !self.rules.contains_key(&number) {
            self.warn(
                line.no,
                format!(
                    "rule {number} is out of order (after {})",
                    self.last.map(|l| l.to_string()).unwrap_or_default()
                ),
            );
        }
        let title = match number.depth() {
            1 => (!rule_line.rest.is_empty()).then(|| rule_line.rest.to_string()),
            2 if looks_like_title(rule_line.rest) && self.next_is_rule_or_heading(i) => {
                Some(rule_line.rest.to_string())
            }
            _ => None,
        };
        self.last = Some(number);
        self.base_indent = line.indent;
        self.target = Target::RuleText(number);
        if let Some(existing) = self.rules.get_mut(&number) {
            // An official duplicate (702.30d twice in 2009): keep both texts.
            self.warnings.push(Warning {
                line: line.no,
                message: format!(
                    "rule {number} appears twice; the second text is kept after the first"
                ),
            });
            if title.is_none() && !rule_line.rest.is_empty() {
                if !existing.text.is_empty() {
                    existing.text.push('\n');
                }
                existing.text.push_str(rule_line.rest);
            }
            return;
        }
        let mut rest = rule_line.rest;
        if let Some(again) = rest
            .strip_prefix(line.text.split_whitespace().next().unwrap_or("\0"))
            .filter(|r| r.starts_with(' '))
        {
            self.warn(
                line.no,
                format!("rule {number} is printed with its number twice"),
            );
            rest = again.trim_start();
        }
        let mut rule = Rule::new(number, if title.is_some() { "" } else { rest });
        rule.title = title;
        self.rules.insert(number, rule);
    }

    /// The typo `306.b If …` (the subrule number left out) inside subrule 306.3: read as
    /// `306.3b`.
    fn missing_subrule_number<'t>(&self, text: &'t str) -> Option<RuleLine<'t>> {
        let b = text.as_bytes();
        if b.len() < 7 || !b[..3].iter().all(u8::is_ascii_digit) || b[3] != b'.' {
            return None;
        }
        if !b[4].is_ascii_lowercase() || b[5] != b' ' || !text[6..].starts_with(char::is_uppercase)
        {
            return None;
        }
        let last = self.last?;
        let rule: u16 = text[..3].parse().ok()?;
        if last.rule_part() != Some(rule) {
            return None;
        }
        Some(RuleLine {
            number: RuleNumber::lettered(rule, last.sub_part()?, b[4] as char),
            rest: text[6..].trim(),
            typo: Some("its subrule number left out"),
        })
    }

    /// The number a misprinted lettered subrule stands for: `432.2b` right after `423.2a`,
    /// `502.35b` right after `502.36a` are the next letter of the rule before (`423.2b`,
    /// `502.36b`), when that number is free and the printed one is out of order.
    fn misprinted(&self, number: RuleNumber) -> Option<RuleNumber> {
        let last = self.last?;
        let letter = number.letter()?;
        if follows_in_order(number, Some(last)) && !self.rules.contains_key(&number) {
            return None;
        }
        let (rule, sub) = (last.rule_part()?, last.sub_part()?);
        let expected = match last.letter() {
            Some(l) => {
                let pos = SUBRULE_LETTERS.iter().position(|&c| c as char == l)?;
                *SUBRULE_LETTERS.get(pos + 1)? as char
            }
            None => 'a',
        };
        let meant = RuleNumber::lettered(rule, sub, expected);
        (letter == expected && meant != number && !self.rules.contains_key(&meant)).then_some(meant)
    }

    /// Whether the next rule line after `i` is a sibling of `number` (the next lettered
    /// subrule of the same subrule), which shows that `number` is printed right.
    fn next_rule_is_sibling(&self, i: usize, number: RuleNumber) -> bool {
        self.lines[i + 1..]
            .iter()
            .filter_map(|l| parse_rule_line(l.text))
            .next()
            .is_some_and(|next| next.number.parent() == number.parent() && next.number > number)
    }

    /// A lettered subrule whose subrule was never read: its line may be inside the rule
    /// read last, hidden by damage at its start (`*704.5. The state-based actions…`, a
    /// character the decoder did not know). If a paragraph of the last rule's text,
    /// stripped of what comes before its first digit, is that subrule's line, it is taken
    /// out and read as the subrule, with a warning.
    fn recover_lost_parent(&mut self, number: RuleNumber, line: usize) {
        let (Some(parent), Some(last)) = (number.parent(), self.last) else {
            return;
        };
        if number.depth() != 3 || self.rules.contains_key(&parent) || last == parent {
            return;
        }
        let Some(rule) = self.rules.get_mut(&last) else {
            return;
        };
        let found = rule.text.match_indices('\n').find_map(|(at, _)| {
            let after = &rule.text[at + 1..];
            let (paragraph, more) = after.split_once('\n').unwrap_or((after, ""));
            let start = paragraph.find(|c: char| c.is_ascii_digit())?;
            let parsed = parse_rule_line(&paragraph[start..])?;
            let mut text = parsed.rest.to_string();
            if !more.is_empty() {
                text.push('\n');
                text.push_str(more);
            }
            (parsed.number == parent && start <= 4).then(|| (at, text, clip(paragraph)))
        });
        let Some((at, rest, shown)) = found else {
            return;
        };
        rule.text.truncate(at);
        self.rules.insert(parent, Rule::new(parent, rest));
        self.warn(
            line,
            format!("rule {parent} was found inside rule {last}, its line damaged at the start (\"{shown}\"); it is read as its own rule"),
        );
        self.last = Some(parent);
    }

    /// Whether the next non-blank line after `i` is the first rule of section `section`
    /// (`200.` for section 2).
    fn next_rule_opens_section(&self, i: usize, section: u8) -> bool {
        self.lines[i + 1..]
            .iter()
            .find(|l| !l.is_blank())
            .and_then(|l| parse_rule_line(l.text))
            .is_some_and(|r| {
                r.number.depth() == 1 && r.number.rule_part() == Some(u16::from(section) * 100)
            })
    }

    /// Whether the next non-blank line after `i` starts a rule or a section.
    fn next_is_rule_or_heading(&self, i: usize) -> bool {
        self.lines[i + 1..]
            .iter()
            .find(|l| !l.is_blank() && !l.is_rule_off())
            .is_none_or(|l| {
                parse_rule_line(l.text).is_some()
                    || SECTION_HEADING.is_match(l.text)
                    || l.text == "Glossary"
            })
    }

    /// A non-blank line in the glossary: a term after a blank line, else a line of the
    /// definition.
    fn glossary_line(&mut self, line: &Line<'_>, prev_blank: bool) {
        // Without a blank line before it, a term is a name after a finished definition,
        // followed by its own definition (a list of names, such as 1999's expansion
        // symbols, is a definition's). A whole glossary may be so (a copy whose empty
        // lines were removed), or one entry of the official text (2022-06-10's
        // "Affinity" right under "Adventurer Card").
        let unspaced_term = !prev_blank
            && self.target == Target::Glossary
            && is_term_line(line.text)
            && self
                .lines
                .get(line.no)
                .map_or(self.compact_glossary, |next| {
                    !is_term_line(next.text) && (self.compact_glossary || !next.is_blank())
                })
            && self.glossary.last().is_some_and(|e| {
                !e.definition.is_empty()
                    && (ends_sentence(&e.definition) || ENDS_WITH_REFERENCE.is_match(&e.definition))
            });
        if unspaced_term && !self.compact_glossary {
            self.warn(
                line.no,
                format!(
                    "the glossary term \"{}\" follows the previous definition with no blank line between them: read as a new entry",
                    line.text
                ),
            );
        }
        let continues_entry = self.target == Target::Glossary
            && !unspaced_term
            && self.glossary.last().is_some_and(|e| {
                !prev_blank
                    || line.indent > 0
                    || e.definition.is_empty()
                    || SENSE.is_match(line.text)
                    || !looks_like_term(line.text)
            });
        if !continues_entry {
            let (term, aliases, obsolete) = glossary_term(line.text);
            self.glossary.push(GlossaryEntry {
                term,
                aliases,
                definition: String::new(),
                obsolete,
                references: Vec::new(),
            });
            self.target = Target::Glossary;
            self.base_indent = usize::MAX; // set by the first definition line
            return;
        }
        let first = self.base_indent == usize::MAX;
        if first {
            self.base_indent = line.indent;
        }
        let wrapped_join = self.wrapped
            && !first
            && !prev_blank
            && line.indent < self.base_indent.saturating_add(3)
            && !SENSE.is_match(line.text)
            && !EXAMPLE.is_match(line.text);
        let prev_hyphen = self.prev_hyphen;
        if let Some(entry) = self.glossary.last_mut() {
            append(&mut entry.definition, line, wrapped_join, prev_hyphen);
        }
    }
}

/// A glossary term: a short name, not a sentence ("Active Player", "Protection",
/// "Hidden Information (Obsolete)"), nor a definition's closing reference ("See rule
/// 407, “Ante.”", which a copy may set apart by a blank line).
fn looks_like_term(text: &str) -> bool {
    text.chars().count() <= 70
        && !(text.ends_with('.') && text.split_whitespace().count() > 4)
        && !text.starts_with("See ")
}

/// A line that can only be a term, for a glossary without blank lines between its
/// entries: a short capitalised name (`Banding, “Bands with Other”`, `Interrupt
/// (Obsolete)`, `Team vs. Team Variant`) that ends no sentence and is no sense (`2. …`)
/// or example.
fn is_term_line(text: &str) -> bool {
    let end = text.trim_end_matches(['"', '”', '’', '\'']);
    looks_like_term(text)
        && text.split_whitespace().count() <= 8
        && !text.replace("vs. ", "vs ").contains(". ")
        && text
            .trim_start_matches(['"', '“'])
            .starts_with(|c: char| c.is_uppercase())
        && !end.ends_with(['.', ':', ';', ','])
        && !SENSE.is_match(text)
        && !EXAMPLE.is_match(text)
}

/// Whether the glossary that starts at `lines` (up to its "Credits") has almost no blank
/// lines: one in ten lines or fewer, where each entry of the official text ends in one.
fn is_compact_glossary(lines: &[Line<'_>]) -> bool {
    let glossary = lines
        .iter()
        .take_while(|l| !matches!(l.text, "Credits" | "Index") || l.indent > 0);
    let (mut blank, mut text) = (0, 0);
    for line in glossary {
        if line.is_blank() {
            blank += 1;
        } else {
            text += 1;
        }
    }
    text >= 6 && blank * 10 < text
}

/// "Active Player, Nonactive Player" → ("Active Player", ["Nonactive Player"]);
/// "Interrupt (Obsolete)" → obsolete.
fn glossary_term(text: &str) -> (String, Vec<String>, bool) {
    let mut t = text.trim();
    let mut obsolete = false;
    if let Some(stripped) = t.strip_suffix("(Obsolete)") {
        obsolete = true;
        t = stripped.trim_end();
    }
    // "Active Player, Nonactive Player Order" names one order, not two things.
    if t.ends_with(" Order") || t.ends_with(" Rule") {
        return (t.to_string(), Vec::new(), obsolete);
    }
    let names = split_names(t);
    let mut names = names.into_iter();
    let term = names.next().unwrap_or_default();
    (term, names.collect(), obsolete)
}

/// `Partner, “Partner—[text],” “Partner with [name]”` → the three names, quotes and
/// commas removed.
fn split_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start_matches([',', ' ']);
        if rest.is_empty() {
            return names;
        }
        let quoted = [('“', '”'), ('"', '"')]
            .into_iter()
            .find_map(|(open, close)| {
                let inner = rest.strip_prefix(open)?;
                let end = inner.find(close)?;
                Some((&inner[..end], &inner[end + close.len_utf8()..]))
            });
        let (name, after) = match quoted {
            Some((inner, after)) => (inner.trim_end_matches(','), after),
            None => match rest.find(", ") {
                Some(at) => (&rest[..at], &rest[at + 2..]),
                None => (rest, ""),
            },
        };
        let name = name.trim();
        if !name.is_empty() {
            names.push(name.to_string());
        }
        rest = after;
    }
}

/// The start of a long line, for messages.
fn clip(text: &str) -> String {
    let mut s: String = text.chars().take(60).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests;
