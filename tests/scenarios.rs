//! The scenario suite: every `tests/scenarios/*.md` is played by the checker (through the
//! same library call `arbiter check` makes) and every expectation must hold; every
//! `tests/scenarios/malformed/*.md` must fail to read with exactly the error written in
//! its `.err` file. A new case is a new file, not new Rust.

use std::path::{Path, PathBuf};

use arbiter::commands::check::check_text;
use arbiter::library::Library;

fn markdown_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "md"))
                .filter(|p| {
                    !p.file_name()
                        .is_some_and(|n| n.eq_ignore_ascii_case("README.md"))
                })
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

#[test]
fn every_scenario_holds() {
    let files = markdown_files(&scenarios_dir());
    if files.is_empty() {
        eprintln!("notice: tests/scenarios/ has no scenario files yet; nothing to play");
        return;
    }
    let library = Library::embedded_only();
    let mut failures = Vec::new();
    for file in &files {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(file).unwrap_or_default();
        match check_text(&library, &name, &text) {
            Err(e) => failures.push(format!("{name}: could not be read: {e}")),
            Ok(report) if !report.passed => {
                let mut detail = format!("{name}: {}", report.scenario);
                for e in report.expectations.iter().filter(|e| !e.passed) {
                    detail.push_str(&format!("\n    FAIL {}\n         {}", e.text, e.detail));
                }
                for a in report.actions.iter().filter(|a| !a.legal) {
                    detail.push_str(&format!("\n    (action {} was illegal: {})", a.n, a.reason));
                }
                failures.push(detail);
            }
            Ok(_) => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn every_malformed_scenario_fails_with_its_error() {
    let dir = scenarios_dir().join("malformed");
    let files = markdown_files(&dir);
    assert!(
        files.len() >= 12,
        "expected at least 12 malformed scenarios in {}",
        dir.display()
    );
    let library = Library::embedded_only();
    let mut failures = Vec::new();
    for file in &files {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let expected =
            std::fs::read_to_string(file.with_extension("err")).map(|s| s.trim_end().to_string());
        let actual = match check_text(&library, &name, &text) {
            Ok(_) => "(read without error)".to_string(),
            Err(e) => e.to_string(),
        };
        match expected {
            Err(_) => failures.push(format!("{name}: no .err file; the error is:\n    {actual}")),
            Ok(expected) if expected != actual => failures.push(format!(
                "{name}:\n    expected: {expected}\n    actual:   {actual}"
            )),
            Ok(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
