//! Why something about the layer system can't happen, as data (the report's
//! `words/layers.rs` says it in English). Filled in as the layer system's reasons move
//! out of [`super::super::event::Why::Said`].

/// A reason of the layer system (613).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {}
