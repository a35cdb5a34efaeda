//! The embedded table against facts read in the corpus texts, and the table's form
//! against lineages built here.

use super::*;
use crate::diff::lineage;
use crate::diff::tests::revision;

fn n(s: &str) -> RuleNumber {
    s.parse().unwrap()
}

fn d(s: &str) -> Date {
    s.parse().unwrap()
}

/// `number` of revision `from` as numbered in `to`, as the judge types it.
fn cite(number: &str, from: &str, to: &str) -> Option<String> {
    translate(n(number), d(from), d(to)).map(|n| n.short())
}

#[test]
fn the_embedded_table_reads_and_covers_1999_to_2026() {
    if let Err(e) = Table::parse(TABLE) {
        panic!("{e}");
    }
    let dates = revisions();
    assert_eq!(dates.len(), 82, "every revision of the corpus");
    assert_eq!(dates.first(), Some(&d("1999-04-23")));
    assert!(dates.contains(&d("2005-08-01")) && dates.contains(&d("2026-01-16")));
    assert!(dates.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn the_legend_rule_keeps_its_identity_through_three_numberings() {
    // 2026-01-16 704.5j "two or more legendary permanents with the same name";
    // 2011-07-15 704.5k (704.5j was planeswalker uniqueness); 2008-02-01 420.5e.
    assert_eq!(
        cite("704.5j", "2026-01-16", "2011-07-15").as_deref(),
        Some("704.5k")
    );
    assert_eq!(
        cite("704.5j", "2026-01-16", "2008-02-01").as_deref(),
        Some("420.5e")
    );
    assert_eq!(
        cite("704.5j", "2026-01-16", "2005-08-01").as_deref(),
        Some("420.5e")
    );
    assert_eq!(
        cite("420.5e", "2008-02-01", "2026-01-16").as_deref(),
        Some("704.5j")
    );
}

#[test]
fn the_aura_rule_moves_with_the_letters_before_it() {
    // 2026-01-16 704.5m, 2011-07-15 704.5n, 2008-02-01 420.5d ("An Aura attached to an
    // illegal object or player").
    assert_eq!(
        cite("704.5m", "2026-01-16", "2011-07-15").as_deref(),
        Some("704.5n")
    );
    assert_eq!(
        cite("704.5m", "2026-01-16", "2008-02-01").as_deref(),
        Some("420.5d")
    );
}

#[test]
fn a_split_rule_leads_back_through_the_rule_its_parent_became() {
    // 409.1 "Playing a spell or activated ability" of 2009-05-01 became 601.2 (casting)
    // and 602.2 (activating); its first step 409.1a is casting's 601.2a, whose words it
    // shares less than activating's 602.2a. 409.1a read the same way from 2005-08-01.
    for old in ["2009-05-01", "2007-10-01", "2005-08-01"] {
        assert_eq!(
            cite("601.2a", "2026-01-16", old).as_deref(),
            Some("409.1a"),
            "{old}"
        );
        assert_eq!(cite("602.2a", "2026-01-16", old), None, "{old}");
    }
}

#[test]
fn deathtouch_is_deathtouch_before_and_after_it_became_static() {
    // 702.2a "Deathtouch is a static ability" (2009-07-11 on) rewrote 502.63a
    // "Deathtouch is a triggered ability" of 2009-05-01, not 502.49a "Substance is a
    // static ability with no effect", which went with no successor.
    assert_eq!(
        cite("702.2a", "2026-01-16", "2009-05-01").as_deref(),
        Some("502.63a")
    );
    assert_eq!(
        cite("502.63a", "2009-05-01", "2009-07-11").as_deref(),
        Some("702.2a")
    );
    assert_eq!(cite("502.49a", "2009-05-01", "2009-07-11"), None);
}

#[test]
fn a_rule_since_removed_has_no_counterpart() {
    // Planeswalker uniqueness: 704.5j in 2011-07-15, gone by 2017-09-29.
    assert_eq!(
        cite("704.5j", "2011-07-15", "2017-01-20").as_deref(),
        Some("704.5j")
    );
    assert_eq!(cite("704.5j", "2011-07-15", "2026-01-16"), None);
}

#[test]
fn a_date_between_revisions_means_the_revision_in_force() {
    assert_eq!(in_force(d("2012-01-01")), Some(d("2011-09-30")));
    assert_eq!(in_force(d("2011-07-15")), Some(d("2011-07-15")));
    assert_eq!(in_force(d("2030-01-01")), revisions().last().copied());
    assert_eq!(in_force(d("1999-01-01")), None);
    assert_eq!(
        cite("704.5j", "2026-02-01", "2011-08-01").as_deref(),
        Some("704.5k")
    );
    assert_eq!(cite("704.5j", "2026-01-16", "1998-12-31"), None);
    assert_eq!(cite("704.5j", "1998-12-31", "2026-01-16"), None);
}

#[test]
fn a_number_its_revision_does_not_have_translates_to_nothing() {
    assert_eq!(cite("704.5j", "2008-02-01", "2026-01-16"), None);
    assert_eq!(cite("999.9z", "2026-01-16", "2026-01-16"), None);
    assert_eq!(
        cite("704.5j", "2026-01-16", "2026-01-16").as_deref(),
        Some("704.5j")
    );
}

const SBA_2008: &str = "
420. State-Based Effects
420.5a A player with 0 or less life loses the game.
420.5d An Aura attached to an illegal object or player is put into its owner's graveyard.
420.5e If two or more legendary permanents with the same name are in play, all are put into their owners' graveyards. This is called the \"legend rule.\"
420.5f A token in a zone other than the in-play zone ceases to exist.
";
const SBA_2011: &str = "
704. State-Based Actions
704.5a If a player has 0 or less life, he or she loses the game.
704.5c If a player has ten or more poison counters, he or she loses the game.
704.5d If a token is phased out, or is in a zone other than the battlefield, it ceases to exist.
704.5k If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards. This is called the \"legend rule.\"
704.5n If an Aura is attached to an illegal object or player, that Aura is put into its owner's graveyard.
";
const SBA_2026: &str = "
704. State-Based Actions
704.5a If a player has 0 or less life, that player loses the game.
704.5c If a player has ten or more poison counters, that player loses the game.
704.5d If a token is phased out, or is in a zone other than the battlefield, it ceases to exist.
704.5j If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners' graveyards. This is called the \"legend rule.\"
704.5m If an Aura is attached to an illegal object or player, that Aura is put into its owner's graveyard.
";

fn small_lineage() -> lineage::Lineage {
    let revisions = [
        revision("2008-02-01", true, SBA_2008),
        revision("2011-07-15", true, SBA_2011),
        revision("2026-01-16", true, SBA_2026),
    ];
    lineage::build(&revisions.iter().collect::<Vec<_>>())
}

#[test]
fn the_written_table_answers_as_the_lineage_does() {
    let lineage = small_lineage();
    let table = Table::parse(&write(&lineage)).unwrap();
    let ids: Vec<(String, Date)> = lineage
        .dated_revisions()
        .map(|(id, date)| (id.to_string(), date))
        .collect();
    assert_eq!(
        table.revisions(),
        ids.iter().map(|i| i.1).collect::<Vec<_>>()
    );
    for (from, from_date) in &ids {
        for (number, _) in lineage.rules_of(from) {
            for (to, to_date) in &ids {
                assert_eq!(
                    table.translate(number, *from_date, *to_date),
                    lineage.map_number(from, &number, to),
                    "{number} of {from} in {to}"
                );
            }
        }
    }
    assert_eq!(
        table.translate(n("420.5e"), d("2008-02-01"), d("2026-01-16")),
        Some(n("704.5j"))
    );
}

#[test]
fn a_run_of_renumbered_rules_is_one_token() {
    let a = revision(
        "2020-01-01",
        true,
        "702. Keywords\n702.1 Alpha strike is a keyword.\n702.2 Banding is a keyword.\n702.2a Banding has many rules.\n702.3 Cascade is a keyword.",
    );
    let b = revision(
        "2021-01-01",
        true,
        "702. Keywords\n702.1 Alpha strike is a keyword.\n702.2 Afflict is a brand new keyword.\n702.3 Banding is a keyword.\n702.3a Banding has many rules.\n702.4 Cascade is a keyword.",
    );
    let text = write(&lineage::build(&[&a, &b]));
    let second = text.lines().find(|l| l.starts_with("2021")).unwrap();
    assert_eq!(second, "2021-01-01 702.2>702.3*3 +702.2");
    let table = Table::parse(&text).unwrap();
    assert_eq!(
        table.translate(n("702.2a"), d("2020-01-01"), d("2021-01-01")),
        Some(n("702.3a"))
    );
    assert_eq!(
        table.translate(n("702.2"), d("2021-01-01"), d("2020-06-01")),
        None
    );
}

#[test]
fn a_damaged_table_is_refused_with_its_line() {
    let cases = [
        ("2020-01-01 +100.1\n2019-01-01 +100.2\n", 2, "not after"),
        (
            "2020-01-01 +100.1\n2021-01-01 100.2>100.3\n",
            2,
            "has no rule 100.2",
        ),
        (
            "2020-01-01 +100.1 +100.2\n2021-01-01 100.1>100.2\n",
            2,
            "given to two rules",
        ),
        (
            "2020-01-01 +100.1\n2021-01-01 -100.1*2\n",
            2,
            "fewer than 2 rules",
        ),
        ("2020-01-01 +100.1\n2021-01-01 ~100.1\n", 2, "is not"),
        ("# a comment\n2020-01-01 -100.1\n", 2, "no rule 100.1"),
        ("2020-01-01 +1x0\n", 1, "not a rule number"),
        ("2020-13-01 +100.1\n", 1, "not a date"),
    ];
    for (text, line, words) in cases {
        let e = Table::parse(text).unwrap_err();
        assert_eq!(e.line, line, "{text:?}: {e}");
        assert!(e.to_string().contains(words), "{text:?}: {e}");
    }
}
