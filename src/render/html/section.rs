//! A section's page: its heading, a contents list of its rules, then every rule and
//! subrule in order, each an element with its number as id, its text with references
//! linked, its examples set apart, its rulings, and the rules that cite it.

use pulldown_cmark::{HeadingLevel, Tag, TagEnd};

use super::page::{attribute, heading, Page};
use super::{anchor, Links, Stats, DIFF_PAGE, GLOSSARY_PAGE};
use crate::model::{Rule, RuleNumber};
use crate::render::rule::printed;

/// The page of `section`, named `name`.
pub(crate) fn page(
    links: &Links,
    section: u8,
    name: &str,
    generator: &str,
    stats: &mut Stats,
) -> String {
    let revision = links.revision;
    let title = links.section_title(section);
    let heading_text = match title {
        Some(t) => format!("{section}. {t}"),
        None => format!("Section {section}"),
    };
    let mut page = Page::new(
        links,
        name,
        &format!("{heading_text} — Comprehensive Rules {}", revision.id),
    );
    page.heading(HeadingLevel::H1, heading_text);
    let number = RuleNumber::section(section);
    let rules = revision.subtree(&number);
    let top: Vec<&Rule> = rules
        .iter()
        .copied()
        .filter(|r| r.number.depth() == 1)
        .collect();
    if top.len() > 1 {
        page.raw("<nav class=\"contents\">\n");
        page.start(Tag::List(None));
        for rule in &top {
            page.start(Tag::Item);
            let label = match &rule.title {
                Some(t) => format!("{} {t}", printed(&rule.number)),
                None => printed(&rule.number),
            };
            page.link(&format!("#{}", anchor(&rule.number)), label, None);
            page.end(TagEnd::Item);
        }
        page.end(TagEnd::List(false));
        page.raw("</nav>\n");
    }
    for rule in rules {
        push_rule(&mut page, links, rule, stats);
    }
    page.finish(links, generator)
}

fn push_rule<'a>(page: &mut Page<'a>, links: &Links<'a>, rule: &'a Rule, stats: &mut Stats) {
    let number = &rule.number;
    let id = anchor(number);
    let changed = links.changed.get(number);
    page.raw(format!(
        "<div class=\"rule depth-{}{}\" id=\"{}\">\n",
        number.depth(),
        if changed.is_some() { " changed" } else { "" },
        attribute(&id)
    ));
    if let (Some(said), Some((since, linked))) = (changed, &links.changed_since) {
        // A mark in the margin, linking to the page of changes when the site has it.
        let title = attribute(&format!("{said} in {} (since {since})", links.revision.id));
        page.raw(if *linked {
            format!(
                "<a class=\"change-mark\" href=\"{DIFF_PAGE}\" title=\"{title}\">{}</a>\n",
                attribute(said)
            )
        } else {
            format!(
                "<span class=\"change-mark\" title=\"{title}\">{}</span>\n",
                attribute(said)
            )
        });
    }
    let self_href = format!("#{id}");
    let text = rule.text.trim();
    // A rule (303.) or a titled subrule (702.2. Deathtouch) heads what follows.
    let level = match (number.depth(), &rule.title) {
        (1, _) => Some(HeadingLevel::H2),
        (2, Some(_)) => Some(HeadingLevel::H3),
        _ => None,
    };
    match level {
        Some(level) => {
            page.start(heading(level));
            page.strong_link(&self_href, printed(number));
            if let Some(title) = &rule.title {
                page.text(" ");
                page.text(title.as_str());
            }
            page.end(TagEnd::Heading(level));
            if !text.is_empty() {
                page.start(Tag::Paragraph);
                page.linked_text(links, text, stats);
                page.end(TagEnd::Paragraph);
            }
        }
        None => {
            page.start(Tag::Paragraph);
            page.strong_link(&self_href, printed(number));
            if let Some(title) = &rule.title {
                page.text(" ");
                page.start(Tag::Emphasis);
                page.text(title.as_str());
                page.end(TagEnd::Emphasis);
            }
            if !text.is_empty() {
                page.text(" ");
                page.linked_text(links, text, stats);
            }
            page.end(TagEnd::Paragraph);
        }
    }
    for example in &rule.examples {
        page.raw("<div class=\"example\">\n");
        page.start(Tag::Paragraph);
        page.start(Tag::Emphasis);
        page.text("Example:");
        page.end(TagEnd::Emphasis);
        page.text(" ");
        page.linked_text(links, example.trim(), stats);
        page.end(TagEnd::Paragraph);
        page.raw("</div>\n");
    }
    for ruling in &rule.rulings {
        page.raw("<div class=\"ruling\">\n");
        page.start(Tag::Paragraph);
        page.start(Tag::Strong);
        page.text(ruling.label.as_str());
        page.end(TagEnd::Strong);
        let meta: Vec<String> = ruling
            .date
            .map(|d| d.to_string())
            .into_iter()
            .chain(ruling.source.clone())
            .collect();
        if !meta.is_empty() {
            page.inline_raw(" <span class=\"meta\">");
            page.text(format!("({})", meta.join(", ")));
            page.inline_raw("</span>");
        }
        page.text(" ");
        page.linked_text(links, ruling.text.trim(), stats);
        page.end(TagEnd::Paragraph);
        page.raw("</div>\n");
    }
    if let Some(date) = rule.last_changed {
        page.raw("<p class=\"meta\">");
        page.text(format!("Last changed {date}"));
        page.raw("</p>\n");
    }
    push_cited_by(page, links, number, stats);
    page.raw("</div>\n");
}

/// "Cited by 205.3h, 301.5e; glossary: Aura": the rules whose text names this rule's
/// number, and the glossary entries that do.
fn push_cited_by<'a>(
    page: &mut Page<'a>,
    links: &Links<'a>,
    number: &RuleNumber,
    stats: &mut Stats,
) {
    let rules = links
        .cited_by
        .get(number)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let entries = links
        .cited_in_glossary
        .get(number)
        .map(Vec::as_slice)
        .unwrap_or_default();
    if rules.is_empty() && entries.is_empty() {
        return;
    }
    page.raw("<p class=\"cited-by\"><span class=\"label\">Cited by</span> ");
    let mut first = true;
    for citer in rules {
        // Every citer is a rule of this revision, so it always has a page.
        let Some(href) = links.href(citer, &page.name) else {
            continue;
        };
        if !first {
            page.text(", ");
        }
        first = false;
        stats.cited_by_links += 1;
        page.link(&href, citer.short(), None);
    }
    if !entries.is_empty() {
        page.text(if first { "glossary: " } else { "; glossary: " });
        for (k, &i) in entries.iter().enumerate() {
            let (Some(entry), Some(id)) =
                (links.revision.glossary.get(i), links.glossary_ids.get(i))
            else {
                continue;
            };
            if k > 0 {
                page.text(", ");
            }
            stats.cited_by_links += 1;
            page.link(&format!("{GLOSSARY_PAGE}#{id}"), entry.term.as_str(), None);
        }
    }
    page.raw("</p>\n");
}
