//! A Markdown guide (the scenario tutorial and reference built into the binary) as text
//! for the terminal: headings underlined, paragraphs and list items joined into one line
//! each (the output layer fits them to the terminal's width, hanging from their marker),
//! code blocks indented, tables kept as they are, links reduced to their text, emphasis
//! marks and HTML comments dropped. Line-based, no colour: what a judge reads in `less`.

use std::sync::LazyLock;

use regex::Regex;

static LINK: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\[([^\]]+)\]\([^)]*\)").expect("a valid regex"));

/// `markdown` rendered for a terminal.
pub fn to_terminal(markdown: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut fence = false;
    let mut comment = false;
    // The paragraph or list item being joined.
    let mut open: Option<String> = None;
    let flush = |open: &mut Option<String>, out: &mut Vec<String>| {
        if let Some(text) = open.take() {
            out.push(text);
        }
    };
    for line in markdown.lines() {
        let trimmed = line.trim();
        if comment {
            comment = !trimmed.ends_with("-->");
            continue;
        }
        if trimmed.starts_with("```") {
            flush(&mut open, &mut out);
            fence = !fence;
            continue;
        }
        if fence {
            out.push(format!("    {line}"));
            continue;
        }
        if trimmed.starts_with("<!--") {
            comment = !trimmed.ends_with("-->");
            continue;
        }
        let text = inline(trimmed);
        if trimmed.is_empty() {
            flush(&mut open, &mut out);
            out.push(String::new());
        } else if let Some(level) = heading_level(trimmed) {
            flush(&mut open, &mut out);
            let title = inline(trimmed[level..].trim());
            let underline = if level == 1 { '=' } else { '-' };
            let width = unicode_width::UnicodeWidthStr::width(title.as_str());
            out.push(title);
            if level <= 2 {
                out.push(underline.to_string().repeat(width));
            }
        } else if trimmed.starts_with('|') {
            flush(&mut open, &mut out);
            if !trimmed.starts_with("|---") && !trimmed.starts_with("|:--") {
                out.push(text);
            }
        } else if is_item(trimmed) {
            flush(&mut open, &mut out);
            let indent = line.len() - line.trim_start().len();
            open = Some(format!("{}{text}", " ".repeat(indent)));
        } else {
            match &mut open {
                Some(joined) => {
                    joined.push(' ');
                    joined.push_str(&text);
                }
                None => open = Some(text),
            }
        }
    }
    flush(&mut open, &mut out);
    // No run of blank lines, none at the start or the end.
    let mut text = String::new();
    let mut blank = true;
    for line in out {
        if line.is_empty() {
            if !blank {
                text.push('\n');
            }
            blank = true;
        } else {
            text.push_str(&line);
            text.push('\n');
            blank = false;
        }
    }
    text.trim_end().to_string() + "\n"
}

fn heading_level(line: &str) -> Option<usize> {
    let level = line.len() - line.trim_start_matches('#').len();
    (1..=6)
        .contains(&level)
        .then_some(level)
        .filter(|&l| line[l..].starts_with(' '))
}

fn is_item(line: &str) -> bool {
    line.starts_with("- ")
        || line.starts_with("* ")
        || line
            .split_once(". ")
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// Links reduced to their text, `**` dropped.
fn inline(text: &str) -> String {
    LINK.replace_all(text, "$1").replace("**", "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_paragraphs_items_code_tables_and_links() {
        let md = "# Title\n\nA paragraph\non two lines with a [link](x.md).\n\n## Part\n\n- an item\n  continued\n- **bold** item\n\n<!-- hidden -->\n```markdown\n## Game\n- players: Alice, Bob\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n";
        assert_eq!(
            to_terminal(md),
            "Title\n=====\n\nA paragraph on two lines with a link.\n\nPart\n----\n\n- an item continued\n- bold item\n\n    ## Game\n    - players: Alice, Bob\n\n| a | b |\n| 1 | 2 |\n"
        );
    }
}
