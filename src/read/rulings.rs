//! A rulings page (seed 004: rule 212 of the 2008-02-01 rules, from Crystal Keep's
//! rulings of 2008-03-17). Each entry is one line, `212.1a - text [CompRules 2007/10/01]`:
//! the bracket names where the text comes from and when it last changed, kept as the
//! rule's `last_changed`. `212 - Card Type, …` and `212.2 - Artifacts` are titles;
//! `    Example: …` lines belong to the entry above; `212.8.Ruling.1 - …` entries are
//! rulings of 212.8, with their own source and date. The site's navigation and footer
//! are dropped.

use std::sync::LazyLock;

use regex::Regex;

use super::lines::{self, excerpt, Line};
use super::Parsed;
use crate::model::{Date, Rule, RuleNumber, Ruling, Warning};

/// `212.1a - text`, `• 212.2 - Artifacts`, `212.8.Ruling.1 - text`, `212 - Title`.
static ENTRY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?:[•·*]\s*)?(\d{3}(?:\.\d{1,4}[a-z]?)?)(?:\.Ruling\.(\d+))?\s+[-–—]\s+(.*)$")
        .expect("static regex")
});

/// `… [CompRules 2007/10/01]` at the end of an entry.
static SOURCE_DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\s*\[([^\[\]]*?)\s*(\d{4})/(\d{1,2})/(\d{1,2})\]\s*$").expect("static regex")
});

static EXAMPLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^Examples?:\s*(.*)$").expect("static regex"));

/// The site's navigation and footer.
static CHROME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^(?:the gaming resource library|go to:.*|new search.*|this search based on .*|copyright .*|.*table of contents)$",
    )
    .expect("static regex")
});

/// Whether `text` begins like a rulings-page entry (`212.1a - …`).
pub(super) fn is_entry(text: &str) -> bool {
    ENTRY.is_match(text)
}

/// Whether `text` ends in a rulings page's bracketed source and date.
pub(super) fn is_dated(text: &str) -> bool {
    SOURCE_DATE.is_match(text)
}

/// The text without its bracket, and what the bracket said.
fn split_source(text: &str) -> (String, Option<(String, Date)>) {
    let Some(caps) = SOURCE_DATE.captures(text) else {
        return (text.to_string(), None);
    };
    let num = |i: usize| caps.get(i).and_then(|m| m.as_str().parse::<u16>().ok());
    let date = match (num(2), num(3), num(4)) {
        (Some(y), Some(m), Some(d)) => Date::new(y, m as u8, d as u8),
        _ => None,
    };
    let start = caps.get(0).map_or(text.len(), |m| m.start());
    let body = text.get(..start).unwrap_or(text).trim_end().to_string();
    let source = caps.get(1).map_or("", |m| m.as_str()).trim().to_string();
    (body, date.map(|d| (source, d)))
}

/// An entry read so far: its first line, and its text, which may go on over the next
/// lines until its bracketed source closes it.
struct Pending {
    line: usize,
    number: RuleNumber,
    ruling: Option<String>,
    example: bool,
    text: String,
}

impl Pending {
    fn is_closed(&self) -> bool {
        SOURCE_DATE.is_match(&self.text)
    }
}

pub(crate) fn read(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    let mut last: Option<RuleNumber> = None;
    let mut pending: Option<Pending> = None;
    for (i, raw) in text.lines().enumerate() {
        let line = Line::new(i + 1, raw);
        if line.text.is_empty() || CHROME.is_match(&line.text) {
            continue;
        }
        if let Some(caps) = ENTRY.captures(&line.text) {
            flush(&mut parsed, &mut last, pending.take());
            let number_text = caps.get(1).map_or("", |m| m.as_str());
            let Ok(number) = number_text.parse::<RuleNumber>() else {
                parsed.warnings.push(Warning {
                    line: line.number,
                    message: format!("`{number_text}` is not a rule number; entry dropped"),
                });
                continue;
            };
            pending = Some(Pending {
                line: line.number,
                number,
                ruling: caps.get(2).map(|m| m.as_str().to_string()),
                example: false,
                text: caps.get(3).map_or("", |m| m.as_str()).to_string(),
            });
        } else if let Some(caps) = EXAMPLE.captures(&line.text) {
            flush(&mut parsed, &mut last, pending.take());
            match last {
                Some(number) => {
                    pending = Some(Pending {
                        line: line.number,
                        number,
                        ruling: None,
                        example: true,
                        text: caps.get(1).map_or("", |m| m.as_str()).to_string(),
                    });
                }
                None => parsed.warnings.push(Warning {
                    line: line.number,
                    message: "an example before any rule; dropped".to_string(),
                }),
            }
        } else if let Some(open) = pending.as_mut().filter(|p| !p.is_closed()) {
            // An entry wrapped onto the next line.
            open.text.push(' ');
            open.text.push_str(&line.text);
        } else if last.is_some() || pending.is_some() {
            parsed.warnings.push(Warning {
                line: line.number,
                message: format!("not a rulings entry; dropped: {}", excerpt(&line.text)),
            });
        }
        // Anything else before the first entry is the page heading.
    }
    flush(&mut parsed, &mut last, pending.take());
    lines::finish(&mut parsed);
    parsed
}

/// Puts a finished entry in place: a rule, an example of the rule above, or a ruling.
fn flush(parsed: &mut Parsed, last: &mut Option<RuleNumber>, entry: Option<Pending>) {
    let Some(entry) = entry else { return };
    let number = entry.number;
    let (body, source) = split_source(&entry.text);
    if entry.example {
        if let Some(rule) = parsed.rules.get_mut(&number) {
            rule.examples.push(body);
            if rule.last_changed.is_none() {
                rule.last_changed = source.map(|(_, d)| d);
            }
        }
    } else if let Some(k) = entry.ruling {
        let ruling = Ruling {
            label: format!("{}.Ruling.{k}", number.short()),
            text: body,
            date: source.as_ref().map(|(_, d)| *d),
            source: source.map(|(s, _)| s).filter(|s| !s.is_empty()),
        };
        parsed
            .rules
            .entry(number)
            .or_insert_with(|| Rule::new(number, String::new()))
            .rulings
            .push(ruling);
    } else {
        let mut rule = if source.is_none() {
            lines::new_rule(number, body)
        } else {
            Rule::new(number, body)
        };
        rule.last_changed = source.map(|(_, d)| d);
        lines::insert(parsed, entry.line, rule);
        *last = Some(number);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = include_str!("../../rules/004_16c49dc641144f21.txt");

    fn rule<'a>(p: &'a Parsed, n: &str) -> &'a Rule {
        &p.rules[&n.parse::<RuleNumber>().unwrap()]
    }

    #[test]
    fn keeps_each_bracketed_date_as_the_rules_last_change() {
        let p = read(SEED);
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
        let r = rule(&p, "212.2g");
        assert_eq!(
            r.text,
            "Some artifacts have the subtype \"Equipment.\" An Equipment can be attached to a \
             creature. It can't legally be attached to an object that isn't a creature."
        );
        assert_eq!(r.last_changed, Date::new(2003, 10, 1));
        assert_eq!(rule(&p, "212.4k").last_changed, Date::new(2007, 5, 15));
        assert!(p.rules.values().all(|r| !r.text.contains("[CompRules")));
    }

    #[test]
    fn titles_and_examples() {
        let p = read(SEED);
        assert_eq!(
            rule(&p, "212").title.as_deref(),
            Some("Card Type, Supertype, and Subtype")
        );
        assert_eq!(rule(&p, "212.1").title.as_deref(), Some("General"));
        assert_eq!(rule(&p, "212.8").title.as_deref(), Some("Tribals"));
        let r = rule(&p, "212.1d");
        assert_eq!(r.examples.len(), 1);
        assert!(r.examples[0].ends_with("they are still legendary."));
        assert!(!r.text.contains("Example"));
    }

    #[test]
    fn rulings_belong_to_their_rule_with_source_and_date() {
        let p = read(SEED);
        let r = rule(&p, "212.8");
        assert_eq!(r.rulings.len(), 1);
        assert_eq!(r.rulings[0].label, "212.8.Ruling.1");
        assert_eq!(r.rulings[0].date, Date::new(2007, 5, 1));
        assert_eq!(r.rulings[0].source.as_deref(), Some("Future Sight FAQ"));
        assert!(r.rulings[0]
            .text
            .starts_with("Tribal is not a permanent type."));
        let r = rule(&p, "212.9");
        assert_eq!(r.rulings.len(), 2);
        assert_eq!(r.rulings[1].source.as_deref(), Some("D'Angelo"));
    }

    #[test]
    fn a_stray_line_between_entries_is_reported_with_its_line() {
        let p = read("212.1a - A. [CompRules 2007/10/01]\nstray\n");
        assert_eq!(p.warnings.len(), 1);
        assert_eq!(p.warnings[0].line, 2);
    }
}
