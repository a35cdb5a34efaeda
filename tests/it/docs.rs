//! The documentation under `docs/` can't drift from what arbiter does:
//!
//! - every board shown in `README.md` and `docs/**/*.md` (a ```` ```markdown ```` block with a `## Game`
//!   section) is played by the real `arbiter check` and must pass; a board that needs a
//!   form this build does not play yet is marked in the page, just before its block, with
//!   `<!-- not checkable yet: REASON -->`, and is listed here as a NOTICE with that reason;
//! - `docs/revisions.md` is generated from the engine's table of what changed when
//!   (`src/scenario/engine/revisions.rs`): the rows' dates from the table itself, each
//!   difference's description from its doc comment. `UPDATE_GOLDEN=1` rewrites it.

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter::scenario::engine::revisions::DIFFERENCES;

use crate::common;

fn project() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every Markdown file under `docs/`, sorted.
pub fn doc_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&project().join("docs"), &mut files);
    files.sort();
    files
}

/// A board shown in a page: where it is, its text, and the reason it can't be checked
/// yet when the page says so.
struct Board {
    place: String,
    text: String,
    not_yet: Option<String>,
}

fn boards(path: &Path, page: &str) -> Vec<Board> {
    let name = path.strip_prefix(project()).unwrap_or(path).display();
    let mut boards = Vec::new();
    let mut lines = page.lines().enumerate().peekable();
    let mut last_marker: Option<String> = None;
    while let Some((n, line)) = lines.next() {
        let trimmed = line.trim();
        if let Some(reason) = trimmed
            .strip_prefix("<!-- not checkable yet:")
            .and_then(|r| r.strip_suffix("-->"))
        {
            last_marker = Some(reason.trim().to_string());
            continue;
        }
        if trimmed.starts_with("```") {
            let markdown = trimmed == "```markdown";
            let mut body = String::new();
            for (_, inner) in lines.by_ref() {
                if inner.trim_start().starts_with("```") {
                    break;
                }
                body.push_str(inner);
                body.push('\n');
            }
            if markdown
                && body
                    .lines()
                    .any(|l| l.trim().eq_ignore_ascii_case("## game"))
            {
                boards.push(Board {
                    place: format!("{name}:{}", n + 1),
                    text: body,
                    not_yet: last_marker.take(),
                });
            }
            last_marker = None;
            continue;
        }
        if !trimmed.is_empty() {
            last_marker = None;
        }
    }
    boards
}

#[test]
fn every_board_in_the_docs_passes_check() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_arbiter"));
    let work = tempfile::tempdir().expect("temporary folder");
    let mut failed = Vec::new();
    let mut not_yet = Vec::new();
    let mut checked = 0;
    let mut pages = doc_files();
    pages.push(project().join("README.md"));
    for path in pages {
        let page = std::fs::read_to_string(&path).expect("a docs page");
        for board in boards(&path, &page) {
            if let Some(reason) = &board.not_yet {
                not_yet.push(format!("{} ({reason})", board.place));
                continue;
            }
            let file = work.path().join(format!("board-{checked}.md"));
            std::fs::write(&file, &board.text).unwrap();
            checked += 1;
            let out = Command::new(&binary)
                .arg("check")
                .arg(&file)
                .env_clear()
                .env("ARBITER_INDEX", work.path().join("index"))
                .env("HOME", work.path())
                .env("NO_COLOR", "1")
                .output()
                .expect("arbiter runs");
            if !out.status.success() {
                failed.push(format!(
                    "{} exited {:?}\n{}{}",
                    board.place,
                    out.status.code(),
                    common::text(&out.stdout),
                    common::text(&out.stderr)
                ));
            }
        }
    }
    if !not_yet.is_empty() {
        common::notice(&format!(
            "NOT RUN: {} board(s) in docs/ are marked not checkable yet: {}",
            not_yet.len(),
            not_yet.join("; ")
        ));
    }
    assert!(checked > 0, "no board found in docs/");
    assert!(
        failed.is_empty(),
        "{} of {checked} boards in docs/ fail `arbiter check`:\n\n{}",
        failed.len(),
        failed.join("\n\n")
    );
}

/// The doc comment of each variant of `Difference`, by variant name, read from the
/// engine's source (the comments are the table's own words).
fn difference_comments() -> std::collections::BTreeMap<String, String> {
    let source = std::fs::read_to_string(project().join("src/scenario/engine/revisions.rs"))
        .expect("revisions.rs");
    let body = source
        .split("pub enum Difference {")
        .nth(1)
        .and_then(|rest| rest.split("\n}").next())
        .expect("the Difference enum");
    let mut comments = std::collections::BTreeMap::new();
    let mut comment = String::new();
    for line in body.lines() {
        let line = line.trim();
        if let Some(text) = line.strip_prefix("///") {
            if !comment.is_empty() {
                comment.push(' ');
            }
            comment.push_str(text.trim());
        } else if let Some(name) = line.strip_suffix(',') {
            if !name.is_empty() && name.chars().all(char::is_alphanumeric) {
                comments.insert(name.to_string(), std::mem::take(&mut comment));
            }
        }
    }
    comments
}

/// docs/revisions.md as the engine's table makes it.
fn revisions_page() -> String {
    let comments = difference_comments();
    let mut page = String::from(
        "# The revisions arbiter knows, and what changed when\n\n\
         <!-- Generated from src/scenario/engine/revisions.rs by tests/it/docs.rs: do not\n\
         edit; run `UPDATE_GOLDEN=1 cargo test --test it docs::` after changing the table. -->\n\n\
         `arbiter revisions` lists the revisions this installation knows (the fragments built\n\
         into the binary and every revision you ingested). The scenario checker plays any\n\
         revision from 2005-08-01 on and applies, for each, the differences below: its\n\
         table of what changed when, which the rules consult instead of comparing dates.\n\
         A row applies from its first revision (included) until the first revision without\n\
         it (excluded); rule numbers are those each description names.\n\n\
         | difference | from | until | what it is |\n|---|---|---|---|\n",
    );
    let mut rows: Vec<_> = DIFFERENCES.iter().collect();
    rows.sort_by_key(|row| (row.from, row.until, format!("{:?}", row.difference)));
    for row in rows {
        let name = format!("{:?}", row.difference);
        let what = comments
            .get(&name)
            .cloned()
            .unwrap_or_default()
            .replace('|', "\\|");
        let from = row
            .from
            .map_or_else(|| "the earliest".to_string(), |d| d.to_string());
        let until = row
            .until
            .map_or_else(|| "today".to_string(), |d| d.to_string());
        page.push_str(&format!("| `{name}` | {from} | {until} | {what} |\n"));
    }
    page.push_str("\n[← documentation index](README.md)\n");
    page
}

#[test]
fn the_revisions_page_is_generated_from_the_engine_table() {
    let path = project().join("docs/revisions.md");
    let page = revisions_page();
    assert!(
        difference_comments().len() >= DIFFERENCES.len(),
        "every difference of the table needs a doc comment"
    );
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &page).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == page,
        "docs/revisions.md differs from the engine's table: run \
         `UPDATE_GOLDEN=1 cargo test --test it docs::` and commit the result"
    );
}
