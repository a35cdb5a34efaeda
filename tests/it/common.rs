//! Helpers shared by the integration tests (and, through `#[path]`, by the benchmarks):
//! where the corpus is, reading one of its revisions, and the text of a run.
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
    corpus_files_in(&corpus_dir()?)
}

/// The corpus files (`cr-*.txt`) of `dir`, oldest first.
pub fn corpus_files_in(dir: &Path) -> Option<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
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

/// The corpus revision `cr-{id}.txt` of `dir`, read with no options (`None` when it is
/// absent or does not read).
pub fn read_corpus(dir: &Path, id: &str) -> Option<arbiter::model::Revision> {
    let path = dir.join(format!("cr-{id}.txt"));
    let bytes = std::fs::read(&path).ok()?;
    let name = path.display().to_string();
    arbiter::read::read(&name, &bytes, &arbiter::read::ReadOptions::default()).ok()
}

/// Every corpus revision of `dir`, oldest first; `Err` names a file that does not read.
pub fn corpus_revisions(dir: &Path) -> Result<Vec<arbiter::model::Revision>, String> {
    let files =
        corpus_files_in(dir).ok_or_else(|| format!("{} cannot be listed", dir.display()))?;
    files
        .iter()
        .map(|path| {
            let name = path.display().to_string();
            let bytes = std::fs::read(path).map_err(|e| format!("{name}: {e}"))?;
            arbiter::read::read(&name, &bytes, &arbiter::read::ReadOptions::default())
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// Bytes a process wrote, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The stdout of a run that must have succeeded; otherwise fails showing both streams.
pub fn ok(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status.code(),
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// A line on the terminal past the test harness's capture (`eprintln!` of a passing test
/// is swallowed): what a test did not check, and why.
pub fn notice(what: &str) {
    use std::io::Write as _;
    let _ = std::io::stderr().write_all(format!("\nNOTICE: {what}\n").as_bytes());
}
