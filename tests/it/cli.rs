//! The `arbiter` binary as a user runs it: a scrubbed environment (only PATH, an empty
//! ARBITER_INDEX and NO_COLOR=1), a working directory outside the checkout, and the
//! output compared with one golden file per command line in `tests/golden/`.
//!
//! A golden file holds the command line, the exit status, stdout and stderr. After a
//! deliberate change of output, rewrite them with `UPDATE_GOLDEN=1 cargo test --test it cli::`
//! and review the diff.
//!
//! Beside the outputs of commands: `--help` of every command (`help-*.txt`, so help can't
//! drift; a new command without a golden or without examples fails), the errors and
//! their hints, the shell completions in a real bash, the man page through groff, the
//! pager on a terminal (through `script`), and `--json` of every command parsed as JSON.

use std::path::{Path, PathBuf};

use arbiter::cli::Cli;
use clap::CommandFactory as _;

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
    // Under --json a failure is one document on stdout with a kind a bot branches on.
    Case {
        golden: "rule-missing-json",
        args: &["rule", "704.5j", "--json"],
    },
    Case {
        golden: "rule-bad-number-json",
        args: &["rule", "30x.4", "-j"],
    },
    Case {
        golden: "rule-unknown-rev-json",
        args: &["rule", "303.4c", "-r", "1998", "--json"],
    },
    Case {
        golden: "history-missing-json",
        args: &["history", "704.5j", "--json"],
    },
    Case {
        golden: "history-303.4c-json",
        args: &["history", "303.4c", "--json"],
    },
    // With only the built-in fragments, "not found" says so and points to `fetch`.
    Case {
        golden: "search-nothing-first-contact",
        args: &["search", "xyzzy"],
    },
    Case {
        golden: "rule-303.4c-rev-prefix-20",
        args: &["rule", "303.4c", "--rev", "20"],
    },
    // Every error says what went wrong and, where the user can act, a hint of what to do.
    Case {
        golden: "error-history-not-in-revision",
        args: &["history", "303.9z"],
    },
    Case {
        golden: "error-define-fragment-has-no-glossary",
        args: &["define", "equipped creature"],
    },
    Case {
        golden: "error-search-bad-section",
        args: &["search", "aura", "--section", "x"],
    },
    Case {
        golden: "error-diff-unknown-rev",
        args: &["diff", "2017", "2026"],
    },
    Case {
        golden: "error-nothing-to-do",
        args: &[],
    },
    Case {
        golden: "error-completions-json",
        args: &["completions", "bash", "--json"],
    },
    Case {
        golden: "error-man-json",
        args: &["man", "--json"],
    },
    // clap's own usage errors keep clap's format and exit 2.
    Case {
        golden: "error-usage-missing-number",
        args: &["rule"],
    },
    Case {
        golden: "error-usage-unknown-flag",
        args: &["rule", "303.4c", "--bogus"],
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
    // Messages name the index folder they looked in: `$INDEX` in the golden files.
    record(
        args,
        &arbiter(index.path(), cwd)
            .args(args)
            .output()
            .expect("arbiter runs"),
    )
    .replace(&index.path().display().to_string(), "$INDEX")
}

/// The binary in a scrubbed environment: PATH, the index given, NO_COLOR=1, and a width
/// of 100 columns for help (no terminal is there to measure).
fn arbiter(index: &Path, cwd: &Path) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"));
    command
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("ARBITER_INDEX", index)
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100")
        .current_dir(cwd);
    command
}

/// The command line, exit status, stdout and stderr, as a golden file holds them.
pub(crate) fn record(args: &[&str], output: &std::process::Output) -> String {
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
            "{}: {e} (create it with UPDATE_GOLDEN=1 cargo test --test it cli::)",
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

/// Every command's name, as clap knows it (`help` is arbiter's own: it shows guides too).
fn command_names() -> Vec<String> {
    Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect()
}

#[test]
fn every_command_has_help_with_examples_pinned_by_a_golden() {
    let dir = tempfile::tempdir().expect("a temporary working directory");
    let mut wanted = vec!["help-arbiter.txt".to_string()];
    let mut failures = Vec::new();
    let mut lines: Vec<(String, Vec<&str>)> = vec![("help-arbiter".into(), vec!["--help"])];
    let names = command_names();
    for name in &names {
        lines.push((format!("help-{name}"), vec![name.as_str(), "--help"]));
        wanted.push(format!("help-{name}.txt"));
    }
    for (golden, args) in &lines {
        let got = run(args, dir.path());
        if !got.contains("--- exit 0\n") || !got.contains("\nExamples:\n  ") {
            failures.push(format!(
                "`arbiter {}` must exit 0 and end with an `Examples:` block of command lines indented by two spaces (after_help in src/cli.rs):\n{got}",
                args.join(" ")
            ));
        }
        if let Err(e) = check_golden(golden, &got) {
            failures.push(e);
        }
    }
    // A golden left behind by a command that is gone (or renamed) fails too.
    for entry in std::fs::read_dir(golden_dir()).expect("tests/golden") {
        let name = entry.expect("an entry").file_name();
        let name = name.to_string_lossy();
        if name.starts_with("help-") && !wanted.iter().any(|w| *w == name) {
            failures.push(format!("tests/golden/{name} belongs to no command"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn help_does_not_depend_on_the_terminal_width() {
    let dir = tempfile::tempdir().expect("a temporary working directory");
    let index = tempfile::tempdir().expect("a temporary index folder");
    let wide = arbiter(index.path(), dir.path())
        .env("COLUMNS", "250")
        .args(["search", "--help"])
        .output()
        .expect("arbiter runs");
    let narrow = run(&["search", "--help"], dir.path());
    // Help is never wider than 100 columns, whatever the terminal says.
    assert_eq!(record(&["search", "--help"], &wide), narrow);
}

/// `$ROOT` in an argument is the repository, `$INDEX` the index folder of the test.
fn expand(arg: &str, index: &Path) -> String {
    arg.replace("$ROOT", env!("CARGO_MANIFEST_DIR"))
        .replace("$INDEX", &index.display().to_string())
}

/// One command line of every command that prints JSON, run on the embedded rules and a
/// small complete revision (`tests/data/json/`, ingested first) for the glossary.
const JSON_LINES: &[&[&str]] = &[
    &[
        "ingest",
        "$ROOT/tests/data/json/small-revision-2030-01-01.txt",
        "--json",
    ],
    &["rule", "303.4c", "--rev", "2026-01-16-s3", "--json"],
    &["--json", "303.4c", "--rev", "2026"],
    &["revisions", "--json"],
    &["search", "legend rule", "--json"],
    &["search", "aura", "--all-revisions", "--json"],
    &["--json", "how", "many", "lands"],
    &["define", "equiped creature", "--json"],
    &[
        "diff",
        "2011-07-15-s3",
        "2026-01-16-s3",
        "--section",
        "3",
        "--json",
    ],
    &["history", "303.4c", "--rev", "2026-01-16-s3", "--json"],
    &["check", "$ROOT/tests/check/protection-example.md", "--json"],
    &[
        "check",
        "$ROOT/tests/compare/legend-rule-two-controllers.md",
        "--rules",
        "2011-07-15",
        "--rules",
        "2013-07-13",
        "--json",
    ],
    &["cite-check", "$ROOT/tests/data/cite-check/", "--json"],
    &[
        "check",
        "$ROOT/tests/check/protection-example.md",
        "$ROOT/tests/check/failing-expectation.md",
        "--json",
    ],
];

/// Commands for which JSON makes no sense: they refuse `--json` with an error, clap's
/// after their name (they take no such flag), theirs before it (arbiter's own flag).
const REFUSE_JSON: &[&[&str]] = &[
    &["completions", "bash", "--json"],
    &["man", "--json"],
    &["--json", "completions", "bash"],
    &["--json", "man"],
    &["serve", "--json"],
    &["mcp", "--json"],
    &["help", "scenarios", "--json"],
    &["--json", "help", "scenarios"],
    &["serve", "--json"],
    &["mcp", "--json"],
];

/// Commands whose `--json` is parsed by a test of their own (name them here, with the test).
const JSON_TESTED_ELSEWHERE: &[&str] = &[
    // export.rs (this folder): every_link_of_every_embedded_revision_has_a_target and others.
    "export",
    // fetch.rs (this folder): fetches_a_text_file_given_by_its_url_and_prints_json (it needs the
    // local HTTP server that test starts).
    "fetch",
];

#[test]
fn every_command_prints_one_json_document_or_refuses_json() {
    let dir = tempfile::tempdir().expect("a temporary working directory");
    let index = tempfile::tempdir().expect("a temporary index folder");
    let mut failures = Vec::new();
    for line in JSON_LINES {
        let args: Vec<String> = line.iter().map(|a| expand(a, index.path())).collect();
        let out = arbiter(index.path(), dir.path())
            .args(&args)
            .output()
            .expect("arbiter runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        match serde_json::from_str::<serde_json::Value>(&stdout) {
            Ok(doc) if out.status.code().is_some_and(|c| c < 2) && !doc.is_null() => {}
            Ok(_) | Err(_) => failures.push(format!(
                "`arbiter {}` did not print one JSON document:\n{}",
                args.join(" "),
                record(&[], &out)
            )),
        }
    }
    for line in REFUSE_JSON {
        let out = arbiter(index.path(), dir.path())
            .args(*line)
            .output()
            .expect("arbiter runs");
        // Refused as every failure under --json is: one error document on stdout.
        let doc: Option<serde_json::Value> = serde_json::from_slice(&out.stdout).ok();
        let error = doc.as_ref().map(|d| &d["error"]);
        if out.status.code() != Some(2)
            || error.is_none_or(|e| e["kind"] != "bad_input")
            || error.is_none_or(|e| !e["message"].as_str().unwrap_or_default().contains("--json"))
        {
            failures.push(format!(
                "`arbiter {}` should refuse --json:\n{}",
                line.join(" "),
                record(line, &out)
            ));
        }
    }
    // Every command is covered, so a new one can't forget `--json`.
    let covered: Vec<&str> = JSON_LINES
        .iter()
        .chain(REFUSE_JSON)
        .filter_map(|l| l.iter().find(|a| !a.starts_with('-')).copied())
        .chain(JSON_TESTED_ELSEWHERE.iter().copied())
        .collect();
    for name in command_names() {
        if !covered.contains(&name.as_str()) {
            failures.push(format!(
                "`arbiter {name}`: add a line to JSON_LINES or REFUSE_JSON in tests/it/cli.rs"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Whether a program can be run here; a test that needs one it lacks says so.
fn have(program: &str) -> bool {
    let found = std::process::Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("notice: `{program}` is not installed; this part of the test is skipped");
    }
    found
}

#[test]
fn bash_completes_commands_flags_and_values_from_the_generated_script() {
    if !have("bash") {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    // An index holding one revision, 2030-01-01, beside the embedded ones: the script
    // asks `arbiter revisions --ids` for them when TAB is pressed.
    let index = dir.path().join("index");
    let small =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/json/small-revision-2030-01-01.txt");
    let ingest = arbiter(&index, dir.path())
        .arg("ingest")
        .arg(&small)
        .output()
        .expect("arbiter runs");
    assert_eq!(ingest.status.code(), Some(0), "{}", record(&[], &ingest));
    let out = arbiter(dir.path(), dir.path())
        .args(["completions", "bash"])
        .output()
        .expect("arbiter runs");
    assert_eq!(out.status.code(), Some(0), "{}", record(&[], &out));
    let script = dir.path().join("arbiter.bash");
    std::fs::write(&script, &out.stdout).expect("the script is written");
    // Source the script in a real bash, then ask its completion function what it offers
    // for each partial command line, as bash does on TAB.
    let session = format!(
        r#"source '{}'
spec=$(complete -p arbiter) || exit 1
echo "$spec"
function=$(echo "$spec" | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
complete_at() {{
    COMP_WORDS=("$@")
    COMP_CWORD=$(( $# - 1 ))
    COMP_LINE="$*"
    COMP_POINT=${{#COMP_LINE}}
    COMPREPLY=()
    "$function" arbiter "${{COMP_WORDS[COMP_CWORD]}}" "${{COMP_WORDS[COMP_CWORD-1]}}"
    echo "arbiter ${{*:2}}<TAB> => ${{COMPREPLY[*]}}"
}}
complete_at arbiter se
complete_at arbiter re
complete_at arbiter c
complete_at arbiter rule --
complete_at arbiter diff 2011 2026 --ig
complete_at arbiter completions ''
complete_at arbiter --color ''
complete_at arbiter rule 303.4c --rev ''
complete_at arbiter 303.4c -r 20
complete_at arbiter search legend --rev 2030
complete_at arbiter diff ''
complete_at arbiter diff 2011-07-15-s3 2
complete_at arbiter diff 2011-07-15-s3 2030-01-01 ''
complete_at arbiter export html site --diff 2011-07-15-s3 20
complete_at arbiter search aura --section ''
complete_at arbiter diff 2011 2026 -s 7
"#,
        script.display()
    );
    // `arbiter` as the user's shell finds it, on the PATH.
    let bin = Path::new(env!("CARGO_BIN_EXE_arbiter"))
        .parent()
        .expect("a folder");
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("a PATH");
    let bash = std::process::Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &session])
        .env_clear()
        .env("PATH", path)
        .env("ARBITER_INDEX", &index)
        .output()
        .expect("bash runs");
    let got = format!(
        "--- exit {}\n--- stdout\n{}--- stderr\n{}",
        bash.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&bash.stdout),
        String::from_utf8_lossy(&bash.stderr)
    );
    check_golden("completions-bash-session", &got).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn completions_are_generated_for_every_shell() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (shell, check) in [
        ("bash", Some(["bash", "-n"])),
        ("zsh", Some(["zsh", "-n"])),
        ("fish", Some(["fish", "--no-execute"])),
        ("elvish", None),
        ("powershell", None),
    ] {
        let out = arbiter(dir.path(), dir.path())
            .args(["completions", shell])
            .output()
            .expect("arbiter runs");
        let script = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", record(&[], &out));
        for name in command_names() {
            assert!(script.contains(&name), "{shell} script lacks `{name}`");
        }
        // Every option of every command, as clap defines it.
        for (command, long) in clap_options() {
            // fish names a long option `-l NAME`, the others `--NAME`.
            let written = if shell == "fish" {
                format!("-l {long}")
            } else {
                format!("--{long}")
            };
            assert!(
                script.contains(&written),
                "{shell} script lacks --{long} of `{command}`"
            );
        }
        if let Some([program, flag]) = check {
            if have(program) {
                let file = dir.path().join(format!("arbiter.{shell}"));
                std::fs::write(&file, script.as_bytes()).expect("written");
                let syntax = std::process::Command::new(program)
                    .arg(flag)
                    .arg(&file)
                    .output()
                    .expect("the shell runs");
                assert!(
                    syntax.status.success(),
                    "{shell} rejects the script: {}",
                    String::from_utf8_lossy(&syntax.stderr)
                );
            }
        }
    }
}

/// Every option of every command as clap defines it, nested ones (`export html`)
/// included: (the command, its long name). The global options (`--json`, `--index` …)
/// once, among arbiter's own; hidden ones not.
fn clap_options() -> Vec<(String, String)> {
    fn options(command: &clap::Command, prefix: &str, all: &mut Vec<(String, String)>) {
        for arg in command.get_arguments().filter(|a| !a.is_hide_set()) {
            if let Some(long) = arg.get_long().filter(|l| !["help", "version"].contains(l)) {
                let global = arg.get_help_heading() == Some("Global options");
                let command = if global { "arbiter" } else { prefix };
                all.push((command.to_string(), long.to_string()));
            }
        }
        for sub in command.get_subcommands() {
            options(sub, &format!("{prefix} {}", sub.get_name()), all);
        }
    }
    let mut all = Vec::new();
    options(&Cli::command(), "arbiter", &mut all);
    all
}

#[test]
fn the_man_page_documents_every_command_and_renders_cleanly() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let out = arbiter(dir.path(), dir.path())
        .arg("man")
        .output()
        .expect("arbiter runs");
    assert_eq!(out.status.code(), Some(0), "{}", record(&["man"], &out));
    let page = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        page.is_ascii(),
        "non-ASCII characters are escaped for any roff"
    );
    for part in [
        ".TH ARBITER 1",
        ".SH NAME",
        ".SH SYNOPSIS",
        ".SH OPTIONS",
        ".SH COMMANDS",
        ".SH EXAMPLES",
        ".SH \"EXIT STATUS\"",
        ".SH ENVIRONMENT",
    ] {
        assert!(page.contains(part), "the page lacks {part}:\n{page}");
    }
    for name in command_names() {
        assert!(
            page.contains(&format!(".SS \"arbiter {name}\"")),
            "the page lacks the command {name}"
        );
    }
    let all = clap_options();
    assert!(all
        .iter()
        .any(|(c, o)| c == "arbiter export html" && o == "force"));
    for (command, long) in all {
        let section = match command.as_str() {
            "arbiter" => page.split(".SH COMMANDS").next().unwrap_or(&page),
            _ => page
                .split(&format!(".SS \"{command}\"\n"))
                .nth(1)
                .map(|rest| rest.split(".SS ").next().unwrap_or(rest))
                .unwrap_or(&page),
        };
        assert!(
            section.contains(&format!("\\-\\-{}", long.replace('-', "\\-"))),
            "the page lacks --{long} of `{command}`"
        );
    }
    if !have("groff") {
        return;
    }
    let file = dir.path().join("arbiter.1");
    std::fs::write(&file, &page).expect("written");
    let groff = std::process::Command::new("groff")
        .args(["-man", "-Tutf8", "-ww"])
        .arg(&file)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .output()
        .expect("groff runs");
    let warnings = String::from_utf8_lossy(&groff.stderr);
    assert!(groff.status.success() && warnings.is_empty(), "{warnings}");
    // What a reader sees: formatting removed (groff overstrikes bold with backspaces).
    let shown = strip_overstrike(&String::from_utf8_lossy(&groff.stdout));
    for seen in [
        "arbiter rule [-r|--rev] <NUMBER>",
        "The rule number: 303, 303.4 or 303.4c",
        "arbiter check tests/scenarios/",
        "ARBITER_PAGER",
    ] {
        assert!(
            shown.contains(seen),
            "the rendered page lacks `{seen}`:\n{shown}"
        );
    }
}

/// Text as a terminal shows it: `x\bx` (bold) and `_\bx` (underline) become `x`, and
/// escape sequences are dropped.
fn strip_overstrike(text: &str) -> String {
    let mut out: Vec<char> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{8}' => {
                out.pop();
            }
            '\u{1b}' => {
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out.into_iter().collect()
}

/// A pager that records what it is given in `$RECORD`.
fn recording_pager(dir: &Path) -> PathBuf {
    let pager = dir.join("recording-pager");
    std::fs::write(&pager, "#!/bin/sh\n{ echo PAGED; cat; } > \"$RECORD\"\n").expect("written");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&pager, std::fs::Permissions::from_mode(0o755))
            .expect("executable");
    }
    pager
}

#[test]
fn piped_output_never_goes_through_the_pager() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let pager = recording_pager(dir.path());
    let record_file = dir.path().join("record");
    let plain = run(&["rule", "303.4c"], dir.path());
    for pager_var in ["PAGER", "ARBITER_PAGER"] {
        let out = arbiter(dir.path(), dir.path())
            .env(pager_var, &pager)
            .env("RECORD", &record_file)
            .args(["rule", "303.4c"])
            .output()
            .expect("arbiter runs");
        assert_eq!(record(&["rule", "303.4c"], &out), plain);
        assert!(
            !record_file.exists(),
            "{pager_var}: the pager ran on a pipe"
        );
    }
}

#[test]
fn help_lists_only_the_options_a_command_accepts() {
    // `completions`, `man` and `help` take no global option: their help lists none,
    // and clap refuses one (exit 2, its usual message), as it does any unknown flag.
    let dir = tempfile::tempdir().expect("a temporary folder");
    for name in NO_GLOBAL_OPTIONS {
        let args: Vec<&str> = match *name {
            "completions" => vec![name, "bash"],
            _ => vec![name],
        };
        let help = run(&[name, "--help"], dir.path());
        for flag in [
            "--json",
            "--index",
            "--color",
            "--no-pager",
            "Global options",
        ] {
            assert!(
                !help.contains(flag),
                "`arbiter {name} --help` lists {flag}:\n{help}"
            );
            if flag.starts_with("--") {
                let value: &[&str] = if ["--index", "--color"].contains(&flag) {
                    &["never"]
                } else {
                    &[]
                };
                let line = [args.as_slice(), &[flag], value].concat();
                let got = run(&line, dir.path());
                assert!(
                    got.contains("--- exit 2\n")
                        && got.contains(&format!("unexpected argument '{flag}' found")),
                    "{got}"
                );
            }
        }
    }
    // Every other command lists them, and takes them before or after its name.
    for name in command_names() {
        if NO_GLOBAL_OPTIONS.contains(&name.as_str()) {
            continue;
        }
        let path: Vec<&str> = match name.as_str() {
            "export" => vec!["export", "html"],
            _ => vec![name.as_str()],
        };
        let help = run(&[path.as_slice(), &["--help"]].concat(), dir.path());
        for flag in ["--json", "--index", "--color", "--no-pager"] {
            assert!(help.contains(flag), "`arbiter {name} --help` lacks {flag}");
        }
    }
}

/// Commands that take none of the global options: `completions` and `man` print a file to
/// save, `help` prints help and the guides built in.
const NO_GLOBAL_OPTIONS: &[&str] = &["completions", "man", "help"];

#[test]
fn every_command_takes_no_pager() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut lines: Vec<Vec<String>> = vec![vec!["--no-pager".into(), "--help".into()]];
    for name in command_names() {
        if NO_GLOBAL_OPTIONS.contains(&name.as_str()) {
            continue;
        }
        // `export` takes them after its format: `arbiter export html --no-pager`.
        let name: Vec<String> = match name.as_str() {
            "export" => vec![name, "html".into()],
            _ => vec![name],
        };
        lines.push([name.clone(), vec!["--no-pager".into(), "--help".into()]].concat());
        lines.push([vec!["--no-pager".into()], name, vec!["--help".into()]].concat());
    }
    for line in &lines {
        let args: Vec<&str> = line.iter().map(String::as_str).collect();
        let got = run(&args, dir.path());
        assert!(got.contains("--- exit 0\n"), "{got}");
    }
    let with = run(&["rule", "303.4c", "--no-pager"], dir.path());
    let without = run(&["rule", "303.4c"], dir.path());
    assert_eq!(
        with.split_once('\n').map(|(_, rest)| rest),
        without.split_once('\n').map(|(_, rest)| rest)
    );
}

/// Runs `arbiter args` on a terminal (a pseudo-terminal made by util-linux `script`) with
/// the pager environment given; returns what reached the terminal and what the recording
/// pager was given (None when it did not run).
fn on_a_terminal(args: &str, env: &[(&str, &str)], dir: &Path) -> (String, Option<String>) {
    let record_file = dir.join("record");
    let _ = std::fs::remove_file(&record_file);
    let mut command = std::process::Command::new("script");
    command
        .args([
            "-qec",
            &format!("{} {args}", env!("CARGO_BIN_EXE_arbiter")),
            "/dev/null",
        ])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("ARBITER_INDEX", dir.join("index"))
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .env("RECORD", &record_file)
        .stdin(std::process::Stdio::null());
    for (k, v) in env {
        command.env(k, v);
    }
    let out = command.output().expect("script runs");
    (
        String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"),
        std::fs::read_to_string(&record_file).ok(),
    )
}

#[test]
fn on_a_terminal_output_goes_through_the_pager_unless_told_not_to() {
    if !have("script") {
        return;
    }
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let dir = tmp.path();
    let pager = recording_pager(dir);
    let pager = pager.to_str().expect("a UTF-8 path");
    let rule_text = "303.4c If an Aura is enchanting an illegal object";

    // The pager gets the output; the terminal does not.
    let (terminal, paged) = on_a_terminal("rule 303.4c", &[("ARBITER_PAGER", pager)], dir);
    let paged = paged.expect("the pager ran");
    assert!(
        paged.starts_with("PAGED\n") && paged.contains(rule_text),
        "{paged}"
    );
    assert!(!terminal.contains(rule_text), "{terminal}");
    // PAGER too, when ARBITER_PAGER is not set.
    let (_, paged) = on_a_terminal("revisions", &[("PAGER", pager)], dir);
    assert!(paged.is_some_and(|p| p.contains("2026-01-16-s3")));

    // Not paged: --no-pager, --json, a command that reports progress, an empty
    // ARBITER_PAGER, `cat`.
    for (args, env) in [
        ("rule 303.4c --no-pager", vec![("ARBITER_PAGER", pager)]),
        ("--no-pager rule 303.4c", vec![("PAGER", pager)]),
        ("rule 303.4c --json", vec![("ARBITER_PAGER", pager)]),
        ("rule 303.4c", vec![("ARBITER_PAGER", ""), ("PAGER", pager)]),
        (
            "rule 303.4c",
            vec![("ARBITER_PAGER", "cat"), ("PAGER", pager)],
        ),
    ] {
        let (terminal, paged) = on_a_terminal(args, &env, dir);
        assert_eq!(paged, None, "`arbiter {args}` with {env:?} was paged");
        assert!(terminal.contains("303.4c"), "`arbiter {args}`: {terminal}");
    }

    // A pager that can't be started: a warning, and the output on the terminal.
    let (terminal, _) = on_a_terminal(
        "rule 303.4c",
        &[("ARBITER_PAGER", "/nonexistent/pager -x")],
        dir,
    );
    assert!(
        terminal
            .contains("arbiter: warning: the pager `/nonexistent/pager -x` could not be started")
            && terminal.contains(rule_text),
        "{terminal}"
    );
}

/// Runs `arbiter args` with stdout or stderr a pipe whose reader has already gone (as
/// `arbiter diff … | head -1` once head has quit); returns the exit status.
fn with_reader_gone(args: &[&str], stream: &str) -> Option<i32> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut command = arbiter(dir.path(), dir.path());
    command.args(args);
    match stream {
        "stdout" => command.stdout(std::process::Stdio::piped()),
        _ => command.stderr(std::process::Stdio::piped()),
    };
    let mut child = command.spawn().expect("arbiter runs");
    drop(child.stdout.take());
    drop(child.stderr.take());
    child.wait().expect("arbiter ends").code()
}

#[test]
fn the_exit_status_survives_a_closed_pipe() {
    // The revisions differ (1) whether or not anyone reads the report to the end.
    assert_eq!(
        with_reader_gone(&["diff", "2011-07-15-s3", "2026-01-16-s3"], "stdout"),
        Some(1)
    );
    assert_eq!(with_reader_gone(&["rule", "303.4c"], "stdout"), Some(0));
    // A message that can't be written to stderr is lost, not a panic (exit 101).
    assert_eq!(with_reader_gone(&["rule", "999.1"], "stderr"), Some(1));
    assert_eq!(with_reader_gone(&["rule", "30x.4"], "stderr"), Some(2));
}

#[test]
fn on_a_terminal_long_rules_are_wrapped_to_its_width_and_hang_from_their_number() {
    if !have("script") || !have("stty") {
        return;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let line = format!(
        "stty rows 40 cols 50; {} rule 301.5 --no-pager",
        env!("CARGO_BIN_EXE_arbiter")
    );
    let out = std::process::Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("ARBITER_INDEX", dir.path().join("index"))
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script runs");
    let shown = String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n");
    let piped = run(&["rule", "301.5"], dir.path());
    assert!(shown.lines().all(|l| l.chars().count() <= 50), "{shown}");
    assert!(
        shown.lines().any(|l| l.starts_with("301.5a ")) && shown.contains("\n       "),
        "a subrule hangs from its number:\n{shown}"
    );
    let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
    let piped_stdout = piped
        .split("--- stdout\n")
        .nth(1)
        .and_then(|s| s.split("--- stderr\n").next())
        .unwrap_or_default();
    assert_eq!(
        words(&shown),
        words(piped_stdout),
        "only the line breaks differ"
    );
    assert!(
        piped_stdout.lines().any(|l| l.chars().count() > 50),
        "piped: not wrapped"
    );
}

#[test]
fn on_a_terminal_stderr_is_broken_between_words_at_80_columns() {
    // Issue #33: `arbiter ingest FILE` wrote its error as one long line that the
    // terminal broke mid-word (`FIL` / `E`).
    if !have("script") {
        crate::common::notice("NOT RUN: stderr on a terminal needs util-linux `script`");
        return;
    }
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let file = "/no/such/folder/with-a-rather-long-name/rules-of-the-game.txt";
    // stdout to /dev/null: what reaches the terminal is stderr alone.
    let (shown, _) = on_a_terminal(
        &format!("ingest {file} >/dev/null"),
        &[("COLUMNS", "200")],
        tmp.path(),
    );
    assert!(shown.contains(file), "the file name was broken:\n{shown}");
    assert!(shown.lines().count() > 1, "{shown}");
    for line in shown.lines() {
        assert!(
            line.chars().count() <= 80,
            "{line:?} is wider than 80 columns"
        );
    }
}

/// `cite-check` on a text written for it (tests/data/cite-check/judge-notes.md): each
/// kind of finding (renumbered, removed, nonexistent, obsolete) pinned in a golden file,
/// read as written at no date and as written in 2008. The lookups are the embedded
/// citation table, which needs no corpus.
#[test]
fn cite_check_reports_each_kind_of_stale_citation() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let note = "tests/data/cite-check/judge-notes.md";
    let failures: Vec<String> = [
        ("cite-check-judge-notes", vec!["cite-check", note]),
        (
            "cite-check-judge-notes-as-of-2008",
            vec!["cite-check", note, "--as-of", "2008-10-01"],
        ),
    ]
    .iter()
    .filter_map(|(golden, args)| check_golden(golden, &run(args, root)).err())
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
