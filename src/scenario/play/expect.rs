//! Each expectation of a scenario checked against the game as played: whether it holds,
//! what is the case, and the citations of the event that made it so (or of the action
//! that failed to change it).

use super::*;
use crate::scenario::engine::{CardId, Id, PlayerId};

/// Whether the cited rules include `wanted`: the same number, or one below it.
fn covers(cited: &[String], wanted: &RuleNumber) -> bool {
    cited.iter().any(|c| {
        c.parse::<RuleNumber>()
            .is_ok_and(|n| n == *wanted || n.is_within(wanted))
    })
}

pub(super) fn check(
    game: &Game,
    scenario: &Scenario,
    e: &super::super::statement::Expectation,
    actions: &[ActionReport],
    log: &[Logged],
    sbas: &[SbaReport],
    map: &dyn Fn(&[Cite]) -> Vec<String>,
) -> ExpectationReport {
    let target_name = |t: Target| crate::scenario::words::target_name(game, t);
    let label = |c: CardId| game.label(c).to_string();
    let pname = |p: PlayerId| game.player_name(p).to_string();
    // (holds, what is the case, subject and kinds of the event that made it true)
    let (holds, actual, subject, kinds): (bool, String, Option<Target>, &[EventKind]) = match &e
        .claim
    {
        Claim::ReplacementOrder { n, matters } => {
            return replacement_order(e, log, *n, *matters);
        }
        Claim::ActionLegal { n, legal } => {
            let Some(a) = actions.iter().find(|a| a.n == *n) else {
                return ExpectationReport {
                    text: e.text.clone(),
                    passed: false,
                    detail: format!("action {n} was not played"),
                };
            };
            let holds = a.legal == *legal;
            let mut detail = format!(
                "action {n} was {} ({})",
                if a.legal { "legal" } else { "illegal" },
                if a.cites.is_empty() {
                    "no rules cited".to_string()
                } else {
                    format!("cited {}", a.cites.join(", "))
                }
            );
            // What a legal action cited includes what its own events cited: the
            // assignments of a combat damage step (702.19b for a trample over) are the
            // action's rules as much as the step's 510.1.
            let mut cited = a.cites.clone();
            if a.legal {
                cited.extend(a.events.iter().flat_map(|ev| ev.cites.iter().cloned()));
            }
            let missing: Vec<String> = e
                .cites
                .iter()
                .filter(|r| !covers(&cited, r))
                .map(|r| r.short())
                .collect();
            let passed = holds && missing.is_empty();
            if holds && !missing.is_empty() {
                detail = format!("{detail}; expected it to cite {}", missing.join(", "));
            }
            return ExpectationReport {
                text: e.text.clone(),
                passed,
                detail,
            };
        }
        Claim::StateBasedActionsCite => {
            let cited: Vec<String> = sbas.iter().flat_map(|s| s.cites.iter().cloned()).collect();
            let missing: Vec<String> = e
                .cites
                .iter()
                .filter(|r| !covers(&cited, r))
                .map(|r| r.short())
                .collect();
            let mut all = cited.clone();
            all.sort();
            all.dedup();
            return ExpectationReport {
                text: e.text.clone(),
                passed: missing.is_empty(),
                detail: if missing.is_empty() {
                    format!("state-based actions cited {}", all.join(", "))
                } else if all.is_empty() {
                    format!(
                        "no state-based actions were performed; expected {}",
                        missing.join(", ")
                    )
                } else {
                    format!(
                        "state-based actions cited {}, not {}",
                        all.join(", "),
                        missing.join(", ")
                    )
                },
            };
        }
        Claim::Is { card, .. }
        | Claim::PowerToughness { card, .. }
        | Claim::HasAbility { card, .. }
        | Claim::NoAbilities(card)
        | Claim::IsColor { card, .. }
        | Claim::Damage { card, .. }
        | Claim::Counters { card, .. } => {
            let subject = Target::Card(*card);
            let cited: Vec<String> = log
                .iter()
                .filter(|l| l.event.subjects.contains(&subject))
                .flat_map(|l| map(&l.event.cites))
                .collect();
            if let Some(r) = super::super::layers_report::check(game, e, &cited, map) {
                return r;
            }
            return ExpectationReport {
                text: e.text.clone(),
                passed: false,
                detail: "not a claim about characteristics".into(),
            };
        }
        Claim::AttachedTo { card, to, negated } => {
            let now = game.attached_to(*card);
            let holds = (now == Some(*to)) != *negated;
            let actual = match now {
                Some(t) => format!("{} is attached to {}", label(*card), target_name(t)),
                None => format!("{} is unattached", label(*card)),
            };
            let kinds: &[EventKind] = if *negated {
                &[EventKind::Unattached, EventKind::Moved, EventKind::Note]
            } else {
                &[EventKind::Attached]
            };
            (holds, actual, Some(Target::Card(*card)), kinds)
        }
        Claim::Unattached(card) => {
            let now = game.attached_to(*card);
            let actual = match now {
                Some(t) => format!("{} is attached to {}", label(*card), target_name(t)),
                None => format!("{} is unattached", label(*card)),
            };
            (
                now.is_none(),
                actual,
                Some(Target::Card(*card)),
                &[EventKind::Unattached, EventKind::Moved, EventKind::Note],
            )
        }
        Claim::InZone { card, zone } => {
            let now = game.zone(*card);
            (
                now == *zone,
                format!("{} is {}", label(*card), board::where_is(game, now)),
                Some(Target::Card(*card)),
                &[EventKind::Moved, EventKind::Note],
            )
        }
        Claim::NoLongerExists(card) => {
            let now = game.zone(*card);
            (
                now == Zone::Nowhere,
                format!("{} is {}", label(*card), board::where_is(game, now)),
                Some(Target::Card(*card)),
                &[EventKind::Moved],
            )
        }
        Claim::IsCreature { card, negated } => {
            let is = game.is_creature(*card);
            (
                is != *negated,
                format!(
                    "{} is {}a creature ({})",
                    label(*card),
                    if is { "" } else { "not " },
                    game.view(*card).chars.type_line
                ),
                Some(Target::Card(*card)),
                &[
                    EventKind::Changed,
                    EventKind::Attached,
                    EventKind::Unattached,
                    EventKind::Moved,
                ],
            )
        }
        Claim::IsTapped { card, negated } => {
            let is = game.is_tapped(*card);
            (
                is != *negated,
                format!(
                    "{} is {}",
                    label(*card),
                    if is { "tapped" } else { "untapped" }
                ),
                Some(Target::Card(*card)),
                &[EventKind::Turn, EventKind::Moved, EventKind::Combat],
            )
        }
        Claim::ControlledBy { card, player } => {
            let c = game.controller(*card);
            (
                c == *player,
                format!("{} is controlled by {}", label(*card), pname(c)),
                Some(Target::Card(*card)),
                &[EventKind::Control, EventKind::Moved],
            )
        }
        Claim::PlayedLands { player, n } => {
            let k = game.lands_played(*player);
            (
                k == *n,
                format!(
                    "{} has played {k} land{}",
                    pname(*player),
                    if k == 1 { "" } else { "s" }
                ),
                Some(Target::Player(*player)),
                &[EventKind::Played, EventKind::Turn],
            )
        }
        Claim::CanPlayMore { player, n } => {
            let k = game.land_plays_left(*player);
            (
                k == *n,
                format!(
                    "{} can play {k} more land{}",
                    pname(*player),
                    if k == 1 { "" } else { "s" }
                ),
                Some(Target::Player(*player)),
                &[EventKind::Played, EventKind::Turn],
            )
        }
        Claim::Life { player, n } => {
            let k = game.life(*player);
            (
                k == *n,
                format!("{}'s life is {k}", pname(*player)),
                Some(Target::Player(*player)),
                &[EventKind::Life],
            )
        }
        claim @ (Claim::Attacking { .. } | Claim::Blocking { .. } | Claim::Blocked { .. }) => {
            combat::check(game, claim).unwrap_or((false, String::new(), None, &[]))
        }
        claim @ (Claim::Triggered { .. }
        | Claim::Resolved { .. }
        | Claim::Removed(_)
        | Claim::TriggerControlledBy { .. }
        | Claim::StackHolds(_)) => {
            let (holds, actual) = triggers(game, claim);
            // The evidence: every rule cited by the triggered abilities' events.
            let cited: Vec<String> = log
                .iter()
                .filter(|l| {
                    // A replaced event is evidence that an ability didn't trigger (603.2g).
                    l.event.kind() == EventKind::Stack
                        || matches!(l.event.what, Happened::Replaced(_))
                })
                .flat_map(|l| map(&l.event.cites))
                .collect();
            let missing: Vec<String> = e
                .cites
                .iter()
                .filter(|r| !covers(&cited, r))
                .map(|r| r.short())
                .collect();
            let passed = holds && missing.is_empty();
            let detail = if holds && !missing.is_empty() {
                format!(
                    "{actual}; but no triggered ability's event cited {}",
                    missing.join(", ")
                )
            } else {
                actual
            };
            return ExpectationReport {
                text: e.text.clone(),
                passed,
                detail,
            };
        }
        Claim::Dealt { to, n, by } => {
            let k = dealt(log, *to, *by);
            let by_m = by.map(|m| format!(" by {}", label(m))).unwrap_or_default();
            (
                k == *n,
                format!("{} was dealt {k} damage{by_m}", target_name(*to)),
                Some(*to),
                &[EventKind::Damage, EventKind::Life, EventKind::Note],
            )
        }
        Claim::Gained { player, n } | Claim::LostLife { player, n } => {
            let (gained, lost) = game.life_changes(*player);
            let is_gain = matches!(e.claim, Claim::Gained { .. });
            let k = if is_gain { gained } else { lost };
            (
                k == *n,
                format!(
                    "{} {} {k} life",
                    pname(*player),
                    if is_gain { "gained" } else { "lost" }
                ),
                Some(Target::Player(*player)),
                &[EventKind::Life],
            )
        }
        Claim::Lost { player, negated } | Claim::Won { player, negated } => {
            let won = matches!(e.claim, Claim::Won { .. });
            let yes = if won {
                game.has_won(*player)
            } else {
                game.has_lost(*player)
            };
            (
                yes != *negated,
                format!(
                    "{} has {}{} the game",
                    pname(*player),
                    if yes { "" } else { "not " },
                    if won { "won" } else { "lost" }
                ),
                Some(Target::Player(*player)),
                &[EventKind::Lost],
            )
        }
    };
    let _ = scenario;
    if !holds {
        return ExpectationReport {
            text: e.text.clone(),
            passed: false,
            detail: actual,
        };
    }
    if e.cites.is_empty() {
        return ExpectationReport {
            text: e.text.clone(),
            passed: true,
            detail: actual,
        };
    }
    // The event that made it true: the last event about the subject of a matching kind.
    // A claim without a subject (about triggered abilities) looks among the events about
    // the first player written.
    let subject = subject.unwrap_or(Target::Player(PlayerId::nth(0)));
    let about: Vec<&Logged> = log
        .iter()
        .filter(|l| l.event.subjects.contains(&subject))
        .collect();
    let at = about.iter().rposition(|l| kinds.contains(&l.event.kind()));
    let decisive = at.map(|i| about[i]);
    let mut cited: Vec<String> = match decisive {
        Some(l) => map(&l.event.cites),
        None => Vec::new(),
    };
    // Whether a creature is tapped, attacking, blocking or blocked is made by several
    // events together (the attack that tapped it, 508.1f; the blocks that blocked it,
    // 509.1h): each one's rules are evidence.
    if matches!(
        e.claim,
        Claim::IsTapped { .. }
            | Claim::Attacking { .. }
            | Claim::Blocking { .. }
            | Claim::Blocked { .. }
    ) {
        for l in about.iter().filter(|l| kinds.contains(&l.event.kind())) {
            for c in map(&l.event.cites) {
                if !cited.contains(&c) {
                    cited.push(c);
                }
            }
        }
    }
    // An action refused, or an attempted change that did nothing, since then: its rules
    // are evidence for the outcome it failed to change.
    for l in &about[at.map_or(0, |i| i + 1)..] {
        if matches!(l.event.kind(), EventKind::Refused | EventKind::Note) {
            for c in map(&l.event.cites) {
                if !cited.contains(&c) {
                    cited.push(c);
                }
            }
        }
    }
    let missing: Vec<String> = e
        .cites
        .iter()
        .filter(|r| !covers(&cited, r))
        .map(|r| r.short())
        .collect();
    if missing.is_empty() {
        let by = decisive
            .map(|l| words::event(game, &l.event))
            .unwrap_or_default();
        let when = decisive
            .and_then(|l| l.action)
            .map(|n| format!(" (action {n})"))
            .unwrap_or_default();
        return ExpectationReport {
            text: e.text.clone(),
            passed: true,
            detail: format!("{actual}: {by}{when} [{}]", cited.join(", ")),
        };
    }
    let detail = match decisive {
        Some(l) => format!(
            "{actual}, but the event that made it so cited {} and not {} ({})",
            if cited.is_empty() {
                "no rules".to_string()
            } else {
                cited.join(", ")
            },
            missing.join(", "),
            words::event(game, &l.event)
        ),
        None => format!(
            "{actual}, but no event made it so (it was already so), so {} was not cited",
            missing.join(", ")
        ),
    };
    ExpectationReport {
        text: e.text.clone(),
        passed: false,
        detail,
    }
}

/// Whether a claim about triggered abilities or the stack holds, and what is the case.
fn triggers(game: &Game, claim: &Claim) -> (bool, String) {
    use crate::scenario::engine::triggered::{TriggerFate, TriggerName};
    use crate::scenario::engine::StackObject;
    use crate::scenario::statement::StackName;
    let records = game.trigger_records();
    let count = |name: &TriggerName, fate: &dyn Fn(&TriggerFate) -> bool| {
        records
            .iter()
            .filter(|r| name.names(r.source, r.index, r.instance) && fate(&r.fate))
            .count()
    };
    let label = |name: &TriggerName| {
        use crate::scenario::engine::triggered::Keyword;
        let mut s = match name.index.and_then(Keyword::of_index) {
            Some(k) => format!("{}'s {}", game.label(name.source), k.name()),
            None => format!("{}'s trigger", game.label(name.source)),
        };
        if let Some(i) = name.index.filter(|i| Keyword::of_index(*i).is_none()) {
            s.push_str(&format!(" {i}"));
        }
        if let Some(x) = name.instance {
            s.push_str(&format!(" for {}", words::target_name(game, x)));
        }
        s
    };
    let times = |k: usize| {
        if k == 1 {
            "1 time".to_string()
        } else {
            format!("{k} times")
        }
    };
    match claim {
        Claim::Triggered { name, times: k } => {
            let n = count(name, &|f| *f == TriggerFate::Triggered);
            (n == *k, format!("{} triggered {}", label(name), times(n)))
        }
        Claim::Resolved { name, times: k } => {
            let n = count(name, &|f| *f == TriggerFate::Resolved);
            let holds = match k {
                Some(k) => n == *k,
                None => n >= 1,
            };
            (holds, format!("{} resolved {}", label(name), times(n)))
        }
        Claim::Removed(name) => {
            let n = count(name, &|f| matches!(f, TriggerFate::Removed(_)));
            (
                n >= 1,
                format!("{} was removed from the stack {}", label(name), times(n)),
            )
        }
        Claim::TriggerControlledBy { name, player } => {
            let who: Vec<PlayerId> = records
                .iter()
                .filter(|r| name.names(r.source, r.index, r.instance))
                .map(|r| r.controller)
                .collect();
            let holds = !who.is_empty() && who.iter().all(|p| p == player);
            let actual = match who.first() {
                Some(p) => format!("{} is controlled by {}", label(name), game.player_name(*p)),
                None => format!("{} never triggered", label(name)),
            };
            (holds, actual)
        }
        Claim::StackHolds(items) => {
            let stack = game.stack_objects();
            let fits = |o: &StackObject, n: &StackName| match (o, n) {
                (StackObject::Spell(c), StackName::Spell(d)) => c == d,
                (StackObject::CombatDamage, StackName::CombatDamage) => true,
                (StackObject::Ability { source, .. }, StackName::Ability(d)) => source == d,
                (
                    StackObject::Trigger {
                        source,
                        index,
                        instance,
                    },
                    StackName::Trigger(t),
                ) => t.names(*source, *index, *instance),
                _ => false,
            };
            let holds =
                stack.len() == items.len() && stack.iter().zip(items).all(|(o, n)| fits(o, n));
            let shown = words::stack_labels(game, &stack);
            let actual = if shown.is_empty() {
                "the stack is empty".to_string()
            } else {
                format!("the stack holds {}", shown.join(", "))
            };
            (holds, actual)
        }
        _ => (false, String::new()),
    }
}

/// The damage dealt to `to` (any object of its card) in `log`, from `by` if given.
fn dealt(log: &[Logged], to: Target, by: Option<CardId>) -> i32 {
    use crate::scenario::engine::combat::CombatEvent;
    use crate::scenario::engine::Happened as H;
    log.iter()
        .map(|l| match (&l.event.what, to) {
            (
                H::Damage {
                    card,
                    amount,
                    source,
                    ..
                },
                Target::Card(c),
            ) if *card == c => (*amount, *source),
            (
                H::DamageToPlayer {
                    player,
                    amount,
                    source,
                    ..
                },
                Target::Player(p),
            )
            | (
                H::Combat(CombatEvent::DamageToPlayer {
                    player,
                    amount,
                    source,
                    ..
                }),
                Target::Player(p),
            ) if *player == p => (*amount, Some(*source)),
            _ => (0, None),
        })
        .filter(|(_, s)| by.is_none() || *s == by)
        .map(|(a, _)| a)
        .sum()
}

/// `replacement order (matters | doesn't matter) at action N`: whether any event of action N
/// had two legal orders with different results (616.1).
fn replacement_order(
    e: &super::super::statement::Expectation,
    log: &[Logged],
    n: usize,
    matters: bool,
) -> ExpectationReport {
    let replaced: Vec<bool> = log
        .iter()
        .filter(|l| l.action == Some(n))
        .filter_map(|l| match &l.event.what {
            Happened::Replaced(r) => Some(r.differ),
            Happened::DamageModified(m) => Some(!m.others.is_empty()),
            _ => None,
        })
        .collect();
    let differ = replaced.iter().any(|d| *d);
    let detail = match (replaced.len(), differ) {
        (0, _) => format!("no event of action {n} was modified by replacement effects"),
        (k, true) => {
            format!("{k} replaced event(s) of action {n}; two legal orders gave different results")
        }
        (k, false) => {
            format!("{k} replaced event(s) of action {n}; every legal order gave the same result")
        }
    };
    ExpectationReport {
        text: e.text.clone(),
        passed: differ == matters,
        detail,
    }
}
