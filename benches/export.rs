//! Criterion benchmark of `render::html::site`: the whole site of the newest corpus
//! revision (2026-01-16: 3260 rules, 725 glossary entries), with and without a diff
//! page, and of the embedded section 3 (always available, corpus or not). Reading the
//! revision and pairing the diff are outside the measurement.

#[path = "../tests/it/common.rs"]
mod common;

use std::hint::black_box;

use arbiter::diff::{self, Options};
use arbiter::library::Library;
use arbiter::render::html;
use criterion::{criterion_group, criterion_main, Criterion};

fn bench(c: &mut Criterion) {
    let library = Library::embedded_only();
    if let Ok(s3) = library.load("2026-01-16-s3") {
        c.bench_function("site of the embedded section 3", |b| {
            b.iter(|| html::site(black_box(&s3), None, None, "bench"))
        });
    }
    let Some(dir) = common::corpus_dir() else {
        eprintln!("NOTICE: ../shared/corpus is absent; only the embedded site was measured");
        return;
    };
    let (Some(old), Some(new)) = (
        common::read_corpus(&dir, "2025-11-14"),
        common::read_corpus(&dir, "2026-01-16"),
    ) else {
        eprintln!("NOTICE: cr-2025-11-14.txt or cr-2026-01-16.txt could not be read");
        return;
    };
    c.bench_function("site of 2026-01-16", |b| {
        b.iter(|| html::site(black_box(&new), None, None, "bench"))
    });
    let changes = diff::pair(&old, &new, &Options::default());
    c.bench_function("site of 2026-01-16 with the diff from 2025-11-14", |b| {
        b.iter(|| html::site(black_box(&new), Some(&changes), None, "bench"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
