//! Counters put on a permanent by an effect, modified (614.1a, 614.16, 122.6): Hardened
//! Scales, Doubling Season. Each kind of counter put on one object at one time is one
//! counter event. The counters a permanent enters with are modified as it enters
//! ([`super::enter`]).

use super::super::prelude::*;
use super::ability::{takes, Replacement, Seen};
use super::era;
use super::modify::{Outcome, Source};

impl Game {
    /// How many counters of `kind` are put on `c` instead of `amount`, and the record.
    pub(in crate::scenario::engine) fn modify_counters(
        &mut self,
        c: CardId,
        kind: CounterKind,
        amount: i32,
    ) -> (i32, Option<Event>) {
        if amount <= 0 || !self.on_battlefield(c) {
            return (amount, None);
        }
        let sources: Vec<Source> = self
            .sources_before()
            .into_iter()
            .filter(|s| matches!(&s.ability.effect, Replacement::Counters { kind: k, .. } if k.is_none_or(|k| k == kind)))
            .collect();
        if sources.is_empty() {
            return (amount, None);
        }
        let view = self.view(c);
        let token = self.cards[c].token;
        let applicable = |n: &i32, i: usize| {
            let s = &sources[i];
            let seen = Seen {
                view: &view,
                token,
                is_source: s.card == c,
                is_attached: s.attached == Some(c),
            };
            matches!(&s.ability.effect, Replacement::Counters { on, .. } if *n > 0 && takes(on, s.controller, &seen))
        };
        let apply = |n: &i32, i: usize| match &sources[i].ability.effect {
            Replacement::Counters { counts, .. } => counts.of(*n),
            _ => *n,
        };
        let outcome = |n: &i32| Outcome::Counters(kind, *n);
        let chooser = view.controller;
        let Some((decision, record)) =
            self.decide_among(c, chooser, &amount, &sources, (applicable, apply), outcome)
        else {
            return (amount, None);
        };
        let on = self.rules.date;
        let mut cites = vec![era::instead(on)];
        if on >= crate::model::Date::new(2017, 9, 29).expect("a date") {
            cites.push(super::modify::own(on, "614.16"));
        }
        let n = decision.chosen.result;
        (n, Some(Game::replaced_event(c, record, cites, &decision)))
    }
}
