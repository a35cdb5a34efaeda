//! Cross-references in rule text: "see rule 704", "rules 301.5a–f", "603.7d-f",
//! "rule 702.6, “Equip”", "rules 702.16 and 702.18", "section 5" → rule numbers, ranges
//! expanded.
//!
//! A number with a subrule part (`702.6`, `301.5a`) is a reference wherever it stands. A
//! bare three-digit number (`704`) is one only after "rule"/"rules" or in a list that
//! began with one ("rules 500, 501, and 502"), so "20 life" or "100 cards" never count.
//! A section is referred to as "section 5" (or "sections 5 and 6").

use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;

use crate::model::RuleNumber;

/// A rule or subrule number, optionally followed by a range end: `301.5a–f`,
/// `409.1f–409.1h`, `404.1-2`, `704`. Word boundaries are ASCII (`(?-u:\b)`): Unicode ones
/// keep the fast engine off any text with a curly quote or a dash, and digits need no more.
static NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?-u:\b)(\d{3})(?:\.(\d{1,4})([a-z])?)?(?-u:\b)(?:\s?[-–—]\s?(?:(\d{3})\.(\d{1,4})([a-z])?(?-u:\b)|([a-z])(?-u:\b)|(\d{1,4})(?-u:\b)))?",
    )
    .expect("the reference pattern compiles")
});

/// "section 5", "sections 5 and 6".
static SECTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\bsections?\s+(\d)\b(?:(?:,\s*|\s+)(?:and|or)\s+(\d)\b)?")
        .expect("the section pattern compiles")
});

/// Text that, just before a bare three-digit number, says it is a rule: "rule ",
/// "rules ", "see ".
static RULE_WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\brules?\s*$").expect("the rule-word pattern compiles"));

/// Text between two items of one list: ", ", " and ", ", and ", " or ", " through ".
static LIST_GLUE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:,\s*|\s+)(?:(?:and|or|through)\s+)?$|^,\s*(?:and|or)\s+$")
        .expect("the list pattern compiles")
});

/// Subrule ranges longer than this are not expanded (only their ends are kept).
const MAX_RANGE: u16 = 40;

/// The rule numbers `text` refers to, ranges expanded, in order of first mention,
/// without duplicates.
pub fn extract(text: &str) -> Vec<RuleNumber> {
    let mut found: Vec<(usize, RuleNumber)> = Vec::new();
    let mut list_end: Option<usize> = None; // where the last reference of a list ended
    for m in NUMBER.captures_iter(text) {
        let Some(whole) = m.get(0) else { continue };
        let start = whole.start();
        // Not part of a bigger number or a dotted sequence such as "1.100.1".
        if text[..start]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_digit() || c == '.' || c == '$')
        {
            continue;
        }
        let rule: u16 = match m.get(1).and_then(|g| g.as_str().parse().ok()) {
            Some(r) => r,
            None => continue,
        };
        let sub: Option<u16> = m.get(2).and_then(|g| g.as_str().parse().ok());
        let letter = m.get(3).and_then(|g| g.as_str().chars().next());
        let first = match (sub, letter) {
            (None, _) => RuleNumber::rule(rule),
            (Some(s), None) => RuleNumber::subrule(rule, s),
            (Some(s), Some(l)) => RuleNumber::lettered(rule, s, l),
        };
        if sub.is_none() {
            // Only the few characters before the number matter ("rules "): look no
            // further back, so long texts stay linear.
            let mut from = start.saturating_sub(12);
            while !text.is_char_boundary(from) {
                from -= 1;
            }
            let before = &text[from..start];
            let after_rule_word = RULE_WORD.is_match(before);
            let in_list =
                list_end.is_some_and(|end| end <= start && LIST_GLUE.is_match(&text[end..start]));
            if !after_rule_word && !in_list {
                continue;
            }
        }
        list_end = Some(whole.end());
        for n in expand(first, &m) {
            found.push((start, n));
        }
    }
    for m in SECTION.captures_iter(text) {
        let start = m.get(0).map_or(0, |g| g.start());
        for g in [m.get(1), m.get(2)].into_iter().flatten() {
            if let Ok(s) = g.as_str().parse::<u8>() {
                if s >= 1 {
                    found.push((start, RuleNumber::section(s)));
                }
            }
        }
    }
    found.sort_by_key(|(at, _)| *at); // stable: a range keeps its order
    let mut seen = HashSet::with_capacity(found.len());
    found
        .into_iter()
        .filter_map(|(_, n)| seen.insert(n).then_some(n))
        .collect()
}

/// The numbers a match stands for: its first number, or every number of its range.
fn expand(first: RuleNumber, m: &regex::Captures<'_>) -> Vec<RuleNumber> {
    let rule = first.rule_part().unwrap_or_default();
    // `301.5a–f`: a letter range.
    if let (Some(to), Some(sub), Some(_)) = (m.get(7), first.sub_part(), first.letter()) {
        let last = RuleNumber::lettered(rule, sub, to.as_str().chars().next().unwrap_or('a'));
        let range = first.letter_range(&last);
        if !range.is_empty() {
            return range;
        }
    }
    // `409.1f–409.1h` or `702.16–702.18`: a full second number.
    if let (Some(r2), Some(s2)) = (m.get(4), m.get(5)) {
        let r2: u16 = r2.as_str().parse().unwrap_or_default();
        let s2: u16 = s2.as_str().parse().unwrap_or_default();
        let last = match m.get(6).and_then(|g| g.as_str().chars().next()) {
            Some(l) => RuleNumber::lettered(r2, s2, l),
            None => RuleNumber::subrule(r2, s2),
        };
        if first.letter().is_some() {
            let range = first.letter_range(&last);
            if !range.is_empty() {
                return range;
            }
        } else if let (Some(s1), None, true) = (first.sub_part(), last.letter(), r2 == rule) {
            if s1 < s2 && s2 - s1 <= MAX_RANGE {
                return (s1..=s2).map(|s| RuleNumber::subrule(rule, s)).collect();
            }
        }
        return vec![first, last];
    }
    // `404.1-2`: a subrule range.
    if let (Some(to), Some(s1), None) = (m.get(8), first.sub_part(), first.letter()) {
        if let Ok(s2) = to.as_str().parse::<u16>() {
            if s1 < s2 && s2 - s1 <= MAX_RANGE {
                return (s1..=s2).map(|s| RuleNumber::subrule(rule, s)).collect();
            }
        }
    }
    vec![first]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refs(text: &str) -> Vec<String> {
        extract(text).iter().map(RuleNumber::short).collect()
    }

    #[test]
    fn single_rules_and_subrules() {
        assert_eq!(refs("See rule 704, “State-Based Actions.”"), ["704"]);
        assert_eq!(refs("rule 702.6, “Equip”"), ["702.6"]);
        assert_eq!(refs("as described in 601.2c."), ["601.2c"]);
        assert_eq!(refs("rules 702.16 and 702.18"), ["702.16", "702.18"]);
    }

    #[test]
    fn letter_ranges_are_expanded_with_any_dash() {
        assert_eq!(
            refs("rules 301.5a–f"),
            ["301.5a", "301.5b", "301.5c", "301.5d", "301.5e", "301.5f"]
        );
        assert_eq!(refs("see 603.7d-f"), ["603.7d", "603.7e", "603.7f"]);
        assert_eq!(refs("rule 508.1c-d"), ["508.1c", "508.1d"]);
        assert_eq!(refs("rules 704.5k—n"), ["704.5k", "704.5m", "704.5n"]);
        assert_eq!(refs("rules 409.1f–409.1h"), ["409.1f", "409.1g", "409.1h"]);
    }

    #[test]
    fn bare_numbers_need_the_word_rule_or_a_list() {
        assert_eq!(
            refs("Each player starts with 20 life and 100 cards."),
            Vec::<String>::new()
        );
        assert_eq!(refs("rules 500, 501, and 502"), ["500", "501", "502"]);
        assert_eq!(
            refs("See rule 103, “Starting the Game,” and rule 104."),
            ["103", "104"]
        );
        assert_eq!(refs("1.100.1 or $100"), Vec::<String>::new());
    }

    #[test]
    fn sections_are_references_too() {
        assert_eq!(refs("See section 5, “Turn Structure.”"), ["5"]);
        assert_eq!(refs("sections 5 and 6"), ["5", "6"]);
    }

    #[test]
    fn order_of_first_mention_without_duplicates() {
        assert_eq!(
            refs("See rule 702.19 and rule 613. (Also rule 702.19 again, and rule 101.)"),
            ["702.19", "613", "101"]
        );
    }

    #[test]
    fn subrule_ranges() {
        assert_eq!(refs("Trigger event, 404.1-2"), ["404.1", "404.2"]);
    }
}
