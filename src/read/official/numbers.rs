//! Rule numbers at the start of a line, as printed: the official `303.4c`, its typos
//! (`119.1d.`, `606.5`, `901.4.All`, `606. 8b`) and the styles of whole copies (`100.1
//! These…`, `100.1) These…`).

use super::Line;
use crate::model::RuleNumber;

/// A rule line as read: the number, the rest of the line, and a note on a typo in the
/// number (`901.4.All`, `119.1d.`).
#[derive(Debug, Clone, Copy)]
pub(super) struct RuleLine<'a> {
    pub(super) number: RuleNumber,
    pub(super) rest: &'a str,
    pub(super) typo: Option<&'static str>,
}

/// Reads `303.`, `303.4.`, `303.4c`, `119.1d.` (typo), `606.5` (no period), `901.4.All`
/// (no space) at the start of `line` (leading white space already removed).
pub(super) fn parse_rule_line(line: &str) -> Option<RuleLine<'_>> {
    let b = line.as_bytes();
    if b.len() < 4 || !b[..3].iter().all(u8::is_ascii_digit) || b[3] != b'.' {
        return None;
    }
    let rule: u16 = line[..3].parse().ok()?;
    if let Some(split) = split_number(line) {
        return Some(split);
    }
    let mut i = 4;
    let digits_start = i;
    while i < b.len() && b[i].is_ascii_digit() && i - digits_start < 4 {
        i += 1;
    }
    if i < b.len() && b[i].is_ascii_digit() {
        return None; // five digits or more: not a rule number
    }
    let sub: Option<u16> = if i > digits_start {
        line[digits_start..i].parse().ok()
    } else {
        None
    };
    let mut letter = None;
    if sub.is_some() && i < b.len() && b[i].is_ascii_lowercase() {
        let after = b.get(i + 1);
        if after.is_none_or(|c| !c.is_ascii_alphanumeric()) {
            letter = Some(b[i] as char);
            i += 1;
        } else {
            return None;
        }
    }
    let mut period = false;
    let mut parenthesis = false;
    if sub.is_some() && i < b.len() && b[i] == b'.' {
        period = true;
        i += 1;
    } else if sub.is_some() && i < b.len() && b[i] == b')' {
        parenthesis = true;
        i += 1;
    }
    let number = match (sub, letter) {
        (None, _) => RuleNumber::rule(rule),
        (Some(s), None) => RuleNumber::subrule(rule, s),
        (Some(s), Some(l)) => RuleNumber::lettered(rule, s, l),
    };
    let rest = &line[i..];
    let mut typo = None;
    if rest.is_empty() || rest.starts_with(char::is_whitespace) {
        if parenthesis {
            typo = Some(PARENTHESIS);
        } else if letter.is_some() && period {
            typo = Some("a period after the letter");
        } else if sub.is_some() && letter.is_none() && !period {
            typo = Some(NO_PERIOD);
        }
    } else if period && rest.starts_with(|c: char| c.is_uppercase() || "“\"[".contains(c)) {
        typo = Some("no space after the number");
    } else {
        return None;
    }
    Some(RuleLine {
        number,
        rest: rest.trim(),
        typo,
    })
}

/// The typo of a numbered rule without the period after its number (`606.5 Text`).
pub(super) const NO_PERIOD: &str = "no period after the number";
/// The typo of a numbered rule with a parenthesis after its number (`606.5) Text`, as a
/// converter writes an ordered list).
pub(super) const PARENTHESIS: &str = "a parenthesis after the number";

/// How a copy writes the end of its rule numbers when most of its numbered rules end
/// them otherwise than officially (`100.1 These…`, `100.1) These…`): that typo and the
/// line where it is first seen; `None` when most have the period.
pub(super) fn numbering_style(lines: &[Line<'_>]) -> Option<(&'static str, usize)> {
    [NO_PERIOD, PARENTHESIS].into_iter().find_map(|style| {
        let (mut styled, mut official, mut first) = (0, 0, None);
        for line in lines {
            let Some(rule) = parse_rule_line(line.text) else {
                continue;
            };
            if rule.typo == Some(style) {
                styled += 1;
                first = first.or(Some(line.no));
            } else if rule.number.depth() == 2 && rule.typo.is_none() {
                official += 1;
            }
        }
        first
            .filter(|_| styled >= 10 && styled > official * 2)
            .map(|first| (style, first))
    })
}

/// The typo `606. 8b Players …` (a space inside the number): a rule number, one space,
/// a subrule number with its letter, a space and a capital letter.
fn split_number(line: &str) -> Option<RuleLine<'_>> {
    let rest = line.get(4..)?.strip_prefix(' ')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=4).contains(&digits) {
        return None;
    }
    let after = &rest[digits..];
    let letter = after.chars().next().filter(char::is_ascii_lowercase)?;
    let text = after[1..].strip_prefix(' ')?;
    if !text.starts_with(char::is_uppercase) {
        return None;
    }
    let rule: u16 = line[..3].parse().ok()?;
    let sub: u16 = rest[..digits].parse().ok()?;
    Some(RuleLine {
        number: RuleNumber::lettered(rule, sub, letter),
        rest: text.trim(),
        typo: Some("a space inside the number"),
    })
}
