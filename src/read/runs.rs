//! Rules run together on one line: a forum post or a web clip that lost the line ends
//! between paragraphs (`702.19. Trample 702.19a Trample is a static ability… 702.19b
//! The controller…`). Each rule is put back on a line of its own, and each `Example:`
//! of such a line on its own line under its rule, so the grammar reads them as the
//! official text.
//!
//! A number inside a line starts a rule only where the document's order expects it
//! (it follows the last rule read as the official text orders them) and where a
//! paragraph can end: after the end of a sentence (`.`, `)`, `”`…) or after a heading's
//! title (`702.19. Trample`). A reference ("as described in rule 702.19b, with one
//! exception") never follows a sentence's end followed by a capital letter in any
//! revision, so it is never split. The official text has no such line: the stage
//! changes nothing there.

use std::sync::LazyLock;

use regex::Regex;

use crate::model::RuleNumber;

/// A rule number inside a line, after a space, followed by a space and the start of a
/// sentence or title (a capital letter or an opening quote or bracket).
static INNER_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r" (\d{3}\.(?:\d{1,4}(?:[a-z]|\.)?)?) [^\s\p{Ll}\d,.;:)]").expect("static regex")
});

/// `Example:` inside a line, after the end of a sentence.
static INNER_EXAMPLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[.)”\x22] Example: ").expect("static regex"));

/// The text with its run-together rules on lines of their own, and for each of its
/// lines (from 0) the line of the text given (from 1) it comes from; `None` when no
/// line holds two rules.
pub(crate) fn split(text: &str) -> Option<(String, Vec<usize>)> {
    let mut last: Option<RuleNumber> = None;
    let lines: Vec<Vec<&str>> = text.split('\n').map(|l| pieces(l, &mut last)).collect();
    if lines.iter().all(|pieces| pieces.len() == 1) {
        return None;
    }
    let mut out = String::with_capacity(text.len() + text.len() / 50);
    let mut source_lines = Vec::new();
    for (i, pieces) in lines.iter().enumerate() {
        for part in pieces.iter().flat_map(|p| examples(p)) {
            if !source_lines.is_empty() {
                out.push('\n');
            }
            out.push_str(part);
            source_lines.push(i + 1);
        }
    }
    Some((out, source_lines))
}

/// The line cut before each rule number that starts a rule; `last` is the last rule
/// number read so far (at the start of a line or inside one).
fn pieces<'t>(line: &'t str, last: &mut Option<RuleNumber>) -> Vec<&'t str> {
    let trimmed = line.trim_start();
    // A rule at the start of a line is read as one whatever came before (the grammar
    // judges it), and a section's heading (`5. Combat`) opens a new run of numbers.
    if let Some((number, _)) = super::lines::rule_line(trimmed) {
        *last = Some(number);
    } else if is_section_heading(trimmed) {
        *last = None;
    } else if !line.contains(|c: char| c.is_ascii_digit()) {
        return vec![line];
    }
    let mut out = Vec::new();
    let mut start = 0;
    for caps in INNER_NUMBER.captures_iter(line) {
        let Some(m) = caps.get(1) else { continue };
        if m.start() <= start {
            continue;
        }
        let Ok(number) = m.as_str().trim_end_matches('.').parse::<RuleNumber>() else {
            continue;
        };
        let before = line[start..m.start()].trim_end();
        let closes_quote = before.ends_with(['”', '"']) && next_letter(*last) == Some(number);
        if !(ends_paragraph(before) || is_heading(before) || closes_quote)
            || !super::official::follows_in_order(number, *last)
        {
            continue;
        }
        *last = Some(number);
        out.push(before);
        start = m.start();
    }
    out.push(&line[start..]);
    out
}

/// The subrule lettered after `last` (`716.2c` → `716.2d`; the rules skip `l` and `o`).
/// The CR has a subrule that ends on a closing quote with no full stop (716.2c in
/// 2026): its successor is still the next rule.
fn next_letter(last: Option<RuleNumber>) -> Option<RuleNumber> {
    let last = last?;
    let letter = last.letter()?;
    let next = match letter {
        'k' => 'm',
        'n' => 'p',
        'z' => return None,
        c => char::from(c as u8 + 1),
    };
    Some(RuleNumber::lettered(
        last.rule_part()?,
        last.sub_part()?,
        next,
    ))
}

/// Whether a paragraph can end with `text`: a full stop, a question or exclamation mark,
/// a colon, or one of them inside a closing quote or parenthesis.
fn ends_paragraph(text: &str) -> bool {
    let end = text.trim_end_matches(['"', '”', '’', '\'', ')', ']']);
    end.ends_with(['.', '!', '?', ':']) || (end.len() < text.len() && text.ends_with(')'))
}

/// Whether `text` is a heading of its own: a rule or section number and a title
/// (`702.19. Trample`, `7. Additional Rules`).
fn is_heading(text: &str) -> bool {
    let Some((number, rest)) = text.split_once(' ') else {
        return false;
    };
    let numbered = number.ends_with('.')
        && number
            .trim_end_matches('.')
            .split('.')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    numbered && !has_sentence_end(rest) && super::lines::looks_like_title(rest)
}

/// Whether `text` holds the end of a sentence: a colon, a semicolon, or a full stop
/// after a word of four letters or more (a title's abbreviation, "Team vs. Team
/// Variant", is not one).
fn has_sentence_end(text: &str) -> bool {
    text.contains([':', ';'])
        || text.split_whitespace().any(|word| {
            word.strip_suffix('.')
                .is_some_and(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 4)
        })
}

/// `5. Combat`: a section's number and its title.
fn is_section_heading(line: &str) -> bool {
    let bytes = line.as_bytes();
    bytes.len() > 3
        && bytes[0].is_ascii_digit()
        && bytes[1] == b'.'
        && bytes[2] == b' '
        && super::lines::looks_like_title(&line[3..])
}

/// A rule's line cut before each `Example:` that follows the end of a sentence.
fn examples(piece: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for m in INNER_EXAMPLE.find_iter(piece) {
        let at = m.start() + m.as_str().find('E').unwrap_or(0);
        out.push(piece[start..at].trim_end());
        start = at;
    }
    out.push(&piece[start..]);
    out
}

#[cfg(test)]
mod tests {
    use super::split;

    fn plain(text: &str) -> Option<String> {
        split(text).map(|(t, _)| t)
    }

    #[test]
    fn rules_run_together_go_back_on_lines_of_their_own() {
        let post = "Quote from JudgeFan »\n702.19. Trample 702.19a Trample is a static ability. (See rule 510, “Combat Damage Step.”) 702.19b The controller assigns as described in rule 702.19c. Example: A 2/2 creature blocks. 702.19c Trample over planeswalkers is a variant.\n\nHope that helps!";
        let (text, lines) = split(post).expect("run-together rules");
        assert_eq!(
            text,
            "Quote from JudgeFan »\n702.19. Trample\n702.19a Trample is a static ability. (See rule 510, “Combat Damage Step.”)\n702.19b The controller assigns as described in rule 702.19c.\nExample: A 2/2 creature blocks.\n702.19c Trample over planeswalkers is a variant.\n\nHope that helps!"
        );
        assert_eq!(lines, [1, 2, 2, 2, 2, 2, 3, 4]);
    }

    #[test]
    fn a_reference_in_the_middle_of_a_sentence_is_not_a_rule() {
        // "rule 702.19b, with" follows no sentence's end; "in 702.19b The" is out of
        // order after 702.19c.
        assert_eq!(
            plain("702.19c As described in rule 702.19b, with one exception. 702.19b The end."),
            None
        );
        assert_eq!(
            plain("100.1. These Magic rules apply. See rule 100.2 Two."),
            None
        );
    }

    #[test]
    fn the_official_text_is_left_alone() {
        let text = "702.19. Trample\n\n702.19a Trample is a static ability.\n\nExample: A 2/2 creature. 702.19b is cited.\n";
        assert_eq!(plain(text), None);
    }
}
