//! The on-disk index: the only module that names tantivy types.

pub mod lineage;
