//! Hostile files and their exact outcomes through the check that runs before anything is
//! indexed (`read::read_checked`, the path of `arbiter ingest` and `arbiter fetch`): a
//! revision cut in its glossary, in its rules or after its table of contents, two
//! revisions in one file, one revision twice, a numbered regulation that is not the
//! rules, a "top 10" article quoting rules, noise, containers that are not text, JSON
//! that is not rules or is cut short, an RTF save whole and cut short, text extracted
//! from a PDF of the rules and of a manual that is not the rules. The
//! outcomes are the golden file `tests/golden/hostile.txt` (rewrite it with
//! `UPDATE_GOLDEN=1 cargo test --test it hostile::` and review the diff). The cases cut
//! from corpus revisions are built at test time from `../shared/corpus`; without it the
//! test prints a notice and checks the others only.

use std::path::PathBuf;

use arbiter::read::{read_checked, ReadOptions};

/// Text of a corpus revision (decoded), or `None` without the corpus.
fn corpus_text(id: &str) -> Option<String> {
    let dir = crate::common::corpus_dir()?;
    let bytes = std::fs::read(dir.join(format!("cr-{id}.txt"))).ok()?;
    Some(arbiter::read::decode::decode(&bytes).text)
}

/// `text` up to the `nth` (1-based) line that is exactly `line`.
fn cut_before(text: &str, line: &str, nth: usize) -> String {
    let mut seen = 0;
    let mut at = 0;
    for l in text.split_inclusive('\n') {
        if l.trim() == line {
            seen += 1;
            if seen == nth {
                return text[..at].to_string();
            }
        }
        at += l.len();
    }
    panic!("no {nth}th line {line:?}")
}

const REGULATION: &str = "Staff Handbook\n\nThese rules are effective as of March 1, 2024.\n\n1. General Provisions\n\n100. Scope\n\n100.1. This handbook applies to every employee of the company, full time or part time.\n\n100.2. Employees shall read the handbook before their first day of work.\n\n100.2a A manager answers questions about the handbook.\n\n2. Working Hours\n\n200. Schedules\n\n200.1. The working week is forty hours, from Monday to Friday.\n\n200.2. Overtime is paid at one and a half times the hourly rate.\n\n200.3. Holidays are listed on the notice board each January.\n";

const TOP_TEN: &str = "Top 10 Rules Judges Get Wrong\n\nBy a Level 2 judge. The new rules are effective as of June 7, 2024, so here is what to know.\n\n10. The legend rule\n\n704.5j If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners' graveyards.\n\n9. Deathtouch\n\n702.2b A creature with toughness greater than 0 that's been dealt damage by a source with deathtouch since the last time state-based actions were checked is destroyed.\n\n8. Trample\n\n702.19c Assigning lethal damage to blockers takes deathtouch into account.\n\n7. Layers\n\n613.1f Layer 6: Ability-adding effects, keyword counters, ability-removing effects, and effects that say an object can't have an ability are applied.\n\n6. Mulligans\n\n103.5c In a multiplayer game, the first mulligan a player takes is free.\n";

/// A manual that is not the rules, numbered and paged like them once extracted from
/// its PDF.
const MANUAL: &str = "Espresso Machine Owner's Manual\n\nContents\n\n1. Safety\n2. Cleaning\n\n1. Safety\n\n1.1. Read these instructions before you use the machine for the first time, and keep them for later.\n\n1.2. Never immerse the machine, its cable or its plug in water or any other liquid.\n\n1.3. Children must not clean the machine or play with it.\n\n2. Cleaning\n\n2.1. Descale the machine every three months, or sooner where the water is hard.\n\n2.2. Empty the drip tray every day; rinse the portafilter after every use.\n\n2.3. Replace the water filter when the indicator lights up, and never run the machine without water.\n";

/// The top 10 article without its numbered headings: rules quoted here and there.
fn quoted_rules() -> String {
    TOP_TEN
        .lines()
        .filter(|l| {
            !l.starts_with(|c: char| c.is_ascii_digit())
                || l.contains('.') && l.len() > 12 && l.as_bytes().get(3) == Some(&b'.')
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The cases: a name and its bytes (a name ending `+id` is read as with `--id
/// 2026-01-16`). Corpus cases are left out without the corpus.
fn cases() -> Vec<(String, Vec<u8>)> {
    let mut cases: Vec<(String, Vec<u8>)> = vec![
        ("numbered-regulation.txt".into(), REGULATION.into()),
        ("top-ten-article.txt".into(), TOP_TEN.into()),
        ("quoted-rules.txt".into(), quoted_rules().into()),
        (
            "noise.bin".into(),
            (0u32..1_000_000)
                .map(|i| (i.wrapping_mul(2_654_435_761).rotate_left(7) >> 11) as u8)
                .collect(),
        ),
        (
            "rules.pdf".into(),
            b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj << /Type /Catalog >> endobj".to_vec(),
        ),
        (
            "rules.docx".into(),
            b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00[Content_Types].xml".to_vec(),
        ),
        (
            "cards.json".into(),
            br#"[{"name": "Lightning Bolt", "manaCost": "{R}", "type": "Instant", "text": "Lightning Bolt deals 3 damage to any target."},
 {"name": "Grizzly Bears", "manaCost": "{1}{G}", "type": "Creature - Bear", "text": ""}]"#.to_vec(),
        ),
        (
            "cut.json".into(),
            b"{\"effectiveDate\": \"2026-01-16\", \"rules\": [\n  {\"ruleNumber\": \"100.1\", \"ruleText\": \"These Magic rules apply to any Magic game\"},\n  {\"ruleNumber\": \"100.1a\", \"ruleText\": \"A two-".to_vec(),
        ),
        (
            "rules.rtf".into(),
            b"{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\\f0 100.1. These Magic rules apply\\par 100.2. Text\\par}".to_vec(),
        ),
    ];
    let Some(modern) = corpus_text("2026-01-16") else {
        println!("NOTICE: ../shared/corpus is absent; the hostile files cut from corpus revisions were not checked");
        return cases;
    };
    let mut add = |name: &str, text: String| cases.push((name.to_string(), text.into_bytes()));
    // The new shapes, whole and damaged: the revision as a Word RTF save (whole, and cut
    // at two thirds of its bytes), as text extracted from its PDF, and that of a
    // document that is not the rules.
    let rtf = crate::pipeline::rtf_document(&modern);
    add("whole.rtf", rtf.clone());
    add("cut.rtf", rtf[..rtf.len() * 2 / 3].to_string()); // ASCII: every other character is escaped
    add("whole-pdf-text.txt", crate::pipeline::pdf_text(&modern, 90));
    add("manual-pdf-text.txt", crate::pipeline::pdf_text(MANUAL, 84));
    add(
        "cut-in-the-glossary.txt",
        cut_before(&modern, "Lifelink", 1),
    );
    add(
        "cut-in-the-rules.txt",
        cut_before(&modern, "603. Handling Triggered Abilities", 2),
    );
    add(
        "contents-only.txt",
        cut_before(&modern, "1. Game Concepts", 2),
    );
    // A part of the middle lost (the header, glossary and credits all there): the
    // keyword rules 700–702, and the whole of section 8.
    let body_of = |from: &str, to: &str| {
        let start = cut_before(&modern, from, 2).len();
        let end = cut_before(&modern, to, 2).len();
        format!("{}{}", &modern[..start], &modern[end..])
    };
    add(
        "rules-700-to-702-lost.txt",
        body_of("700. General", "703. Turn-Based Actions"),
    );
    add(
        "section-8-lost.txt",
        body_of("8. Multiplayer Rules", "9. Casual Variants"),
    );
    if let Some(older) = corpus_text("2025-11-14") {
        add("two-revisions.txt", format!("{older}\n{modern}"));
    }
    add("one-revision-twice.txt", format!("{modern}\n{modern}"));
    // A JSON dump has no header or credits: whole when it has every section's rules and
    // the whole glossary, a fragment otherwise; dated by its metadata or by --id.
    if let Some(rev) =
        crate::common::corpus_dir().and_then(|dir| crate::common::read_corpus(&dir, "2026-01-16"))
    {
        let all: Vec<u8> = (1..=9).collect();
        let entries = rev.glossary.len();
        let json = crate::pipeline::json_document;
        add("whole.json", json(&rev, &all, entries, true));
        add("whole-undated.json", json(&rev, &all, entries, false));
        add("whole-undated.json+id", json(&rev, &all, entries, false));
        add(
            "without-section-9.json",
            json(&rev, &all[..8], entries, true),
        );
        add("glossary-cut.json", json(&rev, &all, entries / 2, true));
    }
    add("whole.txt", modern.clone());
    if let Some(old) = corpus_text("2004-10-01") {
        add("whole-old-numbering.txt", old);
    }
    // A section on its own is an excerpt, and its date can come only from --id.
    let section_3 = cut_before(&modern, "4. Zones", 2);
    let section_3 = section_3[section_3.rfind("\n3. Card Types").unwrap_or(0)..].to_string();
    add("section-3-excerpt.txt", section_3.clone());
    add("section-3-excerpt.txt+id", section_3);
    let glossary = cut_before(&modern, "Credits", 2);
    let glossary = glossary[glossary.rfind("\nGlossary").unwrap_or(0)..].to_string();
    add("glossary-page.txt+id", glossary);
    cases
}

/// What reading one case gives, as one line.
fn outcome(name: &str, bytes: &[u8]) -> String {
    let id = name.ends_with("+id").then(|| "2026-01-16".to_string());
    let options = ReadOptions {
        date: id.as_ref().and_then(|id| id.parse().ok()),
        id,
        format: None,
    };
    match read_checked(name, bytes, &options) {
        Err(e) => format!("refused: {e}"),
        Ok(checked) => {
            let r = &checked.revision;
            // A JSON dump's note on what it lacks of a whole revision.
            let note = r
                .warnings
                .iter()
                .find(|w| w.message.starts_with("a JSON dump"))
                .map_or(String::new(), |w| format!("\n  {w}"));
            format!(
                "{:?}: {} ({}, {} rules, {} glossary entries, {} repairs{}){note}",
                checked.verdict.extent,
                r.id,
                r.format.name(),
                r.rules.len(),
                r.glossary.len(),
                checked.verdict.repairs,
                if checked.verdict.suspect.is_some() {
                    ", suspect"
                } else {
                    ""
                }
            )
        }
    }
}

#[test]
fn each_hostile_file_has_its_documented_outcome() {
    let cases = cases();
    let with_corpus = cases.len() > 9;
    let got: String = cases
        .iter()
        .map(|(name, bytes)| format!("{name}\n  {}\n", outcome(name, bytes)))
        .collect();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/hostile.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") && with_corpus {
        std::fs::write(&path, &got).expect("write the golden file");
        return;
    }
    let want = std::fs::read_to_string(&path).expect("tests/golden/hostile.txt");
    if with_corpus {
        assert_eq!(got, want, "hostile outcomes changed");
    } else {
        // Without the corpus, the cases that need none must still be as recorded.
        for (name, bytes) in &cases {
            let line = format!("{name}\n  {}\n", outcome(name, bytes));
            assert!(want.contains(&line), "{line} is not in {}", path.display());
        }
    }
}

/// `arbiter ingest` of files it must not read whole: each refused with what it is, the
/// index left empty, and nothing read past the limit (a sparse 10 GB file is refused from
/// its size, a named pipe and `/dev/zero` from their metadata, without being opened).
#[cfg(unix)]
#[test]
fn ingest_refuses_pipes_devices_and_huge_files_without_reading_them() {
    use assert_cmd::cargo::CommandCargoExt as _;
    let tmp = tempfile::tempdir().expect("temp dir");
    let huge = tmp.path().join("huge.txt");
    std::fs::File::create(&huge)
        .and_then(|f| f.set_len(10 * 1024 * 1024 * 1024))
        .expect("a sparse 10 GB file");
    let noise = tmp.path().join("noise.txt");
    std::fs::File::create(&noise)
        .and_then(|f| f.set_len(100 * 1024 * 1024))
        .expect("a sparse 100 MB file");
    let fifo = tmp.path().join("pipe.txt");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let mut cases = vec![
        (
            huge,
            "10737418240 bytes is more than any rules text (at most 20 MB are read",
        ),
        (noise, "104857600 bytes is more than any rules text"),
        ("/dev/zero".into(), "a device, not a file"),
    ];
    if made {
        cases.push((fifo, "a named pipe (FIFO), not a file"));
    } else {
        println!("NOTICE: mkfifo is not available; the named-pipe case was not run");
    }
    for (path, expected) in cases {
        let out = std::process::Command::cargo_bin("arbiter")
            .expect("binary")
            .env_clear()
            .env("ARBITER_INDEX", tmp.path().join("index"))
            .env("NO_COLOR", "1")
            .arg("ingest")
            .arg(&path)
            .output()
            .expect("run arbiter");
        let stderr = crate::common::text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {stderr}", path.display());
        let line = format!("{}: {expected}", path.display());
        assert!(stderr.contains(&line), "expected {line:?} in:\n{stderr}");
    }
}

/// A page whose eighth line holds a rule out of order: the warning names line 8 of the
/// page the user gave, not a line of the text its markup became (line 7).
const PAGE_WITH_A_RULE_OUT_OF_ORDER: &str = "<!DOCTYPE html>\n<html><head><title>Comprehensive Rules</title>\n<style>p { margin: 0 }</style></head>\n<body>\n<h2>1. Game Concepts</h2>\n<p><b>100.1.</b> These Magic rules apply to any Magic game with two or more players.</p>\n<p><b>100.3.</b> Some Magic games are played with cards, a deck and spells.</p>\n<p><b>100.2.</b> To play, each player needs their own deck of traditional Magic cards.</p>\n</body></html>\n";

/// The same rules as a JSON dump: rule 100.2's object is named on line 9.
const DUMP_WITH_A_RULE_OUT_OF_ORDER: &str = "{\n  \"effectiveDate\": \"2026-01-16\",\n  \"rules\": [\n    {\"ruleNumber\": \"1\", \"ruleText\": \"Game Concepts\"},\n    {\"ruleNumber\": \"100.1\",\n     \"ruleText\": \"These Magic rules apply to any Magic game with two or more players.\"},\n    {\"ruleNumber\": \"100.3\",\n     \"ruleText\": \"Some Magic games are played with cards, a deck and spells.\"},\n    {\"ruleNumber\": \"100.2\",\n     \"ruleText\": \"To play, each player needs their own deck of traditional Magic cards.\"}\n  ]\n}\n";

/// The same rules as an RTF save: rule 100.2 stands on line 8 (line 7 of its text).
const RTF_WITH_A_RULE_OUT_OF_ORDER: &str = "{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}}\n\\f0 1. Game Concepts\\par\n\\par\n100.1. These Magic rules apply to any Magic game with two or more players.\\par\n\\par\n100.3. Some Magic games are played with cards, a deck and spells.\\par\n\\par\n100.2. To play, each player needs their own deck of traditional Magic cards.\\par\n}\n";

#[test]
fn warnings_name_the_lines_of_the_file_given() {
    let options = ReadOptions {
        date: "2026-01-16".parse().ok(),
        id: None,
        format: None,
    };
    for (name, bytes, line) in [
        ("page.html", PAGE_WITH_A_RULE_OUT_OF_ORDER, 8),
        ("dump.json", DUMP_WITH_A_RULE_OUT_OF_ORDER, 9),
        ("save.rtf", RTF_WITH_A_RULE_OUT_OF_ORDER, 8),
    ] {
        let rev = arbiter::read::read(name, bytes.as_bytes(), &options).expect("it reads");
        let warnings: Vec<String> = rev.warnings.iter().map(|w| w.to_string()).collect();
        let out_of_order: Vec<&String> = warnings.iter().filter(|w| w.contains("100.2")).collect();
        assert_eq!(out_of_order.len(), 1, "{name}: {warnings:?}");
        assert!(
            out_of_order[0].starts_with(&format!("line {line}: ")),
            "{name}: {warnings:?}"
        );
    }
}
