//! Lines fitted to the terminal: a line wider than the terminal is broken between words,
//! and its continuation lines are indented under its text, past its leading marker (a
//! rule number, a label ending in `:`, a `-`/`+` of a diff), so that a 2,000-character
//! rule reads as a paragraph hanging from its number instead of breaking mid-word at the
//! terminal's edge. Colour escapes take no width. Words are never split (a word wider
//! than the terminal, such as a URL, stays whole on a line of its own).

use unicode_width::UnicodeWidthChar;

/// `line` (without its newline) fitted to `width` columns.
pub fn wrap(line: &str, width: usize) -> String {
    if width < 20 || visible_width(line) <= width {
        return line.to_string();
    }
    // The indent and the marker as they show: a colour escape may come before either.
    let plain = strip_escapes(line);
    let lead = plain.len() - plain.trim_start_matches(' ').len();
    let first = plain[lead..].split(' ').next().unwrap_or("");
    let hang = if is_marker(first) && plain.len() > lead + first.len() {
        lead + visible_width(first) + 1
    } else {
        lead
    };
    let hang = if hang > width / 2 {
        lead.min(width / 2)
    } else {
        hang
    };
    fill(line, width, hang)
}

/// `line` (without its newline) broken between words into lines of at most `width`
/// columns where it can, every line after the first indented by `hang` spaces. A name in
/// double quotes (`"Hardened Scales"`) stays on one line when it fits on one; a word is
/// never split, so a rule number (`616.1e`) never is.
pub fn fill(line: &str, width: usize, hang: usize) -> String {
    if visible_width(line) <= width {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len() + 16);
    let mut column = 0;
    for (i, unit) in units(line, width.saturating_sub(hang)).iter().enumerate() {
        let w = visible_width(unit);
        if i > 0 && column > hang && column + 1 + w > width {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', hang));
            column = hang;
        } else if i > 0 {
            out.push(' ');
            column += 1;
        }
        out.push_str(unit);
        column += w;
    }
    out
}

/// The pieces `line` may be broken between: its words, but the words of a name in double
/// quotes kept together when they fit in `room` columns.
fn units(line: &str, room: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut quoted: Option<String> = None;
    for word in line.split(' ') {
        let shown = strip_escapes(word);
        match quoted.as_mut() {
            Some(q) => {
                q.push(' ');
                q.push_str(word);
                if shown.contains('"') {
                    let whole = quoted.take().unwrap_or_default();
                    if visible_width(&whole) <= room {
                        out.push(whole);
                    } else {
                        out.extend(whole.split(' ').map(str::to_string));
                    }
                }
            }
            None if shown.starts_with('"') && shown.matches('"').count() == 1 => {
                quoted = Some(word.to_string());
            }
            None => out.push(word.to_string()),
        }
    }
    // A quote never closed: its words as they are.
    if let Some(q) = quoted {
        out.extend(q.split(' ').map(str::to_string));
    }
    out
}

/// Text fitted to `width`, line by line.
pub fn wrap_text(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 40);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&wrap(line, width));
    }
    out
}

/// A word that heads a line and the lines under it hang from: `303.4c`, `704.5j`,
/// `Example:`, `2008-02-01`, `-`, `+`, `~`, `•`, `→`.
fn is_marker(word: &str) -> bool {
    let short = word.chars().count() <= 14;
    short
        && (word.chars().any(|c| c.is_ascii_digit())
            || word.ends_with(':')
            || matches!(word, "-" | "+" | "~" | "*" | "•" | "→" | "|"))
}

/// Columns `text` takes on a terminal, colour escapes (`ESC [ … m`) excluded.
pub fn visible_width(text: &str) -> usize {
    shown(text).map(|c| c.width().unwrap_or(0)).sum()
}

pub fn strip_escapes(text: &str) -> String {
    shown(text).collect()
}

/// The characters of `text` a terminal shows: colour escapes left out.
fn shown(text: &str) -> impl Iterator<Item = char> + '_ {
    let mut in_escape = false;
    text.chars().filter(move |&c| {
        if in_escape {
            in_escape = !c.is_ascii_alphabetic();
            false
        } else if c == '\u{1b}' {
            in_escape = true;
            false
        } else {
            true
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: &str = "704.5j If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners' graveyards. This is called the \"legend rule.\"";

    #[test]
    fn a_long_rule_hangs_from_its_number_and_no_word_is_split() {
        let wrapped = wrap(RULE, 40);
        for line in wrapped.lines() {
            assert!(visible_width(line) <= 40, "{line:?}");
        }
        let lines: Vec<&str> = wrapped.lines().collect();
        assert!(lines[0].starts_with("704.5j If two"));
        assert!(lines[1..]
            .iter()
            .all(|l| l.starts_with("       ") && !l.starts_with("        ")));
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(words(&wrapped), words(RULE));
    }

    #[test]
    fn prose_keeps_its_indent_and_short_lines_are_untouched() {
        let line = format!("    {}", "word ".repeat(30).trim_end());
        let wrapped = wrap(&line, 50);
        assert!(wrapped.lines().all(|l| l.starts_with("    word")));
        assert_eq!(wrap("303.4c short", 80), "303.4c short");
    }

    #[test]
    fn colour_escapes_take_no_width() {
        let coloured = format!("\u{1b}[1;36m704.5j\u{1b}[0m {}", &RULE[7..]);
        let wrapped = wrap(&coloured, 40);
        assert!(wrapped.lines().all(|l| visible_width(l) <= 40));
        assert!(wrapped.lines().nth(1).unwrap().starts_with("       "));
    }

    #[test]
    fn an_indent_after_a_colour_escape_still_hangs() {
        let line = format!("\u{1b}[0m        {}", "word ".repeat(30).trim_end());
        let wrapped = wrap(&line, 50);
        assert!(
            wrapped
                .lines()
                .skip(1)
                .all(|l| l.starts_with("        word")),
            "{wrapped:?}"
        );
    }

    #[test]
    fn a_quoted_name_stays_on_one_line_and_lines_hang_as_asked() {
        let line = "    scales \"Hardened Scales\": Enchantment; controller Alice; replacement: if one or more counters would be put";
        let wrapped = fill(line, 40, 6);
        assert!(wrapped.contains("\"Hardened Scales\""), "{wrapped}");
        assert!(wrapped
            .lines()
            .skip(1)
            .all(|l| l.starts_with("      ") && !l.starts_with("       ")));
        assert!(wrapped.lines().all(|l| visible_width(l) <= 40), "{wrapped}");
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(words(&wrapped), words(line));
    }

    #[test]
    fn a_word_wider_than_the_terminal_stays_whole() {
        let url = format!("see https://{}", "x".repeat(60));
        let wrapped = wrap(&url, 30);
        assert!(wrapped.contains(&"x".repeat(60)));
    }
}
