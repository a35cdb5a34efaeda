//! The scenario suite: every `tests/scenarios/*.md` is played by the checker (through the
//! same library call `arbiter check` makes) and every expectation must hold; every
//! `tests/scenarios/malformed/*.md` must fail to read with exactly the error written in
//! its `.err` file. A new case is a new file, not new Rust.

use std::path::{Path, PathBuf};

use arbiter::commands::check::check_text;
use arbiter::library::Library;

/// The scenarios of `dir` and of its subfolders (`layers/`…), but for `malformed/`.
fn scenario_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = markdown_files(dir);
    let mut subdirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir() && !p.ends_with("malformed") && !p.ends_with("refused"))
                .collect()
        })
        .unwrap_or_default();
    subdirs.sort();
    for d in subdirs {
        files.extend(scenario_files(&d));
    }
    files
}

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
    let files = scenario_files(&scenarios_dir());
    if files.is_empty() {
        eprintln!("notice: tests/scenarios/ has no scenario files yet; nothing to play");
        return;
    }
    let library = Library::embedded_only();
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap_or_default())
        .collect();
    let mut failures = Vec::new();
    for (file, text) in files.iter().zip(&texts) {
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match check_text(&library, &name, text) {
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

#[test]
fn a_board_with_some_timestamps_is_warned_about() {
    // "If any object on the battlefield has `timestamp`, all must."
    let text = "# t\n\n## Game\n- players: Alice, Bob\n\n## Battlefield\n\
        - bear: Creature — Bear 2/2; controller Alice; timestamp 2\n\
        - ogre: Creature — Ogre 2/2; controller Alice\n\n## Actions\n";
    let report =
        check_text(&Library::embedded_only(), "t.md", text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.contains("`bear` (line 7) has a `timestamp` but ogre")),
        "{:?}",
        report.warnings
    );
}

#[test]
fn an_unstable_board_with_no_action_is_warned_about_as_written() {
    // "If the written board is not stable, the checker says so as a warning and corrects it
    // only when the first action is checked": with no action, it is never corrected.
    let text = "# t\n\n## Game\n- players: Alice, Bob\n\n## Battlefield\n\
        - bear: Creature — Bear 2/0; controller Alice\n\n## Actions\n\n\
        ## Expect\n- bear is on the battlefield\n";
    let report =
        check_text(&Library::embedded_only(), "t.md", text).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report.warnings.iter().any(|w| w.contains(
            "with no action it is never corrected (state-based actions are performed only when an action is checked): every expectation is checked against the board as written, where bear has toughness 0"
        )),
        "{:?}",
        report.warnings
    );
    assert!(
        !report.warnings.iter().any(|w| w.contains("action 1")),
        "{:?}",
        report.warnings
    );
}

mod cli {
    //! `arbiter check` as a user runs it: the report, the summary line, exit statuses.

    use assert_cmd::Command;
    use predicates::prelude::*;

    fn arbiter() -> Command {
        let mut cmd = Command::cargo_bin("arbiter").unwrap_or_else(|e| panic!("{e}"));
        cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
            // Never the user's own index: an empty one of the build's temporary folder.
            .env(
                "ARBITER_INDEX",
                std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("scenarios-no-index"),
            )
            .env("NO_COLOR", "1");
        cmd
    }

    #[test]
    fn the_contract_example_passes_with_exit_0() {
        arbiter()
            .args(["check", "tests/check/protection-example.md"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains(
                "1. keeper gains protection from red until end of turn",
            ))
            .stdout(predicate::str::contains(
                "agility is an Aura attached illegally",
            ))
            .stdout(predicate::str::contains("(704.5m"))
            .stdout(predicate::str::contains(
                "PASS hammer is unattached (704.5n)",
            ))
            .stdout(predicate::str::contains("PASSED: 3 of 3 expectations hold"))
            // The final board keeps what the judge wrote: the Equipment is still red.
            .stdout(predicate::str::contains(
                "hammer \"Jackhammer\": Artifact — Equipment; controller Alice; color red; equip {2}",
            ));
    }

    #[test]
    fn a_failed_expectation_exits_1() {
        arbiter()
            .args(["check", "tests/check/failing-expectation.md"])
            .assert()
            .code(1)
            .stdout(predicate::str::contains("ILLEGAL"))
            .stdout(predicate::str::contains("(305.2, 305.2b)"))
            .stdout(predicate::str::contains("FAIL action 1 is legal"));
    }

    #[test]
    fn several_files_end_with_the_summary_line() {
        arbiter()
            .args(["check", "tests/check"])
            .assert()
            .code(1)
            .stdout(predicate::str::ends_with("1 passed, 1 failed\n"));
    }

    #[test]
    fn an_unreadable_scenario_exits_2_naming_file_and_line() {
        arbiter()
            .args(["check", "tests/scenarios/malformed/unknown-verb.md"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "tests/scenarios/malformed/unknown-verb.md:10: unknown verb `flies`",
            ));
    }

    #[test]
    fn with_an_unreadable_file_the_summary_is_still_the_contracts_line() {
        arbiter()
            .args([
                "check",
                "tests/check/protection-example.md",
                "tests/scenarios/malformed/unknown-verb.md",
            ])
            .assert()
            .code(2)
            .stdout(predicate::str::ends_with("\n1 passed, 0 failed\n"))
            .stderr(predicate::str::contains(
                "tests/scenarios/malformed/unknown-verb.md:10: unknown verb `flies`",
            ))
            .stderr(predicate::str::contains("1 scenario could not be read"));
    }

    #[test]
    fn json_of_an_unreadable_scenario_carries_the_reason_and_points_to_the_reference() {
        // Issue #33: the error document said only "1 scenario could not be read", the
        // reason being on stderr alone.
        let out = arbiter()
            .args([
                "check",
                "--json",
                "tests/scenarios/malformed/unknown-verb.md",
            ])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out.status.code(), Some(2));
        let doc: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
        let error = &doc["error"];
        assert_eq!(error["kind"], "bad_input");
        let message = error["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("unknown-verb.md:10: unknown verb `flies`"),
            "{message}"
        );
        assert!(
            error["hint"]
                .as_str()
                .unwrap_or_default()
                .contains("arbiter help scenario-reference"),
            "{error}"
        );
    }

    #[test]
    fn json_is_one_document_with_the_contract_keys() {
        let out = arbiter()
            .args(["check", "--json", "tests/check/protection-example.md"])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out.status.code(), Some(0));
        let doc: serde_json::Value =
            serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
        for key in [
            "scenario",
            "revision",
            "actions",
            "state_based_actions",
            "board",
            "expectations",
            "passed",
        ] {
            assert!(doc.get(key).is_some(), "missing {key}");
        }
        assert_eq!(doc["actions"][0]["legal"], true);
        assert_eq!(doc["expectations"][2]["passed"], true);
        let several = arbiter()
            .args(["check", "--json", "tests/check"])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let docs: serde_json::Value =
            serde_json::from_slice(&several.stdout).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(docs.as_array().map(Vec::len), Some(2));
    }
}

/// Every `tests/scenarios/refused/*.md` needs what the checker doesn't play: it is read, and
/// reported REFUSED (never passed, never an illegal action), with its reason.
#[test]
fn every_refused_scenario_is_refused() {
    let files = markdown_files(&scenarios_dir().join("refused"));
    if files.is_empty() {
        eprintln!("notice: tests/scenarios/refused/ has no scenario files; nothing to check");
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
            Ok(report) if report.refused.is_none() || report.passed => {
                failures.push(format!("{name}: not refused (status {})", report.status))
            }
            Ok(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
