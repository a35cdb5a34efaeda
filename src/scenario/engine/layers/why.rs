//! Why something about the layer system can't happen, as data (the report's
//! `words/layers.rs` says it in English). The layer system refuses nothing yet: every
//! effect applies, in the order 613 decides; a refusal it learns goes here.

/// A reason of the layer system (613).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {}
