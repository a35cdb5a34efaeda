//! The revisions arbiter knows: the embedded seeds (always present) and whatever
//! `arbiter ingest` has put in the index. Commands ask the library for revisions by id or
//! prefix and never care where a revision came from.
//!
//! Ownership: the embedded part is built from `rules/` (see `embedded`); the ingested part
//! is read from the on-disk index (`crate::index`).

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use serde::Serialize;

use crate::index::{self, Entry, IndexError, RevisionIndex, Store};
use crate::model::{Date, Format, Revision};
use crate::read::{self, ReadOptions};

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

    /// What the index catalogue records about an ingested revision.
    pub fn of_entry(entry: &Entry) -> RevisionInfo {
        RevisionInfo {
            id: entry.id.clone(),
            date: entry.date,
            format: entry.format,
            source: entry.source.clone(),
            complete: entry.complete,
            sections: entry.sections.clone(),
            rules: entry.rules,
            content_hash: entry.content_hash.clone(),
            embedded: false,
        }
    }
}

/// Why `--rev` did not name exactly one revision.
#[derive(Debug, thiserror::Error)]
pub enum ResolveError {
    #[error("no revision matches `{spec}`; `arbiter revisions` lists them (ingest more with `arbiter ingest FILE`)")]
    Unknown { spec: String },
    #[error("no revisions are available")]
    Empty,
}

/// The embedded and ingested revisions.
pub struct Library {
    infos: Vec<RevisionInfo>,
    embedded: Vec<Seed>,
    ingested: Option<Ingested>,
    /// Why the embedded manifest could not be read (a broken build, never expected).
    manifest_problem: Option<String>,
    /// The index folder this library was opened from, if any (messages name it).
    index_dir: Option<std::path::PathBuf>,
}

/// One embedded seed: described by its manifest row, read only when first asked for
/// (reading all five costs more than a whole `arbiter rule` may take).
struct Seed {
    entry: embedded::Entry,
    revision: OnceLock<Result<Arc<Revision>, String>>,
}

impl Seed {
    fn revision(&self) -> Result<Arc<Revision>, String> {
        self.revision
            .get_or_init(|| embedded::read_seed(&self.entry).map(Arc::new))
            .clone()
    }
}

/// The ingested part: the index folder and its current catalogue.
struct Ingested {
    store: Store,
    catalogue: index::Catalogue,
    loaded: Mutex<HashMap<String, Arc<Revision>>>,
}

impl Library {
    /// Only the embedded revisions (no index). Reads the manifest only; each seed is read
    /// when first loaded.
    pub fn embedded_only() -> Library {
        let (embedded, manifest_problem) = match embedded::manifest() {
            Ok(entries) => (
                entries
                    .into_iter()
                    .map(|entry| Seed {
                        entry,
                        revision: OnceLock::new(),
                    })
                    .collect(),
                None,
            ),
            Err(e) => (Vec::new(), Some(e)),
        };
        let mut infos: Vec<RevisionInfo> = embedded
            .iter()
            .map(|seed: &Seed| seed.entry.info())
            .collect();
        infos.sort_by(|a, b| (a.date, &a.id).cmp(&(b.date, &b.id)));
        Library {
            infos,
            embedded,
            ingested: None,
            manifest_problem,
            index_dir: None,
        }
    }

    /// Why the embedded manifest could not be read, if it could not (shown by `arbiter
    /// revisions`; never expected: a unit test holds the manifest to the seeds). A seed
    /// that does not read says so when it is loaded.
    pub fn problems(&self) -> Vec<String> {
        self.manifest_problem.iter().cloned().collect()
    }

    /// The embedded revisions and those ingested in the index at `index_dir` (none when
    /// nothing was ingested there yet). Reads only the index catalogue; revisions are
    /// loaded when asked for. An ingested revision shadows an embedded one with its id.
    pub fn open(index_dir: &Path) -> Result<Library, IndexError> {
        let mut library = Library::embedded_only();
        library.index_dir = Some(index_dir.to_path_buf());
        let store = Store::at(index_dir);
        let Some(catalogue) = store.catalogue()? else {
            return Ok(library);
        };
        library.infos.retain(|i| catalogue.get(&i.id).is_none());
        library
            .infos
            .extend(catalogue.revisions.iter().map(RevisionInfo::of_entry));
        library
            .infos
            .sort_by(|a, b| (a.date, &a.id).cmp(&(b.date, &b.id)));
        library.ingested = Some(Ingested {
            store,
            catalogue,
            loaded: Mutex::new(HashMap::new()),
        });
        Ok(library)
    }

    /// The index catalogue, when revisions were ingested.
    pub fn catalogue(&self) -> Option<&index::Catalogue> {
        self.ingested.as_ref().map(|i| &i.catalogue)
    }

    /// True when the ingested revisions' search indexes were built with another schema
    /// and must be rebuilt before searching (`arbiter search` does it).
    pub fn search_is_stale(&self) -> bool {
        self.ingested.as_ref().is_some_and(|i| {
            let c = &i.catalogue;
            c.revisions.iter().any(|e| c.search_is_stale(e))
        })
    }

    /// The search index of a revision: on disk for an ingested one; for an embedded one,
    /// on disk when `arbiter ingest` stored it there, else built in memory.
    pub fn search_index(&self, id: &str) -> anyhow::Result<RevisionIndex> {
        if let Some(entry) = self
            .ingested
            .as_ref()
            .and_then(|i| i.catalogue.get(id).map(|e| (i, e)))
        {
            return Ok(entry.0.store.open_search(entry.1)?);
        }
        // An embedded revision: its index as `arbiter ingest` stored it beside the
        // ingested ones, when it is there and intact (found by the content hash the
        // manifest records, without reading the seed); else built in memory.
        let content_hash = self.infos.iter().find(|i| i.id == id && i.embedded);
        if let Some(index) = self
            .ingested
            .as_ref()
            .zip(content_hash)
            .and_then(|(i, info)| i.store.embedded_search(&info.content_hash))
        {
            return Ok(index);
        }
        Ok(RevisionIndex::build_in_ram(&*self.load(id)?)?)
    }

    /// Whether any revision was ingested (otherwise only the built-in fragments answer).
    /// The index folder this library was opened from (`None`: the built-in rules alone).
    pub fn index_dir(&self) -> Option<&Path> {
        self.index_dir.as_deref()
    }

    pub fn has_ingested(&self) -> bool {
        self.infos.iter().any(|i| !i.embedded)
    }

    /// Every revision, oldest first.
    pub fn revisions(&self) -> &[RevisionInfo] {
        &self.infos
    }

    /// Resolves `--rev` as a judge names a revision: an exact id, else the newest
    /// complete revision whose id starts with `spec` (a year, `2008`, or a month,
    /// `2017-01`), else the newest fragment that does. `None` is the newest complete
    /// revision, else the newest of all. Callers show the id taken, so a prefix never
    /// hides which revision answered.
    pub fn resolve(&self, spec: Option<&str>) -> Result<&RevisionInfo, ResolveError> {
        let newest = |matches: &dyn Fn(&RevisionInfo) -> bool| {
            let mut candidates = self.infos.iter().rev().filter(|i| matches(i));
            let first = candidates.clone().next();
            candidates.find(|i| i.complete).or(first)
        };
        let Some(spec) = spec else {
            return newest(&|_| true).ok_or(ResolveError::Empty);
        };
        if let Some(exact) = self.infos.iter().find(|i| i.id == spec) {
            return Ok(exact);
        }
        newest(&|i| i.id.starts_with(spec)).ok_or_else(|| ResolveError::Unknown {
            spec: spec.to_string(),
        })
    }

    /// One rule of an ingested revision as its rule table gives it (see
    /// [`index::rules`]), without loading the whole revision: `Ok(None)` when the table
    /// cannot answer (an embedded revision, a revision already loaded, an index written
    /// before tables); the caller then loads the revision. An error is a damaged table or
    /// model entry, for a warning (the whole revision, loaded, gives the answer or says
    /// the model is damaged).
    pub fn lookup_rule(
        &self,
        id: &str,
        number: &crate::model::RuleNumber,
    ) -> Result<Option<index::rules::Lookup>, IndexError> {
        let Some(ingested) = &self.ingested else {
            return Ok(None);
        };
        let Some(entry) = ingested.catalogue.get(id) else {
            return Ok(None);
        };
        let loaded = ingested
            .loaded
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .contains_key(id);
        if loaded {
            return Ok(None);
        }
        ingested.store.lookup_rule(entry, number)
    }

    /// The whole revision with this id.
    pub fn load(&self, id: &str) -> anyhow::Result<Arc<Revision>> {
        if let Some(ingested) = &self.ingested {
            if let Some(entry) = ingested.catalogue.get(id) {
                let mut loaded = ingested
                    .loaded
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                if let Some(r) = loaded.get(id) {
                    return Ok(Arc::clone(r));
                }
                let revision = Arc::new(ingested.store.load(entry)?);
                loaded.insert(id.to_string(), Arc::clone(&revision));
                return Ok(revision);
            }
        }
        if let Some(seed) = self.embedded.iter().find(|s| s.entry.id == id) {
            return seed.revision().map_err(|e| anyhow::anyhow!(e));
        }
        anyhow::bail!("revision `{id}` is not available")
    }
}

/// The seeds in `rules/`, built into the binary with their manifest, so that arbiter
/// works from any directory with no set-up.
pub mod embedded {
    use super::{read, Date, Format, ReadOptions, Revision, RevisionInfo};

    /// `rules/MANIFEST.tsv`: file, id, effective date, format, what it covers, where it
    /// comes from, sha256, complete or fragment, sections, count of rules ([`COLUMNS`]).
    pub const MANIFEST: &str = include_str!("../rules/MANIFEST.tsv");

    /// The seed files, by name.
    pub const FILES: &[(&str, &[u8])] = &[
        (
            "000_14b500ea57cedd8e.txt",
            include_bytes!("../rules/000_14b500ea57cedd8e.txt"),
        ),
        (
            "001_9bc9fbbbb82b12fd.txt",
            include_bytes!("../rules/001_9bc9fbbbb82b12fd.txt"),
        ),
        (
            "002_7223a3f7f333bef2.txt",
            include_bytes!("../rules/002_7223a3f7f333bef2.txt"),
        ),
        (
            "003_3ccca83c0026cc6d.txt",
            include_bytes!("../rules/003_3ccca83c0026cc6d.txt"),
        ),
        (
            "004_16c49dc641144f21.txt",
            include_bytes!("../rules/004_16c49dc641144f21.txt"),
        ),
    ];

    /// One row of the manifest. `complete`, `sections` and `rules` say what reading the
    /// file gives, so that listing the revisions needs no reading (a test holds them to it).
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Entry {
        pub file: String,
        pub id: String,
        pub date: Date,
        pub format: Format,
        pub covers: String,
        pub source: String,
        pub sha256: String,
        pub complete: bool,
        pub sections: Vec<u8>,
        pub rules: usize,
    }

    /// The columns of `rules/MANIFEST.tsv`, in order.
    pub const COLUMNS: [&str; 10] = [
        "file",
        "id",
        "effective",
        "format",
        "covers",
        "source",
        "sha256",
        "complete",
        "sections",
        "rules",
    ];

    impl Entry {
        /// What `arbiter revisions` shows of this seed, from the manifest alone.
        pub fn info(&self) -> RevisionInfo {
            RevisionInfo {
                id: self.id.clone(),
                date: self.date,
                format: self.format,
                source: format!("embedded:rules/{}", self.file),
                complete: self.complete,
                sections: self.sections.clone(),
                rules: self.rules,
                content_hash: self.sha256.clone(),
                embedded: true,
            }
        }
    }

    /// The manifest's rows; an error names the line and what was expected.
    pub fn manifest() -> Result<Vec<Entry>, String> {
        let mut entries = Vec::new();
        for (i, line) in MANIFEST.lines().enumerate().skip(1) {
            if line.trim().is_empty() {
                continue;
            }
            let bad = |what: &str| format!("rules/MANIFEST.tsv line {}: {what}", i + 1);
            let cols: Vec<&str> = line.split('\t').collect();
            let [file, id, date, format, covers, source, sha256, complete, sections, rules] =
                cols.as_slice()
            else {
                return Err(bad(&format!(
                    "expected {} tab-separated columns ({}), found {}",
                    COLUMNS.len(),
                    COLUMNS.join(", "),
                    cols.len()
                )));
            };
            entries.push(Entry {
                file: file.to_string(),
                id: id.to_string(),
                date: date.parse().map_err(|e: String| bad(&e))?,
                format: Format::from_name(format)
                    .ok_or_else(|| bad(&format!("`{format}` is not a format arbiter reads")))?,
                covers: covers.to_string(),
                source: source.to_string(),
                sha256: sha256.to_string(),
                complete: match *complete {
                    "complete" => true,
                    "fragment" => false,
                    other => {
                        return Err(bad(&format!(
                            "`complete` is `complete` or `fragment`, not `{other}`"
                        )))
                    }
                },
                sections: sections
                    .split(',')
                    .map(|n| n.trim().parse::<u8>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| {
                        bad(&format!("`sections` is a list like 3,4, not `{sections}`"))
                    })?,
                rules: rules
                    .parse()
                    .map_err(|_| bad(&format!("`rules` is a count, not `{rules}`")))?,
            });
        }
        Ok(entries)
    }

    /// The embedded file a manifest row names.
    pub fn bytes(file: &str) -> Option<&'static [u8]> {
        FILES
            .iter()
            .find(|(name, _)| *name == file)
            .map(|(_, b)| *b)
    }

    /// Reads the seed a manifest row names, with the row's date and id.
    pub fn read_seed(entry: &Entry) -> Result<Revision, String> {
        let name = format!("embedded:rules/{}", entry.file);
        let bytes = bytes(&entry.file)
            .ok_or_else(|| format!("{name}: listed in the manifest but not built in"))?;
        let options = ReadOptions {
            date: Some(entry.date),
            id: Some(entry.id.clone()),
            format: Some(entry.format),
        };
        read::read(&name, bytes, &options).map_err(|e| e.to_string())
    }

    /// Every seed read with its manifest date and id, in manifest order.
    pub fn revisions() -> Result<Vec<Result<Revision, String>>, String> {
        Ok(manifest()?.iter().map(read_seed).collect())
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn every_seed_reads_cleanly_and_matches_its_manifest() {
            let entries = manifest().expect("the manifest parses");
            assert_eq!(
                entries.len(),
                FILES.len(),
                "one manifest row per embedded file"
            );
            for entry in &entries {
                let bytes = bytes(&entry.file).expect("the file is embedded");
                assert_eq!(read::sha256_hex(bytes), entry.sha256, "{}", entry.file);
                let options = ReadOptions {
                    date: Some(entry.date),
                    id: None,
                    // Told from the content, to hold the manifest's format to it.
                    format: None,
                };
                let revision = read::read(&entry.file, bytes, &options)
                    .unwrap_or_else(|e| panic!("{}: {e}", entry.file));
                assert!(
                    revision.warnings.is_empty(),
                    "{}: {:?}",
                    entry.file,
                    revision.warnings
                );
                assert_eq!(revision.format, entry.format, "{}", entry.file);
                assert_eq!(
                    RevisionInfo::of(&read_seed(entry).expect("the seed reads"), true),
                    entry.info(),
                    "{}: the manifest's complete, sections and rules columns say what reading gives",
                    entry.file
                );
                assert_eq!(revision.date, entry.date, "{}", entry.file);
                assert!(!revision.complete, "{} is a fragment", entry.file);
                assert_eq!(read::default_id(&revision), entry.id, "{}", entry.file);
            }
        }

        #[test]
        fn the_library_holds_every_seed_and_resolves_prefixes() {
            let library = crate::library::Library::embedded_only();
            assert!(library.problems().is_empty(), "{:?}", library.problems());
            for info in library.revisions() {
                let revision = library.load(&info.id).expect("every seed loads");
                assert_eq!(&RevisionInfo::of(&revision, true), info);
            }
            let ids: Vec<&str> = library.revisions().iter().map(|i| i.id.as_str()).collect();
            assert_eq!(
                ids,
                [
                    "2008-02-01-r212",
                    "2011-07-15-s3",
                    "2021-04-22-r205",
                    "2024-06-07-s4",
                    "2026-01-16-s3"
                ]
            );
            let id = |spec: Option<&str>| library.resolve(spec).map(|i| i.id.clone()).ok();
            assert_eq!(id(None).as_deref(), Some("2026-01-16-s3"));
            assert_eq!(id(Some("2008")).as_deref(), Some("2008-02-01-r212"));
            assert_eq!(id(Some("2011")).as_deref(), Some("2011-07-15-s3"));
            assert_eq!(id(Some("1999")), None);
            // Several fragments and no complete revision: the newest fragment.
            assert_eq!(id(Some("20")).as_deref(), Some("2026-01-16-s3"));
            assert_eq!(id(Some("2024-06")).as_deref(), Some("2024-06-07-s4"));
            assert!(library.load("2021-04-22-r205").is_ok());
        }

        #[test]
        fn every_rules_citers_at_once_are_each_rules_citers_in_the_built_in_revisions() {
            for revision in revisions().expect("the seeds") {
                let revision = revision.expect("a seed reads");
                let every = revision.cited_by_every_rule();
                let mut cited = 0;
                for number in revision.rules.keys() {
                    let one = revision.cited_by(number);
                    cited += usize::from(!one.is_empty());
                    let all = every.get(number).cloned().unwrap_or_default();
                    assert_eq!(all, one, "{} {number}", revision.id);
                }
                assert_eq!(every.len(), cited, "{}", revision.id);
            }
        }

        /// Every rule of every built-in revision, stored as `arbiter ingest` stores it,
        /// read back through its rule table as the whole revision gives it.
        #[test]
        fn the_rule_table_gives_every_rule_of_the_built_in_revisions_as_the_model_does() {
            use crate::index::rules::Lookup;
            let dir = tempfile::tempdir().expect("a folder");
            let store = crate::index::Store::at(dir.path());
            let writer = store.lock(|| {}).expect("the lock");
            let mut seen = 0;
            for revision in revisions().expect("the seeds") {
                let revision = revision.expect("a seed reads");
                let entry = writer.write_revision(&revision).expect("stored");
                for (number, rule) in &revision.rules {
                    let found = store.lookup_rule(&entry, number).expect("reads");
                    let Some(Lookup::Found {
                        revision: part,
                        cited_by,
                    }) = found
                    else {
                        panic!("{} {number}: not found", revision.id);
                    };
                    assert_eq!(part.rule(number), Some(rule), "{number}");
                    assert_eq!(part.subtree(number), revision.subtree(number));
                    assert_eq!(part.children(number), revision.children(number));
                    assert_eq!(cited_by, revision.cited_by(number), "{number}");
                    let mut above = number.parent();
                    while let Some(n) = above {
                        assert_eq!(part.rule(&n), revision.rule(&n), "{number}: {n}");
                        above = n.parent();
                    }
                    assert_eq!(part.sections, revision.sections);
                    seen += 1;
                }
            }
            assert!(seen > 100, "{seen} rules");
        }
    }
}
