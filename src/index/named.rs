//! The glossary entries a question names: by a name it says (`Last Known Information`,
//! `equipped creature`) or by the initials of a long name (`LKI`).

use std::collections::HashSet;
use std::path::Path;

use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query};
use tantivy::schema::Value;
use tantivy::{DocAddress, Searcher, TantivyDocument, Term};

use super::analysis;
use super::query;
use super::schema::{Fields, KIND_GLOSSARY};
use super::search::filter;
use super::IndexError;

/// A glossary entry the question names.
pub(super) struct Named {
    /// The entry's term as the glossary prints it (`Mana Burn`).
    pub term: String,
    /// How many of the question's words the name takes (1 for initials).
    pub words: usize,
    /// The terms of the name as the question says it (the initials for initials).
    pub name: Vec<String>,
    /// The terms of the whole name.
    pub full: Vec<String>,
    pub definition: String,
    pub references: Vec<String>,
    pub obsolete: bool,
}

/// A glossary entry's stored fields, and its names read as words, stems and initials:
/// what [`glossary_named`] compares with a question, read once per open index.
pub(super) struct Entry {
    names: Vec<EntryName>,
    definition: String,
    references: Vec<String>,
    obsolete: bool,
}

struct EntryName {
    name: String,
    words: Vec<String>,
    stems: Vec<String>,
    initials: Option<String>,
}

impl Entry {
    pub(super) fn read(doc: &TantivyDocument, f: &Fields) -> Entry {
        let texts = |field| -> Vec<String> {
            doc.get_all(field)
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        };
        let names = texts(f.title)
            .into_iter()
            .map(|name| {
                let words = query::words(&name);
                EntryName {
                    stems: query::stems(&words),
                    initials: query::initials(&name),
                    words,
                    name,
                }
            })
            .collect();
        Entry {
            names,
            definition: texts(f.text).join("\n"),
            references: texts(f.references),
            obsolete: doc.get_first(f.obsolete).and_then(|v| v.as_u64()) == Some(1),
        }
    }
}

/// The glossary entries whose name (or the initials of a long name) the question
/// says, with how many of its words the name takes; `entry` reads an entry's document.
pub(super) fn glossary_named(
    searcher: &Searcher,
    f: &Fields,
    said: &[String],
    tokens: &[(String, usize)],
    entry: &mut dyn FnMut(DocAddress) -> Result<std::sync::Arc<Entry>, IndexError>,
) -> Result<Vec<Named>, IndexError> {
    let err = |e| IndexError::tantivy(Path::new("(search)"), e);
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    let terms = tokens
        .iter()
        .map(|(t, _)| t.clone())
        .chain(said.iter().flat_map(|w| analysis::terms(w)));
    for term in terms.collect::<HashSet<_>>() {
        let t = Term::from_field_text(f.title, &term);
        clauses.push((Occur::Should, filter(t)));
    }
    for word in said.iter().filter(|w| w.len() >= 3) {
        clauses.push((
            Occur::Should,
            filter(Term::from_field_text(f.initials, word)),
        ));
    }
    if clauses.is_empty() {
        return Ok(Vec::new());
    }
    let query = BooleanQuery::new(vec![
        (
            Occur::Must,
            Box::new(BooleanQuery::new(clauses)) as Box<dyn Query>,
        ),
        (
            Occur::Must,
            filter(Term::from_field_text(f.kind, KIND_GLOSSARY)),
        ),
    ]);
    let top = searcher
        .search(&query, &TopDocs::with_limit(200).order_by_score())
        .map_err(err)?;
    let said_stems = query::stems(said);
    let mut named = Vec::new();
    for (_, address) in top {
        let found = entry(address)?;
        let words = found
            .names
            .iter()
            .filter_map(|n| {
                if query::find_stems(&said_stems, &n.stems).is_some() {
                    Some((n.words.len(), n.words.clone(), &n.name))
                } else {
                    n.initials
                        .as_ref()
                        .filter(|i| said.contains(i))
                        .map(|i| (1, vec![i.clone()], &n.name))
                }
            })
            .max();
        let Some((words, name, full)) = words else {
            continue;
        };
        named.push(Named {
            term: found
                .names
                .first()
                .map(|n| n.name.clone())
                .unwrap_or_default(),
            words,
            name: name.iter().map(|w| analysis::stem_word(w)).collect(),
            full: analysis::terms(full),
            definition: found.definition.clone(),
            references: found.references.clone(),
            obsolete: found.obsolete,
        });
    }
    Ok(named)
}
