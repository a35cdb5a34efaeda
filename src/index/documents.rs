//! A revision as the index's documents: one per rule (its number, title, the titles
//! above it, text and examples) and one per glossary entry (its names, their initials,
//! references and definition).

use tantivy::{Index, IndexWriter, TantivyDocument};

use super::analysis;
use super::query;
use super::schema::{Fields, KIND_GLOSSARY, KIND_RULE};
use crate::model::Revision;

/// Memory for the single indexing thread.
const WRITER_MEMORY: usize = 40_000_000;

/// Adds a document per rule and per glossary entry, with one indexing thread so document
/// ids follow the revision's order.
pub(super) fn fill(index: &Index, fields: &Fields, revision: &Revision) -> tantivy::Result<()> {
    analysis::register(index);
    let mut writer: IndexWriter = index.writer_with_num_threads(1, WRITER_MEMORY)?;
    for doc in documents(fields, revision) {
        writer.add_document(doc)?;
    }
    writer.commit()?;
    writer.wait_merging_threads()
}

/// The documents of a revision.
fn documents<'a>(
    f: &'a Fields,
    revision: &'a Revision,
) -> impl Iterator<Item = TantivyDocument> + 'a {
    let date = revision.date.to_string();
    let base = move |kind: &str| {
        let mut doc = TantivyDocument::new();
        doc.add_text(f.kind, kind);
        doc.add_text(f.revision, &revision.id);
        doc.add_text(f.date, &date);
        doc
    };
    let base2 = base.clone();
    let rules = revision.rules.values().map(move |rule| {
        let mut doc = base(KIND_RULE);
        let n = rule.number;
        doc.add_text(f.number, n.short());
        doc.add_u64(f.section, n.section_number() as u64);
        if let Some(r) = n.rule_part() {
            doc.add_u64(f.rule, r as u64);
        }
        if let Some(title) = &rule.title {
            doc.add_text(f.title, title);
        }
        let mut context: Vec<&str> = Vec::new();
        let mut up = n.parent();
        while let Some(p) = up {
            if let Some(title) = revision.rule(&p).and_then(|r| r.title.as_ref()) {
                doc.add_text(f.context, title);
                context.push(title);
            }
            up = p.parent();
        }
        doc.add_text(f.text, &rule.text);
        let (full, outside) = said(
            rule.title.as_deref().unwrap_or_default(),
            &context,
            &rule.text,
        );
        doc.add_text(f.said, full);
        if let Some(outside) = outside {
            doc.add_text(f.said_outside, outside);
        }
        for example in &rule.examples {
            doc.add_text(f.examples, example);
        }
        doc
    });
    let glossary = revision.glossary.iter().map(move |entry| {
        let mut doc = base2(KIND_GLOSSARY);
        doc.add_text(f.title, &entry.term);
        for alias in &entry.aliases {
            doc.add_text(f.title, alias);
        }
        for name in std::iter::once(&entry.term).chain(&entry.aliases) {
            if let Some(initials) = query::initials(name) {
                doc.add_text(f.initials, initials);
            }
        }
        for number in &entry.references {
            doc.add_text(f.references, number.short());
        }
        doc.add_u64(f.obsolete, u64::from(entry.obsolete));
        doc.add_text(f.text, &entry.definition);
        doc
    });
    rules.chain(glossary)
}

/// The terms a rule says as the rescoring of a search reads them, computed once at
/// ingest: those of its title and the titles above it with its text, and with its text
/// outside what it only names in a list (when it has lists), each sorted and
/// space-separated. What `search::StoredRule::said` computed from the stored fields on
/// every search before (a test holds the two to each other).
pub(super) fn said(title: &str, context: &[&str], text: &str) -> (String, Option<String>) {
    let mut analyzer = analysis::analyzer();
    let above = format!("{title} {}", context.join(" "));
    let mut terms = |words: &str| {
        let mut terms = analysis::terms_with(&mut analyzer, words);
        terms.sort_unstable();
        terms.dedup();
        terms.join(" ")
    };
    let full = terms(&format!("{above} {text}"));
    let outside = analysis::without_enumerations(text).map(|o| terms(&format!("{above} {o}")));
    (full, outside)
}
