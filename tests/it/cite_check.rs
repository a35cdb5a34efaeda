//! `arbiter cite-check` on texts written for it (`tests/data/cite-check/`): every kind of
//! finding — renumbered, removed, nonexistent, misquoted, obsolete — pinned in golden
//! files, with the newest corpus revision ingested so that quotations are compared with
//! its text; and the obsolete concepts derived again from the corpus glossaries.
//!
//! After a deliberate change of output: `UPDATE_GOLDEN=1 cargo test --test it cite_check::`.

use std::path::Path;

use arbiter::citations::finder::{CONCEPTS, NOT_LOOKED_FOR};

use crate::common::corpus_dir;

/// The newest revision of the corpus, which the citation table checks against by default.
const NEWEST: &str = "2026-04-17";

fn golden(name: &str, got: &str) -> Result<(), String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{name}.txt"));
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&path, got).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let want = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    if want == got {
        Ok(())
    } else {
        Err(format!(
            "{} differs (UPDATE_GOLDEN=1 rewrites it):\n--- want\n{want}\n--- got\n{got}",
            path.display()
        ))
    }
}

fn arbiter(index: &Path) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"));
    command
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("ARBITER_INDEX", index)
        .env("NO_COLOR", "1")
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

#[test]
fn every_kind_of_finding_on_texts_written_for_it() {
    let Some(corpus) = corpus_dir() else {
        eprintln!("NOTICE: NOT RUN: ../shared/corpus is absent; cite-check's quotations need its newest revision ingested");
        return;
    };
    let index = tempfile::tempdir().expect("a temporary index");
    let newest = corpus.join(format!("cr-{NEWEST}.txt"));
    let ingest = arbiter(index.path())
        .args(["ingest", &newest.display().to_string()])
        .output()
        .expect("arbiter runs");
    assert!(
        ingest.status.success(),
        "{}",
        String::from_utf8_lossy(&ingest.stderr)
    );
    let failures: Vec<String> = [
        (
            "cite-check-kinds",
            vec!["cite-check", "tests/data/cite-check/"],
        ),
        (
            "cite-check-kinds-as-of-2009",
            vec![
                "cite-check",
                "tests/data/cite-check/",
                "--as-of",
                "2009-05-01",
            ],
        ),
        (
            "cite-check-kinds-json",
            vec![
                "cite-check",
                "tests/data/cite-check/study-guide.md",
                "--json",
            ],
        ),
    ]
    .iter()
    .filter_map(|(name, args)| {
        let output = arbiter(index.path())
            .args(args)
            .output()
            .expect("arbiter runs");
        golden(name, &crate::cli::record(args, &output)).err()
    })
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A bare number that two rules have carried (702.46c: Offering's until 2013-05-01, then
/// Splice's) is read in the era whose rule the words beside it copy, when the index holds both.
#[test]
fn the_words_beside_a_bare_number_tell_which_rule_it_was() {
    let Some(corpus) = corpus_dir() else {
        eprintln!("NOTICE: NOT RUN: ../shared/corpus is absent; the eras' texts need its revisions ingested");
        return;
    };
    let index = tempfile::tempdir().expect("a temporary index");
    let files: Vec<String> = [
        "2007-02-01",
        "2008-02-01",
        "2013-02-01",
        "2021-02-05",
        NEWEST,
    ]
    .iter()
    .map(|d| corpus.join(format!("cr-{d}.txt")).display().to_string())
    .collect();
    let ingest = arbiter(index.path())
        .arg("ingest")
        .args(&files)
        .output()
        .expect("arbiter runs");
    assert!(
        ingest.status.success(),
        "{}",
        String::from_utf8_lossy(&ingest.stderr)
    );
    let output = arbiter(index.path())
        .args(["cite-check", "tests/data/cite-check-eras/"])
        .output()
        .expect("arbiter runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    // The words of the line, not those of the next citation's: 502.46b of 2007-02-01 was
    // removed; its number's later rule (convoke's redundancy, 702.51d today) is 502.46c's.
    let convoke: Vec<&str> = stdout.lines().filter(|l| l.contains("502.46")).collect();
    assert_eq!(convoke.len(), 2, "{stdout}");
    assert!(
        convoke[0].contains(":5:")
            && convoke[0].contains("removed: rule 502.46b was last in 2007-02-01"),
        "{stdout}"
    );
    assert!(
        convoke[1].contains(":7:") && convoke[1].contains("702.51d"),
        "{stdout}"
    );
    let lines: Vec<&str> = stdout.lines().filter(|l| l.contains("702.46c")).collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    // The comment copies Offering's rule of 2013: Offering's 702.48c today.
    assert!(
        lines[0].contains(":5:") && lines[0].contains("702.48c"),
        "{stdout}"
    );
    // Nothing beside the bare number: its latest rule, Splice's, 702.47c today.
    assert!(
        lines[1].contains(":12:") && lines[1].contains("702.47c"),
        "{stdout}"
    );
}

/// The glossary's "(Obsolete)" entries of every corpus revision, as (entry, first revision
/// whose glossary has it).
fn obsolete_entries(corpus: &Path) -> Vec<(String, String)> {
    let mut first: Vec<(String, String)> = Vec::new();
    for file in crate::common::corpus_files_in(corpus).unwrap_or_default() {
        let date = file.file_stem().unwrap().to_string_lossy()[3..13].to_string();
        let text = String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned();
        for line in text.lines() {
            if let Some(entry) = line.trim().strip_suffix("(Obsolete)") {
                let entry = entry.trim().to_string();
                if !first.iter().any(|(e, _)| *e == entry) {
                    first.push((entry, date.clone()));
                }
            }
        }
    }
    first
}

#[test]
fn obsolete_concepts_match_the_glossary() {
    let Some(corpus) = corpus_dir() else {
        eprintln!("NOTICE: NOT RUN: ../shared/corpus is absent; the obsolete concepts were not compared with the glossaries");
        return;
    };
    let entries = obsolete_entries(&corpus);
    let newest: arbiter::model::Date = NEWEST.parse().unwrap();
    for concept in CONCEPTS {
        if let Some(rule) = concept.rule {
            assert!(
                arbiter::citations::exists(rule.parse().unwrap(), newest),
                "{}: rule {rule} is not in {NEWEST}",
                concept.name
            );
        }
        let Some(entry) = concept.glossary else {
            continue;
        };
        let found = entries.iter().find(|(e, _)| e == entry);
        assert_eq!(
            found.map(|(_, d)| d.as_str()),
            Some(concept.gone),
            "{}: the first glossary with \"{entry} (Obsolete)\"",
            concept.name
        );
    }
    // Every entry of the newest glossary is looked for, or said why not.
    let newest_text =
        String::from_utf8_lossy(&std::fs::read(corpus.join(format!("cr-{NEWEST}.txt"))).unwrap())
            .into_owned();
    for line in newest_text.lines() {
        if let Some(entry) = line.trim().strip_suffix("(Obsolete)") {
            let entry = entry.trim();
            assert!(
                CONCEPTS.iter().any(|c| c.glossary == Some(entry))
                    || NOT_LOOKED_FOR.iter().any(|(e, _)| *e == entry),
                "\"{entry} (Obsolete)\" of {NEWEST} is neither looked for nor in NOT_LOOKED_FOR"
            );
        }
    }
}
