//! 616.1 on small events written for the test: the CR's own examples and the contract's.

use super::*;
use crate::model::Date;

fn on(year: u16, month: u8, day: u8) -> Order {
    Order::of(Date { year, month, day })
}

fn candidate(name: &str, timestamp: i64, category: Category) -> Candidate {
    Candidate {
        name: name.into(),
        timestamp: (timestamp, 0),
        category,
    }
}

fn cited(cites: &[Cite]) -> Vec<String> {
    cites.iter().map(|c| c.rule.to_string()).collect()
}

/// Walking Ballista entering: `None` until its own "enters with" applies, then the
/// counters the event puts.
fn ballista(order: &Order, named: &[&str]) -> Decision<Option<u32>> {
    let effects = [
        candidate("scales", 1, Category::Any),
        candidate("season", 2, Category::Any),
        candidate("ballista's enters with", 3, Category::Any),
    ];
    let applicable = |e: &Option<u32>, i: usize| match i {
        2 => e.is_none(),
        _ => e.is_some_and(|n| n > 0),
    };
    let apply = |e: &Option<u32>, i: usize| match i {
        0 => e.map(|n| n + 1),
        1 => e.map(|n| n * 2),
        _ => Some(2),
    };
    decide(&None, &effects, order, named, applicable, apply).unwrap()
}

#[test]
fn ballista_makes_six_or_five_as_its_controller_chooses() {
    let today = on(2026, 4, 17);
    let d = ballista(&today, &["scales", "season"]);
    assert_eq!(d.chosen.result, Some(6));
    assert_eq!(d.chosen.order(), [2, 0, 1]);
    assert!(!d.chosen.by_default());
    assert!(d.differ);
    let results: Vec<_> = d.orders.iter().map(|o| o.result).collect();
    assert_eq!(results, [Some(6), Some(5)]);
    let step = &d.chosen.steps[1];
    assert_eq!(
        cited(&step.cites),
        ["616.1", "616.1e", "616.1f", "616.2", "614.5"]
    );
    let d = ballista(&today, &["season", "scales"]);
    assert_eq!(d.chosen.result, Some(5));
}

#[test]
fn the_default_is_the_earliest_timestamp_and_says_so() {
    let d = ballista(&on(2026, 4, 17), &[]);
    assert_eq!(d.chosen.order(), [2, 0, 1]);
    assert!(d.chosen.by_default());
    assert!(
        !d.chosen.steps[0].by_default,
        "one effect applied: no choice"
    );
}

#[test]
fn each_revision_cites_its_own_any_step() {
    let d = ballista(&on(2011, 7, 15), &["scales"]);
    assert_eq!(
        cited(&d.chosen.steps[1].cites),
        ["616.1", "616.1c", "616.1d", "616.2", "614.5"]
    );
    let d = ballista(&on(2009, 7, 11), &["scales"]);
    assert_eq!(
        cited(&d.chosen.steps[1].cites),
        ["615.1", "615.1c", "615.1d", "615.2", "613.5"]
    );
    let d = ballista(&on(2008, 10, 1), &["scales"]);
    assert_eq!(
        cited(&d.chosen.steps[1].cites),
        ["419.9a", "419.9b", "419.6a"]
    );
}

#[test]
fn three_effects_before_2008_10_01_repeat_the_choice_and_say_so() {
    let d = ballista(&on(2008, 2, 1), &[]);
    assert_eq!(d.chosen.result, Some(6));
    assert!(d.repeated_past_two);
    assert!(!ballista(&on(2008, 10, 1), &[]).repeated_past_two);
}

/// Essence of the Wild and Rusted Sentinel: (a copy of Essence, tapped).
fn sentinel(order: &Order, named: &[&str]) -> Decision<(bool, bool)> {
    let effects = [
        candidate("essence", 1, Category::Copy),
        candidate("sentinel's enters tapped", 2, Category::Any),
    ];
    // As a copy of Essence, Sentinel no longer has its "enters tapped".
    let applicable = |e: &(bool, bool), i: usize| !e.0 && (i == 0 || !e.1);
    let apply = |e: &(bool, bool), i: usize| if i == 0 { (true, e.1) } else { (e.0, true) };
    decide(&(false, false), &effects, order, named, applicable, apply).unwrap()
}

#[test]
fn the_copy_comes_first_from_2011_09_30() {
    let d = sentinel(&on(2026, 4, 17), &["sentinel's enters tapped", "essence"]);
    assert_eq!(d.chosen.result, (true, false));
    assert_eq!(d.chosen.order(), [0]);
    assert_eq!(d.chosen.out_of_turn.len(), 1);
    assert_eq!(d.chosen.out_of_turn[0].named, 1);
    assert_eq!(d.chosen.out_of_turn[0].rule.rule.to_string(), "616.1c");
    assert_eq!(d.orders.len(), 1);
    assert!(!d.differ);
}

#[test]
fn before_2011_09_30_either_order_may_be_chosen() {
    let d = sentinel(&on(2011, 7, 15), &["sentinel's enters tapped", "essence"]);
    assert_eq!(d.chosen.result, (true, true));
    assert!(d.chosen.out_of_turn.is_empty());
    assert_eq!(d.orders.len(), 2);
    assert!(d.differ);
}

/// 616.1f's example: Rest in Peace's exile and a creature's own shuffle; the destination.
#[test]
fn once_one_destination_applies_the_other_does_nothing() {
    let effects = [
        candidate("rest", 1, Category::Any),
        candidate("creature", 2, Category::Any),
    ];
    let applicable = |e: &&str, _| *e == "graveyard";
    let apply = |_: &&str, i: usize| if i == 0 { "exile" } else { "library" };
    let d = decide(
        &"graveyard",
        &effects,
        &on(2026, 4, 17),
        &["creature"],
        applicable,
        apply,
    )
    .unwrap();
    assert_eq!(d.chosen.result, "library");
    assert_eq!(d.chosen.steps.len(), 1);
    assert!(cited(&d.chosen.steps[0].cites).contains(&"616.1f".to_string()));
    let results: Vec<_> = d.orders.iter().map(|o| o.result).collect();
    assert_eq!(results, ["exile", "library"]);
}

/// 614.5: two "double that damage" effects make 2 into 8, each applying once.
#[test]
fn each_effect_applies_once() {
    let effects = [
        candidate("furnace", 1, Category::Any),
        candidate("dictate", 2, Category::Any),
    ];
    let d = decide(
        &2u32,
        &effects,
        &on(2026, 4, 17),
        &[],
        |e, _| *e > 0,
        |e, _| e * 2,
    )
    .unwrap();
    assert_eq!(d.chosen.result, 8);
    let last = d.chosen.steps.last().unwrap();
    assert!(cited(&last.cites).contains(&"614.5".to_string()));
    assert!(!d.differ);
}

#[test]
fn seven_effects_are_refused() {
    let effects: Vec<Candidate> = (0..7)
        .map(|i| candidate(&format!("e{i}"), i, Category::Any))
        .collect();
    let six = &effects[..6];
    let d = decide(
        &0u32,
        six,
        &on(2026, 4, 17),
        &[],
        |_, _| true,
        |e, i| e * 7 + i as u32,
    );
    assert_eq!(d.unwrap().orders.len(), 720);
    let seven = decide(
        &0u32,
        &effects,
        &on(2026, 4, 17),
        &[],
        |_, _| true,
        |e, _| *e,
    );
    assert_eq!(seven, Err(TooMany { count: 7 }));
}

#[test]
fn an_effect_becoming_applicable_counts_toward_the_limit() {
    // e0 applies first; once applied, six others become applicable.
    let effects: Vec<Candidate> = (0..7)
        .map(|i| candidate(&format!("e{i}"), i, Category::Any))
        .collect();
    let applicable = |e: &u32, i: usize| if i == 0 { *e == 0 } else { *e > 0 };
    let d = decide(
        &0u32,
        &effects,
        &on(2026, 4, 17),
        &[],
        applicable,
        |e, _| e + 1,
    );
    assert_eq!(d, Err(TooMany { count: 7 }));
}

#[test]
fn an_effect_on_a_contained_event_waits_from_2017_09_29() {
    let effects = [
        candidate("inner", 1, Category::Contained),
        candidate("outer", 2, Category::Any),
    ];
    let d = |order: &Order| {
        decide(
            &0u32,
            &effects,
            order,
            &["inner"],
            |e, i| *e & (1 << i) == 0,
            |e, i| e | (1 << i),
        )
        .unwrap()
    };
    let today = d(&on(2026, 4, 17));
    assert_eq!(today.chosen.order(), [1, 0]);
    assert_eq!(today.chosen.out_of_turn[0].rule.rule.to_string(), "616.1g");
    assert_eq!(today.orders.len(), 1);
    let before = d(&on(2017, 1, 20));
    assert_eq!(before.chosen.order(), [0, 1]);
    assert_eq!(before.orders.len(), 2);
}
