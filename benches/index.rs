//! In-process timings of the index: reading the stored model of one revision (what
//! `arbiter rule` pays), opening a revision's search index and answering a question (what
//! `arbiter search` pays), building one revision's index (what `arbiter ingest` pays per
//! file), and the analyzer alone. Uses the newest revision of `../shared/corpus`; prints a
//! notice and measures nothing when the corpus is absent. Run with `cargo bench`.

#[path = "../tests/it/common.rs"]
mod common;

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};

use arbiter::index::{analysis, Request, RevisionIndex, Store};
use arbiter::model::Revision;
use arbiter::read::{read, ReadOptions};

fn newest_revision() -> Option<(PathBuf, Vec<u8>, Revision)> {
    let path = common::corpus_files()?.pop()?;
    let bytes = std::fs::read(&path).ok()?;
    let revision = read(&path.display().to_string(), &bytes, &ReadOptions::default()).ok()?;
    Some((path, bytes, revision))
}

fn benches(c: &mut Criterion) {
    let Some((path, bytes, revision)) = newest_revision() else {
        eprintln!("benches: ../shared/corpus is absent; nothing to measure");
        return;
    };
    let tmp = tempfile::tempdir().expect("temp dir");
    let store = Store::at(tmp.path());
    let entry = {
        let writer = store.lock(|| {}).expect("lock");
        writer.write_revision(&revision).expect("write revision")
    };
    let name = path.display().to_string();

    c.bench_function("read newest corpus file", |b| {
        b.iter(|| read(&name, black_box(&bytes), &ReadOptions::default()))
    });
    c.bench_function("load one stored revision (model.bin)", |b| {
        b.iter(|| store.load(black_box(&entry)).expect("load"))
    });
    c.bench_function("open one revision's search index", |b| {
        b.iter(|| store.open_search(black_box(&entry)).expect("open"))
    });
    let index = store.open_search(&entry).expect("open");
    for query in [
        "how many lands can I play each turn",
        "legend rule",
        "deathtouch",
        // A misspelling, respelt before the search (issue #14, round 7).
        "indestructibel creature with 0 toughness",
    ] {
        c.bench_function(&format!("search {query:?}"), |b| {
            b.iter(|| {
                index
                    .search(&Request {
                        query: black_box(query),
                        scope: None,
                        limit: 10,
                    })
                    .expect("search")
            })
        });
    }
    let mut group = c.benchmark_group("build");
    group.sample_size(10);
    group.bench_function("index one revision in memory", |b| {
        b.iter(|| RevisionIndex::build_in_ram(black_box(&revision)).expect("build"))
    });
    group.finish();
    let text: String = revision
        .rules
        .values()
        .take(200)
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    c.bench_function("analyze 200 rules of text", |b| {
        b.iter(|| analysis::terms(black_box(&text)))
    });
}

criterion_group!(index, benches);
criterion_main!(index);
