//! The search index of one revision: built on disk at ingest (or in memory for the
//! embedded revisions), queried with BM25 and tantivy's query syntax, with snippets.
//!
//! Each revision has its own small index, so a revision's ranking statistics (how rare a
//! word is) come from that revision alone, revisions are added and replaced without
//! touching the others, and the embedded revisions are indexed in memory on demand.

use std::ops::Range;
use std::path::Path;

use tantivy::collector::TopDocs;
use tantivy::directory::RamDirectory;
use tantivy::query::{BooleanQuery, ConstScoreQuery, Occur, Query, QueryParser, TermQuery};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::snippet::SnippetGenerator;
use tantivy::{
    Index, IndexReader, IndexSettings, IndexWriter, ReloadPolicy, TantivyDocument, Term,
};

use super::analysis;
use super::files::{PlainFiles, ReadOnly};
use super::schema::{self, Fields, KIND_GLOSSARY, KIND_RULE};
use super::IndexError;
use crate::model::{Revision, RuleNumber};

/// How much a word in a rule's title counts against one in its text.
pub const TITLE_BOOST: f32 = 2.0;
/// How much a word in the titles of the rules above counts.
pub const CONTEXT_BOOST: f32 = 0.6;
/// How much a word in an example counts: examples illustrate, the text rules.
pub const EXAMPLES_BOOST: f32 = 0.4;
/// The longest snippet, in characters.
const SNIPPET_CHARS: usize = 180;
/// Memory for the single indexing thread.
const WRITER_MEMORY: usize = 40_000_000;

/// A search: the user's words, an optional scope (a section, rule or subrule) and how
/// many hits to return.
#[derive(Debug, Clone)]
pub struct Request<'a> {
    pub query: &'a str,
    pub scope: Option<RuleNumber>,
    pub limit: usize,
}

/// The part of a rule's text around the words that matched.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snippet {
    pub text: String,
    /// Byte ranges of `text` to highlight.
    pub highlights: Vec<Range<usize>>,
}

/// One rule found.
#[derive(Debug, Clone)]
pub struct Hit {
    pub revision: String,
    pub number: RuleNumber,
    pub title: Option<String>,
    pub score: f32,
    pub snippet: Snippet,
    pub text: String,
}

/// What a search found.
#[derive(Debug, Clone, Default)]
pub struct Found {
    pub hits: Vec<Hit>,
    /// The query did not parse as tantivy syntax and was searched leniently.
    pub lenient: bool,
}

/// The search index of one revision, open for reading.
pub struct RevisionIndex {
    index: Index,
    reader: IndexReader,
    fields: Fields,
}

impl RevisionIndex {
    /// Builds the index of `revision` in `dir` (which must not hold an index yet): in
    /// memory, then copied to plain files without a sync each (see `files`); the caller
    /// makes them durable.
    pub fn build_in_dir(revision: &Revision, dir: &Path) -> Result<(), IndexError> {
        let tantivy_err = |e| IndexError::tantivy(dir, e);
        std::fs::create_dir_all(dir).map_err(|e| IndexError::io(dir, e))?;
        let (schema, fields) = schema::build();
        let ram = RamDirectory::create();
        let index =
            Index::create(ram.clone(), schema, IndexSettings::default()).map_err(tantivy_err)?;
        fill(&index, &fields, revision).map_err(tantivy_err)?;
        ram.persist(&PlainFiles::new(dir)).map_err(tantivy_err)
    }

    /// Builds the index of `revision` in memory (the embedded revisions).
    pub fn build_in_ram(revision: &Revision) -> Result<RevisionIndex, IndexError> {
        let here = Path::new("(memory)");
        let (schema, fields) = schema::build();
        let index = Index::create_in_ram(schema);
        fill(&index, &fields, revision).map_err(|e| IndexError::tantivy(here, e))?;
        Self::from_index(index, here)
    }

    /// Opens the index built in `dir` for reading only: no lock, nothing written, so an
    /// index the user cannot write is searched all the same (see `files::ReadOnly`).
    pub fn open(dir: &Path) -> Result<RevisionIndex, IndexError> {
        let files = ReadOnly::open(dir).map_err(|e| IndexError::tantivy(dir, e))?;
        let index = Index::open(files).map_err(|e| IndexError::tantivy(dir, e))?;
        Self::from_index(index, dir)
    }

    fn from_index(index: Index, at: &Path) -> Result<RevisionIndex, IndexError> {
        analysis::register(&index);
        let fields = schema::fields_of(&index.schema()).map_err(|e| IndexError::tantivy(at, e))?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .map_err(|e| IndexError::tantivy(at, e))?;
        Ok(RevisionIndex {
            index,
            reader,
            fields,
        })
    }

    /// The rules that best match the request, best first.
    pub fn search(&self, request: &Request) -> Result<Found, IndexError> {
        let at = Path::new("(search)");
        let err = |e| IndexError::tantivy(at, e);
        let f = &self.fields;
        let mut parser =
            QueryParser::for_index(&self.index, vec![f.title, f.context, f.text, f.examples]);
        parser.set_field_boost(f.title, TITLE_BOOST);
        parser.set_field_boost(f.context, CONTEXT_BOOST);
        parser.set_field_boost(f.examples, EXAMPLES_BOOST);
        let text = join_apostrophes(request.query);
        let (user_query, lenient) = match parser.parse_query(&text) {
            Ok(q) => (q, false),
            Err(_) => (parser.parse_query_lenient(&text).0, true),
        };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![
            (Occur::Must, user_query.box_clone()),
            (
                Occur::Must,
                filter(Term::from_field_text(f.kind, KIND_RULE)),
            ),
        ];
        let mut fetch = request.limit;
        if let Some(scope) = request.scope {
            let term = match scope.rule_part() {
                None => Term::from_field_u64(f.section, scope.section_number() as u64),
                Some(rule) => Term::from_field_u64(f.rule, rule as u64),
            };
            clauses.push((Occur::Must, filter(term)));
            if scope.depth() >= 2 {
                fetch = fetch.saturating_mul(20).max(500);
            }
        }
        let query = BooleanQuery::new(clauses);
        let searcher = self.reader.searcher();
        let top = searcher
            .search(&query, &TopDocs::with_limit(fetch.max(1)).order_by_score())
            .map_err(err)?;
        let mut snippets =
            SnippetGenerator::create(&searcher, &*user_query, f.text).map_err(err)?;
        snippets.set_max_num_chars(SNIPPET_CHARS);
        let mut hits = Vec::new();
        for (score, address) in top {
            let doc: TantivyDocument = searcher.doc(address).map_err(err)?;
            let get = |field| {
                doc.get_first(field)
                    .and_then(|v| v.as_str())
                    .unwrap_or_default()
                    .to_string()
            };
            let Ok(number) = get(f.number).parse::<RuleNumber>() else {
                continue;
            };
            if let Some(scope) = request.scope {
                if !number.is_within(&scope) {
                    continue;
                }
            }
            let text = get(f.text);
            let title = Some(get(f.title)).filter(|t| !t.is_empty());
            hits.push(Hit {
                revision: get(f.revision),
                number,
                title,
                score,
                snippet: snippet(&snippets, &text),
                text,
            });
            if hits.len() >= request.limit {
                break;
            }
        }
        Ok(Found { hits, lenient })
    }
}

/// Drops apostrophes inside words (`don't` → `dont`, as the analyzer does), so that a
/// question typed with one is not read as the start of a quoted phrase.
fn join_apostrophes(query: &str) -> String {
    let chars: Vec<char> = query.chars().collect();
    chars
        .iter()
        .enumerate()
        .filter(|&(i, &c)| {
            let inside = i > 0
                && chars[i - 1].is_alphabetic()
                && chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
            !(inside && analysis::is_apostrophe(c))
        })
        .map(|(_, &c)| c)
        .collect()
}

/// A clause that restricts the documents without changing their scores.
fn filter(term: Term) -> Box<dyn Query> {
    Box::new(ConstScoreQuery::new(
        Box::new(TermQuery::new(term, IndexRecordOption::Basic)),
        0.0,
    ))
}

fn snippet(generator: &SnippetGenerator, text: &str) -> Snippet {
    let s = generator.snippet(text);
    if s.is_empty() {
        // The words matched the title or the examples only: show the start of the text.
        let end = text
            .char_indices()
            .nth(SNIPPET_CHARS)
            .map_or(text.len(), |(i, _)| i);
        return Snippet {
            text: text[..end].to_string(),
            highlights: Vec::new(),
        };
    }
    Snippet {
        text: s.fragment().to_string(),
        highlights: s.highlighted().to_vec(),
    }
}

/// Adds a document per rule and per glossary entry, with one indexing thread so document
/// ids follow the revision's order.
fn fill(index: &Index, fields: &Fields, revision: &Revision) -> tantivy::Result<()> {
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
        let mut up = n.parent();
        while let Some(p) = up {
            if let Some(title) = revision.rule(&p).and_then(|r| r.title.as_ref()) {
                doc.add_text(f.context, title);
            }
            up = p.parent();
        }
        doc.add_text(f.text, &rule.text);
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
        doc.add_text(f.text, &entry.definition);
        doc
    });
    rules.chain(glossary)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Date, Format, GlossaryEntry, Rule};

    fn revision() -> Revision {
        let mut r = Revision {
            id: "2026-01-16".into(),
            date: Date::new(2026, 1, 16).unwrap_or(Date {
                year: 2026,
                month: 1,
                day: 16,
            }),
            source: "test".into(),
            format: Format::OfficialText,
            content_hash: "00".into(),
            complete: true,
            sections: Vec::new(),
            rules: Default::default(),
            glossary: vec![GlossaryEntry {
                term: "Land".into(),
                aliases: Vec::new(),
                definition: "A card type. See rule 305.".into(),
                obsolete: false,
                references: Vec::new(),
            }],
            warnings: Vec::new(),
        };
        let rules = [
            ("305", Some("Lands"), ""),
            ("305.2", None, "A player can normally play one land during their turn; however, continuous effects may increase this number."),
            ("305.2a", None, "To determine whether a player can play a land, compare the number of lands the player can play this turn with the number of lands they have already played this turn."),
            ("702.2", Some("Deathtouch"), ""),
            ("702.2b", None, "A creature with toughness greater than 0 that’s been dealt damage by a source with deathtouch since the last time state-based actions were checked is destroyed."),
            ("704.5j", None, "If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners’ graveyards. This is called the “legend rule.”"),
        ];
        for (n, title, text) in rules {
            let mut rule = Rule::new(n.parse().unwrap_or(RuleNumber::rule(100)), text);
            rule.title = title.map(str::to_string);
            r.rules.insert(rule.number, rule);
        }
        r
    }

    fn top(index: &RevisionIndex, query: &str, scope: Option<&str>) -> Vec<String> {
        let found = index
            .search(&Request {
                query,
                scope: scope.and_then(|s| s.parse().ok()),
                limit: 5,
            })
            .expect("search");
        found.hits.iter().map(|h| h.number.short()).collect()
    }

    #[test]
    fn ranks_the_rule_that_answers_the_question_first() {
        let index = RevisionIndex::build_in_ram(&revision()).expect("index");
        let lands = top(&index, "how many lands can I play each turn", None);
        assert!(lands[0].starts_with("305.2"), "{lands:?}");
        assert_eq!(top(&index, "legend rule", None)[0], "704.5j");
        // The title of the rule above counts: 702.2b does not say "deathtouch damage" twice.
        assert_eq!(top(&index, "deathtouch", None)[0], "702.2");
        assert!(top(&index, "deathtouch damage", None).contains(&"702.2b".to_string()));
    }

    #[test]
    fn query_syntax_works_and_broken_syntax_is_searched_leniently() {
        let index = RevisionIndex::build_in_ram(&revision()).expect("index");
        assert_eq!(top(&index, "\"legend rule\"", None), ["704.5j"]);
        let land = top(&index, "land -continuous", None);
        assert!(land.contains(&"305.2a".to_string()) && !land.contains(&"305.2".to_string()));
        assert_eq!(top(&index, "number:305.2a", None), ["305.2a"]);
        let found = index
            .search(&Request {
                query: "legend rule\" AND (",
                scope: None,
                limit: 5,
            })
            .expect("search");
        assert!(found.lenient);
        assert_eq!(found.hits[0].number.short(), "704.5j");
        // An apostrophe is part of a word, not the start of a quotation.
        let found = index
            .search(&Request {
                query: "a player can't play lands",
                scope: None,
                limit: 5,
            })
            .expect("search");
        assert!(!found.lenient);
    }

    #[test]
    fn scope_and_kind_restrict_the_hits() {
        let index = RevisionIndex::build_in_ram(&revision()).expect("index");
        assert!(top(&index, "land", Some("7")).is_empty());
        assert_eq!(top(&index, "land", Some("305.2a")), ["305.2a"]);
        // The glossary entry "Land" is not a rule and is not returned.
        assert!(top(&index, "card type", None).is_empty());
    }

    #[test]
    fn snippets_highlight_the_matching_words() {
        let index = RevisionIndex::build_in_ram(&revision()).expect("index");
        let found = index
            .search(&Request {
                query: "legend",
                scope: None,
                limit: 1,
            })
            .expect("search");
        let s = &found.hits[0].snippet;
        let words: Vec<&str> = s
            .highlights
            .iter()
            .filter_map(|r| s.text.get(r.clone()))
            .collect();
        assert!(
            words.iter().all(|w| w.to_lowercase().starts_with("legend")),
            "{words:?}"
        );
        assert!(!words.is_empty());
    }
}
