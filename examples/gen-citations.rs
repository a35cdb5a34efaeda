//! Writes arbiter's citation table (`src/citations/table.txt`) to standard output: the
//! rule lineage of every revision of the corpus, as `arbiter ingest` computes it.
//!
//! ```sh
//! cargo run --release --example gen-citations -- ../shared/corpus > src/citations/table.txt
//! ```
//!
//! Without an argument it reads `../shared/corpus` (or `$ARBITER_CORPUS`), as the tests do.

#[path = "../tests/it/common.rs"]
mod common;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map(PathBuf::from)
        .or_else(common::corpus_dir);
    let Some(dir) = dir else {
        eprintln!("gen-citations: no corpus: name its folder (../shared/corpus)");
        return ExitCode::from(2);
    };
    let revisions = match common::corpus_revisions(&dir) {
        Ok(r) if !r.is_empty() => r,
        Ok(_) => {
            eprintln!("gen-citations: {} has no cr-*.txt file", dir.display());
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("gen-citations: {e}");
            return ExitCode::from(2);
        }
    };
    let refs: Vec<&arbiter::model::Revision> = revisions.iter().collect();
    let table = arbiter::citations::generate(&refs);
    match std::io::stdout().lock().write_all(table.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen-citations: {e}");
            ExitCode::from(2)
        }
    }
}
