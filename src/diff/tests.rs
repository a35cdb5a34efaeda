//! Pairing on small revisions built by hand, shaped like the real renumberings.

use std::collections::BTreeMap;

use super::*;
use crate::model::{Date, Format, GlossaryEntry, Rule, Section};

/// A revision from lines `NUMBER TEXT` (`309. Planes` is a titled rule; `Example: …`
/// belongs to the rule above; `# TERM: DEFINITION` is a glossary entry).
pub(crate) fn revision(id: &str, complete: bool, lines: &str) -> Revision {
    let mut rules: BTreeMap<RuleNumber, Rule> = BTreeMap::new();
    let mut glossary = Vec::new();
    let mut last: Option<RuleNumber> = None;
    for line in lines.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(example) = line.strip_prefix("Example: ") {
            let rule = rules.get_mut(&last.unwrap()).unwrap();
            rule.examples.push(example.to_string());
            continue;
        }
        if let Some(entry) = line.strip_prefix("# ") {
            let (term, definition) = entry.split_once(": ").unwrap();
            glossary.push(GlossaryEntry {
                term: term.to_string(),
                aliases: Vec::new(),
                definition: definition.to_string(),
                obsolete: false,
                references: Vec::new(),
            });
            continue;
        }
        let (number, rest) = line.split_once(' ').unwrap();
        let number: RuleNumber = number.parse().unwrap();
        let mut rule = Rule::new(number, "");
        if number.depth() == 1 {
            rule.title = Some(rest.to_string());
        } else {
            rule.text = rest.to_string();
        }
        rules.insert(number, rule);
        last = Some(number);
    }
    let date: Date = id[..10].parse().unwrap();
    let mut sections: Vec<Section> = Vec::new();
    for n in rules.keys() {
        if !sections.iter().any(|s| s.number == n.section_number()) {
            sections.push(Section {
                number: n.section_number(),
                title: format!("Section {}", n.section_number()),
            });
        }
    }
    Revision {
        id: id.to_string(),
        date,
        source: "test".to_string(),
        format: Format::OfficialText,
        content_hash: String::new(),
        complete,
        sections,
        rules,
        glossary,
        warnings: Vec::new(),
    }
}

/// One line per change: `kind from -> to`.
fn outline(changes: &Changes) -> Vec<String> {
    changes
        .changes
        .iter()
        .map(|c| {
            let n = |x: Option<RuleNumber>| x.map(|n| n.short()).unwrap_or_else(|| "-".into());
            format!("{:?} {} -> {}", c.kind, n(c.from), n(c.to)).to_lowercase()
        })
        .collect()
}

const SECTION_3_2011: &str = "
309. Planes
309.1 Plane is a card type seen only on nontraditional Magic cards. Only the Planechase casual variant uses plane cards.
309.2 Plane cards remain in the command zone throughout the game, both while they're part of a planar deck and while they're face up.
310. Vanguard
310.1 Vanguard is a card type seen only on nontraditional Magic cards. Only the Vanguard casual variant uses vanguard cards.
310.2 Vanguard cards remain in the command zone throughout the game.
";

const SECTION_3_2026: &str = "
310. Battles
310.1 A player who has priority may cast a battle card from their hand during a main phase of their turn when the stack is empty.
310.2 When a battle spell resolves, its controller puts it onto the battlefield under their control.
311. Planes
311.1 Plane is a card type seen only on nontraditional Magic cards. Only the Planechase casual variant uses plane cards.
311.2 Plane cards remain in the command zone throughout the game, both while they're part of a planar deck and while they're face up.
313. Vanguard
313.1 Vanguard is a card type seen only on nontraditional Magic cards. Only the Vanguard casual variant uses vanguard cards.
313.2 Vanguard cards remain in the command zone throughout the game.
";

#[test]
fn pairs_planes_and_vanguard_by_content_and_calls_battles_added() {
    let a = revision("2011-07-15", true, SECTION_3_2011);
    let b = revision("2026-01-16", true, SECTION_3_2026);
    let changes = pair(&a, &b, &Options::default());
    assert_eq!(
        outline(&changes),
        [
            "added - -> 310",
            "added - -> 310.1",
            "added - -> 310.2",
            "renumbered 309 -> 311",
            "renumbered 309.1 -> 311.1",
            "renumbered 309.2 -> 311.2",
            "renumbered 310 -> 313",
            "renumbered 310.1 -> 313.1",
            "renumbered 310.2 -> 313.2",
        ]
    );
    assert_eq!(changes.summary.renumbered, 6);
    assert_eq!(changes.summary.added, 3);
    assert!(!changes.identical());
}

#[test]
fn follows_the_2009_renumbering_through_rewritten_text() {
    let a = revision(
        "2009-05-01",
        true,
        "
212. Card Types
212.3 Creatures
212.3a A player who has priority may play a creature card from his or her hand during a main phase of his or her turn when the stack is empty.
212.3b Creature subtypes are always a single word and are listed after a long dash: \"Creature -- Human Soldier.\"
212.3c A creature's activated ability with the tap symbol in its activation cost can't be played unless the creature has been under its controller's control since the start of his or her most recent turn.
420. State-Based Effects
420.5e If two or more legendary permanents with the same name are in play, all are put into their owners' graveyards.
",
    );
    let b = revision(
        "2009-07-11",
        true,
        "
302. Creatures
302.1 A player who has priority may cast a creature card from his or her hand during a main phase of his or her turn when the stack is empty. Casting a creature as a spell uses the stack. (See rule 601, \"Casting Spells.\")
302.2 Creature subtypes are always a single word and are listed after a long dash: \"Creature -- Human Soldier.\"
302.6 A creature's activated ability with the tap symbol or the untap symbol in its activation cost can't be activated unless the creature has been under its controller's control continuously since his or her most recent turn began.
704. State-Based Actions
704.5k If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards. This is called the \"legend rule.\"
",
    );
    let changes = pair(&a, &b, &Options::default());
    assert_eq!(
        outline(&changes),
        [
            "removed 212 -> -",
            "renumbered 212.3 -> 302",
            "renumbered 212.3a -> 302.1",
            "renumbered 212.3b -> 302.2",
            "renumbered 212.3c -> 302.6",
            "renumbered 420 -> 704",
            "renumbered 420.5e -> 704.5k",
        ]
    );
}

#[test]
fn unchanged_rules_are_counted_and_modified_ones_diffed() {
    let a = revision(
        "2011-07-15",
        true,
        "
704.5j If a player controls two or more planeswalkers that share a planeswalker type, that player chooses one of them, and the rest are put into their owners' graveyards. This is called the \"planeswalker uniqueness rule.\"
704.5k If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards. This is called the \"legend rule.\"
",
    );
    let b = revision(
        "2013-07-13",
        true,
        "
704.5j If a player controls two or more planeswalkers that share a planeswalker type, that player chooses one of them, and the rest are put into their owners' graveyards. This is called the \"planeswalker uniqueness rule.\"
704.5k If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners' graveyards. This is called the \"legend rule.\"
",
    );
    let changes = pair(&a, &b, &Options::default());
    assert_eq!(outline(&changes), ["modified 704.5k -> 704.5k"]);
    assert_eq!(changes.summary.unchanged, 1);
    let change = &changes.changes[0];
    assert!(change.similarity > 0.5 && change.similarity < 1.0);
    let inserted: Vec<&str> = change
        .diff
        .iter()
        .filter(|s| s.op == Op::Insert)
        .map(|s| s.text.as_str())
        .collect();
    assert!(
        inserted.iter().any(|t| t.contains("a player controls")),
        "{inserted:?}"
    );
}

#[test]
fn identical_revisions_have_no_changes() {
    let a = revision("2011-07-15", true, SECTION_3_2011);
    let changes = pair(&a, &a.clone(), &Options::default());
    assert!(changes.identical());
    assert_eq!(changes.summary.unchanged, 6);
}

#[test]
fn ignore_wording_folds_template_changes_and_counts_them() {
    let a = revision(
        "2017-09-29",
        true,
        "
301.1 A player who has priority may cast an artifact card from his or her hand.
308.1 Each tribal card has another card type.
308.2 Tribal spells can be countered.
",
    );
    let b = revision(
        "2024-02-02",
        true,
        "
301.1 A player who has priority may cast an artifact card from their hand.
308.1 Each kindred card has another card type.
308.2 Kindred spells can't be countered.
",
    );
    let plain = pair(&a, &b, &Options::default());
    assert_eq!(plain.summary.modified, 3);
    let folded = pair(
        &a,
        &b,
        &Options {
            ignore_wording: true,
            ..Options::default()
        },
    );
    assert_eq!(outline(&folded), ["modified 308.2 -> 308.2"]);
    assert_eq!(folded.summary.folded, 2);
    assert_eq!(folded.summary.unchanged, 2);
}

#[test]
fn a_fragment_is_compared_only_where_both_cover() {
    let complete = revision(
        "2011-07-15",
        true,
        &format!("{SECTION_3_2011}\n704.5k If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards."),
    );
    let fragment = revision("2026-01-16-s3", false, SECTION_3_2026);
    let changes = pair(&complete, &fragment, &Options::default());
    let coverage = changes.summary.coverage.clone().unwrap();
    assert!(coverage.partial);
    assert_eq!(coverage.sections, [3]);
    assert_eq!(
        coverage.note.as_deref(),
        Some("2026-01-16-s3 is a fragment: only section 3 was compared")
    );
    assert_eq!(changes.summary.removed, 0, "704.5k is outside the fragment");
}

#[test]
fn rule_scope_follows_the_rule_to_its_new_number() {
    let a = revision("2011-07-15", true, SECTION_3_2011);
    let b = revision("2026-01-16", true, SECTION_3_2026);
    let changes = pair(
        &a,
        &b,
        &Options {
            scope: Scope::Rule("309".parse().unwrap()),
            ..Options::default()
        },
    );
    assert_eq!(
        outline(&changes),
        [
            "renumbered 309 -> 311",
            "renumbered 309.1 -> 311.1",
            "renumbered 309.2 -> 311.2",
        ]
    );
}

#[test]
fn examples_and_glossary_entries_are_diffed() {
    let a = revision(
        "2011-07-15",
        true,
        "
702.2b A creature with toughness greater than 0 that's been dealt damage by a source with deathtouch is destroyed.
Example: A 2/2 creature with deathtouch blocks a 5/5.
# Tribal: A card type. See rule 308, \"Tribal.\"
# Mana Burn: Loss of life for unused mana (Obsolete).
",
    );
    let b = revision(
        "2012-02-01",
        true,
        "
702.2b A creature with toughness greater than 0 that's been dealt damage by a source with deathtouch is destroyed.
Example: A 1/1 creature with deathtouch blocks a 5/5.
# Kindred: A card type. See rule 308, \"Kindred.\"
# Day: A designation the game can have.
",
    );
    let changes = pair(&a, &b, &Options::default());
    assert_eq!(outline(&changes), ["modified 702.2b -> 702.2b"]);
    let deleted: Vec<&str> = changes.changes[0]
        .diff
        .iter()
        .filter(|s| s.op == Op::Delete)
        .map(|s| s.text.as_str())
        .collect();
    assert_eq!(deleted, ["2/2"]);
    let glossary: Vec<String> = changes
        .glossary
        .iter()
        .map(|g| format!("{:?} {:?} {:?}", g.kind, g.from, g.to))
        .collect();
    assert_eq!(
        glossary,
        [
            "Added None Some(\"Day\")",
            "Renamed Some(\"Tribal\") Some(\"Kindred\")",
            "Removed Some(\"Mana Burn\") None",
        ]
    );
}

#[test]
fn a_rule_split_in_two_lives_on_in_the_part_that_keeps_its_first_sentence() {
    // 212.4e of 2006-02-01 became 212.4e (its first sentence) and 212.4j (most of its
    // words) in 2006-07-15; the first is what "An Aura spell requires a target" cites.
    let a = revision(
        "2006-02-01",
        true,
        "
212.4e An Aura spell requires a target, which is restricted by its enchant ability. Other restrictions can limit what a permanent can be enchanted by. If an Aura is coming into play by any other means than being played and the effect putting it into play doesn't specify what it will enchant, the player putting it into play chooses a permanent for it to enchant as it comes into play. The player must choose a legal permanent according to the Aura's enchant ability. If an Aura is coming into play from the stack and there is no legal permanent for it to enchant, the Aura is put into its owner's graveyard instead of coming into play.
",
    );
    let b = revision(
        "2006-07-15",
        true,
        "
212.4e An Aura spell requires a target, which is restricted by its enchant ability.
212.4j If an Aura is coming into play by any means other than by being played and the effect putting it into play doesn't specify the permanent or player the Aura will enchant, the player putting it into play chooses what it will enchant as the Aura comes into play. The player must choose a legal permanent or player according to the Aura's enchant ability and any other applicable effects. If the player can't make a legal choice, the Aura remains in its current zone, unless that zone is the stack. In that case, the Aura is put into its owner's graveyard instead of coming into play.
",
    );
    let changes = pair(&a, &b, &Options::default());
    assert_eq!(
        outline(&changes),
        ["modified 212.4e -> 212.4e", "added - -> 212.4j"]
    );
}

#[test]
fn a_rule_whose_inline_list_became_subrules_is_the_rule_that_opens_as_it_did() {
    // 217.1c of 2009-05-01 listed its exceptions inline; 400.7 of 2009-07-11 opens with
    // the same sentence and lists them as 400.7a…
    let a = revision(
        "2009-05-01",
        true,
        "
217.1c An object that moves from one zone to another becomes a new object with no memory of, or relation to, its previous existence. There are seven exceptions to this rule: (1) Effects from spells, activated abilities, and triggered abilities that change the characteristics or controller of a spell on the stack continue to apply to the permanent that spell becomes. (2) Prevention effects that apply to damage from a spell on the stack continue to apply to damage from the permanent that spell becomes.
217.1d An effect that instructs a player to do something with a card in a hidden zone works on that card only.
",
    );
    let b = revision(
        "2009-07-11",
        true,
        "
400.7 An object that moves from one zone to another becomes a new object with no memory of, or relation to, its previous existence. There are six exceptions to this rule:
400.7a Effects from spells, activated abilities, and triggered abilities that change the characteristics or controller of a spell on the stack continue to apply to the permanent that spell becomes.
400.7b Prevention effects that apply to damage from a spell on the stack continue to apply to damage from the permanent that spell becomes.
400.8 An effect that instructs a player to do something with a card in a hidden zone works on that card only.
",
    );
    let changes = pair(&a, &b, &Options::default());
    let renumbered: Vec<String> = outline(&changes)
        .into_iter()
        .filter(|c| c.starts_with("renumbered"))
        .collect();
    assert_eq!(
        renumbered,
        ["renumbered 217.1c -> 400.7", "renumbered 217.1d -> 400.8"]
    );
}

#[test]
fn a_keyword_subrule_stays_with_its_keyword_rather_than_the_likest_words() {
    // 2009-07-11: deathtouch became a static ability. "Substance is a static ability with
    // no effect" shares more words with the new 702.2a than deathtouch's own 502.63a
    // does, but substance is gone and 502.63a is the rule 702.2a rewrote.
    let a = revision(
        "2009-05-01",
        true,
        "
502.49 Substance
502.49a Substance is a static ability with no effect.
502.63 Deathtouch
502.63a Deathtouch is a triggered ability. \"Deathtouch\" means \"Whenever this permanent deals damage to a creature, destroy that creature.\"
502.63b If a permanent has multiple instances of deathtouch, each triggers separately.
",
    );
    let b = revision(
        "2009-07-11",
        true,
        "
702.2 Deathtouch
702.2a Deathtouch is a static ability.
702.2c A creature that's been dealt damage by a source with deathtouch since the last time state-based actions were checked is destroyed as a state-based action. See rule 704.
",
    );
    let changes = pair(&a, &b, &Options::default());
    let found = outline(&changes);
    assert!(
        found.iter().any(|c| c.ends_with("502.63a -> 702.2a")),
        "{found:?}"
    );
    assert!(
        found.contains(&"removed 502.49a -> -".to_string()),
        "{found:?}"
    );
}

#[test]
fn a_subrule_follows_its_parent_when_a_rule_is_split_in_two() {
    // 409.1 "Playing a spell or activated ability" of 2009-05-01 became 601.2 (casting a
    // spell) and 602.2 (activating an ability) in 2009-07-11. Its first step, 409.1a,
    // is 601.2a under 409.1's partner, though its words are a little closer to 602.2a.
    let a = revision(
        "2009-05-01",
        true,
        "
409.1 Playing a spell or activated ability follows the steps listed below, in order. If, at any point during the playing of a spell or ability, a player is unable to comply with any of the steps listed below, the spell was played illegally; the game returns to the moment before that spell or ability was played (see rule 422, \"Handling Illegal Actions\"). Announcements and payments can't be altered after they've been made.
409.1a The player announces that he or she is playing the spell or activated ability. If a spell is being played, that card (or that copy of a card) physically moves from the zone it's in to the stack. It has all the characteristics of the card (or the copy of a card) associated with it, and its controller is the player who played it. If an activated ability is being played, it's created on the stack as an object that's not a card. If an activated ability is being played from a hidden zone, the card that has that ability is revealed. On the stack, the ability has the text of the ability that created it, and no other characteristics. Its controller is the player who played the ability. The spell or ability remains on the stack until it's countered or resolves.
",
    );
    let b = revision(
        "2009-07-11",
        true,
        "
601.2 To cast a spell is to take it from the zone it's in (usually the hand), put it on the stack, and pay its costs, so that it will eventually resolve and have its effect. Casting a spell follows the steps listed below, in order. If, at any point during the casting of a spell, a player is unable to comply with any of the steps listed below, the spell was cast illegally; the game returns to the moment before that spell started to be cast (see rule 714, \"Handling Illegal Actions\"). Announcements and payments can't be altered after they've been made.
601.2a The player announces that he or she is casting the spell. That card (or that copy of a card) physically moves from the zone it's in to the stack. It becomes the topmost object on the stack. It has all the characteristics of the card (or the copy of a card) associated with it, and that player becomes its controller. The spell remains on the stack until it's countered or resolves.
602.2 To activate an ability is to put it onto the stack and pay its costs, so that it will eventually resolve and have its effect. Only an object's controller (or its owner, if it doesn't have a controller) can activate its activated ability unless the object specifically says otherwise. Activating an ability follows the steps listed below, in order. If, at any point during the activation of an ability, a player is unable to comply with any of those steps, the ability was activated illegally; the game returns to the moment before that ability started to be activated (see rule 714, \"Handling Illegal Actions\"). Announcements and payments can't be altered after they've been made.
602.2a The player announces that he or she is activating the ability. If an activated ability is being played from a hidden zone, the card that has that ability is revealed. That ability is created on the stack as an object that's not a card. It becomes the topmost object on the stack. It has the text of the ability that created it, and no other characteristics. Its controller is the player who played the ability. The ability remains on the stack until it's countered or resolves.
",
    );
    let changes = pair(&a, &b, &Options::default());
    let found = outline(&changes);
    assert!(
        found.contains(&"renumbered 409.1 -> 601.2".to_string()),
        "{found:?}"
    );
    assert!(
        found.iter().any(|c| c.ends_with("409.1a -> 601.2a")),
        "{found:?}"
    );
}
