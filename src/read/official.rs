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
use crate::model::{Date, GlossaryEntry, Rule, RuleNumber, Section, Warning, SUBRULE_LETTERS};

/// A header line: "These rules are effective as of January 16, 2026" / "These rules are
/// current as of April 23, 1999". The same words in a sentence elsewhere do not date
/// the text.
static EFFECTIVE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?im)^\s*these rules are (?:effective|current)\s+as\s+of\s+([A-Z][a-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})")
        .expect("the effective-date pattern compiles")
});

/// The 1999 banner: `COMPREHENSIVE RULES      04/23/99`.
static BANNER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)comprehensive rules\s+(\d{2})/(\d{2})/(\d{2}|\d{4})\b")
        .expect("the banner pattern compiles")
});

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

/// A rule line as read: the number, the rest of the line, and a note on a typo in the
/// number (`901.4.All`, `119.1d.`).
#[derive(Debug, Clone, Copy)]
struct RuleLine<'a> {
    number: RuleNumber,
    rest: &'a str,
    typo: Option<&'static str>,
}

/// Reads `303.`, `303.4.`, `303.4c`, `119.1d.` (typo), `606.5` (no period), `901.4.All`
/// (no space) at the start of `line` (leading white space already removed).
fn parse_rule_line(line: &str) -> Option<RuleLine<'_>> {
    let b = line.as_bytes();
    if b.len() < 4 || !b[..3].iter().all(u8::is_ascii_digit) || b[3] != b'.' {
        return None;
    }
    let rule: u16 = line[..3].parse().ok()?;
    if let Some(split) = split_number(line) {
        return Some(split);
    }
    let mut i = 4;
    let digits_start = i;
    while i < b.len() && b[i].is_ascii_digit() && i - digits_start < 4 {
        i += 1;
    }
    if i < b.len() && b[i].is_ascii_digit() {
        return None; // five digits or more: not a rule number
    }
    let sub: Option<u16> = if i > digits_start {
        line[digits_start..i].parse().ok()
    } else {
        None
    };
    let mut letter = None;
    if sub.is_some() && i < b.len() && b[i].is_ascii_lowercase() {
        let after = b.get(i + 1);
        if after.is_none_or(|c| !c.is_ascii_alphanumeric()) {
            letter = Some(b[i] as char);
            i += 1;
        } else {
            return None;
        }
    }
    let mut period = false;
    let mut parenthesis = false;
    if sub.is_some() && i < b.len() && b[i] == b'.' {
        period = true;
        i += 1;
    } else if sub.is_some() && i < b.len() && b[i] == b')' {
        parenthesis = true;
        i += 1;
    }
    let number = match (sub, letter) {
        (None, _) => RuleNumber::rule(rule),
        (Some(s), None) => RuleNumber::subrule(rule, s),
        (Some(s), Some(l)) => RuleNumber::lettered(rule, s, l),
    };
    let rest = &line[i..];
    let mut typo = None;
    if rest.is_empty() || rest.starts_with(char::is_whitespace) {
        if parenthesis {
            typo = Some(PARENTHESIS);
        } else if letter.is_some() && period {
            typo = Some("a period after the letter");
        } else if sub.is_some() && letter.is_none() && !period {
            typo = Some(NO_PERIOD);
        }
    } else if period && rest.starts_with(|c: char| c.is_uppercase() || "“\"[".contains(c)) {
        typo = Some("no space after the number");
    } else {
        return None;
    }
    Some(RuleLine {
        number,
        rest: rest.trim(),
        typo,
    })
}

/// The typo of a numbered rule without the period after its number (`606.5 Text`).
const NO_PERIOD: &str = "no period after the number";
/// The typo of a numbered rule with a parenthesis after its number (`606.5) Text`, as a
/// converter writes an ordered list).
const PARENTHESIS: &str = "a parenthesis after the number";

/// How a copy writes the end of its rule numbers when most of its numbered rules end
/// them otherwise than officially (`100.1 These…`, `100.1) These…`): that typo and the
/// line where it is first seen; `None` when most have the period.
fn numbering_style(lines: &[Line<'_>]) -> Option<(&'static str, usize)> {
    [NO_PERIOD, PARENTHESIS].into_iter().find_map(|style| {
        let (mut styled, mut official, mut first) = (0, 0, None);
        for line in lines {
            let Some(rule) = parse_rule_line(line.text) else {
                continue;
            };
            if rule.typo == Some(style) {
                styled += 1;
                first = first.or(Some(line.no));
            } else if rule.number.depth() == 2 && rule.typo.is_none() {
                official += 1;
            }
        }
        first
            .filter(|_| styled >= 10 && styled > official * 2)
            .map(|first| (style, first))
    })
}

/// The typo `606. 8b Players …` (a space inside the number): a rule number, one space,
/// a subrule number with its letter, a space and a capital letter.
fn split_number(line: &str) -> Option<RuleLine<'_>> {
    let rest = line.get(4..)?.strip_prefix(' ')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=4).contains(&digits) {
        return None;
    }
    let after = &rest[digits..];
    let letter = after.chars().next().filter(char::is_ascii_lowercase)?;
    let text = after[1..].strip_prefix(' ')?;
    if !text.starts_with(char::is_uppercase) {
        return None;
    }
    let rule: u16 = line[..3].parse().ok()?;
    let sub: u16 = rest[..digits].parse().ok()?;
    Some(RuleLine {
        number: RuleNumber::lettered(rule, sub, letter),
        rest: text.trim(),
        typo: Some("a space inside the number"),
    })
}

/// The effective date the text's header states, or the 1999 banner's date.
fn effective_date(text: &str) -> Option<Date> {
    header_dates(text).first().copied()
}

/// Every date a header line states, in order (a whole revision states its date at the
/// top and again above the contact addresses at the end); else the 1999 banner's date.
pub(super) fn header_dates(text: &str) -> Vec<Date> {
    let dates: Vec<Date> = EFFECTIVE
        .captures_iter(text)
        .filter_map(|c| {
            let month = month_number(c.get(1)?.as_str())?;
            let day: u8 = c.get(2)?.as_str().parse().ok()?;
            let year: u16 = c.get(3)?.as_str().parse().ok()?;
            Date::new(year, month, day)
        })
        .collect();
    if dates.is_empty() {
        return banner_date(text).into_iter().collect();
    }
    dates
}

/// The 1999 banner's date: `COMPREHENSIVE RULES      04/23/99`.
fn banner_date(text: &str) -> Option<Date> {
    let c = BANNER.captures(text)?;
    let month: u8 = c.get(1)?.as_str().parse().ok()?;
    let day: u8 = c.get(2)?.as_str().parse().ok()?;
    let y: u16 = c.get(3)?.as_str().parse().ok()?;
    let year = match y {
        0..=69 => 2000 + y,
        70..=99 => 1900 + y,
        _ => y,
    };
    Date::new(year, month, day)
}

fn month_number(name: &str) -> Option<u8> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let lower = name.to_ascii_lowercase();
    let pos = MONTHS.iter().position(|m| lower.starts_with(m))?;
    Some(pos as u8 + 1)
}

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
    let entries = lines
        .windows(3)
        .filter(|w| {
            w[0].is_empty()
                && !w[1].is_empty()
                && looks_like_term(w[1])
                && !w[1].ends_with('.')
                && w[2].len() > w[1].len()
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
fn follows_in_order(candidate: RuleNumber, last: Option<RuleNumber>) -> bool {
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
mod tests {
    use super::*;

    fn n(s: &str) -> RuleNumber {
        s.parse().unwrap()
    }

    #[test]
    fn rule_lines_with_official_typos() {
        let r = parse_rule_line("100.1a These rules").unwrap();
        assert_eq!(
            (r.number, r.rest, r.typo),
            (n("100.1a"), "These rules", None)
        );
        assert_eq!(
            parse_rule_line("119.1d. Text").unwrap().typo,
            Some("a period after the letter")
        );
        assert_eq!(
            parse_rule_line("606.5 Text").unwrap().typo,
            Some("no period after the number")
        );
        let r = parse_rule_line("901.4.All plane cards").unwrap();
        assert_eq!((r.number, r.rest), (n("901.4"), "All plane cards"));
        assert_eq!(
            parse_rule_line("303. Enchantments").unwrap().number,
            n("303")
        );
        assert!(parse_rule_line("212.2c).").is_none());
        assert!(parse_rule_line("406.1, \"Mana Abilities.\")").is_none());
        assert!(parse_rule_line("2013. A year").is_none());
        assert!(parse_rule_line("100.1ab").is_none());
        let r = parse_rule_line("606. 8b Players win").unwrap();
        assert_eq!((r.number, r.rest), (n("606.8b"), "Players win"));
        assert_eq!(
            parse_rule_line("702. Keyword Abilities").unwrap().number,
            n("702")
        );
    }

    #[test]
    fn a_sentence_ending_inside_quotes_is_not_a_title() {
        assert!(looks_like_title("Deathtouch"));
        assert!(looks_like_title("For Mirrodin!"));
        assert!(!looks_like_title(
            "Some Aura enchantments also have the subtype “Role.”"
        ));
        assert!(!looks_like_title("Some have the subtype \"Role.\""));
    }

    #[test]
    fn dates_from_header_lines_and_the_1999_banner() {
        assert_eq!(
            effective_date("These rules are effective as of February 2, 2024")
                .map(|d| d.to_string()),
            Some("2024-02-02".into())
        );
        assert_eq!(
            effective_date("These rules are current as of November 1, 1999.")
                .map(|d| d.to_string()),
            Some("1999-11-01".into())
        );
        assert_eq!(
            effective_date("COMPREHENSIVE RULES                 04/23/99\n").map(|d| d.to_string()),
            Some("1999-04-23".into())
        );
        assert_eq!(effective_date("no date here"), None);
    }

    const MODERN: &str = "Magic: The Gathering Comprehensive Rules

These rules are effective as of January 16, 2026.

Contents

1. Game Concepts
100. General
3. Card Types
303. Enchantments
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.1a A two-player game is a game that begins with only two players.
Example: An example, kept apart.

3. Card Types

303. Enchantments

303.4. Auras

303.4a An Aura spell requires a target, see rule 115.1 and rules 601.2c–e.

303.4j If an Aura is entering the battlefield
     A second paragraph.

Glossary

Active Player, Nonactive Player
The active player is the player whose turn it is. See rule 102.1.

Interrupt (Obsolete)
1. An old card type.
2. Another sense.

Credits

Magic: The Gathering Original Game Design: Richard Garfield
";

    /// The same document with its empty lines removed (a copy through an editor's
    /// "remove empty lines", or a page of `<br>` lines).
    const UNSPACED: &str = "These rules are effective as of January 16, 2026.\n\
Contents\n1. Game Concepts\n100. General\n3. Card Types\n301. Artifacts\nGlossary\nCredits\n\
1. Game Concepts\n100. General\n100.1. These Magic rules apply to any Magic game.\n\
100.1a A two-player game is a game that begins with only two players.\nExample: An example, kept apart.\n\
3. Card Types\n300. General\n300.1. The card types are artifact, battle, conspiracy, creature, dungeon, enchantment, instant, kindred, land, phenomenon, plane, planeswalker.\n\
301. Artifacts\n301.1. An artifact is a card type.\n\
Glossary\nActive Player, Nonactive Player\nThe active player is the player whose turn it is. See rule 102.1.\n\
“As Though”\nText that treats the game as if a condition were true.\n\
Intervening “If” Clause\nA specially worded condition. See rule 603.4\n\
Interrupt (Obsolete)\n1. An old card type.\n2. Another sense.\nSee rule 117.\n\
Island\nOne of the five basic land types. The basic land types are:\nForest\nIsland\nMountain\nSee rule 305.6.\n\
Stack\nA zone.\nTeam vs. Team Variant\nA multiplayer variant.\nCredits\nDesigners";

    /// A reading's warnings as `LINE: message`.
    fn notes(p: &Parsed) -> Vec<String> {
        p.warnings
            .iter()
            .map(|w| format!("{}: {}", w.line, w.message))
            .collect()
    }

    #[test]
    fn a_document_without_blank_lines_keeps_its_sections_and_glossary_entries() {
        let p = read(UNSPACED);
        let titles: Vec<_> = p.sections.iter().map(|s| s.number).collect();
        assert_eq!(titles, [1, 3]);
        let numbers: Vec<String> = p.rules.keys().map(|k| k.short()).collect();
        assert_eq!(
            numbers,
            ["100", "100.1", "100.1a", "300", "300.1", "301", "301.1"]
        );
        assert_eq!(p.rules[&n("100.1a")].examples, ["An example, kept apart."]);
        let terms: Vec<&str> = p.glossary.iter().map(|e| e.term.as_str()).collect();
        assert_eq!(
            terms,
            [
                "Active Player",
                "As Though",
                "Intervening “If” Clause",
                "Interrupt",
                "Island",
                "Stack",
                "Team vs. Team Variant"
            ]
        );
        assert_eq!(
            p.glossary[3].definition,
            "1. An old card type.\n2. Another sense.\nSee rule 117."
        );
        assert_eq!(
            p.glossary[4].definition,
            "One of the five basic land types. The basic land types are:\nForest\nIsland\nMountain\nSee rule 305.6."
        );
        assert_eq!(p.glossary[5].definition, "A zone.");
        let notes = notes(&p);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with("19: the glossary has no blank lines"),
            "{notes:?}"
        );
    }

    #[test]
    fn a_definitions_closing_reference_set_apart_by_a_blank_line_stays_in_it() {
        let p = read("1. Game Concepts\n\n100. General\n\n100.1. These rules.\n\n100.2. More.\n\nGlossary\n\nAnte\n\n1. A zone.\n\n2. To put a card into the ante zone.\n\nSee rule 407, “Ante.”\n\n\n\nAny Target\n\nA phrase.\n");
        let terms: Vec<&str> = p.glossary.iter().map(|e| e.term.as_str()).collect();
        assert_eq!(terms, ["Ante", "Any Target"]);
        assert_eq!(
            p.glossary[0].definition,
            "1. A zone.\n2. To put a card into the ante zone.\nSee rule 407, “Ante.”"
        );
    }

    #[test]
    fn a_term_printed_right_under_the_previous_definition_starts_its_own_entry() {
        // 2022-06-10 prints "Affinity" with no blank line after "Adventurer Card"
        // (2008's "Floor Rules" and 2020's "Concede" likewise).
        let p = read("1. Game Concepts\n\n100. General\n\n100.1. These rules.\n\n100.2. More.\n\nGlossary\n\nAdventurer Card\nCards with a two-part card frame. See rule 716, “Adventurer Cards.”\nAffinity\nA keyword ability. See rule 702.41, “Affinity.”\n\nBasic Land Type\nThere are five basic land types:\nForest\nIsland\nSee rule 305.6.\n\nStack\nA zone.\n");
        let terms: Vec<&str> = p.glossary.iter().map(|e| e.term.as_str()).collect();
        assert_eq!(
            terms,
            ["Adventurer Card", "Affinity", "Basic Land Type", "Stack"]
        );
        assert_eq!(
            p.glossary[0].definition,
            "Cards with a two-part card frame. See rule 716, “Adventurer Cards.”"
        );
        assert_eq!(
            p.glossary[1].definition,
            "A keyword ability. See rule 702.41, “Affinity.”"
        );
        assert_eq!(
            p.glossary[2].definition,
            "There are five basic land types:\nForest\nIsland\nSee rule 305.6."
        );
        let notes = notes(&p);
        assert_eq!(
            notes,
            ["13: the glossary term \"Affinity\" follows the previous definition with no blank line between them: read as a new entry"]
        );
    }

    /// Twelve numbered rules with a subrule each, every number ended by `end` (`""` for
    /// none, `)`) rather than the official period.
    fn twelve_rules(end: &str) -> String {
        let mut text = String::from("1. Game Concepts\n\n100. General\n\n");
        for i in 1..=12 {
            text.push_str(&format!(
                "100.{i}{end} Rule {i} of the game.\n\n100.{i}a{end} A subrule.\n\n"
            ));
        }
        text
    }

    #[test]
    fn a_copy_that_writes_every_number_without_its_period_warns_once() {
        let text = twelve_rules("");
        let p = read(&text);
        assert_eq!(p.rules.len(), 25);
        let notes = notes(&p);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with("5: the rule numbers are written without the period"),
            "{notes:?}"
        );
        // One such line among many with the period is the official typo, warned.
        let p = read(
            &text
                .replace(" Rule", ". Rule")
                .replacen("100.12. Rule", "100.12 Rule", 1),
        );
        assert_eq!(p.warnings.len(), 1);
        assert!(
            p.warnings[0]
                .message
                .contains("rule 100.12 is printed with no period"),
            "{:?}",
            p.warnings
        );
    }

    #[test]
    fn a_copy_that_writes_a_parenthesis_after_every_number_warns_once() {
        let text = twelve_rules(")");
        let p = read(&text);
        assert_eq!(p.rules.len(), 25);
        let rule = &p.rules[&"100.7a".parse().unwrap()];
        assert_eq!(rule.text, "A subrule.");
        let notes = notes(&p);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(
            notes[0].starts_with("5: the rule numbers are written with a parenthesis"),
            "{notes:?}"
        );
        // One such line among many with the period is a typo, warned.
        let p = read(
            &text
                .replace(") Rule", ". Rule")
                .replace("a) A", "a A")
                .replacen("100.12. Rule", "100.12) Rule", 1),
        );
        assert!(
            p.warnings.iter().any(|w| w
                .message
                .contains("rule 100.12 is printed with a parenthesis")),
            "{:?}",
            p.warnings
        );
    }

    #[test]
    fn a_modern_document() {
        let p = read(MODERN);
        assert_eq!(p.date.map(|d| d.to_string()), Some("2026-01-16".into()));
        assert!(p.complete);
        let titles: Vec<_> = p
            .sections
            .iter()
            .map(|s| (s.number, s.title.as_str()))
            .collect();
        assert_eq!(titles, [(1, "Game Concepts"), (3, "Card Types")]);
        let numbers: Vec<String> = p.rules.keys().map(|k| k.short()).collect();
        assert_eq!(
            numbers,
            ["100", "100.1", "100.1a", "303", "303.4", "303.4a", "303.4j"]
        );
        assert_eq!(p.rules[&n("303")].title.as_deref(), Some("Enchantments"));
        assert_eq!(p.rules[&n("303.4")].title.as_deref(), Some("Auras"));
        let r = &p.rules[&n("100.1a")];
        assert_eq!(
            r.text,
            "A two-player game is a game that begins with only two players."
        );
        assert_eq!(r.examples, ["An example, kept apart."]);
        assert_eq!(
            p.rules[&n("303.4j")].text,
            "If an Aura is entering the battlefield\nA second paragraph."
        );
        let refs: Vec<String> = p.rules[&n("303.4a")]
            .references
            .iter()
            .map(|r| r.short())
            .collect();
        assert_eq!(refs, ["115.1", "601.2c", "601.2d", "601.2e"]);
        assert_eq!(p.glossary.len(), 2);
        assert_eq!(p.glossary[0].term, "Active Player");
        assert_eq!(p.glossary[0].aliases, ["Nonactive Player"]);
        assert_eq!(p.glossary[0].references, [n("102.1")]);
        assert!(p.glossary[1].obsolete);
        assert_eq!(p.glossary[1].term, "Interrupt");
        assert_eq!(
            p.glossary[1].definition,
            "1. An old card type.\n2. Another sense."
        );
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    }

    const WRAPPED: &str = "1. The Game

100. General

100.1. These Magic rules assume a game between two players. Optional rules
allow for more players. The state-
based effects and the controller—
chooses. It’s written “Forecast —
[Activated ability].”

100.2. A player may concede a game at any time, even if his or her turn is
controlled by another player. See rule
100.1.
EXAMPLE: Merfolk or Wizard is acceptable, but not Merfolk Wizard. Words
like \"opponent\" can't be chosen.

100.3. Text.
";

    #[test]
    fn hard_wrapped_lines_are_joined_and_wrapped_references_stay_text() {
        let mut text = WRAPPED.to_string();
        for _ in 0..20 {
            text.push_str("\nfiller line to make the file look hard-wrapped\n");
        }
        let p = read(&text);
        let numbers: Vec<String> = p.rules.keys().map(|k| k.short()).collect();
        assert_eq!(numbers, ["100", "100.1", "100.2", "100.3"]);
        assert_eq!(
            p.rules[&n("100.1")].text,
            "These Magic rules assume a game between two players. Optional rules allow for more players. The state-based effects and the controller—chooses. It’s written “Forecast — [Activated ability].”"
        );
        let r = &p.rules[&n("100.2")];
        assert_eq!(
            r.text,
            "A player may concede a game at any time, even if his or her turn is controlled by another player. See rule 100.1."
        );
        assert_eq!(
            r.examples,
            ["Merfolk or Wizard is acceptable, but not Merfolk Wizard. Words like \"opponent\" can't be chosen."]
        );
    }

    #[test]
    fn a_duplicated_rule_keeps_both_texts_with_a_warning() {
        let p = read("702.30d First text.\n\n702.30d Second text.\n\n702.30e Next.\n");
        assert_eq!(p.rules[&n("702.30d")].text, "First text.\nSecond text.");
        assert_eq!(p.warnings.len(), 1);
        assert_eq!(p.warnings[0].line, 3);
    }

    #[test]
    fn glossary_names_aliases_and_quotes() {
        let names = |t: &str| glossary_term(t);
        assert_eq!(names("Control, Controller").1, ["Controller"]);
        assert_eq!(
            names("Partner, “Partner—[text],” “Partner with [name]”").1,
            ["Partner—[text]", "Partner with [name]"]
        );
        assert_eq!(
            names("Active Player, Nonactive Player Order").0,
            "Active Player, Nonactive Player Order"
        );
        assert_eq!(
            names("Interrupt (Obsolete)"),
            ("Interrupt".into(), vec![], true)
        );
        assert_eq!(names(", ,x, “").1, ["“"]);
    }

    const SBA: &str = "704.4. Unlike triggered abilities, state-based actions pay no attention to what happens during the resolution of a spell or ability.

PARENT

704.5a If a player has 0 or less life, that player loses the game.

704.5b If a player attempted to draw a card from a library with no cards in it, that player loses the game.

704.5c If a player has ten or more poison counters, that player loses the game.

704.6. In a Two-Headed Giant game, these state-based actions apply.
";

    fn numbers(p: &Parsed) -> Vec<String> {
        p.rules.keys().map(|k| k.short()).collect()
    }

    /// An invisible or stray character before `704.5.` once made the "misprint" repair
    /// read 704.5a–c as 704.4a–c. Number order is evidence, never a licence to renumber.
    #[test]
    fn a_damaged_parent_line_never_moves_its_subrules_under_another_number() {
        let expected = ["704.4", "704.5", "704.5a", "704.5b", "704.5c", "704.6"];
        // The parent's line damaged at its start: found inside 704.4 and read on its own.
        let p = read(&SBA.replace("PARENT", "§704.5. The state-based actions are as follows:"));
        assert_eq!(numbers(&p), expected);
        assert_eq!(
            p.rules[&n("704.5")].text,
            "The state-based actions are as follows:"
        );
        assert!(p.rules[&n("704.4")].text.ends_with("spell or ability."));
        assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
        // The parent's line lost: its subrules keep their numbers, with a warning.
        let p = read(&SBA.replace("PARENT", ""));
        assert_eq!(
            numbers(&p),
            ["704.4", "704.5a", "704.5b", "704.5c", "704.6"]
        );
        assert!(
            p.warnings[0].message.contains("without its rule 704.5"),
            "{:?}",
            p.warnings
        );
    }

    #[test]
    fn garbage_reads_to_nothing_without_panicking() {
        for text in [
            "",
            "\n\n",
            "100.",
            "1. \n100.1",
            "Glossary\nCredits",
            "999.9999z x\n",
        ] {
            let _ = read(text);
        }
    }
}
