//! 115, 303, 702.16: targeting and attaching.

use super::super::cite;
use super::{cited, main_phase};

#[test]
fn protection_from_everything_cites_its_own_rule() {
    let mut t = main_phase(
        "## Battlefield
- wall: Creature — Wall 0/4; controller Bob; protection from everything
## Hand
- aura: Enchantment — Aura; owner Alice; color white; enchant creature
## Actions
1. Alice casts aura targeting wall",
    );
    let reasons = t.act(1).expect_err("protection from everything");
    assert!(reasons.iter().any(|r| cited(&r.cites, cite::R702_16J)));
}
