//! `arbiter export html` as a user runs it: the site of every embedded revision (and,
//! when `../shared/corpus` is present, of 2026-01-16 with a diff page and of 1999-04-23)
//! has a target for every link, fetches nothing from the network, and is written all or
//! nothing; a folder that is not an export is refused unless `--force`. The page of the
//! smallest revision and the `--json` summary are pinned by golden files
//! (`UPDATE_GOLDEN=1 cargo test --test it export::` rewrites them).

use crate::common;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::cargo::cargo_bin_cmd;

/// A scrubbed environment with its own index and working folder.
struct Setup {
    tmp: tempfile::TempDir,
}

impl Setup {
    fn new() -> Setup {
        let tmp = tempfile::tempdir().expect("a temporary folder");
        std::fs::create_dir(tmp.path().join("work")).expect("a working folder");
        Setup { tmp }
    }

    fn work(&self) -> PathBuf {
        self.tmp.path().join("work")
    }

    fn run(&self, args: &[&str]) -> Output {
        cargo_bin_cmd!("arbiter")
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("ARBITER_INDEX", self.tmp.path().join("index"))
            .env("NO_COLOR", "1")
            .current_dir(self.work())
            .args(args)
            .output()
            .expect("arbiter runs")
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "arbiter {}: exit {:?}\n{}{}",
            args.join(" "),
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

/// The values of `attr="…"` in `html`.
fn attributes<'a>(html: &'a str, attr: &str) -> Vec<&'a str> {
    let needle = format!(" {attr}=\"");
    html.match_indices(&needle)
        .filter_map(|(at, _)| {
            let rest = &html[at + needle.len()..];
            rest.find('"').map(|end| &rest[..end])
        })
        .collect()
}

/// What is wrong with the site in `dir`: each `href` that names no file of the site or
/// no element id in it, each duplicated id, and anything that would reach the network
/// or run a script. Also returns how many links were checked.
fn check_site(dir: &Path) -> (Vec<String>, usize) {
    let mut pages: HashMap<String, String> = HashMap::new();
    for entry in std::fs::read_dir(dir).expect("the site folder").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(entry.path()).expect("a text file");
        pages.insert(name, text);
    }
    let mut problems = Vec::new();
    let mut ids: HashMap<&str, HashSet<&str>> = HashMap::new();
    for (name, html) in &pages {
        let set = ids.entry(name.as_str()).or_default();
        for id in attributes(html, "id") {
            if !set.insert(id) {
                problems.push(format!("{name}: id {id} twice"));
            }
        }
    }
    if pages
        .get("style.css")
        .is_none_or(|css| css.contains("url(") || css.contains("@import"))
    {
        problems.push("style.css is missing or fetches something".to_string());
    }
    let mut checked = 0;
    for (name, html) in pages.iter().filter(|(n, _)| n.ends_with(".html")) {
        if html.contains("<script") || html.contains(" src=\"") {
            problems.push(format!("{name}: a script or an embedded resource"));
        }
        for href in attributes(html, "href") {
            checked += 1;
            if href.contains("://") || href.starts_with("//") {
                problems.push(format!("{name}: {href} leaves the site"));
                continue;
            }
            let (file, fragment) = match href.split_once('#') {
                Some(("", fragment)) => (name.as_str(), Some(fragment)),
                Some((file, fragment)) => (file, Some(fragment)),
                None => (href, None),
            };
            let found = pages.contains_key(file)
                && fragment.is_none_or(|f| ids.get(file).is_some_and(|ids| ids.contains(f)));
            if !found {
                problems.push(format!("{name}: {href} has no target"));
            }
        }
    }
    (problems, checked)
}

fn summary(json: &str) -> serde_json::Value {
    serde_json::from_str(json).expect("the summary is JSON")
}

#[test]
fn every_link_of_every_embedded_revision_has_a_target() {
    let setup = Setup::new();
    let revisions = summary(&setup.ok(&["revisions", "--json"]));
    let ids: Vec<&str> = revisions
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert_eq!(ids.len(), 5, "{ids:?}");
    for id in ids {
        let out = format!("site-{id}");
        let doc = summary(&setup.ok(&["export", "html", "--rev", id, &out, "--json"]));
        let (problems, checked) = check_site(&setup.work().join(&out));
        assert!(problems.is_empty(), "{id}: {problems:#?}");
        assert!(checked > 20, "{id}: only {checked} links");
        let rules = doc["rules"].as_u64().unwrap_or(0);
        let want = revisions
            .as_array()
            .and_then(|a| a.iter().find(|r| r["id"] == id))
            .and_then(|r| r["rules"].as_u64());
        assert_eq!(Some(rules), want, "{id}: every rule has an anchor");
    }
}

#[test]
fn the_smallest_site_matches_its_golden_files() {
    let setup = Setup::new();
    let json = setup.ok(&[
        "export",
        "html",
        "--rev",
        "2008-02-01-r212",
        "site",
        "--json",
    ]);
    check_golden("export-r212-json.txt", &json);
    let page = std::fs::read_to_string(setup.work().join("site/section-2.html"))
        .expect("section 2 is written");
    check_golden("export-r212-section-2.html", &page);
}

#[test]
fn section_pages_mark_what_the_revision_changed_since_the_one_before() {
    let setup = Setup::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in [
        "tests/data/export/small-revision-2029-06-01.txt",
        "tests/data/json/small-revision-2030-01-01.txt",
    ] {
        setup.ok(&["ingest", &root.join(file).display().to_string()]);
    }
    // No --diff: the marks compare with the complete revision before, 2029-06-01.
    setup.ok(&["export", "html", "--rev", "2030-01-01", "site"]);
    let page =
        |name: &str| std::fs::read_to_string(setup.work().join("site").join(name)).expect("a page");
    check_golden("export-marks-section-3.html", &page("section-3.html"));
    let marks = |html: &str| -> Vec<String> {
        html.split("<span class=\"change-mark\" title=\"")
            .skip(1)
            .map(|s| s.split('"').next().unwrap_or_default().to_string())
            .collect()
    };
    assert_eq!(
        marks(&page("section-1.html")),
        ["changed in 2030-01-01 (since 2029-06-01)"],
        "100.2 has new words"
    );
    assert_eq!(
        marks(&page("section-3.html")),
        ["renumbered from 305.1 in 2030-01-01 (since 2029-06-01)"]
    );
    // Section 7 is new: rule 704 and 704.5j.
    assert_eq!(
        marks(&page("section-7.html")),
        ["new in 2030-01-01 (since 2029-06-01)"; 2]
    );
    assert!(page("index.html").contains("The 4 rules new, changed or renumbered since 2029-06-01 are marked on their section pages."));

    // The first revision has nothing to compare with, and says nothing.
    setup.ok(&["export", "html", "--rev", "2029-06-01", "site", "--force"]);
    for name in ["index.html", "section-1.html", "section-3.html"] {
        assert!(!page(name).contains("change-mark"), "{name}");
        assert!(
            !page(name).contains(" are marked on their section pages"),
            "{name}"
        );
    }
}

#[test]
fn the_diff_page_shows_inserted_and_deleted_words() {
    let setup = Setup::new();
    let text = setup.ok(&["export", "html", "--diff", "2011", "2026", "site"]);
    assert!(
        text.starts_with("Exported 2026-01-16-s3 to site: "),
        "{text}"
    );
    assert!(
        text.contains("changes from 2011-07-15-s3 to 2026-01-16-s3"),
        "{text}"
    );
    let diff = std::fs::read_to_string(setup.work().join("site/diff.html")).expect("diff.html");
    assert!(diff.contains("<del>") && diff.contains("<ins>"));
    let (problems, _) = check_site(&setup.work().join("site"));
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn a_folder_that_is_not_an_export_is_refused_unless_forced() {
    let setup = Setup::new();
    let notes = setup.work().join("notes");
    std::fs::create_dir(&notes).expect("a folder");
    std::fs::write(notes.join("todo.txt"), "keep me").expect("a file");
    let out = setup.run(&["export", "html", "notes"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        "arbiter: error: notes is not empty and `todo.txt` is not part of an arbiter export\n\
         hint: give a new or empty folder, or pass --force to replace it and everything in it\n"
    );
    assert!(notes.join("todo.txt").exists());
    assert!(!notes.join("index.html").exists());

    setup.ok(&["export", "html", "notes", "--force"]);
    assert!(!notes.join("todo.txt").exists());
    assert!(notes.join("index.html").exists());
    // A previous export is replaced without --force, whole (no page of the old one left).
    setup.ok(&["export", "html", "--rev", "2024-06-07-s4", "notes"]);
    assert!(notes.join("section-4.html").exists());
    assert!(!notes.join("section-3.html").exists());
    // Nothing is left beside it.
    let beside: Vec<String> = std::fs::read_dir(setup.work())
        .expect("the working folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(beside, ["notes"]);
}

#[test]
fn a_failed_export_writes_nothing() {
    let setup = Setup::new();
    let out = setup.run(&["export", "html", "--rev", "1999", "site"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no revision matches `1999`"));
    let out = setup.run(&["export", "html", "--diff", "2011", "1999", "site"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read_dir(setup.work())
            .expect("the working folder")
            .count(),
        0
    );
}

#[test]
fn corpus_sites_of_2026_and_1999_have_a_target_for_every_link() {
    let Some(dir) = common::corpus_dir() else {
        eprintln!("NOTICE: ../shared/corpus is absent; the corpus export test did not run");
        return;
    };
    let setup = Setup::new();
    let files: Vec<String> = [
        "cr-2025-11-14.txt",
        "cr-2026-01-16.txt",
        "cr-1999-04-23.txt",
    ]
    .iter()
    .map(|f| dir.join(f).display().to_string())
    .collect();
    let mut args = vec!["ingest"];
    args.extend(files.iter().map(String::as_str));
    setup.ok(&args);

    let doc = summary(&setup.ok(&[
        "export",
        "html",
        "--diff",
        "2025-11-14",
        "2026-01-16",
        "site-2026",
        "--json",
    ]));
    assert_eq!(doc["revision"], "2026-01-16");
    assert_eq!(doc["pages"], 12, "index, 9 sections, glossary, diff");
    let (problems, checked) = check_site(&setup.work().join("site-2026"));
    assert!(problems.is_empty(), "{problems:#?}");
    assert!(checked > 5000, "{checked}");
    let section =
        std::fs::read_to_string(setup.work().join("site-2026/section-3.html")).expect("section 3");
    // 303.4c sends the reader to the state-based actions on section 7's page.
    assert!(section.contains(
        r#"(This is a state-based action. See rule <a href="section-7.html#704">704</a>.)"#
    ));
    let glossary = std::fs::read_to_string(setup.work().join("site-2026/glossary.html"))
        .expect("the glossary");
    assert!(glossary.contains(r#"<div class="entry" id="active-player">"#));
    assert!(glossary.contains(r#"See rule <a href="section-1.html#102.1">102.1</a>."#));

    let doc = summary(&setup.ok(&["export", "html", "--rev", "1999", "site-1999", "--json"]));
    assert_eq!(doc["revision"], "1999-04-23");
    let (problems, _) = check_site(&setup.work().join("site-1999"));
    assert!(problems.is_empty(), "{problems:#?}");
    // The 1999 text's "<www.wizards.com>" is text, not a tag.
    let section =
        std::fs::read_to_string(setup.work().join("site-1999/section-1.html")).expect("section 1");
    assert!(section.contains("&lt;www.wizards.com&gt;"));
}

fn check_golden(name: &str, got: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&path, got).expect("write the golden file");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (create it with UPDATE_GOLDEN=1 cargo test --test it export::)",
            path.display()
        )
    });
    assert!(
        want == got,
        "{} differs (UPDATE_GOLDEN=1 rewrites it):\n--- want\n{want}\n--- got\n{got}",
        path.display()
    );
}
