//! The hook where rule lineage (how rules were renumbered from revision to revision) is
//! kept. `arbiter ingest` computes it over the ingested revisions and stores it beside
//! the catalogue of the generation it belongs to, so it changes atomically with it; the
//! library reads it back. The lineage's own type belongs to `crate::diff`: this module
//! only stores and reads any serialisable value.

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::store::{Catalogue, Store, Writer};
use super::IndexError;

const STEM: &str = "lineage";

/// Writes the lineage of the coming generation; put the returned name in the catalogue's
/// `lineage` before committing it.
pub fn write<T: Serialize>(writer: &Writer, lineage: &T) -> Result<String, IndexError> {
    let bytes = serde_json::to_vec(lineage).map_err(|e| IndexError::Corrupt {
        path: writer.store().root().to_path_buf(),
        why: e.to_string(),
    })?;
    writer.write_extra(STEM, &bytes)
}

/// The lineage of the current generation, if one was stored.
pub fn read<T: DeserializeOwned>(
    store: &Store,
    catalogue: &Catalogue,
) -> Result<Option<T>, IndexError> {
    let Some(name) = &catalogue.lineage else {
        return Ok(None);
    };
    let path = store.root().join(name);
    let bytes = std::fs::read(&path).map_err(|e| IndexError::io(&path, e))?;
    serde_json::from_slice(&bytes)
        .map(Some)
        .map_err(|e| IndexError::Corrupt {
            path,
            why: e.to_string(),
        })
}
