//! The glossary page: every entry as printed, in the revision's order, each an element
//! with an id made from its term (`equipped-creature`), its definition with the rules it
//! mentions linked, and a row of initials to jump by.

use std::collections::HashSet;

use pulldown_cmark::{HeadingLevel, Tag, TagEnd};

use super::page::{attribute, Page};
use super::{Links, Stats, GLOSSARY_PAGE};
use crate::model::GlossaryEntry;

/// Each entry's element id: its term in lower case, words joined by `-` ("Active
/// Player, Nonactive Player" → `active-player-nonactive-player`), made unique with
/// `-2`, `-3`… when two terms give the same id.
pub(crate) fn ids(glossary: &[GlossaryEntry]) -> Vec<String> {
    let mut taken: HashSet<String> = HashSet::new();
    glossary
        .iter()
        .map(|entry| {
            let base = slug(&entry.term);
            let mut id = base.clone();
            let mut n = 2;
            while !taken.insert(id.clone()) {
                id = format!("{base}-{n}");
                n += 1;
            }
            id
        })
        .collect()
}

/// Lower-case ASCII letters and digits, runs of anything else as one `-`; `entry` when
/// nothing is left. Starts with a letter or digit, so it is a valid id and fragment.
fn slug(term: &str) -> String {
    let mut out = String::new();
    for c in term.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push_str("entry");
    }
    out
}

/// The glossary page.
pub(crate) fn page(links: &Links, generator: &str, stats: &mut Stats) -> String {
    let revision = links.revision;
    let mut page = Page::new(
        links,
        GLOSSARY_PAGE,
        &format!("Glossary — Comprehensive Rules {}", revision.id),
    );
    page.heading(HeadingLevel::H1, "Glossary");
    // A row of initials, each linking to the first entry that starts with it.
    let mut initials: Vec<(char, &str)> = Vec::new();
    for (entry, id) in revision.glossary.iter().zip(&links.glossary_ids) {
        let initial = entry
            .term
            .chars()
            .find(|c| c.is_alphanumeric())
            .map_or('#', |c| c.to_ascii_uppercase());
        let initial = if initial.is_ascii_alphabetic() {
            initial
        } else {
            '#'
        };
        if !initials.iter().any(|(c, _)| *c == initial) {
            initials.push((initial, id));
        }
    }
    page.raw("<nav class=\"initials\">");
    for (initial, id) in &initials {
        page.inline_raw(" ");
        page.link(&format!("#{id}"), initial.to_string(), None);
    }
    page.raw("</nav>\n");
    for (entry, id) in revision.glossary.iter().zip(&links.glossary_ids) {
        page.raw(format!("<div class=\"entry\" id=\"{}\">\n", attribute(id)));
        page.start(super::page::heading(HeadingLevel::H3));
        page.strong_link(&format!("#{id}"), entry.term.as_str());
        if entry.obsolete {
            page.inline_raw(" <span class=\"obsolete\">");
            page.text("(Obsolete)");
            page.inline_raw("</span>");
        }
        page.end(TagEnd::Heading(HeadingLevel::H3));
        if !entry.aliases.is_empty() {
            page.raw("<p class=\"meta\">");
            page.text(format!("Also: {}", entry.aliases.join(", ")));
            page.raw("</p>\n");
        }
        for line in entry
            .definition
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
        {
            page.start(Tag::Paragraph);
            page.linked_text(links, line, stats);
            page.end(TagEnd::Paragraph);
        }
        page.raw("</div>\n");
    }
    page.finish(links, generator)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(term: &str) -> GlossaryEntry {
        GlossaryEntry {
            term: term.to_string(),
            aliases: Vec::new(),
            definition: String::new(),
            obsolete: false,
            references: Vec::new(),
        }
    }

    #[test]
    fn ids_are_lower_case_words_and_unique() {
        let glossary = [
            entry("Active Player, Nonactive Player"),
            entry("{T} (Tap Symbol)"),
            entry("Active player—nonactive player"),
            entry("—"),
            entry("Äther"),
        ];
        assert_eq!(
            ids(&glossary),
            [
                "active-player-nonactive-player",
                "t-tap-symbol",
                "active-player-nonactive-player-2",
                "entry",
                "ther"
            ]
        );
    }
}
