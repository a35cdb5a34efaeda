//! The subtype kinds the layer system consults (`src/scenario/engine/layers/subtypes.txt`:
//! which subtypes are artifact, enchantment, land, planeswalker, spell or battle types, so
//! that every other one is a creature type) are those 205.3g–q list in every revision of
//! the corpus from 2009-07-11 (before, the lists were in an appendix outside the rules):
//! the union, regenerated here from the corpus and compared with the embedded file.
//! `ARBITER_BLESS=1 cargo test --test it subtypes` writes it anew.
//!
//! The subtypes a scenario's set may name (`src/scenario/engine/layers/listed.txt`) are
//! those its revision lists: 205.3g–q (204.3 in 2009-07-11), or before 2009-07-11 the
//! glossary's "list of … types"; generated the same way, one line per subtype with the
//! runs of revisions that list it.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::corpus_files;

const EMBEDDED: &str = "src/scenario/engine/layers/subtypes.txt";
const LISTED: &str = "src/scenario/engine/layers/listed.txt";
/// The first revision the checker plays (`Rules::FIRST`).
const FIRST: &str = "cr-2005-08-01.txt";
const KINDS: [&str; 6] = [
    "artifact",
    "enchantment",
    "land",
    "planeswalker",
    "spell",
    "battle",
];

/// The subtypes one revision's 205.3 lists, by kind.
fn lists(text: &str) -> Vec<(&'static str, Vec<String>)> {
    let mut out = Vec::new();
    for line in text.split(['\r', '\n']) {
        if !line.starts_with("205.3") {
            continue;
        }
        for kind in KINDS {
            for lead in [
                format!("The {kind} types are "),
                format!("That {kind} type is "),
            ] {
                let Some(at) = line.find(&lead) else {
                    continue;
                };
                let words = items(until_sentence_end(&line[at + lead.len()..]));
                out.push((kind, words));
            }
        }
    }
    out
}

/// The items of a list as the rules write it: `Clue, Equipment (see rule 301.5), and
/// Vehicle`, lower-cased, `’` as `'`.
fn items(list: &str) -> Vec<String> {
    let mut words = Vec::new();
    // `Harlequin,Heretic` (2005-08-01) lacks its space.
    for item in list.split(',') {
        let item = item.trim().trim_start_matches("and ");
        for name in item.split(" and ") {
            let name = match name.find(" (") {
                Some(p) => &name[..p],
                None => name,
            };
            let name = name.trim().trim_end_matches('.');
            let name = name.replace(['\u{2019}', '\u{fffd}'], "'");
            if !name.is_empty() {
                words.push(name.to_lowercase());
            }
        }
    }
    words
}

/// Every subtype one revision lists, creature types included: 205.3 (204.3 in
/// 2009-07-11), or the glossary's `The list of creature types, updated through …, is as
/// follows:` (the list on that line or the next) before.
fn every_subtype(text: &str) -> BTreeSet<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = BTreeSet::new();
    for (i, line) in lines.iter().enumerate() {
        if line.starts_with("205.3") || line.starts_with("204.3") {
            for kind in KINDS.iter().chain(&["creature"]) {
                for lead in [
                    format!("The {kind} types are "),
                    format!("That {kind} type is "),
                    format!("The only {kind} type at this time is "),
                ] {
                    if let Some(at) = line.find(&lead) {
                        out.extend(items(until_sentence_end(&line[at + lead.len()..])));
                    }
                }
            }
            for lead in [
                "two words long: ",
                "All other creature types are one word long: ",
            ] {
                if let Some(at) = line.find(lead) {
                    out.extend(items(until_sentence_end(&line[at + lead.len()..])));
                }
            }
        }
        if let Some(at) = line.find("is as follows:") {
            if !line.trim_start().starts_with("The list of ") || line.contains("supertypes") {
                continue;
            }
            let rest = line[at + "is as follows:".len()..].trim();
            let list = if rest.is_empty() {
                lines[i + 1..]
                    .iter()
                    .find(|l| !l.trim().is_empty())
                    .map_or("", |l| l.trim())
            } else {
                rest
            };
            out.extend(items(until_sentence_end(list)));
        }
    }
    out
}

fn until_sentence_end(rest: &str) -> &str {
    let end = rest.find(". ").unwrap_or(rest.len());
    rest[..end].trim_end_matches('.')
}

/// `listed.txt` as the corpus makes it: the revisions read, then each subtype with the
/// runs of consecutive revisions that list it.
fn generate_listed(files: &[std::path::PathBuf]) -> String {
    let mut revisions = Vec::new();
    let mut by_word: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for f in files {
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if name < FIRST {
            continue;
        }
        let bytes = std::fs::read(f).unwrap();
        let text = arbiter::read::decode::decode(&bytes).text;
        let words = every_subtype(&text);
        assert!(
            words.contains("goblin") && words.contains("forest") && words.contains("aura"),
            "{name}: no creature, land or enchantment types found in its lists"
        );
        let revision = name.trim_start_matches("cr-").trim_end_matches(".txt");
        for w in words {
            by_word.entry(w).or_default().push(revisions.len());
        }
        revisions.push(revision.to_string());
    }
    let mut out = format!(
        "# Every subtype each revision lists (205.3g-q; 204.3 in 2009-07-11; the glossary's\n\
         # \"list of ... types\" before), with the runs of revisions that list it. Generated by\n\
         # tests/it/subtypes.rs from the corpus, do not edit: ARBITER_BLESS=1 cargo test --test it subtypes\n\
         revisions: {}\n",
        revisions.join(" ")
    );
    for (word, at) in by_word {
        let mut runs: Vec<(usize, usize)> = Vec::new();
        for i in at {
            match runs.last_mut() {
                Some((_, end)) if *end + 1 == i => *end = i,
                _ => runs.push((i, i)),
            }
        }
        let runs: Vec<String> = runs
            .iter()
            .map(|(a, b)| format!("{}..{}", revisions[*a], revisions[*b]))
            .collect();
        out.push_str(&format!("{word}: {}\n", runs.join(" ")));
    }
    out
}

/// The file as the corpus makes it.
fn generate(files: &[std::path::PathBuf]) -> String {
    let mut by_kind: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        if name < "cr-2009-07-11.txt" {
            continue;
        }
        let bytes = std::fs::read(f).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        for (kind, words) in lists(&text) {
            by_kind.entry(kind).or_default().extend(words);
        }
    }
    let mut out = String::from(
        "# Subtypes that aren't creature types, by kind: the union of what 205.3g-q list in\n\
         # every revision from 2009-07-11 on. Generated by tests/it/subtypes.rs from the\n\
         # corpus, do not edit: ARBITER_BLESS=1 cargo test --test it subtypes\n",
    );
    for kind in KINDS {
        let words: Vec<&str> = by_kind
            .get(kind)
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        out.push_str(&format!("{kind}: {}\n", words.join(", ")));
    }
    out
}

/// Compares the embedded file `embedded` with what `generate` makes of the corpus (writing
/// it anew under `ARBITER_BLESS`); skips, saying so, without the corpus.
fn is_generated(embedded: &str, generate: fn(&[std::path::PathBuf]) -> String) {
    let Some(files) = corpus_files() else {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    };
    let expected = generate(&files);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(embedded);
    if std::env::var_os("ARBITER_BLESS").is_some() {
        std::fs::write(&path, &expected).unwrap();
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == expected,
        "{embedded} differs from the corpus's lists; regenerate it with \
         ARBITER_BLESS=1 cargo test --test it subtypes"
    );
}

#[test]
fn the_embedded_subtype_kinds_are_the_corpus_lists() {
    is_generated(EMBEDDED, generate);
}

#[test]
fn the_embedded_subtype_lists_are_each_revisions() {
    is_generated(LISTED, generate_listed);
}

#[test]
fn every_subtype_is_read_from_205_3_and_the_old_glossary() {
    let today = "205.3m Creatures and kindreds share their lists of subtypes; these subtypes are called creature types. One creature type is two words long: Time Lord. All other creature types are one word long: Advisor, Aetherborn, and Zubera.\n\
                 205.3i Lands have their own unique set of subtypes; these subtypes are called land types. The land types are Desert, Forest, and Urza\u{2019}s. Of that list, Forest is a basic land type.";
    let got: Vec<String> = every_subtype(today).into_iter().collect();
    assert_eq!(
        got,
        [
            "advisor",
            "aetherborn",
            "desert",
            "forest",
            "time lord",
            "urza's",
            "zubera"
        ]
    );
    let old = "Creature Type\n     The list of creature types, updated through the Ninth Edition core set, is as follows:\n     Abomination, Lord, Zombie\n     The list of enchantment types, updated through the Ninth Edition core set, is as follows: Aura, Shrine.\n     The list of supertypes, updated through the Coldsnap set, is as follows: basic, legendary, snow, and world.";
    let got: Vec<String> = every_subtype(old).into_iter().collect();
    assert_eq!(got, ["abomination", "aura", "lord", "shrine", "zombie"]);
}

#[test]
fn the_lists_are_read_from_205_3() {
    let text = "205.3g Artifacts have their own unique set of subtypes; these subtypes are called artifact types. The artifact types are Clue, Equipment (see rule 301.5), and Vehicle (see rule 301.7).\r\n\
                205.3i Lands have their own unique set of subtypes; these subtypes are called land types. The land types are Desert, Forest, and Urza\u{2019}s. Of that list, Forest is a basic land type.\r\n\
                205.3q Battles have a unique subtype, called a battle type. That battle type is Siege.";
    let got = lists(text);
    assert_eq!(
        got,
        [
            (
                "artifact",
                vec!["clue".into(), "equipment".into(), "vehicle".into()]
            ),
            (
                "land",
                vec!["desert".into(), "forest".into(), "urza's".into()]
            ),
            ("battle", vec!["siege".into()]),
        ]
    );
}
