//! The rule that defines a term: what a definition question ("what is a token", "how
//! does ward work") is answered by. The glossary says where a term is treated (`Token: …
//! See rule 111`); the defining rule is the first rule there, in the rules' order, that
//! opens a sentence by saying what the term is, else the first that says the term
//! (`111.1` "A token is a marker…"), under the rule titled with the term when the
//! reference is wider (`217.5 In Play` within 2008's `217`).

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
/// and nothing else (`217.5 In Play` within `217`; not `903.13 Commander Draft` for
/// `Commander`), else the reference, the first rule in the rules' order with a sentence
/// that opens by saying what the name is (`502.6c` "Snow landwalk is a special kind…"),
/// else the first whose text says every word of the name (`111.1`, `702.19a`, `700.4`
/// itself, `217.5a`); `None` when the reference is not a rule number or no rule there
/// says the name.
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
        .filter(|(_, title)| {
            let mut said: Vec<String> = super::analysis::typed_positions(title)
                .into_iter()
                .map(|(term, _, _)| term)
                .collect();
            let mut name = name.to_vec();
            said.sort();
            name.sort();
            said == name
        })
        .map(|(number, _)| number)
        .max_by(|a, b| a.depth().cmp(&b.depth()).then(b.cmp(a)))
        .unwrap_or(reference);
    let said = rules_saying(searcher, fields, &within, fields.text, name)?;
    // The first rule with a sentence that opens by defining the name ("Snow landwalk is
    // a special kind of landwalk", 502.6c, not 502.6a "Landwalk and snow landwalk are
    // generic terms"; "An alternative cost is…", 118.9, not 118.6a), else the first
    // that says it.
    Ok(said
        .into_iter()
        .min_by(|(a, at), (b, bt)| (!defines(at, name), a).cmp(&(!defines(bt, name), b)))
        .map(|(n, _)| n.short()))
}

/// Whether a sentence of `text` opens by saying what `name` is: the name (after `a`,
/// `an` or `the`), then `means`, or `is` or `are` and an article ("A token is a
/// marker…", not "A triggered ability is controlled by…").
fn defines(text: &str, name: &[String]) -> bool {
    text.split(['.', ':', ';']).any(|sentence| {
        let words = super::query::words(sentence);
        let words = match words.split_first() {
            Some((article, rest)) if matches!(article.as_str(), "a" | "an" | "the") => rest,
            _ => &words[..],
        };
        let n = name.len();
        words.len() > n + 1
            && words[..n]
                .iter()
                .map(|word| super::analysis::stem_word(word))
                .eq(name.iter().cloned())
            && match (words[n].as_str(), words[n + 1].as_str()) {
                ("means", _) => true,
                ("is" | "are", next) => matches!(next, "a" | "an" | "the"),
                _ => false,
            }
    })
}

/// The rules within `within` whose `field` has every one of `terms`, each with that
/// field's text.
fn rules_saying(
    searcher: &Searcher,
    fields: &Fields,
    within: &RuleNumber,
    field: Field,
    terms: &[String],
) -> Result<Vec<(RuleNumber, String)>, IndexError> {
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
        let text = doc.get_first(field).and_then(|v| v.as_str()).unwrap_or("");
        found.extend(
            number
                .filter(|n| n.is_within(within))
                .map(|n| (n, text.to_string())),
        );
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::defines;
    use crate::index::analysis::stem_word;

    #[test]
    fn a_rule_defines_a_name_when_a_sentence_opens_by_saying_what_it_is() {
        let name = |n: &str| n.split(' ').map(stem_word).collect::<Vec<_>>();
        let snow = name("snow landwalk");
        assert!(defines(
            "Snow landwalk is a special kind of landwalk. A creature with snow landwalk…",
            &snow
        ));
        assert!(!defines(
            "Landwalk and snow landwalk are generic terms; a card's rules text…",
            &snow
        ));
        let cost = name("alternative cost");
        assert!(defines(
            "Some spells have alternative costs. An alternative cost is a cost listed…",
            &cost
        ));
        assert!(!defines(
            "If an unpayable cost is increased… If an alternative cost is applied to an unpayable cost…",
            &cost
        ));
        let triggered = name("triggered ability");
        assert!(!defines(
            "A triggered ability is controlled by the player who controlled its source",
            &triggered
        ));
        assert!(defines(
            "“Trample” means the creature can…",
            &name("trample")
        ));
    }
}
