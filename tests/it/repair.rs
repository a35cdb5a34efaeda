//! The index never loses or lies when it is repaired or read by several processes: a
//! catalogue rebuilt from the revision folders deletes nothing it did not write and
//! accepts no damaged model; bit rot that keeps a search file's size and modification time
//! is caught by readers; a writer keeps the lineage readers of the previous generation may
//! still be reading; `check` reads a bounded amount of any file; `export html --force`
//! never replaces an index; terminal control sequences from data are never echoed raw;
//! every repair hint is a command that works from any folder.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::common::{ok, text};
use crate::ingest::{rules_text, setup, Setup};

/// Two revisions ingested: 2030-01-01 (`a.txt`) and 2030-02-01 (`b.txt`).
fn two_revisions(s: &Setup) -> Vec<PathBuf> {
    let files = vec![
        s.write("a.txt", &rules_text(1, 1, "A player can play one land.")),
        s.write(
            "b.txt",
            &rules_text(2, 1, "A player can play one land, or two."),
        ),
    ];
    ok(&s.ingest(&files, &[]));
    files
}

/// The folders under `revisions/`, by name.
fn revision_folders(s: &Setup) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(s.index.join("revisions"))
        .expect("revisions folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    dirs.sort();
    dirs
}

/// The revision folder whose model holds `says`.
fn folder_saying(s: &Setup, says: &str) -> PathBuf {
    revision_folders(s)
        .into_iter()
        .find(|d| {
            std::fs::read(d.join("model.bin"))
                .is_ok_and(|b| b.windows(says.len()).any(|w| w == says.as_bytes()))
        })
        .expect("a folder with that text")
}

#[test]
fn a_rebuilt_catalogue_deletes_neither_the_folders_it_could_not_read_nor_files_it_did_not_write() {
    let s = setup();
    two_revisions(&s);
    // A model that can't be read, and files of the user's own in the index folder.
    let unreadable = folder_saying(&s, "or two.");
    std::fs::write(unreadable.join("model.bin"), b"not a model").expect("damage");
    let own: Vec<PathBuf> = vec![
        s.index.join("embedded").join("my-notes.txt"),
        s.index.join("lock"),
        s.index.join(".tmp-mine"),
        s.index.join("lineage-g0.bin"),
        s.index.join("revisions").join("my-folder"),
    ];
    std::fs::create_dir_all(s.index.join("embedded")).expect("embedded");
    for path in &own {
        if path.ends_with("my-folder") {
            std::fs::create_dir_all(path).expect("folder");
            std::fs::write(path.join("notes.txt"), "mine").expect("write");
        } else {
            std::fs::write(path, "the user's own words").expect("write");
        }
    }
    std::fs::remove_file(s.index.join("catalogue.json")).expect("remove the catalogue");
    let out = s.run(&["ingest"]);
    let said = text(&out.stderr);
    assert!(
        said.contains("left as they are"),
        "the rebuild should say what it left: {said}"
    );
    // Twice: the first run rebuilds and commits, the second cleans.
    s.run(&["ingest"]);
    assert!(unreadable.exists(), "the unreadable folder was deleted");
    for path in &own {
        assert!(path.exists(), "{} was deleted", path.display());
    }
}

#[test]
fn a_rebuilt_catalogue_accepts_no_damaged_model() {
    let s = setup();
    let files = two_revisions(&s);
    // One letter of a rule's text changed: the model still decodes.
    let folder = folder_saying(&s, "or two.");
    let model = folder.join("model.bin");
    let mut bytes = std::fs::read(&model).expect("model");
    let at = bytes
        .windows(7)
        .position(|w| w == b"or two.")
        .expect("the text");
    bytes[at + 3] = b'T';
    std::fs::write(&model, bytes).expect("damage");
    std::fs::remove_file(s.index.join("catalogue.json")).expect("remove the catalogue");
    s.run(&["ingest"]);
    let out = s.run(&["rule", "305.2", "--rev", "2030-02-01"]);
    assert!(
        !text(&out.stdout).contains("or Two."),
        "the damaged text was accepted: {}",
        text(&out.stdout)
    );
    // Ingesting the file again gives the right text back, never "unchanged".
    let again = s.ingest(&files[1..], &[]);
    assert!(
        !text(&again.stdout).contains("unchanged"),
        "{}",
        text(&again.stdout)
    );
    let out = s.run(&["rule", "305.2", "--rev", "2030-02-01"]);
    assert!(
        text(&out.stdout).contains("or two."),
        "{}",
        text(&out.stdout)
    );
}

/// Sets a file's modification time back to `to`.
fn set_modified(path: &Path, to: std::time::SystemTime) {
    std::fs::File::options()
        .write(true)
        .open(path)
        .and_then(|f| f.set_modified(to))
        .expect("set the modification time");
}

#[test]
fn bit_rot_that_keeps_a_search_files_size_and_time_is_an_error_never_a_wrong_ranking() {
    let s = setup();
    two_revisions(&s);
    let ask = ["search", "legend rule", "--rev", "2030-02-01", "--json"];
    let good = ok(&s.run(&ask));
    let folder = folder_saying(&s, "or two.");
    let search = std::fs::read_dir(&folder)
        .expect("folder")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.is_dir())
        .expect("search folder");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&search)
        .expect("search files")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for file in &files {
        let len = std::fs::metadata(file).map_or(0, |m| m.len() as usize);
        for at in [0, len / 2, len.saturating_sub(1)] {
            if len == 0 {
                continue;
            }
            let modified = std::fs::metadata(file)
                .and_then(|m| m.modified())
                .expect("mtime");
            let original = std::fs::read(file).expect("read");
            let mut rotten = original.clone();
            rotten[at] ^= 0x55;
            std::fs::write(file, &rotten).expect("write");
            set_modified(file, modified);
            let out = s.run(&ask);
            let code = out.status.code();
            let said = text(&out.stdout);
            if code == Some(0) && said != good {
                failures.push(format!("{}@{at}: a different answer", file.display()));
            } else if code != Some(0) && !(code == Some(2) && said.contains("damaged")) {
                failures.push(format!(
                    "{}@{at}: exit {code:?}, unclear: {said}{}",
                    file.display(),
                    text(&out.stderr)
                ));
            }
            std::fs::write(file, &original).expect("restore");
            set_modified(file, modified);
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_writer_keeps_the_lineage_of_the_previous_generation_for_readers_still_on_it() {
    let s = setup();
    two_revisions(&s);
    let lineages = |s: &Setup| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&s.index)
            .expect("index")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("lineage-g"))
            .collect();
        names.sort();
        names
    };
    let before = lineages(&s);
    assert_eq!(before.len(), 1, "{before:?}");
    let c = s.write("c.txt", &rules_text(3, 1, "Three lands."));
    ok(&s.ingest(&[c], &[]));
    let after = lineages(&s);
    assert!(
        after.contains(&before[0]),
        "the previous generation's lineage was deleted at once: {after:?}"
    );
}

#[test]
fn check_reads_a_bounded_amount_of_any_file() {
    let s = setup();
    // A character device that never ends.
    let started = std::time::Instant::now();
    let out = s.run(&["check", "/dev/zero"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("limit"), "{}", text(&out.stderr));
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    // A 1 GB file (sparse: it takes no room) is refused before it is read.
    let big = s.files.join("big.md");
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(1 << 30))
        .expect("big file");
    let out = s.run(&["check", &big.display().to_string()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("big.md") && text(&out.stderr).contains("limit"),
        "{}",
        text(&out.stderr)
    );
    // A pipe that never ends (`check /dev/stdin` fed forever).
    let mut child = s
        .command(&["check", "/dev/stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut input = child.stdin.take().expect("stdin");
    let feeder = std::thread::spawn(move || {
        use std::io::Write as _;
        let line = b"- keeper gains protection from red until end of turn\n".repeat(1000);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while std::time::Instant::now() < deadline {
            if input.write_all(&line).is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().expect("wait");
    let _ = feeder.join();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("limit"), "{}", text(&out.stderr));
}

#[test]
fn export_html_force_never_replaces_an_index() {
    let s = setup();
    two_revisions(&s);
    let index = s.index.display().to_string();
    let out = s.run(&["export", "html", &index, "--force"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("index"), "{}", text(&out.stderr));
    assert_eq!(s.revisions().len(), 2, "the index was replaced");
    // Nor a folder that holds it.
    let holder = s.index.parent().expect("parent").display().to_string();
    let out = s.run(&["export", "html", &holder, "--force"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(
        s.revisions().len(),
        2,
        "the folder holding the index was replaced"
    );
}

#[test]
fn terminal_control_sequences_from_data_are_never_echoed_raw() {
    let s = setup();
    let raw = |out: &std::process::Output| {
        out.stdout
            .iter()
            .chain(&out.stderr)
            .any(|&b| b == 0x1b || b == 0x07 || b == 0x9b)
    };
    // A file name and a revision given on the command line.
    let name = "\u{1b}]0;owned\u{7}board.md";
    let out = s.run(&["check", name]);
    assert!(!raw(&out), "{:?}", text(&out.stderr));
    assert!(text(&out.stderr).contains("board.md"));
    let out = s.run(&["rule", "305.2", "--rev", "\u{1b}[2J2030"]);
    assert!(!raw(&out), "{:?}", text(&out.stderr));
    // A rules file carrying escape sequences in its text and in its name.
    let file = s.write(
        "evil\u{1b}[2J.txt",
        &rules_text(
            4,
            1,
            "A player can play one land.\u{1b}]0;owned\u{7}\u{1b}[2J",
        ),
    );
    let out = s.ingest(&[file], &[]);
    assert!(!raw(&out), "{:?}{:?}", text(&out.stdout), text(&out.stderr));
    let out = s.run(&["rule", "305.2", "--rev", "2030-04-01"]);
    assert!(!raw(&out), "{:?}", text(&out.stdout));
}

#[test]
fn a_repair_hint_is_a_command_that_works_from_any_folder() {
    let s = setup();
    // Ingested by a relative name, from the folder that holds the file.
    s.write("a.txt", &rules_text(1, 1, "A player can play one land."));
    ok(&s.run(&["ingest", "a.txt"]));
    let folder = revision_folders(&s).into_iter().next().expect("folder");
    std::fs::write(folder.join("model.bin"), b"damaged").expect("damage");
    // Asked from another folder.
    let elsewhere = s.files.parent().expect("parent").to_path_buf();
    let out = s
        .command(&["rule", "305.2", "--rev", "2030-01-01"])
        .current_dir(&elsewhere)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    let hinted = said
        .split('`')
        .nth(1)
        .filter(|c| c.starts_with("arbiter ingest "))
        .unwrap_or_else(|| panic!("no `arbiter ingest …` hint: {said}"))
        .to_string();
    let args: Vec<&str> = hinted.split(' ').skip(1).collect();
    let repair = s
        .command(&args)
        .current_dir(&elsewhere)
        .output()
        .expect("run the hint");
    assert!(
        repair.status.success(),
        "the hinted `{hinted}` failed: {}",
        text(&repair.stderr)
    );
    let out = s
        .command(&["rule", "305.2", "--rev", "2030-01-01"])
        .current_dir(&elsewhere)
        .output()
        .expect("run");
    assert!(
        text(&out.stdout).contains("one land"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_fetched_revisions_repair_hint_fetches_it_again() {
    let advice = arbiter::index::Repair::Model {
        id: "2026-04-17".into(),
        source: "https://example.org/rules.txt".into(),
    }
    .advice();
    assert!(
        advice.contains("`arbiter fetch https://example.org/rules.txt`"),
        "{advice}"
    );
    assert!(!advice.contains("arbiter ingest https://"), "{advice}");
}
