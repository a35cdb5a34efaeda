//! Rule numbers: `3.` (a section), `303.` (a rule), `303.4` (a subrule), `303.4c`.
//!
//! A number is parsed once into [`RuleNumber`] and compared numerically from then on:
//! 702.9 < 702.10 < 702.100, and 303.4 < 303.4a < 303.5. Lettered subrules skip the
//! letters `l` and `o` (so after `704.5k` comes `704.5m`). Never compare rule numbers
//! as strings or prefixes.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A section (`3.`), rule (`303.`), subrule (`303.4`) or lettered subrule (`303.4c`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleNumber {
    /// The three-digit rule; for a section, the section times 100 (`3.` → 300).
    rule: u16,
    sub: Option<u16>,
    letter: Option<u8>,
    section_only: bool,
}

/// Why a string is not a rule number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a rule number (expected something like 303, 303.4 or 303.4c)")]
pub struct BadRuleNumber(pub String);

/// The letters lettered subrules use, in order: a–z without `l` and `o`.
pub const SUBRULE_LETTERS: &[u8] = b"abcdefghijkmnpqrstuvwxyz";

impl RuleNumber {
    /// A section heading number such as `3.`.
    pub const fn section(section: u8) -> Self {
        RuleNumber {
            rule: section as u16 * 100,
            sub: None,
            letter: None,
            section_only: true,
        }
    }

    /// A three-digit rule such as `303.`.
    pub const fn rule(rule: u16) -> Self {
        RuleNumber {
            rule,
            sub: None,
            letter: None,
            section_only: false,
        }
    }

    /// A subrule such as `303.4`.
    pub const fn subrule(rule: u16, sub: u16) -> Self {
        RuleNumber {
            rule,
            sub: Some(sub),
            letter: None,
            section_only: false,
        }
    }

    /// A lettered subrule such as `303.4c`. `letter` is the ASCII lower-case letter.
    pub const fn lettered(rule: u16, sub: u16, letter: char) -> Self {
        RuleNumber {
            rule,
            sub: Some(sub),
            letter: Some(letter.to_ascii_lowercase() as u8),
            section_only: false,
        }
    }

    /// True for a section heading number (`3.`).
    pub fn is_section(&self) -> bool {
        self.section_only
    }

    /// The section this number belongs to: 3 for `303.4c`.
    pub fn section_number(&self) -> u8 {
        (self.rule / 100) as u8
    }

    /// The three-digit rule (303 for `303.4c`); `None` for a section.
    pub fn rule_part(&self) -> Option<u16> {
        (!self.section_only).then_some(self.rule)
    }

    /// The subrule part (4 for `303.4c`).
    pub fn sub_part(&self) -> Option<u16> {
        self.sub
    }

    /// The letter (`c` for `303.4c`).
    pub fn letter(&self) -> Option<char> {
        self.letter.map(char::from)
    }

    /// How deep in the tree: section 0, rule 1, subrule 2, lettered 3.
    pub fn depth(&self) -> usize {
        if self.section_only {
            0
        } else if self.sub.is_none() {
            1
        } else if self.letter.is_none() {
            2
        } else {
            3
        }
    }

    /// The number one level up: `303.4c` → `303.4` → `303.` → `3.`; a section has none.
    pub fn parent(&self) -> Option<RuleNumber> {
        match self.depth() {
            0 => None,
            1 => Some(RuleNumber::section(self.section_number())),
            2 => Some(RuleNumber::rule(self.rule)),
            _ => Some(RuleNumber::subrule(self.rule, self.sub.unwrap_or_default())),
        }
    }

    /// True when `self` is `other` or lies below it in the tree (`303.4c` is within `303.`
    /// and within `3.`). This is a tree relation, not a string prefix: `303.4` is not
    /// within `303.40`'s subtree, nor `3031`'s.
    pub fn is_within(&self, other: &RuleNumber) -> bool {
        let mut cur = Some(*self);
        while let Some(n) = cur {
            if n == *other {
                return true;
            }
            cur = n.parent();
        }
        false
    }

    /// The number as one integer in the same order as the numbers (a section before its
    /// first rule, `303.4` before `303.4a` before `303.5`), for tables stored at ingest
    /// that are searched without decoding; [`RuleNumber::from_sort_key`] gives it back.
    pub fn sort_key(&self) -> u64 {
        (u64::from(self.rule) << 40)
            | (u64::from(!self.section_only) << 39)
            | (self.sub.map_or(0, |s| u64::from(s) + 1) << 9)
            | self.letter.map_or(0, |l| u64::from(l) + 1)
    }

    /// The number whose [`RuleNumber::sort_key`] is `key`, if it is one.
    pub fn from_sort_key(key: u64) -> Option<RuleNumber> {
        let rule = u16::try_from(key >> 40).ok()?;
        let section_only = key & (1 << 39) == 0;
        let sub = match (key >> 9) & 0x3_FFFF {
            0 => None,
            s => Some(u16::try_from(s - 1).ok()?),
        };
        let letter = match key & 0x1FF {
            0 => None,
            l => Some(u8::try_from(l - 1).ok()?),
        };
        let n = RuleNumber {
            rule,
            sub,
            letter,
            section_only,
        };
        (n.sort_key() == key).then_some(n)
    }

    /// The lettered subrules from `self` to `last` inclusive (`301.5a`–`f`), skipping `l`
    /// and `o`. Empty when the two are not lettered siblings in order.
    pub fn letter_range(&self, last: &RuleNumber) -> Vec<RuleNumber> {
        let (Some(a), Some(b)) = (self.letter, last.letter) else {
            return Vec::new();
        };
        if self.rule != last.rule || self.sub != last.sub || a > b {
            return Vec::new();
        }
        SUBRULE_LETTERS
            .iter()
            .filter(|&&c| c >= a && c <= b)
            .map(|&c| RuleNumber::lettered(self.rule, self.sub.unwrap_or_default(), c as char))
            .collect()
    }
}

impl Ord for RuleNumber {
    /// Numeric order, a section before its first rule: 3. < 300. < 300.1 < 300.1a < 300.2.
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let key = |n: &RuleNumber| (n.rule, !n.section_only, n.sub, n.letter);
        key(self).cmp(&key(other))
    }
}

impl PartialOrd for RuleNumber {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for RuleNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.section_only {
            return write!(f, "{}.", self.rule / 100);
        }
        match (self.sub, self.letter) {
            (None, _) => write!(f, "{}.", self.rule),
            (Some(s), None) => write!(f, "{}.{}", self.rule, s),
            (Some(s), Some(l)) => write!(f, "{}.{}{}", self.rule, s, l as char),
        }
    }
}

impl RuleNumber {
    /// The number as judges type it: `303` rather than `303.` for a rule, `3` for a section.
    pub fn short(&self) -> String {
        let s = self.to_string();
        s.strip_suffix('.').map(str::to_string).unwrap_or(s)
    }
}

impl FromStr for RuleNumber {
    type Err = BadRuleNumber;

    /// Accepts `3.`, `303`, `303.`, `303.4`, `303.4.`, `303.4c`, `303.4c.` (any case,
    /// surrounding white space ignored). A bare single digit is a section.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadRuleNumber(s.to_string());
        let t = s.trim();
        let t = t.strip_suffix('.').unwrap_or(t);
        let (head, tail) = match t.split_once('.') {
            Some((h, r)) => (h, Some(r)),
            None => (t, None),
        };
        if head.is_empty() || head.len() > 3 || !head.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let rule: u16 = head.parse().map_err(|_| bad())?;
        let Some(tail) = tail else {
            if head.len() == 1 {
                return Ok(RuleNumber::section(rule as u8));
            }
            if head.len() == 3 {
                return Ok(RuleNumber::rule(rule));
            }
            return Err(bad());
        };
        if head.len() != 3 {
            return Err(bad());
        }
        let digits: String = tail.chars().take_while(|c| c.is_ascii_digit()).collect();
        let rest = &tail[digits.len()..];
        if digits.is_empty() || digits.len() > 4 {
            return Err(bad());
        }
        let sub: u16 = digits.parse().map_err(|_| bad())?;
        match rest.len() {
            0 => Ok(RuleNumber::subrule(rule, sub)),
            1 => {
                let c = rest.chars().next().unwrap_or('?').to_ascii_lowercase();
                if c.is_ascii_lowercase() {
                    Ok(RuleNumber::lettered(rule, sub, c))
                } else {
                    Err(bad())
                }
            }
            _ => Err(bad()),
        }
    }
}

/// JSON and other human-readable formats write the number as judges type it (`303.4c`);
/// the index's binary model writes its parts, which load without parsing.
impl Serialize for RuleNumber {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.serialize_str(&self.short())
        } else {
            (self.rule, self.sub, self.letter, self.section_only).serialize(s)
        }
    }
}

impl<'de> Deserialize<'de> for RuleNumber {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if d.is_human_readable() {
            let s = String::deserialize(d)?;
            return s.parse().map_err(serde::de::Error::custom);
        }
        let (rule, sub, letter, section_only) =
            <(u16, Option<u16>, Option<u8>, bool)>::deserialize(d)?;
        let n = RuleNumber {
            rule,
            sub,
            letter,
            section_only,
        };
        let valid = rule <= 999
            && sub.is_none_or(|s| s <= 9999)
            && letter.is_none_or(|l| l.is_ascii_lowercase() && sub.is_some())
            && (!section_only || (sub.is_none() && letter.is_none() && rule % 100 == 0));
        if valid {
            Ok(n)
        } else {
            Err(serde::de::Error::custom(format!(
                "({rule}, {sub:?}, {letter:?}, {section_only}) is not a rule number"
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> RuleNumber {
        s.parse().unwrap()
    }

    #[test]
    fn sort_keys_order_as_the_numbers_and_give_them_back() {
        let numbers: Vec<RuleNumber> = [
            "1.",
            "100",
            "100.1",
            "100.1a",
            "100.1b",
            "100.2",
            "3.",
            "300",
            "303.4",
            "303.4c",
            "303.4z",
            "303.5",
            "303.40",
            "4.",
            "702.9",
            "702.10",
            "702.100",
            "999.9999z",
        ]
        .iter()
        .map(|s| n(s))
        .collect();
        for (a, b) in numbers.iter().zip(&numbers[1..]) {
            assert_eq!(a.cmp(b), a.sort_key().cmp(&b.sort_key()), "{a} / {b}");
        }
        for number in &numbers {
            assert_eq!(RuleNumber::from_sort_key(number.sort_key()), Some(*number));
        }
        assert_eq!(RuleNumber::from_sort_key(u64::MAX), None);
        assert_eq!(RuleNumber::from_sort_key(1 << 35), None);
    }

    #[test]
    fn orders_numerically_not_as_strings() {
        assert!(n("702.9") < n("702.10"));
        assert!(n("702.10") < n("702.100"));
        assert!(n("702.1") < n("702.9"));
        assert!(n("303.4") < n("303.4a"));
        assert!(n("303.4z") < n("303.5"));
        assert!(n("303") < n("303.1"));
        assert!(n("3.") < n("300"));
        assert!(n("4.") > n("399.9z"));
    }

    #[test]
    fn parses_and_displays_every_depth() {
        assert_eq!(n("3.").to_string(), "3.");
        assert_eq!(n("303").to_string(), "303.");
        assert_eq!(n("303.").short(), "303");
        assert_eq!(n("303.4").to_string(), "303.4");
        assert_eq!(n("303.4C").to_string(), "303.4c");
        assert_eq!(n(" 704.5k. ").to_string(), "704.5k");
        assert_eq!(n("303.4c").section_number(), 3);
    }

    #[test]
    fn rejects_what_is_not_a_number() {
        for s in [
            "", "abc", "30", "3034", "303.x", "303.4cc", "303..4", "12345.1", "3.4",
        ] {
            assert!(s.parse::<RuleNumber>().is_err(), "{s} parsed");
        }
    }

    #[test]
    fn tree_relations_are_not_string_prefixes() {
        assert!(n("303.4c").is_within(&n("303.4")));
        assert!(n("303.4c").is_within(&n("303")));
        assert!(n("303.4c").is_within(&n("3.")));
        assert!(!n("303.40").is_within(&n("303.4")));
        assert!(!n("702.10").is_within(&n("702.1")));
        assert_eq!(n("303.4c").parent(), Some(n("303.4")));
        assert_eq!(n("303").parent(), Some(n("3.")));
    }

    #[test]
    fn letter_ranges_skip_l_and_o() {
        let r: Vec<String> = n("704.5k")
            .letter_range(&n("704.5p"))
            .iter()
            .map(|x| x.to_string())
            .collect();
        assert_eq!(r, ["704.5k", "704.5m", "704.5n", "704.5p"]);
        assert_eq!(n("301.5a").letter_range(&n("301.5f")).len(), 6);
        assert!(n("301.5f").letter_range(&n("301.5a")).is_empty());
        assert!(n("301.5a").letter_range(&n("301.6f")).is_empty());
    }
}
