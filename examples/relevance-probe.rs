//! Prints, for each question of a relevance set that may be studied, arbiter's rank of
//! its answer, plain BM25's, and arbiter's top five (number, score, title): what a change
//! of ranking is studied with, question by question. Only the studied sets are accepted
//! (`questions.tsv`, `heldout.tsv`, `development.tsv`, `real-development.tsv`); the
//! held-out sets are measured by `cargo test --test it relevance`, never read here.
//!
//! ```sh
//! cargo run --release --example relevance-probe -- real-development.tsv
//! cargo run --release --example relevance-probe -- -q 'trample deathtouch' [revision]
//! ```

#[path = "../tests/it/common.rs"]
mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use arbiter::index::baseline::PlainIndex;
use arbiter::index::{Request, RevisionIndex};
use arbiter::model::RuleNumber;

const STUDIED: &[&str] = &[
    "questions.tsv",
    "heldout.tsv",
    "development.tsv",
    "real-development.tsv",
];

fn rank_of(found: &[RuleNumber], answers: &[RuleNumber]) -> Option<usize> {
    found
        .iter()
        .position(|n| answers.iter().any(|a| n.is_within(a)))
        .map(|i| i + 1)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(dir) = common::corpus_dir() else {
        eprintln!("relevance-probe: no corpus");
        return ExitCode::from(2);
    };
    let files = common::corpus_files().unwrap_or_default();
    let newest = files
        .last()
        .and_then(|f| f.file_stem())
        .and_then(|s| s.to_str())
        .and_then(|s| s.strip_prefix("cr-"))
        .unwrap_or_default()
        .to_string();
    // (line, question, answers, revision)
    let mut questions: Vec<(usize, String, Vec<RuleNumber>, String)> = Vec::new();
    let mut detail = 5;
    match args.first().map(String::as_str) {
        Some("-q") => {
            let q = args.get(1).cloned().unwrap_or_default();
            let rev = args.get(2).cloned().unwrap_or_else(|| newest.clone());
            questions.push((0, q, Vec::new(), rev));
            detail = 10;
        }
        Some(file) if STUDIED.contains(&file) => {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/data/relevance")
                .join(file);
            let data = std::fs::read_to_string(path).expect("set reads");
            for (i, line) in data.lines().enumerate() {
                if line.trim().is_empty() || line.starts_with('#') {
                    continue;
                }
                let cols: Vec<&str> = line.split('\t').collect();
                let answers = cols[1]
                    .split_whitespace()
                    .filter_map(|n| n.parse().ok())
                    .collect();
                let rev = if cols[2] == "-" {
                    newest.clone()
                } else {
                    cols[2].to_string()
                };
                questions.push((i + 1, cols[0].to_string(), answers, rev));
            }
            if let Some(n) = args.get(1).and_then(|n| n.parse().ok()) {
                detail = n;
            }
        }
        _ => {
            eprintln!("relevance-probe: name a studied set ({STUDIED:?}) or -q QUESTION");
            return ExitCode::from(2);
        }
    }
    let mut by_rev: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, q) in questions.iter().enumerate() {
        by_rev.entry(q.3.clone()).or_default().push(i);
    }
    let mut out: Vec<(usize, String)> = Vec::new();
    let (mut h1, mut h5, mut rr, mut b5, mut brr) = (0, 0, 0.0, 0, 0.0);
    for (rev, idx) in by_rev {
        let revision = common::read_corpus(&dir, &rev).expect("revision reads");
        let index = RevisionIndex::build_in_ram(&revision).expect("index");
        let plain = PlainIndex::build(&revision).expect("plain");
        for i in idx {
            let (line, text, answers, _) = &questions[i];
            let found = index
                .answer(&Request {
                    query: text,
                    scope: None,
                    limit: 10,
                })
                .expect("search");
            let numbers: Vec<RuleNumber> = found.families.iter().map(|f| f.best.number).collect();
            let rank = rank_of(&numbers, answers);
            let base = rank_of(&plain.search(text, 10).expect("plain"), answers);
            h1 += usize::from(rank == Some(1));
            h5 += usize::from(rank.is_some_and(|r| r <= 5));
            rr += rank.map_or(0.0, |r| 1.0 / r as f64);
            b5 += usize::from(base.is_some_and(|r| r <= 5));
            brr += base.map_or(0.0, |r| 1.0 / r as f64);
            let mut s = format!(
                "line {line} [{}] rank {} bm25 {} :: {text}\n",
                answers
                    .iter()
                    .map(|n| n.short())
                    .collect::<Vec<_>>()
                    .join(" "),
                rank.map_or("-".into(), |r| r.to_string()),
                base.map_or("-".into(), |r| r.to_string()),
            );
            for f in found.families.iter().take(detail) {
                s.push_str(&format!(
                    "    {:<9} {:>7.2}  {}  | {}\n",
                    f.best.number.short(),
                    f.best.score,
                    f.best.title.as_deref().unwrap_or(""),
                    f.best.text.chars().take(90).collect::<String>()
                ));
            }
            out.push((*line, s));
        }
    }
    out.sort();
    for (_, s) in &out {
        print!("{s}");
    }
    let n = questions.len().max(1) as f64;
    println!(
        "n={} hit@1 {:.3} hit@5 {:.3} MRR {:.3}   plain hit@5 {:.3} MRR {:.3}",
        questions.len(),
        h1 as f64 / n,
        h5 as f64 / n,
        rr / n,
        b5 as f64 / n,
        brr / n
    );
    ExitCode::SUCCESS
}
