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
