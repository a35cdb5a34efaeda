//! Diff and history on real revisions: the known changes of `tests/data/known_changes.tsv`
//! checked against the corpus in `../shared/corpus` (skipped, with a notice, when it is
//! absent), and the embedded seeds diffed through the real binary against golden files.

use crate::common;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use arbiter::diff::lineage::{self, Lineage};
use arbiter::diff::{self, Changes, Kind, Op, Options};
use arbiter::model::{Revision, RuleNumber};
use arbiter::read::{self, ReadOptions};

struct Corpus {
    dir: PathBuf,
    revisions: HashMap<String, Revision>,
}

impl Corpus {
    fn revision(&mut self, id: &str) -> &Revision {
        if !self.revisions.contains_key(id) {
            let path = self.dir.join(format!("cr-{id}.txt"));
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let revision = read::read(&path.display().to_string(), &bytes, &ReadOptions::default())
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                revision.id,
                id,
                "{} reads as {}",
                path.display(),
                revision.id
            );
            self.revisions.insert(id.to_string(), revision);
        }
        &self.revisions[id]
    }

    /// Every revision of the corpus, oldest first.
    fn all(&mut self) -> Vec<&Revision> {
        let mut ids: Vec<String> = std::fs::read_dir(&self.dir)
            .expect("corpus folder")
            .filter_map(|e| {
                let name = e.ok()?.file_name().to_string_lossy().to_string();
                Some(name.strip_prefix("cr-")?.strip_suffix(".txt")?.to_string())
            })
            .collect();
        ids.sort();
        for id in &ids {
            self.revision(id);
        }
        ids.iter().map(|id| &self.revisions[id]).collect()
    }
}

/// One line of `known_changes.tsv`.
struct Known {
    line: usize,
    kind: String,
    from_rev: String,
    from: Option<RuleNumber>,
    to_rev: String,
    to: Option<RuleNumber>,
    words: String,
    what: String,
}

fn known_changes() -> Vec<Known> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/known_changes.tsv");
    let text = std::fs::read_to_string(&path).expect("known_changes.tsv");
    let number = |s: &str, line: usize| -> Option<RuleNumber> {
        (s != "-").then(|| {
            s.parse()
                .unwrap_or_else(|e| panic!("known_changes.tsv:{line}: {e}"))
        })
    };
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| {
            let line = i + 1;
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(
                cols.len(),
                7,
                "known_changes.tsv:{line}: expected 7 columns"
            );
            Known {
                line,
                kind: cols[0].to_string(),
                from_rev: cols[1].to_string(),
                from: number(cols[2], line),
                to_rev: cols[3].to_string(),
                to: number(cols[4], line),
                words: cols[5].to_string(),
                what: cols[6].to_string(),
            }
        })
        .collect()
}

/// Whether the diff deletes and inserts the words the line names.
fn check_words(change: &diff::Change, words: &str) -> Result<(), String> {
    let gather = |op: Op| -> String {
        change
            .diff
            .iter()
            .filter(|s| s.op == op)
            .map(|s| s.text.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (deleted, inserted) = (gather(Op::Delete), gather(Op::Insert));
    for want in words.split(" | ").filter(|w| !w.is_empty()) {
        let ok = match want.split_at(1) {
            ("-", w) => deleted.contains(w),
            ("+", w) => inserted.contains(w),
            _ => return Err(format!("bad words column `{want}`")),
        };
        if !ok {
            return Err(format!(
                "expected {want} in the word diff; deleted: {deleted:?}; inserted: {inserted:?}"
            ));
        }
    }
    Ok(())
}

fn check_pair(k: &Known, changes: &Changes) -> Result<(), String> {
    let show = |n: Option<RuleNumber>| n.map(|n| n.short()).unwrap_or_else(|| "-".into());
    let found = changes.changes.iter().find(|c| match k.kind.as_str() {
        "added" => c.to == k.to,
        "removed" | "unchanged" => c.from == k.from,
        _ => c.from == k.from || c.to == k.to,
    });
    let describe = |c: &diff::Change| {
        format!("{:?} {} -> {}", c.kind, show(c.from), show(c.to)).to_lowercase()
    };
    let want_kind = match k.kind.as_str() {
        "added" => Kind::Added,
        "removed" => Kind::Removed,
        "modified" => Kind::Modified,
        "renumbered" => Kind::Renumbered,
        "unchanged" => {
            return match found {
                None => Ok(()),
                Some(c) => Err(format!("expected unchanged, found {}", describe(c))),
            }
        }
        other => return Err(format!("unknown kind `{other}`")),
    };
    let Some(c) = found else {
        return Err("no such change in the diff".to_string());
    };
    if c.kind != want_kind || c.from != k.from || c.to != k.to {
        return Err(format!("found {}", describe(c)));
    }
    check_words(c, &k.words)
}

#[test]
fn known_changes_of_the_corpus_are_found() {
    let Some(dir) = common::corpus_dir() else {
        eprintln!("NOTICE: ../shared/corpus is absent; known_changes_of_the_corpus_are_found checked nothing");
        return;
    };
    let known = known_changes();
    assert!(known.len() >= 25, "at least 25 known changes");
    let mut corpus = Corpus {
        dir,
        revisions: HashMap::new(),
    };
    let mut pairs: HashMap<(String, String), Changes> = HashMap::new();
    let mut lineage: Option<Lineage> = None;
    let mut failures = Vec::new();
    for k in &known {
        let result = if k.kind == "lineage" {
            let lineage = lineage.get_or_insert_with(|| lineage::build(&corpus.all()));
            let from = k.from.expect("lineage lines name a rule");
            let got = lineage.map_number(&k.from_rev, &from, &k.to_rev);
            if got == k.to {
                Ok(())
            } else {
                Err(format!("lineage maps it to {:?}", got.map(|n| n.short())))
            }
        } else {
            let key = (k.from_rev.clone(), k.to_rev.clone());
            if !pairs.contains_key(&key) {
                let a = corpus.revision(&k.from_rev).clone();
                let b = corpus.revision(&k.to_rev);
                pairs.insert(key.clone(), diff::pair(&a, b, &Options::default()));
            }
            check_pair(k, &pairs[&key])
        };
        if let Err(why) = result {
            failures.push(format!(
                "known_changes.tsv:{} {} {} {:?} → {} {:?} ({}): {why}",
                k.line,
                k.kind,
                k.from_rev,
                k.from.map(|n| n.short()),
                k.to_rev,
                k.to.map(|n| n.short()),
                k.what
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} known changes not found:\n{}",
        failures.len(),
        known.len(),
        failures.join("\n")
    );
}

#[test]
fn adjacent_revisions_pair_almost_every_rule() {
    let Some(dir) = common::corpus_dir() else {
        eprintln!("NOTICE: ../shared/corpus is absent; adjacent_revisions_pair_almost_every_rule checked nothing");
        return;
    };
    let mut corpus = Corpus {
        dir,
        revisions: HashMap::new(),
    };
    let a = corpus.revision("2025-11-14").clone();
    let b = corpus.revision("2026-01-16");
    let changes = diff::pair(&a, b, &Options::default());
    let s = &changes.summary;
    assert!(
        s.unchanged > 2900 && s.added + s.removed < 60,
        "two adjacent revisions should mostly agree: {s:?}"
    );
}

/// Runs the real binary with an empty index and no colour, and compares its output with a
/// golden file (`ARBITER_BLESS=1` rewrites the golden file instead).
fn golden(args: &[&str], golden: &str, expected_status: i32) {
    let index = tempfile::tempdir().expect("temporary index");
    let output = assert_cmd::Command::cargo_bin("arbiter")
        .expect("the arbiter binary")
        .args(args)
        .env_clear()
        .env("ARBITER_INDEX", index.path())
        .env("NO_COLOR", "1")
        .output()
        .expect("arbiter runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(expected_status),
        "arbiter {}: stderr: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/diff")
        .join(golden);
    if std::env::var_os("ARBITER_BLESS").is_some() {
        std::fs::write(&path, stdout.as_bytes()).expect("write golden file");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with ARBITER_BLESS=1 to create it)",
            path.display()
        )
    });
    assert_eq!(
        stdout,
        want,
        "arbiter {} differs from {}",
        args.join(" "),
        path.display()
    );
}

#[test]
fn embedded_seeds_diff_section_3_of_2011_against_2026() {
    golden(
        &["diff", "2011-07-15", "2026-01-16", "--section", "3"],
        "seeds-2011-2026-s3.txt",
        1,
    );
}

#[test]
fn embedded_seeds_diff_as_markdown_and_json() {
    golden(
        &[
            "diff",
            "2011-07-15",
            "2026-01-16",
            "--section",
            "3",
            "--markdown",
        ],
        "seeds-2011-2026-s3.md",
        1,
    );
    golden(
        &[
            "diff",
            "2011-07-15",
            "2026-01-16",
            "--rule",
            "309",
            "--json",
        ],
        "seeds-2011-2026-309.json",
        1,
    );
}

#[test]
fn ignore_wording_folds_the_template_changes_of_the_seeds() {
    golden(
        &[
            "diff",
            "2011-07-15",
            "2026-01-16",
            "--section",
            "3",
            "--ignore-wording",
        ],
        "seeds-2011-2026-s3-ignore-wording.txt",
        1,
    );
}

#[test]
fn a_revision_diffed_with_itself_is_identical() {
    golden(
        &["diff", "2026-01-16", "2026-01-16"],
        "seeds-identical.txt",
        0,
    );
}

#[test]
fn history_follows_planes_through_the_seeds() {
    golden(
        &["history", "311.1", "--rev", "2026-01-16"],
        "seeds-history-311.1.txt",
        0,
    );
    golden(
        &["history", "309.1", "--rev", "2011-07-15", "--json"],
        "seeds-history-309.1.json",
        0,
    );
}

#[test]
fn renumbering_reaches_section_diffs_and_history_and_ingest_sums_up_warnings() {
    // Issue #33: `diff 2008 2026 --section 5` compared 2008's Additional Rules with
    // 2026's Turn Structure without a word.
    let Some(dir) = common::corpus_dir() else {
        common::notice("NOT RUN: a section diff across the renumbering needs ../shared/corpus");
        return;
    };
    let index = tempfile::tempdir().expect("temporary index");
    let arbiter = |args: &[&str]| {
        assert_cmd::Command::cargo_bin("arbiter")
            .expect("the arbiter binary")
            .args(args)
            .env_clear()
            .env("ARBITER_INDEX", index.path())
            .env("NO_COLOR", "1")
            .output()
            .expect("arbiter runs")
    };
    let files: Vec<String> = ["cr-2008-10-01.txt", "cr-2026-01-16.txt"]
        .iter()
        .map(|f| dir.join(f).display().to_string())
        .collect();
    let ingest = arbiter(&["ingest", &files[0], &files[1]]);
    assert_eq!(
        ingest.status.code(),
        Some(0),
        "{}",
        common::text(&ingest.stderr)
    );
    // Issue #33: the publisher's typos made one warning line per file; several files'
    // are summed up in one line.
    let warned = common::text(&ingest.stderr);
    assert_eq!(
        warned
            .lines()
            .filter(|l| l.contains("reading warning"))
            .count(),
        1,
        "{warned}"
    );
    assert!(
        warned.contains("reading warnings in 2 of 2 files"),
        "{warned}"
    );
    // Issue #33: `history 420.5e` exited 1 while `rule 420.5e` knew it is 704.5j.
    let old_number = arbiter(&["history", "420.5e"]);
    assert_eq!(
        old_number.status.code(),
        Some(0),
        "{}",
        common::text(&old_number.stderr)
    );
    assert!(
        common::text(&old_number.stderr)
            .contains("following 420.5e of 2008-10-01 (it is 704.5j in 2026-01-16)"),
        "{}",
        common::text(&old_number.stderr)
    );
    assert!(common::text(&old_number.stdout).contains("704.5j"));
    // Issue #33: `history 500` said 500 ("General", Turn Structure) was 212.1, the
    // "General" heading under Type: a shared heading is not a rule's ancestor.
    let heading = arbiter(&["history", "500"]);
    let said = common::text(&heading.stdout);
    assert!(!said.contains("212.1"), "{said}");
    let across = arbiter(&["diff", "2008-10-01", "2026-01-16", "--section", "5"]);
    let stderr = common::text(&across.stderr);
    assert!(
        stderr.contains(
            "section 5 is \"Additional Rules\" in 2008-10-01 but \"Turn Structure\" in 2026-01-16"
        ),
        "{stderr}"
    );
    let same = arbiter(&["diff", "2026-01-16", "2026-01-16", "--section", "5"]);
    assert!(
        !common::text(&same.stderr).contains("different sections"),
        "section 5 is the same section in one revision"
    );
}
