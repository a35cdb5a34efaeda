//! The publisher's rules page: the links in an HTML page that point to a text file of the
//! Comprehensive Rules (`MagicCompRules 20260417.txt`), resolved against the page's URL,
//! and the newest of them by the date in its name.
//!
//! The page is read as text with a few regular expressions, not parsed as a document:
//! all that matters is the `href` of each link (and a `<base href>`, should the page set
//! one). Pages that carry their links only inside script data (`"https:\/\/…txt"`) are
//! searched for absolute URLs as well.

use std::sync::LazyLock;

use regex::Regex;
use url::Url;

use crate::model::Date;

/// One link to a rules text file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesLink {
    /// The absolute URL, percent-encoded (a space in the page's link becomes `%20`).
    pub url: Url,
    /// The file name as a person reads it (`MagicCompRules 20260417.txt`).
    pub name: String,
    /// The date in the file name (`20260417`), when it has one.
    pub date: Option<Date>,
}

/// `href=` with a value in double quotes, single quotes or none.
static HREF: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?is)\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`=]+))"#)
        .expect("the href pattern is valid")
});

/// A `<base …>` element.
static BASE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?is)<base\b[^>]*>").expect("the base pattern is valid"));

/// An absolute URL of a rules text file anywhere in the page, slashes possibly escaped
/// as `\/` (script data).
static BARE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?i)https?:(?:\\?/){2}[^\s"'<>]*?MagicCompRules[^"'<>\n]*?\.txt\b"#)
        .expect("the bare URL pattern is valid")
});

/// A run of digits in a file name.
static DIGITS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\d+").expect("the digits pattern is valid"));

/// Every link in `page` to a rules text file, in the order they appear, each once.
/// `page_url` is where the page was read from (after redirects): relative links are
/// resolved against it, or against the page's `<base href>` when it has one.
pub fn rules_links(page: &str, page_url: &Url) -> Vec<RulesLink> {
    let base = BASE
        .find(page)
        .and_then(|tag| href_values(tag.as_str()).into_iter().next())
        .and_then(|href| page_url.join(&href).ok())
        .unwrap_or_else(|| page_url.clone());
    let mut links: Vec<RulesLink> = Vec::new();
    let mut seen: std::collections::HashSet<Url> = std::collections::HashSet::new();
    let hrefs = href_values(page);
    let bare = BARE
        .find_iter(page)
        .map(|m| unescape_entities(&m.as_str().replace("\\/", "/")));
    for href in hrefs.into_iter().chain(bare) {
        let Ok(url) = base.join(href.trim()) else {
            continue;
        };
        if !matches!(url.scheme(), "http" | "https") {
            continue;
        }
        let Some(name) = file_name(&url) else {
            continue;
        };
        if !is_rules_text_name(&name) || !seen.insert(url.clone()) {
            continue;
        }
        let date = date_in_name(&name);
        links.push(RulesLink { url, name, date });
    }
    links
}

/// The link to the newest rules text file: the latest date in a file name; a name with
/// no date counts as older than any dated one; among equals, the first on the page.
pub fn newest(links: &[RulesLink]) -> Option<&RulesLink> {
    links
        .iter()
        .enumerate()
        .max_by(|(i, a), (j, b)| a.date.cmp(&b.date).then(j.cmp(i)))
        .map(|(_, link)| link)
}

/// The values of every `href` attribute in `html`, entities decoded.
fn href_values(html: &str) -> Vec<String> {
    HREF.captures_iter(html)
        .filter_map(|c| c.get(1).or_else(|| c.get(2)).or_else(|| c.get(3)))
        .map(|m| unescape_entities(m.as_str()))
        .collect()
}

/// The last path segment of a URL, percent-decoded.
fn file_name(url: &Url) -> Option<String> {
    let segment = url.path_segments()?.next_back()?;
    let name = percent_encoding::percent_decode_str(segment)
        .decode_utf8_lossy()
        .into_owned();
    (!name.is_empty()).then_some(name)
}

/// `MagicCompRules 20260417.txt`, `MagicCompRules_20120201.txt`, any case.
fn is_rules_text_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    lower.starts_with("magiccomprules") && lower.ends_with(".txt")
}

/// The date written `YYYYMMDD` in a file name, if there is one.
fn date_in_name(name: &str) -> Option<Date> {
    DIGITS.find_iter(name).find_map(|m| {
        let d = m.as_str();
        if d.len() != 8 {
            return None;
        }
        let year = d.get(0..4)?.parse().ok()?;
        let month = d.get(4..6)?.parse().ok()?;
        let day = d.get(6..8)?.parse().ok()?;
        Date::new(year, month, day)
    })
}

/// Decodes the character references a URL in an attribute may carry (`&amp;`, `&#32;`,
/// `&#x20;`, `&quot;`…) with the readers' decoder; a no-break space is a space here.
/// Anything else is left as written.
fn unescape_entities(s: &str) -> String {
    crate::read::decode_entities(s).replace('\u{a0}', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(s: &str) -> Url {
        Url::parse(s).expect("test URL")
    }

    fn page_url() -> Url {
        url("https://magic.wizards.com/en/rules")
    }

    fn found(page: &str) -> Vec<String> {
        rules_links(page, &page_url())
            .into_iter()
            .map(|l| l.url.to_string())
            .collect()
    }

    /// The shape of the publisher's page: one link per format of the same revision, the
    /// text file's name with a space in it.
    const PUBLISHER: &str = r#"<!DOCTYPE html><html><head><title>Rules</title></head><body>
<h2>Comprehensive Rules</h2>
<p>These rules are effective as of April 17, 2026.</p>
<a class="cta" href="https://media.wizards.com/2026/downloads/MagicCompRules 20260417.pdf">PDF</a>
<a class="cta" href="https://media.wizards.com/2026/downloads/MagicCompRules 20260417.txt">TXT</a>
<a class="cta" href="https://media.wizards.com/2026/downloads/MagicCompRules 20260417.docx">DOCX</a>
<a href="/en/rules/tournament">Tournament rules</a>
</body></html>"#;

    #[test]
    fn finds_the_text_file_among_the_publishers_formats_and_encodes_its_space() {
        assert_eq!(
            found(PUBLISHER),
            ["https://media.wizards.com/2026/downloads/MagicCompRules%2020260417.txt"]
        );
        let links = rules_links(PUBLISHER, &page_url());
        assert_eq!(links[0].name, "MagicCompRules 20260417.txt");
        assert_eq!(links[0].date, Date::new(2026, 4, 17));
    }

    #[test]
    fn resolves_relative_links_against_the_page_or_its_base() {
        let page = r#"<a href="../downloads/MagicCompRules%2020260227.txt">a</a>
            <a href='/files/MagicCompRules_20251114.txt'>b</a>
            <a href=MagicCompRules-20250919.txt>c</a>
            <a href="//media.example.org/MagicCompRules 20250725.txt">d</a>"#;
        assert_eq!(
            found(page),
            [
                "https://magic.wizards.com/downloads/MagicCompRules%2020260227.txt",
                "https://magic.wizards.com/files/MagicCompRules_20251114.txt",
                "https://magic.wizards.com/en/MagicCompRules-20250919.txt",
                "https://media.example.org/MagicCompRules%2020250725.txt",
            ]
        );
        let based = r#"<head><base href="https://media.wizards.com/2026/downloads/"></head>
            <a href="MagicCompRules 20260417.txt">TXT</a>"#;
        assert_eq!(
            found(based),
            ["https://media.wizards.com/2026/downloads/MagicCompRules%2020260417.txt"]
        );
    }

    #[test]
    fn picks_the_newest_by_the_date_in_the_name_not_the_order_on_the_page() {
        let page = r#"<a href="/a/MagicCompRules 20250404.txt">old</a>
            <a href="/a/MagicCompRules%2020260417.txt">new</a>
            <a href="/a/MagicCompRules.txt">undated</a>
            <a href="/a/MagicCompRules 20260116.txt">middle</a>"#;
        let links = rules_links(page, &page_url());
        assert_eq!(links.len(), 4);
        assert_eq!(
            newest(&links).map(|l| l.name.as_str()),
            Some("MagicCompRules 20260417.txt")
        );
        // With no date anywhere, the first link.
        let undated = rules_links(
            r#"<a href="/x/MagicCompRules.txt">x</a><a href="/y/MagicCompRules.txt">y</a>"#,
            &page_url(),
        );
        assert_eq!(
            newest(&undated).map(|l| l.url.path()),
            Some("/x/MagicCompRules.txt")
        );
        assert_eq!(newest(&[]), None);
    }

    #[test]
    fn decodes_entities_and_finds_links_in_script_data() {
        let page = r#"<a href="/dl?f=1&amp;name=MagicCompRules&#32;20260417.txt">no: a query</a>
            <a href="/dl/MagicCompRules&#x20;20260417.txt">yes</a>
            <script>{"url":"https:\/\/media.wizards.com\/2026\/downloads\/MagicCompRules 20260227.txt"}</script>"#;
        assert_eq!(
            found(page),
            [
                "https://magic.wizards.com/dl/MagicCompRules%2020260417.txt",
                "https://media.wizards.com/2026/downloads/MagicCompRules%2020260227.txt",
            ]
        );
    }

    #[test]
    fn ignores_what_is_not_a_rules_text_file() {
        let page = r#"<a href="/rules/MagicCompRules 20260417.pdf">PDF</a>
            <a href="/rules/MTG_MTR_2026.txt">tournament rules</a>
            <a href="mailto:MagicCompRules.txt@example.org">mail</a>
            <a href="javascript:MagicCompRules.txt">script</a>
            <a href="http://[broken/MagicCompRules.txt">broken</a>
            <link rel="stylesheet" href="/site.css">"#;
        assert_eq!(found(page), Vec::<String>::new());
    }

    #[test]
    fn entities_that_are_not_references_are_kept() {
        assert_eq!(unescape_entities("a&b&amp;c&#xZZ;&"), "a&b&c&#xZZ;&");
        assert_eq!(unescape_entities("&#128512;"), "😀");
    }

    #[test]
    fn a_page_of_a_hundred_thousand_links_is_read_in_one_pass() {
        // Every link a rules file, a fifth of them repeated: each kept once (issue #32:
        // the list was searched for each link, quadratic in their number).
        let mut page = String::new();
        for i in 0..100_000 {
            let n = if i % 5 == 0 { 0 } else { i };
            page.push_str(&format!(
                "<a href=\"/files/MagicCompRules {}.txt\">r</a>\n",
                20_000_000 + n
            ));
        }
        let url = Url::parse("https://example.org/rules").expect("url");
        let started = std::time::Instant::now();
        let links = rules_links(&page, &url);
        assert_eq!(links.len(), 80_001);
        eprintln!("100,000 links read in {:?}", started.elapsed());
    }
}
