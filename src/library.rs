//! The revisions arbiter knows: the embedded seeds (always present) and whatever
//! `arbiter ingest` has put in the index. Commands ask the library for revisions by id or
//! prefix and never care where a revision came from.
//!
//! Ownership: the embedded part is built from `rules/` (see `embedded`); the ingested part
//! is read from the on-disk index (`crate::index`).

use std::sync::Arc;

use serde::Serialize;

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
}

impl Library {
    /// Only the embedded revisions (no index).
    pub fn embedded_only() -> Library {
        let embedded: Vec<Arc<Revision>> = Vec::new(); // TODO(lookup): read rules/.
        let mut infos: Vec<RevisionInfo> =
            embedded.iter().map(|r| RevisionInfo::of(r, true)).collect();
        infos.sort_by(|a, b| (a.date, &a.id).cmp(&(b.date, &b.id)));
        Library { infos, embedded }
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
        if let Some(r) = self.embedded.iter().find(|r| r.id == id) {
            return Ok(Arc::clone(r));
        }
        anyhow::bail!("revision `{id}` is not available")
    }
}
