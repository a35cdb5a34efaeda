//! The effective date a text states: its header line ("These rules are effective as of
//! …") or the 1999 banner (`COMPREHENSIVE RULES      04/23/99`).

use std::sync::LazyLock;

use regex::Regex;

use crate::model::Date;

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

/// The effective date the text's header states, or the 1999 banner's date.
pub(super) fn effective_date(text: &str) -> Option<Date> {
    header_dates(text).first().copied()
}

/// Every date a header line states, in order (a whole revision states its date at the
/// top and again above the contact addresses at the end); else the 1999 banner's date.
pub(in crate::read) fn header_dates(text: &str) -> Vec<Date> {
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
