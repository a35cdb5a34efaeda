//! The rules a server answers from: the library of one index generation, opened once and
//! shared by every request, and opened again when an ingest commits a new generation.
//!
//! Each request takes a [`Snapshot`] at its start and answers wholly from it, so an
//! ingest that commits while a response is being written changes nothing in it; the next
//! request sees the new generation. Whether the catalogue changed is told by its file's
//! length and modification time (one `stat` a request), and confirmed by its generation.
//!
//! A snapshot also keeps the answers to the searches it was asked ([`Answers`]): bots ask
//! the same questions again and again. The answers kept are those of the snapshot's own
//! generation (a new ingest opens a new snapshot, with nothing kept), keyed by the
//! revision and the request's parameters as given, and at most [`ANSWER_BYTES`] of them.

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::SystemTime;

use axum::body::Bytes;

use crate::diff::lineage::Lineage;
use crate::index::search::Analysed;
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
    /// The rules' words the searches of this generation have read (bounded; see
    /// `index::search::Analysed`).
    pub analysed: Analysed,
    files: Mutex<HashMap<(String, &'static str), Arc<String>>>,
    /// The answers to the searches this generation was asked.
    pub answers: Answers,
}

/// The most bytes of search answers a snapshot keeps (see [`Answers`]).
pub const ANSWER_BYTES: usize = 16 << 20;

/// A search request as the server reads it: the words exactly as given (the answer says
/// them back), the revision as given, the section, the limit (10 when not given) and
/// whether every revision is searched.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AnswerKey {
    pub q: String,
    pub revision: Option<String>,
    pub section: Option<String>,
    pub limit: usize,
    pub all_revisions: bool,
}

impl AnswerKey {
    fn cost(&self) -> usize {
        self.q.len()
            + self.revision.as_ref().map_or(0, String::len)
            + self.section.as_ref().map_or(0, String::len)
    }
}

/// The JSON answers to the searches one generation was asked, at most a budget of bytes
/// of them (the answers and their keys, roughly): past it, the answers kept the longest
/// go first. Only answers that succeeded are kept.
pub struct Answers {
    budget: usize,
    kept: Mutex<KeptAnswers>,
}

#[derive(Default)]
struct KeptAnswers {
    answers: HashMap<AnswerKey, Bytes>,
    /// The keys in the order they were kept.
    order: VecDeque<AnswerKey>,
    bytes: usize,
}

/// What an answer kept costs over its key's and body's bytes (the map's and the queue's
/// entries).
const ANSWER_OVERHEAD: usize = 160;

impl Answers {
    /// Keeps at most `budget` bytes of answers.
    pub fn new(budget: usize) -> Answers {
        Answers {
            budget,
            kept: Mutex::new(KeptAnswers::default()),
        }
    }

    /// The answer kept for `key`.
    pub fn get(&self, key: &AnswerKey) -> Option<Bytes> {
        lock(&self.kept).answers.get(key).cloned()
    }

    /// Keeps `body` as the answer for `key` (nothing when it alone is over the budget).
    pub fn keep(&self, key: AnswerKey, body: Bytes) {
        let cost = key.cost() * 2 + body.len() + ANSWER_OVERHEAD;
        if cost > self.budget {
            return;
        }
        let mut kept = lock(&self.kept);
        if kept.answers.contains_key(&key) {
            return;
        }
        while kept.bytes + cost > self.budget {
            let Some(oldest) = kept.order.pop_front() else {
                break;
            };
            if let Some(body) = kept.answers.remove(&oldest) {
                kept.bytes -= oldest.cost() * 2 + body.len() + ANSWER_OVERHEAD;
            }
        }
        kept.bytes += cost;
        kept.order.push_back(key.clone());
        kept.answers.insert(key, body);
    }

    /// How many answers are kept, and their cost in bytes.
    pub fn kept(&self) -> (usize, usize) {
        let kept = lock(&self.kept);
        (kept.answers.len(), kept.bytes)
    }
}

impl Snapshot {
    fn open(dir: &Path, answer_bytes: usize) -> anyhow::Result<Snapshot> {
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
            analysed: Analysed::default(),
            files: Mutex::new(HashMap::new()),
            answers: Answers::new(answer_bytes),
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
    /// The most bytes of search answers each snapshot keeps.
    answer_bytes: usize,
    /// One permit per search that may run at once (see [`search_lanes`]).
    pub searches: Arc<tokio::sync::Semaphore>,
}

/// How many searches run at once: one per core. A search is all CPU, so more at once
/// would only share the cores among more answers, each finishing later; the others wait
/// their turn, first come first served, and rule look-ups never wait behind them.
pub fn search_lanes() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

impl Shared {
    /// Opens the index in `dir` (the embedded revisions alone when nothing is there).
    pub fn open(dir: &Path) -> anyhow::Result<Shared> {
        Shared::open_keeping(dir, ANSWER_BYTES)
    }

    /// [`Shared::open`], each generation keeping at most `answer_bytes` of search answers.
    pub fn open_keeping(dir: &Path, answer_bytes: usize) -> anyhow::Result<Shared> {
        Ok(Shared {
            dir: dir.to_path_buf(),
            current: RwLock::new(Arc::new(Snapshot::open(dir, answer_bytes)?)),
            answer_bytes,
            searches: Arc::new(tokio::sync::Semaphore::new(search_lanes())),
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
        match Snapshot::open(&self.dir, self.answer_bytes) {
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
