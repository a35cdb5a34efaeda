//! The index never lies: an ingest killed after each of its steps (`ARBITER_FAULT=after:`)
//! or failing on a full disk at each write (`ARBITER_FAULT=enospc:`), two writers at once,
//! a byte changed in every kind of stored file, a missing catalogue or lineage, and readers
//! that write nothing. Each case must give either the right answer or an error that names
//! the file and the repair (exit 2, never a panic), and the repair must give back the
//! answers of an index that was never hurt, with no revision lost.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};

use arbiter::index::fault;

use crate::common::{ok, text};
use crate::ingest::{rules_text, setup, Setup};

/// What a user would ask of the index, each answer as printed (`--json`, the test's
/// folders written as `FILES` and `INDEX`), or the exit status and the first line of the
/// error when the command failed.
fn answers(s: &Setup) -> Vec<String> {
    answers_checked(s, |_, _| {})
}

/// [`answers`], handing each failed run to `failed` (command, output) first.
fn answers_checked(s: &Setup, mut failed: impl FnMut(&str, &Output)) -> Vec<String> {
    let mut all = Vec::new();
    let mut ask = |args: &[&str]| {
        let out = s.run(args);
        let code = out.status.code();
        assert_ne!(code, Some(101), "{args:?} panicked: {}", text(&out.stderr));
        assert!(code.is_some(), "{args:?} was killed: {}", text(&out.stderr));
        if matches!(code, Some(0 | 1)) {
            text(&out.stdout)
                .replace(&s.files.display().to_string(), "FILES")
                .replace(&s.index.display().to_string(), "INDEX")
        } else {
            failed(&args.join(" "), &out);
            format!(
                "exit {code:?}: {}",
                text(&out.stderr).lines().next().unwrap_or("")
            )
        }
    };
    let listed = ask(&["revisions", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&listed).unwrap_or_default();
    let ids: Vec<String> = doc
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|r| !r["source"].as_str().unwrap_or("").starts_with("embedded:"))
                .map(|r| r["id"].as_str().unwrap_or("").to_string())
                .collect()
        })
        .unwrap_or_default();
    all.push(listed);
    for id in &ids {
        all.push(ask(&["rule", "305.2", "--rev", id, "--json"]));
    }
    if let (Some(first), Some(last)) = (ids.first(), ids.last()) {
        all.push(ask(&["history", "305.2", "--rev", last, "--json"]));
        all.push(ask(&["diff", first, last, "--json"]));
        all.push(ask(&["search", "legend rule", "--rev", last, "--json"]));
    }
    all
}

/// Two revisions ingested first, then three files: a new revision, another, and new
/// content for the first revision (`--replace`, so that an old folder goes).
struct Plan {
    base: Vec<PathBuf>,
    more: Vec<PathBuf>,
}

fn plan(s: &Setup) -> Plan {
    let w = |name: &str, month, day, says: &str| s.write(name, &rules_text(month, day, says));
    Plan {
        base: vec![
            w("a.txt", 1, 1, "A player can play one land."),
            w("b.txt", 2, 1, "A player can play one land, or two."),
        ],
        more: vec![
            w("c.txt", 3, 1, "A player can play three lands."),
            w("d.txt", 4, 1, "A player can play four lands."),
            w("a2.txt", 1, 1, "A player can play exactly one land."),
        ],
    }
}

fn ingest_more(s: &Setup, plan: &Plan, fault: Option<&str>) -> Output {
    let mut args = vec!["ingest".to_string(), "--replace".to_string()];
    args.extend(plan.more.iter().map(|f| f.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut cmd = s.command(&args);
    if let Some(fault) = fault {
        cmd.env("ARBITER_FAULT", fault);
    }
    cmd.output().expect("run arbiter")
}

/// The answers before and after the second ingest, from an index never hurt.
fn reference() -> (Vec<String>, Vec<String>) {
    let s = setup();
    let plan = plan(&s);
    ok(&s.ingest(&plan.base, &[]));
    let before = answers(&s);
    ok(&ingest_more(&s, &plan, None));
    (before, answers(&s))
}

#[test]
fn a_kill_or_a_full_disk_at_every_step_of_an_ingest_leaves_the_old_index_or_the_new_one() {
    let (before, after) = reference();
    assert_ne!(before, after);
    let faults: Vec<String> = fault::STEPS
        .iter()
        .map(|step| format!("after:{step}"))
        .chain(fault::WRITES.iter().map(|step| format!("enospc:{step}")))
        .collect();
    let mut failures = Vec::new();
    for fault in &faults {
        let s = setup();
        let plan = plan(&s);
        ok(&s.ingest(&plan.base, &[]));
        let hurt = ingest_more(&s, &plan, Some(fault));
        assert!(!hurt.status.success(), "{fault}: the fault did not happen");
        if fault.starts_with("enospc") {
            assert_eq!(hurt.status.code(), Some(2), "{fault}");
            assert!(
                text(&hurt.stderr).contains("No space left on device"),
                "{fault}: {}",
                text(&hurt.stderr)
            );
        }
        let now = answers(&s);
        if now != before && now != after {
            failures.push(format!("{fault}: neither the old index nor the new one"));
        }
        // Running the same ingest again finishes the job.
        ok(&ingest_more(&s, &plan, None));
        if answers(&s) != after {
            failures.push(format!("{fault}: not the answers of a completed ingest"));
        }
        let catalogue = arbiter::index::Store::at(&s.index)
            .catalogue()
            .expect("a catalogue")
            .expect("revisions");
        assert!(
            arbiter::index::lineage::path(&s.index, catalogue.generation).exists(),
            "{fault}: the current generation has no lineage"
        );
    }
    eprintln!(
        "crash points: {} trials, {} failures, 0 revisions lost",
        faults.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn a_second_writer_waits_for_the_first_and_there_is_no_lock_file_to_delete() {
    let s = setup();
    let files = s.many(8);
    let (a, b) = files.split_at(4);
    let args = |part: &[PathBuf]| -> Vec<String> {
        std::iter::once("ingest".to_string())
            .chain(part.iter().map(|f| f.display().to_string()))
            .collect()
    };
    let a_args = args(a);
    let mut first = s
        .command(&a_args.iter().map(String::as_str).collect::<Vec<_>>())
        .env("ARBITER_FAULT", "hold:locked")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn the first ingest");
    let mut stderr = BufReader::new(first.stderr.take().expect("stderr"));
    let mut line = String::new();
    while !line.contains("holding after locked") {
        line.clear();
        if stderr.read_line(&mut line).unwrap_or(0) == 0 {
            panic!("the first ingest ended before taking the lock");
        }
    }
    // The first writer holds the lock: there is no file whose removal would release it.
    let names: Vec<String> = std::fs::read_dir(&s.index)
        .expect("index")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.contains("lock")), "{names:?}");
    let b_args = args(b);
    let second = s
        .command(&b_args.iter().map(String::as_str).collect::<Vec<_>>())
        .output()
        .expect("the second ingest");
    assert!(first.wait().expect("the first ingest").success());
    ok(&second);
    assert!(
        text(&second.stderr).contains("another arbiter is writing the index"),
        "{}",
        text(&second.stderr)
    );
    assert_eq!(s.revisions().len(), 8);
}

/// Flips one byte of `path` at `at`; returns the original bytes.
fn flip(path: &Path, at: usize) -> Vec<u8> {
    let original = std::fs::read(path).expect("read");
    let mut damaged = original.clone();
    damaged[at] ^= 0x55;
    std::fs::write(path, damaged).expect("write");
    original
}

/// Every stored file a test can damage, with the file that repairs it (the source file
/// for a model; none, meaning `arbiter ingest` alone, for the rest).
fn stored_files(s: &Setup) -> Vec<(PathBuf, Option<PathBuf>)> {
    let store = arbiter::index::Store::at(&s.index);
    let catalogue = store.catalogue().expect("catalogue").expect("revisions");
    // Every search file of the newest revision first: a repair that rebuilds a search
    // index (a model's, the catalogue's) gives its files new names.
    let mut files = Vec::new();
    let newest = catalogue.revisions.last().expect("a revision");
    let search = s.index.join("revisions").join(&newest.dir);
    for sub in std::fs::read_dir(&search)
        .expect("revision folder")
        .flatten()
    {
        if sub.path().is_dir() {
            for file in std::fs::read_dir(sub.path())
                .expect("search folder")
                .flatten()
            {
                files.push((file.path(), None));
            }
        }
    }
    files.push((
        arbiter::index::lineage::path(&s.index, catalogue.generation),
        None,
    ));
    for entry in &catalogue.revisions {
        let dir = s.index.join("revisions").join(&entry.dir);
        files.push((dir.join("model.bin"), Some(PathBuf::from(&entry.source))));
        files.push((dir.join(arbiter::index::rules::FILE), None));
    }
    files.push((s.index.join("catalogue.json"), None));
    files
}

#[test]
fn a_changed_byte_in_any_stored_file_is_an_error_naming_it_and_ingest_repairs_it() {
    let s = setup();
    let plan = plan(&s);
    ok(&s.ingest(&plan.base, &[]));
    let good = answers(&s);
    let mut trials = 0;
    let mut failures = Vec::new();
    let kinds = stored_files(&s).len();
    for i in 0..kinds {
        for place in 0..3 {
            // Listed again each time: a repair may rename the search files.
            let Some((path, source)) = stored_files(&s).get(i).cloned() else {
                failures.push(format!("stored file {i} is gone"));
                continue;
            };
            let len = std::fs::metadata(&path).map_or(0, |m| m.len() as usize);
            if len == 0 {
                continue;
            }
            let at = [0, len / 2, len - 1][place];
            trials += 1;
            let name = path
                .strip_prefix(&s.index)
                .unwrap_or(&path)
                .display()
                .to_string();
            flip(&path, at);
            let named = path
                .parent()
                .filter(|p| {
                    p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with("search-"))
                })
                .unwrap_or(&path)
                .display()
                .to_string();
            let now = answers_checked(&s, |command, out| {
                // Under `--json` the error is one JSON document on stdout.
                let said = text(&out.stdout);
                let error: serde_json::Value = serde_json::from_str(&said).unwrap_or_default();
                let causes = error["error"]["causes"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                let message = std::iter::once(&error["error"]["message"])
                    .chain(&causes)
                    .filter_map(|m| m.as_str())
                    .collect::<Vec<_>>()
                    .join(": ");
                let hint = error["error"]["hint"].as_str().unwrap_or("");
                let clear = out.status.code() == Some(2)
                    && error["error"]["kind"].is_string()
                    && message.contains(&named)
                    && message.contains("damaged")
                    && !hint.is_empty();
                if !clear {
                    failures.push(format!(
                        "{name}@{at}: `{command}` failed unclearly: {said}{}",
                        text(&out.stderr)
                    ));
                }
            });
            for (answer, right) in now.iter().zip(&good) {
                if answer != right && !answer.starts_with("exit Some(2)") {
                    failures.push(format!("{name}@{at}: a wrong answer: {answer}"));
                }
            }
            let repair = match &source {
                Some(file) => s.ingest(std::slice::from_ref(file), &[]),
                None => s.run(&["ingest"]),
            };
            if !repair.status.success() {
                failures.push(format!(
                    "{name}@{at}: the repair failed: {}",
                    text(&repair.stderr)
                ));
            }
            if answers(&s) != good {
                failures.push(format!("{name}@{at}: the answers after the repair differ"));
            }
        }
    }
    eprintln!(
        "damaged files: {trials} trials, {} failures, {} revisions lost",
        failures.len(),
        2 - s.revisions().len().min(2)
    );
    assert!(failures.is_empty(), "{failures:#?}");
    assert_eq!(s.revisions().len(), 2);
}

#[test]
fn a_missing_catalogue_is_rebuilt_from_the_revision_folders_never_emptied() {
    let s = setup();
    let plan = plan(&s);
    ok(&s.ingest(&plan.base, &[]));
    let good = answers(&s);
    std::fs::remove_file(s.index.join("catalogue.json")).expect("remove the catalogue");
    let out = s.run(&["rule", "305.2"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("catalogue.json: missing, but 2 revision folders are stored beside it")
            && stderr.contains("hint: run `arbiter ingest` to rebuild the catalogue"),
        "{stderr}"
    );
    // Ingesting something else keeps every stored revision.
    let other = s.write("e.txt", &rules_text(5, 1, "Five lands."));
    let out = s.ingest(&[other], &[]);
    ok(&out);
    assert!(
        text(&out.stderr).contains("rebuilt it from the 2 revisions"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(s.revisions().len(), 3);
    std::fs::remove_file(s.index.join("catalogue.json")).expect("remove the catalogue");
    ok(&s.run(&["ingest"]));
    assert_eq!(s.revisions().len(), 3);
    let again = answers(&s);
    assert_eq!(
        again[1..3],
        good[1..3],
        "the rules of the first two revisions"
    );
}

#[test]
fn a_missing_lineage_is_written_again_even_when_there_is_nothing_to_ingest() {
    let s = setup();
    let plan = plan(&s);
    ok(&s.ingest(&plan.base, &[]));
    let good = answers(&s);
    let lineage = std::fs::read_dir(&s.index)
        .expect("index")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().contains("lineage-g"))
        .expect("a lineage file");
    // `ingest` with nothing new to do writes it.
    std::fs::remove_file(&lineage).expect("remove the lineage");
    let out = s.ingest(&plan.base, &[]);
    assert!(ok(&out).contains("nothing to do"));
    assert!(lineage.exists(), "ingest left the lineage missing");
    // So does the first command that needs it, with the same answers.
    std::fs::remove_file(&lineage).expect("remove the lineage");
    assert_eq!(answers(&s), good);
    assert!(
        lineage.exists(),
        "history and diff left the lineage missing"
    );
}

/// Every file under `dir` with its size and modification time.
fn tree(dir: &Path, into: &mut Vec<(PathBuf, u64, std::time::SystemTime)>) {
    for item in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = item.path();
        if path.is_dir() {
            tree(&path, into);
        }
        let meta = item.metadata().expect("metadata");
        into.push((path, meta.len(), meta.modified().expect("mtime")));
    }
    into.sort();
}

#[test]
fn readers_write_nothing_so_an_index_the_user_cannot_write_still_answers() {
    let s = setup();
    let plan = plan(&s);
    ok(&s.ingest(&plan.base, &[]));
    let good = answers(&s);
    let (mut before, mut after) = (Vec::new(), Vec::new());
    tree(&s.index, &mut before);
    assert_eq!(answers(&s), good);
    tree(&s.index, &mut after);
    assert_eq!(before, after, "a reader wrote in the index");
    // Permissions mean nothing to root, who can write anything: check them as a user.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let root = unsafe { libc::geteuid() } == 0;
        if root {
            eprintln!("NOTICE: running as root: the read-only permission check is NOT RUN (the index tree was checked unchanged instead)");
            return;
        }
        let mut paths = Vec::new();
        tree(&s.index, &mut paths);
        paths.push((s.index.clone(), 0, std::time::UNIX_EPOCH));
        let set = |mode_of: &dyn Fn(bool) -> u32| {
            for (path, _, _) in &paths {
                let mode = mode_of(path.is_dir());
                let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode));
            }
        };
        set(&|dir| if dir { 0o555 } else { 0o444 });
        let read_only = answers(&s);
        set(&|dir| if dir { 0o755 } else { 0o644 });
        assert_eq!(read_only, good);
    }
}

/// The folders of the embedded revisions' search indexes that `arbiter ingest` stored.
fn embedded_indexes(s: &Setup) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(s.index.join("embedded"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|item| item.path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    folders
}

#[test]
fn the_embedded_revisions_indexes_stored_at_ingest_answer_as_in_memory_and_a_damaged_one_is_never_used(
) {
    let s = setup();
    let plan = plan(&s);
    ok(&s.ingest(&plan.base, &[]));
    let folders = embedded_indexes(&s);
    let seeds = arbiter::library::Library::embedded_only().revisions().len();
    assert_eq!(
        folders.len(),
        seeds,
        "one stored index per embedded revision"
    );
    let search = || {
        let mut all = Vec::new();
        for query in ["legend rule", "mulligan", "deathtouch"] {
            let out = s.run(&["search", query, "--all-revisions", "--json"]);
            assert!(
                matches!(out.status.code(), Some(0 | 1)),
                "{query}: {}",
                text(&out.stderr)
            );
            all.push(text(&out.stdout));
        }
        all
    };
    let stored = search();
    // Without them the embedded revisions are indexed in memory, as before: the same answers.
    let aside = s.index.join("embedded-aside");
    std::fs::rename(s.index.join("embedded"), &aside).expect("move aside");
    assert_eq!(search(), stored, "stored and in-memory indexes disagree");
    std::fs::rename(&aside, s.index.join("embedded")).expect("move back");
    // A changed byte in any of their files: the damaged index is not used, the answers stay.
    for folder in &folders {
        for file in std::fs::read_dir(folder).expect("folder").flatten() {
            let path = file.path();
            let len = std::fs::metadata(&path).map_or(0, |m| m.len() as usize);
            if len == 0 {
                continue;
            }
            let original = flip(&path, len / 2);
            assert_eq!(search(), stored, "{} damaged", path.display());
            std::fs::write(&path, original).expect("restore");
        }
    }
    // `arbiter ingest` replaces a damaged one.
    let first = std::fs::read_dir(&folders[0])
        .expect("folder")
        .flatten()
        .map(|f| f.path())
        .find(|p| std::fs::metadata(p).is_ok_and(|m| m.len() > 0))
        .expect("a file");
    flip(&first, 0);
    // One left by an arbiter built with other revisions goes at the same time.
    let foreign = s.index.join("embedded").join(format!(
        "0123456789abcdef-v{}-00000000",
        arbiter::index::schema::SCHEMA_VERSION
    ));
    std::fs::create_dir_all(&foreign).expect("a foreign folder");
    ok(&s.ingest(&[], &[]));
    // Named by content hash and schema, then the checksum of files tantivy names at random.
    let unchecked = |folders: &[PathBuf]| -> Vec<String> {
        folders
            .iter()
            .filter_map(|f| {
                f.file_name()?
                    .to_str()?
                    .rsplit_once('-')
                    .map(|(p, _)| p.to_string())
            })
            .collect()
    };
    let now = embedded_indexes(&s);
    assert_eq!(
        unchecked(&now),
        unchecked(&folders),
        "the damaged index rebuilt, the foreign one removed"
    );
    assert!(!foreign.exists(), "the foreign index was kept");
    for folder in &now {
        let name = folder.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let recorded = name.rsplit_once('-').map(|(_, crc)| crc.to_string());
        let found = arbiter::index::store::search_checksum(folder).expect("checksum");
        assert_eq!(recorded, Some(format!("{found:08x}")), "{name} is damaged");
    }
    assert_eq!(search(), stored);
}

/// Each ingested revision's rule table (`rules.bin`, beside its model).
fn rule_tables(s: &Setup) -> Vec<PathBuf> {
    let catalogue = arbiter::index::Store::at(&s.index)
        .catalogue()
        .expect("catalogue")
        .expect("revisions");
    catalogue
        .revisions
        .iter()
        .map(|e| {
            let dir = s.index.join("revisions").join(&e.dir);
            arbiter::index::rules::path(&dir)
        })
        .collect()
}

/// `rule` as text and as JSON, for every revision and a few numbers (rules with rules
/// below them, cited ones, one that is not there, a section), with what it said on stderr.
fn rule_answers(s: &Setup) -> Vec<(String, String)> {
    let mut all = Vec::new();
    for rev in ["2030-01-01", "2030-02-01"] {
        for number in ["305.2", "305", "704", "704.5j", "100.1", "704.99", "7"] {
            for json in [false, true] {
                let mut args = vec!["rule", number, "--rev", rev];
                if json {
                    args.push("--json");
                }
                let out = s.run(&args);
                all.push((text(&out.stdout), text(&out.stderr)));
            }
        }
    }
    all
}

#[test]
fn an_index_without_rule_tables_answers_the_same_and_a_damaged_table_is_said_not_trusted() {
    let s = setup();
    let plan = plan(&s);
    ok(&s.ingest(&plan.base, &[]));
    let tables = rule_tables(&s);
    assert_eq!(tables.len(), 2);
    assert!(
        tables.iter().all(|t| t.is_file()),
        "ingest wrote no rule table"
    );
    let good = rule_answers(&s);
    assert!(
        good.iter().all(|(_, err)| !err.contains("warning")),
        "{good:#?}"
    );
    assert!(good[0].0.contains("305.2"), "{good:#?}");

    // Written before tables: the whole model answers, the same; the next ingest (even
    // with nothing to ingest) writes them.
    for table in &tables {
        std::fs::remove_file(table).expect("remove the table");
    }
    assert_eq!(rule_answers(&s), good);
    let said = s.run(&["ingest"]);
    ok(&said);
    let said = text(&said.stderr);
    assert!(said.contains("rule table of 2"), "{said}");
    assert!(
        tables.iter().all(|t| t.is_file()),
        "ingest did not write the tables"
    );
    assert_eq!(rule_answers(&s), good);

    // A changed byte anywhere in a table: said on stderr, the answer still right (read
    // from the whole model), and the next ingest writes the table again.
    let len = std::fs::metadata(&tables[0]).expect("table").len() as usize;
    for at in [0, 20, len / 3, len / 2, len - 1] {
        let original = flip(&tables[0], at);
        let now = rule_answers(&s);
        let warned = now
            .iter()
            .take(good.len() / 2)
            .any(|(_, err)| err.contains("rules.bin") && err.contains("damaged"));
        assert!(
            warned,
            "byte {at}: the damaged table was not said: {now:#?}"
        );
        assert_eq!(
            now.iter().map(|(o, _)| o).collect::<Vec<_>>(),
            good.iter().map(|(o, _)| o).collect::<Vec<_>>(),
            "byte {at}"
        );
        let said = s.run(&["ingest"]);
        ok(&said);
        let said = text(&said.stderr);
        assert!(said.contains("rule table of 1"), "byte {at}: {said}");
        assert_eq!(
            std::fs::read(&tables[0]).expect("table"),
            original,
            "byte {at}"
        );
        assert_eq!(rule_answers(&s), good, "byte {at}");
    }
}

/// `history` as text and as JSON of a few numbers of the newer revision (one that is
/// there, one that was renumbered away, one that is not there), with what it said on
/// stderr.
fn history_answers(s: &Setup) -> Vec<(String, String)> {
    let mut all = Vec::new();
    for number in ["305.2", "704.5k", "704.5j", "100.1", "704.99"] {
        for json in [false, true] {
            let mut args = vec!["history", number, "--rev", "2030-02-01"];
            if json {
                args.push("--json");
            }
            let out = s.run(&args);
            all.push((text(&out.stdout), text(&out.stderr)));
        }
    }
    all
}

#[test]
fn a_damaged_chain_index_is_said_not_trusted_and_ingest_writes_it_again() {
    let s = setup();
    // Whole revisions (more than one section, a glossary): only those are chained in the
    // stored lineage (fragments are chained on the spot).
    let whole = |month, day, says: &str| {
        rules_text(month, day, says)
            .replace("305. Lands", "3. Card Types\n\n305. Lands")
            .replace(
                "704.1.",
                "7. Additional Rules\n\n704. State-Based Actions\n\n704.1.",
            )
    };
    let a = s.write("a.txt", &whole(1, 1, "A player can play one land."));
    let b = s.write(
        "b.txt",
        &whole(2, 1, "A player can play one land, or two.").replace("704.5j", "704.5k"),
    );
    ok(&s.ingest(&[a, b], &[]));
    let generation = || {
        arbiter::index::Store::at(&s.index)
            .catalogue()
            .expect("catalogue")
            .expect("revisions")
            .generation
    };
    let file = arbiter::index::lineage::path(&s.index, generation());
    let span = arbiter::index::lineage::chain_index_span(&s.index, generation())
        .expect("ingest wrote a chain index");
    let good = history_answers(&s);
    assert!(
        good.iter().all(|(_, err)| !err.contains("warning")),
        "{good:#?}"
    );
    assert!(good[0].0.contains("305.2"), "{good:#?}");
    let original = std::fs::read(&file).expect("lineage");

    // Every byte of the chain index changed: the first history says so and answers
    // from the whole lineage (which is built again), the same.
    let mut damaged = original.clone();
    for b in &mut damaged[span.start as usize..span.end as usize] {
        *b ^= 0x55;
    }
    std::fs::write(&file, &damaged).expect("write");
    let now = history_answers(&s);
    assert!(
        now[0].1.contains("warning")
            && now[0].1.contains("lineage-g")
            && now[0].1.contains("damaged"),
        "the damaged chain index was not said: {now:#?}"
    );
    assert_eq!(
        now.iter().map(|(o, _)| o).collect::<Vec<_>>(),
        good.iter().map(|(o, _)| o).collect::<Vec<_>>()
    );
    assert_eq!(
        history_answers(&s),
        good,
        "the lineage was not written again"
    );

    // Damaged again where no reader looks before the next ingest: ingest writes it again.
    std::fs::write(&file, &damaged).expect("write");
    let said = s.run(&["ingest"]);
    ok(&said);
    assert!(
        text(&said.stderr).contains("chain index"),
        "{}",
        text(&said.stderr)
    );
    assert_eq!(std::fs::read(&file).expect("lineage"), original);
    assert_eq!(history_answers(&s), good);
}
