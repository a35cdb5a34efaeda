//! The store while this process holds its write lock: revisions written beside the
//! catalogue and committed by swapping it whole, search indexes built beside and renamed
//! into place, and what an interrupted writer left behind cleaned away.

use super::*;

/// The store while this process holds the write lock (released on drop, or by the
/// system when the process ends).
pub struct Writer<'s> {
    pub(super) store: &'s Store,
    pub(super) _lock: File,
    pub(super) catalogue: Catalogue,
    pub(super) recovered: Option<String>,
}

static TMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// A number for a temporary name no other of this process's has.
pub(super) fn next_tmp() -> u64 {
    TMP_COUNTER.fetch_add(1, Ordering::Relaxed)
}

impl Writer<'_> {
    /// The catalogue as committed (or as last committed by this writer, or as rebuilt
    /// from the revision folders).
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    pub fn store(&self) -> &Store {
        self.store
    }

    /// When the catalogue was missing or damaged: what happened and what was rebuilt
    /// (committed by the next [`Writer::commit`]).
    pub fn recovered(&self) -> Option<&str> {
        self.recovered.as_deref()
    }

    /// The generation the next commit makes current.
    pub fn next_generation(&self) -> u64 {
        self.catalogue.generation + 1
    }

    /// Removes what arbiter wrote and no catalogue needs any more: half-built folders and
    /// files left by a kill (named as this module names them), folders of replaced
    /// revisions (their own model says they are arbiter's), search indexes of other
    /// schema versions, lineages of generations before the previous one (a reader that
    /// read the previous catalogue may still be reading its lineage), and the empty lock
    /// file of earlier layouts. Nothing else: not a folder whose model can't be read (the
    /// user is told it was left), not a file the user put there. Never anything while the
    /// catalogue is a recovered one not yet committed.
    pub fn clean(&self) {
        if self.recovered.is_some() {
            return;
        }
        let revisions = self.store.root.join(REVISIONS);
        let keep = format!("search-v{}", self.catalogue.schema_version);
        for (name, path) in entries(&revisions) {
            if is_ours_unfinished(&name) {
                let _ = fs::remove_dir_all(&path);
                continue;
            }
            if self.catalogue.revisions.iter().all(|e| e.dir != name) {
                if self.store.is_replaced_revision(&path) {
                    let _ = fs::remove_dir_all(&path);
                }
                continue;
            }
            for (sub_name, sub) in entries(&path) {
                let other_schema = sub_name.starts_with("search-v") && sub_name != keep;
                if other_schema || is_ours_unfinished(&sub_name) {
                    // A rule table being written is a file; the rest, folders.
                    let _ = fs::remove_dir_all(&sub).or_else(|_| fs::remove_file(&sub));
                }
            }
        }
        // Embedded revisions' indexes of another schema, and unfinished ones.
        for (name, path) in entries(&self.store.root.join(EMBEDDED)) {
            let other_schema = embedded_schema(&name).is_some_and(|v| v != SCHEMA_VERSION);
            if is_ours_unfinished(&name) || other_schema {
                let _ = fs::remove_dir_all(&path);
            }
        }
        let generation = self.catalogue.generation;
        for (name, path) in entries(&self.store.root) {
            let stale_lineage = super::super::lineage::generation_of(&name)
                .is_some_and(|g| g + 1 < generation)
                && super::super::lineage::is_sealed_file(&path);
            // The lock file of earlier layouts (empty): the folder itself is locked now.
            let old_lock =
                cfg!(unix) && name == "lock" && fs::metadata(&path).is_ok_and(|m| m.len() == 0);
            if is_ours_unfinished(&name) || stale_lineage || old_lock {
                let _ = fs::remove_file(&path);
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
        let tmp = self.tmp_in(&revisions, &name);
        fs::create_dir_all(&tmp).map_err(|e| IndexError::io(&tmp, e))?;
        let model = tmp.join(MODEL);
        let bytes = encode_model(&model, revision)?;
        fault::write("model-write")
            .and_then(|()| fs::write(&model, &bytes))
            .map_err(|e| IndexError::io(&model, e))?;
        // Its rule table (see `rules`): a lookup reads one rule, not the model.
        if let Some(table) = model_body_start(&bytes)
            .and_then(|body| super::super::rules::encode(revision, &bytes, body))
        {
            let path = super::super::rules::path(&tmp);
            fault::write("rules-write")
                .and_then(|()| fs::write(&path, &table))
                .map_err(|e| IndexError::io(&path, e))?;
        }
        let search = tmp.join(format!("search-v{SCHEMA_VERSION}"));
        let search_crc32 = build_search(revision, &search)?;
        if final_dir.exists() {
            // Left by an earlier writer that was killed before its commit.
            fs::remove_dir_all(&final_dir).map_err(|e| IndexError::io(&final_dir, e))?;
        }
        fs::rename(&tmp, &final_dir).map_err(|e| IndexError::io(&final_dir, e))?;
        fault::point("revision-written");
        let mut entry = Entry::of(revision, name);
        entry.model_crc32 = Some(crc32fast::hash(&bytes));
        entry.search_crc32 = Some(search_crc32);
        entry.search_stamp = self.store.search_stamp_of(&entry);
        Ok(entry)
    }

    fn tmp_in(&self, dir: &Path, name: &str) -> PathBuf {
        dir.join(format!(
            "{TMP_PREFIX}{}-{}-{name}",
            std::process::id(),
            next_tmp()
        ))
    }

    /// Stores the search index of an embedded revision under `embedded/`, unless an
    /// intact one is there already: built under a temporary name, then renamed into place
    /// complete, its checksum in its folder's name (so the name and the files can never
    /// disagree unnoticed). Returns whether it was built.
    pub fn write_embedded_search(&self, revision: &Revision) -> Result<bool, IndexError> {
        if self.store.embedded_search(&revision.content_hash).is_some() {
            return Ok(false);
        }
        let dir = self.store.root.join(EMBEDDED);
        fs::create_dir_all(&dir).map_err(|e| IndexError::io(&dir, e))?;
        if let Some((damaged, _)) = self.store.embedded_dir(&revision.content_hash) {
            fs::remove_dir_all(&damaged).map_err(|e| IndexError::io(&damaged, e))?;
        }
        let prefix = embedded_prefix(&revision.content_hash);
        let tmp = self.tmp_in(&dir, &prefix);
        let crc = build_search(revision, &tmp)?;
        let target = dir.join(format!("{prefix}{crc:08x}"));
        fs::rename(&tmp, &target).map_err(|e| IndexError::io(&target, e))?;
        Ok(true)
    }

    /// Removes the stored search indexes of embedded revisions other than `revisions`
    /// (left by an arbiter built with other revisions); only folders named as arbiter
    /// names them.
    pub fn keep_embedded_search(&self, revisions: &[Revision]) {
        let prefixes: Vec<String> = revisions
            .iter()
            .map(|r| embedded_prefix(&r.content_hash))
            .collect();
        for (name, path) in entries(&self.store.root.join(EMBEDDED)) {
            if embedded_schema(&name).is_some() && !prefixes.iter().any(|p| name.starts_with(p)) {
                let _ = fs::remove_dir_all(&path);
            }
        }
    }

    /// Builds the search index of a stored revision again from its model (the schema
    /// changed, it has no checksum yet, or its files are damaged). Returns the entry with
    /// the new checksums, for the next commit.
    pub fn rebuild_search(&self, entry: &Entry) -> Result<Entry, IndexError> {
        let revision = self.store.load(entry)?;
        let target = self.store.search_dir(&entry.dir);
        let tmp = self.tmp_in(&self.store.root.join(REVISIONS).join(&entry.dir), "search");
        let search_crc32 = build_search(&revision, &tmp)?;
        if target.exists() {
            fs::remove_dir_all(&target).map_err(|e| IndexError::io(&target, e))?;
        }
        fs::rename(&tmp, &target).map_err(|e| IndexError::io(&target, e))?;
        fault::point("search-rebuilt");
        let mut entry = entry.clone();
        if entry.model_crc32.is_none() {
            entry.model_crc32 = self.store.verify_model(&entry).ok();
        }
        entry.search_crc32 = Some(search_crc32);
        entry.search_stamp = self.store.search_stamp_of(&entry);
        Ok(entry)
    }

    /// Makes `next` the current generation, atomically: first everything written so far
    /// (revision folders, the lineage of the next generation) is made durable (one
    /// file-system sync rather than one per file), then the new catalogue is written
    /// beside the old one, synced, and renamed over it.
    pub fn commit(&mut self, mut next: Catalogue) -> Result<(), IndexError> {
        make_durable(&self.store.root, &next)?;
        next.store_version = STORE_VERSION;
        next.schema_version = SCHEMA_VERSION;
        next.generation = self.next_generation();
        next.checksum = None;
        let root = &self.store.root;
        let tmp = root.join(format!("{TMP_PREFIX}{}-{CATALOGUE}", std::process::id()));
        let json = next.to_json();
        write_synced(&tmp, |w| {
            fault::write("catalogue-write")?;
            w.write_all(&json)
        })?;
        fault::point("catalogue-written");
        let path = root.join(CATALOGUE);
        fs::rename(&tmp, &path).map_err(|e| IndexError::io(&path, e))?;
        sync_dir(root);
        fault::point("catalogue-commit");
        self.catalogue = next;
        self.recovered = None;
        Ok(())
    }
}

/// The entries of a folder, with their names (none when it can't be read).
fn entries(dir: &Path) -> Vec<(String, PathBuf)> {
    fs::read_dir(dir)
        .map(|items| {
            items
                .flatten()
                .map(|i| (i.file_name().to_string_lossy().into_owned(), i.path()))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether a name is one this module gives what it is still writing:
/// `.tmp-<process>-<count>-<name>` (folders), `.tmp-<process>-catalogue.json` and
/// `.tmp-<process>-lineage` (files).
fn is_ours_unfinished(name: &str) -> bool {
    let Some(rest) = name.strip_prefix(TMP_PREFIX) else {
        return false;
    };
    let Some((process, rest)) = rest.split_once('-') else {
        return false;
    };
    if process.is_empty() || !process.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    if rest == CATALOGUE || rest == "lineage" {
        return true;
    }
    rest.split_once('-')
        .is_some_and(|(count, _)| !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()))
}

/// The schema of an embedded revision's stored search index, from its folder's name
/// (`<hash>-v<schema>-<crc32>`); `None` for a name arbiter doesn't give.
fn embedded_schema(name: &str) -> Option<u32> {
    let (rest, crc) = name.rsplit_once('-')?;
    if crc.len() != 8 || !crc.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let (_, schema) = rest.rsplit_once("-v")?;
    schema.parse().ok()
}
