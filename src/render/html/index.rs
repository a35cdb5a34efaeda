//! The index page: what the revision is (its date, source, shape, what it covers), its
//! sections with their rules, and links to the glossary and the diff page.

use pulldown_cmark::{HeadingLevel, Tag, TagEnd};

use super::page::Page;
use super::{anchor, section_page, Links, DIFF_PAGE, GLOSSARY_PAGE, INDEX_PAGE};
use crate::diff::Changes;
use crate::model::RuleNumber;
use crate::render::rule::printed;

/// The index page.
pub(crate) fn page(links: &Links, changes: Option<&Changes>, generator: &str) -> String {
    let revision = links.revision;
    let mut page = Page::new(
        links,
        INDEX_PAGE,
        &format!("Comprehensive Rules {}", revision.id),
    );
    page.heading(HeadingLevel::H1, "Magic: The Gathering Comprehensive Rules");
    let covers = if revision.complete {
        "the whole document: every section and the glossary".to_string()
    } else {
        let list: Vec<String> = links.sections.iter().map(u8::to_string).collect();
        format!(
            "a fragment: section{} {}",
            if list.len() == 1 { "" } else { "s" },
            list.join(", ")
        )
    };
    let rows = [
        ("Revision", revision.id.clone()),
        ("Effective", revision.date.to_string()),
        ("Source", revision.source.clone()),
        ("Shape", revision.format.name().to_string()),
        ("Covers", covers),
        ("Rules", revision.rules.len().to_string()),
        ("Glossary entries", revision.glossary.len().to_string()),
    ];
    page.raw("<div class=\"facts\">\n");
    page.start(Tag::DefinitionList);
    for (label, value) in rows {
        page.start(Tag::DefinitionListTitle);
        page.text(label);
        page.end(TagEnd::DefinitionListTitle);
        page.start(Tag::DefinitionListDefinition);
        page.text(value);
        page.end(TagEnd::DefinitionListDefinition);
    }
    page.end(TagEnd::DefinitionList);
    page.raw("</div>\n");

    if links.glossary || changes.is_some() {
        page.start(Tag::Paragraph);
        if links.glossary {
            page.link(GLOSSARY_PAGE, "Glossary", None);
            page.text(format!(" ({} entries)", revision.glossary.len()));
        }
        if let Some(changes) = changes {
            if links.glossary {
                page.text(" · ");
            }
            page.link(
                DIFF_PAGE,
                format!("Changes from {} to {}", changes.from, changes.to),
                None,
            );
        }
        page.end(TagEnd::Paragraph);
    }

    if let Some((since, _)) = &links.changed_since {
        page.start(Tag::Paragraph);
        page.text(format!(
            "The {} rules new, changed or renumbered since {since} are marked on their section pages.",
            links.changed.len()
        ));
        page.end(TagEnd::Paragraph);
    }

    page.heading(HeadingLevel::H2, "Sections");
    page.raw("<div class=\"toc\">\n");
    page.start(Tag::List(None));
    for &section in &links.sections {
        page.start(Tag::Item);
        let target = section_page(section);
        let label = match links.section_title(section) {
            Some(title) => format!("{section}. {title}"),
            None => format!("Section {section}"),
        };
        page.strong_link(&target, label);
        let rules: Vec<_> = revision
            .children(&RuleNumber::section(section))
            .into_iter()
            .filter(|r| r.number.depth() == 1)
            .collect();
        if !rules.is_empty() {
            page.start(Tag::List(None));
            for rule in rules {
                page.start(Tag::Item);
                let label = match &rule.title {
                    Some(title) => format!("{} {title}", printed(&rule.number)),
                    None => printed(&rule.number),
                };
                page.link(&format!("{target}#{}", anchor(&rule.number)), label, None);
                page.end(TagEnd::Item);
            }
            page.end(TagEnd::List(false));
        }
        page.end(TagEnd::Item);
    }
    page.end(TagEnd::List(false));
    page.raw("</div>\n");
    page.finish(links, generator)
}
