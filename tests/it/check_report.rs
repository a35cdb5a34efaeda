//! `arbiter check FILE` as a judge reads it: the terminal report and `--json` of boards
//! with replacement and prevention effects, pinned in `tests/golden/check-*.txt`. Each
//! golden file starts with its command line, which the test runs again: a new case is a
//! new golden file (write it with the command line and `UPDATE_GOLDEN=1`). The terminal
//! report fits in 80 columns: every line of every golden, and of the report of every
//! scenario under `tests/scenarios/replacement/` and `prevention/`, is checked.

use std::path::{Path, PathBuf};

use arbiter::commands::check::check_text;
use arbiter::library::Library;
use arbiter::output::wrap::visible_width;
use arbiter::render::{check, Style};

const COLUMNS: usize = 80;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn goldens() -> Vec<PathBuf> {
    let mut goldens: Vec<PathBuf> = std::fs::read_dir(root().join("tests/golden"))
        .expect("tests/golden")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("check-") && n.ends_with(".txt"))
        })
        .collect();
    goldens.sort();
    goldens
}

/// The lines of `text` wider than 80 columns, each with where it is; but a line that is one
/// word (a file's path), which is never split.
fn too_wide(what: &str, text: &str) -> Vec<String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| visible_width(l) > COLUMNS && l.trim().contains(' '))
        .map(|(i, l)| format!("{what}:{}: {} columns: {l}", i + 1, visible_width(l)))
        .collect()
}

#[test]
fn each_report_prints_its_golden() {
    let goldens = goldens();
    // One golden of each kind of replaced event, as text and as JSON.
    assert!(
        goldens.len() >= 8,
        "the check-*.txt goldens are missing: {goldens:?}"
    );
    let index = tempfile::tempdir().expect("a temporary index");
    let mut failures = Vec::new();
    for path in &goldens {
        let want = std::fs::read_to_string(path).expect("a golden file");
        let line = want.lines().next().unwrap_or_default();
        let args: Vec<&str> = line
            .strip_prefix("$ arbiter ")
            .expect("a golden starts with `$ arbiter …`")
            .split(' ')
            .collect();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("ARBITER_INDEX", index.path())
            .env("NO_COLOR", "1")
            .current_dir(root())
            .args(&args)
            .output()
            .expect("arbiter runs");
        let got = crate::cli::record(&args, &output);
        if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
            std::fs::write(path, &got).expect("the golden is written");
        } else if got != want {
            failures.push(format!(
                "{} differs (UPDATE_GOLDEN=1 rewrites it):\n--- want\n{want}\n--- got\n{got}",
                path.display()
            ));
        }
        if !args.contains(&"--json") {
            let stdout = got.split("--- stdout\n").nth(1).unwrap_or_default();
            failures.extend(too_wide(&path.display().to_string(), stdout));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn every_line_of_a_replacement_report_fits_in_80_columns() {
    let library = Library::embedded_only();
    let mut files: Vec<PathBuf> = ["replacement", "prevention"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root().join("tests/scenarios").join(dir)))
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    assert!(files.len() >= 30, "the replacement scenarios are missing");
    let mut failures = Vec::new();
    let mut longest = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a scenario");
        let name = file.display().to_string();
        let report = check_text(&library, &name, &text).expect("the scenario reads");
        // The words of a replaced event run to hundreds of characters before they are fitted.
        longest = longest.max(
            report
                .timeline
                .iter()
                .map(|t| t.text.chars().count())
                .max()
                .unwrap_or(0),
        );
        for explain in [false, true] {
            let shown = check::text(&report, explain, &[], Style { color: false });
            failures.extend(too_wide(&name, &shown));
        }
    }
    assert!(
        longest > 2 * COLUMNS,
        "no event of these scenarios is long enough to test the fitting ({longest} characters)"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
