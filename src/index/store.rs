//! The on-disk layout of the index and how it changes safely.
//!
//! ```text
//! index/
//!   catalogue.json            the revisions of the current generation: the commit point,
//!                             with a checksum of itself and of each revision's files
//!   lineage-g<generation>.bin the rule lineage of that generation (see `lineage`)
//!   revisions/<id>-<hash>/    one folder per ingested revision, never changed once built
//!     model.bin               the revision's full rule model (postcard, versioned header;
//!                             indexes written before layout 2 have model.json instead)
//!     rules.bin               where each rule lies in model.bin and who cites it, so
//!                             that `arbiter rule` reads one rule (see `rules`); written
//!                             with the folder, or by the next ingest for older folders
//!     search-v<schema>/       its tantivy index
//!   embedded/<hash>-v<schema>-<crc32>/
//!                             the search index of an embedded revision (its content hash,
//!                             the schema, the checksum of its files), stored by `arbiter
//!                             ingest` so that `--all-revisions` does not index the
//!                             embedded revisions again on every search
//! ```
//!
//! A writer locks the index folder itself (an advisory lock on the open folder, which the
//! system releases when the process ends however it ends, and which no one can delete
//! from under it), builds new revision folders under temporary names and renames each
//! into place only when complete, writes the lineage of the next generation, makes it all
//! durable with one sync, then writes the new catalogue to a temporary file, syncs it and
//! renames it over `catalogue.json`. Readers take no lock and write nothing: they read
//! the catalogue and the files it names, which never change, so a kill or a full disk at
//! any moment leaves either the previous generation or the new one, each complete.
//! Folders and lineage files no catalogue names are removed the next time a writer holds
//! the lock.
//!
//! Every file carries a checksum: the catalogue its own, each revision's entry that of
//! its `model.bin` and of its search files together (CRC-32: it catches any damage to up
//! to four bytes in a row and costs a tenth of a millisecond a megabyte), the lineage file
//! its own. A mismatch is an error naming the file and the repair, never a wrong answer.

use std::fs::{self, File};
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::{Deserialize, Serialize};

use super::fault;
use super::schema::SCHEMA_VERSION;
use super::search::RevisionIndex;
use super::IndexError;
use crate::model::{Date, Format, Revision};

mod writer;
pub use writer::Writer;

/// The version of this layout. Layout 1 stored each model as `model.json`; layout 2 as
/// `model.bin`; layout 3 adds the checksums. All are read; a writer commits layout 3.
pub const STORE_VERSION: u32 = 3;

/// The layouts this arbiter reads.
const READABLE_STORE_VERSIONS: [u32; 3] = [1, 2, STORE_VERSION];

/// The first bytes of `model.bin`, then [`MODEL_VERSION`] as four little-endian bytes.
const MODEL_MAGIC: &[u8; 14] = b"arbiter-model\0";

/// The version of the model's binary encoding: bump it whenever a type under
/// `crate::model::Revision` changes shape (the `stored_model_encoding_is_pinned` test
/// fails until you do), so an older file is refused with advice instead of misread.
/// Version 2 adds the file's own checksum; version 1 (the same model without it) is read.
pub const MODEL_VERSION: u32 = 2;

pub(crate) const CATALOGUE: &str = "catalogue.json";
/// The lock file of layouts 1 to 3 (removed when seen: the folder itself is locked now).
#[cfg(not(unix))]
const LOCK: &str = "lock";
const REVISIONS: &str = "revisions";
const EMBEDDED: &str = "embedded";
const MODEL: &str = "model.bin";
/// The model as layout 1 stored it.
const MODEL_JSON: &str = "model.json";
pub(crate) const TMP_PREFIX: &str = ".tmp-";

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
    /// CRC-32 of this catalogue written with no checksum (layout 3 on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checksum: Option<u32>,
}

impl Catalogue {
    /// A catalogue with no revisions.
    pub fn empty() -> Catalogue {
        Catalogue {
            store_version: STORE_VERSION,
            schema_version: SCHEMA_VERSION,
            generation: 0,
            revisions: Vec::new(),
            checksum: None,
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

    /// Whether a revision's search index must be built again before it is searched:
    /// built with another schema, or recorded without a checksum (before layout 3).
    pub fn search_is_stale(&self, entry: &Entry) -> bool {
        self.schema_version != SCHEMA_VERSION || entry.search_crc32.is_none()
    }

    /// `catalogue.json` as written: pretty JSON with its checksum.
    pub fn to_json(&self) -> Vec<u8> {
        let mut sealed = Catalogue {
            checksum: None,
            ..self.clone()
        };
        sealed.checksum = Some(crc32fast::hash(&pretty(&sealed)));
        pretty(&sealed)
    }

    /// Reads `catalogue.json`, checking its checksum when it has one.
    pub fn from_json(path: &Path, bytes: &[u8]) -> Result<Catalogue, IndexError> {
        let damaged = |why: String| IndexError::Damaged {
            path: path.to_path_buf(),
            why,
            fix: Repair::Catalogue,
        };
        let catalogue: Catalogue =
            serde_json::from_slice(bytes).map_err(|e| damaged(e.to_string()))?;
        if !READABLE_STORE_VERSIONS.contains(&catalogue.store_version) {
            return Err(IndexError::Incompatible {
                path: path.to_path_buf(),
                found: catalogue.store_version,
                expected: STORE_VERSION,
            });
        }
        if let Some(expected) = catalogue.checksum {
            // The file as `to_json` wrote it is the catalogue without a checksum with
            // the checksum put last: its CRC-32 is checked on the bytes read with that
            // field taken out, without writing the catalogue again; a file laid out
            // otherwise is checked as written again.
            let found = match sealed_crc(bytes, expected) {
                Some(crc) if crc == expected => crc,
                _ => crc32fast::hash(&pretty(&Catalogue {
                    checksum: None,
                    ..catalogue.clone()
                })),
            };
            if found != expected {
                return Err(damaged("its checksum does not match its content".into()));
            }
        } else if catalogue.store_version >= 3 {
            return Err(damaged("its checksum is missing".into()));
        }
        Ok(catalogue)
    }
}

/// The CRC-32 of a catalogue's bytes without its checksum field, when it lies where
/// [`Catalogue::to_json`] puts it (last, `expected` as written): what the checksum was
/// computed on.
fn sealed_crc(bytes: &[u8], expected: u32) -> Option<u32> {
    let field = format!(",\n  \"checksum\": {expected}\n}}");
    let rest = bytes.strip_suffix(field.as_bytes())?;
    let mut hasher = crc32fast::Hasher::new();
    hasher.update(rest);
    hasher.update(b"\n}");
    Some(hasher.finalize())
}

fn pretty(catalogue: &Catalogue) -> Vec<u8> {
    // A catalogue is plain data: serializing it cannot fail.
    serde_json::to_vec_pretty(catalogue).unwrap_or_default()
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
    /// CRC-32 of its `model.bin` (layout 3 on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_crc32: Option<u32>,
    /// CRC-32 of its search files, in name order (layout 3 on; see [`search_checksum`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search_crc32: Option<u32>,
    /// The names, lengths and modification times of its search files when they were built
    /// (see [`search_stamp`]): `arbiter ingest` notes a change; readers check the bytes
    /// against `search_crc32` whatever it says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search_stamp: Option<u32>,
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
            model_crc32: None,
            search_crc32: None,
            search_stamp: None,
        }
    }
}

/// What repairs a damaged file: said in the error, done by `arbiter ingest`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Repair {
    /// The catalogue: `arbiter ingest` rebuilds it from the revision folders.
    Catalogue,
    /// A stored model: only its source file has the text again.
    Model { id: String, source: String },
    /// A search index or the lineage: `arbiter ingest` builds it again from the models.
    Rebuild,
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

    /// The current catalogue; `None` when nothing was ever ingested here. A catalogue
    /// that is missing while revision folders are stored is an error (never an empty
    /// index: that would hide them, and a writer would remove them).
    pub fn catalogue(&self) -> Result<Option<Catalogue>, IndexError> {
        let path = self.root.join(CATALOGUE);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let stored = self.stored_folders().len();
                if stored > 0 {
                    return Err(IndexError::MissingCatalogue { path, stored });
                }
                return Ok(None);
            }
            Err(_) if path.is_dir() => {
                return Err(IndexError::Damaged {
                    path,
                    why: "it is a folder, not a file".into(),
                    fix: Repair::Catalogue,
                })
            }
            Err(e) => return Err(IndexError::io(&path, e)),
        };
        Catalogue::from_json(&path, &bytes).map(Some)
    }

    /// The revision folders under `revisions/`, finished ones only, by name.
    fn stored_folders(&self) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(self.root.join(REVISIONS))
            .map(|dir| {
                dir.flatten()
                    .filter(|item| item.path().is_dir())
                    .map(|item| item.file_name().to_string_lossy().into_owned())
                    .filter(|name| !name.starts_with(TMP_PREFIX))
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    fn model_path(&self, entry: &Entry) -> PathBuf {
        self.root.join(REVISIONS).join(&entry.dir).join(MODEL)
    }

    /// The stored bytes of a revision's model (`model.bin`, or `model.json` of layout
    /// 1), checked against the recorded checksum, and where they were read.
    fn model_bytes(&self, entry: &Entry) -> Result<(Vec<u8>, PathBuf), IndexError> {
        let path = self.model_path(entry);
        let (bytes, path) = match fs::read(&path) {
            Ok(bytes) => (bytes, path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let legacy = path.with_file_name(MODEL_JSON);
                match fs::read(&legacy) {
                    Ok(bytes) => (bytes, legacy),
                    // Neither: the folder was removed or damaged.
                    Err(_) => return Err(damaged_model(&path, entry, "it is missing")),
                }
            }
            Err(e) => return Err(IndexError::io(&path, e)),
        };
        match entry.model_crc32 {
            Some(expected) if crc32fast::hash(&bytes) != expected => {
                Err(damaged_model(&path, entry, "its checksum does not match"))
            }
            _ => Ok((bytes, path)),
        }
    }

    fn decode(entry: &Entry, path: &Path, bytes: &[u8]) -> Result<Revision, IndexError> {
        if path.ends_with(MODEL_JSON) {
            return serde_json::from_slice(bytes)
                .map_err(|e| damaged_model(path, entry, &e.to_string()));
        }
        decode_model(path, bytes).map_err(|e| match e {
            IndexError::Corrupt { why, .. } => damaged_model(path, entry, &why),
            other => other,
        })
    }

    /// The full rule model of an ingested revision, checked against its checksum.
    pub fn load(&self, entry: &Entry) -> Result<Revision, IndexError> {
        let (bytes, path) = self.model_bytes(entry)?;
        Self::decode(entry, &path, &bytes)
    }

    /// One rule of an ingested revision, with what its view needs, read through the
    /// revision's rule table (see [`super::rules`]) without decoding the whole model.
    /// `Ok(None)`: no table answers (an index written before them, or a model with no
    /// recorded checksum); the caller loads the model. A damaged table or model entry is
    /// an error naming the file.
    pub fn lookup_rule(
        &self,
        entry: &Entry,
        number: &crate::model::RuleNumber,
    ) -> Result<Option<super::rules::Lookup>, IndexError> {
        let Some(model_crc) = entry.model_crc32 else {
            return Ok(None);
        };
        let dir = self.root.join(REVISIONS).join(&entry.dir);
        super::rules::lookup(
            &super::rules::path(&dir),
            &dir.join(MODEL),
            model_crc,
            number,
        )
    }

    /// Writes a revision's rule table again when it is missing, damaged or does not
    /// describe its model (an index written before tables, or damage): built from the
    /// stored model, written beside it under a temporary name and renamed into place.
    /// Readers of any generation may read it at once: it only says where the folder's
    /// unchanging model holds each rule. Returns whether it was written.
    pub fn mend_rule_table(&self, entry: &Entry, model_crc: u32) -> Result<bool, IndexError> {
        let dir = self.root.join(REVISIONS).join(&entry.dir);
        let table = super::rules::path(&dir);
        if super::rules::is_intact(&table, model_crc) {
            return Ok(false);
        }
        let (bytes, path) = self.model_bytes(entry)?;
        let Some(body) = model_body_start(&bytes) else {
            return Ok(false);
        };
        let revision = Self::decode(entry, &path, &bytes)?;
        let Some(encoded) = super::rules::encode(&revision, &bytes, body) else {
            return Ok(false);
        };
        let partial = dir.join(format!(
            "{TMP_PREFIX}{}-{}-{}",
            std::process::id(),
            writer::next_tmp(),
            super::rules::FILE
        ));
        fault::write("rules-write")
            .and_then(|()| fs::write(&partial, &encoded))
            .map_err(|e| {
                let _ = fs::remove_file(&partial);
                IndexError::io(&partial, e)
            })?;
        fs::rename(&partial, &table).map_err(|e| IndexError::io(&table, e))?;
        Ok(true)
    }

    /// Checks a revision's stored model and returns its checksum: against the recorded
    /// one, or (recorded before layout 3) by reading it whole.
    pub fn verify_model(&self, entry: &Entry) -> Result<u32, IndexError> {
        let (bytes, path) = self.model_bytes(entry)?;
        if entry.model_crc32.is_none() {
            Self::decode(entry, &path, &bytes)?;
        }
        Ok(crc32fast::hash(&bytes))
    }

    /// Whether a revision's search files still match their checksum (true when none was
    /// recorded, before layout 3), read byte by byte on every open: bit rot keeps a file's
    /// length and modification time, and tantivy reading a damaged file may rank wrongly,
    /// panic or abort, so no stamp stands in for the bytes.
    pub fn search_is_intact(&self, entry: &Entry) -> bool {
        self.search_is_verified(entry)
    }

    /// Whether a revision's search files match their checksum, read byte by byte whatever
    /// their stamp says (`arbiter ingest` checks so; true when no checksum was recorded).
    pub fn search_is_verified(&self, entry: &Entry) -> bool {
        entry.search_crc32.is_none_or(|expected| {
            search_checksum(&self.search_dir(&entry.dir)).ok() == Some(expected)
        })
    }

    /// The stamp of a revision's search files as they are now (see [`search_stamp`]).
    pub fn search_stamp_of(&self, entry: &Entry) -> Option<u32> {
        search_stamp(&self.search_dir(&entry.dir)).ok()
    }

    /// The search index of an ingested revision, opened for reading only, after its files
    /// are checked against their checksum. Damage is reported, never a panic.
    pub fn open_search(&self, entry: &Entry) -> Result<RevisionIndex, IndexError> {
        let dir = self.search_dir(&entry.dir);
        let damaged = |why: String| IndexError::Damaged {
            path: dir.clone(),
            why,
            fix: Repair::Rebuild,
        };
        if !self.search_is_intact(entry) {
            return Err(damaged("its files do not match their checksum".to_string()));
        }
        super::guard(|| RevisionIndex::open(&dir))
            .map_err(&damaged)?
            .map_err(|e| match e {
                IndexError::Tantivy { .. } => damaged("tantivy cannot open it".to_string()),
                other => other,
            })
    }

    /// The search index of an embedded revision as `arbiter ingest` stored it (see
    /// [`Writer::write_embedded_search`]), its files checked against the checksum its
    /// folder's name carries; `None` when there is none for this revision and schema, or
    /// it is damaged (the caller indexes the revision in memory, as before it was stored).
    /// `content_hash` is the revision's ([`Revision::content_hash`]; the embedded manifest
    /// records it, so the revision need not be read to find its index).
    pub fn embedded_search(&self, content_hash: &str) -> Option<RevisionIndex> {
        let (dir, expected) = self.embedded_dir(content_hash)?;
        if search_checksum(&dir).ok()? != expected {
            return None;
        }
        super::guard(|| RevisionIndex::open(&dir)).ok()?.ok()
    }

    /// The folder of an embedded revision's stored search index and the checksum its name
    /// records, if there is one for this revision and this schema.
    fn embedded_dir(&self, content_hash: &str) -> Option<(PathBuf, u32)> {
        let prefix = embedded_prefix(content_hash);
        let dir = self.root.join(EMBEDDED);
        fs::read_dir(&dir).ok()?.flatten().find_map(|item| {
            let name = item.file_name().to_string_lossy().into_owned();
            let crc = u32::from_str_radix(name.strip_prefix(&prefix)?, 16).ok()?;
            Some((item.path(), crc))
        })
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
        let (file, path) = self.lock_target()?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => {
                on_wait();
                file.lock().map_err(|e| IndexError::io(&path, e))?;
            }
            Err(fs::TryLockError::Error(e)) => return Err(IndexError::io(&path, e)),
        }
        self.writer(file)
    }

    /// Takes the write lock if no one holds it and the index can be written; `None`
    /// otherwise (a reader that would like to write a missing file, not wait for it).
    pub fn try_lock(&self) -> Option<Writer<'_>> {
        let (file, _) = self.lock_target().ok()?;
        file.try_lock().ok()?;
        self.writer(file).ok()
    }

    /// What the write lock is taken on: the index folder itself, which a writer cannot
    /// have deleted from under it (elsewhere than Unix, a `lock` file in it).
    fn lock_target(&self) -> Result<(File, PathBuf), IndexError> {
        #[cfg(unix)]
        let path = self.root.clone();
        #[cfg(unix)]
        let file = File::open(&path);
        #[cfg(not(unix))]
        let path = self.root.join(LOCK);
        #[cfg(not(unix))]
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path);
        let file = file.map_err(|e| IndexError::io(&path, e))?;
        Ok((file, path))
    }

    /// The writer of a locked index. Reads the catalogue only now (another writer may
    /// have just committed); a missing or unreadable one is rebuilt from the revision
    /// folders, and committed with the writer's next commit.
    fn writer(&self, lock: File) -> Result<Writer<'_>, IndexError> {
        let (catalogue, recovered) = match self.catalogue() {
            Ok(c) => (c.unwrap_or_else(Catalogue::empty), None),
            Err(e @ (IndexError::MissingCatalogue { .. } | IndexError::Damaged { .. })) => {
                let (catalogue, note) = self.recover_catalogue(&e)?;
                (catalogue, Some(note))
            }
            Err(e) => return Err(e),
        };
        Ok(Writer {
            store: self,
            _lock: lock,
            catalogue,
            recovered,
        })
    }

    /// A catalogue rebuilt from the revision folders (each folder's model says what it
    /// holds; of two folders with one id, the newer is kept). A damaged catalogue is kept
    /// beside as `catalogue.json.damaged`. Generation numbers go on from the newest
    /// lineage file, so no reader confuses the two.
    fn recover_catalogue(&self, why: &IndexError) -> Result<(Catalogue, String), IndexError> {
        let path = self.root.join(CATALOGUE);
        if path.exists() {
            let aside = self.root.join(format!("{CATALOGUE}.damaged"));
            fs::rename(&path, &aside).map_err(|e| IndexError::io(&aside, e))?;
        }
        let mut catalogue = Catalogue::empty();
        catalogue.generation = super::lineage::newest_generation(&self.root).unwrap_or(0);
        let vouched = self.checksums_of_damaged_catalogue();
        let mut unreadable = Vec::new();
        let mut newest: Vec<(std::time::SystemTime, Entry)> = Vec::new();
        for name in self.stored_folders() {
            let dir = self.root.join(REVISIONS).join(&name);
            let model = dir.join(MODEL);
            let read = fs::read(&model)
                .map_err(|e| IndexError::io(&model, e))
                .and_then(|bytes| {
                    let crc = crc32fast::hash(&bytes);
                    // A model is taken only when a checksum vouches for it: its own, or
                    // (written before models had one) the damaged catalogue's.
                    if !model_vouches_for_itself(&bytes) && vouched.get(&name) != Some(&crc) {
                        return Err(IndexError::Corrupt {
                            path: model.clone(),
                            why: "no checksum vouches for it".into(),
                        });
                    }
                    decode_model(&model, &bytes).map(|r| (r, crc))
                });
            let (revision, crc) = match read {
                Ok(r) => r,
                Err(_) => {
                    unreadable.push(name);
                    continue;
                }
            };
            let modified = fs::metadata(&model)
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            let mut entry = Entry::of(&revision, name);
            entry.model_crc32 = Some(crc);
            match newest.iter_mut().find(|(_, e)| e.id == entry.id) {
                Some(slot) if slot.0 < modified => *slot = (modified, entry),
                Some(_) => {}
                None => newest.push((modified, entry)),
            }
        }
        for (_, entry) in newest {
            catalogue.put(entry);
        }
        let mut note = format!(
            "{}; rebuilt it from the {} revisions stored in {}",
            why.what(),
            catalogue.revisions.len(),
            self.root.join(REVISIONS).display()
        );
        if !unreadable.is_empty() {
            note.push_str(&format!(
                " ({} folders could not be read or verified and were left as they are: {}; ingest their revisions again from their files)",
                unreadable.len(),
                unreadable.join(", ")
            ));
        }
        Ok((catalogue, note))
    }
}

impl Store {
    /// The model checksums a damaged catalogue (set aside as `catalogue.json.damaged`)
    /// still records, by folder: whatever of it can be read, its own checksum aside.
    fn checksums_of_damaged_catalogue(&self) -> std::collections::HashMap<String, u32> {
        let aside = self.root.join(format!("{CATALOGUE}.damaged"));
        let Ok(bytes) = fs::read(&aside) else {
            return Default::default();
        };
        let Ok(catalogue) = serde_json::from_slice::<Catalogue>(&bytes) else {
            return Default::default();
        };
        catalogue
            .revisions
            .into_iter()
            .filter_map(|e| Some((e.dir, e.model_crc32?)))
            .collect()
    }

    /// Whether a folder under `revisions/` is an intact revision arbiter stored (its model
    /// vouches for itself), so that a writer may remove it once no catalogue names it.
    pub(super) fn is_replaced_revision(&self, dir: &Path) -> bool {
        let model = dir.join(MODEL);
        let only_ours = fs::read_dir(dir).is_ok_and(|items| {
            items.flatten().all(|i| {
                let name = i.file_name().to_string_lossy().into_owned();
                name == MODEL
                    || name == super::rules::FILE
                    || name.starts_with("search-v")
                    || name.starts_with(TMP_PREFIX)
            })
        });
        only_ours
            && fs::read(&model).is_ok_and(|bytes| {
                model_vouches_for_itself(&bytes) && decode_model(&model, &bytes).is_ok()
            })
    }
}

fn damaged_model(path: &Path, entry: &Entry, why: &str) -> IndexError {
    IndexError::Damaged {
        path: path.to_path_buf(),
        why: why.to_string(),
        fix: Repair::Model {
            id: entry.id.clone(),
            source: entry.source.clone(),
        },
    }
}

/// The CRC-32 of a revision's search files: each file's name, length and bytes, in name
/// order (tantivy's lock files left by a killed reader of an older arbiter excepted).
pub fn search_checksum(dir: &Path) -> std::io::Result<u32> {
    let mut names: Vec<std::ffi::OsString> = fs::read_dir(dir)?
        .map(|item| item.map(|i| i.file_name()))
        .collect::<std::io::Result<_>>()?;
    names.retain(|n| !n.to_string_lossy().starts_with(".tantivy-"));
    names.sort();
    let mut hasher = crc32fast::Hasher::new();
    // Read in pieces through one small buffer: reading each file whole into a fresh
    // allocation cost more in page faults than the checksum itself (`--all-revisions`
    // checks some 400 files, 48 MB).
    let mut buffer = vec![0u8; 128 << 10];
    for name in names {
        let mut file = File::open(dir.join(&name))?;
        let len = file.metadata()?.len();
        hasher.update(name.as_encoded_bytes());
        hasher.update(&[0]);
        hasher.update(&len.to_le_bytes());
        let mut read = 0u64;
        loop {
            let n = match file.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            hasher.update(&buffer[..n]);
            read += n as u64;
        }
        if read != len {
            return Err(std::io::Error::other(format!(
                "{}: its length changed while it was read",
                dir.join(&name).display()
            )));
        }
    }
    Ok(hasher.finalize())
}

/// A stamp of a revision's search files read from their metadata alone: each file's
/// name, length and modification time (to the nanosecond), in name order. Any write to a
/// file changes its modification time, so an unchanged stamp spares reading the files;
/// a changed one only means they must be checked against [`search_checksum`].
pub fn search_stamp(dir: &Path) -> std::io::Result<u32> {
    let mut files: Vec<(std::ffi::OsString, u64, u128)> = Vec::new();
    for item in fs::read_dir(dir)? {
        let item = item?;
        let name = item.file_name();
        if name.to_string_lossy().starts_with(".tantivy-") {
            continue;
        }
        let meta = item.metadata()?;
        let modified = meta
            .modified()?
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        files.push((name, meta.len(), modified));
    }
    files.sort();
    let mut hasher = crc32fast::Hasher::new();
    for (name, len, modified) in files {
        hasher.update(name.as_encoded_bytes());
        hasher.update(&[0]);
        hasher.update(&len.to_le_bytes());
        hasher.update(&modified.to_le_bytes());
    }
    Ok(hasher.finalize())
}

/// The start of the name of an embedded revision's stored search index: its content hash
/// and the schema; the checksum of its files follows.
fn embedded_prefix(content_hash: &str) -> String {
    let hash: String = content_hash.chars().take(16).collect();
    format!("{}-v{SCHEMA_VERSION}-", safe_name(&hash))
}

/// Builds a revision's search index in `dir`; returns the checksum of its files.
fn build_search(revision: &Revision, dir: &Path) -> Result<u32, IndexError> {
    fault::write("search-write").map_err(|e| IndexError::io(dir, e))?;
    RevisionIndex::build_in_dir(revision, dir)?;
    search_checksum(dir).map_err(|e| IndexError::io(dir, e))
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

/// `model.bin`: [`MODEL_MAGIC`], [`MODEL_VERSION`], the CRC-32 of the rest (four
/// little-endian bytes), then the revision in postcard, a compact binary serde format
/// (about five times faster to load than JSON). The checksum makes the file vouch for
/// itself: a catalogue rebuilt from the revision folders takes no damaged model for good.
fn encode_model(path: &Path, revision: &Revision) -> Result<Vec<u8>, IndexError> {
    let body = postcard::to_stdvec(revision).map_err(|e| IndexError::Corrupt {
        path: path.to_path_buf(),
        why: e.to_string(),
    })?;
    let mut bytes = MODEL_MAGIC.to_vec();
    bytes.extend_from_slice(&MODEL_VERSION.to_le_bytes());
    bytes.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
    bytes.extend_from_slice(&body);
    Ok(bytes)
}

/// Where the postcard body of a stored `model.bin` starts (after the magic, the version
/// and, from version 2, the checksum); `None` for anything else (`model.json`).
fn model_body_start(bytes: &[u8]) -> Option<usize> {
    let version = bytes.strip_prefix(MODEL_MAGIC.as_slice())?.get(..4)?;
    match u32::from_le_bytes([version[0], version[1], version[2], version[3]]) {
        1 => Some(MODEL_MAGIC.len() + 4),
        MODEL_VERSION => Some(MODEL_MAGIC.len() + 8),
        _ => None,
    }
}

/// Whether a model file's own checksum vouches for it: [`MODEL_VERSION`] 2 on; a model of
/// version 1 (written before) has none, and only a catalogue's checksum can vouch for it.
fn model_vouches_for_itself(bytes: &[u8]) -> bool {
    bytes
        .strip_prefix(MODEL_MAGIC.as_slice())
        .and_then(|rest| rest.get(..4))
        .is_some_and(|v| u32::from_le_bytes([v[0], v[1], v[2], v[3]]) >= 2)
}

fn decode_model(path: &Path, bytes: &[u8]) -> Result<Revision, IndexError> {
    let corrupt = |why: String| IndexError::Corrupt {
        path: path.to_path_buf(),
        why,
    };
    let Some(rest) = bytes.strip_prefix(MODEL_MAGIC.as_slice()) else {
        return Err(corrupt("not an arbiter rule model".to_string()));
    };
    let (version, rest) = rest
        .split_at_checked(4)
        .ok_or_else(|| corrupt("truncated".into()))?;
    let version = u32::from_le_bytes([version[0], version[1], version[2], version[3]]);
    let body = match version {
        1 => rest,
        MODEL_VERSION => {
            let (crc, body) = rest
                .split_at_checked(4)
                .ok_or_else(|| corrupt("truncated".into()))?;
            if crc != crc32fast::hash(body).to_le_bytes() {
                return Err(corrupt("its checksum does not match its content".into()));
            }
            body
        }
        _ => {
            return Err(IndexError::Incompatible {
                path: path.to_path_buf(),
                found: version,
                expected: MODEL_VERSION,
            })
        }
    };
    let (revision, left) =
        postcard::take_from_bytes::<Revision>(body).map_err(|e| corrupt(e.to_string()))?;
    if !left.is_empty() {
        return Err(corrupt(format!("{} bytes after the model", left.len())));
    }
    Ok(revision)
}

#[cfg(test)]
mod tests;
