//! The revisions arbiter knows: the embedded seeds (always present) and whatever
//! `arbiter ingest` has put in the index. Commands ask the library for revisions by id or
//! prefix and never care where a revision came from.
//!
//! Ownership: the embedded part is built from `rules/` (see `embedded`); the ingested part
//! is read from the on-disk index (`crate::index`).

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use crate::index::{self, Entry, IndexError, RevisionIndex, Store};
use crate::model::{Date, Format, Revision};

/// What `arbiter revisions` shows about a revision without loading its rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RevisionInfo {
    pub id: String,
    pub date: Date,
    pub format: Format,
    pub source: String,
    pub complete: bool,
    /// Section numbers covered.
    pub sections: Vec<u8>,
    /// Numbered rules and subrules.
    pub rules: usize,
    #[serde(skip)]
    pub content_hash: String,
    /// Built into the binary (as opposed to ingested).
    #[serde(skip)]
    pub embedded: bool,
}

impl RevisionInfo {
    pub fn of(revision: &Revision, embedded: bool) -> RevisionInfo {
        RevisionInfo {
            id: revision.id.clone(),
            date: revision.date,
            format: revision.format,
            source: revision.source.clone(),
            complete: revision.complete,
            sections: revision.section_numbers(),
            rules: revision.rules.len(),
            content_hash: revision.content_hash.clone(),
            embedded,
        }
    }

    /// What the index catalogue records about an ingested revision.
    pub fn of_entry(entry: &Entry) -> RevisionInfo {
        RevisionInfo {
            id: entry.id.clone(),
            date: entry.date,
            format: entry.format,
            source: entry.source.clone(),
            complete: entry.complete,
            sections: entry.sections.clone(),
            rules: entry.rules,
            content_hash: entry.content_hash.clone(),
            embedded: false,
        }
    }
}

/// Why `--rev` did not name exactly one revision.
#[derive(Debug, thiserror::Error)]
pub enum ResolveError {
    #[error("no revision matches `{spec}`; `arbiter revisions` lists them (ingest more with `arbiter ingest FILE`)")]
    Unknown { spec: String },
    #[error("`{spec}` matches several revisions: {candidates}; give more of the id")]
    Ambiguous { spec: String, candidates: String },
    #[error("no revisions are available")]
    Empty,
}

/// The embedded and ingested revisions.
pub struct Library {
    infos: Vec<RevisionInfo>,
    embedded: Vec<Arc<Revision>>,
    ingested: Option<Ingested>,
}

/// The ingested part: the index folder and its current catalogue.
struct Ingested {
    store: Store,
    catalogue: index::Catalogue,
    loaded: Mutex<HashMap<String, Arc<Revision>>>,
}

impl Library {
    /// Only the embedded revisions (no index).
    pub fn embedded_only() -> Library {
        let embedded: Vec<Arc<Revision>> = Vec::new(); // TODO(lookup): read rules/.
        let mut infos: Vec<RevisionInfo> =
            embedded.iter().map(|r| RevisionInfo::of(r, true)).collect();
        infos.sort_by(|a, b| (a.date, &a.id).cmp(&(b.date, &b.id)));
        Library {
            infos,
            embedded,
            ingested: None,
        }
    }

    /// The embedded revisions and those ingested in the index at `index_dir` (none when
    /// nothing was ingested there yet). Reads only the index catalogue; revisions are
    /// loaded when asked for. An ingested revision shadows an embedded one with its id.
    pub fn open(index_dir: &Path) -> Result<Library, IndexError> {
        let mut library = Library::embedded_only();
        let store = Store::at(index_dir);
        let Some(catalogue) = store.catalogue()? else {
            return Ok(library);
        };
        library.infos.retain(|i| catalogue.get(&i.id).is_none());
        library
            .infos
            .extend(catalogue.revisions.iter().map(RevisionInfo::of_entry));
        library
            .infos
            .sort_by(|a, b| (a.date, &a.id).cmp(&(b.date, &b.id)));
        library.ingested = Some(Ingested {
            store,
            catalogue,
            loaded: Mutex::new(HashMap::new()),
        });
        Ok(library)
    }

    /// The index catalogue, when revisions were ingested.
    pub fn catalogue(&self) -> Option<&index::Catalogue> {
        self.ingested.as_ref().map(|i| &i.catalogue)
    }

    /// True when the ingested revisions' search indexes were built with another schema
    /// and must be rebuilt before searching (`arbiter search` does it).
    pub fn search_is_stale(&self) -> bool {
        self.ingested
            .as_ref()
            .is_some_and(|i| i.catalogue.schema_version != index::schema::SCHEMA_VERSION)
    }

    /// The search index of a revision: on disk for an ingested one, built in memory for
    /// an embedded one.
    pub fn search_index(&self, id: &str) -> anyhow::Result<RevisionIndex> {
        if let Some(entry) = self
            .ingested
            .as_ref()
            .and_then(|i| i.catalogue.get(id).map(|e| (i, e)))
        {
            return Ok(entry.0.store.open_search(entry.1)?);
        }
        let revision = self.load(id)?;
        Ok(RevisionIndex::build_in_ram(&revision)?)
    }

    /// Every revision, oldest first.
    pub fn revisions(&self) -> &[RevisionInfo] {
        &self.infos
    }

    /// Resolves `--rev`: an exact id, else a unique prefix; a date (or a prefix of one)
    /// that matches a complete revision and fragments prefers the complete revision.
    /// `None` is the newest complete revision, else the newest of all.
    pub fn resolve(&self, spec: Option<&str>) -> Result<&RevisionInfo, ResolveError> {
        let Some(spec) = spec else {
            return self
                .infos
                .iter()
                .rev()
                .find(|i| i.complete)
                .or_else(|| self.infos.last())
                .ok_or(ResolveError::Empty);
        };
        if let Some(exact) = self.infos.iter().find(|i| i.id == spec) {
            return Ok(exact);
        }
        let matching: Vec<&RevisionInfo> = self
            .infos
            .iter()
            .filter(|i| i.id.starts_with(spec))
            .collect();
        let complete: Vec<&RevisionInfo> =
            matching.iter().copied().filter(|i| i.complete).collect();
        match (matching.as_slice(), complete.as_slice()) {
            ([], _) => Err(ResolveError::Unknown {
                spec: spec.to_string(),
            }),
            ([one], _) => Ok(one),
            (_, [one]) => Ok(one),
            (many, _) => Err(ResolveError::Ambiguous {
                spec: spec.to_string(),
                candidates: many
                    .iter()
                    .map(|i| i.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }

    /// The whole revision with this id.
    pub fn load(&self, id: &str) -> anyhow::Result<Arc<Revision>> {
        if let Some(ingested) = &self.ingested {
            if let Some(entry) = ingested.catalogue.get(id) {
                let mut loaded = ingested
                    .loaded
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                if let Some(r) = loaded.get(id) {
                    return Ok(Arc::clone(r));
                }
                let revision = Arc::new(ingested.store.load(entry)?);
                loaded.insert(id.to_string(), Arc::clone(&revision));
                return Ok(revision);
            }
        }
        if let Some(r) = self.embedded.iter().find(|r| r.id == id) {
            return Ok(Arc::clone(r));
        }
        anyhow::bail!("revision `{id}` is not available")
    }
}
