//! 400.7: a zone change makes a new object.

use super::super::cite;
use super::super::vocabulary::Zone;
use super::super::{Cause, EventKind, Happened};
use super::{cited, main_phase};

#[test]
fn a_zone_change_makes_a_new_object() {
    let mut t = main_phase(
        "## Battlefield
- bear: Creature — Bear 2/2; controller Alice
## Actions
1. destroy bear",
    );
    let bear = t.card("bear");
    let before = t.game.object_id(bear);
    let events = t.act(1).expect("destroy is an effect");
    assert_eq!(t.game.zone(bear), Zone::Graveyard(t.player("alice")));
    assert_ne!(t.game.object_id(bear), before);
    assert_eq!(events[0].kind(), EventKind::Moved);
    assert!(cited(&events[0].cites, cite::R701_8A));
    assert!(cited(&events[0].cites, cite::R400_7));
    // The zone change names the old object and the new one (400.7).
    assert_eq!(
        events[0].what,
        Happened::ZoneChange {
            card: bear,
            from: Zone::Battlefield,
            to: Zone::Graveyard(t.player("alice")),
            old: before,
            new: t.game.object_id(bear),
            cause: Cause::Destroyed,
        }
    );
}

/// `Game::from_setup` refuses a board whose ids name nothing, which no file can write (the
/// reader resolves every label and name) but a `Setup` built otherwise can.
#[test]
fn a_board_whose_ids_name_nothing_is_refused() {
    use super::super::vocabulary::{CardId, Id, PlayerId, Target};
    use super::super::{Game, SetupError};
    let t = main_phase(
        "## Battlefield
- bear: Creature — Bear 2/2; controller Alice
- sword: Artifact — Equipment; controller Alice; equip {2}; attached to bear
## Actions",
    );
    let (bear, sword) = (t.card("bear"), t.card("sword"));
    let rules = t.game.rules;
    let refused = |setup: &super::super::Setup| Game::from_setup(setup, rules).err();
    let setup = t.scenario.setup.clone();
    assert_eq!(refused(&setup), None, "the board as written plays");

    let mut owner = setup.clone();
    owner.cards[bear].owner = PlayerId::nth(2);
    assert_eq!(
        refused(&owner),
        Some(SetupError::CardsPlayer { card: bear })
    );

    let mut attached = setup.clone();
    attached.cards[sword].attached_to = Some(Target::Player(PlayerId::nth(7)));
    assert_eq!(
        refused(&attached),
        Some(SetupError::CardsPlayer { card: sword })
    );

    let mut card = setup.clone();
    card.cards[sword].attached_to = Some(Target::Card(CardId::nth(99)));
    assert_eq!(refused(&card), Some(SetupError::CardsCard { card: sword }));

    let mut turn = setup.clone();
    turn.active = PlayerId::nth(2);
    assert_eq!(refused(&turn), Some(SetupError::NoSuchPlayer));

    let mut life = setup.clone();
    life.life = vec![20].into();
    assert_eq!(refused(&life), Some(SetupError::Players));
}
