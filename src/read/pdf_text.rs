//! Text extracted from a PDF (what `pdftotext` gives of the publisher's PDF, or a copy
//! out of a PDF viewer) back to the layout the grammar reads: one paragraph a line.
//!
//! A PDF's text carries the damage of its pages, removed here in four steps, none keyed
//! to one file:
//! - **page furniture**, found by repetition and position: the lines at the top and
//!   bottom of the pages (between form feeds) whose shape, digits aside, recurs on many
//!   pages (a running title, "Page 12", a URL), and bare page numbers there; without
//!   form feeds (a copy out of a viewer), page numbers on lines of their own and short
//!   lines repeated as often, far apart;
//! - **a table of contents** by its page-number tails (`100. General ...... 3`, or
//!   `100. General 3` when the heading is repeated later in the document): the tail
//!   goes, the heading stays for the grammar to skip like any table of contents;
//! - **de-wrapping by line-length statistics**: the full line's length is measured on
//!   the document itself; a line ends its paragraph when the next line's first word
//!   would have fitted on it, when the next line starts a rule, an example or a sense
//!   after a sentence's end, or at a blank line; otherwise the lines are one paragraph;
//! - **de-hyphenation with the document's own vocabulary**: `state-` + `based` is
//!   joined as `state-based` when that form occurs elsewhere, `abil-` + `ity` as
//!   `ability` when `ability` does; two halves that are words of their own keep the
//!   hyphen, anything else loses it.
//!
//! `pdftotext` already joins words hyphenated at a line's end, dropping the hyphen even
//! of a compound (`text-changing` → `textchanging`): a word that the document spells
//! at least as often with its hyphen gets it back.
//!
//! Where the text cannot decide, the reader says so rather than guess silently: in the
//! glossary (whose definitions may run to several paragraphs; a rule is one paragraph,
//! its examples and subrules numbered), a line ending a sentence at the full width
//! before a line opening one may end a paragraph or not; a hyphen at a line's end that
//! the document's vocabulary does not explain may be the word's own or the typesetter's.
//! Both are read the likelier way (one paragraph; the hyphen dropped) with a warning
//! naming the line. Line numbers of every warning are those of the text given: the
//! rebuilt text keeps a map to it.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use regex::Regex;

use crate::model::Warning;

/// A line repeated this often (far apart) in a text without form feeds is furniture.
const MIN_REPEATS: usize = 3;

/// How many non-blank lines at the top and at the bottom of a page may be furniture.
const EDGE_LINES: usize = 3;

/// A page number on its own: `12`, `- 12 -`, `Page 12`, `12 of 240`, `12/240`.
static PAGE_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:page\s*)?[-–—]?\s*\d{1,4}\s*[-–—]?(?:\s*(?:of|/)\s*\d{1,4})?$")
        .expect("static regex")
});

/// A URL on its own line.
static URL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)^(?:https?://|www\.)\S+$").expect("static regex"));

/// A line of a table of contents: a heading, then dot leaders or a gap, then a page
/// number (`100. General ........ 3`, `Glossary     210`, `Credits\t260`).
static TOC_LEADERS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(.*?\S)\s*(?:(?:\.\s?){3,}|…+|\s{2,}|\t)\s*\d{1,4}$").expect("static regex")
});

/// A heading followed by one space and a page number (`100. General 3`).
static TOC_BARE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(.*?[^\d\s.,])\s\d{1,4}$").expect("static regex"));

/// A section heading (`3. Card Types`) or a glossary sense (`2. Text …`): a paragraph
/// when it follows a sentence's end.
static SENSE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d{1,2}\.\s").expect("static regex"));

/// An example, always a paragraph of its own.
static EXAMPLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?i:example):").expect("static regex"));

/// One line of the source as this stage sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Item<'a> {
    Text(&'a str),
    Blank,
    /// A form feed, or page furniture taken out: the text on either side may be one
    /// paragraph, and blank lines next to it are the page's layout, not the text's.
    PageBreak,
}

/// Text rebuilt from a PDF's extraction: one paragraph a line, where each of its lines
/// came from in the text given, and what the text could not decide.
pub(crate) struct Unpaged {
    pub text: String,
    /// For each line of `text` (from 0), the line (from 1) of the text given where it
    /// starts: warnings about the rebuilt text name the user's lines.
    pub source_lines: Vec<usize>,
    /// Places the text does not decide (a paragraph that may end at a full line, a
    /// hyphen that may be the word's own), each naming its line in the text given.
    pub warnings: Vec<Warning>,
}

/// The text rebuilt one paragraph a line, or `None` when it does not read as text
/// extracted from a PDF (no form feed and no furniture repeated across pages).
pub(crate) fn unpaginate(text: &str) -> Option<Unpaged> {
    let mut items: Vec<Item<'_>> = Vec::new();
    let mut at: Vec<usize> = Vec::new(); // each item's line in `text`, from 1
    let mut pages = 1;
    let mut line = 1;
    for (i, part) in text.split('\u{0C}').enumerate() {
        if i > 0 {
            items.push(Item::PageBreak);
            at.push(line);
            pages += 1;
        }
        for (j, l) in part.split('\n').enumerate() {
            line += usize::from(j > 0);
            items.push(match l.trim() {
                "" => Item::Blank,
                t => Item::Text(t),
            });
            at.push(line);
        }
    }
    let removed = if pages > 1 {
        remove_edge_furniture(&mut items)
    } else {
        remove_repeated_furniture(&mut items)
    };
    if pages == 1 && removed == 0 {
        return None;
    }
    let stripped: Vec<String> = strip_contents_tails(&items);
    let width = full_width(&stripped, &items);
    let joined = join(&items, &at, &stripped, width);
    Some(Unpaged {
        text: restore_hyphens(&joined.text),
        source_lines: joined.source_lines,
        warnings: joined.warnings,
    })
}

/// `pdftotext` itself joins a word hyphenated at a line's end and drops the hyphen,
/// compounds too (`text-` + `changing` → `textchanging`). A word whose letters the
/// document spells at least as often with more hyphens (`text-changing`) is given that
/// spelling back.
fn restore_hyphens(text: &str) -> String {
    let is_word_char = |c: char| c.is_alphabetic() || c == '-';
    let words = |text: &'_ str| -> Vec<(usize, usize)> {
        let mut spans = Vec::new();
        let mut start = None;
        for (i, c) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            match (start, is_word_char(c)) {
                (None, true) => start = Some(i),
                (Some(s), false) => {
                    let word = text[s..i].trim_matches('-');
                    let lead = text[s..i].len() - text[s..i].trim_start_matches('-').len();
                    if !word.is_empty() {
                        spans.push((s + lead, s + lead + word.len()));
                    }
                    start = None;
                }
                _ => {}
            }
        }
        spans
    };
    let spans = words(text);
    let mut spellings: HashMap<String, HashMap<&str, usize>> = HashMap::new();
    for &(s, e) in &spans {
        let word = &text[s..e];
        *spellings
            .entry(word.replace('-', ""))
            .or_default()
            .entry(word)
            .or_default() += 1;
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for &(s, e) in &spans {
        let word = &text[s..e];
        let Some(forms) = spellings.get(&word.replace('-', "")) else {
            continue;
        };
        let hyphens = word.matches('-').count();
        let better = forms
            .iter()
            .filter(|(form, _)| form.matches('-').count() > hyphens)
            .max_by_key(|(form, n)| (**n, std::cmp::Reverse(**form)));
        let closed = forms.get(word).copied().unwrap_or(0);
        if let Some((form, _)) = better.filter(|(_, n)| **n >= closed) {
            out.push_str(&text[at..s]);
            out.push_str(form);
            at = e;
        }
    }
    out.push_str(&text[at..]);
    out
}

/// A line's shape for telling furniture: digits as `#`, lower case, spaces collapsed.
fn shape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    for word in line.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        let mut last_digit = false;
        for c in word.chars() {
            if c.is_ascii_digit() {
                if !last_digit {
                    out.push('#');
                }
                last_digit = true;
            } else {
                out.extend(c.to_lowercase());
                last_digit = false;
            }
        }
    }
    out
}

/// A line that is furniture wherever a page's edge holds it: a page number or a URL.
fn is_page_mark(line: &str) -> bool {
    PAGE_NUMBER.is_match(line) || URL.is_match(line)
}

/// With form feeds: the lines at the pages' edges whose shape recurs on at least a
/// third of the pages (and two), and page numbers and URLs there, become page breaks.
/// The document's first line is kept when it is the running title (its own title). Returns how many
/// lines were taken out.
fn remove_edge_furniture(items: &mut [Item<'_>]) -> usize {
    let mut page_edges: Vec<Vec<usize>> = vec![Vec::new()];
    let mut page_lines: Vec<usize> = Vec::new();
    let flush = |page_lines: &mut Vec<usize>, edges: &mut Vec<usize>| {
        let n = page_lines.len();
        edges.extend(page_lines.iter().take(EDGE_LINES));
        edges.extend(
            page_lines
                .iter()
                .skip(EDGE_LINES.max(n.saturating_sub(EDGE_LINES))),
        );
        page_lines.clear();
    };
    for (i, item) in items.iter().enumerate() {
        match item {
            Item::Text(_) => page_lines.push(i),
            Item::PageBreak => {
                let edges = page_edges.last_mut().expect("one page at least");
                flush(&mut page_lines, edges);
                page_edges.push(Vec::new());
            }
            Item::Blank => {}
        }
    }
    flush(
        &mut page_lines,
        page_edges.last_mut().expect("one page at least"),
    );
    let mut pages_with: HashMap<String, usize> = HashMap::new();
    for edges in &page_edges {
        let shapes: HashSet<String> = edges
            .iter()
            .filter_map(|&i| text_of(items[i]).map(shape))
            .collect();
        for s in shapes {
            *pages_with.entry(s).or_default() += 1;
        }
    }
    let enough = (page_edges.len() / 3).max(2);
    let title = items.iter().position(|item| matches!(item, Item::Text(_)));
    let mut removed = 0;
    for edges in &page_edges {
        for &i in edges {
            let Some(line) = text_of(items[i]) else {
                continue;
            };
            let repeated = pages_with.get(&shape(line)).is_some_and(|&n| n >= enough);
            if is_page_mark(line) || (repeated && Some(i) != title) {
                items[i] = Item::PageBreak;
                removed += 1;
            }
        }
    }
    removed
}

/// Without form feeds, when page numbers (or URLs) stand on lines of their own at least
/// [`MIN_REPEATS`] times: short lines (not rules, not sentences) whose shape occurs that
/// often, each time at least ten lines after the last, become page breaks, and so do
/// the page numbers. The first occurrence of a
/// repeated title is kept. Returns how many lines were taken out.
fn remove_repeated_furniture(items: &mut [Item<'_>]) -> usize {
    let mut at: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, item) in items.iter().enumerate() {
        if let Some(line) = text_of(*item) {
            let candidate = line.chars().count() <= 80
                && line.chars().any(char::is_alphanumeric)
                && !SENSE.is_match(line)
                && super::lines::rule_line(line).is_none()
                && !super::official::ends_sentence(line);
            if candidate || is_page_mark(line) {
                at.entry(shape(line)).or_default().push(i);
            }
        }
    }
    // A copy out of a viewer keeps its page numbers: without them, repeated lines are
    // a web page's chrome or the text's own, for other readers to judge.
    let page_marks = at
        .iter()
        .filter(|(_, places)| {
            places
                .iter()
                .all(|&i| text_of(items[i]).is_some_and(is_page_mark))
        })
        .map(|(_, places)| places.len())
        .sum::<usize>();
    if page_marks < MIN_REPEATS {
        return 0;
    }
    let mut removed = 0;
    for (shape, places) in at {
        let far_apart = places.windows(2).all(|w| w[1] - w[0] >= 10);
        if places.len() < MIN_REPEATS || !far_apart {
            continue;
        }
        let page_numbers = places
            .iter()
            .all(|&i| text_of(items[i]).is_some_and(is_page_mark));
        let skip = usize::from(!page_numbers && !shape.is_empty());
        for &i in places.iter().skip(skip) {
            items[i] = Item::PageBreak;
            removed += 1;
        }
    }
    removed
}

fn text_of(item: Item<'_>) -> Option<&str> {
    match item {
        Item::Text(t) => Some(t),
        _ => None,
    }
}

/// Each line with a table of contents' page-number tail taken off (always after dot
/// leaders, a tab or a wide gap; after one space only when the heading without it is a
/// line of its own elsewhere: the contents repeat the body's headings), and its runs of
/// white space made one space.
fn strip_contents_tails(items: &[Item<'_>]) -> Vec<String> {
    let lines: HashSet<&str> = items.iter().filter_map(|i| text_of(*i)).collect();
    items
        .iter()
        .map(|item| {
            let Some(line) = text_of(*item) else {
                return String::new();
            };
            // A layout's runs of spaces (justified text, a gap before a page number)
            // are one space once the contents' tails are off.
            if let Some(c) = TOC_LEADERS.captures(line) {
                return super::lines::collapse_spaces(&c[1]);
            }
            match TOC_BARE.captures(line) {
                Some(c) if lines.contains(&c[1]) => super::lines::collapse_spaces(&c[1]),
                _ => super::lines::collapse_spaces(line),
            }
        })
        .collect()
}

/// The length of a full line: the 99.5th percentile of the lines' lengths (the longest
/// few are words too long to wrap, a URL, a line the extractor failed to break).
fn full_width(lines: &[String], items: &[Item<'_>]) -> usize {
    let mut lengths: Vec<usize> = lines
        .iter()
        .zip(items)
        .filter(|(_, item)| matches!(item, Item::Text(_)))
        .map(|(l, _)| l.chars().count())
        .collect();
    if lengths.is_empty() {
        return 0;
    }
    lengths.sort_unstable();
    lengths[(lengths.len() - 1) * 995 / 1000]
}

/// Whether a text is wrapped at all: its full line is a typeset line's length.
fn is_wrapped(width: usize) -> bool {
    (40..=160).contains(&width)
}

/// The text rebuilt by [`join`].
struct Joined {
    text: String,
    source_lines: Vec<usize>,
    warnings: Vec<Warning>,
}

/// The paragraphs, one a line: lines joined as [`continues`] decides; a blank line
/// between paragraphs the source spaced apart, and before a rule, or a paragraph after
/// a page break (blank lines beside a page break are the page's, not the text's).
/// `at` gives each item's line in the text given.
fn join(items: &[Item<'_>], at: &[usize], lines: &[String], width: usize) -> Joined {
    let vocabulary = vocabulary(lines);
    let wrapped = is_wrapped(width);
    let mut out = String::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
    let mut source_lines = Vec::new();
    let mut warnings = Vec::new();
    let mut prev: Option<&str> = None;
    let (mut blank, mut page_break) = (false, false);
    // Between the "Glossary" and "Credits" headings (the contents name both, in that
    // order, before the body): where a definition may hold several paragraphs.
    let mut in_glossary = false;
    for ((item, line), &source) in items.iter().zip(lines).zip(at) {
        match item {
            Item::Blank => blank = true,
            Item::PageBreak => page_break = true,
            Item::Text(_) => {
                let line = line.as_str();
                match prev {
                    None => {
                        out.push_str(line);
                        source_lines.push(source);
                    }
                    Some(last)
                        if wrapped && (page_break || !blank) && continues(last, line, width) =>
                    {
                        if in_glossary {
                            if let Some(message) = undecided_paragraph(last, line) {
                                warnings.push(Warning {
                                    line: source,
                                    message,
                                });
                            }
                        }
                        if let Some(message) = join_wrapped(&mut out, last, line, &vocabulary) {
                            warnings.push(Warning {
                                line: source,
                                message,
                            });
                        }
                    }
                    Some(_) => {
                        let spaced = if page_break {
                            !EXAMPLE.is_match(line) && !SENSE.is_match(line)
                        } else {
                            blank
                        } || super::lines::rule_line(line).is_some()
                            || is_section_heading(line);
                        out.push_str(if spaced { "\n\n" } else { "\n" });
                        out.push_str(line);
                        source_lines.extend(std::iter::repeat_n(source, 1 + usize::from(spaced)));
                    }
                }
                match line {
                    "Glossary" => in_glossary = true,
                    "Credits" => in_glossary = false,
                    _ => {}
                }
                prev = Some(line);
                blank = false;
                page_break = false;
            }
        }
    }
    out.push('\n');
    Joined {
        text: out,
        source_lines,
        warnings,
    }
}

/// A line ending a sentence, joined to the next because it is full: when the next
/// opens a sentence (a capital, perhaps after a quotation mark), the text can't tell a
/// paragraph that ended at the full width from a sentence wrapped there. The warning
/// quotes both sides.
fn undecided_paragraph(last: &str, next: &str) -> Option<String> {
    let opens = next
        .trim_start_matches(['"', '“', '‘', '\''])
        .starts_with(|c: char| c.is_uppercase());
    if !super::official::ends_sentence(last) || !opens {
        return None;
    }
    let words: Vec<&str> = last.split_whitespace().collect();
    let tail = words[words.len().saturating_sub(3)..].join(" ");
    let head = next
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    Some(format!(
        "a paragraph may end after \"{tail}\" (the line is full and \"{head}\" opens a sentence on the next): the text can't tell; read as one paragraph"
    ))
}

/// Whether `next` continues the paragraph whose last line is `last`, in a text whose
/// full line is `width` characters.
fn continues(last: &str, next: &str, width: usize) -> bool {
    if EXAMPLE.is_match(next) {
        return false;
    }
    let len = last.chars().count();
    let long = len * 10 >= width * 6;
    if ends_with_hyphen(last) && long {
        return true;
    }
    let ended = super::official::ends_sentence(last);
    let starts = SENSE.is_match(next) || super::lines::rule_line(next).is_some();
    // After a sentence's end, a rule, a sense, or a short line that is no sentence (a
    // glossary term, a heading) starts a paragraph.
    let heading = next.chars().count() * 10 < width * 6 && !super::official::ends_sentence(next);
    if ended && (starts || heading) {
        return false;
    }
    let first_word = next
        .split_whitespace()
        .next()
        .map_or(0, |w| w.chars().count());
    // A word that would have fitted was not wrapped: the line ended its paragraph.
    let fitted = len + 1 + first_word <= width;
    !fitted || (!ended && long)
}

/// `3. Card Types`: a short numbered line that is no sentence (a glossary sense is).
fn is_section_heading(line: &str) -> bool {
    SENSE.is_match(line) && line.chars().count() <= 60 && !super::official::ends_sentence(line)
}

/// A line that ends in a hyphen or dash right after a letter (`state-`, `abil-`, `—`).
fn ends_with_hyphen(line: &str) -> bool {
    let mut chars = line.chars().rev();
    matches!(
        (chars.next(), chars.next()),
        (Some('-' | '‐'), Some(c)) if c.is_alphabetic()
    ) || line.ends_with(['—', '–'])
}

/// Appends `next` to the paragraph ending in `last`: after a hyphen, the word is
/// rejoined as the document's vocabulary spells it; after a dash, with no space (with
/// one when the dash stood apart, `Plane —` + `Serra’s Realm`); otherwise with one space.
/// Returns a warning when the vocabulary has neither spelling of a hyphenated word and
/// its halves are not both words: the hyphen is dropped, but the text can't tell.
fn join_wrapped(
    out: &mut String,
    last: &str,
    next: &str,
    vocabulary: &HashSet<String>,
) -> Option<String> {
    if last.ends_with(['—', '–']) {
        if last
            .trim_end_matches(['—', '–'])
            .ends_with(char::is_whitespace)
        {
            out.push(' ');
        }
        out.push_str(next);
        return None;
    }
    if !ends_with_hyphen(last) {
        out.push(' ');
        out.push_str(next);
        return None;
    }
    let head_as_printed = word(
        last.rsplit(char::is_whitespace)
            .next()
            .unwrap_or("")
            .trim_end_matches(['-', '‐']),
    );
    let head = head_as_printed.to_lowercase();
    let tail_as_printed: String = next.chars().take_while(|c| c.is_alphabetic()).collect();
    let tail = word(next.split_whitespace().next().unwrap_or("")).to_lowercase();
    let tail_letters: String = tail.chars().take_while(|c| c.is_alphabetic()).collect();
    // `non-` + `Aura` and `-` + `1/-1` keep their hyphen; so does a compound the
    // document writes with it, or two halves that are words of their own.
    let hyphenated = vocabulary.contains(&format!("{head}-{tail}"));
    let closed = vocabulary.contains(&format!("{head}{tail}"));
    let halves = vocabulary.contains(&head) && vocabulary.contains(&tail_letters);
    let keep = !next.starts_with(char::is_lowercase) || hyphenated || (!closed && halves);
    if !keep {
        out.pop(); // the hyphen
    }
    out.push_str(next);
    // A hyphen after a syllable (`subtr-` + `act`) is the typesetter's; after a head
    // the document writes compounds with (`non-` + `backup`, beside `non-Aura`), it
    // may be the word's own.
    let undecided = !keep
        && !closed
        && !head.is_empty()
        && !tail_as_printed.is_empty()
        && vocabulary.iter().any(|w| {
            w.strip_prefix(head.as_str())
                .is_some_and(|rest| rest.starts_with('-'))
        });
    undecided.then(|| {
        format!(
            "\"{head_as_printed}-\" + \"{tail_as_printed}\" at a line's end: the document writes neither \"{head_as_printed}{tail_as_printed}\" nor \"{head_as_printed}-{tail_as_printed}\" elsewhere, so the text can't tell whether the hyphen is the word's own; read as \"{head_as_printed}{tail_as_printed}\""
        )
    })
}

/// A token without the punctuation around it (`“state-based”,` → `state-based`).
fn word(token: &str) -> &str {
    token.trim_matches(|c: char| !c.is_alphanumeric())
}

/// Every word of the document, lower-cased, but the halves of words hyphenated at a
/// line's end (`abil-` and the next line's `ity`).
fn vocabulary(lines: &[String]) -> HashSet<String> {
    let mut words = HashSet::new();
    let mut after_hyphen = false;
    for line in lines {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let hyphen = ends_with_hyphen(line);
        let last = tokens.len().saturating_sub(usize::from(hyphen));
        let first = usize::from(after_hyphen).min(last);
        after_hyphen = hyphen || (after_hyphen && line.is_empty());
        for token in &tokens[first..last] {
            let w = word(token);
            if !w.is_empty() {
                words.insert(w.to_lowercase());
            }
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn furniture_goes_and_paragraphs_are_rejoined_across_pages() {
        let text = "Magic: The Gathering Comprehensive Rules\n\n\
            704.5a If a player has 0 or less life, that player loses the game. This is a state-\n\
            based action that the game checks whenever a player would receive priority.\n\n\
            Magic: The Gathering Comprehensive Rules\n2\n\u{0C}Magic: The Gathering Comprehensive Rules\n\
            704.5b If a player attempted to draw a card from a library with no cards in it since\n\
            the last time state-based actions were checked, that player loses the game. Its abil-\n\
            ity resolves.\n\nMagic: The Gathering Comprehensive Rules\n3\n\u{0C}Magic: The Gathering Comprehensive Rules\n\
            704.5c If a player has ten or more poison counters, that player loses the game.\n\
            Magic: The Gathering Comprehensive Rules\n4\n";
        let got = unpaginate(text).expect("pages").text;
        assert_eq!(
            got,
            "Magic: The Gathering Comprehensive Rules\n\n\
            704.5a If a player has 0 or less life, that player loses the game. This is a state-based action that the game checks whenever a player would receive priority.\n\n\
            704.5b If a player attempted to draw a card from a library with no cards in it since the last time state-based actions were checked, that player loses the game. Its ability resolves.\n\n\
            704.5c If a player has ten or more poison counters, that player loses the game.\n"
        );
    }

    #[test]
    fn what_the_text_cannot_tell_is_read_one_way_and_named_by_its_line() {
        let filler =
            "A permanent is a card or token on the battlefield: a creature, an artifact or land.";
        let mut text = String::from("Glossary\n\n");
        for _ in 0..4 {
            text.push_str(filler);
            text.push_str("\n\n");
        }
        // Line 12 ends a sentence at the full width; line 13 opens one. Line 14 breaks
        // `non-` + `backup`, a head the document compounds with (`non-Aura`).
        text.push_str("Color\nThe only colors are white, blue, black, red, and green. An object can be colorless.\n");
        text.push_str(
            "Effects may change an object's color, the way a non-Aura ability or the non-\n",
        );
        text.push_str("backup abilities printed below it do.\n\nCredits\n2\n\u{0C}3\n\u{0C}4\n");
        let got = unpaginate(&text).expect("pages");
        let warnings: Vec<String> = got.warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            warnings,
            [
                "line 13: a paragraph may end after \"can be colorless.\" (the line is full and \"Effects may\" opens a sentence on the next): the text can't tell; read as one paragraph",
                "line 14: \"non-\" + \"backup\" at a line's end: the document writes neither \"nonbackup\" nor \"non-backup\" elsewhere, so the text can't tell whether the hyphen is the word's own; read as \"nonbackup\""
            ]
        );
        let line = got
            .text
            .lines()
            .position(|l| l.starts_with("The only"))
            .expect("the definition");
        assert_eq!(got.source_lines[line], 12, "{:?}", got.text);
    }

    #[test]
    fn compounds_pdftotext_closed_get_their_hyphens_back() {
        assert_eq!(
            restore_hyphens("text-changing effects; a textchanging effect; leavesthe-battlefield and leaves-the-battlefield; nonrepetitive; noncreature, noncreature and non-creature"),
            "text-changing effects; a text-changing effect; leaves-the-battlefield and leaves-the-battlefield; nonrepetitive; noncreature, noncreature and non-creature"
        );
    }

    #[test]
    fn contents_lose_their_page_numbers() {
        let items = [
            Item::Text("1. Game Concepts ........ 5"),
            Item::Text("100. General 5"),
            Item::Text("Glossary\t210"),
            Item::Text("Rule 5"),
            Item::Text("100. General"),
        ];
        assert_eq!(
            strip_contents_tails(&items),
            [
                "1. Game Concepts",
                "100. General",
                "Glossary",
                "Rule 5",
                "100. General"
            ]
        );
    }

    #[test]
    fn text_without_pages_or_furniture_is_not_pdf_text() {
        assert!(unpaginate("100.1. These Magic rules apply.\n\n100.2. More.\n").is_none());
    }
}
