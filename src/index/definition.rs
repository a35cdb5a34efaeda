//! The rule that defines a term: what a definition question ("what is a token", "how
//! does ward work") is answered by. The glossary says where a term is treated (`Token: …
//! See rule 111`); the defining rule is the first rule there, in the rules' order, that
//! says the term (`111.1` "A token is a marker…"), under the rule titled with the term
//! when the reference is wider (`217.5 In Play` within 2008's `217`).

use std::path::Path;

use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query};
use tantivy::schema::{Field, Value};
use tantivy::{Searcher, TantivyDocument, Term};

use super::schema::{Fields, KIND_RULE};
use super::search::{filter, MAX_LIMIT};
use super::IndexError;
use crate::model::RuleNumber;

/// The rule that defines a glossary entry's name within one of its references
/// (`111`, `702.19`, `700.4`): under the most specific rule there titled with the name
/// (`217.5 In Play` within `217`), else the reference, the first rule in the rules'
/// order whose text says every word of the name (`111.1`, `702.19a`, `700.4` itself,
/// `217.5a`); `None` when the reference is not a rule number or no rule there says the
/// name.
pub fn defining_rule(
    searcher: &Searcher,
    fields: &Fields,
    reference: &str,
    name: &[String],
) -> Result<Option<String>, IndexError> {
    let Ok(reference) = reference.parse::<RuleNumber>() else {
        return Ok(None);
    };
    let titled = rules_saying(searcher, fields, &reference, fields.title, name)?;
    let within = titled
        .into_iter()
        .max_by(|a, b| a.depth().cmp(&b.depth()).then(b.cmp(a)))
        .unwrap_or(reference);
    let said = rules_saying(searcher, fields, &within, fields.text, name)?;
    Ok(said.into_iter().min().map(|n| n.short()))
}

/// The rules within `within` whose `field` has every one of `terms`.
fn rules_saying(
    searcher: &Searcher,
    fields: &Fields,
    within: &RuleNumber,
    field: Field,
    terms: &[String],
) -> Result<Vec<RuleNumber>, IndexError> {
    let err = |e| IndexError::tantivy(Path::new("(search)"), e);
    let f = fields;
    let Some(rule) = within.rule_part() else {
        return Ok(Vec::new());
    };
    if terms.is_empty() {
        return Ok(Vec::new());
    }
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![
        (
            Occur::Must,
            filter(Term::from_field_u64(f.rule, rule as u64)),
        ),
        (
            Occur::Must,
            filter(Term::from_field_text(f.kind, KIND_RULE)),
        ),
    ];
    for term in terms {
        clauses.push((Occur::Must, filter(Term::from_field_text(field, term))));
    }
    let top = searcher
        .search(
            &BooleanQuery::new(clauses),
            &TopDocs::with_limit(MAX_LIMIT).order_by_score(),
        )
        .map_err(err)?;
    let mut found = Vec::new();
    for (_, address) in top {
        let doc: TantivyDocument = searcher.doc(address).map_err(err)?;
        let number = doc
            .get_first(f.number)
            .and_then(|v| v.as_str())
            .and_then(|n| n.parse::<RuleNumber>().ok());
        found.extend(number.filter(|n| n.is_within(within)));
    }
    Ok(found)
}
