//! Every example a user can copy runs: each `arbiter …` line of the `sh` blocks of the
//! README and of every page under `docs/` (```` ```text ```` and ```` ```console ````
//! blocks are shown, not run), and of every command's `--help` (its `Examples:`), run in a judge's folder after the
//! README's own `arbiter ingest ../shared/corpus/*.txt` (done once, as the first
//! example). The files the examples name are put there first (`draft.txt`,
//! `my-board.md`, `cr-2026-04-17.txt`…, copied from the corpus and `tests/check/` into a
//! temporary folder, never into the project). An example passes when it exits 0, or 1
//! where 1 is an answer (`diff`: the revisions differ; `check`: an expectation failed).
//! `fetch` needs the publisher's site, which this machine can't reach: those examples
//! are listed as NOT RUN on the terminal. The servers run until stopped: an `arbiter
//! serve` example is started on a free loopback port (its `--bind` becomes
//! `127.0.0.1:0`), asked a rule over HTTP, stopped with SIGTERM and must exit 0; `arbiter
//! mcp` is sent `initialize` on stdin, must answer it, and must exit 0 when stdin closes.
//! Without the corpus the test says so and passes.

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter::cli::Cli;
use clap::CommandFactory as _;

use crate::common;

/// The `arbiter …` part of a line a user would paste into a shell: after `$ ` or `<(`,
/// before a comment, a pipe, a redirection or `&&`.
fn arbiter_part(line: &str) -> Option<String> {
    let line = line.trim_start().trim_start_matches("$ ");
    let start = if line.starts_with("arbiter ") {
        0
    } else {
        line.find("<(arbiter ")? + 2
    };
    let mut command = &line[start..];
    for end in [" #", " |", " >", " &&", ")"] {
        if let Some(at) = command.find(end) {
            command = &command[..at];
        }
    }
    Some(command.trim().to_string())
}

/// The command lines of a page's `sh` code blocks.
fn readme_examples(readme: &str) -> Vec<String> {
    let mut in_sh = false;
    let mut lines = Vec::new();
    for line in readme.lines() {
        let fence = line.trim_start();
        if fence.starts_with("```") {
            in_sh = !in_sh && fence == "```sh";
            continue;
        }
        if in_sh {
            lines.extend(arbiter_part(line));
        }
    }
    lines
}

/// The command lines of every `Examples:` block of `--help` (a description follows a
/// command after two spaces or more).
fn help_examples() -> Vec<String> {
    fn walk(command: &clap::Command, lines: &mut Vec<String>) {
        for help in [command.get_after_help(), command.get_after_long_help()]
            .into_iter()
            .flatten()
        {
            let help = help.to_string();
            for line in help.lines().filter(|l| l.starts_with("  ")) {
                let command = line.trim().split("  ").next().unwrap_or_default();
                lines.extend(arbiter_part(command));
            }
        }
        for sub in command.get_subcommands() {
            walk(sub, lines);
        }
    }
    let mut lines = Vec::new();
    walk(&Cli::command(), &mut lines);
    lines
}

/// Exit statuses that are an answer, not a failure, for this command line.
fn answers(command: &str) -> &'static [i32] {
    match command.split_whitespace().nth(1) {
        Some("diff" | "check" | "cite-check") => &[0, 1],
        _ => &[0],
    }
}

fn link(target: &Path, link: &Path) {
    #[cfg(unix)]
    std::os::unix::fs::symlink(target, link).expect("symlink");
    #[cfg(not(unix))]
    let _ = (target, link);
}

#[test]
fn every_readme_and_help_example_runs() {
    let Some(corpus) = common::corpus_dir() else {
        common::notice("NOT RUN: the README's examples need ../shared/corpus (or ARBITER_CORPUS)");
        return;
    };
    let project = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(project.join("README.md")).expect("README.md");
    let mut examples = readme_examples(&readme);
    let pages = crate::docs::doc_files();
    assert!(!pages.is_empty(), "no page under docs/");
    for page in pages {
        let text = std::fs::read_to_string(&page).expect("a docs page");
        examples.extend(readme_examples(&text));
    }
    examples.extend(help_examples());
    let mut seen = std::collections::HashSet::new();
    examples.retain(|e| seen.insert(e.clone()));
    // The README's ingest first: every other example runs on the index it builds. Those
    // that add a revision of their own run last, so the others see the corpus as it is.
    let corpus_ingest = "arbiter ingest ../shared/corpus/*.txt";
    assert!(
        examples.iter().any(|e| e == corpus_ingest),
        "the README no longer ingests the corpus with `{corpus_ingest}`"
    );
    examples.sort_by_key(|e| (e != corpus_ingest, e.contains("--id ")));

    let work = tempfile::tempdir().expect("temporary folder");
    let judge = work.path().join("judge");
    let home = work.path().join("home");
    std::fs::create_dir_all(work.path().join("shared")).unwrap();
    std::fs::create_dir_all(&judge).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    link(&corpus, &work.path().join("shared/corpus"));
    link(&project.join("tests"), &judge.join("tests"));
    for (from, to) in [
        (corpus.join("cr-2026-04-17.txt"), "cr-2026-04-17.txt"),
        (corpus.join("cr-2026-01-16.txt"), "cr-2026-01-16.txt"),
        (corpus.join("cr-2026-04-17.txt"), "draft.txt"),
        (
            project.join("tests/check/protection-example.md"),
            "my-board.md",
        ),
    ] {
        std::fs::copy(&from, judge.join(to)).unwrap_or_else(|e| panic!("{}: {e}", from.display()));
    }
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_arbiter"));

    let mut failed = Vec::new();
    let mut not_run = Vec::new();
    for example in &examples {
        if example.starts_with("arbiter fetch") || example.contains(" fetch ") {
            not_run.push(example.clone());
            continue;
        }
        if example.starts_with("arbiter serve") || example.starts_with("arbiter mcp") {
            let mut command = Command::new(&binary);
            command
                .current_dir(&judge)
                .env_clear()
                .env("PATH", std::env::var_os("PATH").unwrap_or_default())
                .env("HOME", &home)
                .env("ARBITER_INDEX", work.path().join("index"))
                .env("NO_COLOR", "1");
            if let Err(why) = run_server(command, example) {
                failed.push(format!("`{example}`: {why}"));
            }
            continue;
        }
        let shell_line = format!("{}{}", shlex_quote(&binary), &example["arbiter".len()..]);
        let out = Command::new("bash")
            .arg("-c")
            .arg(&shell_line)
            .current_dir(&judge)
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", &home)
            .env("ARBITER_INDEX", work.path().join("index"))
            .env("NO_COLOR", "1")
            .output()
            .expect("bash runs");
        let status = out.status.code().unwrap_or(-1);
        if !answers(example).contains(&status) {
            failed.push(format!(
                "`{example}` exited {status}\n{}",
                common::text(&out.stderr)
                    .lines()
                    .take(4)
                    .collect::<Vec<_>>()
                    .join("\n")
            ));
        }
    }
    if !not_run.is_empty() {
        common::notice(&format!(
            "NOT RUN (they need the publisher's site): {}",
            not_run.join("; ")
        ));
    }
    assert!(
        failed.is_empty(),
        "{} of {} examples failed:\n\n{}",
        failed.len(),
        examples.len(),
        failed.join("\n\n")
    );
}

/// Starts a server example, asks it one question, stops it; `Err` says what went wrong.
fn run_server(mut command: Command, example: &str) -> Result<(), String> {
    use std::io::{BufRead as _, BufReader, Write as _};
    use std::process::Stdio;
    let mut words = shlex::split(example).ok_or("the example does not split")?;
    words.remove(0);
    let serve = words[0] == "serve";
    if serve {
        match words.iter().position(|w| w == "--bind") {
            Some(at) if at + 1 < words.len() => words[at + 1] = "127.0.0.1:0".to_string(),
            _ => words.extend(["--bind".to_string(), "127.0.0.1:0".to_string()]),
        }
    }
    let mut child = command
        .args(&words)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("does not start: {e}"))?;
    let outcome = if serve {
        // "arbiter: serving the rules on http://127.0.0.1:PORT (generation N); …"
        let mut first = String::new();
        let stderr = child.stderr.take().ok_or("no stderr")?;
        let mut stderr = BufReader::new(stderr);
        let _ = stderr.read_line(&mut first);
        // The access log goes on being written: keep reading it so the server never blocks.
        std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
        let address = first
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .map(str::to_string);
        match address {
            None => Err(format!("did not say where it listens: {first:?}")),
            Some(address) => ureq::get(&format!("http://{address}/cr/704.5j"))
                .call()
                .map_err(|e| format!("GET /cr/704.5j: {e}"))
                .and_then(|mut r| r.body_mut().read_to_string().map_err(|e| e.to_string()))
                .and_then(|body| {
                    body.contains("\"ruleNumber\":\"704.5j\"")
                        .then_some(())
                        .ok_or(format!("GET /cr/704.5j answered {body}"))
                }),
        }
    } else {
        let mut stdin = child.stdin.take().ok_or("no stdin")?;
        let initialize = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"examples","version":"0"}}}"#;
        let sent = writeln!(stdin, "{initialize}");
        let mut reply = String::new();
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let _ = BufReader::new(stdout).read_line(&mut reply);
        drop(stdin);
        match sent {
            Err(e) => Err(format!("stdin: {e}")),
            Ok(()) if reply.contains("\"result\"") && reply.contains("\"tools\"") => Ok(()),
            Ok(()) => Err(format!("initialize answered {reply:?}")),
        }
    };
    #[cfg(unix)]
    if serve {
        // SIGTERM: a graceful stop.
        unsafe {
            libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
        }
    }
    #[cfg(not(unix))]
    let _ = child.kill();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(50))
            }
            _ => {
                let _ = child.kill();
                break None;
            }
        }
    };
    outcome?;
    match status {
        Some(s) if s.success() => Ok(()),
        Some(s) => Err(format!("exited {s} when stopped")),
        None => Err("did not stop within 20 s".to_string()),
    }
}

fn shlex_quote(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', r"'\''"))
}

#[test]
fn examples_are_read_from_a_pasted_line() {
    assert_eq!(
        arbiter_part("arbiter diff 2017 2018 --ignore-wording   # fold").as_deref(),
        Some("arbiter diff 2017 2018 --ignore-wording")
    );
    assert_eq!(
        arbiter_part("source <(arbiter completions bash)   # also zsh").as_deref(),
        Some("arbiter completions bash")
    );
    assert_eq!(
        arbiter_part("  $ arbiter man | man -l -").as_deref(),
        Some("arbiter man")
    );
    assert_eq!(arbiter_part("xdg-open site/index.html"), None);
}
