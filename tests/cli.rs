//! The `arbiter` binary as a user runs it: a scrubbed environment (only PATH, an empty
//! ARBITER_INDEX and NO_COLOR=1), a working directory outside the checkout, and the
//! output compared with one golden file per command line in `tests/golden/`.
//!
//! A golden file holds the command line, the exit status, stdout and stderr. After a
//! deliberate change of output, rewrite them with `UPDATE_GOLDEN=1 cargo test --test cli`
//! and review the diff.

use std::path::{Path, PathBuf};

use assert_cmd::cargo::cargo_bin_cmd;

/// One command line and the golden file that records what it prints.
struct Case {
    golden: &'static str,
    args: &'static [&'static str],
}

const CASES: &[Case] = &[
    // The three lookups the issue is done with, from the embedded seeds.
    Case {
        golden: "rule-303.4c",
        args: &["rule", "303.4c"],
    },
    Case {
        golden: "rule-212.2g-rev-2008",
        args: &["rule", "212.2g", "--rev", "2008"],
    },
    Case {
        golden: "rule-308.1-rev-2011",
        args: &["rule", "308.1", "--rev", "2011"],
    },
    // Bare `arbiter NUMBER`, with and without --rev.
    Case {
        golden: "bare-303.4c",
        args: &["303.4c"],
    },
    Case {
        golden: "bare-205.3i-rev-2021",
        args: &["205.3i", "--rev", "2021"],
    },
    // A subtree with examples; a titled rule with rulings and dates; a section.
    Case {
        golden: "rule-301.5",
        args: &["rule", "301.5"],
    },
    Case {
        golden: "rule-212.8-rev-2008",
        args: &["rule", "212.8", "--rev", "2008"],
    },
    Case {
        golden: "rule-4-rev-2024",
        args: &["rule", "4", "--rev", "2024"],
    },
    Case {
        golden: "rule-400.6-rev-2024-06-07-s4",
        args: &["rule", "400.6", "--rev", "2024-06-07-s4"],
    },
    // JSON.
    Case {
        golden: "rule-303.4c-json",
        args: &["rule", "303.4c", "--json"],
    },
    Case {
        golden: "rule-303.4-json",
        args: &["rule", "303.4", "--json"],
    },
    Case {
        golden: "rule-212.8-rev-2008-json",
        args: &["--json", "rule", "212.8", "--rev", "2008"],
    },
    // Not found: exit 1, the nearest numbers or the revisions that have it.
    Case {
        golden: "rule-303.4z-missing",
        args: &["rule", "303.4z"],
    },
    Case {
        golden: "rule-402.1-elsewhere",
        args: &["rule", "402.1"],
    },
    Case {
        golden: "rule-999.1-nowhere",
        args: &["rule", "999.1"],
    },
    Case {
        golden: "rule-301.50-is-not-301.5",
        args: &["rule", "301.50"],
    },
    // Errors: exit 2 with a message saying what to do.
    Case {
        golden: "rule-bad-number",
        args: &["rule", "30x.4"],
    },
    Case {
        golden: "rule-unknown-rev",
        args: &["rule", "303.4c", "--rev", "1999"],
    },
    Case {
        golden: "rule-ambiguous-rev",
        args: &["rule", "303.4c", "--rev", "20"],
    },
    // Revisions.
    Case {
        golden: "revisions",
        args: &["revisions"],
    },
    Case {
        golden: "revisions-json",
        args: &["revisions", "--json"],
    },
    // Colour on demand, even with NO_COLOR set.
    Case {
        golden: "rule-303.4c-color-always",
        args: &["rule", "303.4c", "--color", "always"],
    },
    Case {
        golden: "revisions-color-always",
        args: &["--color", "always", "revisions"],
    },
];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Runs `arbiter args` from `cwd` in a scrubbed environment and records what it did.
fn run(args: &[&str], cwd: &Path) -> String {
    let index = tempfile::tempdir().expect("a temporary index folder");
    let output = cargo_bin_cmd!("arbiter")
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("ARBITER_INDEX", index.path())
        .env("NO_COLOR", "1")
        .current_dir(cwd)
        .args(args)
        .output()
        .expect("arbiter runs");
    format!(
        "$ arbiter {}\n--- exit {}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        output
            .status
            .code()
            .map_or("signal".to_string(), |c| c.to_string()),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    )
}

/// Compares `got` with the golden file, or rewrites it when UPDATE_GOLDEN=1.
fn check_golden(name: &str, got: &str) -> Result<(), String> {
    let path = golden_dir().join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(golden_dir()).map_err(|e| e.to_string())?;
        std::fs::write(&path, got).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok(());
    }
    let want = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "{}: {e} (create it with UPDATE_GOLDEN=1 cargo test --test cli)",
            path.display()
        )
    })?;
    if want == got {
        Ok(())
    } else {
        Err(format!(
            "{} differs (UPDATE_GOLDEN=1 rewrites it):\n--- want\n{want}\n--- got\n{got}",
            path.display()
        ))
    }
}

#[test]
fn every_command_line_prints_its_golden_output() {
    let elsewhere = tempfile::tempdir().expect("a temporary working directory");
    let failures: Vec<String> = CASES
        .iter()
        .filter_map(|case| check_golden(case.golden, &run(case.args, elsewhere.path())).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn works_from_any_directory_with_no_set_up() {
    let here = run(&["rule", "303.4c"], Path::new(env!("CARGO_MANIFEST_DIR")));
    let root = run(&["rule", "303.4c"], Path::new("/"));
    assert_eq!(here, root);
    assert!(root.contains("--- exit 0\n"), "{root}");
}

#[test]
fn no_color_output_has_no_escape_codes_and_always_has_them() {
    let dir = tempfile::tempdir().expect("a temporary working directory");
    let plain = run(&["rule", "303.4c"], dir.path());
    let never = run(&["rule", "303.4c", "--color", "never"], dir.path());
    let always = run(&["rule", "303.4c", "--color", "always"], dir.path());
    assert!(!plain.contains('\u{1b}'));
    assert!(!never.contains('\u{1b}'));
    assert!(always.contains("\u{1b}["));
}
