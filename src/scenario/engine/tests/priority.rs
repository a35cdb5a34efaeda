//! 117, 502.4, 514.3: who may act.

use super::super::cite;
use super::super::revisions::Rules;
use super::super::vocabulary::Zone;
use super::super::Why;
use super::{cited, main_phase, two_players};

#[test]
fn an_instant_needs_priority() {
    let mut t = main_phase(
        "## Hand
- shock: Instant; owner Bob
## Actions
1. Bob casts shock",
    );
    let reasons = t.act(1).expect_err("Bob has no priority");
    // The reason is data (who tried, who holds priority), never a sentence.
    assert_eq!(
        reasons[0].why,
        Why::NoPriority {
            player: t.player("bob"),
            holder: t.player("alice"),
            doing: Some(super::super::reason::Doing::Cast(t.card("shock"))),
        }
    );
    assert_eq!(
        reasons[0].cites,
        vec![cite::R117_1.or_else(cite::R408_1B_PRIORITY)]
    );
    assert_eq!(
        t.game.zone(t.card("shock")),
        Zone::Hand(t.player("bob")),
        "an illegal action changes nothing"
    );
}

#[test]
fn no_one_has_it_in_the_untap_step() {
    let mut t = two_players(
        Rules::canonical(),
        "untap",
        "## Hand
- shock: Instant; owner Alice
## Actions
1. Alice casts shock",
    );
    assert_eq!(t.game.priority(), None);
    let reasons = t.act(1).expect_err("no priority in the untap step");
    assert!(reasons.iter().any(|r| cited(&r.cites, cite::R502_4)));
}
