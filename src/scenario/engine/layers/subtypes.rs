//! Which subtypes are artifact, enchantment, land, planeswalker, spell or battle types
//! (205.3g–q), so that every other subtype is a creature type (205.3m): what a type-setting
//! effect replaces (205.1b, "is an Elf" keeps land types; "is a Swamp" keeps creature
//! types, 305.7) and what "loses all creature types" removes. The lists are those of
//! every revision from 2009-07-11 on, generated from the corpus into `subtypes.txt`
//! (tests/it/subtypes.rs regenerates and checks it), read once on first use.

use std::collections::BTreeMap;
use std::sync::LazyLock;

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
}
