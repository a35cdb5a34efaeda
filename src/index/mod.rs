//! The on-disk index: the only module that names tantivy types.
//!
//! `store` owns the folder layout and its crash-safe generations, `schema` every field,
//! `analysis` how text becomes terms, `search` one revision's tantivy index, `location`
//! where the index lives, and `glossary` the forgiving term matcher behind
//! `arbiter define`. Rule lineage, computed at ingest, is stored by the diff module's
//! `lineage` submodule here.

pub mod analysis;
pub mod baseline;
mod coverage;
mod definition;
mod documents;
pub mod fault;
mod files;
pub mod glossary;
pub mod lineage;
pub mod location;
mod named;
pub mod query;
pub mod results;
pub mod rules;
pub mod schema;
pub mod search;
pub mod snippet;
mod spelling;
pub mod store;
mod topic;

use std::path::{Path, PathBuf};

pub use location::{locate, Location};
pub use results::{Answers, Family};
pub use search::{Found, Hit, Request, RevisionIndex};
pub use snippet::Snippet;
pub use store::{Catalogue, Entry, Repair, Store, Writer};

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
    /// A stored file that does not match its checksum or does not read: [`Repair`] says
    /// what repairs it.
    #[error("{}: damaged ({why}); {}", path.display(), fix.advice())]
    Damaged {
        path: PathBuf,
        why: String,
        fix: Repair,
    },
    /// `catalogue.json` is gone but revision folders are stored.
    #[error("{}: missing, but {stored} revision folders are stored beside it; {}", path.display(), Repair::Catalogue.advice())]
    MissingCatalogue { path: PathBuf, stored: usize },
    #[error("{}: written by another version of arbiter (layout {found}, this one reads {expected}); delete the index folder and ingest again", path.display())]
    Incompatible {
        path: PathBuf,
        found: u32,
        expected: u32,
    },
}

impl Repair {
    /// What the user does to repair the file.
    pub fn advice(&self) -> String {
        match self {
            Repair::Catalogue => {
                "run `arbiter ingest` to rebuild the catalogue from the stored revisions".into()
            }
            Repair::Model { id, source }
                if source.starts_with("http://") || source.starts_with("https://") =>
            {
                format!(
                    "fetch revision {id} again (`arbiter fetch {source}`), or `arbiter ingest` to see every damaged revision"
                )
            }
            Repair::Model { id, source } => format!(
                "ingest revision {id} again from its file (`arbiter ingest {}`), or `arbiter ingest` to see every damaged revision",
                shell_word(source)
            ),
            Repair::Rebuild => {
                "run `arbiter ingest` to build it again from the stored revisions".into()
            }
        }
    }
}

/// A path as one word of a shell command: as it is when it needs no quoting, else in
/// single quotes (a quote inside written `'\''`).
fn shell_word(path: &str) -> String {
    let plain = !path.is_empty()
        && path
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+,:@%".contains(c));
    if plain {
        path.to_string()
    } else {
        format!("'{}'", path.replace('\'', "'\\''"))
    }
}

/// Runs `f` at the tantivy boundary: a panic inside it (tantivy reading damaged files)
/// becomes `Err` instead of ending the process, and prints nothing (tantivy's own words
/// mean nothing to a judge). Only for the read path, which runs on one thread.
pub fn guard<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    std::panic::set_hook(previous);
    result.map_err(|_| "tantivy failed reading it".to_string())
}

impl IndexError {
    /// What is wrong, without the advice (for a message that says what was done).
    pub fn what(&self) -> String {
        match self {
            IndexError::Damaged { path, why, .. } => format!("{}: damaged ({why})", path.display()),
            IndexError::MissingCatalogue { path, .. } => format!("{}: missing", path.display()),
            other => other.to_string(),
        }
    }

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
