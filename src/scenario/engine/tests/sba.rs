//! 704: the state-based actions table, checked simultaneously.

use super::super::cite;
use super::super::vocabulary::Zone;
use super::super::{EventKind, Finding, Happened, Outcome};
use super::{cited, main_phase};

#[test]
fn rows_are_704_5_rules_in_order() {
    use super::super::sba::ROWS;
    let rule_704_5 = "704.5".parse().expect("a rule number");
    for pair in ROWS.windows(2) {
        assert!(pair[0].rule.rule <= pair[1].rule.rule, "{:?}", pair[1].rule);
    }
    for row in ROWS {
        assert!(row.rule.rule.is_within(&rule_704_5), "{:?}", row.rule);
    }
}

#[test]
fn are_checked_simultaneously_then_applied() {
    // A 0-toughness creature and a token in a graveyard: both rows find their action in
    // the same state, and one round performs both (704.3).
    let mut t = main_phase(
        "## Battlefield
- bear: Creature — Bear 2/0; controller Alice
## Graveyard
- spirit: Creature — Spirit 1/1; owner Bob; token
## Actions",
    );
    let (bear, spirit) = (t.card("bear"), t.card("spirit"));
    let old = t.game.object_id(bear);
    assert_eq!(t.game.pending_state_based_actions().len(), 2);
    let rounds = t.game.state_based_actions(None);
    assert_eq!(rounds.len(), 1, "one round, then nothing more applies");
    let round = &rounds[0];
    // In 704.5's order: the token (704.5d), then the creature (704.5f).
    assert!(matches!(
        &round[0].what,
        Happened::StateBased {
            outcome: Outcome::CeasesToExist { card, .. },
            findings,
        } if *card == spirit && matches!(findings[..], [Finding::TokenElsewhere { .. }])
    ));
    assert!(cited(&round[0].cites, cite::R704_5D));
    match &round[1].what {
        Happened::StateBased {
            outcome: Outcome::ToGraveyard {
                card, old: o, new, ..
            },
            findings,
        } => {
            assert_eq!((*card, *o), (bear, old));
            assert_eq!(*new, t.game.object_id(bear));
            assert_ne!(*new, old);
            assert_eq!(
                findings[..],
                [Finding::ZeroToughness {
                    card: bear,
                    toughness: 0
                }]
            );
        }
        other => panic!("expected the creature to go to the graveyard, got {other:?}"),
    }
    assert!(cited(&round[1].cites, cite::R704_5F));
    assert!(round.iter().all(|e| e.state_based));
    assert_eq!(t.game.zone(bear), Zone::Graveyard(t.player("alice")));
    assert_eq!(t.game.zone(spirit), Zone::Nowhere);
}

#[test]
fn the_world_rule_counts_from_when_the_supertype_began() {
    let mut t = main_phase(
        "## Battlefield
- old: Enchantment; controller Alice; timestamp 1
- world: World Enchantment; controller Bob; timestamp 2
## Actions
1. old becomes a World Enchantment",
    );
    t.act(1).expect("an effect");
    let rounds = t.game.state_based_actions(None);
    assert_eq!(
        t.game.zone(t.card("world")),
        Zone::Graveyard(t.player("bob"))
    );
    assert_eq!(t.game.zone(t.card("old")), Zone::Battlefield);
    assert!(rounds
        .iter()
        .flatten()
        .any(|e| cited(&e.cites, cite::R704_5K)));
}

#[test]
fn an_equipment_left_alone_cites_equipment_rules() {
    let mut t = main_phase(
        "## Battlefield
- bear: Creature — Bear 2/2; controller Alice
- sword: Artifact — Equipment; controller Alice; equip {2}; attached to bear
## Actions
1. destroy bear",
    );
    t.act(1).expect("an effect");
    let rounds = t.game.state_based_actions(None);
    let unattached = rounds
        .iter()
        .flatten()
        .find(|e| e.kind() == EventKind::Unattached)
        .expect("the sword becomes unattached");
    assert!(cited(&unattached.cites, cite::R704_5N));
    assert!(cited(&unattached.cites, cite::R301_5C));
    assert!(!cited(&unattached.cites, cite::R303_4C));
}
