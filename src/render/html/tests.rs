use std::collections::{HashMap, HashSet};

use super::*;
use crate::model::{Date, Format, GlossaryEntry, Rule, Section};

fn n(s: &str) -> RuleNumber {
    s.parse().unwrap()
}

/// A small complete revision: two sections, a glossary, text with markup characters.
fn revision() -> Revision {
    let mut rules = std::collections::BTreeMap::new();
    let mut add = |num: &str, title: Option<&str>, text: &str, examples: &[&str]| {
        let mut rule = Rule::new(n(num), text);
        rule.title = title.map(str::to_string);
        rule.examples = examples.iter().map(|e| e.to_string()).collect();
        rule.references = std::iter::once(text)
            .chain(examples.iter().copied())
            .flat_map(crate::read::references::extract)
            .filter(|r| *r != rule.number)
            .collect();
        rules.insert(rule.number, rule);
    };
    add("100", Some("General"), "", &[]);
    add(
        "100.1",
        None,
        "If a card's power is < 2 & its <b>toughness</b> is 3, see rule 100.2 and rule 200.1a.",
        &["<script>alert(1)</script> (see rule 999.9)."],
    );
    add("100.2", None, "See section 2.", &[]);
    add("200", Some("Spells & Abilities"), "", &[]);
    add("200.1", None, "Text.", &[]);
    add("200.1a", None, "As 100.1 says.", &[]);
    Revision {
        id: "2026-01-16".into(),
        date: Date::new(2026, 1, 16).unwrap(),
        source: "cr <test>.txt".into(),
        format: Format::OfficialText,
        content_hash: String::new(),
        complete: true,
        sections: vec![
            Section {
                number: 1,
                title: "Game Concepts".into(),
            },
            Section {
                number: 2,
                title: "Parts <of> a Card".into(),
            },
        ],
        rules,
        glossary: vec![GlossaryEntry {
            term: "Power & Toughness".into(),
            aliases: Vec::new(),
            definition: "Two numbers. See rule 100.1.\nAlso <i>this</i>.".into(),
            obsolete: false,
            references: vec![n("100.1")],
        }],
        warnings: Vec::new(),
    }
}

fn file<'a>(site: &'a Site, name: &str) -> &'a str {
    &site
        .files
        .iter()
        .find(|f| f.name == name)
        .unwrap_or_else(|| panic!("no {name}"))
        .contents
}

/// The values of `attr="…"` in `html`.
fn attributes<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let needle = format!(" {attr}=\"");
    html.match_indices(&needle)
        .filter_map(|(at, _)| {
            let rest = &html[at + needle.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

/// Every `href` of every page names a file of the site and, after `#`, an id in it.
fn dangling_links(site: &Site) -> Vec<String> {
    let ids: HashMap<&str, HashSet<&str>> = site
        .files
        .iter()
        .map(|f| {
            (
                f.name.as_str(),
                attributes(&f.contents, "id").into_iter().collect(),
            )
        })
        .collect();
    let mut dangling = Vec::new();
    for f in &site.files {
        for href in attributes(&f.contents, "href") {
            let (file, fragment) = match href.split_once('#') {
                Some((file, fragment)) => (
                    if file.is_empty() { &f.name[..] } else { file },
                    Some(fragment),
                ),
                None => (href, None),
            };
            let ok = ids
                .get(file)
                .is_some_and(|ids| fragment.is_none_or(|id| ids.contains(id)));
            if !ok {
                dangling.push(format!("{}: {href}", f.name));
            }
        }
    }
    dangling
}

#[test]
fn markup_in_rules_text_is_shown_as_text() {
    let site = site(&revision(), None, None, "arbiter test");
    let page = file(&site, "section-1.html");
    assert!(
        page.contains("power is &lt; 2 &amp; its &lt;b&gt;toughness&lt;/b&gt; is 3"),
        "{page}"
    );
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(!page.contains("<script"));
    assert!(!page.contains("<b>"));
    assert!(page.contains("<title>1. Game Concepts — Comprehensive Rules 2026-01-16</title>"));
    assert!(file(&site, "index.html").contains("cr &lt;test&gt;.txt"));
    assert!(file(&site, "section-2.html").contains("<h1>2. Parts &lt;of&gt; a Card</h1>"));
    let glossary = file(&site, "glossary.html");
    assert!(glossary.contains("<strong>Power &amp; Toughness</strong>"));
    assert!(glossary.contains("<p>Also &lt;i&gt;this&lt;/i&gt;.</p>"));
}

#[test]
fn references_link_on_the_same_page_or_the_sections_page() {
    let site = site(&revision(), None, None, "arbiter test");
    let page = file(&site, "section-1.html");
    assert!(page.contains(r##"see rule <a href="#100.2">100.2</a> and rule <a href="section-2.html#200.1a">200.1a</a>"##), "{page}");
    assert!(page.contains(r#"See <a href="section-2.html">section 2</a>."#));
    // 999.9 is not a rule of the revision: shown as text, marked, counted.
    assert!(page
        .contains(r#"<span class="unresolved" title="not in revision 2026-01-16">999.9</span>"#));
    assert_eq!(site.stats.unresolved, 1);
    assert_eq!(site.stats.reference_links, 5);
    assert!(file(&site, "glossary.html")
        .contains(r#"See rule <a href="section-1.html#100.1">100.1</a>."#));
}

#[test]
fn every_rule_has_an_anchor_and_shows_what_cites_it() {
    let revision = revision();
    let site = site(&revision, None, None, "arbiter test");
    let all: String = site.files.iter().map(|f| f.contents.as_str()).collect();
    let ids = attributes(&all, "id");
    for number in revision.rules.keys() {
        assert!(ids.contains(&anchor(number).as_str()), "{number}");
    }
    assert_eq!(site.stats.rules, 6);
    let page = file(&site, "section-1.html");
    // 100.1 is cited by 200.1a (another page) and by the glossary.
    assert!(page.contains(
        r##"<p class="cited-by"><span class="label">Cited by</span> <a href="section-2.html#200.1a">200.1a</a>; glossary: <a href="glossary.html#power-toughness">Power &amp; Toughness</a></p>"##
    ), "{page}");
    assert!(
        dangling_links(&site).is_empty(),
        "{:?}",
        dangling_links(&site)
    );
}

#[test]
fn every_link_of_every_embedded_revision_has_its_target() {
    let library = crate::library::Library::embedded_only();
    for info in library.revisions() {
        let revision = library.load(&info.id).unwrap();
        let site = site(&revision, None, None, "arbiter test");
        let dangling = dangling_links(&site);
        assert!(dangling.is_empty(), "{}: {dangling:?}", info.id);
        assert_eq!(site.stats.rules, revision.rules.len());
    }
}

#[test]
fn cited_by_of_a_rule_without_subrules_is_the_models() {
    let library = crate::library::Library::embedded_only();
    let revision = library.load("2026-01-16-s3").unwrap();
    let links = Links::new(&revision, false);
    let mut checked = 0;
    for number in revision.rules.keys() {
        if !revision.children(number).is_empty() {
            continue;
        }
        let direct = links.cited_by.get(number).cloned().unwrap_or_default();
        assert_eq!(direct, revision.cited_by(number), "{number}");
        checked += 1;
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn the_diff_page_highlights_words_and_links_the_exported_side() {
    let library = crate::library::Library::embedded_only();
    let old = library.load("2011-07-15-s3").unwrap();
    let new = library.load("2026-01-16-s3").unwrap();
    let changes = crate::diff::pair(&old, &new, &crate::diff::Options::default());
    let site = site(&new, Some(&changes), None, "arbiter test");
    let page = file(&site, DIFF_PAGE);
    assert!(page.contains("<h1>Changes from 2011-07-15-s3 to 2026-01-16-s3</h1>"));
    assert!(page.contains("<del>") && page.contains("<ins>"));
    assert!(page.contains(r#"<a href="section-3.html#303.4c"><strong>303.4c</strong></a>"#));
    assert!(file(&site, INDEX_PAGE).contains(r#"<a href="diff.html">"#));
    assert_eq!(
        site.stats.changes,
        Some(changes.changes.len() + changes.glossary.len())
    );
    assert!(
        dangling_links(&site).is_empty(),
        "{:?}",
        dangling_links(&site)
    );
}
