//! Unit tests of the kernel, a chapter at a time: a game built in Rust (no file format),
//! one action, and the events and citations it produced asserted.

use super::super::card::{Ability, CardType, Characteristics, Color, PowerToughness, TypeLine};
use super::super::statement::{ActionItem, CardSpec, Change, Setup, Statement, Step, Target, Zone};
use super::cite::{self, Cite};
use super::event::Doing;
use super::revisions::Rules;
use super::{Cause, EventKind, Finding, Game, Happened, Outcome, StackObject, Why};
use crate::model::Date;

fn chars(type_line: &str, pt: Option<(i32, i32)>) -> Characteristics {
    Characteristics {
        type_line: TypeLine::parse(&type_line.to_lowercase()).expect("a type line"),
        power_toughness: pt.map(|(power, toughness)| PowerToughness { power, toughness }),
        ..Characteristics::default()
    }
}

fn spec(label: &str, zone: Zone, owner: usize, printed: Characteristics) -> CardSpec {
    CardSpec {
        label: label.into(),
        name: label.into(),
        line: 1,
        zone,
        owner,
        controller: Some(owner),
        printed,
        token: false,
        tapped: false,
        entered_this_turn: false,
        combat: Default::default(),
        attached_to: None,
        targets: Vec::new(),
        damage: 0,
        plus_counters: 0,
        minus_counters: 0,
        protector: None,
        timestamp: None,
    }
}

fn setup(players: &[&str], step: Step, cards: Vec<CardSpec>) -> Setup {
    Setup {
        players: players.iter().map(|p| p.to_string()).collect(),
        active: 0,
        priority: 0,
        priority_given: false,
        step,
        rules: None,
        life: vec![20; players.len()],
        lands_played: vec![0; players.len()],
        extra_land_plays: vec![0; players.len()],
        cards,
    }
}

fn item(statement: Statement) -> ActionItem {
    ActionItem {
        n: 1,
        line: 1,
        text: String::new(),
        in_response: false,
        statement,
        choice: None,
    }
}

/// `P casts L [targeting T...]`.
fn cast(player: usize, card: usize, targets: Vec<Target>) -> ActionItem {
    item(Statement::Cast {
        player,
        card,
        targets,
    })
}

fn rules(year: u16, month: u8, day: u8) -> Rules {
    Rules::for_date(Date { year, month, day }).expect("a supported revision")
}

fn cited(cites: &[Cite], wanted: Cite) -> bool {
    cites.contains(&wanted)
}

#[test]
fn state_a_zone_change_makes_a_new_object() {
    let s = setup(
        &["Alice", "Bob"],
        Step::PrecombatMain,
        vec![spec(
            "bear",
            Zone::Battlefield,
            0,
            chars("Creature — Bear", Some((2, 2))),
        )],
    );
    let mut game = Game::new(&s, Rules::canonical());
    let before = game.object_id(0);
    let events = game
        .perform(&item(Statement::Destroy(0)))
        .expect("destroy is an effect");
    assert_eq!(game.zone(0), Zone::Graveyard(0));
    assert_ne!(game.object_id(0), before);
    assert_eq!(events[0].kind(), EventKind::Moved);
    assert!(cited(&events[0].cites, cite::R701_8A));
    assert!(cited(&events[0].cites, cite::R400_7));
    // The zone change names the old object and the new one (400.7).
    assert_eq!(
        events[0].what,
        Happened::ZoneChange {
            card: 0,
            from: Zone::Battlefield,
            to: Zone::Graveyard(0),
            old: before,
            new: game.object_id(0),
            cause: Cause::Destroyed,
        }
    );
}

#[test]
fn sba_rows_are_704_5_rules_in_order() {
    use super::sba::ROWS;
    let rule_704_5 = "704.5".parse().expect("a rule number");
    for pair in ROWS.windows(2) {
        assert!(pair[0].rule.rule <= pair[1].rule.rule, "{:?}", pair[1].rule);
    }
    for row in ROWS {
        assert!(row.rule.rule.is_within(&rule_704_5), "{:?}", row.rule);
    }
}

#[test]
fn sba_are_checked_simultaneously_then_applied() {
    // A 0/0 creature and a token in a graveyard: both rows find their action in the same
    // state, and one round performs both (704.3).
    let mut bear = spec(
        "bear",
        Zone::Battlefield,
        0,
        chars("Creature — Bear", Some((2, 0))),
    );
    bear.damage = 0;
    let mut token = spec(
        "spirit",
        Zone::Graveyard(1),
        1,
        chars("Creature — Spirit", Some((1, 1))),
    );
    token.token = true;
    let s = setup(&["Alice", "Bob"], Step::PrecombatMain, vec![bear, token]);
    let mut game = Game::new(&s, Rules::canonical());
    let old = game.object_id(0);
    let pending = game.pending_state_based_actions();
    assert_eq!(pending.len(), 2);
    let rounds = game.state_based_actions(None);
    assert_eq!(rounds.len(), 1, "one round, then nothing more applies");
    let round = &rounds[0];
    // In 704.5's order: the token (704.5d), then the creature (704.5f).
    assert!(matches!(
        &round[0].what,
        Happened::StateBased {
            outcome: Outcome::CeasesToExist { card: 1, .. },
            findings,
        } if matches!(findings[..], [Finding::TokenElsewhere { card: 1, .. }])
    ));
    assert!(cited(&round[0].cites, cite::R704_5D));
    match &round[1].what {
        Happened::StateBased {
            outcome:
                Outcome::ToGraveyard {
                    card: 0,
                    old: o,
                    new,
                    ..
                },
            findings,
        } => {
            assert_eq!(*o, old);
            assert_eq!(*new, game.object_id(0));
            assert_ne!(*new, old);
            assert!(matches!(
                findings[..],
                [Finding::ZeroToughness {
                    card: 0,
                    toughness: 0
                }]
            ));
        }
        other => panic!("expected the creature to go to the graveyard, got {other:?}"),
    }
    assert!(cited(&round[1].cites, cite::R704_5F));
    assert!(round.iter().all(|e| e.state_based));
    assert_eq!(game.zone(0), Zone::Graveyard(0));
    assert_eq!(game.zone(1), Zone::Nowhere);
}

#[test]
fn priority_an_instant_needs_priority() {
    let mut s = setup(
        &["Alice", "Bob"],
        Step::PrecombatMain,
        vec![spec("shock", Zone::Hand(1), 1, chars("Instant", None))],
    );
    s.priority = 0;
    let mut game = Game::new(&s, Rules::canonical());
    let reasons = game
        .perform(&cast(1, 0, Vec::new()))
        .expect_err("Bob has no priority");
    assert!(reasons.iter().any(|r| cited(&r.cites, cite::R117_1)));
    assert_eq!(
        game.zone(0),
        Zone::Hand(1),
        "an illegal action changes nothing"
    );
}

#[test]
fn priority_no_one_has_it_in_the_untap_step() {
    let s = setup(
        &["Alice", "Bob"],
        Step::Untap,
        vec![spec("shock", Zone::Hand(0), 0, chars("Instant", None))],
    );
    let mut game = Game::new(&s, Rules::canonical());
    assert_eq!(game.priority(), None);
    let reasons = game
        .perform(&cast(0, 0, Vec::new()))
        .expect_err("no priority in the untap step");
    assert!(reasons.iter().any(|r| cited(&r.cites, cite::R502_4)));
}

#[test]
fn stack_casting_keeps_priority_and_resolving_cites_the_revision() {
    for (rules, wanted) in [
        (Rules::canonical(), cite::R608_3A),
        (rules(2014, 2, 1), cite::R608_3),
    ] {
        let s = setup(
            &["Alice", "Bob"],
            Step::PrecombatMain,
            vec![spec(
                "bear",
                Zone::Hand(0),
                0,
                chars("Creature — Bear", Some((2, 2))),
            )],
        );
        let mut game = Game::new(&s, rules);
        let cast = game
            .perform(&cast(0, 0, Vec::new()))
            .expect("Alice may cast a creature in her main phase");
        assert!(cited(&cast[0].cites, cite::R117_3C));
        assert_eq!(game.priority(), Some(0));
        let resolved = game.resolve_top();
        assert_eq!(game.zone(0), Zone::Battlefield);
        assert!(cited(&resolved[0].cites, wanted), "{:?}", rules.date);
    }
}

#[test]
fn stack_counter_puts_the_spell_into_the_graveyard() {
    let s = setup(
        &["Alice", "Bob"],
        Step::PrecombatMain,
        vec![spec(
            "bear",
            Zone::Hand(0),
            0,
            chars("Creature — Bear", Some((2, 2))),
        )],
    );
    let mut game = Game::new(&s, Rules::canonical());
    game.perform(&cast(0, 0, Vec::new())).expect("legal");
    let events = game
        .perform(&item(Statement::Counter(0)))
        .expect("an effect");
    assert_eq!(game.zone(0), Zone::Graveyard(0));
    assert!(game.stack_is_empty());
    assert!(cited(&events[0].cites, cite::R701_6A));
}

#[test]
fn sba_world_rule_counts_from_when_the_supertype_began() {
    let mut old = spec("old", Zone::Battlefield, 0, chars("Enchantment", None));
    old.timestamp = Some(1);
    let mut world = spec(
        "world",
        Zone::Battlefield,
        1,
        chars("World Enchantment", None),
    );
    world.timestamp = Some(2);
    let s = setup(&["Alice", "Bob"], Step::PrecombatMain, vec![old, world]);
    let mut game = Game::new(&s, Rules::canonical());
    let becomes = TypeLine::parse("world enchantment").expect("a type line");
    game.perform(&item(Statement::Modify {
        card: 0,
        change: Change::BecomesTypes(becomes, None),
        until_end_of_turn: false,
    }))
    .expect("an effect");
    let rounds = game.state_based_actions(None);
    assert_eq!(game.zone(1), Zone::Graveyard(1));
    assert_eq!(game.zone(0), Zone::Battlefield);
    assert!(rounds
        .iter()
        .flatten()
        .any(|e| cited(&e.cites, cite::R704_5K)));
}

#[test]
fn sba_equipment_left_alone_cites_equipment_rules() {
    let bear = spec(
        "bear",
        Zone::Battlefield,
        0,
        chars("Creature — Bear", Some((2, 2))),
    );
    let mut sword = spec(
        "sword",
        Zone::Battlefield,
        0,
        chars("Artifact — Equipment", None),
    );
    sword.printed.abilities.push(Ability::Equip(None));
    sword.attached_to = Some(Target::Card(0));
    let s = setup(&["Alice", "Bob"], Step::PrecombatMain, vec![bear, sword]);
    let mut game = Game::new(&s, Rules::canonical());
    game.perform(&item(Statement::Destroy(0)))
        .expect("an effect");
    let rounds = game.state_based_actions(None);
    let unattached = rounds
        .iter()
        .flatten()
        .find(|e| e.kind() == EventKind::Unattached)
        .expect("the sword becomes unattached");
    assert!(cited(&unattached.cites, cite::R704_5N));
    assert!(cited(&unattached.cites, cite::R301_5C));
    assert!(!cited(&unattached.cites, cite::R303_4C));
}

#[test]
fn multiplayer_a_loser_leaves_with_what_they_own_and_stole() {
    let bear = spec(
        "bear",
        Zone::Battlefield,
        0,
        chars("Creature — Bear", Some((2, 2))),
    );
    let knight = spec(
        "knight",
        Zone::Battlefield,
        2,
        chars("Creature — Knight", Some((2, 2))),
    );
    let s = setup(
        &["Alice", "Bob", "Carol"],
        Step::PrecombatMain,
        vec![bear, knight],
    );
    let mut game = Game::new(&s, Rules::canonical());
    game.perform(&item(Statement::Modify {
        card: 0,
        change: Change::Control(2),
        until_end_of_turn: false,
    }))
    .expect("an effect");
    assert_eq!(game.controller(0), 2);
    game.perform(&item(Statement::LoseLife {
        player: 2,
        amount: 20,
    }))
    .expect("an effect");
    let rounds = game.state_based_actions(None);
    assert!(game.has_lost(2));
    assert_eq!(game.zone(1), Zone::Nowhere);
    assert_eq!(game.controller(0), 0);
    assert!(rounds
        .iter()
        .flatten()
        .any(|e| e.kind() == EventKind::Control && cited(&e.cites, cite::R800_4A)));
}

#[test]
fn legality_protection_from_everything_cites_its_own_rule() {
    let mut wall = spec(
        "wall",
        Zone::Battlefield,
        1,
        chars("Creature — Wall", Some((0, 4))),
    );
    wall.printed
        .abilities
        .push(Ability::Protection(super::super::card::Quality::Everything));
    let mut aura = spec("aura", Zone::Hand(0), 0, chars("Enchantment — Aura", None));
    aura.printed.colors.insert(Color::White);
    aura.printed.abilities.push(Ability::Enchant(
        super::super::card::Enchant::parse("creature").expect("an enchant restriction"),
    ));
    let s = setup(&["Alice", "Bob"], Step::PrecombatMain, vec![wall, aura]);
    let mut game = Game::new(&s, Rules::canonical());
    let reasons = game
        .perform(&cast(0, 1, vec![Target::Card(0)]))
        .expect_err("protection from everything");
    assert!(reasons.iter().any(|r| cited(&r.cites, cite::R702_16J)));
}

#[test]
fn characteristics_becoming_a_creature_cites_the_type_layer() {
    let field = spec("field", Zone::Battlefield, 0, chars("Land", None));
    let s = setup(&["Alice", "Bob"], Step::PrecombatMain, vec![field]);
    let mut game = Game::new(&s, Rules::canonical());
    let events = game
        .perform(&item(Statement::Modify {
            card: 0,
            change: Change::BecomesCreature(Some(PowerToughness {
                power: 3,
                toughness: 3,
            })),
            until_end_of_turn: true,
        }))
        .expect("an effect");
    assert!(game.view(0).chars.is(CardType::Creature));
    assert!(cited(&events[0].cites, cite::R613_1D));
    assert!(cited(&events[0].cites, cite::R613_4B));
}

#[test]
fn apply_damage_is_marked_and_removed_in_cleanup() {
    let s = setup(
        &["Alice", "Bob"],
        Step::PrecombatMain,
        vec![spec(
            "bear",
            Zone::Battlefield,
            0,
            chars("Creature — Bear", Some((2, 3))),
        )],
    );
    let mut game = Game::new(&s, Rules::canonical());
    let events = game
        .perform(&item(Statement::Damage {
            card: 0,
            amount: 2,
            source: None,
        }))
        .expect("damage is an effect");
    assert_eq!(
        events[0].what,
        Happened::Damage {
            card: 0,
            amount: 2,
            source: None
        }
    );
    assert!(cited(&events[0].cites, cite::R120_3E));
    assert_eq!(game.damage(0), 2);
    let events = game
        .perform(&item(Statement::GoTo(Step::Cleanup)))
        .expect("the turn goes on");
    let cleanup = events
        .iter()
        .find(|e| matches!(e.what, Happened::Cleanup { .. }))
        .expect("a cleanup event");
    assert!(cited(&cleanup.cites, cite::R514_2));
    assert_eq!(game.damage(0), 0);
}

#[test]
fn priority_reasons_are_data_not_sentences() {
    let s = setup(
        &["Alice", "Bob"],
        Step::PrecombatMain,
        vec![spec("shock", Zone::Hand(1), 1, chars("Instant", None))],
    );
    let mut game = Game::new(&s, Rules::canonical());
    let reasons = game
        .perform(&cast(1, 0, Vec::new()))
        .expect_err("Bob has no priority");
    assert_eq!(
        reasons[0].why,
        Why::NoPriority {
            player: 1,
            holder: 0
        }
    );
    assert_eq!(reasons[0].cites, vec![cite::R117_1]);
}

#[test]
fn stack_cast_and_resolution_push_and_pop_through_apply() {
    let s = setup(
        &["Alice", "Bob"],
        Step::PrecombatMain,
        vec![
            spec("shock", Zone::Hand(0), 0, chars("Instant", None)),
            spec("giant", Zone::Hand(1), 1, chars("Instant", None)),
        ],
    );
    let mut game = Game::new(&s, Rules::canonical());
    let cast_events = game
        .perform(&cast(0, 0, Vec::new()))
        .expect("Alice has priority");
    assert!(matches!(
        cast_events[0].what,
        Happened::Cast {
            player: 0,
            card: 0,
            ..
        }
    ));
    assert_eq!(game.stack_objects(), vec![StackObject::Spell(0)]);
    // 117.3c: Alice keeps priority; in response, Bob's turn to act comes (117.3d).
    assert_eq!(game.priority(), Some(0));
    let mut response = cast(1, 1, Vec::new());
    response.in_response = true;
    game.perform(&response).expect("Bob responds");
    assert_eq!(
        game.stack_objects(),
        vec![StackObject::Spell(1), StackObject::Spell(0)],
        "top first"
    );
    let resolved = game.resolve_top();
    assert_eq!(resolved[0].what, Happened::Resolves(StackObject::Spell(1)));
    assert!(cited(&resolved[0].cites, cite::R608_2N));
    assert_eq!(game.stack_objects(), vec![StackObject::Spell(0)]);
    // 117.3b: the active player receives priority after a resolution.
    assert_eq!(game.priority(), Some(0));
    game.resolve_top();
    assert!(game.stack_is_empty());
}

#[test]
fn actions_a_refused_response_gives_priority_back() {
    let s = setup(
        &["Alice", "Bob"],
        Step::PrecombatMain,
        vec![
            spec("shock", Zone::Hand(0), 0, chars("Instant", None)),
            spec(
                "bear",
                Zone::Hand(1),
                1,
                chars("Creature — Bear", Some((2, 2))),
            ),
        ],
    );
    let mut game = Game::new(&s, Rules::canonical());
    game.perform(&cast(0, 0, Vec::new())).expect("Alice casts");
    let mut response = cast(1, 1, Vec::new());
    response.in_response = true;
    let reasons = game
        .perform(&response)
        .expect_err("a creature isn't cast in response");
    assert!(reasons.iter().any(|r| matches!(
        r.why,
        Why::NotOwnTurn {
            doing: Doing::Cast(1),
            active: 0
        }
    )));
    assert_eq!(game.priority(), Some(0), "the game is untouched");
    assert_eq!(game.stack_objects(), vec![StackObject::Spell(0)]);
}

#[test]
fn multiplayer_the_leaver_s_abilities_leave_the_stack_and_priority_passes() {
    let mut sword = spec(
        "sword",
        Zone::Battlefield,
        2,
        chars("Artifact — Equipment", None),
    );
    sword.printed.abilities.push(Ability::Equip(None));
    let bear = spec(
        "bear",
        Zone::Battlefield,
        2,
        chars("Creature — Bear", Some((2, 2))),
    );
    let mut s = setup(
        &["Alice", "Bob", "Carol"],
        Step::PrecombatMain,
        vec![sword, bear],
    );
    s.active = 2;
    s.priority = 2;
    let mut game = Game::new(&s, Rules::canonical());
    game.perform(&item(Statement::Equip {
        player: 2,
        equipment: 0,
        target: 1,
    }))
    .expect("Carol equips at sorcery speed");
    assert_eq!(game.stack_objects().len(), 1);
    game.perform(&item(Statement::LoseLife {
        player: 2,
        amount: 20,
    }))
    .expect("an effect");
    let rounds = game.state_based_actions(None);
    assert!(game.has_lost(2));
    assert!(game.stack_is_empty(), "800.4a: her ability ceased to exist");
    assert_eq!(
        game.priority(),
        Some(0),
        "priority passed to the next player"
    );
    let left: Vec<_> = rounds
        .iter()
        .flatten()
        .filter(|e| matches!(e.what, Happened::LeavesGame { owner: 2, .. }))
        .collect();
    assert_eq!(left.len(), 2, "the sword and the bear leave with her");
    assert!(left.iter().all(|e| cited(&e.cites, cite::R800_4A)));
}
