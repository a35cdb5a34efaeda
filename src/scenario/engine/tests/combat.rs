//! 506–511: combat's declarations and damage steps are events that `apply` makes happen,
//! each with its citations; combat damage is damage with its source.

use super::super::cite;
use super::super::combat::CombatEvent;
use super::super::revisions::Rules;
use super::super::vocabulary::{Step, Target};
use super::super::{Event, Happened, StackObject};
use super::{cited, main_phase, rules, table, two_players};

/// The combat event of `e`.
fn combat(e: &Event) -> &CombatEvent {
    match &e.what {
        Happened::Combat(c) => c,
        other => panic!("expected a combat event, got {other:?}"),
    }
}

#[test]
fn declared_attackers_tap_unless_vigilant() {
    let mut t = two_players(
        Rules::canonical(),
        "beginning of combat",
        "## Battlefield
- bear: Creature — Bear 2/2; controller Alice
- knight: Creature — Knight 2/2; controller Alice; vigilance
## Actions
1. Alice attacks with bear, knight",
    );
    let (bear, knight) = (t.card("bear"), t.card("knight"));
    let events = t.act(1).expect("both may attack");
    assert_eq!(
        *combat(&events[0]),
        CombatEvent::AttackersDeclared {
            attackers: vec![
                (bear, Target::Player(t.player("bob")), false),
                (knight, Target::Player(t.player("bob")), true)
            ],
            active: t.player("alice"),
        }
    );
    assert_eq!(events[0].cites, vec![cite::R508_1, cite::R508_1F]);
    assert_eq!(t.game.step(), Step::DeclareAttackers);
    assert!(t.game.is_tapped(bear) && !t.game.is_tapped(knight));
    assert_eq!(
        t.game.attack_target(bear),
        Some(Target::Player(t.player("bob")))
    );
    assert_eq!(
        t.game.attack_target(knight),
        Some(Target::Player(t.player("bob")))
    );
}

#[test]
fn a_declared_block_is_an_event_of_the_defending_player() {
    let mut t = two_players(
        Rules::canonical(),
        "declare attackers",
        "## Battlefield
- bear: Creature — Bear 2/2; controller Alice; attacking
- wall: Creature — Wall 0/4; controller Bob
## Actions
1. Bob blocks bear with wall",
    );
    let (bear, wall) = (t.card("bear"), t.card("wall"));
    assert!(!t.game.is_blocked(bear));
    let events = t.act(1).expect("Bob may block");
    assert_eq!(events.len(), 1);
    assert_eq!(
        *combat(&events[0]),
        CombatEvent::BlockersDeclared {
            player: t.player("bob"),
            blocks: vec![(wall, vec![bear])],
            blocked: vec![bear],
        }
    );
    assert_eq!(
        events[0].cites,
        vec![cite::R509_1, cite::R509_1G, cite::R509_1H]
    );
    // About the blocker and the attacker it blocked (509.1h).
    assert_eq!(
        events[0].subjects,
        vec![Target::Card(wall), Target::Card(bear)]
    );
    assert_eq!(t.game.step(), Step::DeclareBlockers);
    assert!(t.game.is_blocked(bear));
    assert_eq!(t.game.blocking(wall), vec![bear]);
}

#[test]
fn each_defending_player_declares_their_own_blockers() {
    let mut t = table(
        Rules::canonical(),
        "## Game
- players: Alice, Bob, Carol
- step: declare attackers
## Battlefield
- bear: Creature — Bear 2/2; controller Alice; attacking player Bob
- wolf: Creature — Wolf 2/2; controller Alice; attacking player Carol
- wall: Creature — Wall 0/4; controller Bob
- ogre: Creature — Ogre 4/4; controller Carol
## Actions
1. Bob blocks bear with wall
2. Bob declares no blockers
3. Carol declares no blockers",
    );
    let events = t.act(1).expect("Bob blocks");
    assert!(matches!(
        combat(&events[0]),
        CombatEvent::BlockersDeclared { player, .. } if *player == t.player("bob")
    ));
    // 509.1a: Bob's blockers are declared; Carol's are still to come.
    let refused = t.act(2).expect_err("Bob has declared his blockers");
    assert!(refused.iter().any(|r| cited(&r.cites, cite::R509_1)));
    let events = t.act(3).expect("Carol declares hers");
    assert_eq!(
        *combat(&events[0]),
        CombatEvent::NoBlockers {
            player: Some(t.player("carol"))
        }
    );
    assert!(t.game.is_blocked(t.card("bear")));
    assert!(!t.game.is_blocked(t.card("wolf")));
}

#[test]
fn an_announced_order_replaces_the_default_one() {
    let mut t = two_players(
        rules(2015, 1, 23),
        "declare attackers",
        "## Battlefield
- gorger: Creature — Beast 6/6; controller Alice; attacking
- elf: Creature — Elf 1/1; controller Bob
- guardian: Creature — Wall 0/5; controller Bob
## Actions
1. Bob blocks gorger with elf, guardian
2. Alice orders blockers of gorger: guardian, elf",
    );
    let (gorger, elf, guardian) = (t.card("gorger"), t.card("elf"), t.card("guardian"));
    t.act(1).expect("Bob blocks with both");
    assert_eq!(t.game.blockers_of(gorger), vec![elf, guardian]);
    let events = t.act(2).expect("Alice orders directly after the blocks");
    assert_eq!(
        *combat(&events[0]),
        CombatEvent::Ordered {
            card: gorger,
            order: vec![guardian, elf],
        }
    );
    assert_eq!(events[0].cites, vec![cite::R509_2_ORDER]);
    assert_eq!(t.game.blockers_of(gorger), vec![guardian, elf]);
}

#[test]
fn combat_damage_to_a_creature_is_damage_with_its_source() {
    let mut t = two_players(
        Rules::canonical(),
        "declare blockers",
        "## Battlefield
- bear: Creature — Bear 2/2; controller Alice; attacking
- wall: Creature — Wall 0/4; controller Bob; blocking bear
## Actions
1. combat damage",
    );
    let (bear, wall) = (t.card("bear"), t.card("wall"));
    let events = t.act(1).expect("the damage step");
    assert!(matches!(
        combat(&events[0]),
        CombatEvent::DamageStep { first: false, sources } if *sources == vec![bear, wall]
    ));
    let dealt = events
        .iter()
        .find(|e| matches!(e.what, Happened::Damage { .. }))
        .expect("the bear's damage");
    // The one event a prevention effect will see (615): who deals it and to whom.
    assert_eq!(
        dealt.what,
        Happened::Damage {
            card: wall,
            amount: 2,
            source: Some(bear),
            combat: true,
        }
    );
    assert_eq!(dealt.cites, vec![cite::R510_2, cite::R120_3E]);
    assert_eq!(t.game.damage(wall), 2);
    assert_eq!(t.game.step(), Step::CombatDamage);
}

#[test]
fn combat_damage_on_the_stack_is_pushed_then_popped_in_2009_05_01() {
    let mut t = two_players(
        rules(2009, 5, 1),
        "declare blockers",
        "## Battlefield
- bear: Creature — Bear 2/2; controller Alice; attacking
## Actions
1. combat damage",
    );
    let bear = t.card("bear");
    let events = t.act(1).expect("the damage step");
    let pushed = events.last().expect("events");
    assert_eq!(
        *combat(pushed),
        CombatEvent::OnTheStack {
            first: false,
            assigned: vec![(bear, vec![(2, Target::Player(t.player("bob")))])],
        }
    );
    assert_eq!(
        pushed.cites,
        vec![cite::R310_1_ON_THE_STACK, cite::R310_3_ON_THE_STACK]
    );
    assert_eq!(t.game.stack_objects(), vec![StackObject::CombatDamage]);
    assert_eq!(t.game.life(t.player("bob")), 20, "nothing is dealt yet");
    assert_eq!(t.game.priority(), Some(t.player("alice")));

    let resolved = t.game.resolve_top();
    assert_eq!(
        *combat(&resolved[0]),
        CombatEvent::DamageResolves { first: false }
    );
    assert_eq!(resolved[0].cites, vec![cite::R310_4_ON_THE_STACK]);
    assert_eq!(
        *combat(&resolved[1]),
        CombatEvent::DamageToPlayer {
            source: bear,
            player: t.player("bob"),
            amount: 2,
            now: 18,
        }
    );
    assert!(cited(&resolved[1].cites, cite::R310_4_ON_THE_STACK));
    assert!(cited(&resolved[1].cites, cite::R120_3A));
    assert!(t.game.stack_is_empty());
    assert_eq!(t.game.life(t.player("bob")), 18);
}

#[test]
fn combat_ends_removing_every_creature_from_combat() {
    let mut t = main_phase(
        "## Battlefield
- bear: Creature — Bear 2/2; controller Alice
## Actions
1. Alice attacks with bear
2. go to postcombat main",
    );
    let bear = t.card("bear");
    t.act(1).expect("the bear attacks");
    assert!(t.game.is_attacking(bear));
    let events = t.act(2).expect("the turn goes on");
    let ends = events
        .iter()
        .find(|e| matches!(e.what, Happened::Combat(CombatEvent::Ends)))
        .expect("combat ends");
    assert_eq!(ends.cites, vec![cite::R511_3]);
    assert_eq!(ends.subjects, vec![Target::Card(bear)]);
    assert!(!t.game.is_attacking(bear));
    assert_eq!(
        t.game.life(t.player("bob")),
        18,
        "its damage was dealt on the way"
    );
}

#[test]
fn the_first_strike_step_remembers_who_struck() {
    let mut t = two_players(
        Rules::canonical(),
        "declare blockers",
        "## Battlefield
- knight: Creature — Knight 2/2; controller Alice; first strike; attacking
- bear: Creature — Bear 2/2; controller Bob; blocking knight
## Actions
1. combat damage
2. combat damage",
    );
    let (knight, bear) = (t.card("knight"), t.card("bear"));
    let events = t.act(1).expect("the first-strike step");
    assert_eq!(
        *combat(&events[0]),
        CombatEvent::DamageStep {
            first: true,
            sources: vec![knight],
        }
    );
    assert_eq!(events[0].cites, vec![cite::R510_4, cite::R702_7B]);
    assert_eq!(t.game.step(), Step::FirstStrikeDamage);
    t.game.state_based_actions(None);
    assert!(!t.game.is_blocking(bear), "the bear died (704.5g)");
    // 510.4: the knight struck first and has no double strike: no one assigns now.
    let events = t.act(2).expect("the regular step");
    assert_eq!(
        *combat(&events[0]),
        CombatEvent::DamageStep {
            first: false,
            sources: Vec::new(),
        }
    );
    assert_eq!(t.game.step(), Step::CombatDamage);
}

#[test]
fn a_source_gone_with_its_damage_on_the_stack_deals_it_as_it_last_existed() {
    // The Mogg Fanatic trick of 2009-05-01 (310.4a–c), the ability left out.
    let mut t = two_players(
        rules(2009, 5, 1),
        "declare blockers",
        "## Battlefield
- fanatic: Creature — Goblin 1/1; controller Alice; attacking
- bear: Creature — Bear 2/2; controller Bob; blocking fanatic
## Actions
1. combat damage
2. in response, Alice sacrifices fanatic",
    );
    let (fanatic, bear) = (t.card("fanatic"), t.card("bear"));
    t.act(1).expect("the damage goes on the stack");
    t.act(2).expect("Alice sacrifices it in response");
    let resolved = t.game.resolve_top();
    let dealt = resolved
        .iter()
        .find(|e| matches!(e.what, Happened::Damage { .. }))
        .expect("the fanatic's damage");
    assert_eq!(
        dealt.what,
        Happened::Damage {
            card: bear,
            amount: 1,
            source: Some(fanatic),
            combat: true,
        }
    );
    assert!(cited(&dealt.cites, cite::R310_4B_LAST_KNOWN));
    let not_dealt = CombatEvent::NotDealt {
        source: bear,
        recipient: Target::Card(fanatic),
        amount: 2,
    };
    assert!(resolved
        .iter()
        .any(|e| matches!(&e.what, Happened::Combat(c) if *c == not_dealt)));
    assert_eq!(t.game.damage(bear), 1);
}

#[test]
fn a_new_turn_begins_a_new_combat_record() {
    // 302.6: control gained last turn is control since this turn began.
    let mut t = main_phase(
        "## Battlefield
- bear: Creature — Bear 2/2; controller Alice
## Actions
1. Bob gains control of bear
2. Bob attacks with bear
3. next turn
4. Bob attacks with bear",
    );
    let bear = t.card("bear");
    t.act(1).expect("an effect");
    assert!(t.act(2).is_err(), "not Bob's turn");
    let events = t.act(3).expect("the turn passes");
    assert!(events.iter().any(
        |e| matches!(e.what, Happened::TurnBegins { player, .. } if player == t.player("bob"))
    ));
    let events = t
        .act(4)
        .expect("Bob has controlled it since his turn began");
    assert!(matches!(
        combat(&events[0]),
        CombatEvent::AttackersDeclared { active, .. } if *active == t.player("bob")
    ));
    assert!(t.game.is_attacking(bear));
}
