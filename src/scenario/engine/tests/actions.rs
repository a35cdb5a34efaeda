//! 116, 117.3d: performing an action, and a refused one leaving the game untouched.

use super::super::reason::Doing;
use super::super::{StackObject, Why};
use super::main_phase;

#[test]
fn a_refused_response_gives_priority_back() {
    let mut t = main_phase(
        "## Hand
- shock: Instant; owner Alice
- bear: Creature — Bear 2/2; owner Bob
## Actions
1. Alice casts shock
2. in response, Bob casts bear",
    );
    let bear = t.card("bear");
    t.act(1).expect("Alice casts");
    let reasons = t.act(2).expect_err("a creature isn't cast in response");
    assert!(reasons.iter().any(|r| matches!(
        r.why,
        Why::NotOwnTurn {
            doing: Doing::Cast(c),
            active,
        } if c == bear && active == t.player("alice")
    )));
    assert_eq!(
        t.game.priority(),
        Some(t.player("alice")),
        "the game is untouched"
    );
    assert_eq!(
        t.game.stack_objects(),
        vec![StackObject::Spell(t.card("shock"))]
    );
}
