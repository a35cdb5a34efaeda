//! 613: continuous effects, cited by their layer.

use super::super::super::card::CardType;
use super::super::cite;
use super::{cited, main_phase};

#[test]
fn becoming_a_creature_cites_the_type_layer() {
    let mut t = main_phase(
        "## Battlefield
- field: Land; controller Alice
## Actions
1. field becomes a creature 3/3 until end of turn",
    );
    let events = t.act(1).expect("an effect");
    assert!(t.game.view(t.card("field")).chars.is(CardType::Creature));
    assert!(cited(&events[0].cites, cite::R613_1D));
    assert!(cited(&events[0].cites, cite::R613_4B));
}
