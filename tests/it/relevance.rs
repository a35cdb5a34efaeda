//! Relevance: the judge-style questions of `tests/data/relevance.tsv`, each searched in the
//! newest corpus revision exactly as `arbiter search` does (every revision has its own
//! index, so one revision's ranking does not depend on the others), must find the rule
//! that answers them within their rank. Skipped, with a notice, when the corpus is absent.

use crate::common;

use std::path::Path;

use arbiter::index::{Request, RevisionIndex};
use arbiter::model::RuleNumber;
use arbiter::read::{read, ReadOptions};

struct Question {
    line: usize,
    text: String,
    answers: Vec<RuleNumber>,
    rank: usize,
}

fn questions() -> Vec<Question> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/relevance.tsv");
    let data = std::fs::read_to_string(&path).expect("tests/data/relevance.tsv");
    let mut out = Vec::new();
    for (i, line) in data.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let at = i + 1;
        assert!(
            cols.len() >= 2,
            "relevance.tsv line {at}: expected question<TAB>rules[<TAB>rank]: {line:?}"
        );
        let answers = cols[1]
            .split_whitespace()
            .map(|n| {
                n.parse::<RuleNumber>()
                    .unwrap_or_else(|e| panic!("relevance.tsv line {at}: {e}"))
            })
            .collect();
        let rank = cols.get(2).map_or(5, |r| {
            r.trim()
                .parse::<usize>()
                .unwrap_or_else(|e| panic!("relevance.tsv line {at}: rank: {e}"))
        });
        out.push(Question {
            line: i + 1,
            text: cols[0].to_string(),
            answers,
            rank,
        });
    }
    out
}

#[test]
fn judge_questions_find_their_rule() {
    let Some(files) = common::corpus_files() else {
        eprintln!("relevance: ../shared/corpus is absent; skipping the relevance questions");
        return;
    };
    let newest = files.last().expect("a corpus file");
    let bytes = std::fs::read(newest).expect("corpus file");
    let revision = read(
        &newest.display().to_string(),
        &bytes,
        &ReadOptions::default(),
    )
    .expect("the newest corpus revision reads");
    let index = RevisionIndex::build_in_ram(&revision).expect("index");
    let questions = questions();
    assert!(questions.len() >= 30, "at least 30 questions");
    let mut failures = Vec::new();
    for q in &questions {
        let found = index
            .search(&Request {
                query: &q.text,
                scope: None,
                limit: q.rank,
            })
            .expect("search");
        let numbers: Vec<RuleNumber> = found.hits.iter().map(|h| h.number).collect();
        let hit = numbers
            .iter()
            .any(|n| q.answers.iter().any(|a| n.is_within(a)));
        if !hit {
            failures.push(format!(
                "line {}: {:?} wants {} in the top {}, got {}",
                q.line,
                q.text,
                q.answers
                    .iter()
                    .map(|n| n.short())
                    .collect::<Vec<_>>()
                    .join(" or "),
                q.rank,
                numbers
                    .iter()
                    .map(|n| n.short())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    eprintln!(
        "relevance: {} of {} questions answered in {}",
        questions.len() - failures.len(),
        questions.len(),
        revision.id
    );
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
