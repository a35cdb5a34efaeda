//! The frame every page shares (head, navigation, footer) and [`Page`], the builder
//! that collects a page as pulldown-cmark events and renders them to HTML. Rules text
//! only ever enters a page through [`Page::text`] and the link helpers, which hand it to
//! the renderer to escape.

use pulldown_cmark::{CowStr, Event, HeadingLevel, LinkType, Tag, TagEnd};

use super::{section_page, Links, Stats, DIFF_PAGE, GLOSSARY_PAGE, INDEX_PAGE};
use crate::read::references;

/// A page being built: its events, in order.
pub(crate) struct Page<'a> {
    events: Vec<Event<'a>>,
    /// This page's file name, so links to it are written `#id`.
    pub name: String,
}

impl<'a> Page<'a> {
    /// A page with the shared head and navigation; `title` is the browser tab's title.
    pub fn new(links: &Links, name: &str, title: &str) -> Page<'a> {
        let mut page = Page {
            events: Vec::new(),
            name: name.to_string(),
        };
        page.raw(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
        );
        page.text(title.to_string());
        page.raw(
            "</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n\
             <nav class=\"site\">\n",
        );
        page.nav(links);
        page.raw("</nav>\n<main>\n");
        page
    }

    fn nav(&mut self, links: &Links) {
        let revision = links.revision;
        self.inline_raw("<span class=\"home\">");
        self.link(
            INDEX_PAGE,
            format!("Comprehensive Rules {}", revision.id),
            None,
        );
        self.inline_raw("</span> <span class=\"sections\">");
        for &section in &links.sections {
            self.inline_raw(" ");
            let title = links.section_title(section).unwrap_or_default();
            self.link(
                &section_page(section),
                section.to_string(),
                Some(title.to_string()),
            );
        }
        self.inline_raw("</span>");
        if links.glossary {
            self.inline_raw(" ");
            self.link(GLOSSARY_PAGE, "Glossary", None);
        }
        if links.diff {
            self.inline_raw(" ");
            self.link(DIFF_PAGE, "Changes", None);
        }
        self.raw("\n");
    }

    /// Ends the page with its footer and renders it.
    pub fn finish(mut self, links: &Links, generator: &str) -> String {
        let revision = links.revision;
        self.raw("</main>\n<footer>");
        self.text(format!(
            "Comprehensive Rules {} (effective {}), read from {}. Exported by {generator}.",
            revision.id, revision.date, revision.source
        ));
        self.raw("</footer>\n</body>\n</html>\n");
        let mut html = String::with_capacity(self.events.len() * 40);
        pulldown_cmark::html::push_html(&mut html, self.events.into_iter());
        html
    }

    /// Markup written as is: only ever a literal of this module or built with
    /// [`attribute`].
    pub fn raw(&mut self, html: impl Into<CowStr<'a>>) {
        self.events.push(Event::Html(html.into()));
    }

    /// Inline markup written as is (same rule as [`Page::raw`]).
    pub fn inline_raw(&mut self, html: impl Into<CowStr<'a>>) {
        self.events.push(Event::InlineHtml(html.into()));
    }

    /// Text, escaped by the renderer.
    pub fn text(&mut self, text: impl Into<CowStr<'a>>) {
        let text = text.into();
        if !text.is_empty() {
            self.events.push(Event::Text(text));
        }
    }

    /// A line break (`<br />`).
    pub fn hard_break(&mut self) {
        self.events.push(Event::HardBreak);
    }

    pub fn start(&mut self, tag: Tag<'a>) {
        self.events.push(Event::Start(tag));
    }

    pub fn end(&mut self, tag: TagEnd) {
        self.events.push(Event::End(tag));
    }

    /// A link with plain text (and a tooltip when `title` is given).
    pub fn link(&mut self, href: &str, text: impl Into<CowStr<'a>>, title: Option<String>) {
        self.start(Tag::Link {
            link_type: LinkType::Inline,
            dest_url: href.to_string().into(),
            title: title.unwrap_or_default().into(),
            id: CowStr::Borrowed(""),
        });
        self.text(text);
        self.end(TagEnd::Link);
    }

    /// A link whose text is bold (a rule number).
    pub fn strong_link(&mut self, href: &str, text: impl Into<CowStr<'a>>) {
        self.start(Tag::Link {
            link_type: LinkType::Inline,
            dest_url: href.to_string().into(),
            title: CowStr::Borrowed(""),
            id: CowStr::Borrowed(""),
        });
        self.start(Tag::Strong);
        self.text(text);
        self.end(TagEnd::Strong);
        self.end(TagEnd::Link);
    }

    /// A heading with plain text.
    pub fn heading(&mut self, level: HeadingLevel, text: impl Into<CowStr<'a>>) {
        self.start(heading(level));
        self.text(text);
        self.end(TagEnd::Heading(level));
    }

    /// Rules text with every reference to a rule or section of the site a link; a
    /// reference to one the revision lacks stays text, marked, and is counted.
    pub fn linked_text(&mut self, links: &Links, text: &'a str, stats: &mut Stats) {
        let mut at = 0;
        for mention in references::mentions(text) {
            if mention.range.start < at {
                continue;
            }
            self.text(&text[at..mention.range.start]);
            let shown = &text[mention.range.clone()];
            match links.href(&mention.number, &self.name) {
                Some(href) => {
                    stats.reference_links += 1;
                    self.link(&href, shown, None);
                }
                None => {
                    stats.unresolved += 1;
                    self.inline_raw(format!(
                        "<span class=\"unresolved\" title=\"{}\">",
                        attribute(&format!("not in revision {}", links.revision.id))
                    ));
                    self.text(shown);
                    self.inline_raw("</span>");
                }
            }
            at = mention.range.end;
        }
        self.text(&text[at..]);
    }
}

/// A heading tag with no id or class.
pub fn heading<'a>(level: HeadingLevel) -> Tag<'a> {
    Tag::Heading {
        level,
        id: None,
        classes: Vec::new(),
        attrs: Vec::new(),
    }
}

/// A value escaped for a double-quoted HTML attribute.
pub fn attribute(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    // Writing to a String cannot fail.
    let _ = pulldown_cmark_escape::escape_html(&mut out, value);
    out
}
