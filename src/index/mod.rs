//! The on-disk index: the only module that names tantivy types.
//!
//! `store` owns the folder layout and its crash-safe generations, `schema` every field,
//! `analysis` how text becomes terms, `search` one revision's tantivy index, `location`
//! where the index lives, and `glossary` the forgiving term matcher behind
//! `arbiter define`. Rule lineage, computed at ingest, is stored by the diff module's
//! `lineage` submodule here.

pub mod analysis;
pub mod baseline;
mod files;
pub mod glossary;
pub mod lineage;
pub mod location;
pub mod query;
mod readonly;
pub mod results;
pub mod schema;
pub mod search;
pub mod snippet;
pub mod store;

use std::path::{Path, PathBuf};

pub use location::{locate, Location};
pub use results::{Answers, Family};
pub use search::{Found, Hit, Request, RevisionIndex};
pub use snippet::Snippet;
pub use store::{Catalogue, Entry, Store, Writer};

/// What went wrong with the index, and where.
#[derive(Debug, thiserror::Error)]
pub enum IndexError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: the search index could not be used: {source}", path.display())]
    Tantivy {
        path: PathBuf,
        source: tantivy::TantivyError,
    },
    #[error("{}: unreadable ({why}); delete the index folder and ingest again", path.display())]
    Corrupt { path: PathBuf, why: String },
    #[error("{}: written by another version of arbiter (layout {found}, this one reads {expected}); delete the index folder and ingest again", path.display())]
    Incompatible {
        path: PathBuf,
        found: u32,
        expected: u32,
    },
}

impl IndexError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> IndexError {
        IndexError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    pub(crate) fn tantivy(path: &Path, source: tantivy::TantivyError) -> IndexError {
        IndexError::Tantivy {
            path: path.to_path_buf(),
            source,
        }
    }
}
