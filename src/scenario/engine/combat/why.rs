//! Why a combat declaration or order can't be made, as data (the report's
//! `words/combat.rs` says it in English). Filled in as the combat phase's reasons move
//! out of [`super::super::event::Why::Said`].

/// A reason of the combat phase (506–511).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {}
