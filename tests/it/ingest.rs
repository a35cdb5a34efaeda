//! `arbiter ingest`, `search` and `define` as a user runs them, each test with its own
//! index folder (`ARBITER_INDEX`) and small rules files written into a temporary folder:
//! re-ingesting, `--replace`, a kill in the middle of an ingest, two ingests at once, a
//! query that is not valid syntax, a schema change, and searching with no index at all.

use crate::common::{ok, text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use arbiter::index::Catalogue;
use assert_cmd::cargo::CommandCargoExt;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A small official-text revision effective on `2030-month-day`, whose rule 305.2 says
/// `land_rule`.
pub(crate) fn rules_text(month: usize, day: u32, land_rule: &str) -> String {
    let mut s = format!(
        "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of {} {day}, 2030.\n\n1. Game Concepts\n\n100. General\n\n100.1. These Magic rules apply to any Magic game with two or more players.\n\n100.2. To play, each player needs their own deck. See rule 305.2.\n\n305. Lands\n\n305.2. {land_rule}\n\n",
        MONTHS[month - 1]
    );
    // Enough rules that indexing takes a moment.
    for i in 1..=60 {
        s.push_str(&format!(
            "704.{i}. If a permanent has condition number {i}, its controller sacrifices it unless they pay {i} life. See rule 305.2.\n\n"
        ));
    }
    s.push_str("704.5j If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners' graveyards. This is called the \"legend rule.\"\n\nGlossary\n\nEquipped Creature\nA creature to which an Equipment is attached. See rule 305.2.\n\nCredits\n");
    s
}

pub(crate) struct Setup {
    _tmp: tempfile::TempDir,
    pub(crate) index: PathBuf,
    pub(crate) files: PathBuf,
}

pub(crate) fn setup() -> Setup {
    let tmp = tempfile::tempdir().expect("temp dir");
    let index = tmp.path().join("index");
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).expect("files dir");
    Setup {
        index,
        files,
        _tmp: tmp,
    }
}

impl Setup {
    pub(crate) fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.files.join(name);
        std::fs::write(&path, text).expect("write file");
        path
    }

    /// `count` revisions dated 2030-01-01 onwards.
    pub(crate) fn many(&self, count: u32) -> Vec<PathBuf> {
        (0..count)
            .map(|i| {
                let (month, day) = (1 + (i / 28) as usize, 1 + i % 28);
                self.write(
                    &format!("cr-{i:03}.txt"),
                    &rules_text(
                        month,
                        day,
                        &format!("A player can play one land, says {i}."),
                    ),
                )
            })
            .collect()
    }

    pub(crate) fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::cargo_bin("arbiter").expect("binary");
        cmd.env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("ARBITER_INDEX", &self.index)
            .env("NO_COLOR", "1")
            .current_dir(&self.files)
            .args(args);
        cmd
    }

    pub(crate) fn run(&self, args: &[&str]) -> Output {
        self.command(args).output().expect("run arbiter")
    }

    pub(crate) fn ingest(&self, files: &[PathBuf], extra: &[&str]) -> Output {
        let mut args: Vec<String> = vec!["ingest".into()];
        args.extend(extra.iter().map(|s| s.to_string()));
        args.extend(files.iter().map(|f| f.display().to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        self.run(&args)
    }

    pub(crate) fn revisions(&self) -> Vec<String> {
        let out = self.run(&["revisions", "--json"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        doc.as_array()
            .expect("array")
            .iter()
            .filter(|r| !r["source"].as_str().unwrap_or("").starts_with("embedded:"))
            .map(|r| r["id"].as_str().unwrap_or("").to_string())
            .collect()
    }
}

#[test]
fn reingesting_the_same_file_changes_nothing_and_says_so() {
    let s = setup();
    let file = s.write("a.txt", &rules_text(1, 1, "A player can play one land."));
    let first = ok(&s.ingest(std::slice::from_ref(&file), &[]));
    assert!(first.contains("added 2030-01-01"), "{first}");
    let catalogue = std::fs::read(s.index.join("catalogue.json")).expect("catalogue");
    let again = ok(&s.ingest(&[file], &[]));
    assert!(again.contains("unchanged"), "{again}");
    assert!(again.contains("nothing to do"), "{again}");
    let after = std::fs::read(s.index.join("catalogue.json")).expect("catalogue");
    assert_eq!(catalogue, after, "an identical re-ingest must not write");
}

#[test]
fn different_content_under_an_indexed_id_is_refused_until_replace() {
    let s = setup();
    let old = s.write("old.txt", &rules_text(1, 1, "A player can play one land."));
    let new = s.write(
        "new.txt",
        &rules_text(1, 1, "A player can play seven lands."),
    );
    ok(&s.ingest(&[old], &[]));
    let refused = s.ingest(std::slice::from_ref(&new), &[]);
    assert_eq!(refused.status.code(), Some(2));
    let err = text(&refused.stderr);
    assert!(
        err.contains("already indexed with different content"),
        "{err}"
    );
    assert!(err.contains("--replace"), "{err}");
    let rule = ok(&s.run(&["rule", "305.2", "--rev", "2030-01-01"]));
    assert!(rule.contains("one land"), "{rule}");

    let replaced = ok(&s.ingest(&[new], &["--replace"]));
    assert!(replaced.contains("replaced 2030-01-01"), "{replaced}");
    let rule = ok(&s.run(&["rule", "305.2", "--rev", "2030-01-01"]));
    assert!(rule.contains("seven lands"), "{rule}");
    assert_eq!(s.revisions(), ["2030-01-01-s137"]);
}

#[test]
fn a_kill_during_ingest_leaves_the_previous_index_working() {
    let s = setup();
    let first = s.write(
        "first.txt",
        &rules_text(12, 1, "The first revision's land rule."),
    );
    ok(&s.ingest(&[first], &[]));
    let files = s.many(40);
    let mut args: Vec<String> = vec!["ingest".into()];
    args.extend(files.iter().map(|f| f.display().to_string()));
    let mut child = s
        .command(&args.iter().map(String::as_str).collect::<Vec<_>>())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn ingest");
    // Wait until the ingest is building revisions, then kill it (SIGKILL on Unix).
    let started = Instant::now();
    let revisions = s.index.join("revisions");
    while started.elapsed() < Duration::from_secs(60) {
        let building = std::fs::read_dir(&revisions)
            .map(|d| d.count() > 1)
            .unwrap_or(false);
        if building {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().expect("kill");
    let _ = child.wait();

    // The previous generation still answers.
    assert_eq!(s.revisions(), ["2030-12-01-s137"]);
    let rule = ok(&s.run(&["rule", "305.2", "--rev", "2030-12-01"]));
    assert!(rule.contains("first revision"), "{rule}");
    let found = ok(&s.run(&["search", "--rev", "2030-12-01", "legend rule"]));
    assert!(found.contains("704.5j"), "{found}");

    // A new ingest cleans up and succeeds.
    ok(&s.ingest(&files, &[]));
    assert_eq!(s.revisions().len(), 41);
    let leftovers: Vec<String> = std::fs::read_dir(&revisions)
        .expect("revisions")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn two_ingests_at_once_both_end_well() {
    let s = setup();
    let files = s.many(16);
    let (a, b) = files.split_at(8);
    let spawn = |part: &[PathBuf]| {
        let mut args: Vec<String> = vec!["ingest".into()];
        args.extend(part.iter().map(|f| f.display().to_string()));
        s.command(&args.iter().map(String::as_str).collect::<Vec<_>>())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn ingest")
    };
    let (first, second) = (spawn(a), spawn(b));
    ok(&first.wait_with_output().expect("first ingest"));
    ok(&second.wait_with_output().expect("second ingest"));
    let ids = s.revisions();
    assert_eq!(ids.len(), 16, "{ids:?}");
    for id in ids {
        let rule = ok(&s.run(&["rule", "305.2", "--rev", &id]));
        assert!(rule.contains("says"), "{rule}");
    }
}

#[test]
fn a_query_that_is_not_valid_syntax_is_searched_leniently() {
    let s = setup();
    let file = s.write("a.txt", &rules_text(1, 1, "A player can play one land."));
    ok(&s.ingest(&[file], &[]));
    let out = s.run(&["search", "legend rule\" AND ("]);
    let stdout = ok(&out);
    assert!(stdout.contains("704.5j"), "{stdout}");
    assert!(text(&out.stderr).contains("searched its words instead"));
    // Query syntax itself works: a field, a phrase, a required and an excluded word.
    let stdout = ok(&s.run(&["search", "--json", "number:305.2"]));
    let doc: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(doc["hits"][0]["number"], "305.2");
    assert_eq!(doc["query"], "number:305.2");
    let stdout = ok(&s.run(&["search", "+player -legendary"]));
    assert!(
        stdout.contains("305.2") && !stdout.contains("704.5j"),
        "{stdout}"
    );
    let stdout = ok(&s.run(&["search", "\"legend rule\""]));
    assert!(stdout.contains("704.5j"), "{stdout}");
}

#[test]
fn a_changed_schema_is_rebuilt_not_crashed_on() {
    let s = setup();
    let file = s.write("a.txt", &rules_text(1, 1, "A player can play one land."));
    ok(&s.ingest(&[file], &[]));
    let path = s.index.join("catalogue.json");
    let bytes = std::fs::read(&path).expect("catalogue");
    let mut catalogue = Catalogue::from_json(&path, &bytes).expect("a catalogue");
    catalogue.schema_version = 0;
    std::fs::write(&path, catalogue.to_json()).expect("write catalogue");
    let out = s.run(&["search", "legend rule"]);
    assert!(ok(&out).contains("704.5j"));
    assert!(
        text(&out.stderr).contains("rebuilding"),
        "{}",
        text(&out.stderr)
    );
    let again = s.run(&["search", "legend rule"]);
    assert!(ok(&again).contains("704.5j"));
    assert!(!text(&again.stderr).contains("rebuilding"));
}

#[test]
fn with_no_index_the_embedded_rules_are_searched_and_defined() {
    let s = setup();
    let out = ok(&s.run(&["search", "--json", "aura enchant"]));
    let doc: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert!(!doc["hits"].as_array().expect("hits").is_empty(), "{out}");
    assert!(!Path::new(&s.index).join("catalogue.json").exists());
}

#[test]
fn define_forgives_typos_and_lists_the_rules_it_points_to() {
    let s = setup();
    let file = s.write("a.txt", &rules_text(1, 1, "A player can play one land."));
    ok(&s.ingest(&[file], &[]));
    let out = ok(&s.run(&["define", "equiped", "creature"]));
    assert!(out.starts_with("Equipped Creature"), "{out}");
    assert!(out.contains("305.2"), "{out}");
    let json = ok(&s.run(&["define", "--json", "equiped creature"]));
    let doc: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(doc["entries"][0]["term"], "Equipped Creature");
    let none = s.run(&["define", "xyzzy"]);
    assert_eq!(none.status.code(), Some(1));
}

#[test]
fn an_index_written_with_json_models_still_reads() {
    // Layout 1 (before the binary model) kept each revision's model as model.json.
    let s = setup();
    let file = s.write("a.txt", &rules_text(1, 1, "A player can play one land."));
    ok(&s.ingest(&[file], &[]));
    let store = arbiter::index::Store::at(&s.index);
    let catalogue = store.catalogue().expect("catalogue").expect("one");
    for entry in &catalogue.revisions {
        let revision = store.load(entry).expect("model");
        let dir = s.index.join("revisions").join(&entry.dir);
        let json = serde_json::to_vec(&revision).expect("json");
        std::fs::write(dir.join("model.json"), json).expect("write model.json");
        std::fs::remove_file(dir.join("model.bin")).expect("remove model.bin");
    }
    // Layout 1 had no checksums either.
    let mut layout_1 = catalogue.clone();
    layout_1.store_version = 1;
    layout_1.checksum = None;
    for entry in &mut layout_1.revisions {
        entry.model_crc32 = None;
        entry.search_crc32 = None;
    }
    let json = serde_json::to_vec_pretty(&layout_1).expect("json");
    std::fs::write(s.index.join("catalogue.json"), json).expect("write catalogue");
    let out = ok(&s.run(&["rule", "704.5j", "--rev", "2030-01-01"]));
    assert!(out.contains("legend rule"), "{out}");
    // A new ingest keeps the old revision readable beside the new one.
    let b = s.write("b.txt", &rules_text(2, 1, "A player can play two lands."));
    ok(&s.ingest(&[b], &[]));
    assert!(ok(&s.run(&["rule", "305.2", "--rev", "2030-01-01"])).contains("one land"));
    assert!(ok(&s.run(&["rule", "305.2", "--rev", "2030-02-01"])).contains("two lands"));
}

#[test]
fn a_rule_missing_from_a_revision_names_the_revisions_that_have_it() {
    // These small files are fragments, so every revision is loaded to answer; the
    // stored lineage answers for complete ones (same output).
    let s = setup();
    let a = s.write("a.txt", &rules_text(1, 1, "A player can play one land."));
    let b = s.write(
        "b.txt",
        &rules_text(2, 1, "A player can play one land.").replace("704.5j", "704.5k"),
    );
    let c = s.write("c.txt", &rules_text(3, 1, "A player can play one land."));
    ok(&s.ingest(&[a, b, c], &[]));
    let out = s.run(&["rule", "704.5j", "--rev", "2030-02-01"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("in: 2030-03-01-s137, 2030-01-01-s137"),
        "{err}"
    );
}

#[test]
fn one_index_is_found_from_any_folder_and_the_fallback_names_where_it_looked() {
    // Issue #33: ingest run in a checkout, then `arbiter rule 704.5j` from another folder
    // answered "only fragments are built in" (exit 1). With neither --index nor
    // ARBITER_INDEX, the index is the user's data directory, whatever the folder.
    let Some(corpus) = crate::common::corpus_dir() else {
        crate::common::notice(
            "NOT RUN: an index found from any folder needs ../shared/corpus (or ARBITER_CORPUS)",
        );
        return;
    };
    let work = tempfile::tempdir().expect("a temporary folder");
    let home = work.path().join("home");
    let (checkout, elsewhere) = (work.path().join("checkout"), work.path().join("elsewhere"));
    for dir in [&home, &checkout, &elsewhere] {
        std::fs::create_dir_all(dir).expect("a folder");
    }
    let arbiter = |cwd: &Path, home: &Path, args: &[&str]| {
        Command::cargo_bin("arbiter")
            .expect("the arbiter binary")
            .args(args)
            .current_dir(cwd)
            .env_clear()
            .env("HOME", home)
            .env("NO_COLOR", "1")
            .output()
            .expect("arbiter runs")
    };
    let file = corpus.join("cr-2026-01-16.txt");
    let ingest = arbiter(&checkout, &home, &["ingest", &file.display().to_string()]);
    assert_eq!(ingest.status.code(), Some(0), "{}", text(&ingest.stderr));
    let default = home.join(".local/share/arbiter");
    assert!(
        default.join("catalogue.json").is_file(),
        "the index is not in the data directory {}",
        default.display()
    );
    let rule = arbiter(&elsewhere, &home, &["rule", "704.5j"]);
    assert_eq!(rule.status.code(), Some(0), "{}", text(&rule.stderr));
    assert!(
        text(&rule.stdout).contains("legend rule"),
        "{}",
        text(&rule.stdout)
    );

    // With nothing ingested, the answer from the built-in fragments names where the
    // index was looked for and how to choose another; --index chooses one.
    let empty = work.path().join("empty-home");
    std::fs::create_dir_all(&empty).expect("a folder");
    let fallback = arbiter(&elsewhere, &empty, &["rule", "704.5j"]);
    assert_eq!(fallback.status.code(), Some(1));
    let said = text(&fallback.stderr);
    assert!(
        said.contains(&empty.join(".local/share/arbiter").display().to_string())
            && said.contains("the default, in your data directory")
            && said.contains("--index or ARBITER_INDEX"),
        "{said}"
    );
    let chosen = arbiter(
        &elsewhere,
        &empty,
        &["rule", "704.5j", "--index", &default.display().to_string()],
    );
    assert_eq!(chosen.status.code(), Some(0), "{}", text(&chosen.stderr));
}
