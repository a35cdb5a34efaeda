//! 616.1 as a procedure: how two or more replacement and prevention effects modify one
//! event (one object's or player's part of it), generic over what the event is.
//!
//! The caller gives the event as it would happen, the effects that might modify it (each
//! a [`Candidate`]: name, timestamp, 616.1 [`Category`]), the revision's [`Order`], the
//! chooser's named order (`(P applies: a, b)`), and two functions: whether effect `i`
//! applies to an event, and the event effect `i` makes of it. [`decide`] returns the
//! [`Decision`]: the path the chooser took, each step with the rule that decided it, the
//! names they gave out of turn with the rule that made another come first, and every
//! order the revision allows with its result (the tree of choices), so the report can say
//! whether the order mattered.
//!
//! The procedure: at each step, the effects not yet applied that apply to the event as it
//! now is (616.1f: "taking into account only replacement or prevention effects that would
//! now be applicable"; one that became applicable through another joins, 616.2) are
//! restricted to the first category of the revision that any of them is in (616.1a–d);
//! the chooser applies the first effect they named that may be chosen, else the one with
//! the earliest timestamp (the default). Each effect applies at most once (614.5). More
//! than [`LIMIT`] effects applicable, or becoming applicable, to one event is refused
//! ([`TooMany`]), as the scenario contract says.

pub mod ability;
mod counters;
mod destination;
mod enter;
pub mod era;
pub mod modify;
pub mod order;

use std::collections::BTreeSet;

pub use order::{Category, Order};

use super::cite::Cite;
use crate::model::RuleNumber;

/// The most effects that may apply, or become applicable, to one event.
pub const LIMIT: usize = 6;

/// An effect that might modify the event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    /// How the file names it (`scales`, `ballista's enters with`): matched against the
    /// chooser's named order.
    pub name: String,
    /// Its timestamp, then its place among its object's effects: the default order.
    pub timestamp: (i64, u32),
    pub category: Category,
}

/// One effect applied, why it was applied then, and the event it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step<E> {
    /// The index of the effect in the candidates.
    pub effect: usize,
    /// The effects that could have been chosen at this step (it among them).
    pub choosable: Vec<usize>,
    /// The rules that decided: who chooses and the step (616.1, 616.1c or 616.1e) when two
    /// or more applied; the repetition (616.1f) after the first step; 616.2 if it became
    /// applicable through another; 614.5 if an effect already applied would have applied
    /// again.
    pub cites: Vec<Cite>,
    /// Chosen by default (earliest timestamp) among two or more.
    pub by_default: bool,
    /// The event after this effect applied.
    pub after: E,
}

/// An effect the chooser named while the rules made another come first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutOfTurn {
    pub named: usize,
    /// The effect applied instead.
    pub applied: usize,
    /// The rule that made it come first (616.1c for a copy effect).
    pub rule: Cite,
}

/// The effects applied to one event, in order, and the event they made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path<E> {
    pub steps: Vec<Step<E>>,
    pub out_of_turn: Vec<OutOfTurn>,
    pub result: E,
}

impl<E> Path<E> {
    /// The effects in the order applied.
    pub fn order(&self) -> Vec<usize> {
        self.steps.iter().map(|s| s.effect).collect()
    }

    /// Whether any choice among two or more was the default.
    pub fn by_default(&self) -> bool {
        self.steps.iter().any(|s| s.by_default)
    }
}

/// One legal order and its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ordering<E> {
    pub effects: Vec<usize>,
    pub result: E,
}

/// What 616.1 made of one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision<E> {
    /// The order the chooser took.
    pub chosen: Path<E>,
    /// Every order the revision allows, depth first, candidates in index order.
    pub orders: Vec<Ordering<E>>,
    /// Whether two legal orders give different results.
    pub differ: bool,
    /// 419.9a of 2005-08-01 … 2008-02-01 speaks of two effects, and three or more applied:
    /// the choice was repeated as 419.9a of 2008-10-01 says.
    pub repeated_past_two: bool,
}

/// More than [`LIMIT`] effects applied, or became applicable, to one event.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{count} replacement and prevention effects apply to one event; the checker orders at most {LIMIT}")]
pub struct TooMany {
    pub count: usize,
}

/// Decides how `effects` modify `event` under `order`, the chooser naming `named` (names of
/// candidates; others are ignored). `applicable(e, i)`: whether candidate `i` applies to
/// event `e`; `apply(e, i)`: the event candidate `i` makes of `e`.
pub fn decide<E, A, P>(
    event: &E,
    effects: &[Candidate],
    order: &Order,
    named: &[&str],
    applicable: A,
    apply: P,
) -> Result<Decision<E>, TooMany>
where
    E: Clone + PartialEq,
    A: Fn(&E, usize) -> bool,
    P: Fn(&E, usize) -> E,
{
    let rules = Procedure {
        effects,
        order,
        applicable: &applicable,
        apply: &apply,
    };
    let mut orders = Vec::new();
    rules.enumerate(event, &mut Vec::new(), &mut BTreeSet::new(), &mut orders)?;
    let chosen = rules.path(event, named);
    let differ = orders.iter().any(|o| o.result != orders[0].result);
    let repeated_past_two = order.speaks_of_two && chosen.steps.len() > 2;
    Ok(Decision {
        chosen,
        orders,
        differ,
        repeated_past_two,
    })
}

/// The candidates, the revision and the two functions, borrowed for one decision.
struct Procedure<'a, E> {
    effects: &'a [Candidate],
    order: &'a Order,
    applicable: &'a dyn Fn(&E, usize) -> bool,
    apply: &'a dyn Fn(&E, usize) -> E,
}

/// The effects that may be chosen at one step, and the rule that restricted them.
struct Choosable {
    effects: Vec<usize>,
    rule: RuleNumber,
    /// The rule that made effects on a contained event wait, if it did (616.1g).
    waiting: Option<RuleNumber>,
}

impl Choosable {
    /// The rule that kept `effect` from being chosen at this step.
    fn kept_back(&self, effect: Category) -> RuleNumber {
        match (effect, self.waiting) {
            (Category::Contained, Some(rule)) => rule,
            _ => self.rule,
        }
    }
}

impl<E: Clone + PartialEq> Procedure<'_, E> {
    /// The candidates not yet applied that apply to `event` (616.1f, 614.5).
    fn applicable_now(&self, event: &E, applied: &[usize]) -> Vec<usize> {
        (0..self.effects.len())
            .filter(|i| !applied.contains(i) && (self.applicable)(event, *i))
            .collect()
    }

    /// Restricts `now` to what may be chosen: an effect on a contained event waits while an
    /// effect on the outer one may still be chosen first (616.1g); then the first category
    /// of the revision that any is in (616.1a–d), else any (616.1e).
    fn choosable(&self, now: &[usize], applied: &[usize]) -> Choosable {
        let contained = |i: &usize| self.effects[*i].category == Category::Contained;
        let outer_chosen = applied.iter().any(|i| !contained(i));
        let mut pool: Vec<usize> = now.to_vec();
        let mut waiting = None;
        if let Some(rule) = self.order.contained {
            if !outer_chosen && now.iter().any(|i| !contained(i)) && now.iter().any(contained) {
                pool.retain(|i| !contained(i));
                waiting = Some(rule);
            }
        }
        for (category, rule) in &self.order.first {
            let first: Vec<usize> = pool
                .iter()
                .copied()
                .filter(|i| self.effects[*i].category == *category)
                .collect();
            if !first.is_empty() {
                return Choosable {
                    effects: first,
                    rule: *rule,
                    waiting,
                };
            }
        }
        Choosable {
            effects: pool,
            rule: self.order.any,
            waiting,
        }
    }

    /// Every legal order from `event`, with `applied` already applied; `seen` gathers every
    /// effect that applied at some point, for the limit.
    fn enumerate(
        &self,
        event: &E,
        applied: &mut Vec<usize>,
        seen: &mut BTreeSet<usize>,
        out: &mut Vec<Ordering<E>>,
    ) -> Result<(), TooMany> {
        let now = self.applicable_now(event, applied);
        seen.extend(now.iter().copied());
        if seen.len() > LIMIT {
            return Err(TooMany { count: seen.len() });
        }
        if now.is_empty() {
            out.push(Ordering {
                effects: applied.clone(),
                result: event.clone(),
            });
            return Ok(());
        }
        for effect in self.choosable(&now, applied).effects {
            applied.push(effect);
            let next = (self.apply)(event, effect);
            self.enumerate(&next, applied, seen, out)?;
            applied.pop();
        }
        Ok(())
    }

    /// The path the chooser takes, naming `named`.
    fn path(&self, event: &E, named: &[&str]) -> Path<E> {
        let initial = self.applicable_now(event, &[]);
        let mut event = event.clone();
        let mut steps: Vec<Step<E>> = Vec::new();
        let mut out_of_turn = Vec::new();
        let mut applied = Vec::new();
        loop {
            let now = self.applicable_now(&event, &applied);
            if now.is_empty() {
                break;
            }
            let can = self.choosable(&now, &applied);
            let (effect, by_default) = self.pick(named, &now, &can, &mut out_of_turn);
            let mut cites = self.cites(now.len(), &can, !applied.is_empty());
            if !initial.contains(&effect) {
                cites.push(self.order.cite(self.order.becomes_applicable));
            }
            event = (self.apply)(&event, effect);
            applied.push(effect);
            if applied.iter().any(|i| (self.applicable)(&event, *i)) {
                cites.push(self.order.cite(self.order.once));
            }
            // An effect that applied before this one no longer does: only the effects that
            // would now apply are taken into account (616.1f; "the other does nothing").
            let repeat = self.order.cite(self.order.repeat);
            let dropped = now
                .iter()
                .any(|i| !applied.contains(i) && !(self.applicable)(&event, *i));
            if dropped && !cites.contains(&repeat) {
                cites.push(repeat);
            }
            steps.push(Step {
                effect,
                choosable: can.effects,
                cites,
                by_default,
                after: event.clone(),
            });
        }
        Path {
            steps,
            out_of_turn,
            result: event,
        }
    }

    /// The rules of one step: who chooses and the step, when there was a choice; the
    /// repetition after the first.
    fn cites(&self, applicable: usize, can: &Choosable, repeated: bool) -> Vec<Cite> {
        let mut cites = Vec::new();
        if applicable >= 2 {
            cites.push(self.order.cite(self.order.chooser));
            cites.push(self.order.cite(can.rule));
        }
        if repeated {
            cites.push(self.order.cite(self.order.repeat));
        }
        cites.dedup();
        cites
    }

    /// The chooser's pick: the first named effect that may be chosen, noting those named
    /// before it that apply but may not be chosen yet; else the earliest timestamp.
    fn pick(
        &self,
        named: &[&str],
        now: &[usize],
        can: &Choosable,
        out_of_turn: &mut Vec<OutOfTurn>,
    ) -> (usize, bool) {
        let index = |name: &str| self.effects.iter().position(|c| c.name == name);
        let mut refused = Vec::new();
        let mut chosen = None;
        for i in named.iter().filter_map(|n| index(n)) {
            if can.effects.contains(&i) {
                chosen = Some(i);
                break;
            }
            if now.contains(&i) && !refused.contains(&i) {
                refused.push(i);
            }
        }
        let by_default = chosen.is_none() && can.effects.len() >= 2;
        let effect = chosen.unwrap_or_else(|| self.earliest(&can.effects));
        for named in refused {
            if !out_of_turn.iter().any(|o| o.named == named) {
                let rule = self.order.cite(can.kept_back(self.effects[named].category));
                out_of_turn.push(OutOfTurn {
                    named,
                    applied: effect,
                    rule,
                });
            }
        }
        (effect, by_default)
    }

    fn earliest(&self, among: &[usize]) -> usize {
        *among
            .iter()
            .min_by_key(|i| self.effects[**i].timestamp)
            .expect("a step has an effect to choose")
    }
}

#[cfg(test)]
mod tests;
