//! No input makes arbiter hang: each input that once kept a command busy for seconds or
//! minutes (issue #32's table) finishes or is refused at once with a message naming the
//! limit. The time limits here are safety nets for a loaded CI machine, not benchmarks
//! (`bench/growth.sh` measures the growth curves); `docs/limits.md` lists every limit and
//! is kept in step with `arbiter::limits` by a test.

use std::process::Output;
use std::time::{Duration, Instant};

use crate::common::text;
use crate::ingest::{setup, Setup};

/// Generous: a debug build on a loaded two-core machine.
const SAFETY_NET: Duration = Duration::from_secs(60);

/// Runs arbiter with `args`, killed after [`SAFETY_NET`]; fails the test if it was.
fn bounded(s: &Setup, args: &[&str]) -> Output {
    use std::process::Stdio;
    let started = Instant::now();
    let mut child = s
        .command(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run arbiter");
    // Drained while it runs, so a full pipe never stalls it.
    let mut stdout = child.stdout.take().expect("stdout");
    let mut stderr = child.stderr.take().expect("stderr");
    let out_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stdout, &mut v);
        v
    });
    let err_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stderr, &mut v);
        v
    });
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > SAFETY_NET {
            let _ = child.kill();
            panic!("`arbiter {}` still ran after {SAFETY_NET:?}", args[0]);
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = Output {
        status,
        stdout: out_thread.join().expect("stdout"),
        stderr: err_thread.join().expect("stderr"),
    };
    assert_ne!(
        out.status.code(),
        Some(101),
        "panicked: {}",
        text(&out.stderr)
    );
    out
}

/// Asserts a refusal that names the limit and says what to do.
fn refused(out: &Output, what: &str) {
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains(what) && said.contains("the limit is") && said.contains("hint:"),
        "{said}"
    );
}

/// A scenario on today's rules whose actions are `action` written `count` times.
fn repeated(action: &str, count: usize) -> String {
    let mut s = String::from(
        "# Repeated\n\n## Game\n- players: Alice, Bob\n- turn: Alice\n- step: precombat main\n- rules: 2026-04-17\n\n## Battlefield\n- keeper \"Keeper\": Creature — Human 2/2; controller Alice; color white\n\n## Actions\n",
    );
    for i in 1..=count {
        s.push_str(&format!("{i}. {action}\n"));
    }
    s.push_str("\n## Expect\n- keeper is on the battlefield\n");
    s
}

#[test]
fn a_scenario_repeating_an_effect_thousands_of_times_finishes() {
    let s = setup();
    let file = s.write(
        "protection.md",
        &repeated("keeper gains protection from red until end of turn", 2_000),
    );
    let out = bounded(&s, &["check", &file.display().to_string()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_scenario_over_the_action_limit_is_refused_at_once() {
    let s = setup();
    let file = s.write("turns.md", &repeated("next turn", 10_001));
    let out = bounded(&s, &["check", &file.display().to_string()]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains("turns.md: 10001 actions in a scenario: the limit is 10000")
            && said.contains("split the board into several scenarios"),
        "{said}"
    );
}

#[test]
fn define_of_a_huge_term_is_refused_at_once() {
    let s = setup();
    let term = "x".repeat(120_000);
    refused(
        &bounded(&s, &["define", &term]),
        "characters in a term to define",
    );
    let words = "word ".repeat(10_000);
    refused(
        &bounded(&s, &["define", &words]),
        "characters in a term to define",
    );
}

#[test]
fn a_search_of_thousands_of_words_is_refused_at_once() {
    let s = setup();
    let words: Vec<String> = (0..10_000).map(|i| format!("w{i}")).collect();
    let query = words.join(" ");
    refused(
        &bounded(&s, &["search", "--all-revisions", &query]),
        "words in a search",
    );
    // Every revision is asked each word: a question of 41 words is refused there.
    let words41 = "legend ".repeat(41);
    refused(
        &bounded(&s, &["search", "--all-revisions", &words41]),
        "41 words in a search of every revision",
    );
    // Bare `arbiter` with eight arguments of 125 KB: a search.
    let huge = "a".repeat(125_000);
    let args: Vec<&str> = std::iter::repeat_n(huge.as_str(), 8).collect();
    refused(&bounded(&s, &args), "characters in a search");
}

#[test]
fn a_search_of_characters_that_expand_under_normalisation_finishes() {
    let s = setup();
    let query = "\u{FDFA} ".repeat(20);
    let out = bounded(&s, &["search", &query]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn revisions_on_a_damaged_catalogue_names_it_and_the_repair() {
    let s = setup();
    let file = s.write(
        "a.txt",
        &crate::ingest::rules_text(1, 1, "A player can play one land."),
    );
    assert!(s.ingest(&[file], &[]).status.success());
    let catalogue = s.index.join("catalogue.json");
    for damage in [&b""[..], b"{}", b"\xff\xfe", b"{\"store_version\": 3"] {
        std::fs::write(&catalogue, damage).expect("damage");
        let out = bounded(&s, &["revisions"]);
        let said = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{said}");
        assert!(
            said.contains("catalogue.json") && said.contains("hint: run `arbiter ingest`"),
            "{said}"
        );
    }
    std::fs::remove_file(&catalogue).expect("remove");
    std::fs::create_dir(&catalogue).expect("a folder in its place");
    let said = text(&bounded(&s, &["revisions"]).stderr);
    assert!(
        said.contains("catalogue.json") && said.contains("hint: run `arbiter ingest`"),
        "{said}"
    );
}

#[test]
fn docs_limits_lists_every_limit() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/limits.md"),
    )
    .expect("docs/limits.md");
    for limit in arbiter::limits::ALL {
        let row = format!("| {} | {} |", limit.what, limit.most);
        assert!(doc.contains(&row), "docs/limits.md has no row `{row}`");
    }
}
