//! 405, 601, 608: casting, countering and resolving.

use super::super::cite;
use super::super::revisions::Rules;
use super::super::vocabulary::Zone;
use super::super::{Happened, StackObject};
use super::{cited, main_phase, rules, two_players};

#[test]
fn casting_keeps_priority_and_resolving_cites_the_revision() {
    for (rules, wanted) in [
        (Rules::canonical(), cite::R608_3A),
        (rules(2014, 2, 1), cite::R608_3),
    ] {
        let mut t = two_players(
            rules,
            "precombat main",
            "## Hand
- bear: Creature — Bear 2/2; owner Alice
## Actions
1. Alice casts bear",
        );
        let cast = t
            .act(1)
            .expect("Alice may cast a creature in her main phase");
        assert!(cited(&cast[0].cites, cite::R117_3C));
        assert_eq!(t.game.priority(), Some(t.player("alice")));
        let resolved = t.game.resolve_top();
        assert_eq!(t.game.zone(t.card("bear")), Zone::Battlefield);
        assert!(cited(&resolved[0].cites, wanted), "{:?}", rules.date);
    }
}

#[test]
fn counter_puts_the_spell_into_the_graveyard() {
    let mut t = main_phase(
        "## Hand
- bear: Creature — Bear 2/2; owner Alice
## Actions
1. Alice casts bear
2. in response, counter bear",
    );
    t.act(1).expect("legal");
    let events = t.act(2).expect("an effect");
    assert_eq!(
        t.game.zone(t.card("bear")),
        Zone::Graveyard(t.player("alice"))
    );
    assert!(t.game.stack_is_empty());
    assert!(cited(&events[0].cites, cite::R701_6A));
}

#[test]
fn cast_and_resolution_push_and_pop_through_apply() {
    let mut t = main_phase(
        "## Hand
- shock: Instant; owner Alice
- giant: Instant; owner Bob
## Actions
1. Alice casts shock
2. in response, Bob casts giant",
    );
    let (shock, giant) = (t.card("shock"), t.card("giant"));
    let cast_events = t.act(1).expect("Alice has priority");
    assert!(matches!(
        cast_events[0].what,
        Happened::Cast { player, card, .. } if card == shock && player == t.player("alice")
    ));
    assert_eq!(t.game.stack_objects(), vec![StackObject::Spell(shock)]);
    // 117.3c: Alice keeps priority; in response, Bob's turn to act comes (117.3d).
    assert_eq!(t.game.priority(), Some(t.player("alice")));
    t.act(2).expect("Bob responds");
    assert_eq!(
        t.game.stack_objects(),
        vec![StackObject::Spell(giant), StackObject::Spell(shock)],
        "top first"
    );
    let resolved = t.game.resolve_top();
    assert_eq!(
        resolved[0].what,
        Happened::Resolves(StackObject::Spell(giant))
    );
    assert!(cited(&resolved[0].cites, cite::R608_2N));
    assert_eq!(t.game.stack_objects(), vec![StackObject::Spell(shock)]);
    // 117.3b: the active player receives priority after a resolution.
    assert_eq!(t.game.priority(), Some(t.player("alice")));
    t.game.resolve_top();
    assert!(t.game.stack_is_empty());
}
