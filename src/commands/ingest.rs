//! `arbiter ingest FILE...`: read rules files of any shape and add them to the index.
//!
//! Files are read and indexed in parallel, each revision into its own folder; the new
//! generation becomes current in one atomic step at the end (see `index::store`), under
//! an exclusive lock so that two arbiters writing at once take turns. A file already
//! indexed with the same bytes is left alone; different content under an id already
//! indexed is refused unless `--replace`.
//!
//! [`ingest`] is the one path into the index: `arbiter fetch` hands it the bytes it
//! downloaded, as [`Source::Bytes`], and gets the same checks and report.

use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::Context as _;
use indicatif::{ProgressBar, ProgressStyle};

use super::{Context, Outcome};
use crate::cli::IngestArgs;
use crate::index::{self, Entry, Store, Writer};
use crate::library::Library;
use crate::read::{self, sha256_hex, ReadOptions};
use crate::render::ingest as render;

/// What became of one file.
#[derive(Debug, Clone)]
pub enum FileOutcome {
    /// Indexed as a new revision.
    Added {
        entry: Entry,
        warnings: Vec<crate::model::Warning>,
    },
    /// Indexed in place of a revision with the same id (`--replace`).
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

pub fn run(args: &IngestArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    if let Some(id) = &args.id {
        if args.files.len() != 1 {
            anyhow::bail!(
                "--id names one revision: give exactly one file with it (got {})",
                args.files.len()
            );
        }
        check_id(id)?;
    }
    let request = Request {
        sources: args.files.iter().cloned().map(Source::File).collect(),
        id: args.id.clone(),
        replace: args.replace,
    };
    let summary = ingest(&request, ctx)?;
    let warnings = if args.verbose {
        render::Warnings::Every
    } else {
        render::Warnings::Counted
    };
    render::print(&summary, warnings, ctx)?;
    let failed = summary
        .reports
        .iter()
        .filter(|r| {
            matches!(
                r.outcome,
                FileOutcome::Failed { .. } | FileOutcome::Refused { .. }
            )
        })
        .count();
    if failed > 0 {
        anyhow::bail!(
            "{failed} of {} files were not ingested (see above)",
            summary.reports.len()
        );
    }
    Ok(Outcome::Success)
}

/// Locks the index, reads and indexes every source, and makes the new set of revisions
/// current in one step if anything changed. A source that fails is reported in the
/// summary and leaves the index as it was.
pub fn ingest(request: &Request, ctx: &Context) -> anyhow::Result<render::Summary> {
    let location = index::locate(ctx.index.as_deref());
    let store = Store::at(&location.dir);
    let mut writer = store
        .lock(|| {
            crate::output::eprintln(format_args!(
                "arbiter: another arbiter is writing the index at {}; waiting for it to finish…",
                location.dir.display()
            ))
        })
        .with_context(|| format!("cannot write the index at {}", location.dir.display()))?;
    writer.clean();
    let rebuilt = rebuild_stale(&writer)?;

    let reports = ingest_sources(&writer, request);
    let mut next = writer.catalogue().clone();
    let mut changed = rebuilt > 0;
    for report in &reports {
        if let FileOutcome::Added { entry, .. } | FileOutcome::Replaced { entry, .. } =
            &report.outcome
        {
            next.put(entry.clone());
            changed = true;
        }
    }
    if changed {
        writer.commit(next)?;
        store_lineage(&writer)?;
    }
    let embedded = Library::embedded_only().revisions().len();
    Ok(render::Summary {
        index: location.dir.clone(),
        reports,
        revisions: writer.catalogue().revisions.len(),
        embedded,
        rebuilt,
    })
}

/// An id given with `--id` becomes a folder name and a `--rev` value: keep it plain.
fn check_id(id: &str) -> anyhow::Result<()> {
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

/// When the index was built with another search schema, builds every stored revision's
/// search index again from its stored model. Returns how many were rebuilt.
pub fn rebuild_stale(writer: &Writer) -> anyhow::Result<usize> {
    let catalogue = writer.catalogue();
    if catalogue.schema_version == index::schema::SCHEMA_VERSION || catalogue.revisions.is_empty() {
        return Ok(0);
    }
    crate::output::eprintln(format_args!(
        "arbiter: the index at {} was built with search schema {} (this arbiter uses {}); rebuilding it from the {} stored revisions…",
        writer.store().root().display(),
        catalogue.schema_version,
        index::schema::SCHEMA_VERSION,
        catalogue.revisions.len()
    ));
    let entries = &catalogue.revisions;
    let errors: Mutex<Vec<String>> = Mutex::new(Vec::new());
    parallel(entries.len(), None, |i| {
        if let Err(e) = writer.rebuild_search(&entries[i]) {
            lock(&errors).push(format!("{}: {e}", entries[i].id));
        }
    });
    let errors = errors.into_inner().unwrap_or_else(|p| p.into_inner());
    if !errors.is_empty() {
        anyhow::bail!(
            "could not rebuild the search index: {}; delete {} and ingest again",
            errors.join("; "),
            writer.store().root().display()
        );
    }
    Ok(entries.len())
}

/// Computes the rule lineage of every revision of the new generation (ingested and
/// embedded: fragments attach to the complete revision of their date) and stores it
/// beside the catalogue, for `history`, `diff` and the scenario checker.
fn store_lineage(writer: &Writer) -> anyhow::Result<()> {
    let store = writer.store();
    let catalogue = writer.catalogue();
    let mut revisions: Vec<crate::model::Revision> = Vec::new();
    for entry in &catalogue.revisions {
        revisions.push(store.load(entry)?);
    }
    let embedded = Library::embedded_only();
    for info in embedded.revisions() {
        if catalogue.get(&info.id).is_none() {
            revisions.push((*embedded.load(&info.id)?).clone());
        }
    }
    let refs: Vec<&crate::model::Revision> = revisions.iter().collect();
    index::lineage::store(store.root(), catalogue.generation, &refs)
        .with_context(|| format!("storing the rule lineage in {}", store.root().display()))?;
    Ok(())
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Runs `work(0..n)` on as many threads as there are cores, ticking `bar`.
fn parallel(n: usize, bar: Option<&ProgressBar>, work: impl Fn(usize) + Sync) {
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
                if let Some(bar) = bar {
                    bar.inc(1);
                }
            });
        }
    });
}

/// Reads and indexes every source, in parallel; reports in the order they were given.
fn ingest_sources(writer: &Writer, request: &Request) -> Vec<FileReport> {
    let files = &request.sources;
    let bar = (files.len() > 1 && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(files.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{spinner} ingesting [{bar:30}] {pos}/{len} {elapsed}")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar
    });
    let embedded: HashMap<String, String> = Library::embedded_only()
        .revisions()
        .iter()
        .map(|i| (i.id.clone(), i.content_hash.clone()))
        .collect();
    // Ids claimed by files of this run: id -> (content hash, file).
    let claimed: Mutex<HashMap<String, (String, PathBuf)>> = Mutex::new(HashMap::new());
    let outcomes: Vec<Mutex<Option<FileOutcome>>> =
        files.iter().map(|_| Mutex::new(None)).collect();
    parallel(files.len(), bar.as_ref(), |i| {
        let outcome = ingest_one(writer, request, &files[i], &embedded, &claimed);
        *lock(&outcomes[i]) = Some(outcome);
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
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
) -> FileOutcome {
    let catalogue = writer.catalogue();
    let file = source.name();
    let read_bytes;
    let bytes: &[u8] = match source {
        Source::Bytes { bytes, .. } => bytes,
        Source::File(path) => match std::fs::read(path) {
            Ok(b) => {
                read_bytes = b;
                &read_bytes
            }
            Err(e) => {
                return FileOutcome::Failed {
                    why: format!("cannot read the file: {e}"),
                }
            }
        },
    };
    let hash = sha256_hex(bytes);
    // The same bytes already indexed: nothing to do, without even reading them.
    if let Some(entry) = catalogue
        .revisions
        .iter()
        .find(|e| e.content_hash == hash && request.id.as_ref().is_none_or(|id| *id == e.id))
    {
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
    let revision = match read::read(&name, bytes, &options) {
        Ok(r) => r,
        Err(e) => return FileOutcome::Failed { why: e.to_string() },
    };
    let id = revision.id.clone();
    let existing = catalogue.get(&id);
    if let Some(existing) = existing {
        if existing.content_hash == revision.content_hash {
            return FileOutcome::Unchanged {
                id,
                embedded: false,
            };
        }
        if !request.replace {
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
