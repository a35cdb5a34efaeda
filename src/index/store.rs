//! The on-disk layout of the index and how it changes safely.
//!
//! ```text
//! index/
//!   lock                      held exclusively by the one arbiter writing
//!   catalogue.json            the revisions of the current generation: the commit point
//!   revisions/<id>-<hash>/    one folder per ingested revision, never changed once built
//!     model.json              the revision's full rule model
//!     search-v<schema>/       its tantivy index
//! ```
//!
//! A writer takes the lock, builds new revision folders under temporary names and renames
//! each into place only when complete, then writes the new catalogue to a temporary file,
//! syncs it and renames it over `catalogue.json`. Readers only read the catalogue and the
//! folders it names, which never change, so a kill at any moment leaves the previous
//! generation working. Folders no catalogue names (half-built or replaced ones) are removed
//! the next time a writer holds the lock.

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use super::schema::SCHEMA_VERSION;
use super::search::RevisionIndex;
use super::IndexError;
use crate::model::{Date, Format, Revision};

/// The version of this layout and of the stored model's serialisation.
pub const STORE_VERSION: u32 = 1;

const CATALOGUE: &str = "catalogue.json";
const LOCK: &str = "lock";
const REVISIONS: &str = "revisions";
const MODEL: &str = "model.json";
const TMP_PREFIX: &str = ".tmp-";

/// The revisions of one generation of the index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Catalogue {
    pub store_version: u32,
    /// The search schema the revisions' tantivy indexes were built with.
    pub schema_version: u32,
    /// Counts commits.
    pub generation: u64,
    /// Oldest first.
    pub revisions: Vec<Entry>,
}

impl Catalogue {
    /// A catalogue with no revisions.
    pub fn empty() -> Catalogue {
        Catalogue {
            store_version: STORE_VERSION,
            schema_version: SCHEMA_VERSION,
            generation: 0,
            revisions: Vec::new(),
        }
    }

    /// The entry with this id.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.revisions.iter().find(|e| e.id == id)
    }

    /// Adds or replaces an entry, keeping the revisions in date order.
    pub fn put(&mut self, entry: Entry) {
        self.revisions.retain(|e| e.id != entry.id);
        self.revisions.push(entry);
        self.revisions
            .sort_by(|a, b| (a.date, &a.id).cmp(&(b.date, &b.id)));
    }
}

/// What the catalogue knows about an ingested revision without loading it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub id: String,
    pub date: Date,
    pub format: Format,
    pub source: String,
    pub complete: bool,
    pub sections: Vec<u8>,
    pub rules: usize,
    pub content_hash: String,
    /// Its folder under `revisions/`.
    pub dir: String,
}

impl Entry {
    fn of(revision: &Revision, dir: String) -> Entry {
        Entry {
            id: revision.id.clone(),
            date: revision.date,
            format: revision.format,
            source: revision.source.clone(),
            complete: revision.complete,
            sections: revision.section_numbers(),
            rules: revision.rules.len(),
            content_hash: revision.content_hash.clone(),
            dir,
        }
    }
}

/// An index folder.
#[derive(Debug, Clone)]
pub struct Store {
    root: PathBuf,
}

impl Store {
    pub fn at(root: impl Into<PathBuf>) -> Store {
        Store { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The current catalogue; `None` when nothing was ever ingested here.
    pub fn catalogue(&self) -> Result<Option<Catalogue>, IndexError> {
        let path = self.root.join(CATALOGUE);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(IndexError::io(&path, e)),
        };
        let catalogue: Catalogue =
            serde_json::from_slice(&bytes).map_err(|e| IndexError::Corrupt {
                path: path.clone(),
                why: e.to_string(),
            })?;
        if catalogue.store_version != STORE_VERSION {
            return Err(IndexError::Incompatible {
                path,
                found: catalogue.store_version,
                expected: STORE_VERSION,
            });
        }
        Ok(Some(catalogue))
    }

    /// The full rule model of an ingested revision.
    pub fn load(&self, entry: &Entry) -> Result<Revision, IndexError> {
        let path = self.root.join(REVISIONS).join(&entry.dir).join(MODEL);
        let bytes = fs::read(&path).map_err(|e| IndexError::io(&path, e))?;
        serde_json::from_slice(&bytes).map_err(|e| IndexError::Corrupt {
            path,
            why: e.to_string(),
        })
    }

    /// The search index of an ingested revision.
    pub fn open_search(&self, entry: &Entry) -> Result<RevisionIndex, IndexError> {
        RevisionIndex::open(&self.search_dir(&entry.dir))
    }

    fn search_dir(&self, dir: &str) -> PathBuf {
        self.root
            .join(REVISIONS)
            .join(dir)
            .join(format!("search-v{SCHEMA_VERSION}"))
    }

    /// Takes the write lock, calling `on_wait` first if another arbiter holds it.
    pub fn lock(&self, on_wait: impl FnOnce()) -> Result<Writer<'_>, IndexError> {
        fs::create_dir_all(self.root.join(REVISIONS)).map_err(|e| IndexError::io(&self.root, e))?;
        let path = self.root.join(LOCK);
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(|e| IndexError::io(&path, e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                on_wait();
                file.lock().map_err(|e| IndexError::io(&path, e))?;
            }
            Err(fs::TryLockError::Error(e)) => return Err(IndexError::io(&path, e)),
        }
        // Read the catalogue only now: another writer may have just committed.
        let catalogue = self.catalogue()?.unwrap_or_else(Catalogue::empty);
        Ok(Writer {
            store: self,
            _lock: file,
            catalogue,
        })
    }
}

/// The store while this process holds the write lock (released on drop).
pub struct Writer<'s> {
    store: &'s Store,
    _lock: File,
    catalogue: Catalogue,
}

static TMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl Writer<'_> {
    /// The catalogue as committed (or as last committed by this writer).
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    pub fn store(&self) -> &Store {
        self.store
    }

    /// Removes what no catalogue names: half-built folders left by a kill, folders of
    /// replaced revisions, search indexes of other schema versions, unfinished catalogues.
    pub fn clean(&self) {
        let revisions = self.store.root.join(REVISIONS);
        let Ok(dir) = fs::read_dir(&revisions) else {
            return;
        };
        for item in dir.flatten() {
            let name = item.file_name().to_string_lossy().into_owned();
            let Some(_entry) = self.catalogue.revisions.iter().find(|e| e.dir == name) else {
                let _ = fs::remove_dir_all(item.path());
                continue;
            };
            let keep = format!("search-v{}", self.catalogue.schema_version);
            if let Ok(inner) = fs::read_dir(item.path()) {
                for sub in inner.flatten() {
                    let sub_name = sub.file_name().to_string_lossy().into_owned();
                    if sub_name != MODEL && sub_name != keep {
                        let _ = fs::remove_dir_all(sub.path());
                    }
                }
            }
        }
        if let Ok(dir) = fs::read_dir(&self.store.root) {
            for item in dir.flatten() {
                if item.file_name().to_string_lossy().starts_with(TMP_PREFIX) {
                    let _ = fs::remove_file(item.path());
                }
            }
        }
    }

    /// Stores a revision (its model and its search index) in a new folder, complete before
    /// it appears under its final name. Not visible to readers until [`Writer::commit`].
    /// Safe to call from several threads at once.
    pub fn write_revision(&self, revision: &Revision) -> Result<Entry, IndexError> {
        let hash: String = revision.content_hash.chars().take(12).collect();
        let name = format!("{}-{}", safe_name(&revision.id), hash);
        let revisions = self.store.root.join(REVISIONS);
        let final_dir = revisions.join(&name);
        let tmp = revisions.join(format!(
            "{TMP_PREFIX}{}-{}-{name}",
            std::process::id(),
            TMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        fs::create_dir_all(&tmp).map_err(|e| IndexError::io(&tmp, e))?;
        let model = tmp.join(MODEL);
        let json = serde_json::to_vec(revision).map_err(|e| IndexError::Corrupt {
            path: model.clone(),
            why: e.to_string(),
        })?;
        fs::write(&model, json).map_err(|e| IndexError::io(&model, e))?;
        RevisionIndex::build_in_dir(revision, &tmp.join(format!("search-v{SCHEMA_VERSION}")))?;
        if final_dir.exists() {
            // Left by an earlier writer that was killed before its commit.
            fs::remove_dir_all(&final_dir).map_err(|e| IndexError::io(&final_dir, e))?;
        }
        fs::rename(&tmp, &final_dir).map_err(|e| IndexError::io(&final_dir, e))?;
        Ok(Entry::of(revision, name))
    }

    /// Builds the search index of an already stored revision again (schema changed).
    pub fn rebuild_search(&self, entry: &Entry) -> Result<(), IndexError> {
        let revision = self.store.load(entry)?;
        let target = self.store.search_dir(&entry.dir);
        let tmp = self
            .store
            .root
            .join(REVISIONS)
            .join(&entry.dir)
            .join(format!(
                "{TMP_PREFIX}{}-{}",
                std::process::id(),
                TMP_COUNTER.fetch_add(1, Ordering::Relaxed)
            ));
        RevisionIndex::build_in_dir(&revision, &tmp)?;
        if target.exists() {
            fs::remove_dir_all(&target).map_err(|e| IndexError::io(&target, e))?;
        }
        fs::rename(&tmp, &target).map_err(|e| IndexError::io(&target, e))
    }

    /// Makes `next` the current generation, atomically: first everything written so far
    /// is made durable (one file-system sync rather than one per file), then the new
    /// catalogue is written beside the old one, synced, and renamed over it.
    pub fn commit(&mut self, mut next: Catalogue) -> Result<(), IndexError> {
        make_durable(&self.store.root, &next)?;
        next.store_version = STORE_VERSION;
        next.schema_version = SCHEMA_VERSION;
        next.generation = self.catalogue.generation + 1;
        let root = &self.store.root;
        let tmp = root.join(format!("{TMP_PREFIX}{}-{CATALOGUE}", std::process::id()));
        write_synced(&tmp, |w| {
            serde_json::to_writer_pretty(w, &next).map_err(std::io::Error::other)
        })?;
        let path = root.join(CATALOGUE);
        fs::rename(&tmp, &path).map_err(|e| IndexError::io(&path, e))?;
        sync_dir(root);
        self.catalogue = next;
        Ok(())
    }
}

/// A folder name for a revision id: letters, digits, `.`, `-` and `_` kept, the rest `_`.
fn safe_name(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn write_synced(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<&File>) -> std::io::Result<()>,
) -> Result<(), IndexError> {
    let io = |e| IndexError::io(path, e);
    let file = File::create(path).map_err(io)?;
    let mut w = BufWriter::new(&file);
    fill(&mut w).map_err(io)?;
    w.flush().map_err(io)?;
    drop(w);
    file.sync_all().map_err(io)
}

/// Makes the files of the revisions in `catalogue` durable before it is committed.
#[cfg(target_os = "linux")]
fn make_durable(root: &Path, _catalogue: &Catalogue) -> Result<(), IndexError> {
    use std::os::fd::AsRawFd;
    let dir = File::open(root).map_err(|e| IndexError::io(root, e))?;
    // SAFETY: `syncfs` only reads the descriptor, which `dir` keeps open for the call.
    if unsafe { libc::syncfs(dir.as_raw_fd()) } != 0 {
        return Err(IndexError::io(root, std::io::Error::last_os_error()));
    }
    Ok(())
}

/// Makes the files of the revisions in `catalogue` durable before it is committed.
#[cfg(not(target_os = "linux"))]
fn make_durable(root: &Path, catalogue: &Catalogue) -> Result<(), IndexError> {
    fn sync_tree(path: &Path) -> std::io::Result<()> {
        if path.is_dir() {
            for item in fs::read_dir(path)? {
                sync_tree(&item?.path())?;
            }
            sync_dir(path);
            Ok(())
        } else {
            File::open(path)?.sync_all()
        }
    }
    for entry in &catalogue.revisions {
        let dir = root.join(REVISIONS).join(&entry.dir);
        sync_tree(&dir).map_err(|e| IndexError::io(&dir, e))?;
    }
    sync_dir(&root.join(REVISIONS));
    Ok(())
}

/// Makes a rename in `dir` durable (best effort: not every platform can open folders).
fn sync_dir(dir: &Path) {
    if let Ok(f) = File::open(dir) {
        let _ = f.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folder_names_are_safe_whatever_the_id() {
        assert_eq!(safe_name("2026-04-17"), "2026-04-17");
        assert_eq!(safe_name("../x y"), ".._x_y");
        assert_eq!(safe_name("a/b\\c"), "a_b_c");
    }
}
