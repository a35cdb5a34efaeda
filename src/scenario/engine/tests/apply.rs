//! `apply`, the only code that changes the state: damage and the cleanup step.

use super::super::cite;
use super::super::Happened;
use super::{cited, main_phase};

#[test]
fn damage_is_marked_and_removed_in_cleanup() {
    let mut t = main_phase(
        "## Battlefield
- bear: Creature — Bear 2/3; controller Alice
## Actions
1. bear is dealt 2 damage
2. go to cleanup",
    );
    let bear = t.card("bear");
    let events = t.act(1).expect("damage is an effect");
    assert_eq!(
        events[0].what,
        Happened::Damage {
            card: bear,
            amount: 2,
            source: None,
            combat: false,
        }
    );
    assert!(cited(&events[0].cites, cite::R120_3E));
    assert_eq!(t.game.damage(bear), 2);
    let events = t.act(2).expect("the turn goes on");
    let cleanup = events
        .iter()
        .find(|e| matches!(e.what, Happened::Cleanup { .. }))
        .expect("a cleanup event");
    assert!(cited(&cleanup.cites, cite::R514_2));
    assert_eq!(t.game.damage(bear), 0);
}
