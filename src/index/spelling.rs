//! Misspelt words of a question corrected against the words of a revision.

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
