//! A plain BM25 index of one revision, the yardstick arbiter's own search is measured
//! against: each rule's title and text in one field, split into lower-cased words (no
//! stemming, no stop words, no expansion, no boosts), queried with the question's words.
//! Used by the relevance test and the benchmarks, never by a command.

use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::{IndexRecordOption, Schema, Value, STORED, STRING, TEXT};
use tantivy::{Index, IndexReader, TantivyDocument, Term};

use super::IndexError;
use crate::model::{Revision, RuleNumber};

/// The plain BM25 index of a revision, in memory.
pub struct PlainIndex {
    index: Index,
    reader: IndexReader,
    number: tantivy::schema::Field,
    body: tantivy::schema::Field,
}

impl PlainIndex {
    /// Indexes every rule of `revision` (title and text) in memory.
    pub fn build(revision: &Revision) -> Result<PlainIndex, IndexError> {
        let here = std::path::Path::new("(baseline)");
        let err = |e| IndexError::tantivy(here, e);
        let mut b = Schema::builder();
        let number = b.add_text_field("number", STRING | STORED);
        let body = b.add_text_field("body", TEXT);
        let index = Index::create_in_ram(b.build());
        let mut writer = index.writer_with_num_threads(1, 20_000_000).map_err(err)?;
        for rule in revision.rules.values() {
            let mut doc = TantivyDocument::new();
            doc.add_text(number, rule.number.short());
            let title = rule.title.as_deref().unwrap_or_default();
            doc.add_text(body, format!("{title} {}", rule.text));
            writer.add_document(doc).map_err(err)?;
        }
        writer.commit().map_err(err)?;
        let reader = index.reader().map_err(err)?;
        Ok(PlainIndex {
            index,
            reader,
            number,
            body,
        })
    }

    /// The rules whose words best match `query`'s words (any of them), best first.
    pub fn search(&self, query: &str, limit: usize) -> Result<Vec<RuleNumber>, IndexError> {
        let err = |e| IndexError::tantivy(std::path::Path::new("(baseline)"), e);
        let mut analyzer = self.index.tokenizer_for_field(self.body).map_err(err)?;
        let mut stream = analyzer.token_stream(query);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        while stream.advance() {
            let term = Term::from_field_text(self.body, &stream.token().text);
            clauses.push((
                Occur::Should,
                Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)),
            ));
        }
        let searcher = self.reader.searcher();
        let top = searcher
            .search(
                &BooleanQuery::new(clauses),
                &TopDocs::with_limit(limit.max(1)).order_by_score(),
            )
            .map_err(err)?;
        let mut out = Vec::new();
        for (_, address) in top {
            let doc: TantivyDocument = searcher.doc(address).map_err(err)?;
            if let Some(n) = doc
                .get_first(self.number)
                .and_then(|v| v.as_str())
                .and_then(|s| s.parse().ok())
            {
                out.push(n);
            }
        }
        Ok(out)
    }
}
