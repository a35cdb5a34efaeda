//! Every field of the search index, in one place.
//!
//! One document per rule and one per glossary entry of a revision. Exact values (the
//! kind of document, the rule number, the revision id and date) are `STRING | STORED`;
//! words (title, text, examples, the titles of the rules above) go through the rules
//! analyzer. Change anything here and bump [`SCHEMA_VERSION`]: an index built with
//! another version is detected when opened and rebuilt from the stored revisions.

use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, INDEXED, STORED, STRING,
};

use super::analysis::ANALYZER;

/// The version of the schema and analysis; stored in the index catalogue.
pub const SCHEMA_VERSION: u32 = 4;

/// `kind` of a rule document.
pub const KIND_RULE: &str = "rule";
/// `kind` of a glossary document.
pub const KIND_GLOSSARY: &str = "glossary";

/// The fields of the index.
#[derive(Debug, Clone, Copy)]
pub struct Fields {
    /// `rule` or `glossary`.
    pub kind: Field,
    /// The revision id (`2026-04-17`).
    pub revision: Field,
    /// The revision's effective date.
    pub date: Field,
    /// The rule number as judges write it (`704.5j`); empty for glossary entries.
    pub number: Field,
    /// The section (7 for `704.5j`).
    pub section: Field,
    /// The three-digit rule (704 for `704.5j`).
    pub rule: Field,
    /// A titled rule's title, or a glossary entry's term and aliases.
    pub title: Field,
    /// The titles of the rules above (`State-Based Actions` for `704.5j`).
    pub context: Field,
    /// The rule's text or the glossary definition.
    pub text: Field,
    /// The examples.
    pub examples: Field,
    /// A glossary entry's references to rules (`608.2h`), one value each.
    pub references: Field,
    /// The initials of a glossary name of three words or more (`lki`).
    pub initials: Field,
    /// 1 for a glossary entry printed "(Obsolete)".
    pub obsolete: Field,
    /// A rule's terms as the rescoring reads them (its title, the titles above it and its
    /// text, analysed at ingest; see `documents::said`), space-separated; stored only.
    pub said: Field,
    /// The same with the text outside what it only names in a list, when it has lists.
    pub said_outside: Field,
}

/// The schema and its fields.
pub fn build() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let words = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(ANALYZER)
            .set_index_option(IndexRecordOption::WithFreqsAndPositions),
    );
    let fields = Fields {
        kind: b.add_text_field("kind", STRING),
        revision: b.add_text_field("revision", STRING | STORED),
        date: b.add_text_field("date", STRING | STORED),
        number: b.add_text_field("number", STRING | STORED),
        section: b.add_u64_field("section", INDEXED),
        rule: b.add_u64_field("rule", INDEXED),
        title: b.add_text_field("title", words.clone() | STORED),
        context: b.add_text_field("context", words.clone() | STORED),
        text: b.add_text_field("text", words.clone() | STORED),
        examples: b.add_text_field("examples", words),
        references: b.add_text_field("references", STRING | STORED),
        initials: b.add_text_field("initials", STRING),
        obsolete: b.add_u64_field("obsolete", STORED),
        said: b.add_text_field("said", STORED),
        said_outside: b.add_text_field("said_outside", STORED),
    };
    (b.build(), fields)
}

/// The fields of an index opened with this schema; fails when a field is missing.
pub fn fields_of(schema: &Schema) -> tantivy::Result<Fields> {
    let f = |name: &str| schema.get_field(name);
    Ok(Fields {
        kind: f("kind")?,
        revision: f("revision")?,
        date: f("date")?,
        number: f("number")?,
        section: f("section")?,
        rule: f("rule")?,
        title: f("title")?,
        context: f("context")?,
        text: f("text")?,
        examples: f("examples")?,
        references: f("references")?,
        initials: f("initials")?,
        obsolete: f("obsolete")?,
        said: f("said")?,
        said_outside: f("said_outside")?,
    })
}
