//! 104.5, 800.4a: a player leaving a game of three or more.

use super::super::cite;
use super::super::revisions::Rules;
use super::super::vocabulary::Zone;
use super::super::{EventKind, Happened};
use super::{cited, table};

#[test]
fn a_loser_leaves_with_what_they_own_and_stole() {
    let mut t = table(
        Rules::canonical(),
        "## Game
- players: Alice, Bob, Carol
## Battlefield
- bear: Creature — Bear 2/2; controller Alice
- knight: Creature — Knight 2/2; controller Carol
## Actions
1. Carol gains control of bear
2. Carol loses 20 life",
    );
    let bear = t.card("bear");
    t.act(1).expect("an effect");
    assert_eq!(t.game.controller(bear), t.player("carol"));
    t.act(2).expect("an effect");
    let rounds = t.game.state_based_actions(None);
    assert!(t.game.has_lost(t.player("carol")));
    assert_eq!(t.game.zone(t.card("knight")), Zone::Nowhere);
    assert_eq!(t.game.controller(bear), t.player("alice"));
    assert!(rounds
        .iter()
        .flatten()
        .any(|e| e.kind() == EventKind::Control && cited(&e.cites, cite::R800_4A)));
}

#[test]
fn the_leaver_s_abilities_leave_the_stack_and_priority_passes() {
    let mut t = table(
        Rules::canonical(),
        "## Game
- players: Alice, Bob, Carol
- turn: Carol
## Battlefield
- sword: Artifact — Equipment; controller Carol; equip {2}
- bear: Creature — Bear 2/2; controller Carol
## Actions
1. Carol equips sword to bear
2. in response, Carol loses 20 life",
    );
    t.act(1).expect("Carol equips at sorcery speed");
    assert_eq!(t.game.stack_objects().len(), 1);
    t.act(2).expect("an effect");
    let rounds = t.game.state_based_actions(None);
    assert!(t.game.has_lost(t.player("carol")));
    assert!(
        t.game.stack_is_empty(),
        "800.4a: her ability ceased to exist"
    );
    assert_eq!(
        t.game.priority(),
        Some(t.player("alice")),
        "priority passed to the next player"
    );
    let left: Vec<_> = rounds
        .iter()
        .flatten()
        .filter(
            |e| matches!(e.what, Happened::LeavesGame { owner, .. } if owner == t.player("carol")),
        )
        .collect();
    assert_eq!(left.len(), 2, "the sword and the bear leave with her");
    assert!(left.iter().all(|e| cited(&e.cites, cite::R800_4A)));
}
