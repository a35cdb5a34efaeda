//! The whole-document check that runs before anything is indexed: is what was read the
//! Comprehensive Rules, is it all of them or an excerpt, is it one revision, and how
//! much repair did reading it take. Pure: the decoded text and what the reader made of
//! it in, a [`Verdict`] or a [`Refusal`] out.
//!
//! What each answer rests on:
//! - the rules: its section headings are the rules' own ("Game Concepts", "Turn
//!   Structure", before 2009 "The Game"…), its rules speak of cards, spells and
//!   permanents, and its numbers stand under their parents (an article quoting a
//!   handful of rules has scattered numbers: 704.5j, 702.19b, 613.1f, each without the
//!   rule it belongs to);
//! - all of it: a text that begins like the rules (the header's effective date) and runs
//!   to the glossary's last entry ("Credits" after it or not) is whole, if it has rules,
//!   not only the headings of a table of contents; one that stops before it is cut short
//!   when it stops inside a section (an unfinished rule, a heading with nothing under it,
//!   a glossary short of its last entry) or short of what its own table of contents
//!   promises, and else is whole sections copied with the title and date lines, an
//!   excerpt; a text without the header is an excerpt;
//!   a text that begins so and runs to its end must also have every section and rule its
//!   table of contents lists (a copy that lost a part of its middle is refused);
//! - one revision: every header line states the same date, and the body's "Credits"
//!   heading appears once (the table of contents names it once more);
//! - repairs: a reading that needed more than [`SUSPECT_REPAIRS`] repairs (typos read
//!   past, stray lines left out, undecodable bytes) is flagged as suspect, and one that
//!   needed more than one repair for every [`REFUSE_RULES_PER_REPAIR`] rules is refused.

use super::Parsed;
use crate::model::RuleNumber;
use std::collections::BTreeSet;

/// More repairs than this mark the reading suspect (the most any corpus revision needs
/// is well under it).
pub const SUSPECT_REPAIRS: usize = 40;

/// A reading with more than one repair for every this many rules is refused.
pub const REFUSE_RULES_PER_REPAIR: usize = 10;

/// The headings of the rules' sections, in the numbering of 2009 on and before it.
const SECTION_TITLES: [&str; 13] = [
    "Game Concepts",
    "The Game",
    "Parts of a Card",
    "Cards",
    "Parts of the Game",
    "Card Types",
    "Zones",
    "Turn Structure",
    "Spells, Abilities, and Effects",
    "Additional Rules",
    "Additional Combat Rules",
    "Multiplayer Rules",
    "Casual Variants",
];

/// Words only Magic's rules use this much; a rule that names none of them is not
/// speaking of the game ("player", "game" and "turn" are in any sports regulation).
const GAME_WORDS: [&str; 15] = [
    "card",
    "spell",
    "permanent",
    "mana",
    "creature",
    "battlefield",
    "graveyard",
    "library",
    "in play",
    "abilit",
    "the stack",
    "token",
    "planeswalker",
    "artifact",
    "enchantment",
];

/// How much of the rules a checked text holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extent {
    /// A whole revision: the header, the rules, the glossary and the credits after it.
    Whole,
    /// Part of the rules without the document's header: a section, a rule, a glossary
    /// page. Indexed as a fragment.
    Excerpt,
}

/// What the check found in a text it accepts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    pub extent: Extent,
    /// How many repairs reading it took (the reader's warnings).
    pub repairs: usize,
    /// More than [`SUSPECT_REPAIRS`] repairs: read it against the source before relying
    /// on it. The summary names the commonest kinds of repair.
    pub suspect: Option<String>,
}

/// Why a text is not indexed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("this is a numbered document, but not the Comprehensive Rules: {why}")]
    NotTheRules { why: String },
    #[error("this is only a table of contents ({headings} headings and no rule text): the file is cut short after its contents")]
    TableOfContentsOnly { headings: usize },
    #[error(
        "this begins like the whole rules (effective {date}), but {place}: the file is cut short"
    )]
    CutShort { date: String, place: String },
    #[error("this begins like the whole rules (effective {date}) and runs to their end, but {count} headings its table of contents lists are missing from its text ({missing}): a part of the file was lost; give a whole copy")]
    Holes {
        date: String,
        count: usize,
        missing: String,
    },
    #[error("this holds two revisions of the rules, effective {first} and {second}: give each in its own file")]
    TwoRevisions { first: String, second: String },
    #[error("this holds the rules {times} times over (\"Credits\" ends the rules {times} times): give one copy")]
    Repeated { times: usize },
    #[error("reading this took {repairs} repairs for {rules} rules (more than one in {REFUSE_RULES_PER_REPAIR}): it is too damaged to index; {summary}")]
    TooDamaged {
        repairs: usize,
        rules: usize,
        summary: String,
    },
}

/// Checks a whole read text before it is indexed: the decoded `text` and what the reader
/// made of it.
pub(crate) fn validate(text: &str, parsed: &Parsed) -> Result<Verdict, Refusal> {
    let rules = &parsed.rules;
    if !rules.is_empty() && rules.keys().all(|n| n.depth() == 1) && parsed.glossary.is_empty() {
        if parsed.sections.is_empty() {
            return Err(Refusal::NotTheRules {
                why: format!("its {} numbered lines have no rule under them", rules.len()),
            });
        }
        return Err(Refusal::TableOfContentsOnly {
            headings: rules.len() + parsed.sections.len(),
        });
    }
    not_the_rules(parsed).map_or(Ok(()), |why| Err(Refusal::NotTheRules { why }))?;
    let dates = super::official::header_dates(text);
    if let Some(second) = dates.iter().find(|d| **d != dates[0]) {
        return Err(Refusal::TwoRevisions {
            first: dates[0].to_string(),
            second: second.to_string(),
        });
    }
    let credits = body_credits(text);
    if credits > 1 {
        return Err(Refusal::Repeated { times: credits });
    }
    // The end of the rules is the glossary's last entry; the "Credits" after it are
    // not required (a website's copy or a conversion may leave them out).
    let reaches_the_end = credits == 1 && !parsed.glossary.is_empty()
        || parsed
            .glossary
            .last()
            .is_some_and(|e| is_last_glossary_term(&e.term));
    let extent = match dates.first() {
        Some(date) if !reaches_the_end => match stops_short(text, parsed) {
            true => {
                return Err(Refusal::CutShort {
                    date: date.to_string(),
                    place: where_it_stops(parsed),
                })
            }
            // Whole sections copied with the document's title and date lines.
            false => Extent::Excerpt,
        },
        _ if parsed.complete && reaches_the_end => Extent::Whole,
        _ => Extent::Excerpt,
    };
    if let (Some(date), Extent::Whole) = (dates.first(), extent) {
        let missing = missing_from_contents(text, parsed);
        if !missing.is_empty() {
            let names: Vec<&str> = missing.iter().map(String::as_str).collect();
            return Err(Refusal::Holes {
                date: date.to_string(),
                count: missing.len(),
                missing: clip_list(&names),
            });
        }
    }
    let repairs = parsed.warnings.len();
    let summary = || repair_summary(parsed);
    if repairs > 3 && repairs * REFUSE_RULES_PER_REPAIR > rules.len() {
        return Err(Refusal::TooDamaged {
            repairs,
            rules: rules.len(),
            summary: summary(),
        });
    }
    Ok(Verdict {
        extent,
        repairs,
        suspect: (repairs > SUSPECT_REPAIRS).then(summary),
    })
}

/// Why a numbered text is not the rules, if it is not.
fn not_the_rules(parsed: &Parsed) -> Option<String> {
    let known = parsed
        .sections
        .iter()
        .filter(|s| SECTION_TITLES.contains(&s.title.as_str()))
        .count();
    if !parsed.sections.is_empty() && known * 2 < parsed.sections.len() {
        let titles: Vec<&str> = parsed.sections.iter().map(|s| s.title.as_str()).collect();
        return Some(format!(
            "its sections ({}) are not the rules' sections",
            clip_list(&titles)
        ));
    }
    // A glossary page has no rules: its definitions must speak of the game instead.
    let with_text: Vec<String> = if parsed.rules.is_empty() {
        parsed
            .glossary
            .iter()
            .map(|e| e.definition.to_lowercase())
            .collect()
    } else {
        parsed
            .rules
            .values()
            .filter(|r| !r.text.is_empty())
            .map(|r| r.text.to_lowercase())
            .collect()
    };
    let of_the_game = with_text
        .iter()
        .filter(|t| GAME_WORDS.iter().any(|w| t.contains(w)))
        .count();
    if with_text.len() >= 3 && of_the_game * 10 < with_text.len() * 3 {
        return Some(format!(
            "only {of_the_game} of its {} numbered paragraphs speak of cards, spells or permanents",
            with_text.len()
        ));
    }
    // Rules whose rule or subrule was never read, counted by the missing parent: an
    // excerpt that starts mid-way misses one or two, an article quoting rules here and
    // there misses one for nearly every rule it quotes.
    let numbers: BTreeSet<RuleNumber> = parsed.rules.keys().copied().collect();
    let missing: BTreeSet<RuleNumber> = numbers
        .iter()
        .filter(|n| n.depth() >= 2)
        .filter_map(|n| n.parent())
        .filter(|p| !numbers.contains(p))
        .collect();
    if missing.len() > 2 && missing.len() * 3 > numbers.len() {
        return Some(format!(
            "{} of its {} rule numbers stand without the rule they belong to, as when an article quotes rules here and there",
            missing.len(),
            numbers.len()
        ));
    }
    None
}

/// Whether a glossary term is the last entry of a whole glossary: every revision's ends
/// at "Zone-Change Triggers" (before 2005 at "Zone"), so a glossary read to it has
/// reached the end of the rules.
pub(crate) fn is_last_glossary_term(term: &str) -> bool {
    let term = term.trim().to_ascii_lowercase();
    term == "zone" || term.starts_with("zone-change trigger")
}

/// Whether a text that begins like the whole rules (its header's date) but does not
/// reach the glossary's last entry was cut short, rather than being whole sections
/// copied with the document's title and date lines: it stops inside a section (its
/// last rule's text is unfinished, a section heading has no rule under it, its glossary
/// stops before the last entry), or short of what its own table of contents promises.
fn stops_short(text: &str, parsed: &Parsed) -> bool {
    if parsed.rules.is_empty() || !parsed.glossary.is_empty() {
        return true;
    }
    if super::lines::truncation(text, &parsed.rules).is_some() {
        return true;
    }
    let last_section = parsed.sections.iter().map(|s| s.number).max();
    let has_rules = |n: u8| parsed.rules.keys().any(|r| r.section_number() == n);
    if last_section.is_some_and(|n| !has_rules(n)) {
        return true;
    }
    !missing_from_contents(text, parsed).is_empty()
}

/// How many times the body's "Credits" heading follows a glossary: 1 in a whole
/// revision (the table of contents' "Credits" comes before any glossary entry).
fn body_credits(text: &str) -> usize {
    let mut in_glossary = false;
    let mut entries = 0;
    let mut count = 0;
    for line in text.lines().map(str::trim) {
        match line {
            "Glossary" => {
                in_glossary = true;
                entries = 0;
            }
            "Credits" if in_glossary && entries > 0 => {
                count += 1;
                in_glossary = false;
            }
            "" => {}
            _ if in_glossary => entries += 1,
            _ => {}
        }
    }
    count
}

/// The sections and rules the table of contents lists (its lines `8. Multiplayer Rules`,
/// `702. Keyword Abilities`, before the first numbered subrule) that the reading lacks:
/// a text that lost a part of its middle still has its header, its glossary and its
/// credits.
fn missing_from_contents(text: &str, parsed: &Parsed) -> Vec<String> {
    let mut missing = Vec::new();
    for line in text.lines().map(str::trim) {
        let Some((number, title)) = line.split_once(". ") else {
            continue;
        };
        let digits = number.bytes().all(|b| b.is_ascii_digit());
        let subrule = number.split_once('.').is_some_and(|(rule, sub)| {
            rule.len() == 3 && rule.bytes().all(|b| b.is_ascii_digit()) && !sub.is_empty()
        });
        if subrule {
            break;
        }
        let heading = digits && !title.is_empty() && !title.ends_with('.') && title.len() <= 60;
        match (number.len(), heading) {
            (1, true) => {
                let n: u8 = number.parse().unwrap_or_default();
                if !parsed.sections.iter().any(|s| s.number == n) {
                    missing.push(format!("section {line}"));
                }
            }
            (3, true) => {
                let present = number
                    .parse::<RuleNumber>()
                    .is_ok_and(|n| parsed.rules.contains_key(&n));
                if !present {
                    missing.push(format!("rule {line}"));
                }
            }
            _ => {}
        }
    }
    missing
}

/// Where a text cut short stops, for a message.
fn where_it_stops(parsed: &Parsed) -> String {
    if let Some(last) = parsed.glossary.last() {
        return format!(
            "the text stops in the glossary (its last entry is \"{}\") and never reaches the \"Credits\" that end the rules",
            last.term
        );
    }
    match parsed.rules.keys().next_back() {
        Some(last) => {
            format!(
                "the text stops in the middle of the rules, after rule {last}, with no glossary"
            )
        }
        None => "the text stops before its first rule".to_string(),
    }
}

/// The commonest kinds of repair, for a message: "12 × rule … is printed with …".
fn repair_summary(parsed: &Parsed) -> String {
    let mut kinds: Vec<(String, usize)> = Vec::new();
    for warning in &parsed.warnings {
        // A kind is a message with its numbers and quotations left out.
        let kind: String = warning
            .message
            .split_whitespace()
            .filter(|w| !w.starts_with(|c: char| c.is_ascii_digit() || "\"“".contains(c)))
            .take(8)
            .collect::<Vec<_>>()
            .join(" ");
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => kinds.push((kind, 1)),
        }
    }
    kinds.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    let top: Vec<String> = kinds
        .iter()
        .take(3)
        .map(|(k, n)| format!("{n} × {k}"))
        .collect();
    format!("the commonest: {}", top.join("; "))
}

/// The first few items of a list, for a message.
fn clip_list(items: &[&str]) -> String {
    let mut shown: Vec<&str> = items.iter().take(4).copied().collect();
    if items.len() > 4 {
        shown.push("…");
    }
    shown.join(", ")
}
