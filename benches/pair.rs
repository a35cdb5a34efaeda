//! Criterion benchmarks of `diff::pair` and `diff::lineage::build`: two adjacent full
//! revisions, the two ends of the corpus (through the 2009 renumbering), and a synthetic
//! pair of 3000-rule revisions with a renumbered block (always available, corpus or not);
//! and of the embedded citation table the lineage is written into (`arbiter::citations`):
//! reading it, and translating numbers with it.

#[path = "../tests/it/common.rs"]
mod common;

use std::collections::BTreeMap;
use std::hint::black_box;

use arbiter::citations::{self, Table};
use arbiter::diff::{self, lineage, Options};
use arbiter::model::{Date, Format, Revision, Rule, RuleNumber};
use criterion::{criterion_group, criterion_main, Criterion};

/// A revision of `n` rules whose words depend on `seed`; `shift` renumbers the block of
/// rules 700–719 by one subrule, as a new rule inserted at the top of each would.
fn synthetic(n: usize, seed: u64, shift: bool) -> Revision {
    let words = [
        "player",
        "permanent",
        "battlefield",
        "controls",
        "creature",
        "spell",
        "ability",
        "target",
        "graveyard",
        "owner",
        "card",
        "mana",
        "cost",
        "damage",
        "turn",
        "step",
        "combat",
        "counter",
        "library",
        "hand",
        "exile",
        "token",
        "copy",
        "effect",
    ];
    let mut rules = BTreeMap::new();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for i in 0..n {
        let rule = 100 + (i / 30) as u16;
        let mut sub = (i % 30) as u16 + 1;
        if shift && (700..720).contains(&rule) {
            sub += 1;
        }
        let number = RuleNumber::subrule(rule, sub);
        let mut text = String::new();
        for k in 0..25 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let pick = (state as usize + i * 7 + k) % words.len();
            // Rules differ between the two sides in one word out of fifty, by seed.
            let pick = if (i + k) % 50 == 0 {
                (pick + seed as usize) % words.len()
            } else {
                pick
            };
            text.push_str(words[pick]);
            text.push(' ');
        }
        text.push_str(&format!("rule {i}."));
        rules.insert(number, Rule::new(number, text));
    }
    Revision {
        id: format!("2026-01-{:02}", 10 + seed),
        date: Date::new(2026, 1, 10 + seed as u8).expect("date"),
        source: "synthetic".into(),
        format: Format::OfficialText,
        content_hash: String::new(),
        complete: true,
        sections: Vec::new(),
        rules,
        glossary: Vec::new(),
        warnings: Vec::new(),
    }
}

fn bench_pair(c: &mut Criterion) {
    let options = Options::default();
    let (a, b) = (synthetic(3000, 0, false), synthetic(3000, 1, true));
    c.bench_function("pair synthetic 3000 rules, block renumbered", |bench| {
        bench.iter(|| diff::pair(black_box(&a), black_box(&b), &options))
    });
    let Some(dir) = common::corpus_dir() else {
        eprintln!("NOTICE: ../shared/corpus is absent; only the synthetic benchmark ran");
        return;
    };
    let revisions = [
        ("2025-11-14", "2026-01-16"),
        ("2009-05-01", "2009-07-11"),
        ("2008-02-01", "2026-04-17"),
    ];
    for (from, to) in revisions {
        let (Some(a), Some(b)) = (
            common::read_corpus(&dir, from),
            common::read_corpus(&dir, to),
        ) else {
            eprintln!("NOTICE: could not read {from} or {to}; skipped");
            continue;
        };
        c.bench_function(&format!("pair {from} {to}"), |bench| {
            bench.iter(|| diff::pair(black_box(&a), black_box(&b), &options))
        });
    }
}

fn bench_lineage(c: &mut Criterion) {
    let revisions: Vec<Revision> = (0..5).map(|s| synthetic(3000, s, s % 2 == 1)).collect();
    let refs: Vec<&Revision> = revisions.iter().collect();
    c.bench_function("lineage synthetic 5 revisions", |bench| {
        bench.iter(|| lineage::build(black_box(&refs)))
    });
    let stored = lineage::build(&refs).to_bytes();
    c.bench_function("lineage load (synthetic 5 revisions)", |bench| {
        bench.iter(|| lineage::Lineage::from_bytes(black_box(&stored)))
    });
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let mut ids: Vec<String> = std::fs::read_dir(&dir)
        .map(|d| {
            d.filter_map(|e| {
                let name = e.ok()?.file_name().to_string_lossy().to_string();
                Some(name.strip_prefix("cr-")?.strip_suffix(".txt")?.to_string())
            })
            .collect()
        })
        .unwrap_or_default();
    ids.sort();
    let corpus: Vec<Revision> = ids
        .iter()
        .filter_map(|id| common::read_corpus(&dir, id))
        .collect();
    let refs: Vec<&Revision> = corpus.iter().collect();
    let name = format!("lineage of the corpus ({} revisions)", refs.len());
    c.bench_function(&name, |bench| {
        bench.iter(|| lineage::build(black_box(&refs)))
    });
    let stored = lineage::build(&refs).to_bytes();
    eprintln!("stored lineage of the corpus: {} bytes", stored.len());
    c.bench_function("lineage load (corpus)", |bench| {
        bench.iter(|| lineage::Lineage::from_bytes(black_box(&stored)))
    });
}

fn bench_citations(c: &mut Criterion) {
    c.bench_function("citation table: read (its first use)", |bench| {
        bench.iter(|| Table::parse(black_box(citations::TABLE)))
    });
    let table = Table::parse(citations::TABLE).expect("the embedded table reads");
    let today = Date::new(2026, 1, 16).expect("date");
    let numbers: Vec<RuleNumber> = [
        "704.5j", "704.5m", "608.2b", "613.1d", "702.16b", "305.2", "117.3a", "400.7",
    ]
    .iter()
    .filter_map(|n| n.parse().ok())
    .collect();
    let revisions = table.revisions().to_vec();
    c.bench_function(
        "citation table: 8 numbers of 2026-01-16 into all 82 revisions",
        |bench| {
            bench.iter(|| {
                for &n in &numbers {
                    for &to in &revisions {
                        black_box(table.translate(n, today, to));
                    }
                }
            })
        },
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench_pair, bench_lineage, bench_citations
}
criterion_main!(benches);
