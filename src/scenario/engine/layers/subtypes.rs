//! Which subtypes are artifact, enchantment, land, planeswalker, spell or battle types
//! (205.3g–q), so that every other subtype is a creature type (205.3m): what a type-setting
//! effect replaces (205.1b, "is an Elf" keeps land types; "is a Swamp" keeps creature
//! types, 305.7) and what "loses all creature types" removes. The lists are those of
//! every revision from 2009-07-11 on, generated from the corpus into `subtypes.txt`
//! (tests/it/subtypes.rs regenerates and checks it), read once on first use.
//!
//! Which subtypes exist at all is each revision's own: [`listed`] answers from
//! `listed.txt`, every subtype with the runs of revisions whose 205.3 (204.3 in
//! 2009-07-11; the glossary's lists before) names it, generated the same way. A set that
//! names a subtype its revision doesn't list is a reading error (it would be silently
//! empty), and `Time Lord` is one subtype only where 205.3m lists it.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use crate::model::Date;

/// The kind of a subtype other than a creature type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Artifact,
    Enchantment,
    Land,
    Planeswalker,
    Spell,
    Battle,
}

const TABLE: &str = include_str!("subtypes.txt");

static KINDS: LazyLock<BTreeMap<String, Kind>> = LazyLock::new(|| {
    let mut out = BTreeMap::new();
    for line in TABLE.lines().filter(|l| !l.starts_with('#')) {
        let Some((kind, words)) = line.split_once(": ") else {
            continue;
        };
        let kind = match kind {
            "artifact" => Kind::Artifact,
            "enchantment" => Kind::Enchantment,
            "land" => Kind::Land,
            "planeswalker" => Kind::Planeswalker,
            "spell" => Kind::Spell,
            "battle" => Kind::Battle,
            _ => continue,
        };
        for w in words.split(", ") {
            out.insert(w.to_string(), kind);
        }
    }
    out
});

/// The kind of `subtype` (any case; `’` as `'`); `None` for a creature type.
pub fn kind(subtype: &str) -> Option<Kind> {
    KINDS
        .get(&subtype.to_lowercase().replace('\u{2019}', "'"))
        .copied()
}

const LISTED: &str = include_str!("listed.txt");

/// The revisions `listed.txt` was read from, oldest first, and each subtype's runs of them.
struct Listed {
    revisions: Vec<Date>,
    runs: BTreeMap<String, Vec<(Date, Date)>>,
}

static LISTS: LazyLock<Listed> = LazyLock::new(|| {
    let mut listed = Listed {
        revisions: Vec::new(),
        runs: BTreeMap::new(),
    };
    for line in LISTED.lines().filter(|l| !l.starts_with('#')) {
        let Some((word, rest)) = line.split_once(": ") else {
            continue;
        };
        if word == "revisions" {
            listed.revisions = rest.split(' ').filter_map(|d| d.parse().ok()).collect();
            continue;
        }
        let runs = rest
            .split(' ')
            .filter_map(|run| run.split_once(".."))
            .filter_map(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
            .collect();
        listed.runs.insert(word.to_string(), runs);
    }
    listed
});

/// Whether the revision in force on `revision` lists `subtype` (any case; `’` as `'`;
/// `time lord` is one subtype). A date after the newest revision read is that revision's.
pub fn listed(subtype: &str, revision: Date) -> bool {
    let lists = &*LISTS;
    let Some(&read) = lists
        .revisions
        .iter()
        .rev()
        .find(|d| **d <= revision)
        .or(lists.revisions.first())
    else {
        return false;
    };
    lists
        .runs
        .get(&subtype.to_lowercase().replace('\u{2019}', "'"))
        .is_some_and(|runs| runs.iter().any(|(a, b)| *a <= read && read <= *b))
}

/// Whether any revision lists `subtype` (`plains`, `urza's`: a subtype that ends in `s`).
pub fn known(subtype: &str) -> bool {
    LISTS
        .runs
        .contains_key(&subtype.to_lowercase().replace('\u{2019}', "'"))
}

/// The subtype of the revision in force on `revision` that `word` misspells (one edit, two
/// for a word longer than five letters), for an error's hint.
pub fn nearest(word: &str, revision: Date) -> Option<&'static str> {
    let word = word.to_lowercase();
    let limit = if word.len() <= 5 { 1 } else { 2 };
    LISTS
        .runs
        .keys()
        .filter(|w| listed(w, revision))
        .map(|w| (crate::scenario::card::edits(&word, w), w))
        .filter(|(d, _)| *d <= limit)
        .min()
        .map(|(_, w)| w.as_str())
}

/// The subtypes written as two words (205.3m: `Time Lord`), as `listed.txt` spells them.
pub fn two_words() -> impl Iterator<Item = &'static str> {
    LISTS
        .runs
        .keys()
        .filter(|w| w.contains(' '))
        .map(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kinds_of_205_3() {
        assert_eq!(kind("Equipment"), Some(Kind::Artifact));
        assert_eq!(kind("Powerstone"), Some(Kind::Artifact));
        assert_eq!(kind("Saga"), Some(Kind::Enchantment));
        assert_eq!(kind("Urza's"), Some(Kind::Land));
        assert_eq!(kind("Power-Plant"), Some(Kind::Land));
        assert_eq!(kind("Jace"), Some(Kind::Planeswalker));
        assert_eq!(kind("Arcane"), Some(Kind::Spell));
        assert_eq!(kind("Siege"), Some(Kind::Battle));
        assert_eq!(kind("Elf"), None);
        assert_eq!(kind("Dryad"), None);
    }

    #[test]
    fn each_revision_lists_its_own_subtypes() {
        let date = |s: &str| s.parse::<Date>().unwrap();
        assert!(listed("Wizard", date("2026-04-17")));
        assert!(!listed("Wizzard", date("2026-04-17")));
        assert!(listed("Lord", date("2007-05-01")));
        assert!(!listed("Lord", date("2009-07-11")));
        assert!(listed("Time Lord", date("2023-10-13")));
        assert!(!listed("Time Lord", date("2023-09-01")));
        // A day between two revisions is the earlier one's.
        assert!(listed("Time Lord", date("2024-01-01")));
        assert!(listed("Urza’s", date("2026-04-17")));
        assert!(known("Plains") && !known("plain"));
        assert_eq!(two_words().collect::<Vec<_>>(), ["time lord"]);
        assert_eq!(nearest("wizzard", date("2026-04-17")), Some("wizard"));
        assert_eq!(nearest("slivr", date("2026-04-17")), Some("sliver"));
    }
}
