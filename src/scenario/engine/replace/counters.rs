//! Counters put on a permanent by an effect, modified (614.1a, 614.16, 122.6): Hardened
//! Scales, Doubling Season. Each kind of counter put on one object at one time is one
//! counter event. The counters a permanent enters with are modified as it enters
//! ([`super::enter`]).

use super::super::prelude::*;
use super::ability::{takes, Replacement, Seen};
use super::modify::{name_of, Outcome, Source};
use super::{decide, era, Candidate, Category, Order};

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
        let candidates: Vec<Candidate> = sources
            .iter()
            .map(|s| Candidate {
                name: name_of(s.card),
                timestamp: (s.timestamp, s.index),
                category: Category::Any,
            })
            .collect();
        let chooser = view.controller;
        let named = self.named_by(chooser);
        let named: Vec<&str> = named.iter().map(String::as_str).collect();
        let order = Order::of(self.rules.date);
        let decision = match decide(&amount, &candidates, &order, &named, applicable, apply) {
            Ok(d) => d,
            Err(too_many) => {
                self.refuse_too_many(too_many.count);
                return (amount, None);
            }
        };
        let labelled: Vec<(CardId, String, Candidate)> = sources
            .iter()
            .zip(&candidates)
            .map(|(s, k)| (s.card, s.ability.text.clone(), k.clone()))
            .collect();
        let outcome = |n: &i32| Outcome::Counters(kind, *n);
        let Some(record) = self.replaced(c, chooser, &labelled, &decision, outcome) else {
            return (amount, None);
        };
        let on = self.rules.date;
        let mut cites = vec![era::instead(on)];
        if on >= crate::model::Date::new(2017, 9, 29).expect("a date") {
            cites.push(super::modify::own(on, "614.16"));
        }
        cites.extend(Game::path_cites(&decision));
        dedup(&mut cites);
        let mut subjects = vec![Target::Card(c)];
        subjects.extend(record.applied.iter().map(|a| Target::Card(a.source)));
        let n = decision.chosen.result;
        let event = Event {
            what: Happened::Replaced(Box::new(record)),
            cites,
            subjects,
            state_based: false,
        };
        (n, Some(event))
    }
}
