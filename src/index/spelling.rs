//! Misspelt words of a question corrected against the words of a revision.

use std::collections::HashMap;

use tantivy::schema::Field;
use tantivy::Searcher;

use super::glossary::edit_distance;

/// The revision's word closest to a misspelt term: one edit for a word of four
/// letters, two for a longer one (a swap of two letters is one edit), a word the
/// misspelling starts with counting one edit less (`protecton` is `protect`, not
/// `protector`), then the word closest to what was typed (`typed`: the stemmer cuts
/// a misspelling short, `prowes` → `prow`, as near `prowl` as `prowess` is to
/// `prowes`), the most frequent of equals.
pub(super) fn correct(searcher: &Searcher, text: Field, term: &str, typed: &str) -> Option<String> {
    let allowed = |word: &str| match word.chars().count() {
        0..=3 => None,
        4 => Some(1),
        _ => Some(2),
    };
    let (by_term, by_typed) = (allowed(term), allowed(typed));
    let widest = by_term.max(by_typed)?;
    type Cost = (usize, usize, std::cmp::Reverse<u32>);
    let mut best: Option<(Cost, String)> = None;
    for segment in searcher.segment_readers() {
        let Ok(inverted) = segment.inverted_index(text) else {
            continue;
        };
        let Ok(mut stream) = inverted.terms().stream() else {
            continue;
        };
        while stream.advance() {
            let Ok(word) = std::str::from_utf8(stream.key()) else {
                continue;
            };
            if word
                .len()
                .abs_diff(term.len())
                .min(word.len().abs_diff(typed.len()))
                > widest
                || word.chars().any(|c| c.is_ascii_digit())
            {
                continue;
            }
            let from_typed = edit_distance(typed, word);
            let d = [
                by_term.map(|a| (edit_distance(term, word), a)),
                by_typed.map(|a| (from_typed, a)),
            ]
            .into_iter()
            .flatten()
            .filter(|(d, a)| d <= a)
            .map(|(d, _)| d)
            .min();
            let Some(d) = d else {
                continue;
            };
            let prefix = |said: &str| word.len() >= 4 && said.starts_with(word);
            let cost = (
                d - usize::from(prefix(term) && d > 0),
                from_typed - usize::from(prefix(typed) && from_typed > 0),
                std::cmp::Reverse(stream.value().doc_freq),
            );
            if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                best = Some((cost, word.to_string()));
            }
        }
    }
    best.map(|(_, w)| w)
}

/// The most distinct words of a question looked up for respelling (and for correction
/// of what is still unknown after).
pub(super) const LOOKED_UP_AT_MOST: usize = 16;
/// The longest word respelt (`characteristic` has 14 letters): a longer run of letters is
/// not a word a judge misspelt.
const LONGEST_WORD: usize = 24;

/// The question with each word the revision does not know respelt as the known word one
/// edit away (a letter dropped, swapped with the next, missing or replaced, never the
/// first) whose stem it knows best (`indestructibel` → `indestructible`, `bandign` →
/// `banding`, `flickre` → `flicker`). Words are respelt as typed, before stemming, so the
/// judge vocabulary and the glossary's names see them too, and a stem shorter than the
/// typed word (`indestruct`) is no longer too many edits away. Only words of five letters
/// or more are respelt, and no capitalised word inside a sentence: that is a card's name
/// (`Swords to Plowshares`), not a misspelling. `known` says how often a stem is found
/// (0: unknown). Also returns each word respelt, as typed and as read.
pub(super) fn respelt(
    text: &str,
    known: &mut dyn FnMut(&str) -> u64,
) -> (String, Vec<(String, String)>) {
    let mut out = String::with_capacity(text.len());
    let mut words: Vec<(String, String)> = Vec::new();
    // Each word looked up once, and at most so many: a question has a few slips, not a
    // hundred (a page of noise would otherwise cost a second).
    let mut looked_up: HashMap<String, Option<String>> = HashMap::new();
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_alphabetic()) {
        let (before, from) = rest.split_at(start);
        out.push_str(before);
        let end = from
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(from.len());
        let (word, after) = from.split_at(end);
        let lower = word.to_ascii_lowercase();
        let respelt = match looked_up.get(&lower) {
            Some(read) => read.clone(),
            None if looked_up.len() < LOOKED_UP_AT_MOST && is_respellable(word, &out, after) => {
                let read = nearest_known(&lower, known);
                looked_up.insert(lower, read.clone());
                read
            }
            None => None,
        };
        match respelt {
            Some(read) => {
                out.push_str(&read);
                if !words.iter().any(|(typed, _)| typed == word) {
                    words.push((word.to_string(), read));
                }
            }
            None => out.push_str(word),
        }
        rest = after;
    }
    out.push_str(rest);
    (out, words)
}

/// Whether a word, between the text `before` and `after` it, may be a misspelling: five
/// letters or more (and not over [`LONGEST_WORD`]), not a stop word, not joined to a digit or an apostrophe (`704.5j`,
/// `ninjutsu'd` are the tokenizer's to read), and not capitalised inside a sentence.
fn is_respellable(word: &str, before: &str, after: &str) -> bool {
    let joined = |c: Option<char>| {
        c.is_some_and(|c| c.is_ascii_digit() || super::analysis::is_apostrophe(c))
    };
    (5..=LONGEST_WORD).contains(&word.len())
        && !super::query::is_name(word, before)
        && !joined(before.chars().next_back())
        && !joined(after.chars().next())
        && !super::analysis::is_stop_word(&word.to_ascii_lowercase())
}

/// The likeliest known word one edit from an unknown `word` (`None` when `word` is known
/// or has no known neighbour): the likeliest slip first (`protecton` is `protection`, a
/// letter missing, not `protector`, one replaced; `countrs` is `counters`, not `counts`),
/// then the longest stem, as it keeps more of what was typed (`kindrd` is `kindred`,
/// `kindr`, not `kinded`, `kind`), then the most frequent.
fn nearest_known(word: &str, known: &mut dyn FnMut(&str) -> u64) -> Option<String> {
    if known(&super::analysis::stem_word(word)) > 0 {
        return None;
    }
    let letters: Vec<char> = word.chars().collect();
    type Rank = (Slip, usize, u64);
    let mut best: Option<(Rank, String)> = None;
    let mut frequencies = HashMap::new();
    for (candidate, slip) in one_edit(&letters) {
        let stem = super::analysis::stem_word(&candidate);
        let frequency = *frequencies
            .entry(stem.clone())
            .or_insert_with(|| known(&stem));
        // In a short word a replaced or extra letter is as likely an English word the
        // rules never say (`stuff`, `stole`) as a slip: only a letter left out, doubled
        // or swapped is read there.
        let likely = letters.len() >= 7 || slip >= Slip::Missing;
        let rank = (slip, stem.chars().count(), frequency);
        if likely && frequency > 0 && best.as_ref().is_none_or(|(r, _)| rank > *r) {
            best = Some((rank, candidate));
        }
    }
    best.map(|(_, w)| w)
}

/// The kinds of slip one edit undoes, likeliest last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Slip {
    /// A letter typed for another.
    Replaced,
    /// A letter typed twice or too many.
    Extra,
    /// A vowel typed for another (`equipmant`).
    Vowel,
    /// A letter left out (`planeswalkr`).
    Missing,
    /// A letter typed once too many times (`madnesss`).
    Doubled,
    /// Two neighbours swapped (`flickre`).
    Swapped,
}

/// Every spelling one edit from `letters` and the slip it undoes, the first letter kept:
/// a letter dropped, two neighbours swapped, a letter replaced or inserted (a to z).
fn one_edit(letters: &[char]) -> Vec<(String, Slip)> {
    let n = letters.len();
    let with = |f: &dyn Fn(&mut Vec<char>)| {
        let mut v = letters.to_vec();
        f(&mut v);
        v.into_iter().collect::<String>()
    };
    let vowel = |c: char| "aeiou".contains(c);
    let mut out = Vec::new();
    for i in 1..n {
        let slip = if letters[i] == letters[i - 1] {
            Slip::Doubled
        } else {
            Slip::Extra
        };
        out.push((
            with(&|v| {
                v.remove(i);
            }),
            slip,
        ));
        if i + 1 < n {
            out.push((with(&|v| v.swap(i, i + 1)), Slip::Swapped));
        }
    }
    for c in 'a'..='z' {
        for i in 1..n {
            if letters[i] != c {
                let slip = if vowel(c) && vowel(letters[i]) {
                    Slip::Vowel
                } else {
                    Slip::Replaced
                };
                out.push((with(&|v| v[i] = c), slip));
            }
        }
        for i in 1..=n {
            out.push((with(&|v| v.insert(i, c)), Slip::Missing));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::analysis::stem_word;

    /// `respelt` against a revision that says these words (`frequency` times each).
    fn read(text: &str, says: &[(&str, u64)]) -> (String, Vec<(String, String)>) {
        let stems: Vec<(String, u64)> = says.iter().map(|(w, f)| (stem_word(w), *f)).collect();
        respelt(text, &mut |stem| {
            stems.iter().find(|(s, _)| s == stem).map_or(0, |(_, f)| *f)
        })
    }

    #[test]
    fn a_word_no_rule_says_is_read_as_its_known_neighbour() {
        let says = [("indestructible", 9), ("wrath", 1), ("creature", 900)];
        let (text, respelt) = read("Wrath with an indestructibel creature", &says);
        assert_eq!(text, "Wrath with an indestructible creature");
        assert_eq!(
            respelt,
            vec![("indestructibel".to_string(), "indestructible".to_string())]
        );
        // A swap, a doubled letter and a missing one are each one slip.
        for (typed, meant) in [
            ("bandign", "banding"),
            ("madnesss", "madness"),
            ("phsing", "phasing"),
        ] {
            let (text, _) = read(typed, &[(meant, 3)]);
            assert_eq!(text, meant);
        }
    }

    #[test]
    fn the_likeliest_word_is_chosen() {
        // A stem the typed word starts with, then the longest stem, then the commonest.
        let (text, _) = read("protecton", &[("protector", 5), ("protection", 80)]);
        assert_eq!(text, "protection");
        let (text, _) = read("kindrd", &[("kind", 50), ("kindred", 4)]);
        assert_eq!(text, "kindred");
        let (text, _) = read("statino", &[("state", 300), ("station", 4)]);
        assert_eq!(text, "station");
        // Of spellings with one stem, the likeliest slip: a swap, a missing letter.
        let (text, _) = read("flickre", &[("flicker", 1)]);
        assert_eq!(text, "flicker");
        let (text, _) = read("planeswalkr", &[("planeswalker", 400)]);
        assert_eq!(text, "planeswalker");
    }

    #[test]
    fn names_short_words_and_known_words_are_left_as_typed() {
        let says = [("words", 40), ("exile", 90), ("hint", 1), ("staff", 2)];
        for text in [
            // A capitalised word inside a sentence is a card's name.
            "my commander got exiled by Swords to Plowshares",
            // The first letter is not a slip (`sword` is not `word`).
            "I equip my sword",
            // Four letters or fewer, stop words, words joined to an apostrophe or a digit.
            "hits with bolt",
            // In a word of five or six letters, only a letter missing, doubled or swapped.
            "some stuff",
            "I ninjutsud'd it after 704.5jx",
        ] {
            let (read_as, respelt) = read(text, &says);
            assert_eq!(read_as, text);
            assert!(respelt.is_empty(), "{text}: {respelt:?}");
        }
        // A capitalised word opening a sentence may be a misspelling.
        let (text, _) = read("Exlie it. Exlie it", &says);
        assert_eq!(text, "exile it. exile it");
    }
}
