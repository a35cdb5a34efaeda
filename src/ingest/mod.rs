//! The ingest pipeline: read rules files of any shape and add them to the index, and keep
//! the index whole (its checksums verified, damaged search files rebuilt, the lineage of
//! the current generation present).
//!
//! Files are read and indexed in parallel, each revision into its own folder; the new
//! generation becomes current in one atomic step at the end (see `index::store`), under
//! an exclusive lock so that two arbiters writing at once take turns. A file already
//! indexed with the same bytes is left alone; different content under an id already
//! indexed is refused unless `--replace`.
//!
//! [`ingest`] is the one path into the index: `arbiter ingest` hands it files, `arbiter
//! fetch` the bytes it downloaded ([`Source::Bytes`]), and both get the same checks and
//! report. [`read_revision`] is the one place a text is accepted as a revision before it
//! is indexed. No terminal here: what a user should see goes through [`Progress`].

mod stored;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::Context as _;

use crate::index::{fault, Entry, Store, Writer};
use crate::library::Library;
use crate::model::Revision;
use crate::read::{self, sha256_hex, ReadOptions};

pub use stored::{ensure_lineage, refresh_search};

/// What became of one file.
#[derive(Debug, Clone)]
pub enum FileOutcome {
    /// Indexed as a new revision.
    Added {
        entry: Entry,
        warnings: Vec<crate::model::Warning>,
    },
    /// Indexed in place of a revision with the same id (`--replace`), or written again
    /// over a damaged copy of the same text.
    Replaced {
        entry: Entry,
        warnings: Vec<crate::model::Warning>,
    },
    /// The same bytes are already indexed (or built in) under this id.
    Unchanged { id: String, embedded: bool },
    /// Different content under an id already indexed, without `--replace`.
    Refused { id: String, existing_source: String },
    /// The file could not be read or indexed.
    Failed { why: String },
}

/// The outcome of one file, with its path.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The file, or the URL that downloaded bytes came from.
    pub file: PathBuf,
    pub outcome: FileOutcome,
}

/// Where a revision's bytes come from.
#[derive(Debug, Clone)]
pub enum Source {
    /// A file, read when its turn comes.
    File(PathBuf),
    /// Bytes already in hand (a download), under the name that messages and the
    /// catalogue give them (its URL).
    Bytes { name: String, bytes: Vec<u8> },
}

impl Source {
    fn name(&self) -> PathBuf {
        match self {
            Source::File(path) => path.clone(),
            Source::Bytes { name, .. } => PathBuf::from(name),
        }
    }
}

/// What to ingest, and under which rules.
#[derive(Debug, Clone)]
pub struct Request {
    pub sources: Vec<Source>,
    /// Use this id instead of the text's effective date (one source only).
    pub id: Option<String>,
    /// Replace a revision already indexed under the same id with different content.
    pub replace: bool,
}

/// Everything an ingest run has to report.
#[derive(Debug)]
pub struct Summary {
    pub index: PathBuf,
    pub reports: Vec<FileReport>,
    /// Ingested revisions in the index now.
    pub revisions: usize,
    /// Built-in revisions.
    pub embedded: usize,
    /// Revisions whose search index was built again (a new schema, damaged files).
    pub rebuilt: usize,
    /// Stored revisions still damaged, each with what repairs it.
    pub damaged: Vec<String>,
    /// What was found and mended on the way (a catalogue rebuilt, a lineage written).
    pub notes: Vec<String>,
}

/// What an ingest tells the person waiting for it, as it goes.
pub trait Progress: Sync {
    /// Another arbiter holds the index's write lock: this one waits.
    fn waiting(&self, _index: &Path) {}
    /// Something worth saying on the way (a rebuild that takes a while).
    fn notice(&self, _message: &str) {}
    /// `count` sources are about to be read.
    fn start(&self, _count: usize) {}
    /// One source is done.
    fn tick(&self) {}
    /// Every source is done.
    fn finish(&self) {}
}

/// Says nothing.
pub struct Quiet;
impl Progress for Quiet {}

/// Locks the index at `dir`, checks what it stores (mending what it can), reads and
/// indexes every source, and makes the new set of revisions current in one step if
/// anything changed, its lineage written first. A source that fails is reported in the
/// summary and leaves the index as it was.
pub fn ingest(dir: &Path, request: &Request, progress: &dyn Progress) -> anyhow::Result<Summary> {
    let store = Store::at(dir);
    let mut writer = store
        .lock(|| progress.waiting(dir))
        .with_context(|| format!("cannot write the index at {}", dir.display()))?;
    fault::point("locked");
    let mut notes = Vec::new();
    if let Some(note) = writer.recovered() {
        notes.push(note.to_string());
    }
    writer.clean();
    fault::point("cleaned");
    let check = stored::check(&writer, progress)?;
    notes.extend(check.notes.iter().cloned());

    let reports = ingest_sources(&writer, request, &check.damaged, progress);
    let mut next = writer.catalogue().clone();
    let mut changed = writer.recovered().is_some() || !check.mended.is_empty();
    for entry in &check.mended {
        next.put(entry.clone());
    }
    let mut repaired: Vec<&str> = Vec::new();
    for report in &reports {
        if let FileOutcome::Added { entry, .. } | FileOutcome::Replaced { entry, .. } =
            &report.outcome
        {
            next.put(entry.clone());
            repaired.push(&entry.id);
            changed = true;
        }
    }
    if changed {
        stored::commit_generation(&mut writer, next)?;
    } else if let Some(note) = stored::write_missing_lineage(&writer)? {
        notes.push(note);
    }
    // The embedded revisions' search indexes, stored once so that searches of every
    // revision do not index them again each time. Not needed for anything else: a
    // failure is a note, and searches index them in memory as before.
    let embedded = stored::embedded_not_shadowed(writer.catalogue())?;
    for revision in &embedded {
        if let Err(e) = writer.write_embedded_search(revision) {
            notes.push(format!(
                "the search index of the embedded revision {} was not stored ({e}); searches index it in memory",
                revision.id
            ));
        }
    }
    writer.keep_embedded_search(&embedded);
    let damaged = check
        .damaged
        .iter()
        .filter(|(id, _)| !repaired.contains(&id.as_str()))
        .map(|(_, why)| why.clone())
        .collect();
    let embedded = Library::embedded_only().revisions().len();
    Ok(Summary {
        index: dir.to_path_buf(),
        reports,
        revisions: writer.catalogue().revisions.len(),
        embedded,
        rebuilt: check.rebuilt,
        damaged,
        notes,
    })
}

/// Reads a source's bytes as a revision: the one place a text is accepted as a revision
/// before it is indexed, through the whole-document check (`read::read_checked`).
pub fn read_revision(name: &str, bytes: &[u8], request: &Request) -> Result<Revision, String> {
    // An id that starts with a date (`2026-04-17`, `2026-04-17-draft`) also gives the
    // effective date of a text that does not state one.
    let options = ReadOptions {
        date: request
            .id
            .as_ref()
            .and_then(|id| id.get(..10))
            .and_then(|d| d.parse().ok()),
        id: request.id.clone(),
        format: None,
    };
    read::read_checked(name, bytes, &options)
        .map(|checked| checked.revision)
        .map_err(|e| e.to_string())
}

/// An id given with `--id` becomes a folder name and a `--rev` value: keep it plain.
pub fn check_id(id: &str) -> anyhow::Result<()> {
    let plain = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && !id.starts_with('.');
    if !plain {
        anyhow::bail!(
            "`{id}` cannot be a revision id: use letters, digits, `-`, `_` and `.` (e.g. 2026-04-17 or 2026-04-17-draft)"
        );
    }
    Ok(())
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Runs `work(0..n)` on as many threads as there are cores.
fn parallel(n: usize, work: impl Fn(usize) + Sync) {
    let threads = std::thread::available_parallelism()
        .map_or(1, |p| p.get())
        .min(n)
        .max(1);
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                work(i);
            });
        }
    });
}

/// Reads and indexes every source, in parallel; reports in the order they were given.
fn ingest_sources(
    writer: &Writer,
    request: &Request,
    damaged: &HashMap<String, String>,
    progress: &dyn Progress,
) -> Vec<FileReport> {
    let files = &request.sources;
    progress.start(files.len());
    let embedded: HashMap<String, String> = Library::embedded_only()
        .revisions()
        .iter()
        .map(|i| (i.id.clone(), i.content_hash.clone()))
        .collect();
    // Ids claimed by files of this run: id -> (content hash, file).
    let claimed: Mutex<HashMap<String, (String, PathBuf)>> = Mutex::new(HashMap::new());
    let outcomes: Vec<Mutex<Option<FileOutcome>>> =
        files.iter().map(|_| Mutex::new(None)).collect();
    parallel(files.len(), |i| {
        let outcome = ingest_one(writer, request, &files[i], &embedded, &claimed, damaged);
        *lock(&outcomes[i]) = Some(outcome);
        progress.tick();
    });
    progress.finish();
    files
        .iter()
        .zip(outcomes)
        .map(|(source, outcome)| FileReport {
            file: source.name(),
            outcome: outcome
                .into_inner()
                .unwrap_or_else(|p| p.into_inner())
                .unwrap_or(FileOutcome::Failed {
                    why: "not processed".to_string(),
                }),
        })
        .collect()
}

fn ingest_one(
    writer: &Writer,
    request: &Request,
    source: &Source,
    embedded: &HashMap<String, String>,
    claimed: &Mutex<HashMap<String, (String, PathBuf)>>,
    damaged: &HashMap<String, String>,
) -> FileOutcome {
    let catalogue = writer.catalogue();
    let file = source.name();
    let read_bytes;
    let bytes: &[u8] = match source {
        Source::Bytes { bytes, .. } => bytes,
        Source::File(path) => match read::sniff::load(path) {
            Ok(b) => {
                read_bytes = b;
                &read_bytes
            }
            Err(e) => return FileOutcome::Failed { why: e.to_string() },
        },
    };
    let hash = sha256_hex(bytes);
    // The same bytes already indexed (and not damaged): nothing to do, without even
    // reading them.
    if let Some(entry) = catalogue.revisions.iter().find(|e| {
        e.content_hash == hash
            && request.id.as_ref().is_none_or(|id| *id == e.id)
            && !damaged.contains_key(&e.id)
    }) {
        return FileOutcome::Unchanged {
            id: entry.id.clone(),
            embedded: false,
        };
    }
    if let Some((id, _)) = embedded
        .iter()
        .find(|(id, h)| **h == hash && request.id.as_ref().is_none_or(|given| given == *id))
    {
        return FileOutcome::Unchanged {
            id: id.clone(),
            embedded: true,
        };
    }
    let name = file.display().to_string();
    let mut revision = match read_revision(&name, bytes, request) {
        Ok(r) => r,
        Err(why) => return FileOutcome::Failed { why },
    };
    // Recorded as a path that names the file from any folder: the repair of a damaged
    // revision is `arbiter ingest SOURCE`, run wherever the user is then.
    if let Source::File(path) = source {
        if let Ok(absolute) = std::path::absolute(path) {
            revision.source = absolute.display().to_string();
        }
    }
    let id = revision.id.clone();
    let existing = catalogue.get(&id);
    if let Some(existing) = existing {
        // A damaged revision is written again from the same text (its repair).
        let same = existing.content_hash == revision.content_hash;
        if same && !damaged.contains_key(&id) {
            return FileOutcome::Unchanged {
                id,
                embedded: false,
            };
        }
        if !same && !request.replace {
            return FileOutcome::Refused {
                id,
                existing_source: existing.source.clone(),
            };
        }
    } else if let Some(embedded_hash) = embedded.get(&id) {
        if *embedded_hash == revision.content_hash {
            return FileOutcome::Unchanged { id, embedded: true };
        }
        if !request.replace {
            return FileOutcome::Refused {
                id,
                existing_source: "the revisions built into arbiter".to_string(),
            };
        }
    }
    {
        let mut claimed = lock(claimed);
        if let Some((other_hash, other_file)) = claimed.get(&id) {
            if *other_hash == revision.content_hash {
                return FileOutcome::Unchanged {
                    id,
                    embedded: false,
                };
            }
            return FileOutcome::Failed {
                why: format!(
                    "{} also reads as revision {id} with different content; ingest one of them with --id",
                    other_file.display()
                ),
            };
        }
        claimed.insert(id.clone(), (revision.content_hash.clone(), file.clone()));
    }
    let warnings = revision.warnings.clone();
    match writer.write_revision(&revision) {
        Ok(entry) if existing.is_some() || embedded.contains_key(&id) => {
            FileOutcome::Replaced { entry, warnings }
        }
        Ok(entry) => FileOutcome::Added { entry, warnings },
        Err(e) => FileOutcome::Failed { why: e.to_string() },
    }
}
