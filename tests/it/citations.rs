//! The embedded citation table (`src/citations/table.txt`) against the corpus: it must be
//! what the generator writes from `../shared/corpus` today, and it must answer as the
//! lineage `arbiter ingest` stores does. Skipped, with a notice, when the corpus is absent.

use crate::common;

use std::sync::OnceLock;

use arbiter::citations::{self, Table};
use arbiter::diff::lineage::{self, Lineage};
use arbiter::model::Revision;

/// The corpus revisions, read once for the tests of this module.
fn corpus() -> Option<&'static [Revision]> {
    static CORPUS: OnceLock<Option<Vec<Revision>>> = OnceLock::new();
    CORPUS
        .get_or_init(|| {
            let dir = common::corpus_dir()?;
            Some(common::corpus_revisions(&dir).unwrap_or_else(|e| panic!("{e}")))
        })
        .as_deref()
}

fn corpus_lineage() -> Option<&'static Lineage> {
    static LINEAGE: OnceLock<Option<Lineage>> = OnceLock::new();
    LINEAGE
        .get_or_init(|| Some(lineage::build(&corpus()?.iter().collect::<Vec<_>>())))
        .as_ref()
}

#[test]
fn the_embedded_table_is_the_corpus_lineage() {
    let Some(revisions) = corpus() else {
        eprintln!("NOTICE: ../shared/corpus (or $ARBITER_CORPUS) is absent; the embedded citation table was not regenerated nor compared");
        return;
    };
    let fresh = citations::generate(&revisions.iter().collect::<Vec<_>>());
    if fresh != citations::TABLE {
        let differ = fresh
            .lines()
            .zip(citations::TABLE.lines())
            .position(|(a, b)| a != b)
            .map_or("in its length".to_string(), |i| {
                format!("from line {}", i + 1)
            });
        panic!(
            "src/citations/table.txt is not what the corpus gives today (it differs {differ}); regenerate it and review the diff:\n  cargo run --release --example gen-citations -- ../shared/corpus > src/citations/table.txt\n  git diff src/citations/table.txt"
        );
    }
}

#[test]
fn the_table_cites_every_rule_as_the_stored_lineage_does() {
    let Some(lineage) = corpus_lineage() else {
        eprintln!("NOTICE: ../shared/corpus (or $ARBITER_CORPUS) is absent; the citation table was not compared with the lineage");
        return;
    };
    let table = Table::parse(citations::TABLE).unwrap();
    let revisions: Vec<(&str, arbiter::model::Date)> = lineage.dated_revisions().collect();
    assert_eq!(
        table.revisions(),
        revisions.iter().map(|r| r.1).collect::<Vec<_>>()
    );
    // Every rule of a few revisions either side of the renumberings, into every revision.
    let mut checked = 0;
    for from in [
        "1999-04-23",
        "2005-08-01",
        "2009-05-01",
        "2009-07-11",
        "2013-07-13",
        "2026-01-16",
    ] {
        let from_date = from.parse().unwrap();
        for (number, _) in lineage.rules_of(from) {
            for &(to, to_date) in &revisions {
                assert_eq!(
                    table.translate(number, from_date, to_date),
                    lineage.map_number(from, &number, to),
                    "{number} of {from} in {to}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 500_000, "{checked} translations checked");
}
