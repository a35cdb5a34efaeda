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

/// The end of a letter range after a number: `–d` of `510.1c–d`.
static RANGE_TAIL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*[–—-]\s*([a-z])\b").expect("the range regex compiles"));

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
    /// The glossary entry that calls it obsolete (`Mana Burn` of "Mana Burn (Obsolete)"),
    /// for a concept the glossary lists; `None` for an era boundary it doesn't.
    pub glossary: Option<&'static str>,
    pattern: &'static str,
    /// The first revision without it: for a glossary concept, the first whose glossary
    /// calls it obsolete (a corpus test, `citations::obsolete_concepts_match_the_glossary`,
    /// derives each date again).
    pub gone: &'static str,
    pub replaced_by: &'static str,
    /// The rule of the newest revision that says what happens now (`None`: only the
    /// glossary entry says it).
    pub rule: Option<&'static str>,
    /// Also everyday English for when something happens ("remove the action at end of
    /// turn"): in a comment of a source file it is the writer's own words, not the old
    /// card wording, and is not reported there (text in quotation marks still is).
    pub everyday: bool,
}

/// The glossary's "(Obsolete)" entries not looked for, and why: each is an ordinary word
/// or a card name far more often than the old term, so a search for it would mostly find
/// text that is right.
pub const NOT_LOOKED_FOR: &[(&str, &str)] = &[
    ("Bury", "an English word, and in card names (Bury in Books)"),
    (
        "Caster",
        "an English word (a spell's caster), used in current card text's reminders",
    ),
    ("Counts As", "an English phrase"),
    (
        "During",
        "still an English word in current card text, as the entry says",
    ),
    ("Legend", "in \"legend rule\" and card names"),
    (
        "Mana Source",
        "a mana ability's source is called a mana source in ordinary English",
    ),
    ("Permanently", "an English word"),
    ("Redirect", "an English word, and a card name"),
    ("Set Aside", "an English phrase"),
    (
        "Snow-Covered",
        "in the names of current cards (Snow-Covered Forest)",
    ),
    ("Summon", "a card name and an English word"),
];

/// The concepts of earlier eras that the rules no longer have: the glossary's "(Obsolete)"
/// entries that can be told from ordinary words, and the era boundaries it doesn't list.
pub const CONCEPTS: &[Concept] = &[
    Concept {
        name: "mana burn",
        glossary: Some("Mana Burn"),
        pattern: r"(?i)\bmana[ -]burn\b",
        gone: "2009-07-11",
        replaced_by: "unspent mana empties from mana pools and no player loses life for it",
        rule: Some("500.5"),
        everyday: false,
    },
    Concept {
        name: "damage assignment order",
        glossary: Some("Damage Assignment Order"),
        pattern: r"(?i)\bdamage[ -]assignment[ -]order\b",
        gone: "2024-11-08",
        replaced_by: "a blocked creature divides its combat damage among its blockers as its controller chooses",
        rule: Some("510.1c"),
        everyday: false,
    },
    Concept {
        name: "combat damage on the stack",
        glossary: None,
        pattern: r"(?i)\bcombat damage (?:on|uses|using|goes on|is put on|going on) the stack\b",
        gone: "2009-07-11",
        replaced_by: "combat damage is dealt at once, as a turn-based action that doesn't use the stack",
        rule: Some("510.2"),
        everyday: false,
    },
    Concept {
        name: "in play",
        glossary: Some("In Play"),
        pattern: r"(?i)\b(?:in|into|from) play\b",
        gone: "2009-07-11",
        replaced_by: "the battlefield",
        rule: Some("403.1"),
        everyday: false,
    },
    Concept {
        name: "removed from the game",
        glossary: Some("Remove from the Game, Removed, Removed-from-the-Game Zone"),
        pattern: r"(?i)\bremoved?[ -]from[ -]the[ -]game\b",
        gone: "2009-07-11",
        replaced_by: "exile, the exile zone",
        rule: Some("406.1"),
        everyday: false,
    },
    Concept {
        name: "at end of turn",
        glossary: Some("At End of Turn"),
        // The trigger phrase that opens or closes a clause ("At end of turn, sacrifice it",
        // "Sacrifice it at end of turn."), not prose saying when something happens
        // ("called at end of turn for each permanent").
        pattern: r#"(?i)\bat end of turn(?:\s*[,.;:)!"”']|\s*$)"#,
        gone: "2009-07-11",
        replaced_by: "at the beginning of the end step",
        rule: Some("513.1"),
        everyday: true,
    },
    Concept {
        name: "interrupt",
        glossary: Some("Interrupt"),
        pattern: r"(?i)\b(?:played?|cast) as an interrupt\b|\binterrupt (?:card|spell)s?\b",
        gone: "1999-11-01",
        replaced_by: "instants (and abilities activated like any other)",
        rule: Some("304.1"),
        everyday: false,
    },
    Concept {
        name: "casting cost",
        glossary: Some("Casting Cost"),
        pattern: r"(?i)\bcasting costs?\b",
        gone: "1999-11-01",
        replaced_by: "mana cost",
        rule: Some("202.1"),
        everyday: false,
    },
    Concept {
        name: "total casting cost",
        glossary: Some("Total Casting Cost"),
        pattern: r"(?i)\btotal casting costs?\b",
        gone: "1999-11-01",
        replaced_by: "mana value",
        rule: Some("202.3"),
        everyday: false,
    },
    Concept {
        name: "successfully cast",
        glossary: Some("Successfully Cast"),
        pattern: r"(?i)\bsuccessfully cast\b",
        gone: "1999-11-01",
        replaced_by: "cast",
        rule: Some("601.1"),
        everyday: false,
    },
    Concept {
        name: "continuous artifact",
        glossary: Some("Continuous Artifact"),
        pattern: r"(?i)\bcontinuous artifacts?\b",
        gone: "2001-07-23",
        replaced_by: "artifact",
        rule: None,
        everyday: false,
    },
    Concept {
        name: "mono artifact",
        glossary: Some("Mono Artifact"),
        pattern: r"(?i)\bmono artifacts?\b",
        gone: "2001-07-23",
        replaced_by: "artifact",
        rule: None,
        everyday: false,
    },
    Concept {
        name: "poly artifact",
        glossary: Some("Poly Artifact"),
        pattern: r"(?i)\bpoly artifacts?\b",
        gone: "2001-07-23",
        replaced_by: "artifact",
        rule: None,
        everyday: false,
    },
    Concept {
        name: "islandhome",
        glossary: Some("Islandhome"),
        pattern: r"(?i)\bislandhome\b",
        gone: "2003-07-01",
        replaced_by: "\"can't attack unless defending player controls an Island\" and a sacrifice trigger",
        rule: None,
        everyday: false,
    },
    Concept {
        name: "local enchantment",
        glossary: Some("Local Enchantment"),
        pattern: r"(?i)\blocal enchantments?\b",
        gone: "2006-07-15",
        replaced_by: "Aura",
        rule: Some("303.4"),
        everyday: false,
    },
    Concept {
        name: "global enchantment",
        glossary: Some("Global Enchantment"),
        pattern: r"(?i)\bglobal enchantments?\b",
        gone: "2006-07-15",
        replaced_by: "a non-Aura enchantment",
        rule: None,
        everyday: false,
    },
    Concept {
        name: "EDH",
        glossary: Some("EDH"),
        pattern: r"\bEDH\b",
        gone: "2011-07-15",
        replaced_by: "the Commander variant",
        rule: Some("903.1"),
        everyday: false,
    },
    Concept {
        name: "unblockable",
        glossary: Some("Unblockable"),
        pattern: r"(?i)\bunblockable\b",
        gone: "2013-07-13",
        replaced_by: "\"can't be blocked\"",
        rule: None,
        everyday: false,
    },
    Concept {
        name: "planeswalker uniqueness rule",
        glossary: Some("Planeswalker Uniqueness Rule"),
        pattern: r"(?i)\bplaneswalker uniqueness\b",
        gone: "2017-09-29",
        replaced_by: "legendary planeswalkers follow the legend rule",
        rule: Some("704.5j"),
        everyday: false,
    },
    Concept {
        name: "converted mana cost",
        glossary: Some("Converted Mana Cost"),
        pattern: r"(?i)\bconverted mana costs?\b",
        gone: "2021-04-22",
        replaced_by: "mana value",
        rule: Some("202.3"),
        everyday: false,
    },
    Concept {
        name: "tribal",
        glossary: Some("Tribal"),
        pattern: r"(?i)\btribal (?:card|spell|permanent|instant|sorcery|enchantment|artifact|creature|type|subtype)s?\b",
        gone: "2024-06-07",
        replaced_by: "the card type kindred",
        rule: Some("308.1"),
        everyday: false,
    },
    Concept {
        name: "totem armor",
        glossary: Some("Totem Armor"),
        pattern: r"(?i)\btotem armor\b",
        gone: "2024-06-07",
        replaced_by: "umbra armor",
        rule: Some("702.89"),
        everyday: false,
    },
    Concept {
        name: "transforming double-faced card",
        glossary: Some("Transforming Double-Faced Cards"),
        pattern: r"(?i)\btransforming double-faced cards?\b",
        gone: "2025-09-19",
        replaced_by: "nonmodal double-faced card",
        rule: Some("712.2"),
        everyday: false,
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
    /// After a comment marker of source code (`//`, or a line opening with `*` or `/*`)
    /// and outside quotation marks on its line.
    #[serde(skip)]
    pub in_comment: bool,
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
            // `510.1c–d` or `(510.1c–d)`: the letters between, as citations of the same place.
            if let Some(tail) = RANGE_TAIL.captures(&line[m.end()..]) {
                let written = m.as_str();
                let last = format!("{}{}", &written[..written.len() - 1], &tail[1]);
                if let (Ok(first), Ok(last)) =
                    (written.parse::<RuleNumber>(), last.parse::<RuleNumber>())
                {
                    if first.letter().is_some() {
                        for n in first.letter_range(&last).into_iter().skip(1) {
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
        }
    }
    out.sort_by_key(|c| (c.line, c.column));
    out.dedup();
    out
}

/// Every obsolete concept named in `text`, in order; a name inside a longer one
/// (`casting cost` in `total casting cost`) counts once, as the longer.
pub fn mentions(text: &str) -> Vec<Mention> {
    let mut out = Vec::new();
    let mut spans: Vec<(usize, usize, usize)> = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        spans.clear();
        for (i, re) in CONCEPT_REGEXES.iter().enumerate() {
            spans.extend(re.find_iter(line).map(|m| (m.start(), m.end(), i)));
        }
        // A name inside a web address or joined to an identifier (`is_unblockable`) is not
        // the text's own word.
        spans.retain(|&(start, end, concept)| {
            // A one-word name used as a variable (`boolean unblockable = false;`).
            let one_word = !CONCEPTS[concept].name.contains(' ');
            let rest = line[end..].trim_start();
            if one_word
                && (rest.starts_with(['=', ';', '(', ')', '.'])
                    && !rest.starts_with(". ")
                    && rest != ".")
            {
                return false;
            }
            let word_start = line[..start]
                .rfind(char::is_whitespace)
                .map_or(0, |i| i + 1);
            let word_end = line[end..]
                .find(char::is_whitespace)
                .map_or(line.len(), |i| end + i);
            let word = &line[word_start..word_end];
            !(word.contains("://")
                || word.starts_with("www.")
                || line[..start].ends_with('_')
                || line[end..].starts_with('_'))
        });
        // Longest first at each start, so that a shorter name inside is dropped.
        spans.sort_by_key(|&(start, end, _)| (start, std::cmp::Reverse(end)));
        let mut reach = 0;
        for &(start, end, concept) in spans.iter() {
            if end <= reach {
                continue;
            }
            reach = end;
            out.push(Mention {
                line: line_no + 1,
                column: line[..start].chars().count() + 1,
                in_comment: in_comment(&line[..start]),
                concept,
            });
        }
    }
    out
}

/// Whether text that follows `before` on its line is in a source file's comment: after
/// `//`, or on a line that opens with `*` or `/*` (a block comment's body), and not inside
/// quotation marks opened after the marker.
fn in_comment(before: &str) -> bool {
    let opened_quote =
        |s: &str| s.matches('"').count() % 2 == 1 || (s.contains('“') && !s.contains('”'));
    if let Some(at) = before.find("//") {
        return !opened_quote(&before[at..]) && !opened_quote(&before[..at]);
    }
    let trimmed = before.trim_start();
    (trimmed.starts_with('*') || trimmed.starts_with("/*")) && !opened_quote(trimmed)
}

/// Text in quotation marks (straight or curly) of at least four words: a quotation, when
/// it stands on the line of a citation.
static QUOTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#""([^"]{12,}?)"|“([^”]{12,}?)”"#).expect("the quotation regex compiles")
});

/// A quotation on the line of an explicit citation: the text quoted and the citation it
/// goes with (the nearest explicit one on its line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quotation {
    pub line: usize,
    /// 1-based column of the opening quotation mark.
    pub column: usize,
    pub number: RuleNumber,
    pub text: String,
}

/// Every quotation of four words or more that stands right beside an explicit citation on
/// its line: after it (`rule 704.5j: "If two or more…"`, `CR 510.1c says "…"`) or before it
/// (`"…" (CR 510.1c)`). A quoted string with a citation inside it (an assertion message,
/// `"must use the front face (712.8g)"`) or farther from it is not a quotation of it.
pub fn quotations(text: &str, citations: &[Citation]) -> Vec<Quotation> {
    let mut out = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let between =
            |from: usize, to: usize| -> String { chars[from.min(to)..to].iter().collect() };
        let on_line: Vec<(usize, usize, RuleNumber)> = citations
            .iter()
            .filter(|c| c.line == line_no + 1 && c.explicit)
            .map(|c| {
                let start = c.column - 1;
                (start, start + c.number.short().chars().count(), c.number)
            })
            .collect();
        if on_line.is_empty() {
            continue;
        }
        for caps in QUOTED.captures_iter(line) {
            let Some(quoted) = caps.get(1).or_else(|| caps.get(2)) else {
                continue;
            };
            if quoted.as_str().split_whitespace().count() < 4 {
                continue;
            }
            let whole = caps.get(0).expect("group 0");
            let q_start = line[..whole.start()].chars().count();
            let q_end = q_start + whole.as_str().chars().count();
            let adjacent = on_line.iter().find(|&&(start, end, _)| {
                (end <= q_start && end + 12 >= q_start && LEADS_IN.is_match(&between(end, q_start)))
                    || (q_end <= start
                        && q_end + 12 >= start
                        && TRAILS_OFF.is_match(&between(q_end, start)))
            });
            if let Some(&(_, _, number)) = adjacent {
                out.push(Quotation {
                    line: line_no + 1,
                    column: q_start + 1,
                    number,
                    text: quoted.as_str().to_string(),
                });
            }
        }
    }
    out
}

/// What may stand between a citation and the quotation of it that follows.
static LEADS_IN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^[\s:,.)\]]*(?:says|reads|states|is)?[\s:,]*$")
        .expect("the lead-in regex compiles")
});

/// What may stand between a quotation and the citation of it that follows.
static TRAILS_OFF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^[\s,.;:]*[(\[]?\s*(?:comprehensive\s+rules?|rules?|cr|§)?\s*$")
        .expect("the trail-off regex compiles")
});

/// Lowercase words, apostrophes and quotation marks made straight, punctuation dropped.
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .replace(['’', '‘'], "'")
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_matches('\'').to_string())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether `quote` is the rule's text: each part of it (parts are cut at an ellipsis or
/// `[…]`) appears in `rule_text` word for word, ignoring case and punctuation.
pub fn quotes_rule(quote: &str, rule_text: &str) -> bool {
    let rule = format!(" {} ", words(rule_text).join(" "));
    quote
        .split(['…', '[', ']'])
        .flat_map(|p| p.split("..."))
        .map(words)
        .filter(|w| !w.is_empty())
        .all(|w| rule.contains(&format!(" {} ", w.join(" "))))
}

/// The sentences of a rule's text: cut after `.`, `;`, `?` or `!` followed by a space (so
/// `601.2b)` and `e.g.` inside a number or a word don't cut).
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, c) in text.char_indices() {
        if matches!(c, '.' | ';' | '?' | '!') && bytes.get(i + 1).is_none_or(|b| *b == b' ') {
            out.push(text[start..=i].trim());
            start = i + 1;
        }
    }
    out.push(text[start..].trim());
    out.retain(|s| !s.is_empty());
    out
}

/// The sentence of `rule_text` closest to `quote`: the one sharing the most words with it
/// (ties: the first).
pub fn closest_sentence(quote: &str, rule_text: &str) -> Option<String> {
    let quoted: std::collections::BTreeSet<String> = words(quote).into_iter().collect();
    sentences(rule_text)
        .into_iter()
        .filter(|s| !s.is_empty())
        .map(|s| {
            let sentence: std::collections::BTreeSet<String> = words(s).into_iter().collect();
            let shared = quoted.intersection(&sentence).count();
            let union = quoted.union(&sentence).count().max(1);
            (shared * 1000 / union, s)
        })
        .fold(None, |best: Option<(usize, &str)>, (score, s)| match best {
            Some((b, _)) if b >= score => best,
            _ => Some((score, s)),
        })
        .filter(|(score, _)| *score > 0)
        .map(|(_, s)| s.to_string())
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

/// The era a bare citation was written in, read from the words beside it: of the rules that
/// have carried `number` (`meanings`: for each, a revision in which that rule had the
/// number, with the rule's text), the one whose words of at least four letters appear in
/// `context` the most, as a share of its own (so a long rule doesn't win by length), when
/// at least half of them and three do, and more than of any other; `None` when the words
/// don't tell.
pub fn era_by_context(context: &str, meanings: &[(Date, String)]) -> Option<Date> {
    let long = |text: &str| -> std::collections::BTreeSet<String> {
        words(text).into_iter().filter(|w| w.len() >= 4).collect()
    };
    let beside = long(context);
    // (share of the rule's words beside the number, in thousandths; how many; its date)
    let mut scores: Vec<(usize, usize, Date)> = meanings
        .iter()
        .map(|(date, text)| {
            let own = long(text);
            let shared = own.intersection(&beside).count();
            (shared * 1000 / own.len().max(1), shared, *date)
        })
        .collect();
    scores.sort_by_key(|&(share, _, _)| std::cmp::Reverse(share));
    match scores.as_slice() {
        [(best, shared, date), rest @ ..]
            if *best >= 500 && *shared >= 3 && rest.first().is_none_or(|(s, _, _)| s < best) =>
        {
            Some(*date)
        }
        _ => None,
    }
}

/// The rules `number` has stood for up to `to`, oldest first, each as the revisions that
/// had it under that number: a new rule begins where the rule numbered `number` in one
/// revision is numbered otherwise in the next one that has the number (702.46c was
/// Offering's until 2013-05-01, then Splice's).
pub fn meanings(number: RuleNumber, to: Date) -> Vec<Vec<Date>> {
    use crate::citations as table;
    let mut rules: Vec<Vec<Date>> = Vec::new();
    let mut previous: Option<Date> = None;
    for d in table::revisions().iter().copied() {
        if d > to || !table::exists(number, d) {
            continue;
        }
        match (previous, rules.last_mut()) {
            (Some(p), Some(rule)) if table::translate(number, p, d) == Some(number) => rule.push(d),
            _ => rules.push(vec![d]),
        }
        previous = Some(d);
    }
    rules
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
        assert_eq!(
            numbers("blocked creatures (510.1c–d)"),
            ["510.1c", "510.1d"]
        );
        assert_eq!(
            numbers("rules 704.5a or 704.5b; 704.5c"),
            ["704.5a", "704.5b", "704.5c"]
        );
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
    fn a_mention_knows_whether_it_stands_in_a_comment() {
        let in_comment = |line: &str| mentions(line).first().map(|m| m.in_comment);
        assert_eq!(
            in_comment("    // remove the action at end of turn."),
            Some(true)
        );
        assert_eq!(
            in_comment("     * exiled, then returned at end of turn)."),
            Some(true)
        );
        assert_eq!(
            in_comment("    String t = \"Sacrifice it at end of turn.\";"),
            Some(false)
        );
        assert_eq!(
            in_comment("    t = \"Sacrifice it at end of turn.\"; // card text"),
            Some(false)
        );
        assert_eq!(
            in_comment("    // the card says \"Sacrifice it at end of turn.\""),
            Some(false)
        );
        assert_eq!(
            in_comment("    url = \"http://x\"; return at end of turn;"),
            Some(false)
        );
        assert_eq!(in_comment("Sacrifice it at end of turn."), Some(false));
    }

    #[test]
    fn columns_count_characters() {
        let c = &find("§ «» rule 704.5j")[0];
        assert_eq!((c.line, c.column), (1, 11));
    }

    #[test]
    fn a_quotation_beside_a_citation_is_compared_with_the_rule() {
        let text = "Rule 704.5j says \"the rest are put into their owners' graveyards\".";
        let q = quotations(text, &find(text));
        assert_eq!(q.len(), 1);
        assert_eq!(q[0].number.short(), "704.5j");
        let rule = "If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners’ graveyards. This is called the “legend rule.”";
        assert!(quotes_rule(&q[0].text, rule));
        assert!(quotes_rule(
            "If two or more legendary permanents … the rest are put",
            rule
        ));
        assert!(!quotes_rule(
            "all are put into their owners' graveyards",
            rule
        ));
        assert_eq!(
            closest_sentence("all are put into their owners' graveyards", rule).as_deref(),
            Some("If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners’ graveyards.")
        );
        // A quoted message with the citation inside, or a quotation far from it, is not one.
        let message = "assertEquals(\"MDFC in graveyard must use front face (712.8g)\", 1, 2);";
        assert!(quotations(message, &find(message)).is_empty());
        let far =
            "rule 104.3d applies to poison; elsewhere: \"that player gets N poison counters\"";
        assert!(quotations(far, &find(far)).is_empty());
        let after = "\"the rest are put into their owners' graveyards\" (CR 704.5j)";
        assert_eq!(quotations(after, &find(after)).len(), 1);
        // Short quotations (a name, a keyword) are not quotations of the rule.
        assert!(quotations("rule 702.9 \"Flying\"", &find("rule 702.9 \"Flying\"")).is_empty());
    }

    #[test]
    fn at_end_of_turn_is_the_old_trigger_phrase_not_prose_about_when() {
        assert_eq!(mentions("At end of turn, sacrifice it.").len(), 1);
        assert_eq!(
            mentions("Sacrifice Ball Lightning at end of turn.").len(),
            1
        );
        assert_eq!(mentions("\"return it at end of turn\"").len(), 1);
        assert!(mentions("// called at end of turn for each Permanent").is_empty());
        assert!(mentions("until end of turn.").is_empty());
    }

    #[test]
    fn the_words_beside_a_bare_number_tell_its_era() {
        let offering: Date = "2013-02-01".parse().unwrap();
        let splice: Date = "2021-02-05".parse().unwrap();
        let rules = [
            (offering, "Generic mana in the sacrificed permanent's mana cost reduces generic mana in the total cost to cast the card with offering.".to_string()),
            (splice, "The spell has the characteristics of the main spell, plus the rules text of each of the spliced cards.".to_string()),
        ];
        let comment = "* 702.46c Generic mana in the sacrificed permanent's mana cost reduces generic\n * mana in the total cost";
        assert_eq!(era_by_context(comment, &rules), Some(offering));
        assert_eq!(era_by_context("// see 702.46c", &rules), None);
        // The embedded table knows the number's three rules: 2009–2010's, Offering's
        // (2011-07-15 … 2013-05-01) and Splice's (2013-07-13 … 2021-02-05).
        let three = meanings("702.46c".parse().unwrap(), "2026-04-17".parse().unwrap());
        assert_eq!(three.len(), 3, "{three:?}");
        assert!(three[1].contains(&offering), "{three:?}");
        assert!(three[2].contains(&splice), "{three:?}");
    }

    #[test]
    fn concepts_by_name() {
        let m = mentions("no Mana burn here\nwith damage assignment order, Tribal Unity");
        assert_eq!(m.len(), 2);
        let total = mentions("its total casting cost");
        assert_eq!(total.len(), 1);
        assert_eq!(CONCEPTS[total[0].concept].name, "total casting cost");
        assert!(mentions("see http://tappedout.net/creatures-essentially-unblockable/").is_empty());
        assert!(mentions("boolean unblockable = false;").is_empty());
        assert_eq!(mentions("// it is unblockable. Then").len(), 1);
        assert_eq!(CONCEPTS[m[0].concept].name, "mana burn");
        assert_eq!((m[1].line, m[1].column), (2, 6));
    }
}
