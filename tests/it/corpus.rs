//! Every real revision of the Comprehensive Rules in `../shared/corpus` (82 files,
//! 1999–2026) read through `arbiter::read::read`, checked against the raw text:
//!
//! - it reads with no error, its date is the manifest's, and its encoding is detected
//!   as the manifest says;
//! - the manifest's count of rule lines is found in the decoded text (so decoding and
//!   line endings are right);
//! - every line of the raw text that looks like a subrule line became exactly that
//!   rule, except the lines named in `tests/data/rule_line_exceptions.tsv` (wrapped
//!   cross-references that are text, misprinted numbers, the duplicated 702.30d) — and
//!   each of those is checked too;
//! - no rule's text or example swallowed another rule;
//! - the rules of `tests/data/known_rules.tsv`, copied by hand from the raw files, read
//!   back exactly.
//!
//! When `../shared/corpus` is absent the test prints a notice and returns.

use crate::common;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use std::sync::LazyLock;

use arbiter::model::{Revision, RuleNumber};
use arbiter::read::{decode, read, ReadOptions};
use regex::Regex;

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One row of `MANIFEST.tsv`.
struct Entry {
    file: String,
    date: String,
    encoding: String,
    rule_lines: usize,
}

fn manifest(dir: &Path) -> Vec<Entry> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv")).expect("MANIFEST.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("MANIFEST.tsv has no column {name}"))
    };
    let (file, date, encoding, rule_lines) = (
        col("filename"),
        col("effective_date"),
        col("encoding"),
        col("rule_lines"),
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Entry {
                file: f[file].to_string(),
                date: f[date].to_string(),
                encoding: f[encoding].to_string(),
                rule_lines: f[rule_lines].parse().expect("rule_lines is a number"),
            }
        })
        .collect()
}

/// The manifest's own count: lines starting with a subrule number and a space.
static MANIFEST_RULE_LINE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\d{3}\.\d+[a-z]?\.? ").unwrap());

/// A line that looks like a subrule line (any indentation, the official typos
/// `901.4.All`, `606. 8b`, `306.b`): rule, optional space, subrule and/or letter, then a
/// period, a space or the end of the line.
static CANDIDATE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(\d{3})\.(?: ?(\d{1,4}))?([a-z])?(?:\.|\s|$)").unwrap());

/// A rule number starting a line inside a rule's text: a rule swallowed by another.
static SWALLOWED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^\s*\d{3}\.\d+[a-z]?\.?\s+[A-Z“\x22]").unwrap());

/// One line of `rule_line_exceptions.tsv`.
struct Exception {
    line: usize,
    printed: String,
    /// `None`: the line is text, not a rule; `Some(n)`: it is read as rule `n`.
    read_as: Option<RuleNumber>,
    reason: String,
}

fn exceptions() -> HashMap<String, Vec<Exception>> {
    let mut map: HashMap<String, Vec<Exception>> = HashMap::new();
    for (i, line) in data("rule_line_exceptions.tsv").lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            f.len(),
            5,
            "rule_line_exceptions.tsv line {}: five columns",
            i + 1
        );
        map.entry(f[0].to_string()).or_default().push(Exception {
            line: f[1].parse().expect("a line number"),
            printed: f[2].to_string(),
            read_as: (f[3] != "-").then(|| f[3].parse().expect("a rule number")),
            reason: f[4].to_string(),
        });
    }
    map
}

/// What one revision's check found wrong; empty when all is well.
fn check_revision(entry: &Entry, dir: &Path, exceptions: &[Exception]) -> (Revision, Vec<String>) {
    let mut problems = Vec::new();
    let bytes = std::fs::read(dir.join(&entry.file)).expect("the corpus file");
    let revision = match read(&entry.file, &bytes, &ReadOptions::default()) {
        Ok(r) => r,
        Err(e) => panic!("{}: {e}", entry.file),
    };
    if revision.date.to_string() != entry.date {
        problems.push(format!(
            "date {} but the manifest says {}",
            revision.date, entry.date
        ));
    }
    if !revision.complete {
        problems.push("not read as a complete document".into());
    }
    let decoded = decode::decode(&bytes);
    let encoding = match decoded.encoding {
        "utf-16le" | "utf-16be" => "utf-16",
        e => e,
    };
    if encoding != entry.encoding {
        problems.push(format!(
            "encoding {encoding} but the manifest says {}",
            entry.encoding
        ));
    }
    let lines: Vec<&str> = decoded.text.split('\n').collect();
    let manifest_count = lines
        .iter()
        .filter(|l| MANIFEST_RULE_LINE.is_match(l))
        .count();
    if manifest_count != entry.rule_lines {
        problems.push(format!(
            "{manifest_count} rule lines in the decoded text, the manifest counts {}",
            entry.rule_lines
        ));
    }

    // Every subrule-looking line, with the number it should be read as.
    let by_line: HashMap<usize, &Exception> = exceptions.iter().map(|e| (e.line, e)).collect();
    let mut expected: BTreeMap<RuleNumber, Vec<usize>> = BTreeMap::new();
    let mut merged = 0;
    let mut used = BTreeSet::new();
    for (i, raw) in lines.iter().enumerate() {
        let no = i + 1;
        let Some(c) = CANDIDATE.captures(raw) else {
            continue;
        };
        if c.get(2).is_none() && c.get(3).is_none() {
            continue; // `303. Enchantments`: a titled rule, not counted here
        }
        let printed = raw.split_whitespace().next().unwrap_or("");
        let number = match by_line.get(&no) {
            Some(e) => {
                used.insert(no);
                if !printed.starts_with(e.printed.as_str()) {
                    problems.push(format!(
                        "exception line {no} should print {} but reads {raw:?}",
                        e.printed
                    ));
                }
                match e.read_as {
                    None => {
                        // A wrapped reference: its words must be in some rule's text.
                        let words = raw.trim();
                        let kept = revision.rules.values().any(|r| {
                            r.text.contains(words) || r.examples.iter().any(|x| x.contains(words))
                        }) || revision
                            .glossary
                            .iter()
                            .any(|g| g.definition.contains(words));
                        if !kept {
                            problems.push(format!("line {no} ({}) was lost: {words:?}", e.reason));
                        }
                        continue;
                    }
                    Some(n) => n,
                }
            }
            None => match format!(
                "{}.{}{}",
                &c[1],
                c.get(2).map_or("", |m| m.as_str()),
                c.get(3).map_or("", |m| m.as_str())
            )
            .parse::<RuleNumber>()
            {
                Ok(n) => n,
                Err(_) => {
                    problems.push(format!(
                        "line {no} looks like a rule line but has no number: {raw:?}"
                    ));
                    continue;
                }
            },
        };
        let at = expected.entry(number).or_default();
        at.push(no);
        if at.len() > 1 && by_line.get(&no).is_some_and(|e| e.read_as == Some(number)) {
            merged += 1; // a listed duplicate, read into one rule
        }
    }
    for (number, at) in &expected {
        let listed = at.iter().filter(|no| by_line.contains_key(no)).count();
        if at.len() > 1 && listed + 1 < at.len() {
            problems.push(format!(
                "rule {number} starts lines {at:?}; list the ones that are not that rule as exceptions"
            ));
        }
    }
    for e in exceptions {
        if !used.contains(&e.line) {
            problems.push(format!(
                "exception line {} ({}) is not a rule-looking line",
                e.line, e.printed
            ));
        }
    }
    let read_subrules: BTreeSet<RuleNumber> = revision
        .rules
        .keys()
        .filter(|n| n.depth() >= 2)
        .copied()
        .collect();
    let expected_set: BTreeSet<RuleNumber> = expected.keys().copied().collect();
    for n in expected_set.difference(&read_subrules) {
        problems.push(format!("rule {n} is in the text but was not read"));
    }
    for n in read_subrules.difference(&expected_set) {
        problems.push(format!(
            "rule {n} was read but no line of the text starts with it"
        ));
    }
    let lines_total: usize = expected.values().map(Vec::len).sum();
    if lines_total - merged != read_subrules.len() {
        problems.push(format!(
            "{lines_total} rule lines ({merged} merged duplicates) but {} subrules read",
            read_subrules.len()
        ));
    }

    // Nothing swallowed.
    for rule in revision.rules.values() {
        for (what, text) in std::iter::once(("text", &rule.text))
            .chain(rule.examples.iter().map(|x| ("example", x)))
        {
            if SWALLOWED.is_match(text) {
                problems.push(format!(
                    "rule {}: its {what} swallowed a rule line: {text:?}",
                    rule.number
                ));
            }
            if text.chars().count() > 5000 {
                problems.push(format!(
                    "rule {}: its {what} is {} characters long",
                    rule.number,
                    text.len()
                ));
            }
            if what == "text" && text.lines().any(|l| l.starts_with("Example:")) {
                problems.push(format!(
                    "rule {}: an example was merged into its text",
                    rule.number
                ));
            }
        }
    }
    (revision, problems)
}

/// The era a revision belongs to, for the summary.
fn era(date: &str) -> &'static str {
    match date {
        d if d < "2004-06-01" => "1999–2004 hard-wrapped and early",
        d if d < "2009-07-11" => "2004–2009 old numbering",
        d if d < "2019-05-03" => "2009–2019 M10 numbering, single-byte",
        _ => "2019–2026 Unicode",
    }
}

#[test]
fn every_revision_reads_exactly() {
    let Some(dir) = common::corpus_dir().filter(|d| d.join("MANIFEST.tsv").exists()) else {
        eprintln!(
            "NOTICE: ../shared/corpus (or $ARBITER_CORPUS) is absent; the corpus test was skipped (nothing was checked)"
        );
        return;
    };
    let entries = manifest(&dir);
    assert_eq!(entries.len(), 82, "the manifest lists 82 revisions");
    let exceptions = exceptions();
    let listed: BTreeSet<&String> = exceptions.keys().collect();
    for name in &listed {
        assert!(
            entries.iter().any(|e| &&e.date == name),
            "rule_line_exceptions.tsv names {name}, which is not in the manifest"
        );
    }

    // Two threads: the machine is shared.
    let (left, right) = entries.split_at(entries.len() / 2);
    let no_exceptions = Vec::new();
    let run = |part: &[Entry]| {
        part.iter()
            .map(|e| {
                let ex = exceptions.get(&e.date).unwrap_or(&no_exceptions);
                let (revision, problems) = check_revision(e, &dir, ex);
                (e.date.clone(), revision, problems)
            })
            .collect::<Vec<_>>()
    };
    let results: Vec<(String, Revision, Vec<String>)> = std::thread::scope(|s| {
        let a = s.spawn(|| run(left));
        let b = run(right);
        let mut all = a.join().expect("the reading thread");
        all.extend(b);
        all
    });

    // Per-era summary.
    let mut eras: BTreeMap<&str, (usize, usize, usize, usize)> = BTreeMap::new();
    for (date, revision, problems) in &results {
        let e = eras.entry(era(date)).or_default();
        e.0 += 1;
        e.1 += revision.rules.len();
        e.2 += revision.glossary.len();
        e.3 += problems.len();
    }
    for (era, (files, rules, terms, problems)) in &eras {
        eprintln!("{era}: {files} revisions, {rules} rules, {terms} glossary entries, {problems} problems");
    }

    let failures: Vec<String> = results
        .iter()
        .flat_map(|(date, _, problems)| problems.iter().map(move |p| format!("{date}: {p}")))
        .collect();
    assert!(
        failures.is_empty(),
        "{} problems:\n{}",
        failures.len(),
        failures.join("\n")
    );

    // Known rules, copied by hand from the raw files.
    let by_date: HashMap<&str, &Revision> =
        results.iter().map(|(d, r, _)| (d.as_str(), r)).collect();
    let mut wrong = Vec::new();
    let mut known = 0;
    for (i, line) in data("known_rules.tsv").lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.splitn(3, '\t').collect();
        assert_eq!(f.len(), 3, "known_rules.tsv line {}: three columns", i + 1);
        let (date, what, expected) = (f[0], f[1], f[2].replace("\\n", "\n"));
        let revision = by_date
            .get(date)
            .unwrap_or_else(|| panic!("known_rules.tsv line {}: no revision {date}", i + 1));
        let actual = look_up(revision, what);
        known += 1;
        if actual.as_deref() != Some(expected.as_str()) {
            wrong.push(format!(
                "{date} {what}:\n  expected {expected:?}\n  read     {actual:?}"
            ));
        }
    }
    assert!(known >= 25, "at least 25 known rules (found {known})");
    assert!(
        wrong.is_empty(),
        "known rules read wrong:\n{}",
        wrong.join("\n")
    );
}

/// `702.1` → its text; `702.1 title`; `702.1 example 2`; `702.1 references`;
/// `glossary Term` → the definition; `glossary Term aliases`; `glossary Term obsolete`.
fn look_up(revision: &Revision, what: &str) -> Option<String> {
    if let Some(rest) = what.strip_prefix("glossary ") {
        for suffix in ["aliases", "obsolete"] {
            if let Some(term) = rest.strip_suffix(&format!(" {suffix}")) {
                let entry = revision.glossary.iter().find(|g| g.term == term)?;
                return Some(match suffix {
                    "aliases" => entry.aliases.join(", "),
                    _ => entry.obsolete.to_string(),
                });
            }
        }
        return revision
            .glossary
            .iter()
            .find(|g| g.term == rest)
            .map(|g| g.definition.clone());
    }
    let mut words = what.split_whitespace();
    let number: RuleNumber = words.next()?.parse().ok()?;
    let rule = revision.rule(&number)?;
    match (words.next(), words.next()) {
        (None, _) => Some(rule.text.clone()),
        (Some("title"), _) => rule.title.clone(),
        (Some("example"), Some(k)) => rule
            .examples
            .get(k.parse::<usize>().ok()?.checked_sub(1)?)
            .cloned(),
        (Some("examples"), _) => Some(rule.examples.len().to_string()),
        (Some("references"), _) => Some(
            rule.references
                .iter()
                .map(RuleNumber::short)
                .collect::<Vec<_>>()
                .join(" "),
        ),
        _ => None,
    }
}
