//! Keeping the stored revisions whole: every checksum verified at each ingest, search
//! files rebuilt from the stored models when damaged, stale (another schema) or written
//! before checksums, and the lineage of the current generation always present: written
//! before the generation is committed, and written again by whichever command finds it
//! missing or damaged.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use anyhow::Context as _;

use super::{lock, parallel, Progress};
use crate::diff::lineage::Lineage;
use crate::index::{self, fault, Catalogue, Entry, IndexError, Store, Writer};
use crate::library::Library;
use crate::model::Revision;

/// What checking the stored revisions found.
#[derive(Debug, Default)]
pub(super) struct Check {
    /// Entries with new checksums or a rebuilt search index, for the next commit.
    pub mended: Vec<Entry>,
    /// Revisions whose model is damaged, by id, with what repairs them.
    pub damaged: HashMap<String, String>,
    /// Search indexes built again.
    pub rebuilt: usize,
    /// What was mended on the way, or could not be (rule tables).
    pub notes: Vec<String>,
}

/// Verifies every stored revision against its checksums and rebuilds the search index of
/// those whose search files are damaged, stale or unchecked. A damaged model is reported
/// (only its source file can repair it), never removed.
pub(super) fn check(writer: &Writer, progress: &dyn Progress) -> anyhow::Result<Check> {
    let store = writer.store();
    let catalogue = writer.catalogue();
    let entries = &catalogue.revisions;
    let found: Vec<Mutex<(Option<IndexError>, Option<Entry>)>> =
        entries.iter().map(|_| Mutex::new((None, None))).collect();
    let tables: Mutex<(usize, Vec<String>)> = Mutex::new((0, Vec::new()));
    // First the checksums (cheap), so the notice below can say how much is rebuilt; each
    // intact model's rule table written again if it is missing (an index written before
    // tables), damaged or stale.
    parallel(entries.len(), |i| {
        let entry = &entries[i];
        let verified = store.verify_model(entry);
        if let Ok(crc) = verified {
            match store.mend_rule_table(entry, crc) {
                Ok(written) => lock(&tables).0 += usize::from(written),
                Err(e) => lock(&tables).1.push(e.to_string()),
            }
        }
        *lock(&found[i]) = match verified {
            Err(e) => (Some(e), None),
            Ok(crc) if entry.model_crc32 != Some(crc) => (
                None,
                Some(Entry {
                    model_crc32: Some(crc),
                    ..entry.clone()
                }),
            ),
            Ok(_) => (None, None),
        };
    });
    let mut check = Check::default();
    let (written, failed) = tables.into_inner().unwrap_or_else(|p| p.into_inner());
    if written > 0 {
        check.notes.push(format!(
            "wrote the rule table of {written} of the {} revisions stored in {} (missing, damaged or written before tables; `arbiter rule` reads one rule through it)",
            entries.len(),
            store.root().display()
        ));
    }
    for why in failed {
        check.notes.push(format!(
            "a rule table could not be written ({why}); `arbiter rule` reads the whole model until the next ingest writes it"
        ));
    }
    let mut stale: Vec<Entry> = Vec::new();
    for (entry, slot) in entries.iter().zip(found) {
        let (error, mended) = slot.into_inner().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = error {
            check.damaged.insert(entry.id.clone(), e.to_string());
            continue;
        }
        let mut entry = mended.unwrap_or_else(|| entry.clone());
        if catalogue.search_is_stale(&entry) || !store.search_is_verified(&entry) {
            stale.push(entry);
            continue;
        }
        // Checked byte by byte just now: recorded as they are, so searches need not read
        // them again while they stay so.
        let stamp = store.search_stamp_of(&entry);
        if stamp.is_some() && entry.search_stamp != stamp {
            entry.search_stamp = stamp;
        }
        if Some(&entry) != catalogue.get(&entry.id) {
            check.mended.push(entry);
        }
    }
    if stale.is_empty() {
        return Ok(check);
    }
    progress.notice(&format!(
        "the search index of {} of the {} revisions stored in {} is damaged, unchecked or built with another schema (this arbiter uses {}); rebuilding it from the stored revisions…",
        stale.len(),
        entries.len(),
        store.root().display(),
        index::schema::SCHEMA_VERSION
    ));
    let rebuilt: Vec<Mutex<Option<Result<Entry, IndexError>>>> =
        stale.iter().map(|_| Mutex::new(None)).collect();
    parallel(stale.len(), |i| {
        *lock(&rebuilt[i]) = Some(writer.rebuild_search(&stale[i]));
    });
    let mut errors = Vec::new();
    for (entry, slot) in stale.iter().zip(rebuilt) {
        match slot.into_inner().unwrap_or_else(|p| p.into_inner()) {
            Some(Ok(mended)) => {
                check.mended.push(mended);
                check.rebuilt += 1;
            }
            Some(Err(e @ IndexError::Damaged { .. })) => {
                check.damaged.insert(entry.id.clone(), e.to_string());
            }
            Some(Err(e)) => errors.push(format!("{}: {e}", entry.id)),
            None => errors.push(format!("{}: not rebuilt", entry.id)),
        }
    }
    if !errors.is_empty() {
        anyhow::bail!("could not rebuild the search index: {}", errors.join("; "));
    }
    Ok(check)
}

/// Makes `next` the current generation: its lineage written first (so the generation
/// never exists without it), then the catalogue committed, then what no longer belongs
/// removed.
pub(super) fn commit_generation(writer: &mut Writer, next: Catalogue) -> anyhow::Result<()> {
    let store = writer.store().clone();
    let generation = writer.next_generation();
    let current = writer.catalogue();
    let same_revisions = current.generation > 0
        && current.revisions.len() == next.revisions.len()
        && current
            .revisions
            .iter()
            .zip(&next.revisions)
            .all(|(a, b)| a.id == b.id && a.content_hash == b.content_hash);
    // Only the search indexes changed: the lineage is the same, under a new name.
    let lineage = match same_revisions {
        true => index::lineage::load(store.root(), current.generation)
            .ok()
            .flatten(),
        false => None,
    };
    let lineage = match lineage {
        Some(l) => l,
        None => build_lineage(&store, &next)?,
    };
    index::lineage::save(store.root(), generation, &lineage)
        .with_context(|| format!("storing the rule lineage in {}", store.root().display()))?;
    fault::point("lineage-written");
    writer.commit(next)?;
    writer.clean();
    fault::point("cleaned-after");
    Ok(())
}

/// When the current generation's lineage is missing, damaged, unchecked or without its
/// chain index (an index written by an older arbiter), writes it. Returns what was done.
pub(super) fn write_missing_lineage(writer: &Writer) -> anyhow::Result<Option<String>> {
    let store = writer.store();
    let catalogue = writer.catalogue();
    let generation = catalogue.generation;
    if generation == 0 || index::lineage::is_sealed(store.root(), generation) {
        return Ok(None);
    }
    let lineage = build_lineage(store, catalogue)?;
    index::lineage::save(store.root(), generation, &lineage)?;
    Ok(Some(format!(
        "wrote the rule lineage of the current generation ({}), which was missing, unchecked, damaged or without its chain index",
        index::lineage::path(store.root(), generation).display()
    )))
}

/// The lineage of the current generation of the index at `dir`: the stored one, or, when
/// it is missing or damaged, built again from the stored revisions (the same answer an
/// ingest stores) and stored if the index can be written at once. The second value says
/// what was wrong and done, for a warning.
pub fn ensure_lineage(
    dir: &Path,
    catalogue: &Catalogue,
) -> anyhow::Result<(Lineage, Option<String>)> {
    let generation = catalogue.generation;
    let why = match index::lineage::load(dir, generation) {
        Ok(Some(lineage)) => return Ok((lineage, None)),
        Ok(None) => format!(
            "{}: missing",
            index::lineage::path(dir, generation).display()
        ),
        Err(e) => e.what(),
    };
    let store = Store::at(dir);
    let lineage = build_lineage(&store, catalogue)?;
    let stored = store
        .try_lock()
        .filter(|w| w.catalogue().generation == generation && w.recovered().is_none())
        .is_some_and(|writer| {
            let saved = index::lineage::save(dir, generation, &lineage).is_ok();
            drop(writer);
            saved
        });
    let done = if stored {
        "built the rule lineage again and stored it"
    } else {
        "built the rule lineage again (the index can't be written now, so it will be built each time until `arbiter ingest` stores it)"
    };
    Ok((lineage, Some(format!("{why}; {done}"))))
}

/// Rebuilds the search indexes that are stale or damaged (a search found them so) and
/// commits them. Returns how many were rebuilt.
pub fn refresh_search(dir: &Path, progress: &dyn Progress) -> anyhow::Result<usize> {
    let store = Store::at(dir);
    let mut writer = store
        .lock(|| progress.waiting(dir))
        .with_context(|| format!("cannot write the index at {}", dir.display()))?;
    let check = check(&writer, progress)?;
    if check.mended.is_empty() && writer.recovered().is_none() {
        return Ok(0);
    }
    let mut next = writer.catalogue().clone();
    for entry in check.mended {
        next.put(entry);
    }
    commit_generation(&mut writer, next)?;
    Ok(check.rebuilt)
}

/// The lineage of every revision of a generation (ingested and embedded: fragments attach
/// to the complete revision of their date). A revision whose model is damaged is left
/// out (it is reported as damaged wherever it is used, until ingested again).
fn build_lineage(store: &Store, catalogue: &Catalogue) -> anyhow::Result<Lineage> {
    let mut revisions: Vec<Revision> = Vec::new();
    for entry in &catalogue.revisions {
        if let Ok(revision) = store.load(entry) {
            revisions.push(revision);
        }
    }
    revisions.extend(embedded_not_shadowed(catalogue)?);
    let refs: Vec<&Revision> = revisions.iter().collect();
    Ok(crate::diff::lineage::build(&refs))
}

/// The embedded revisions no ingested revision of `catalogue` shadows (with the same id).
pub(super) fn embedded_not_shadowed(catalogue: &Catalogue) -> anyhow::Result<Vec<Revision>> {
    let embedded = Library::embedded_only();
    let mut revisions = Vec::new();
    for info in embedded.revisions() {
        if catalogue.get(&info.id).is_none() {
            revisions.push((*embedded.load(&info.id)?).clone());
        }
    }
    Ok(revisions)
}
