//! The part of a rule's text a hit shows: the stretch with the most of the searched words,
//! starting at the beginning of a word (of a sentence when one starts just before), ending
//! at the end of one, each cut marked with "…", the matching words' byte ranges kept for
//! highlighting. Pure functions over the text and the searched terms.

use std::collections::HashSet;
use std::ops::Range;

use tantivy::tokenizer::TokenStream;

use super::analysis;

/// The longest snippet, in characters (the ellipses aside).
pub const SNIPPET_CHARS: usize = 180;
/// How much text to keep before the first match, at most, in characters.
const LEAD_CHARS: usize = 50;
/// The mark of a cut.
const CUT: &str = "…";

/// The part of a rule's text around the words that matched.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snippet {
    pub text: String,
    /// Byte ranges of `text` to highlight.
    pub highlights: Vec<Range<usize>>,
}

/// The snippet of `text` for the searched `terms` (analysed as the index analyses).
pub fn snippet(text: &str, terms: &HashSet<String>) -> Snippet {
    snippet_of(text, &places(text), terms)
}

/// The terms `text` is analysed into, with the byte range each was read from.
pub fn places(text: &str) -> Vec<(Range<usize>, String)> {
    let mut analyzer = analysis::analyzer();
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        let t = stream.token();
        out.push((t.offset_from..t.offset_to, t.text.clone()));
    }
    out
}

/// [`snippet`], from the `places` of `text`'s terms (see [`places`]).
pub fn snippet_of(
    text: &str,
    places: &[(Range<usize>, String)],
    terms: &HashSet<String>,
) -> Snippet {
    let matches: Vec<&(Range<usize>, String)> =
        places.iter().filter(|(_, t)| terms.contains(t)).collect();
    // The window holding the most distinct searched words, the earliest of equals.
    let mut best: Option<(usize, usize)> = None; // (distinct words, index of first match)
    for (i, (first, _)) in matches.iter().enumerate() {
        let limit = first.start + SNIPPET_CHARS * 3 / 4;
        let distinct: HashSet<&str> = matches[i..]
            .iter()
            .take_while(|(r, _)| r.end <= limit)
            .map(|(_, t)| t.as_str())
            .collect();
        if best.is_none_or(|(n, _)| distinct.len() > n) {
            best = Some((distinct.len(), i));
        }
    }
    let start = match best {
        Some((_, i)) => start_before(text, matches[i].0.start),
        None => 0,
    };
    let end = end_after(text, start);
    let mut out = String::new();
    if start > 0 {
        out.push_str(CUT);
    }
    let shift = out.len();
    out.push_str(&text[start..end]);
    let highlights = matches
        .iter()
        .filter(|(r, _)| r.start >= start && r.end <= end)
        .map(|(r, _)| r.start - start + shift..r.end - start + shift)
        .collect();
    if end < text.len() {
        out.push_str(CUT);
    }
    Snippet {
        text: out,
        highlights,
    }
}

/// Where to start so that the match at `at` has some words before it: the start of its
/// sentence when that is close, else the start of a word about [`LEAD_CHARS`] before.
fn start_before(text: &str, at: usize) -> usize {
    let lead_start = floor_char(text, at.saturating_sub(LEAD_CHARS * 4)); // bytes, generous
    let before = &text[lead_start..at];
    let chars = before.chars().count();
    let from = if chars > LEAD_CHARS {
        lead_start
            + before
                .char_indices()
                .nth(chars - LEAD_CHARS)
                .map_or(0, |(i, _)| i)
    } else {
        lead_start
    };
    if from == 0 {
        return 0;
    }
    let window = &text[from..at];
    if let Some(i) = window.rfind(". ") {
        return from + i + 2;
    }
    // The start of the first whole word after `from`.
    match window.find(char::is_whitespace) {
        Some(i) => {
            let rest = &window[i..];
            from + i + (rest.len() - rest.trim_start().len())
        }
        None => at,
    }
}

/// Where to end a snippet starting at `start`: the end of the text, or the end of the
/// last whole word within [`SNIPPET_CHARS`].
fn end_after(text: &str, start: usize) -> usize {
    let rest = &text[start..];
    let Some((limit, _)) = rest.char_indices().nth(SNIPPET_CHARS) else {
        return text.len();
    };
    let cut = &rest[..limit];
    let end = match cut.rfind(char::is_whitespace) {
        Some(i) if i > 0 => i,
        _ => limit,
    };
    start + cut[..end].trim_end_matches([',', ';', ':']).len()
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(words: &str) -> HashSet<String> {
        analysis::terms(words).into_iter().collect()
    }

    #[test]
    fn a_short_text_is_whole_and_highlighted() {
        let s = snippet("A player can’t play lands.", &terms("lands"));
        assert_eq!(s.text, "A player can’t play lands.");
        assert_eq!(&s.text[s.highlights[0].clone()], "lands");
    }

    #[test]
    fn cuts_fall_between_words_and_are_marked() {
        let text = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(6)
            + "The legend rule applies here and the owner chooses one of them. "
            + &"Sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ".repeat(6);
        let s = snippet(&text, &terms("legend rule"));
        assert!(s.text.starts_with("…The legend rule"), "{}", s.text);
        assert!(s.text.ends_with('…'), "{}", s.text);
        let inner = s.text.trim_start_matches('…').trim_end_matches('…');
        assert!(text.contains(inner));
        // It ends with a whole word of the text.
        let last = inner.split_whitespace().last().unwrap_or_default();
        assert!(text.split_whitespace().any(|w| w == last), "{last:?}");
        let words: Vec<&str> = s.highlights.iter().map(|r| &s.text[r.clone()]).collect();
        assert_eq!(words, ["legend", "rule"]);
    }

    #[test]
    fn without_a_match_the_text_starts_the_snippet() {
        let text = "word ".repeat(100);
        let s = snippet(&text, &terms("deathtouch"));
        assert!(s.text.starts_with("word word") && s.text.ends_with("word…"));
        assert!(s.highlights.is_empty());
    }
}
