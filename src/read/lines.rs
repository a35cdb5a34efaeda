//! What the seed readers share: official-style rule numbers at the start of a line
//! (`303. Enchantments`, `303.4c If an Aura…`), titles told from text, duplicate numbers
//! warned about, and [`finish`], which fills in every rule's references and marks the
//! revision a fragment. (The web-page and bulleted readers hand their cleaned text to the
//! official reader itself.)

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;

use super::{references, Parsed};
use crate::model::{Rule, RuleNumber, Warning};

/// `303.`, `303.4.`, `303.4c`, `303.4c.` at the start of a line, then the text.
static RULE_LINE: LazyLock<Regex> = LazyLock::new(|| {
    // The number alone: the text after it is taken by its offset, never captured (a
    // capture of `.*` on a line of megabytes runs the slow engine over all of it).
    Regex::new(r"^(\d{3})\.(?:(\d{1,4})([a-z])?\.?)?(?:\s+|$)").expect("static regex")
});

/// One source line: its 1-based number and its text without leading or trailing white
/// space.
#[derive(Debug, Clone)]
pub(super) struct Line {
    pub number: usize,
    pub text: String,
}

impl Line {
    /// A source line, white space normalised (no-break spaces become spaces).
    pub fn new(number: usize, raw: &str) -> Line {
        let raw = raw.replace('\u{a0}', " ");
        Line {
            number,
            text: collapse_spaces(raw.trim()),
        }
    }
}

/// Runs of white space become one space.
pub(super) fn collapse_spaces(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A rule number and the text after it, if `line` starts with one.
pub(super) fn rule_line(line: &str) -> Option<(RuleNumber, String)> {
    let caps = RULE_LINE.captures(line)?;
    let mut number = caps.get(1)?.as_str().to_string();
    if let Some(sub) = caps.get(2) {
        number.push('.');
        number.push_str(sub.as_str());
        if let Some(letter) = caps.get(3) {
            number.push_str(letter.as_str());
        }
    }
    let number: RuleNumber = number.parse().ok()?;
    let text = line[caps.get(0)?.end()..].trim().to_string();
    Some((number, text))
}

/// Whether a rule's text is really a title: `Enchantments`, `Card Types`, `Deathtouch`
/// (a few words, capitalised, no closing punctuation).
pub(super) fn looks_like_title(text: &str) -> bool {
    let words = text.split_whitespace().count();
    let starts_upper = text.chars().next().is_some_and(char::is_uppercase);
    let ends_plain = text
        .chars()
        .last()
        .is_some_and(|c| c.is_alphanumeric() || c == ')' || c == '!'); // "For Mirrodin!"
    (1..=8).contains(&words) && starts_upper && ends_plain
}

/// Puts a newly read rule in place, or warns when its number was already read.
pub(super) fn insert(parsed: &mut Parsed, line: usize, rule: Rule) {
    if parsed.rules.contains_key(&rule.number) {
        parsed.warnings.push(Warning {
            line,
            message: format!("rule {} appears twice; the first is kept", rule.number),
        });
        return;
    }
    parsed.rules.insert(rule.number, rule);
}

/// Builds a rule from its number and the text after it: a three-digit rule's text is its
/// title, and so is a subrule's when it reads like one (`212.1. General`).
pub(super) fn new_rule(number: RuleNumber, text: String) -> Rule {
    let titled = number.depth() == 1 || (number.depth() == 2 && looks_like_title(&text));
    if titled && !text.is_empty() {
        let mut rule = Rule::new(number, String::new());
        rule.title = Some(text);
        rule
    } else {
        Rule::new(number, text)
    }
}

/// The first words of a line, for a warning.
pub(super) fn excerpt(text: &str) -> String {
    let mut s: String = text.chars().take(60).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    format!("“{s}”")
}

/// Fills in every rule's references from its text and examples; a fragment is never a
/// complete revision.
pub(super) fn finish(parsed: &mut Parsed) {
    for rule in parsed.rules.values_mut() {
        let mut refs: Vec<RuleNumber> = Vec::new();
        let texts = std::iter::once(&rule.text).chain(rule.examples.iter());
        for text in texts {
            for n in references::extract(text) {
                if n != rule.number && !refs.contains(&n) {
                    refs.push(n);
                }
            }
        }
        rule.references = refs;
    }
    parsed.complete = false;
}

/// A warning when the document stops in the middle of a rule: its last rule's text
/// (or last example) ends without the punctuation that ends every rule, so the copy was
/// probably cut short. The warning carries the last non-blank line.
pub(super) fn truncation(text: &str, rules: &BTreeMap<RuleNumber, Rule>) -> Option<Warning> {
    let (line, last_line) = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .last()?;
    let rule = rules.values().last()?;
    let ending = rule.examples.last().unwrap_or(&rule.text).trim_end();
    if ending.is_empty() || rule.title.is_some() {
        return None;
    }
    let closed = ending.ends_with(|c: char| ".:;!?)]\"”’'".contains(c));
    if closed {
        return None;
    }
    Some(Warning {
        line: line + 1,
        message: format!(
            "the text ends in the middle of rule {} ({}); the copy may be cut short",
            rule.number,
            excerpt(last_line.trim())
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> RuleNumber {
        s.parse().unwrap()
    }

    #[test]
    fn reads_rule_numbers_and_titles_at_the_start_of_a_line() {
        assert_eq!(
            rule_line("303.4c If an Aura…"),
            Some((n("303.4c"), "If an Aura…".into()))
        );
        assert_eq!(
            rule_line("303. Enchantments"),
            Some((n("303"), "Enchantments".into()))
        );
        assert_eq!(
            rule_line("119.1d. Typo"),
            Some((n("119.1d"), "Typo".into()))
        );
        assert_eq!(rule_line("See rule 303.4c."), None);
        assert_eq!(rule_line("2024. A year"), None);
        assert_eq!(
            new_rule(n("205.2"), "Card Types".into()).title.as_deref(),
            Some("Card Types")
        );
        assert_eq!(new_rule(n("205.2a"), "Card Types".into()).title, None);
        assert_eq!(
            new_rule(n("205.3"), "Subtypes are words.".into()).title,
            None
        );
    }

    #[test]
    fn a_repeated_number_keeps_the_first_and_warns_with_the_line() {
        let mut parsed = Parsed::default();
        insert(&mut parsed, 3, Rule::new(n("303.4c"), "First."));
        insert(&mut parsed, 9, Rule::new(n("303.4c"), "Second."));
        assert_eq!(parsed.rules[&n("303.4c")].text, "First.");
        assert_eq!(parsed.warnings.len(), 1);
        assert_eq!(parsed.warnings[0].line, 9);
    }
}
