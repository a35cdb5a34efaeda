//! The embedded seeds against the official text of the same revision in
//! `../shared/corpus` (skipped, with a notice, when the corpus is absent): each seed has
//! exactly the rule numbers the official text has in the part it covers, and where the
//! seed's shape lost nothing, exactly the same text.

use crate::common;
use std::collections::BTreeMap;

use arbiter::library::embedded;
use arbiter::model::{Revision, RuleNumber};

/// Official rule lines `NNN.…` of the body (the table of contents repeats only titles,
/// which the body has too), number → text after the number.
fn official_rules(text: &str, within: &RuleNumber) -> BTreeMap<RuleNumber, String> {
    let text = text
        .trim_start_matches('\u{feff}')
        .replace("\r\n", "\n")
        .replace('\r', "\n");
    let mut rules = BTreeMap::new();
    for line in text.lines() {
        let Some((head, rest)) = line.split_once(' ') else {
            continue;
        };
        let Ok(n) = head.parse::<RuleNumber>() else {
            continue;
        };
        if !n.is_section() && n.is_within(within) {
            rules.insert(n, rest.trim().to_string());
        }
    }
    rules
}

fn seed(id: &str) -> Revision {
    embedded::revisions()
        .expect("manifest")
        .into_iter()
        .flatten()
        .find(|r| r.id == id)
        .expect("the seed reads")
}

/// A rule as the official text prints it after its number: the title, or the text.
fn printed(r: &arbiter::model::Rule) -> String {
    match &r.title {
        Some(t) if r.text.is_empty() => t.clone(),
        Some(t) => format!("{t} {}", r.text),
        None => r.text.clone(),
    }
}

/// The official text of `file` in the corpus, the rules within `within`; `None` (after
/// a notice) when the corpus is absent.
fn official(file: &str, within: &str) -> Option<BTreeMap<RuleNumber, String>> {
    let Some(dir) = common::corpus_dir() else {
        eprintln!("notice: ../shared/corpus is absent; the seeds are not compared with it");
        return None;
    };
    let path = dir.join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let within: RuleNumber = within.parse().expect("a rule number");
    Some(official_rules(&String::from_utf8_lossy(&bytes), &within))
}

/// The rule numbers below the three-digit rules.
fn subrules<T>(rules: &BTreeMap<RuleNumber, T>) -> Vec<RuleNumber> {
    rules.keys().filter(|n| n.depth() >= 2).copied().collect()
}

/// Rules whose seed text differs from the official text after `normalise`.
fn differing(
    id: &str,
    off: &BTreeMap<RuleNumber, String>,
    normalise: fn(&str) -> String,
) -> Vec<String> {
    let seed = seed(id);
    off.iter()
        .filter(|(n, text)| {
            seed.rules
                .get(n)
                .is_none_or(|r| printed(r) != normalise(text))
        })
        .map(|(n, _)| n.short())
        .collect()
}

const SEEDS: [(&str, &str, &str); 5] = [
    ("2026-01-16-s3", "cr-2026-01-16.txt", "3."),
    ("2011-07-15-s3", "cr-2011-07-15.txt", "3."),
    ("2024-06-07-s4", "cr-2024-06-07.txt", "4."),
    ("2021-04-22-r205", "cr-2021-04-22.txt", "205"),
    ("2008-02-01-r212", "cr-2008-02-01.txt", "212"),
];

#[test]
fn every_seed_has_exactly_the_official_rule_numbers() {
    for (id, file, within) in SEEDS {
        let Some(off) = official(file, within) else {
            return;
        };
        assert_eq!(
            subrules(&seed(id).rules),
            subrules(&off),
            "{id} against {file}"
        );
    }
}

#[test]
fn the_official_text_and_the_web_page_copy_read_back_exactly() {
    for (id, file, within) in [SEEDS[0], SEEDS[2]] {
        let Some(off) = official(file, within) else {
            return;
        };
        assert_eq!(
            differing(id, &off, str::to_string),
            Vec::<String>::new(),
            "{id}"
        );
    }
}

#[test]
fn the_bulleted_copy_gets_every_apostrophe_back() {
    let (id, file, within) = SEEDS[3];
    let Some(off) = official(file, within) else {
        return;
    };
    // The copy lost its quotation marks too; those cannot be restored.
    let differ = differing(id, &off, |t| t.replace(['“', '”'], ""));
    assert_eq!(differ, Vec::<String>::new());
}

#[test]
fn the_rst_copy_differs_only_in_its_own_wording() {
    let (id, file, within) = SEEDS[1];
    let Some(off) = official(file, within) else {
        return;
    };
    // The reStructuredText copy cites "rule 704, "State-Based Actions."" where the
    // official text of 2011 says "rule 704", and the official text marks italics as
    // _Magic_; nothing else differs, so every ":ref:" was repaired.
    let own_wording = ["301.5c", "302.7", "303.4c", "303.4d", "306.4", "306.9"];
    let differ = differing(id, &off, |t| t.replace("_Magic_", "Magic"));
    assert_eq!(differ, own_wording.map(String::from).to_vec());
}
