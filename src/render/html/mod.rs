//! A static, offline HTML site of one revision: `arbiter export html`'s pages, built
//! from the model with no I/O (revision in, file names and contents out; the command
//! writes them).
//!
//! The site is `index.html` (the revision's date, source and sections), one page per
//! section (`section-3.html`), `glossary.html` when the revision has a glossary, and
//! `diff.html` when a comparison is given, with one small `style.css` and no script or
//! network resource. Every rule is an element whose id is its number as judges write it
//! (`section-3.html#303.4c`, `section-3.html#303` for rule 303.); every reference in
//! rule text, examples, rulings and glossary definitions that names a rule of the
//! revision is a link; each rule lists the rules (and glossary entries) that cite it.
//!
//! Every page is built as pulldown-cmark events and rendered by
//! [`pulldown_cmark::html::push_html`]: rules text goes in as `Text` events, which the
//! renderer escapes, so a `<` or `&` in a rule can never become markup. Structure the
//! Markdown model has no tag for (a rule's `<div id=…>`) goes in as `Html` events whose
//! attribute values are escaped here.

mod diff;
mod glossary;
mod index;
mod page;
mod section;

use std::collections::HashMap;

use serde::Serialize;

use crate::diff::Changes;
use crate::model::{Revision, RuleNumber};

/// The stylesheet every page links to.
pub const STYLE: &str = include_str!("style.css");

/// One file of the site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// The file name, relative to the site's folder (no sub-folders).
    pub name: String,
    pub contents: String,
}

/// What a site holds, for the command's summary.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// HTML pages written.
    pub pages: usize,
    /// Rules (numbered rules and subrules) with an anchor.
    pub rules: usize,
    pub glossary_entries: usize,
    /// Links made from references in rules text, examples, rulings and the glossary.
    pub reference_links: usize,
    /// "Cited by" links under the rules.
    pub cited_by_links: usize,
    /// References to rules or sections the revision does not have (left as text).
    pub unresolved: usize,
    /// Rule and glossary changes on the diff page, when there is one.
    pub changes: Option<usize>,
}

/// The pages and the stylesheet.
#[derive(Debug, Clone)]
pub struct Site {
    pub files: Vec<File>,
    pub stats: Stats,
}

/// The id of a rule's element: its number as judges write it (`303.4c`, `303` for rule
/// 303.). Valid as an HTML id and as a URL fragment (digits, letters and dots only).
pub fn anchor(number: &RuleNumber) -> String {
    number.short()
}

/// The page a section's rules are on.
pub fn section_page(section: u8) -> String {
    format!("section-{section}.html")
}

/// The name of the glossary page.
pub const GLOSSARY_PAGE: &str = "glossary.html";
/// The name of the diff page.
pub const DIFF_PAGE: &str = "diff.html";
/// The name of the index page.
pub const INDEX_PAGE: &str = "index.html";

/// Builds the site of `revision`, with a diff page when `changes` is given. The rules the
/// revision changed are marked on their section pages: from `changes` when it leads to
/// this revision (each mark links to the diff page), else from `since`, the changes from
/// the revision before it (none for the first). `generator` names the program in each
/// page's footer (`arbiter 0.1.0`).
pub fn site(
    revision: &Revision,
    changes: Option<&Changes>,
    since: Option<&Changes>,
    generator: &str,
) -> Site {
    let mut links = Links::new(revision, changes.is_some());
    let marks = match changes.filter(|c| c.to == revision.id) {
        Some(changes) => Some((changes, true)),
        None => since.filter(|c| c.to == revision.id).map(|c| (c, false)),
    };
    if let Some((marks, linked)) = marks {
        links.changed = changed_rules(marks);
        links.changed_since = Some((marks.from.clone(), linked));
    }
    let mut stats = Stats {
        rules: revision.rules.len(),
        glossary_entries: revision.glossary.len(),
        changes: changes.map(|c| c.changes.len() + c.glossary.len()),
        ..Stats::default()
    };
    let mut files = vec![File {
        name: INDEX_PAGE.to_string(),
        contents: index::page(&links, changes, generator),
    }];
    for &section in &links.sections {
        let name = section_page(section);
        let contents = section::page(&links, section, &name, generator, &mut stats);
        files.push(File { name, contents });
    }
    if links.glossary {
        files.push(File {
            name: GLOSSARY_PAGE.to_string(),
            contents: glossary::page(&links, generator, &mut stats),
        });
    }
    if let Some(changes) = changes {
        files.push(File {
            name: DIFF_PAGE.to_string(),
            contents: diff::page(&links, changes, generator),
        });
    }
    stats.pages = files.len();
    files.push(File {
        name: "style.css".to_string(),
        contents: STYLE.to_string(),
    });
    Site { files, stats }
}

/// What every page needs to know about the site: which pages exist, where each rule
/// is, who cites whom, and each glossary entry's id.
pub(crate) struct Links<'a> {
    pub revision: &'a Revision,
    /// The sections with a page, in order.
    pub sections: Vec<u8>,
    pub glossary: bool,
    pub diff: bool,
    /// The rules that cite each rule by its own number (not through a subrule), in
    /// order, without the rules inside its own subtree.
    pub cited_by: HashMap<RuleNumber, Vec<RuleNumber>>,
    /// The glossary entries (indices) whose definitions cite each rule.
    pub cited_in_glossary: HashMap<RuleNumber, Vec<usize>>,
    /// Each glossary entry's element id, parallel to `revision.glossary`.
    pub glossary_ids: Vec<String>,
    /// The rules this revision changed (from the revision before it, or from A of
    /// `--diff A B` when it is B), with what to call the change on their section's page
    /// ("new", "changed", "renumbered from 420.5e").
    pub changed: HashMap<RuleNumber, String>,
    /// The revision `changed` compares with, and whether the site's diff page shows that
    /// comparison (the marks link to it).
    pub changed_since: Option<(String, bool)>,
}

/// What changed in each rule of the newer revision of `changes`.
fn changed_rules(changes: &Changes) -> HashMap<RuleNumber, String> {
    use crate::diff::Kind;
    changes
        .changes
        .iter()
        .filter_map(|c| {
            let to = c.to?;
            let said = match c.kind {
                Kind::Added => "new".to_string(),
                Kind::Modified => "changed".to_string(),
                Kind::Renumbered => format!("renumbered from {}", c.from?.short()),
                Kind::Removed => return None,
            };
            Some((to, said))
        })
        .collect()
}

impl<'a> Links<'a> {
    fn new(revision: &'a Revision, diff: bool) -> Links<'a> {
        let mut cited_by: HashMap<RuleNumber, Vec<RuleNumber>> = HashMap::new();
        for rule in revision.rules.values() {
            for cited in &rule.references {
                if !rule.number.is_within(cited) {
                    cited_by.entry(*cited).or_default().push(rule.number);
                }
            }
        }
        let mut cited_in_glossary: HashMap<RuleNumber, Vec<usize>> = HashMap::new();
        for (i, entry) in revision.glossary.iter().enumerate() {
            for cited in &entry.references {
                cited_in_glossary.entry(*cited).or_default().push(i);
            }
        }
        Links {
            revision,
            sections: revision.section_numbers(),
            glossary: !revision.glossary.is_empty(),
            diff,
            cited_by,
            cited_in_glossary,
            glossary_ids: glossary::ids(&revision.glossary),
            changed: HashMap::new(),
            changed_since: None,
        }
    }

    /// The href of a rule or section as seen from `page`, when the site has it: `#303.4c`
    /// on its own page, `section-3.html#303.4c` elsewhere, `section-5.html` for a section.
    pub fn href(&self, number: &RuleNumber, page: &str) -> Option<String> {
        let section = number.section_number();
        if !self.sections.contains(&section) {
            return None;
        }
        let target = section_page(section);
        if number.is_section() {
            return Some(target);
        }
        self.revision.rule(number)?;
        Some(if target == page {
            format!("#{}", anchor(number))
        } else {
            format!("{target}#{}", anchor(number))
        })
    }

    /// A section's title as the revision prints it, if it has one.
    pub fn section_title(&self, section: u8) -> Option<&'a str> {
        self.revision
            .sections
            .iter()
            .find(|s| s.number == section)
            .map(|s| s.title.as_str())
    }
}

#[cfg(test)]
mod tests;
