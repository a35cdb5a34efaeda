//! Data files as tests, one test per file, so that one case runs by name:
//!
//! - every `tests/scenarios/**/*.md` (but `malformed/` and `refused/`) is played by the checker,
//!   through the same library call `arbiter check` makes, and every expectation must hold;
//! - every `tests/scenarios/malformed/*.md` must fail to read with exactly the error written
//!   in its `.err` file;
//! - every `tests/scenarios/refused/*.md` is read and reported REFUSED, never passed.
//!
//! A new case is a new file, not new Rust. Each test is named after its file:
//! `cargo test --test cases -- combat/double-strike` runs the files whose path contains that,
//! `cargo test --test cases -- --list` lists them all. This binary has its own harness
//! (libtest-mimic) because the standard one can't make a test per file found at run time.

use std::path::{Path, PathBuf};

use arbiter::commands::check::check_text;
use arbiter::library::Library;
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let arguments = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut trials = Vec::new();
    for file in scenario_files(&root) {
        trials.push(trial(&root, file, Kind::Plays));
    }
    let malformed = markdown_files(&root.join("malformed"));
    if malformed.len() < 12 {
        // The suite of reading errors shrank by accident: say so by name.
        let count = malformed.len();
        trials.push(Trial::test("malformed/(at least 12 files)", move || {
            Err(
                format!("tests/scenarios/malformed/ holds {count} scenarios; expected at least 12")
                    .into(),
            )
        }));
    }
    for file in malformed {
        trials.push(trial(&root, file, Kind::Malformed));
    }
    for file in markdown_files(&root.join("refused")) {
        trials.push(trial(&root, file, Kind::Refused));
    }
    if trials.is_empty() {
        // A missing suite is said, never passed in silence.
        trials.push(
            Trial::test("scenarios", || Ok(()))
                .with_ignored_flag(true)
                .with_kind("no files"),
        );
        eprintln!("NOTICE: NOT RUN: {} holds no scenario file", root.display());
    }
    libtest_mimic::run(&arguments, trials).exit();
}

#[derive(Clone, Copy)]
enum Kind {
    /// A board whose every expectation must hold.
    Plays,
    /// A file that must fail to read with the error of its `.err` file.
    Malformed,
    /// A board that needs what the checker doesn't play: reported REFUSED.
    Refused,
}

/// The test of one file, named by its path under `tests/scenarios/`, without `.md`.
fn trial(root: &Path, file: PathBuf, kind: Kind) -> Trial {
    let name = file
        .strip_prefix(root)
        .unwrap_or(&file)
        .with_extension("")
        .to_string_lossy()
        .replace('\\', "/");
    let label = match kind {
        Kind::Plays => "scenario",
        Kind::Malformed => "malformed",
        Kind::Refused => "refused",
    };
    Trial::test(name, move || match kind {
        Kind::Plays => plays(&file),
        Kind::Malformed => fails_with_its_error(&file),
        Kind::Refused => is_refused(&file),
    })
    .with_kind(label)
}

fn file_name(file: &Path) -> String {
    file.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn read(file: &Path) -> Result<String, Failed> {
    std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()).into())
}

fn plays(file: &Path) -> Result<(), Failed> {
    let name = file_name(file);
    let text = read(file)?;
    let report = check_text(&Library::embedded_only(), &name, &text)
        .map_err(|e| format!("{name}: could not be read: {e}"))?;
    if report.passed {
        return Ok(());
    }
    let mut detail = format!("{name}: {} ({})", report.scenario, report.status);
    for e in report.expectations.iter().filter(|e| !e.passed) {
        detail.push_str(&format!("\n    FAIL {}\n         {}", e.text, e.detail));
    }
    for a in report.actions.iter().filter(|a| !a.legal) {
        detail.push_str(&format!("\n    (action {} was illegal: {})", a.n, a.reason));
    }
    if let Some(refused) = &report.refused {
        detail.push_str(&format!("\n    (refused: {refused:?})"));
    }
    Err(detail.into())
}

fn fails_with_its_error(file: &Path) -> Result<(), Failed> {
    let name = file_name(file);
    let text = read(file)?;
    let err_file = file.with_extension("err");
    let actual = match check_text(&Library::embedded_only(), &name, &text) {
        Ok(_) => "(read without error)".to_string(),
        Err(e) => e.to_string(),
    };
    let expected = std::fs::read_to_string(&err_file).map_err(|_| {
        format!(
            "{name}: no {} file; the error is:\n    {actual}",
            err_file.display()
        )
    })?;
    let expected = expected.trim_end();
    if expected == actual {
        Ok(())
    } else {
        Err(format!("{name}:\n    expected: {expected}\n    actual:   {actual}").into())
    }
}

fn is_refused(file: &Path) -> Result<(), Failed> {
    let name = file_name(file);
    let text = read(file)?;
    let report = check_text(&Library::embedded_only(), &name, &text)
        .map_err(|e| format!("{name}: could not be read: {e}"))?;
    if report.refused.is_none() || report.passed {
        return Err(format!("{name}: not refused (status {})", report.status).into());
    }
    Ok(())
}

/// The scenarios of `dir` and of its subfolders (`layers/`…), but for `malformed/` and
/// `refused/`, in a stable order.
fn scenario_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = markdown_files(dir);
    let mut subdirs: Vec<PathBuf> = entries(dir)
        .into_iter()
        .filter(|p| p.is_dir() && !p.ends_with("malformed") && !p.ends_with("refused"))
        .collect();
    subdirs.sort();
    for d in subdirs {
        files.extend(scenario_files(&d));
    }
    files
}

/// The `.md` files of `dir` (not its README), sorted.
fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = entries(dir)
        .into_iter()
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "md"))
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.eq_ignore_ascii_case("README.md"))
        })
        .collect();
    files.sort();
    files
}

fn entries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default()
}
