//! Moving through the turn (500): `go to STEP`, `next turn`, `next turn: STEP` and `all
//! players pass` on an empty stack. Every step a statement passes through happens: its
//! turn-based actions (combat damage, 510; the end of combat, 511.3; cleanup, 514), the
//! abilities that trigger in it, and, in each step in which a player receives priority,
//! those abilities go on the stack and the stack resolves until it is empty before the game
//! moves on (117.4, 500.2); nothing can respond to them. At the step a statement stops at,
//! what triggered there waits for the next placement, where the next statement may respond.

use super::prelude::*;
use super::triggered::{Refusal, Settled, TriggerOrder};

/// At most this many objects resolve while one statement passes through steps, or at the
/// end of one chain ("Loops").
const RESOLUTIONS: usize = 1000;

impl Game {
    /// `go to STEP` (500.1): a later step of this turn, with an empty stack (117.4, 500.2).
    pub(super) fn go_to(&mut self, step: Step) -> Result<Vec<Event>, Vec<Reason>> {
        if step <= self.step {
            return Err(vec![because(
                &[cite::R500_1],
                Why::StepNotLater {
                    now: self.step,
                    step,
                },
            )]);
        }
        if step == Step::FirstStrikeDamage
            && self.step < Step::FirstStrikeDamage
            && !self.first_strike_step_due()
        {
            return Err(vec![because(&[cite::R510_4], Why::NoFirstStrikeStep)]);
        }
        if !self.stack.is_empty() {
            return Err(vec![because(
                &[cite::R117_4, cite::R500_2],
                Why::StepStackNotEmpty {
                    stack: self.stack_objects(),
                },
            )]);
        }
        let mut events = Vec::new();
        for s in self.steps_before(step) {
            events.extend(self.pass_through(s));
            if self.stops() {
                return Ok(events);
            }
        }
        events.extend(self.stop_at(step));
        Ok(events)
    }

    /// `next turn` and `next turn: STEP` (500.1, 502.3): the rest of this turn, every
    /// cleanup step that happens, the next player's untap step (502.3), then their steps
    /// until `stop`. No card is drawn (the draw is out of the format).
    pub(super) fn next_turn(&mut self, stop: Step) -> Result<Vec<Event>, Vec<Reason>> {
        let mut events = Vec::new();
        if self.step < Step::Cleanup {
            for s in self.steps_before(Step::Cleanup) {
                events.extend(self.pass_through(s));
                if self.stops() {
                    return Ok(events);
                }
            }
        }
        events.extend(self.cleanup_steps());
        if self.stops() {
            return Ok(events);
        }
        let n = self.players.len();
        let next = self
            .turn_order_from(self.active)
            .skip(1)
            .chain(std::iter::once(self.active))
            .find(|&q| !self.players[q].lost)
            .unwrap_or(self.active);
        let untapped: Vec<CardId> = self
            .cards
            .ids()
            .filter(|&c| {
                self.on_battlefield(c) && self.controller(c) == next && self.cards[c].tapped
            })
            .collect();
        // A player who left the game is skipped: their turn doesn't begin (800.4k).
        let skipped = Some(next) != self.turn_order_from(self.active).cycle().nth(1);
        let mut rules = vec![cite::R500_1, cite::R502_3, cite::R305_2];
        if skipped && n > 2 {
            rules.push(cite::R800_4K);
        }
        // About the new active player and what untapped (502.3).
        let subjects = std::iter::once(Target::Player(next))
            .chain(untapped.iter().map(|&c| Target::Card(c)))
            .collect();
        let begins = events.len();
        events.push(self.apply(event(
            Happened::TurnBegins {
                player: next,
                untapped,
                in_main: false,
            },
            subjects,
            &rules,
        )));
        let mut passed = false;
        for s in self.steps_before(stop) {
            let more = self.pass_through(s);
            passed |= !more.is_empty();
            events.extend(more);
            if self.stops() {
                return Ok(events);
            }
        }
        let at = self.stop_at(stop);
        if stop == Step::PrecombatMain && !passed {
            // Nothing happened on the way: the turn's beginning says where it stands.
            if let Happened::TurnBegins { in_main, .. } = &mut events[begins].what {
                *in_main = true;
            }
        } else {
            events.extend(at);
        }
        Ok(events)
    }

    /// `all players pass` with an empty stack (117.4): the step ends and the game goes to
    /// the next one as `go to` would; from a cleanup step in which players received
    /// priority, another cleanup step begins (514.3a).
    pub(super) fn pass_on_an_empty_stack(&mut self) -> Result<Vec<Event>, Vec<Reason>> {
        if self.step == Step::Cleanup {
            self.priority_in_cleanup = false;
            return Ok(self.cleanup_step(true));
        }
        let next = Step::ALL
            .into_iter()
            .filter(|&s| s > self.step && self.step_happens(s))
            .min()
            .unwrap_or(Step::Cleanup);
        self.go_to(next)
    }

    /// Whether the statement must stop passing through steps: the game ended, or the
    /// checker refused.
    fn stops(&self) -> bool {
        self.game_over().is_some() || self.refusal.is_some()
    }

    /// The steps of this turn after the current one and before `to` that happen: the
    /// declare blockers and combat damage steps only with attacking creatures (508.8), the
    /// first-strike damage step only when one is due (510.4).
    fn steps_before(&self, to: Step) -> Vec<Step> {
        Step::ALL
            .into_iter()
            .filter(|&s| s > self.step && s < to && self.step_happens(s))
            .collect()
    }

    fn step_happens(&self, s: Step) -> bool {
        let attacking = self.combat.attackers_declared && !self.combat.attackers.is_empty();
        match s {
            Step::DeclareBlockers | Step::CombatDamage => attacking,
            Step::FirstStrikeDamage => attacking && self.first_strike_step_due(),
            _ => true,
        }
    }

    /// One step passed through: its turn-based actions, what triggers in it, and, where a
    /// player receives priority, the stack resolved until empty. Its beginning is said only
    /// when something happened in it beyond its turn-based actions.
    fn pass_through(&mut self, step: Step) -> Vec<Event> {
        let (mut events, begins) = self.begin(step);
        let drained = self.drain();
        if !drained.is_empty() && events.is_empty() {
            events.push(begins);
        }
        events.extend(drained);
        events
    }

    /// The step a statement stops at: its turn-based actions and its beginning; what
    /// triggers waits for the placement before the next statement (the chain rule).
    fn stop_at(&mut self, step: Step) -> Vec<Event> {
        if step == Step::Cleanup {
            return self.cleanup_step(true);
        }
        let (mut events, begins) = self.begin(step);
        events.push(begins);
        events
    }

    /// A step begins: the turn-based actions due by then (combat damage, 510; the end of
    /// combat, 511.3), then its beginning; what those trigger is matched (their
    /// state-based actions were, as they happened). The turn-based events, and the
    /// beginning.
    fn begin(&mut self, step: Step) -> (Vec<Event>, Event) {
        let before = self.snapshot();
        let events = self.combat_steps_until(step);
        let begins = self.begin_step(step);
        let fresh: Vec<Event> = events
            .iter()
            .filter(|e| !e.state_based)
            .cloned()
            .chain(std::iter::once(begins.clone()))
            .collect();
        self.observe(&before, &fresh);
        (events, begins)
    }

    fn begin_step(&mut self, step: Step) -> Event {
        self.apply(event(
            Happened::StepBegins {
                step,
                active: self.active,
            },
            vec![Target::Player(self.active)],
            &[cite::R500_1, cite::R117_3A],
        ))
    }

    /// One cleanup step (514): it begins, damage is removed and "until end of turn"
    /// effects end (514.2); state-based actions and triggered abilities are dealt with by
    /// the next settling, which gives the active player priority if any happen (514.3a).
    ///
    /// `stopping`: a statement stops in it, so its beginning is said; passing through,
    /// 514.2's event says which step it is.
    fn cleanup_step(&mut self, stopping: bool) -> Vec<Event> {
        let before = self.snapshot();
        let another = self.step == Step::Cleanup;
        let rules: &[Cite] = if another {
            &[cite::R514_3A]
        } else {
            &[cite::R500_1, cite::R514_3]
        };
        let begins = self.apply(event(
            Happened::StepBegins {
                step: Step::Cleanup,
                active: self.active,
            },
            vec![Target::Player(self.active)],
            rules,
        ));
        let mut events = if stopping { vec![begins] } else { Vec::new() };
        events.extend(self.cleanup());
        let fresh: Vec<Event> = events.iter().filter(|e| !e.state_based).cloned().collect();
        self.observe(&before, &fresh);
        events
    }

    /// Every cleanup step that happens (514.3a): one, and another after each in which a
    /// state-based action was performed or an ability triggered (the active player received
    /// priority and the stack resolved in it). None if the turn is already over: this is
    /// a cleanup step that gave no one priority.
    fn cleanup_steps(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        if self.step == Step::Cleanup && self.cleanup_done && !self.priority_in_cleanup {
            return events;
        }
        for _ in 0..64 {
            events.extend(self.cleanup_step(false));
            self.priority_in_cleanup = false;
            let drained = self.drain();
            let again = !drained.is_empty();
            events.extend(drained);
            if !again || self.stops() {
                break;
            }
        }
        self.priority_in_cleanup = false;
        events
    }

    /// The next resolution of a chain's end (117.4, 608): the top object of the stack
    /// resolves, then state-based actions and triggered abilities (`settle`, with the
    /// statement's choice and orders). `None` once the stack is empty, the game is over or
    /// the checker refused; after 1,000 resolutions of one chain it refuses ("Loops": it
    /// doesn't decide whether the game is a draw, 104.4b).
    pub fn resolve_next(
        &mut self,
        choice: Option<CardId>,
        orders: &[TriggerOrder],
    ) -> Option<(Vec<Event>, Vec<Settled>)> {
        if self.stack.is_empty() || self.stops() {
            self.resolved_in_chain = 0;
            return None;
        }
        self.resolved_in_chain += 1;
        if self.resolved_in_chain > RESOLUTIONS {
            self.refusal.get_or_insert(Refusal::Loop);
            return None;
        }
        let events = self.resolve_top();
        let settled = self.settle(choice, orders);
        Some((events, settled))
    }

    /// State-based actions and triggered abilities until none, with the stack resolved
    /// until it is empty (a step passed through: no statement responds). The orders of the
    /// statement's `(P orders triggers: …)` apply.
    fn drain(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        let (choice, orders) = self.said.clone();
        for _ in 0..RESOLUTIONS {
            for settled in self.settle(choice, &orders) {
                match settled {
                    Settled::StateBased(events) | Settled::Placement(events) => out.extend(events),
                }
            }
            if self.stack.is_empty() || self.stops() {
                return out;
            }
            out.extend(self.resolve_top());
        }
        self.refusal.get_or_insert(Refusal::Loop);
        out
    }

    /// 514.2: damage is removed and "until end of turn" effects end.
    pub(super) fn cleanup(&mut self) -> Vec<Event> {
        let ended = self.effects.iter().filter(|e| e.until_end_of_turn).count();
        let subjects = self
            .cards
            .ids()
            .filter(|&c| self.cards[c].damage != 0)
            .map(Target::Card)
            .collect();
        let cleanup = event(Happened::Cleanup { ended }, subjects, &[cite::R514_2]);
        let mut events = vec![self.apply(cleanup)];
        events.extend(self.exile_what_no_one_in_the_game_controls());
        events
    }
}

/// What the current statement said for the placements it causes: its `(keeping L)` /
/// `(choosing L)` and its `(P orders triggers: …)`.
pub(super) type Said = (Option<CardId>, Vec<TriggerOrder>);
