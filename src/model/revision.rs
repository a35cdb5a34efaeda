//! A revision of the Comprehensive Rules: its identity and provenance, its sections,
//! its rules in numeric order, and its glossary. Every reader produces one of these.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::number::RuleNumber;

/// A calendar date, `YYYY-MM-DD`. Ordered chronologically.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    pub year: u16,
    pub month: u8,
    pub day: u8,
}

impl Date {
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        let valid = (1..=12).contains(&month) && (1..=31).contains(&day) && year >= 1900;
        valid.then_some(Date { year, month, day })
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl std::str::FromStr for Date {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("`{s}` is not a date (expected YYYY-MM-DD)");
        let mut it = s.trim().splitn(3, '-');
        let y = it.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
        let m = it.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
        let d = it.next().and_then(|x| x.parse().ok()).ok_or_else(bad)?;
        Date::new(y, m, d).ok_or_else(bad)
    }
}

/// Human-readable formats write `2026-01-16`; the index's binary model writes the parts.
impl Serialize for Date {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.serialize_str(&self.to_string())
        } else {
            (self.year, self.month, self.day).serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            return String::deserialize(d)?
                .parse()
                .map_err(serde::de::Error::custom);
        }
        let (year, month, day) = <(u16, u8, u8)>::deserialize(d)?;
        Date::new(year, month, day)
            .ok_or_else(|| serde::de::Error::custom(format!("{year}-{month}-{day} is not a date")))
    }
}

/// The shape a revision was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// The publisher's plain-text file (any encoding and line ending, 1999–today).
    OfficialText,
    /// reStructuredText (seed 001).
    Rst,
    /// A copy of a web page (seed 002).
    WebPage,
    /// A bulleted copy, possibly with stripped apostrophes (seed 003).
    Bulleted,
    /// A rulings page: `212.1a - text [CompRules 2007/10/01]` (seed 004).
    RulingsPage,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::OfficialText => "official-text",
            Format::Rst => "rst",
            Format::WebPage => "web-page",
            Format::Bulleted => "bulleted",
            Format::RulingsPage => "rulings-page",
        }
    }

    /// The format `name()` calls `name`.
    pub fn from_name(name: &str) -> Option<Format> {
        [
            Format::OfficialText,
            Format::Rst,
            Format::WebPage,
            Format::Bulleted,
            Format::RulingsPage,
        ]
        .into_iter()
        .find(|f| f.name() == name)
    }
}

/// A numbered section heading: `3. Card Types`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    pub number: u8,
    pub title: String,
}

/// A ruling attached to a rule (rulings pages: `212.8.Ruling.1`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruling {
    /// The ruling's own label, e.g. `212.8.Ruling.1`.
    pub label: String,
    pub text: String,
    /// The date the source gives for it, if any.
    pub date: Option<Date>,
    /// Who gave it, as the source names them: `Future Sight FAQ`, `D'Angelo`.
    pub source: Option<String>,
}

/// One numbered rule or subrule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rule {
    pub number: RuleNumber,
    /// The title of a titled rule: "Enchantments" for `303.`, "Deathtouch" for `702.2.`.
    pub title: Option<String>,
    /// The rule's text, continuation lines joined, without its examples.
    pub text: String,
    /// Each example's text, without the leading "Example:".
    pub examples: Vec<String>,
    /// Rules this rule's text and examples refer to, ranges expanded, in order of
    /// first mention, without duplicates.
    pub references: Vec<RuleNumber>,
    /// Rulings attached to this rule (rulings pages only).
    pub rulings: Vec<Ruling>,
    /// When the source says this rule last changed (rulings pages: `[CompRules 2007/10/01]`).
    pub last_changed: Option<Date>,
}

impl Rule {
    pub fn new(number: RuleNumber, text: impl Into<String>) -> Rule {
        Rule {
            number,
            title: None,
            text: text.into(),
            examples: Vec::new(),
            references: Vec::new(),
            rulings: Vec::new(),
            last_changed: None,
        }
    }
}

/// A glossary entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlossaryEntry {
    /// The term as printed: "Equipped Creature".
    pub term: String,
    /// Other names the entry is printed under ("Active Player, Nonactive Player" gives
    /// two names; the first is `term`, the rest are aliases).
    pub aliases: Vec<String>,
    /// Every line of the definition, joined with newlines (senses `1.`/`2.` kept).
    pub definition: String,
    /// Printed "(Obsolete)".
    pub obsolete: bool,
    /// Rules the definition refers to.
    pub references: Vec<RuleNumber>,
}

/// Something a reader could not read, with the line it was on (1-based).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Warning {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// One revision of the rules, complete or a fragment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revision {
    /// A complete revision's id is its effective date (`2011-07-15`); a fragment's adds
    /// a suffix (`2011-07-15-s3`).
    pub id: String,
    /// The date the rules took effect.
    pub date: Date,
    /// Where it was read from: a file name, or `embedded:…` for the built-in seeds.
    pub source: String,
    pub format: Format,
    /// sha256 of the raw bytes, lower-case hex.
    pub content_hash: String,
    /// A whole document (every section, glossary) rather than a fragment.
    pub complete: bool,
    /// The sections it covers, in order.
    pub sections: Vec<Section>,
    /// Rules, sections excluded, keyed and ordered by number.
    pub rules: BTreeMap<RuleNumber, Rule>,
    pub glossary: Vec<GlossaryEntry>,
    /// What the reader could not read.
    pub warnings: Vec<Warning>,
}

impl Revision {
    /// The rule with this number, if the revision has it.
    pub fn rule(&self, number: &RuleNumber) -> Option<&Rule> {
        self.rules.get(number)
    }

    /// The direct children of `number`, in numeric order: `303.` → `303.1`, `303.2`…;
    /// `303.4` → `303.4a`…; `3.` → `300.`, `301.`…
    pub fn children(&self, number: &RuleNumber) -> Vec<&Rule> {
        // Every descendant sorts after its ancestor; stop at the first non-descendant.
        let start = if number.is_section() {
            RuleNumber::rule(number.section_number() as u16 * 100)
        } else {
            *number
        };
        self.rules
            .range(start..)
            .take_while(|(n, _)| n.is_within(number))
            .filter(|(n, _)| n.parent() == Some(*number))
            .map(|(_, r)| r)
            .collect()
    }

    /// Every rule at or below `number`, in order.
    pub fn subtree(&self, number: &RuleNumber) -> Vec<&Rule> {
        let start = if number.is_section() {
            RuleNumber::rule(number.section_number() as u16 * 100)
        } else {
            *number
        };
        self.rules
            .range(start..)
            .take_while(|(n, _)| n.is_within(number))
            .map(|(_, r)| r)
            .collect()
    }

    /// Whether this revision covers the section the number belongs to.
    pub fn covers(&self, number: &RuleNumber) -> bool {
        self.sections
            .iter()
            .any(|s| s.number == number.section_number())
            || self
                .rules
                .keys()
                .any(|n| n.section_number() == number.section_number())
    }

    /// The section numbers covered, in order.
    pub fn section_numbers(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self.sections.iter().map(|s| s.number).collect();
        for n in self.rules.keys() {
            let s = n.section_number();
            if !v.contains(&s) {
                v.push(s);
            }
        }
        v.sort_unstable();
        v
    }
}
