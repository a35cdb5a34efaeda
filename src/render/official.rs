//! A revision written back as the publisher's plain text (`/file/cr` of `arbiter serve`):
//! the header with its effective date, the contents, every section heading, rule and
//! example in order, then the glossary, in UTF-8 with LF line ends. Read again by
//! `read::official`, it gives the same rules; it is not the publisher's file byte for
//! byte (the introduction and credits are not kept in the model).

use std::fmt::Write as _;

use crate::model::{Date, Revision};

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// "January 16, 2026".
fn long_date(date: Date) -> String {
    let month = MONTHS
        .get(usize::from(date.month).wrapping_sub(1))
        .copied()
        .unwrap_or("January");
    format!("{month} {}, {}", date.day, date.year)
}

/// The revision as the publisher's plain text.
pub fn text(revision: &Revision) -> String {
    let mut out = String::with_capacity(revision.rules.len() * 200);
    out.push_str("Magic: The Gathering Comprehensive Rules\n\n");
    let _ = writeln!(
        out,
        "These rules are effective as of {}.\n",
        long_date(revision.date)
    );
    out.push_str("Contents\n\n");
    for section in &revision.sections {
        let _ = writeln!(out, "{}. {}", section.number, section.title);
        for rule in revision
            .rules
            .values()
            .filter(|r| r.number.depth() == 1 && r.number.section_number() == section.number)
        {
            let _ = writeln!(
                out,
                "{} {}",
                rule.number,
                rule.title.as_deref().unwrap_or("")
            );
        }
        out.push('\n');
    }
    if !revision.glossary.is_empty() {
        out.push_str("Glossary\n\n");
    }
    out.push_str("Credits\n\n");
    let mut section = None;
    for rule in revision.rules.values() {
        let number = rule.number.section_number();
        if section != Some(number) {
            section = Some(number);
            if let Some(s) = revision.sections.iter().find(|s| s.number == number) {
                let _ = writeln!(out, "{}. {}\n", s.number, s.title);
            }
        }
        let line = match &rule.title {
            Some(title) if rule.text.is_empty() => title.as_str(),
            _ => rule.text.as_str(),
        };
        let _ = writeln!(out, "{} {line}\n", rule.number);
        for example in &rule.examples {
            let _ = writeln!(out, "Example: {example}\n");
        }
    }
    if !revision.glossary.is_empty() {
        out.push_str("Glossary\n\n");
        for entry in &revision.glossary {
            let mut name = entry.term.clone();
            for alias in &entry.aliases {
                name.push_str(", ");
                name.push_str(alias);
            }
            if entry.obsolete {
                name.push_str(" (Obsolete)");
            }
            let _ = writeln!(out, "{name}\n{}\n", entry.definition);
        }
    }
    out.push_str("Credits\n");
    out
}
