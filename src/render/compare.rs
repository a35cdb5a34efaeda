//! `arbiter check FILE --rules A --rules B`: the differences side by side, one column per
//! revision, in 80 columns; or the comparison as JSON.

use std::fmt::Write as _;

use colored::Colorize as _;

use crate::scenario::compare::{Comparison, Row};

use super::Style;

/// The page width the columns fill.
const WIDTH: usize = 80;
const INDENT: usize = 2;
const GAP: &str = " │ ";

/// `text` cut into lines of at most `width` characters, at spaces where it can.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let mut word = word.to_string();
        loop {
            let used = line.chars().count();
            let len = word.chars().count();
            let room = if used == 0 {
                width
            } else {
                width.saturating_sub(used + 1)
            };
            if len <= room {
                if used > 0 {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than the column: cut it.
            let cut: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(cut);
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

fn column_width(columns: usize) -> usize {
    let columns = columns.max(1);
    (WIDTH - INDENT - GAP.chars().count() * (columns - 1)) / columns
}

/// The cells side by side, each wrapped to its column.
fn side_by_side(o: &mut String, cells: &[String], width: usize) {
    let wrapped: Vec<Vec<String>> = cells.iter().map(|c| wrap(c, width)).collect();
    let height = wrapped.iter().map(Vec::len).max().unwrap_or(0);
    for i in 0..height {
        let parts: Vec<String> = wrapped
            .iter()
            .map(|w| {
                let s = w.get(i).map_or("", String::as_str);
                format!("{s:<width$}")
            })
            .collect();
        let _ = writeln!(o, "{}{}", " ".repeat(INDENT), parts.join(GAP).trim_end());
    }
}

fn row(o: &mut String, r: &Row, width: usize, style: Style) {
    let title = wrap(&r.what, WIDTH);
    for t in title {
        if style.color {
            let _ = writeln!(o, "{}", t.bold());
        } else {
            let _ = writeln!(o, "{t}");
        }
    }
    side_by_side(o, &r.values, width);
}

/// The comparison for people.
pub fn text(c: &Comparison, style: Style) -> String {
    let mut o = String::new();
    let width = column_width(c.revisions.len());
    let title = if c.scenario.is_empty() {
        &c.file
    } else {
        &c.scenario
    };
    for t in wrap(title, WIDTH) {
        let _ = writeln!(o, "{}", if style.color { t.bold().to_string() } else { t });
    }
    let _ = writeln!(o, "  {} · rules of {}", c.file, c.revisions.join(" and "));
    let _ = writeln!(o);
    side_by_side(&mut o, &c.revisions, width);
    let _ = writeln!(o, "{}", "─".repeat(WIDTH));
    if c.differences.is_empty() {
        let _ = writeln!(o, "The board plays the same under every revision.");
    } else {
        let n = c.differences.len();
        let _ = writeln!(o, "{n} difference{}:", if n == 1 { "" } else { "s" });
        for r in &c.differences {
            let _ = writeln!(o);
            row(&mut o, r, width, style);
        }
    }
    if !c.expectations.is_empty() {
        let _ = writeln!(o);
        let _ = writeln!(o, "{}", "─".repeat(WIDTH));
        let _ = writeln!(o, "Expect, under each:");
        for r in &c.expectations {
            let _ = writeln!(o);
            row(&mut o, r, width, style);
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_every_word_within_the_column() {
        let lines = wrap("illegal: the damage must be assigned in order (510.1c)", 20);
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert_eq!(
            lines.join(" "),
            "illegal: the damage must be assigned in order (510.1c)"
        );
        assert_eq!(wrap("", 10), [""]);
        assert_eq!(wrap("abcdefghijkl", 5), ["abcde", "fghij", "kl"]);
    }

    #[test]
    fn two_columns_fit_in_eighty() {
        assert!(INDENT + 2 * column_width(2) + GAP.chars().count() <= WIDTH);
        assert!(INDENT + 3 * column_width(3) + 2 * GAP.chars().count() <= WIDTH);
    }
}
