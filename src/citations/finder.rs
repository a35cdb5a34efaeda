//! Rule citations and obsolete rules concepts in any text: what `arbiter cite-check`
//! looks for, as pure functions over a string (no files, no terminal).
//!
//! [`find`] locates citations — a number after `rule`/`rules`/`CR`/`Comprehensive
//! Rules`/`§` (any case), lists after one (`rules 704.5a, 704.5b and 704.5c`), letter
//! ranges (`510.1c–d`), a number in parentheses (`(702.19b)`), and a bare lettered number
//! (`704.5j`) anywhere, as in code comments and strings — and obsolete concepts by name.
//! [`judge`] compares each citation with the embedded citation table
//! ([`crate::citations`]): whether the number exists in the revision checked against, and
//! if not, what it became.

use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use crate::model::{Date, RuleNumber};

/// A rule number as written: three digits, a dot, digits, maybe a letter.
const NUMBER: &str = r"[1-9][0-9]{2}\.[0-9]{1,3}[a-z]?";

/// `rule 704.5j`, `CR 510.1c`, `§613.8`, `Comprehensive Rules 100.1`, with an optional
/// letter range (`510.1c–d`).
static PREFIXED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)(?:\b(?:comprehensive\s+rules?|rules?|cr)\s*(?:#|no\.)?\s*|§\s*)({NUMBER})\b(?:\s*[–—-]\s*([a-z])\b)?"
    ))
    .expect("the prefixed-citation regex compiles")
});

/// A further number in a list after a prefixed one: `, 704.5b`, `and 704.5c`.
static LISTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"^(?i)\s*(?:,|;|/|&|\band\b|\bor\b|,\s*and\b|,\s*or\b)\s*({NUMBER})\b"
    ))
    .expect("the listed-citation regex compiles")
});

/// `(702.19b)` or a bare lettered `704.5j`.
static BARE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"\(({NUMBER})\)|\b({NUMBER})\b"))
        .expect("the bare-citation regex compiles")
});

/// A citation found in a text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Citation {
    /// 1-based line and column (in characters) of the number.
    pub line: usize,
    pub column: usize,
    pub number: RuleNumber,
    /// How it was written: after `rule`/`CR`/`§` or in parentheses (`true`), or a bare
    /// lettered number (`false`).
    pub explicit: bool,
}

/// An obsolete concept: its name, when it left the rules and which rule says what replaced it.
#[derive(Debug, Clone, Copy)]
pub struct Concept {
    pub name: &'static str,
    pattern: &'static str,
    /// The first revision without it.
    pub gone: &'static str,
    pub replaced_by: &'static str,
    /// The rule of the newest revision that says what happens now.
    pub rule: &'static str,
}

/// The concepts of earlier eras that the rules no longer have.
pub const CONCEPTS: &[Concept] = &[
    Concept {
        name: "mana burn",
        pattern: r"(?i)\bmana[ -]burn\b",
        gone: "2009-07-10",
        replaced_by: "unspent mana empties from the pool with no loss of life",
        rule: "500.5",
    },
    Concept {
        name: "damage assignment order",
        pattern: r"(?i)\bdamage[ -]assignment[ -]order\b",
        gone: "2024-11-08",
        replaced_by: "the attacking player divides combat damage among the blockers as they choose",
        rule: "510.1c",
    },
    Concept {
        name: "combat damage on the stack",
        pattern: r"(?i)\bcombat damage (?:on|uses|goes on|is put on) the stack\b",
        gone: "2009-07-10",
        replaced_by: "combat damage is dealt at once and doesn't use the stack",
        rule: "510.2",
    },
    Concept {
        name: "tribal",
        pattern: r"(?i)\btribal (?:card|spell|permanent|instant|sorcery|enchantment|artifact|creature|type|subtype)s?\b",
        gone: "2024-02-02",
        replaced_by: "the card type Kindred",
        rule: "308.1",
    },
];

static CONCEPT_REGEXES: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    CONCEPTS
        .iter()
        .map(|c| Regex::new(c.pattern).expect("a concept regex compiles"))
        .collect()
});

/// An obsolete concept named in a text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Mention {
    pub line: usize,
    pub column: usize,
    /// Index into [`CONCEPTS`].
    #[serde(skip)]
    pub concept: usize,
}

/// Every citation in `text`, in order. A bare lettered number counts only where it is not
/// part of a longer dotted number (`1.704.5a`, `704.5a.1`).
pub fn find(text: &str) -> Vec<Citation> {
    let mut out = Vec::new();
    let mut starts = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        starts.clear();
        let push = |start: usize, s: &str, explicit: bool, out: &mut Vec<Citation>| {
            if let Ok(number) = s.parse::<RuleNumber>() {
                out.push(Citation {
                    line: line_no + 1,
                    column: line[..start].chars().count() + 1,
                    number,
                    explicit,
                });
            }
        };
        for caps in PREFIXED.captures_iter(line) {
            let m = caps.get(1).expect("group 1");
            push(m.start(), m.as_str(), true, &mut out);
            starts.push(m.start());
            if let (Some(last), Ok(first)) = (caps.get(2), m.as_str().parse::<RuleNumber>()) {
                if first.letter().is_some() {
                    let last_s =
                        format!("{}{}", &m.as_str()[..m.as_str().len() - 1], last.as_str());
                    if let Ok(last_n) = last_s.parse::<RuleNumber>() {
                        for n in first.letter_range(&last_n).into_iter().skip(1) {
                            out.push(Citation {
                                line: line_no + 1,
                                column: line[..m.start()].chars().count() + 1,
                                number: n,
                                explicit: true,
                            });
                        }
                    }
                }
            }
            let mut at = caps.get(0).expect("group 0").end();
            while let Some(more) = LISTED.captures(&line[at..]) {
                let n = more.get(1).expect("group 1");
                push(at + n.start(), n.as_str(), true, &mut out);
                starts.push(at + n.start());
                at += more.get(0).expect("group 0").end();
            }
        }
        for caps in BARE.captures_iter(line) {
            let (m, explicit) = match (caps.get(1), caps.get(2)) {
                (Some(m), _) => (m, true),
                (None, Some(m)) => (m, false),
                _ => continue,
            };
            if starts.contains(&m.start()) {
                continue;
            }
            if !explicit {
                let before = line[..m.start()].chars().next_back();
                let after = line[m.end()..].chars().next();
                let letter = m.as_str().ends_with(|c: char| c.is_ascii_lowercase());
                let dotted = |c: Option<char>| c.is_some_and(|c| c == '.' || c.is_ascii_digit());
                let after_dotted = line[m.end()..].starts_with('.')
                    && line[m.end() + 1..].starts_with(|c: char| c.is_ascii_alphanumeric());
                if !letter || dotted(before) || after_dotted || after == Some('_') {
                    continue;
                }
            }
            push(m.start(), m.as_str(), explicit, &mut out);
        }
    }
    out.sort_by_key(|c| (c.line, c.column));
    out.dedup();
    out
}

/// Every obsolete concept named in `text`, in order.
pub fn mentions(text: &str) -> Vec<Mention> {
    let mut out = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        for (i, re) in CONCEPT_REGEXES.iter().enumerate() {
            for m in re.find_iter(line) {
                out.push(Mention {
                    line: line_no + 1,
                    column: line[..m.start()].chars().count() + 1,
                    concept: i,
                });
            }
        }
    }
    out.sort_by_key(|m| (m.line, m.column));
    out
}

/// What is wrong with a citation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Verdict {
    /// No revision up to the one checked against ever had this number.
    Nonexistent { nearest: Vec<RuleNumber> },
    /// The rule cited is numbered differently in the revision checked against.
    Renumbered {
        new: RuleNumber,
        /// The first revision with the new number.
        moved_in: Date,
    },
    /// The rule cited was last in revision `last`, and no rule of the revision checked
    /// against continues it.
    Removed { last: Date },
}

impl Verdict {
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Nonexistent { .. } => "nonexistent",
            Verdict::Renumbered { .. } => "renumbered",
            Verdict::Removed { .. } => "removed",
        }
    }
}

/// Judges `number`, written as of `as_of` (`None`: unknown, any earlier revision), against
/// the revision in force on `to`. `None` when the citation is current. A bare lettered
/// number that never existed is not a citation (`None`): only explicit ones are called
/// nonexistent.
pub fn judge(number: RuleNumber, explicit: bool, as_of: Option<Date>, to: Date) -> Option<Verdict> {
    use crate::citations as table;
    let written = match as_of {
        Some(d) => d,
        None if table::exists(number, to) => return None,
        None => to,
    };
    let Some(last) = table::last_with(number, written) else {
        if table::exists(number, to) {
            return None;
        }
        return explicit.then(|| Verdict::Nonexistent {
            nearest: table::neighbours(number, to, 2),
        });
    };
    match table::translate(number, last, to) {
        Some(new) if new == number => None,
        Some(new) => {
            let moved_in = table::revisions()
                .iter()
                .copied()
                .filter(|&d| d > last && d <= to)
                .find(|&d| table::translate(number, last, d) != Some(number))
                .unwrap_or(to);
            Some(Verdict::Renumbered { new, moved_in })
        }
        None => Some(Verdict::Removed { last }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(text: &str) -> Vec<String> {
        find(text).iter().map(|c| c.number.short()).collect()
    }

    #[test]
    fn prefixed_forms_in_any_case() {
        assert_eq!(
            numbers("see rule 704.5j, CR 510.1c and §613.8; Rules 100.1 and RULE 101.2"),
            ["704.5j", "510.1c", "613.8", "100.1", "101.2"]
        );
    }

    #[test]
    fn lists_and_letter_ranges_after_a_prefix() {
        assert_eq!(
            numbers("rules 704.5a, 704.5b and 704.5c"),
            ["704.5a", "704.5b", "704.5c"]
        );
        assert_eq!(numbers("CR 510.1c–d"), ["510.1c", "510.1d"]);
    }

    #[test]
    fn parentheses_and_bare_lettered_numbers_in_code() {
        assert_eq!(numbers("// 702.19b trample (702.2)"), ["702.19b", "702.2"]);
        assert_eq!(numbers("\"see 613.1e\""), ["613.1e"]);
    }

    #[test]
    fn versions_floats_and_plain_decimals_are_not_citations() {
        assert!(numbers("version 1.704.5a, x = 100.5; y = 704.5a.b; 123.45").is_empty());
        assert!(numbers("float f = 100.5;").is_empty());
    }

    #[test]
    fn columns_count_characters() {
        let c = &find("§ «» rule 704.5j")[0];
        assert_eq!((c.line, c.column), (1, 11));
    }

    #[test]
    fn concepts_by_name() {
        let m = mentions("no Mana burn here\nwith damage assignment order, Tribal Unity");
        assert_eq!(m.len(), 2);
        assert_eq!(CONCEPTS[m[0].concept].name, "mana burn");
        assert_eq!((m[1].line, m[1].column), (2, 6));
    }
}
