//! A copy of a web page that published one section of the rules (seed 002): the rule
//! lines are official-style, wrapped in page chrome — "top of page", the page title
//! ("Magic: The Gathering Rules - 4. Zones"), "Updated: Jul 10", artwork captions, image
//! credits, view and comment counts, "bottom of page". The chrome is dropped (the page
//! title gives the section's number and name) and the rest is read as rule lines.

use std::sync::LazyLock;

use regex::Regex;

use super::lines;
use super::Parsed;
use crate::model::Section;

/// Page furniture that only a web page has: what tells a copy of a page from the
/// official text ([`super::detect`] counts these).
static SIGNATURE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?ix)^(?:
            top\ of\ page | bottom\ of\ page | back\ to\ top | skip\ to\ (?:main\ )?content
          | \d+\ views?(?:\s*\d+\ comments?)? | \d+\ comments?
          | (?:updated|posted|published|last\ updated):\ .{1,40}
          | image\ credits?(?:\W.*)? | .*\ artwork\ by\ .* | (?:art|artwork|illustration)\ by\ .*
          | share\ this\ (?:post|page|article)(?::.*)? | leave\ a\ (?:comment|reply)
          | \d+\ min(?:ute)?s?\ read | .*\ ·\ \d+\ min(?:ute)?s?\ read
        )$",
    )
    .expect("static regex")
});

/// Lines that are page furniture too, but are words the rules text could hold on their
/// own, or that the official text has too (its credits end in "© … All Rights
/// Reserved."): dropped from a page, never counted as its signature.
static CHROME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?ix)^(?:
            comments? | share(?::.*)? | log\ in | sign\ up | sign\ in
          | recent\ posts | see\ all | related\ posts | (?:previous|next)(?:\ (?:post|page|article))?(?::.*)?
          | advertisement | sponsored | subscribe(?:\ to\ .{1,40})? | like | (?:\d+\ )?likes? | tags?:.*
          | categor(?:y|ies):.* | powered\ by\ .*
          | (?:©|\(c\)|copyright)\ .* | .*all\ rights\ reserved\.?
          | (?:home|menu|search|about|contact|blog|rules|navigation|main\ menu|more)
          | facebook | twitter | reddit | email | print | copy\ link
        )$",
    )
    .expect("static regex")
});

/// The page title: "Magic: The Gathering Rules - 4. Zones".
static PAGE_TITLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^magic:?\s+the\s+gathering\b.*?(?:-|–|—|:)\s*(\d)\.\s+(\S.*)$")
        .expect("static regex")
});

/// Whether a line is page chrome that only a web page has (used by [`super::detect`]).
pub(super) fn is_chrome(line: &str) -> bool {
    let line = lines::collapse_spaces(&line.replace('\u{a0}', " "));
    SIGNATURE.is_match(&line)
}

/// Whether a line is page chrome of any kind, to be dropped from a page.
fn is_furniture(line: &str) -> bool {
    let line = lines::collapse_spaces(&line.replace('\u{a0}', " "));
    SIGNATURE.is_match(&line) || CHROME.is_match(&line)
}

pub(crate) fn read(text: &str) -> Parsed {
    let mut sections = Vec::new();
    // The chrome becomes blank lines, so that line numbers stay the source's.
    let mut cleaned: Vec<String> = Vec::new();
    // The last line of rules text, and whether chrome came after it.
    let mut last_text: Option<usize> = None;
    let mut chrome_since = false;
    for raw in text.lines() {
        // A no-break space beside a space is one space ("zones\u{a0} are").
        let line = raw
            .replace("\u{a0} ", " ")
            .replace(" \u{a0}", " ")
            .replace('\u{a0}', " ");
        let trimmed = line.trim();
        if let Some(caps) = PAGE_TITLE.captures(trimmed) {
            let number = caps.get(1).and_then(|m| m.as_str().parse::<u8>().ok());
            let title = caps.get(2).map(|m| m.as_str().trim().to_string());
            if let (Some(number), Some(title)) = (number, title) {
                sections.push(Section { number, title });
            }
            chrome_since = true;
        } else if is_furniture(trimmed) {
            chrome_since = true;
        } else if !trimmed.is_empty() {
            match last_text.filter(|_| chrome_since && continues(trimmed)) {
                // Chrome (an image, an advertisement) split this rule: its two halves
                // are one line again.
                Some(at) => {
                    cleaned[at].push(' ');
                    cleaned[at].push_str(trimmed);
                    cleaned.push(String::new());
                    chrome_since = false;
                    continue;
                }
                None => last_text = Some(cleaned.len()),
            }
            chrome_since = false;
            cleaned.push(line.trim_end().to_string());
            continue;
        }
        cleaned.push(String::new());
    }
    // What is left is official-style rule lines: the official reader's logic reads them.
    let mut parsed = super::official::read(&cleaned.join("\n"));
    if parsed.sections.is_empty() {
        parsed.sections = sections;
    }
    parsed.complete = false;
    parsed
}

/// Whether a line after page chrome goes on with the rule before it: it is neither a
/// rule line, an example nor a heading.
fn continues(line: &str) -> bool {
    lines::rule_line(line).is_none()
        && !line.starts_with("Example")
        && !line.starts_with(|c: char| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::RuleNumber;

    const SEED: &str = include_str!("../../rules/002_7223a3f7f333bef2.txt");

    fn n(s: &str) -> RuleNumber {
        s.parse().unwrap()
    }

    #[test]
    fn drops_the_page_chrome_and_keeps_every_rule() {
        let p = read(SEED);
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
        assert_eq!(
            p.sections,
            [Section {
                number: 4,
                title: "Zones".into()
            }]
        );
        assert_eq!(p.rules.len(), 87);
        let all: String = p
            .rules
            .values()
            .map(|r| format!("{}{}", r.text, r.examples.join("")))
            .collect();
        for chrome in [
            "top of page",
            "Updated",
            "views",
            "Image Credit",
            "artwork",
            "Comments",
        ] {
            assert!(!all.contains(chrome), "{chrome} leaked into the rules");
        }
    }

    #[test]
    fn reads_titles_no_break_spaces_and_examples() {
        let p = read(SEED);
        assert_eq!(p.rules[&n("401")].title.as_deref(), Some("Library"));
        assert!(p.rules[&n("400.2")]
            .text
            .starts_with("Public zones are zones in which"));
        assert_eq!(p.rules[&n("400.6")].examples.len(), 1);
        assert!(p.rules[&n("400.6")].examples[0].starts_with("Exquisite Archangel has"));
    }

    #[test]
    fn a_rule_split_by_an_image_is_one_rule_again() {
        let p = read(
            "top of page\n400.1. A zone is a place\n\n\nImage Credit: Someone\n\n\n\
             where objects can be.\n\n\n400.2. Another.\n10 views\n",
        );
        assert_eq!(
            p.rules[&n("400.1")].text,
            "A zone is a place where objects can be."
        );
    }

    #[test]
    fn a_caption_between_rules_is_not_swallowed() {
        let p = read("top of page\n400.1. A zone.\nArt by Someone\n400.2. Another.\n10 views\n");
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
        assert_eq!(p.rules[&n("400.1")].text, "A zone.");
    }
}
