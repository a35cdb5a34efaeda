//! Fuzzes search: any query, asked of a built-in revision's index (its words read as
//! typed and respelt, its vocabulary and glossary names found, its definition looked up,
//! its query syntax parsed), must answer without panicking.
//! `cd fuzz && cargo +nightly fuzz run search`.

#![no_main]

use std::sync::LazyLock;

use arbiter::index::{Request, RevisionIndex};
use arbiter::library::Library;
use libfuzzer_sys::fuzz_target;

/// The newest built-in revision's index, built once.
static INDEX: LazyLock<RevisionIndex> = LazyLock::new(|| {
    let library = Library::embedded_only();
    let newest = library.revisions().last().expect("a built-in revision").id.clone();
    let revision = library.load(&newest).expect("the built-in revision reads");
    RevisionIndex::build_in_ram(&revision).expect("its index builds")
});

fuzz_target!(|data: &[u8]| {
    let query = String::from_utf8_lossy(data);
    for limit in [0, 10] {
        let _ = INDEX.answer(&Request {
            query: &query,
            scope: None,
            limit,
        });
    }
});
