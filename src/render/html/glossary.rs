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
    // Every name an entry goes by, longest first, for "See Stack." to link to it.
    let mut terms: Vec<(String, &str)> = revision
        .glossary
        .iter()
        .zip(&links.glossary_ids)
        .flat_map(|(entry, id)| {
            std::iter::once(&entry.term)
                .chain(&entry.aliases)
                .map(move |name| (name.to_lowercase(), id.as_str()))
        })
        .collect();
    terms.sort_by_key(|(name, _)| std::cmp::Reverse(name.len()));
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
            let mut at = 0;
            for (range, id) in see_also(line, &terms) {
                page.linked_text(links, &line[at..range.start], stats);
                page.link(&format!("#{id}"), &line[range.clone()], None);
                at = range.end;
            }
            page.linked_text(links, &line[at..], stats);
            page.end(TagEnd::Paragraph);
        }
        page.raw("</div>\n");
    }
    page.finish(links, generator)
}

/// Where a definition sends the reader to another entry ("See Stack.", "See also
/// Planeswalker."): the range of the entry's name in `text` and the entry's id. `terms`
/// are the names in lower case, longest first, so "See Mana Ability" is not taken as
/// "Mana".
fn see_also<'i>(text: &str, terms: &[(String, &'i str)]) -> Vec<(std::ops::Range<usize>, &'i str)> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices("See ") {
        let mut start = at + "See ".len();
        if text[start..].starts_with("also ") {
            start += "also ".len();
        }
        let rest = text[start..].to_lowercase();
        let named = terms.iter().find(|(name, _)| {
            rest.starts_with(name.as_str())
                && !rest[name.len()..]
                    .chars()
                    .next()
                    .is_some_and(char::is_alphanumeric)
        });
        // Lower-casing keeps the length of these names (ASCII and common letters);
        // a name whose length changed is left as text rather than cut wrongly.
        if let Some((name, id)) = named {
            let end = start + name.len();
            if text.is_char_boundary(end) && text[start..end].to_lowercase() == *name {
                found.push((start..end, *id));
            }
        }
    }
    found
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
    fn see_names_another_entry_the_longest_name_first() {
        let terms = vec![
            ("mana ability".to_string(), "mana-ability"),
            ("mana".to_string(), "mana"),
            ("stack".to_string(), "stack"),
        ];
        let text = "Obsolete. See Mana Ability. See also Stack, and see rule 405.";
        let found: Vec<(&str, &str)> = see_also(text, &terms)
            .into_iter()
            .map(|(r, id)| (&text[r], id))
            .collect();
        assert_eq!(
            found,
            [("Mana Ability", "mana-ability"), ("Stack", "stack")]
        );
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
