//! The modification step's common parts: the replacement effects that exist immediately
//! before an event (614.4), the chooser's named order, and the record of a replaced event
//! ([`Replaced`]) that the report shows.

use super::super::prelude::*;
use super::ability::ReplacementAbility;
use super::{Candidate, Decision};

/// A replacement ability of a permanent on the battlefield immediately before the event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    pub card: CardId,
    pub controller: PlayerId,
    /// What the permanent is attached to, for `enchanted creature`.
    pub attached: Option<CardId>,
    pub timestamp: i64,
    /// Its place among the object's replacement abilities, in the order written.
    pub index: u32,
    pub ability: ReplacementAbility,
}

/// The modification step's state in a game.
#[derive(Debug, Clone, Default)]
pub struct Replacing {
    /// The sources as the current event began (614.4), if one is being performed.
    pub before: Option<Vec<Source>>,
    /// `(P applies: L, L...)` of the statement being performed.
    pub applies: Vec<(PlayerId, Vec<CardId>)>,
}

/// What one replacement effect made of an event, as the report says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A permanent entered: tapped or not, with these counters, as a copy or not.
    Entered {
        tapped: bool,
        counters: Vec<(CounterKind, i32)>,
        copy_of: Option<CardId>,
    },
    /// An object went to this zone.
    Zone(Zone),
    /// This many counters of a kind were put.
    Counters(CounterKind, i32),
}

/// One effect applied to the event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The effect's object (the entering permanent for its own).
    pub source: CardId,
    pub text: String,
    /// The rule by which it modifies the event (614.1a, 614.1c or 614.1d, in the
    /// revision's own numbering).
    pub rule: Cite,
    /// The step of 616.1 that let it be chosen, where there was a choice.
    pub step: Option<Cite>,
    /// The effects the chooser chose it among (it included), when two or more could be.
    pub among: Vec<CardId>,
    /// Chosen by default (earliest timestamp) among two or more.
    pub by_default: bool,
    /// The event once it applied.
    pub after: Outcome,
}

/// An effect as the record names it: its object, its text, and the rule by which
/// it modifies the event.
#[derive(Debug, Clone)]
pub(super) struct Labelled {
    pub source: CardId,
    pub text: String,
    pub rule: Cite,
}

/// A replaced event: who chose, what applied in order, and the orders whose result differs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replaced {
    pub affected: CardId,
    pub chooser: PlayerId,
    /// The event as it would have happened.
    pub proposed: Outcome,
    pub applied: Vec<Applied>,
    /// A choice among two or more was the default (earliest timestamp).
    pub by_default: bool,
    /// Effects the chooser named while another had to come first, with that rule.
    pub out_of_turn: Vec<(CardId, Cite)>,
    pub result: Outcome,
    /// Every other legal order whose result differs from the one played.
    pub others: Vec<(Vec<CardId>, Outcome)>,
    /// Two legal orders had different results.
    pub differ: bool,
    /// 419.9a of 2005-08-01 … 2008-02-01 speaks of two effects and more applied.
    pub repeated_past_two: bool,
    /// How the checker read a revision that doesn't say (an entering permanent before
    /// 2007-05-01: 419.6i of 2008-02-01).
    pub read_as: Option<&'static str>,
}

impl Game {
    /// The replacement abilities on the battlefield now, each with its object.
    pub(in crate::scenario::engine) fn replacement_sources(&self) -> Vec<Source> {
        let mut out = Vec::new();
        for c in self.cards.ids().filter(|&c| self.on_battlefield(c)) {
            let v = self.view(c);
            let attached = match self.cards[c].attached_to {
                Some((Target::Card(t), _)) => Some(t),
                _ => None,
            };
            let abilities = v.chars.abilities.iter().filter_map(|a| match a {
                Ability::Replacement(r) => Some((**r).clone()),
                _ => None,
            });
            for (index, ability) in abilities.enumerate() {
                out.push(Source {
                    card: c,
                    controller: v.controller,
                    attached,
                    timestamp: self.cards[c].timestamp,
                    index: index as u32,
                    ability,
                });
            }
        }
        out
    }

    /// The sources that exist immediately before the event being performed (614.4): those
    /// recorded as it began, else those on the battlefield now.
    pub(in crate::scenario::engine) fn sources_before(&self) -> Vec<Source> {
        match &self.replacing.before {
            Some(s) => s.clone(),
            None => self.replacement_sources(),
        }
    }

    /// Records the sources as an event begins (614.4).
    pub(in crate::scenario::engine) fn begin_replaceable(&mut self) {
        self.replacing.before = Some(self.replacement_sources());
    }

    /// Refuses the scenario: more than six effects on one event.
    pub(super) fn refuse_too_many(&mut self, count: usize) {
        self.refusal
            .get_or_insert(super::super::triggered::Refusal::TooManyReplacements(count));
    }

    /// `(P applies: …)` of the statement being performed.
    pub fn set_applies(&mut self, applies: Vec<(PlayerId, Vec<CardId>)>) {
        self.replacing.applies = applies;
    }

    /// The names `chooser` gave, as candidate names (`#card`).
    pub(super) fn named_by(&self, chooser: PlayerId) -> Vec<String> {
        self.replacing
            .applies
            .iter()
            .filter(|(p, _)| *p == chooser)
            .flat_map(|(_, cs)| cs.iter().map(|c| name_of(*c)))
            .collect()
    }

    /// 616.1 over one event that the effects of `sources` (none of a category that must
    /// come first) may modify, `chooser` choosing: the decision and its record, or `None`
    /// when none applied or more than six did (then refused).
    pub(super) fn decide_among<E: Clone + PartialEq>(
        &mut self,
        affected: CardId,
        chooser: PlayerId,
        event: &E,
        sources: &[Source],
        rule: (impl Fn(&E, usize) -> bool, impl Fn(&E, usize) -> E),
        outcome: impl Fn(&E) -> Outcome,
    ) -> Option<(Decision<E>, Replaced)> {
        let candidates: Vec<Candidate> = sources
            .iter()
            .map(|s| Candidate {
                name: name_of(s.card),
                timestamp: (s.timestamp, s.index),
                category: super::Category::Any,
            })
            .collect();
        let named = self.named_by(chooser);
        let named: Vec<&str> = named.iter().map(String::as_str).collect();
        let order = super::Order::of(self.rules.date);
        let (applicable, apply) = rule;
        let decision = match super::decide(event, &candidates, &order, &named, applicable, apply) {
            Ok(d) => d,
            Err(too_many) => {
                self.refuse_too_many(too_many.count);
                return None;
            }
        };
        let on = self.rules.date;
        let labelled: Vec<Labelled> = sources
            .iter()
            .map(|s| Labelled {
                source: s.card,
                text: s.ability.text.clone(),
                rule: super::era::of_effect(on, &s.ability.effect),
            })
            .collect();
        let record = self.replaced(affected, chooser, &labelled, &decision, event, outcome)?;
        Some((decision, record))
    }

    /// The event that says `record`: `cites` with the rules the decision's path cited, its
    /// subjects the affected object and the effects' sources.
    pub(super) fn replaced_event<E>(
        affected: CardId,
        record: Replaced,
        mut cites: Vec<Cite>,
        decision: &Decision<E>,
    ) -> Event {
        cites.extend(Game::path_cites(decision));
        dedup(&mut cites);
        let mut subjects = vec![Target::Card(affected)];
        subjects.extend(record.applied.iter().map(|a| Target::Card(a.source)));
        Event {
            what: Happened::Replaced(Box::new(record)),
            cites,
            subjects,
            state_based: false,
        }
    }

    /// The record of a decision, or `None` if no effect applied.
    pub(super) fn replaced<E>(
        &self,
        affected: CardId,
        chooser: PlayerId,
        candidates: &[Labelled],
        decision: &Decision<E>,
        proposed: &E,
        outcome: impl Fn(&E) -> Outcome,
    ) -> Option<Replaced> {
        if decision.chosen.steps.is_empty() {
            return None;
        }
        let order = super::Order::of(self.rules.date);
        let applied = decision
            .chosen
            .steps
            .iter()
            .map(|s| Applied {
                source: candidates[s.effect].source,
                text: candidates[s.effect].text.clone(),
                rule: candidates[s.effect].rule,
                step: order.deciding(&s.cites, s.choosable.len()),
                among: match s.choosable.len() {
                    0 | 1 => Vec::new(),
                    _ => s.choosable.iter().map(|i| candidates[*i].source).collect(),
                },
                by_default: s.by_default,
                after: outcome(&s.after),
            })
            .collect();
        let chosen = decision.chosen.order();
        let played = outcome(&decision.chosen.result);
        let others = decision
            .orders
            .iter()
            .filter(|o| o.effects != chosen && outcome(&o.result) != played)
            .map(|o| {
                let sources = o.effects.iter().map(|i| candidates[*i].source).collect();
                (sources, outcome(&o.result))
            })
            .collect();
        Some(Replaced {
            affected,
            chooser,
            proposed: outcome(proposed),
            applied,
            by_default: decision.chosen.by_default() && decision.differ,
            out_of_turn: decision
                .chosen
                .out_of_turn
                .iter()
                .map(|o| (candidates[o.named].source, o.rule))
                .collect(),
            result: played,
            others,
            differ: decision.differ,
            repeated_past_two: decision.repeated_past_two,
            read_as: None,
        })
    }

    /// All the rules a decision's path cited, deduplicated.
    pub(super) fn path_cites<E>(decision: &Decision<E>) -> Vec<Cite> {
        let mut out: Vec<Cite> = Vec::new();
        for s in &decision.chosen.steps {
            for c in &s.cites {
                if !out.contains(c) {
                    out.push(*c);
                }
            }
        }
        for o in &decision.chosen.out_of_turn {
            if !out.contains(&o.rule) {
                out.push(o.rule);
            }
        }
        out
    }
}

/// A candidate's name: its object, so that `(P applies: L)` names it by label.
pub(super) fn name_of(c: CardId) -> String {
    format!("#{}", c.index())
}

/// A rule in the numbering of the revision `date` (the rules cited here are each
/// revision's own, chosen by era).
pub(super) fn own(date: crate::model::Date, rule: &str) -> Cite {
    Cite {
        rule: rule.parse().expect("a rule number written in the engine"),
        numbering: date,
        otherwise: None,
        otherwise_older: None,
    }
}
