//! The citation table: which number a rule of one revision has in every other revision,
//! embedded in the binary so that the scenario checker cites the chosen revision's
//! numbers with no index and no corpus at hand.
//!
//! The table (`table.txt` beside this file) is the rule lineage that `arbiter ingest`
//! computes ([`crate::diff::lineage`]) over every complete revision of the corpus,
//! 1999–2026, written as the differences between each revision's numbering and the one
//! before. It is generated, never edited by hand:
//!
//! ```sh
//! cargo run --release --example gen-citations -- ../shared/corpus > src/citations/table.txt
//! ```
//!
//! and the integration test `citations::the_embedded_table_is_the_corpus_lineage`
//! regenerates it whenever `../shared/corpus` is present and fails when it differs.
//!
//! The table is read once, on first use. A date between two revisions means the revision
//! in force on that date (the newest one dated on or before it).

pub mod finder;
mod table;

use std::sync::LazyLock;

use crate::model::{Date, Revision, RuleNumber};

pub use table::{write, BadTable, Table};

/// The embedded table, as generated.
pub const TABLE: &str = include_str!("table.txt");

static EMBEDDED: LazyLock<Result<Table, BadTable>> = LazyLock::new(|| Table::parse(TABLE));

/// The embedded table; `None` only if it does not read (a unit test makes sure it does).
fn embedded() -> Option<&'static Table> {
    EMBEDDED.as_ref().ok()
}

/// The number that the rule numbered `number` in the revision in force on `from` has in
/// the revision in force on `to`: `None` when either date is before the first revision
/// covered, when `from`'s revision has no rule `number`, or when `to`'s has no
/// counterpart (the rule was not there yet, or was gone).
pub fn translate(number: RuleNumber, from: Date, to: Date) -> Option<RuleNumber> {
    embedded()?.translate(number, from, to)
}

/// The dates of the revisions covered, oldest first.
pub fn revisions() -> &'static [Date] {
    embedded().map_or(&[], Table::revisions)
}

/// The revision in force on `date`: the newest covered revision dated on or before it.
pub fn in_force(date: Date) -> Option<Date> {
    embedded()?.in_force(date)
}

/// Whether the revision in force on `date` has a rule `number`.
pub fn exists(number: RuleNumber, date: Date) -> bool {
    embedded().is_some_and(|t| t.has(number, date))
}

/// The newest revision dated on or before `date` that has a rule `number`.
pub fn last_with(number: RuleNumber, date: Date) -> Option<Date> {
    embedded()?.last_with(number, date)
}

/// Up to `k` numbers on each side of `number` in the revision in force on `date`.
pub fn neighbours(number: RuleNumber, date: Date, k: usize) -> Vec<RuleNumber> {
    embedded().map_or_else(Vec::new, |t| t.neighbours(number, date, k))
}

/// The table of `revisions` (complete revisions; fragments are left out): their lineage
/// built as `arbiter ingest` builds it, in the form of `table.txt`.
pub fn generate(revisions: &[&Revision]) -> String {
    write(&crate::diff::lineage::build(revisions))
}

#[cfg(test)]
mod tests;
