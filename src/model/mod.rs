//! The vocabulary of the rules: rule numbers, rules, revisions and glossary entries.
//! Pure data with no I/O; every reader produces it and every command consumes it.

mod links;
mod number;
mod revision;

pub use number::{BadRuleNumber, RuleNumber, SUBRULE_LETTERS};
pub use revision::{Date, Format, GlossaryEntry, Revision, Rule, Ruling, Section, Warning};
