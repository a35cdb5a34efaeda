//! The rules a server answers from: the library of one index generation, opened once and
//! shared by every request, and opened again when an ingest commits a new generation.
//!
//! Each request takes a [`Snapshot`] at its start and answers wholly from it, so an
//! ingest that commits while a response is being written changes nothing in it; the next
//! request sees the new generation. Whether the catalogue changed is told by its file's
//! length and modification time (one `stat` a request), and confirmed by its generation.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::SystemTime;

use crate::diff::lineage::Lineage;
use crate::index::RevisionIndex;
use crate::library::Library;

/// The library of one generation, with what requests computed from it and keep.
pub struct Snapshot {
    pub library: Library,
    /// The index folder.
    pub dir: PathBuf,
    stamp: Option<(SystemTime, u64)>,
    lineage: OnceLock<Option<Lineage>>,
    searches: Mutex<HashMap<String, Arc<RevisionIndex>>>,
    files: Mutex<HashMap<(String, &'static str), Arc<String>>>,
}

impl Snapshot {
    fn open(dir: &Path) -> anyhow::Result<Snapshot> {
        let stamp = stamp(dir);
        let library = Library::open(dir)
            .map_err(|e| anyhow::anyhow!(e))
            .map_err(|e| e.context(format!("cannot read the index at {}", dir.display())))?;
        Ok(Snapshot {
            library,
            dir: dir.to_path_buf(),
            stamp,
            lineage: OnceLock::new(),
            searches: Mutex::new(HashMap::new()),
            files: Mutex::new(HashMap::new()),
        })
    }

    /// The index's generation (0 when nothing was ingested).
    pub fn generation(&self) -> u64 {
        self.library.catalogue().map_or(0, |c| c.generation)
    }

    /// The stored lineage of this generation, read once (`None` without an index).
    pub fn lineage(&self) -> Option<Lineage> {
        self.lineage
            .get_or_init(|| super::super::stored_lineage_in(&self.dir, &self.library))
            .clone()
    }

    /// The search index of a revision, opened once.
    pub fn search_index(&self, id: &str) -> anyhow::Result<Arc<RevisionIndex>> {
        if let Some(found) = lock(&self.searches).get(id) {
            return Ok(Arc::clone(found));
        }
        let index = Arc::new(self.library.search_index(id)?);
        lock(&self.searches).insert(id.to_string(), Arc::clone(&index));
        Ok(index)
    }

    /// A whole-revision document (`/cr`, `/file/cr`…), made once per revision and kind.
    pub fn document(
        &self,
        id: &str,
        kind: &'static str,
        make: impl FnOnce() -> anyhow::Result<String>,
    ) -> anyhow::Result<Arc<String>> {
        let key = (id.to_string(), kind);
        if let Some(found) = lock(&self.files).get(&key) {
            return Ok(Arc::clone(found));
        }
        let made = Arc::new(make()?);
        lock(&self.files).insert(key, Arc::clone(&made));
        Ok(made)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The catalogue file's modification time and length, if it exists.
fn stamp(dir: &Path) -> Option<(SystemTime, u64)> {
    let meta = std::fs::metadata(dir.join("catalogue.json")).ok()?;
    Some((meta.modified().ok()?, meta.len()))
}

/// The rules of the index in one folder, as of the newest committed generation.
pub struct Shared {
    dir: PathBuf,
    current: RwLock<Arc<Snapshot>>,
}

impl Shared {
    /// Opens the index in `dir` (the embedded revisions alone when nothing is there).
    pub fn open(dir: &Path) -> anyhow::Result<Shared> {
        Ok(Shared {
            dir: dir.to_path_buf(),
            current: RwLock::new(Arc::new(Snapshot::open(dir)?)),
        })
    }

    /// The snapshot a request answers from: the current one, or, when the catalogue
    /// changed on disk since, the library opened again (a new generation). If the new
    /// catalogue can't be read, the last good snapshot goes on answering.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        let now = stamp(&self.dir);
        let current = Arc::clone(&self.current.read().unwrap_or_else(|p| p.into_inner()));
        if current.stamp == now {
            return current;
        }
        match Snapshot::open(&self.dir) {
            Ok(fresh) => {
                let fresh = Arc::new(fresh);
                let mut slot = self.current.write().unwrap_or_else(|p| p.into_inner());
                if slot.stamp != fresh.stamp {
                    *slot = Arc::clone(&fresh);
                }
                Arc::clone(&slot)
            }
            Err(_) => current,
        }
    }
}
