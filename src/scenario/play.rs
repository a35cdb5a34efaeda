//! Plays a scenario from its setup through its actions and checks its expectations,
//! producing a [`Report`]: each action's legality with reasons, every round of
//! state-based actions, the final board and each expectation. Citations are translated
//! into the chosen revision's numbering by a [`Citations`].

use serde::Serialize;

mod board;
mod combat;
mod expect;
mod replay;

use board::board;
use expect::check;

use crate::model::RuleNumber;

use super::card::CardType;
use super::engine::triggered::{Settled, TriggerOrder};
use super::engine::{Event, EventKind, Game, Happened};
use super::statement::{ActionItem, Claim, Scenario, Statement, Target, Zone};
use super::{lower, words};
use super::{Citations, Cite, Rules};

/// One action as played.
#[derive(Debug, Clone, Serialize)]
pub struct ActionReport {
    pub n: usize,
    pub text: String,
    pub legal: bool,
    /// Why it was illegal, or what it did.
    pub reason: String,
    /// The rules cited, in the chosen revision's numbering.
    pub cites: Vec<String>,
    /// What happened: the action's own events and the resolutions that followed its chain.
    pub events: Vec<EventReport>,
}

/// What happened, in order: actions, their events, resolutions and state-based actions.
#[derive(Debug, Clone, Serialize)]
pub struct TimelineEntry {
    /// `action`, `event` or `state-based action`.
    pub kind: &'static str,
    /// The action whose chain it belongs to (none: the board as written).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<usize>,
    /// For an action: whether it was legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<bool>,
    /// For a state-based action: its round.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<usize>,
    pub text: String,
    pub cites: Vec<String>,
}

/// One event.
#[derive(Debug, Clone, Serialize)]
pub struct EventReport {
    pub event: String,
    pub cites: Vec<String>,
    /// An event modified by replacement and prevention effects (a permanent entering,
    /// counters put, an object going to a graveyard, damage): the tree of choices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaced: Option<ReplacedReport>,
}

/// An event modified by replacement and prevention effects, for `--json`: one shape for
/// every kind of event. The effects applied in order, who chose each and the step of 616.1
/// that decided it (or the default), the result, and every other legal order whose result
/// differs, grouped by result.
#[derive(Debug, Clone, Serialize)]
pub struct ReplacedReport {
    /// `entering`, `counters`, `destination` or `damage`.
    pub kind: &'static str,
    /// The object the event happens to; for damage, the object or player dealt it.
    pub affected: String,
    /// For damage, its source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The event as it would have happened (`enters`, `gets 2 +1/+1 counters`, `goes to
    /// Alice's graveyard`, `3 damage`).
    pub proposed: String,
    /// The player who chooses the order (616.1): the affected object's controller (or
    /// owner), or the affected player.
    pub chooser: String,
    /// Each effect applied, in order.
    pub applied: Vec<ReplacedStep>,
    /// The event as it happened.
    pub result: String,
    /// For damage and counters, the number proposed and the number the result has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<Amount>,
    /// A choice whose orders give different results was left to the default (earliest
    /// timestamp first): `warning` says so.
    pub by_default: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
    /// Effects the chooser named while the rules made another come first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub out_of_turn: Vec<OutOfTurnReport>,
    /// How the checker read a revision that doesn't say, and other remarks.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// Every other legal order whose result differs from this one, grouped by result.
    pub other_orders: Vec<OrdersReport>,
}

/// One effect applied to a replaced event.
#[derive(Debug, Clone, Serialize)]
pub struct ReplacedStep {
    /// The effect as the report names it (`scales`, `furnace's replacement`, `action 2`).
    pub effect: String,
    /// The effect as written.
    pub text: String,
    /// The rules by which it modified the event.
    pub rules: Vec<String>,
    /// The event once it applied.
    pub after: String,
    /// For damage and counters, the number once it applied.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<i32>,
    /// The choice that applied it, when two or more effects applied at that step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choice: Option<ChoiceReport>,
}

/// A choice among the effects that applied at one step (616.1).
#[derive(Debug, Clone, Serialize)]
pub struct ChoiceReport {
    /// The player who chose.
    pub by: String,
    /// The effects that could be chosen at this step, this one included.
    pub among: Vec<String>,
    /// The step of 616.1 that decided it (616.1c for a copy effect, 616.1e for any…), in
    /// the revision's own numbering.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// No `(P applies: …)` chose it: the earliest timestamp was taken.
    pub by_default: bool,
}

/// The number a replaced event carries: damage, or counters.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Amount {
    pub proposed: i32,
    pub result: i32,
}

/// An effect named out of turn, and the rule that made another come first.
#[derive(Debug, Clone, Serialize)]
pub struct OutOfTurnReport {
    pub effect: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
}

/// The other legal orders that give one result.
#[derive(Debug, Clone, Serialize)]
pub struct OrdersReport {
    pub result: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<i32>,
    /// Each order, its effects in the order applied.
    pub orders: Vec<Vec<String>>,
}

/// One state-based action.
#[derive(Debug, Clone, Serialize)]
pub struct SbaReport {
    /// Counted from 1 over the whole scenario.
    pub round: usize,
    /// When: `before action 1`, `after action 2`, `after foo resolves`.
    pub after: String,
    /// The action whose chain led to it (none: the board as written).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub action: Option<usize>,
    pub event: String,
    pub cites: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct BoardPlayer {
    pub name: String,
    pub life: i32,
    pub lost: bool,
    /// Won the game: by an effect (104.2b) or as the last player left (104.2a).
    pub won: bool,
    pub lands_played: u32,
    pub land_plays_left: u32,
}

#[derive(Debug, Clone, Serialize)]
pub struct BoardCard {
    pub label: String,
    pub name: String,
    pub zone: String,
    pub owner: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub controller: Option<String>,
    pub type_line: String,
    /// Colors after continuous effects (105.1); empty for colorless.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub colors: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub power_toughness: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub tapped: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub token: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attached_to: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub counters: Vec<String>,
    #[serde(skip_serializing_if = "is_zero")]
    pub damage: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

#[derive(Debug, Clone, Serialize)]
pub struct BoardReport {
    pub turn: String,
    pub step: String,
    pub priority: String,
    pub players: Vec<BoardPlayer>,
    /// Every card, battlefield first, then other zones in file order.
    pub cards: Vec<BoardCard>,
    /// Top first.
    pub stack: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ExpectationReport {
    pub text: String,
    pub passed: bool,
    pub detail: String,
}

/// Everything `arbiter check` reports about one scenario.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub scenario: String,
    pub file: String,
    pub revision: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prose: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    pub actions: Vec<ActionReport>,
    pub state_based_actions: Vec<SbaReport>,
    /// Everything above in the order it happened.
    pub timeline: Vec<TimelineEntry>,
    pub board: BoardReport,
    /// Per object a continuous effect changed, each effect applied in order (613).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub layers: Vec<super::layers_report::ObjectLayers>,
    /// The rule that checks state-based actions (704.3 today, 420.3 before 2009-07-11),
    /// in the revision's numbering: the renderer's heading of each round.
    #[serde(skip)]
    pub state_based_rule: Option<String>,
    /// Whether the revision says "in play" and "state-based effects" (before 2009-07-11)
    /// where today's says "the battlefield" and "state-based actions".
    #[serde(skip)]
    pub in_play: bool,
    /// The rule of the layer system (613; 612 in 2009-07-11 and 2009-09-04, 418.5 before),
    /// in the revision's numbering: the renderer's heading of the layers.
    #[serde(skip)]
    pub layer_rule: Option<String>,
    pub expectations: Vec<ExpectationReport>,
    pub passed: bool,
    /// `passed`, `failed` or `refused`.
    pub status: &'static str,
    /// The scenario needs what the checker doesn't play: REFUSED at that statement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<Refusal>,
}

/// Why and where the checker refused a scenario (scenario-format.md, "Refusals").
#[derive(Debug, Clone, Serialize)]
pub struct Refusal {
    /// The statement at which it refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub statement: Option<usize>,
    pub reason: String,
}

impl Report {
    /// Every rule number the report cites, in numeric order.
    pub fn cited_rules(&self) -> Vec<RuleNumber> {
        let mut all: Vec<RuleNumber> = Vec::new();
        let mut add = |cs: &[String]| {
            for c in cs {
                if let Ok(n) = c.parse::<RuleNumber>() {
                    if !all.contains(&n) {
                        all.push(n);
                    }
                }
            }
        };
        for a in &self.actions {
            add(&a.cites);
            for e in &a.events {
                add(&e.cites);
            }
        }
        for s in &self.state_based_actions {
            add(&s.cites);
        }
        all.sort();
        all
    }
}

struct Logged {
    event: Event,
    action: Option<usize>,
}

/// Plays `scenario` under `rules`, citing through `citations`; `revision` names the
/// revision in the report.
pub fn play(
    scenario: &Scenario,
    rules: Rules,
    revision: &str,
    citations: &dyn Citations,
) -> Report {
    let (mut report, placements) = play_forced(scenario, rules, revision, citations, Vec::new());
    if report.refused.is_none() {
        let warnings = replay::check_defaults(&report, &placements, |forced| {
            play_forced(scenario, rules, revision, citations, forced).0
        });
        report.warnings.extend(warnings);
    }
    report
}

/// [`play`] with some placements' defaulted orders replaced (`forced`); also each
/// placement's orders, as the engine recorded them.
fn play_forced(
    scenario: &Scenario,
    rules: Rules,
    revision: &str,
    citations: &dyn Citations,
    forced: Vec<crate::scenario::engine::triggered::Forced>,
) -> (Report, Vec<replay::Placement>) {
    // The reader refused every board the engine can't represent (`Setup::check`).
    let mut game = Game::from_setup(&scenario.setup, rules)
        .expect("the reader checked the board (Setup::check)");
    game.force_orders(forced);
    let map = |cs: &[Cite]| -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in cs {
            if let Some(n) = super::cited_in(c, citations) {
                let s = n.short();
                if !out.contains(&s) {
                    out.push(s);
                }
            }
        }
        out
    };
    let mut warnings = Vec::new();
    let unstable: Vec<String> = game
        .pending_state_based_actions()
        .iter()
        .map(|e| words::event(&game, e))
        .collect();
    // The contract corrects an unstable board "only when the first action is checked": with
    // no action, the expectations are about the board as written, and the warning says so.
    if !unstable.is_empty() && scenario.actions.is_empty() {
        warnings.push(format!(
            "the board as written is not stable, and with no action it is never corrected (state-based actions are performed only when an action is checked): every expectation is checked against the board as written, where {}",
            unstable.join("; ")
        ));
    } else if !unstable.is_empty() {
        warnings.push(format!(
            "the board as written is not stable; state-based actions are performed when action 1 is checked: {}",
            unstable.join("; ")
        ));
    }
    // "A feature the revision lacks is inert until it would act …, with a warning."
    for (c, keyword) in game.inert_keywords() {
        warnings.push(format!(
            "{} has {keyword}, which the rules of {revision} don't have: it is inert until it would act, and the scenario is refused at the statement where it would",
            game.label(c)
        ));
    }
    // "If any object on the battlefield has `timestamp`, all must."
    let battlefield = || {
        scenario
            .setup
            .cards
            .iter()
            .filter(|c| c.zone == Zone::Battlefield)
    };
    if let Some(first) = battlefield().find(|c| c.timestamp.is_some()) {
        let bare: Vec<&str> = battlefield()
            .filter(|c| c.timestamp.is_none())
            .map(|c| c.label.as_str())
            .collect();
        if !bare.is_empty() {
            warnings.push(format!(
                "`{}` (line {}) has a `timestamp` but {} on the battlefield {} none; the contract asks for one on every object on the battlefield or on none",
                first.label,
                first.line,
                bare.join(", "),
                if bare.len() == 1 { "has" } else { "have" }
            ));
        }
    }
    let mut log: Vec<Logged> = Vec::new();
    // The state right after each action an `after action N:` expectation names.
    let mut actions: Vec<ActionReport> = Vec::new();
    let mut sbas: Vec<SbaReport> = Vec::new();
    let mut timeline: Vec<TimelineEntry> = Vec::new();
    let mut round = 0;
    let mut run_sba = |game: &mut Game,
                       settled: Vec<Settled>,
                       after: String,
                       log: &mut Vec<Logged>,
                       sbas: &mut Vec<SbaReport>,
                       timeline: &mut Vec<TimelineEntry>,
                       actions: &mut Vec<ActionReport>,
                       action: Option<usize>| {
        for settled in settled {
            let events = match settled {
                Settled::StateBased(events) => events,
                Settled::Placement(events) => {
                    // Triggered abilities put on the stack (603.3b).
                    for e in events {
                        let text = words::event(game, &e);
                        timeline.push(TimelineEntry {
                            kind: "event",
                            action,
                            legal: None,
                            round: None,
                            text: text.clone(),
                            cites: map(&e.cites),
                        });
                        if let Some(r) = actions.last_mut().filter(|_| action.is_some()) {
                            r.events.push(EventReport {
                                event: text,
                                cites: map(&e.cites),
                                replaced: words::replaced_report(game, &e),
                            });
                        }
                        log.push(Logged { event: e, action });
                    }
                    continue;
                }
            };
            round += 1;
            for e in events {
                let text = words::event(game, &e);
                timeline.push(TimelineEntry {
                    kind: "state-based action",
                    action,
                    legal: None,
                    round: Some(round),
                    text: text.clone(),
                    cites: map(&e.cites),
                });
                sbas.push(SbaReport {
                    round,
                    after: after.clone(),
                    action,
                    event: text,
                    cites: map(&e.cites),
                });
                log.push(Logged { event: e, action });
            }
        }
    };
    let items = &scenario.actions;
    // `after action N:` expectations: the game, and how much of the log and of the
    // state-based actions existed, right after action N.
    let wanted: Vec<usize> = scenario
        .expectations
        .iter()
        .filter_map(|e| e.after)
        .collect();
    let mut snapshots: Vec<(usize, Game, usize, usize)> = Vec::new();
    if !items.is_empty() && !unstable.is_empty() {
        let settled = game.settle(None, &[]);
        run_sba(
            &mut game,
            settled,
            "before action 1 (the board as written)".into(),
            &mut log,
            &mut sbas,
            &mut timeline,
            &mut actions,
            None,
        );
    }
    // A written `Stack` is answered only by `in response,` items: an action 1 that isn't
    // one ends that chain, so the stack resolves before it.
    let continues_chain =
        |item: &ActionItem| item.in_response || item.statement == Statement::AllPlayersPass;
    let mut written_stack_resolves = items.first().is_some_and(|item| !continues_chain(item));
    let mut refused: Option<(Option<usize>, String)> = None;
    let mut i = 0;
    'chains: while i < items.len() {
        // A chain: an action and the `in response,` items after it.
        let start = i;
        let mut end = i + 1;
        if std::mem::take(&mut written_stack_resolves) && !game.stack_is_empty() {
            end = i;
        }
        while end > start && end < items.len() && continues_chain(&items[end]) {
            end += 1;
        }
        for item in &items[start..end] {
            if let Some(r) = game.refusal() {
                refused = Some((Some(item.n), words::refusal(r)));
                break 'chains;
            }
            game.set_applies(item.applies.clone());
            game.choose(item.choices.clone());
            let (legal, reason, cites, events) = match game.perform(&lower::action(item)) {
                Ok(events) => {
                    let cites: Vec<Cite> =
                        events.first().map(|e| e.cites.clone()).unwrap_or_default();
                    let reason = events
                        .first()
                        .map(|e| words::event(&game, e))
                        .unwrap_or_default();
                    (true, reason, cites, events)
                }
                Err(reasons) => {
                    let mut cs = Vec::new();
                    for r in &reasons {
                        cs.extend(r.cites.iter().copied());
                    }
                    log.push(Logged {
                        event: Event {
                            what: Happened::Refused { action: item.n },
                            cites: cs.clone(),
                            subjects: item.statement.subjects(),
                            state_based: false,
                        },
                        action: Some(item.n),
                    });
                    let text = reasons
                        .iter()
                        .map(|r| match map(&r.cites) {
                            // No counterpart in the chosen revision: say nothing.
                            cs if cs.is_empty() => words::why(&game, &r.why),
                            cs => format!("{} ({})", words::why(&game, &r.why), cs.join(", ")),
                        })
                        .collect::<Vec<_>>()
                        .join("; ");
                    (false, text, cs, Vec::new())
                }
            };
            let mut report = ActionReport {
                n: item.n,
                text: item.text.clone(),
                legal,
                reason,
                cites: map(&cites),
                events: Vec::new(),
            };
            timeline.push(TimelineEntry {
                kind: "action",
                action: Some(item.n),
                legal: Some(legal),
                round: None,
                text: format!("{}. {}", item.n, item.text),
                cites: Vec::new(),
            });
            for (k, e) in events.into_iter().enumerate() {
                let text = words::event(&game, &e);
                if k > 0 {
                    timeline.push(TimelineEntry {
                        kind: "event",
                        action: Some(item.n),
                        legal: None,
                        round: None,
                        text: text.clone(),
                        cites: map(&e.cites),
                    });
                }
                report.events.push(EventReport {
                    event: text,
                    cites: map(&e.cites),
                    replaced: words::replaced_report(&game, &e),
                });
                log.push(Logged {
                    event: e,
                    action: Some(item.n),
                });
            }
            actions.push(report);
            if let Some(r) = game.refusal() {
                refused = Some((Some(item.n), words::refusal(r)));
                break 'chains;
            }
            if legal {
                let settled = game.settle(item.choice, &item.orders);
                run_sba(
                    &mut game,
                    settled,
                    format!("after action {}", item.n),
                    &mut log,
                    &mut sbas,
                    &mut timeline,
                    &mut actions,
                    Some(item.n),
                );
            }
            if wanted.contains(&item.n) {
                snapshots.push((item.n, game.clone(), log.len(), sbas.len()));
            }
        }
        // The chain ends: the stack resolves from the top, with SBAs between.
        let last = (end > start).then(|| &items[end - 1]);
        let choice = last.and_then(|item| item.choice);
        let orders: &[TriggerOrder] = last.map_or(&[], |item| &item.orders);
        let action = last.map(|item| item.n);
        game.set_applies(last.map_or_else(Vec::new, |item| item.applies.clone()));
        // 104.1: once the game has ended, the stack doesn't resolve further; 1,000
        // resolutions make the engine refuse ("Loops").
        while let Some((events, settled)) = game.resolve_next(choice, orders) {
            let what = events
                .first()
                .map(|e| words::event(&game, e))
                .unwrap_or_default();
            for e in events {
                let text = words::event(&game, &e);
                timeline.push(TimelineEntry {
                    kind: "event",
                    action,
                    legal: None,
                    round: None,
                    text: text.clone(),
                    cites: map(&e.cites),
                });
                if let Some(r) = actions.last_mut().filter(|_| action.is_some()) {
                    r.events.push(EventReport {
                        event: text,
                        cites: map(&e.cites),
                        replaced: words::replaced_report(&game, &e),
                    });
                }
                log.push(Logged { event: e, action });
            }
            run_sba(
                &mut game,
                settled,
                format!("after: {what}"),
                &mut log,
                &mut sbas,
                &mut timeline,
                &mut actions,
                action,
            );
        }
        if let Some(r) = game.refusal() {
            refused = Some((action, words::refusal(r)));
            break 'chains;
        }
        i = end;
    }
    // A refused scenario checks no Expect item ("Refusals").
    let expectations: Vec<ExpectationReport> = scenario
        .expectations
        .iter()
        .filter(|_| refused.is_none())
        .map(|e| match snapshots.iter().find(|s| Some(s.0) == e.after) {
            Some((_, g, logged, sbad)) => check(
                g,
                scenario,
                e,
                &actions,
                &log[..*logged],
                &sbas[..*sbad],
                &map,
            ),
            None => check(&game, scenario, e, &actions, &log, &sbas, &map),
        })
        .collect();
    let passed = refused.is_none() && expectations.iter().all(|e| e.passed);
    let refused = refused.map(|(at, reason)| Refusal {
        statement: at,
        reason,
    });
    let placements = replay::placements(&game, log.iter().map(|l| &l.event));
    let report = Report {
        scenario: scenario.title.clone(),
        file: scenario.file.clone(),
        revision: revision.to_string(),
        prose: scenario.prose.clone(),
        warnings,
        actions,
        state_based_actions: sbas,
        timeline,
        board: board(&game),
        layers: super::layers_report::explain(&game, &map),
        state_based_rule: map(&[crate::scenario::engine::cite::R704_3]).pop(),
        in_play: words::says_in_play(&game),
        layer_rule: map(&[game.layer_system_rule()]).pop(),
        expectations,
        passed,
        status: match (&refused, passed) {
            (Some(_), _) => "refused",
            (None, true) => "passed",
            (None, false) => "failed",
        },
        refused,
    };
    (report, placements)
}
