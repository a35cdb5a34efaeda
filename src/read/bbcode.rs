//! A forum post's source in BBCode (phpBB, vBulletin, XenForo, MTG Salvation's
//! editor): rules quoted in `[quote="name"]…[/quote]`, numbers in `[b]…[/b]`, card
//! names in `[card]…[/card]` or `[c]…[/c]`. The tags are taken off; where the post
//! quotes rules, its own words outside the quotes are dropped, as a chat paste's are.
//!
//! The rules themselves write `[B]` (a black mana symbol before 2000), `[card]`,
//! `[color]` and `[S]` as text, and never a closing tag: an inline tag is taken off only
//! with its closing tag later on the same line, and a document is BBCode only when it
//! closes three tags or more.

use std::sync::LazyLock;

use regex::Regex;

/// A closing tag of BBCode (rules text never holds one).
static CLOSING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\[/(?:b|i|u|s|quote|url|size|color|font|code|spoiler|center|card|c|mtg|sup|sub)\]",
    )
    .expect("static regex")
});

/// An opening tag with its name (and any `=value`).
static OPENING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)\[(b|i|u|s|quote|url|size|color|font|code|spoiler|center|card|c|mtg|sup|sub)(?:=[^\]\n]*)?\]"#)
        .expect("static regex")
});

/// The text with its BBCode taken off, and for each of its lines (from 0) the line of
/// the text given (from 1); `None` when the text is not BBCode.
pub(crate) fn unmark(text: &str) -> Option<(String, Vec<usize>)> {
    if CLOSING.find_iter(text).take(3).count() < 3 {
        return None;
    }
    let lines: Vec<&str> = text.split('\n').collect();
    // Whether each line is inside a quote, and whether some quoted line is a rule.
    let mut depth = 0usize;
    let mut inside = Vec::with_capacity(lines.len());
    let mut quotes_rules = false;
    for line in &lines {
        let lower = line.to_ascii_lowercase();
        let opens = lower.matches("[quote").count();
        let closes = lower.matches("[/quote]").count();
        let starts_inside = depth > 0 || opens > 0;
        depth = (depth + opens).saturating_sub(closes);
        inside.push(starts_inside);
        if starts_inside && super::lines::rule_line(untagged(line).trim()).is_some() {
            quotes_rules = true;
        }
    }
    let mut out = String::with_capacity(text.len());
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        if !quotes_rules || inside[i] {
            out.push_str(untagged(line).trim_end());
        }
    }
    Some((out, (1..=lines.len()).collect()))
}

/// A line without its tags: quote tags wherever they are, other tags with their
/// closing tag later on the line.
fn untagged(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut at = 0;
    for m in OPENING.find_iter(line) {
        if m.start() < at {
            continue;
        }
        let name = m.as_str()[1..]
            .split(['=', ']'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let closing = format!("[/{name}]");
        let closed = line[m.end()..].to_ascii_lowercase().contains(&closing);
        if name != "quote" && !closed {
            continue;
        }
        out.push_str(&line[at..m.start()]);
        at = m.end();
    }
    out.push_str(&line[at..]);
    CLOSING.replace_all(&out, "").into_owned()
}

#[cfg(test)]
mod tests {
    use super::unmark;

    fn plain(text: &str) -> Option<String> {
        unmark(text).map(|(t, _)| t)
    }

    #[test]
    fn a_posts_quoted_rules_lose_their_tags_and_its_own_words_go() {
        let post = "Read these:\n[quote=\"JudgeFan\"][b]702.19b[/b] The controller [i]first[/i] assigns.\n[b]702.19c[/b] Trample over planeswalkers.[/quote]\nSo [b]yes[/b], it tramples over.";
        assert_eq!(
            plain(post).as_deref(),
            Some("\n702.19b The controller first assigns.\n702.19c Trample over planeswalkers.\n")
        );
    }

    #[test]
    fn the_rules_own_brackets_stay() {
        // 1999's black mana symbol and a card's "[card]" placeholder are text, not tags.
        let text = "[b]100.1.[/b] A [B] mana symbol, [card] and [S].\n[b]100.2.[/b] Two.\n[b]100.3.[/b] Three.";
        assert_eq!(
            plain(text).as_deref(),
            Some("100.1. A [B] mana symbol, [card] and [S].\n100.2. Two.\n100.3. Three.")
        );
        assert_eq!(
            plain("100.1. A [B] mana symbol.\n100.2. [card] text."),
            None
        );
    }
}
