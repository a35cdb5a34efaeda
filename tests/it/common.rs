//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// `../shared/corpus` beside the project; from a git worktree deeper down, the nearest
/// ancestor's `shared/corpus`; `ARBITER_CORPUS` overrides both. `None` when absent.
pub fn corpus_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("ARBITER_CORPUS") {
        return Some(PathBuf::from(dir)).filter(|d| d.is_dir());
    }
    let project = Path::new(env!("CARGO_MANIFEST_DIR"));
    project
        .ancestors()
        .skip(1)
        .map(|a| a.join("shared/corpus"))
        .find(|d| d.is_dir())
}

/// The corpus files (`cr-*.txt`), oldest first.
pub fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = corpus_dir()?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("cr-") && n.ends_with(".txt"))
        })
        .collect();
    files.sort();
    Some(files)
}
