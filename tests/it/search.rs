//! Search robustness, on the embedded revisions (no corpus needed): no query crashes or
//! aborts the process (thousands of brackets once overflowed tantivy's lenient parser's
//! stack), `--limit` is bounded, and a bare `arbiter WORDS` takes the search flags.

use std::process::{Command, Output};

fn arbiter(index: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("ARBITER_INDEX", index)
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .expect("arbiter runs")
}

#[test]
fn no_query_crashes_the_search() {
    let index = tempfile::tempdir().expect("temp dir");
    let brackets = "(".repeat(5000);
    let nested = format!("\"aura\" {}aura", "((".repeat(3000));
    let closing = ")".repeat(5000);
    let field = format!("title:{}", "(".repeat(40));
    let queries = [
        brackets.as_str(),
        nested.as_str(),
        closing.as_str(),
        field.as_str(),
        "+1/+1 and -1/-1 counters",
        "-",
        "\"",
        "\"\"",
        "title:",
        "AND OR NOT",
        "aura AND (",
        "*",
        "aura^",
        "~2",
        "[1 TO",
        "number:",
        "∅ ☃ 𝔞𝔲𝔯𝔞",
        "   ",
    ];
    for q in queries {
        let out = arbiter(index.path(), &["search", q, "--rev", "2026-01-16-s3"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let shown: String = q.chars().take(40).collect();
        // An answer, or (past docs/limits.md's limits) a refusal that names the limit.
        let refused = out.status.code() == Some(2) && stderr.contains("the limit is");
        assert!(
            matches!(out.status.code(), Some(0 | 1)) || refused,
            "{shown:?}: exit {:?}\n{stderr}",
            out.status.code()
        );
        assert!(!stderr.contains("panicked"), "{shown:?}: {stderr}");
    }
}

#[test]
fn the_limit_is_bounded_and_zero_is_refused() {
    let index = tempfile::tempdir().expect("temp dir");
    for bad in ["0", "1001", "many"] {
        let out = arbiter(index.path(), &["search", "aura", "--limit", bad]);
        assert_eq!(out.status.code(), Some(2), "--limit {bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("1 to 1000"));
    }
    let negative = arbiter(index.path(), &["search", "aura", "--limit=-1"]);
    assert_eq!(negative.status.code(), Some(2));
    let out = arbiter(index.path(), &["search", "aura", "--limit", "1000"]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn bare_words_take_the_search_flags() {
    let index = tempfile::tempdir().expect("temp dir");
    let hits = |out: &Output| {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .count()
    };
    let bare = arbiter(index.path(), &["aura", "attached", "--limit", "2"]);
    assert_eq!(bare.status.code(), Some(0));
    assert_eq!(hits(&bare), 2);
    let search = arbiter(
        index.path(),
        &["search", "aura", "attached", "--limit", "2"],
    );
    assert_eq!(bare.stdout, search.stdout);
    let scoped = arbiter(index.path(), &["aura", "--section", "4", "--limit", "3"]);
    let text = String::from_utf8_lossy(&scoped.stdout);
    assert!(
        text.lines()
            .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .all(|l| l.starts_with('4')),
        "{text}"
    );
    let number = arbiter(index.path(), &["303.4c", "--limit", "2"]);
    assert_eq!(number.status.code(), Some(2));
}

#[test]
fn a_rule_number_in_a_question_finds_that_rule_first() {
    let index = tempfile::tempdir().expect("temp dir");
    for q in ["303.4c", "what does rule 303.4c say about auras"] {
        let out = arbiter(index.path(), &["search", q, "--limit", "3"]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{q}: {text}");
        let first = text
            .lines()
            .find(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .unwrap_or_default();
        assert!(first.starts_with("303.4c "), "{q}: {text}");
    }
}

#[test]
fn a_misspelt_word_is_searched_as_the_word_it_is_one_slip_from_and_said_so() {
    let index = tempfile::tempdir().expect("temp dir");
    let first = |q: &str| {
        let out = arbiter(index.path(), &["search", q, "--limit", "3"]);
        assert_eq!(out.status.code(), Some(0));
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let first = text
            .lines()
            .find(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .map(str::to_string);
        (first, String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (meant, quiet) = first("equipment attached to an illegal permanent");
    let (typed, said) = first("equipmnet attached to an ilegal permanent");
    assert!(meant.is_some());
    assert_eq!(typed, meant);
    assert!(quiet.is_empty(), "{quiet}");
    assert!(
        said.contains("searched “equipmnet” as “equipment”, “ilegal” as “illegal”"),
        "{said}"
    );
    let json = arbiter(index.path(), &["search", "equipmnet", "--json"]);
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json");
    assert_eq!(doc["respelt"][0]["typed"], "equipmnet");
    assert_eq!(doc["respelt"][0]["read"], "equipment");
}

/// Every word the judge vocabulary adds to a question (`src/index/vocabulary.tsv`, its
/// second column) is a word some revision of the rules says: a misspelt or invented
/// word there would add nothing to a search, silently.
#[test]
fn the_judge_vocabulary_adds_only_words_the_rules_say() {
    let Some(files) = crate::common::corpus_files() else {
        eprintln!("skipped: ../shared/corpus is absent");
        return;
    };
    let mut rules = String::new();
    for file in &files {
        let bytes = std::fs::read(file).expect("corpus file");
        rules.push_str(
            &String::from_utf8_lossy(&bytes)
                .to_lowercase()
                .replace('’', "'"),
        );
    }
    let table = include_str!("../../src/index/vocabulary.tsv");
    let mut unsaid = Vec::new();
    for (i, line) in table.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let meaning = line.split('\t').nth(1).unwrap_or_default().to_lowercase();
        assert!(
            !meaning.is_empty(),
            "vocabulary.tsv line {}: no meaning",
            i + 1
        );
        for word in meaning.split(|c: char| !c.is_ascii_alphabetic() && c != '\'') {
            let word = word.trim_matches('\'');
            if word.len() >= 3 && !rules.contains(word) {
                unsaid.push(format!("line {}: {word}", i + 1));
            }
        }
    }
    assert!(unsaid.is_empty(), "words no revision says: {unsaid:?}");
}
