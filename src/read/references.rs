//! Cross-references in rule text: "see rule 704", "rules 301.5a–f", "603.7d-f",
//! "rule 702.6, “Equip”" → rule numbers, ranges expanded.

use crate::model::RuleNumber;

/// The rule numbers `text` refers to, ranges expanded, in order of first mention,
/// without duplicates.
pub fn extract(text: &str) -> Vec<RuleNumber> {
    // TODO(readers)
    let _ = text;
    Vec::new()
}
