//! Official-style rule lines, once a copy's own decoration is gone: `303. Enchantments`,
//! `303.4. Some enchantments…`, `303.4c If an Aura…`, `Example: …`, and indented
//! continuation lines. [`read`] stands in for the official reader until the readers'
//! work lands (the web-page and bulleted readers clean their shape away and hand what is
//! left to the official reader); the other helpers are shared by the seed readers, which
//! finish their rules with [`finish`] (references filled in, never complete).

use std::sync::LazyLock;

use regex::Regex;

use super::{references, Parsed};
use crate::model::{Rule, RuleNumber, Warning};

/// `303.`, `303.4.`, `303.4c`, `303.4c.` at the start of a line, then the text.
static RULE_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\d{3})\.(?:(\d{1,4})([a-z])?\.?)?(?:\s+(.*))?$").expect("static regex")
});

/// `Example: …` (also `Examples:`).
static EXAMPLE_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^Examples?:\s*(.*)$").expect("static regex"));

/// One line of a cleaned copy: its 1-based number in the source, whether it was indented,
/// and its text without leading or trailing white space.
#[derive(Debug, Clone)]
pub(super) struct Line {
    pub number: usize,
    pub indented: bool,
    pub text: String,
}

impl Line {
    /// A source line, white space normalised (no-break spaces become spaces).
    pub fn new(number: usize, raw: &str) -> Line {
        let raw = raw.replace('\u{a0}', " ");
        Line {
            number,
            indented: raw.starts_with([' ', '\t']),
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
    let text = caps.get(4).map_or("", |m| m.as_str()).trim().to_string();
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
        .is_some_and(|c| c.is_alphanumeric() || c == ')');
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

/// What a continuation line extends.
enum Last {
    Nothing,
    Text(RuleNumber),
    Example(RuleNumber),
}

/// Reads official-style rule lines. Lines that are neither a rule nor an example extend
/// the rule (or example) before them; a line that is not indented gets a warning, since
/// official rule text never wraps.
pub(super) fn read(lines: &[Line]) -> Parsed {
    let mut parsed = Parsed::default();
    let mut last = Last::Nothing;
    for line in lines.iter().filter(|l| !l.text.is_empty()) {
        if let Some((number, text)) = rule_line(&line.text) {
            insert(&mut parsed, line.number, new_rule(number, text));
            last = Last::Text(number);
        } else if let Some(caps) = EXAMPLE_LINE.captures(&line.text) {
            let example = caps.get(1).map_or("", |m| m.as_str()).to_string();
            match &last {
                Last::Text(n) | Last::Example(n) => {
                    let n = *n;
                    if let Some(rule) = parsed.rules.get_mut(&n) {
                        rule.examples.push(example);
                    }
                    last = Last::Example(n);
                }
                Last::Nothing => parsed.warnings.push(Warning {
                    line: line.number,
                    message: "an example before any rule; dropped".to_string(),
                }),
            }
        } else {
            let target = match &last {
                Last::Nothing => None,
                Last::Text(n) | Last::Example(n) => Some(*n),
            };
            let Some(n) = target else {
                parsed.warnings.push(Warning {
                    line: line.number,
                    message: format!("not a rule line; dropped: {}", excerpt(&line.text)),
                });
                continue;
            };
            if !line.indented {
                parsed.warnings.push(Warning {
                    line: line.number,
                    message: format!(
                        "neither a rule nor an example; read as a continuation of {n}: {}",
                        excerpt(&line.text)
                    ),
                });
            }
            if let Some(rule) = parsed.rules.get_mut(&n) {
                let slot = match (&last, rule.examples.last_mut()) {
                    (Last::Example(_), Some(example)) => example,
                    _ => &mut rule.text,
                };
                if !slot.is_empty() {
                    slot.push(' ');
                }
                slot.push_str(&line.text);
            }
        }
    }
    finish(&mut parsed);
    parsed
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

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<Line> {
        text.lines()
            .enumerate()
            .map(|(i, l)| Line::new(i + 1, l))
            .collect()
    }

    #[test]
    fn reads_titles_subrules_examples_and_continuations() {
        let p = read(&lines(
            "303. Enchantments\n303.4. Some enchantments have the subtype \u{201c}Aura.\u{201d}\n\
             303.4c If an Aura is enchanting an illegal object,\n   the Aura is put into its owner\u{2019}s graveyard.\n\
             Example: An\u{a0}example.\n205.2. Card Types\n",
        ));
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
        let r = |s: &str| &p.rules[&s.parse::<RuleNumber>().unwrap()];
        assert_eq!(r("303").title.as_deref(), Some("Enchantments"));
        assert_eq!(r("303.4").title, None);
        assert_eq!(
            r("303.4c").text,
            "If an Aura is enchanting an illegal object, the Aura is put into its owner\u{2019}s graveyard."
        );
        assert_eq!(r("303.4c").examples, ["An example."]);
        assert_eq!(r("205.2").title.as_deref(), Some("Card Types"));
    }

    #[test]
    fn warns_about_stray_lines_with_their_line_numbers() {
        let p = read(&lines(
            "stray words\n303.4c Text.\nmore words\n303.4c Again.\n",
        ));
        let got: Vec<usize> = p.warnings.iter().map(|w| w.line).collect();
        assert_eq!(got, [1, 3, 4]);
    }
}
