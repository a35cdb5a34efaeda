//! A permanent entering the battlefield, modified (614.1c, 614.1d, 614.12): tapped, with
//! counters (the counters of one kind it enters with are one counter event, 122.6), or as
//! a copy (616.1c). Which effects apply, and how, is decided from the permanent as it
//! would exist on the battlefield (614.12): from 2017-09-29 with the continuous effects
//! that already exist; before, from its copiable values, ignoring other sources. Only the
//! permanent's own `enters` abilities and the abilities of permanents already on the
//! battlefield apply: a static ability of an object not yet there doesn't apply to
//! anything entering with it, itself included (614.12).

use super::super::prelude::*;
use super::ability::{takes, Replacement, Seen};
use super::modify::{name_of, Labelled, Outcome, Source};
use super::{decide, era, Candidate, Category, Order};

/// The entering event as effects have made it so far.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entering {
    copy_of: Option<CardId>,
    tapped: bool,
    counters: Vec<(CounterKind, i32)>,
}

/// Whose effect a candidate is.
#[derive(Debug, Clone)]
enum Whose {
    /// The entering permanent's own, while it would be itself (`None`) or a copy of that.
    Own(Option<CardId>, Replacement),
    Other(Source),
}

struct Entry {
    source: CardId,
    text: String,
    candidate: Candidate,
    whose: Whose,
}

const fn date(year: u16, month: u8, day: u8) -> crate::model::Date {
    crate::model::Date { year, month, day }
}

fn enters_kind(r: &Replacement) -> bool {
    matches!(
        r,
        Replacement::EntersTapped(_)
            | Replacement::EntersWith { .. }
            | Replacement::EntersAsCopy(_)
            | Replacement::Counters { .. }
    )
}

impl Game {
    /// Modifies how `c`, just moved onto the battlefield, entered: the events say so.
    pub(in crate::scenario::engine) fn modify_entering(&mut self, c: CardId) -> Vec<Event> {
        let sources: Vec<Source> = self
            .sources_before()
            .into_iter()
            .filter(|s| s.card != c && enters_kind(&s.ability.effect))
            .collect();
        let copies: Vec<Option<CardId>> = std::iter::once(None)
            .chain(sources.iter().filter_map(|s| match s.ability.effect {
                Replacement::EntersAsCopy(_) => Some(Some(s.card)),
                _ => None,
            }))
            .collect();
        let views: Vec<(Option<CardId>, View)> = copies
            .iter()
            .map(|f| (*f, self.as_it_would_exist(c, *f)))
            .collect();
        let entries = self.entering_entries(c, &sources, &views);
        if entries.is_empty() {
            return Vec::new();
        }
        let start = Entering {
            copy_of: None,
            tapped: false,
            counters: CounterKind::ALL
                .iter()
                .map(|k| (*k, self.cards[c].counters(*k)))
                .filter(|(_, n)| *n > 0)
                .collect(),
        };
        self.decide_entering(c, start, &entries, &views)
    }

    /// The permanent as it would exist on the battlefield, itself or as a copy of `form`
    /// (614.12 by revision).
    fn as_it_would_exist(&self, c: CardId, form: Option<CardId>) -> View {
        if self.rules.date >= date(2017, 9, 29) {
            return match form {
                None => self.view(c),
                Some(x) => {
                    let mut sim = self.clone();
                    let _ = sim.entered_as_copy(c, Some(x), Vec::new());
                    sim.view(c)
                }
            };
        }
        View {
            chars: self.copiable(form.unwrap_or(c)).chars,
            controller: self.cards[c].controller,
        }
    }

    /// The candidates: the permanent's own `enters` abilities in each form it may take,
    /// newest (614.12), and those of the permanents on the battlefield.
    fn entering_entries(
        &self,
        c: CardId,
        sources: &[Source],
        views: &[(Option<CardId>, View)],
    ) -> Vec<Entry> {
        let mut out: Vec<Entry> = sources
            .iter()
            .map(|s| Entry {
                source: s.card,
                text: s.ability.text.clone(),
                candidate: Candidate {
                    name: name_of(s.card),
                    timestamp: (s.timestamp, s.index),
                    category: match s.ability.effect {
                        Replacement::EntersAsCopy(_) => Category::Copy,
                        _ => Category::Any,
                    },
                },
                whose: Whose::Other(s.clone()),
            })
            .collect();
        let newest = self.cards[c].timestamp;
        for (form, view) in views {
            let own = view.chars.abilities.iter().filter_map(|a| match a {
                Ability::Replacement(r) if own_entering(&r.effect) => Some(r),
                _ => None,
            });
            for (i, r) in own.enumerate() {
                out.push(Entry {
                    source: c,
                    text: r.text.clone(),
                    candidate: Candidate {
                        name: name_of(c),
                        timestamp: (newest, i as u32),
                        category: Category::Any,
                    },
                    whose: Whose::Own(*form, r.effect.clone()),
                });
            }
        }
        out
    }

    fn decide_entering(
        &mut self,
        c: CardId,
        start: Entering,
        entries: &[Entry],
        views: &[(Option<CardId>, View)],
    ) -> Vec<Event> {
        let token = self.cards[c].token;
        let view_of = |e: &Entering| {
            &views
                .iter()
                .find(|(f, _)| *f == e.copy_of)
                .expect("a view of each form")
                .1
        };
        let applicable = |e: &Entering, i: usize| match &entries[i].whose {
            Whose::Own(form, _) => e.copy_of == *form,
            Whose::Other(s) => {
                let seen = Seen {
                    view: view_of(e),
                    token,
                    is_source: false,
                    is_attached: false,
                };
                other_applies(&s.ability.effect, s.controller, &seen, e)
            }
        };
        let apply = |e: &Entering, i: usize| {
            let (effect, source) = match &entries[i].whose {
                Whose::Own(_, r) => (r, c),
                Whose::Other(s) => (&s.ability.effect, s.card),
            };
            applied(e, effect, source)
        };
        let chooser = self.cards[c].controller;
        let named = self.named_by(chooser);
        let named: Vec<&str> = named.iter().map(String::as_str).collect();
        let candidates: Vec<Candidate> = entries.iter().map(|e| e.candidate.clone()).collect();
        let order = Order::of(self.rules.date);
        let decision = match decide(&start, &candidates, &order, &named, applicable, apply) {
            Ok(d) => d,
            Err(too_many) => {
                self.refuse_too_many(too_many.count);
                return Vec::new();
            }
        };
        let result = decision.chosen.result.clone();
        let on = self.rules.date;
        let labelled: Vec<Labelled> = entries
            .iter()
            .map(|e| Labelled {
                source: e.source,
                text: e.text.clone(),
                rule: era::of_effect(
                    on,
                    match &e.whose {
                        Whose::Own(_, r) => r,
                        Whose::Other(s) => &s.ability.effect,
                    },
                ),
            })
            .collect();
        let outcome = |e: &Entering| Outcome::Entered {
            tapped: e.tapped,
            counters: e.counters.clone(),
            copy_of: e.copy_of,
        };
        let Some(mut record) = self.replaced(c, chooser, &labelled, &decision, &start, outcome)
        else {
            return Vec::new();
        };
        if era::look_ahead(self.rules.date).is_none() {
            record.read_as = Some("no rule of this revision says how an entering permanent is checked; the checker reads 419.6i of 2008-02-01 (its own static abilities, ignoring other sources)");
        }
        let mut cites = self.entering_cites(&decision.chosen.order(), entries, &start, &result);
        cites.extend(Game::path_cites(&decision));
        let mut subjects = vec![Target::Card(c)];
        subjects.extend(record.applied.iter().map(|a| Target::Card(a.source)));
        let mut events = vec![Event {
            what: Happened::Replaced(Box::new(record)),
            cites,
            subjects,
            state_based: false,
        }];
        self.cards[c].tapped = result.tapped;
        for (k, n) in &result.counters {
            *self.cards[c].counters.get_mut(*k) = *n;
        }
        if let Some(x) = result.copy_of {
            events = self.entered_as_copy(c, Some(x), events);
        }
        events
    }

    /// 614.1c or 614.1d per effect applied, the look-ahead (614.12), the counters rules
    /// (122.6, 614.16) when counters were put, 614.4 when a source has left.
    fn entering_cites(
        &self,
        order: &[usize],
        entries: &[Entry],
        start: &Entering,
        result: &Entering,
    ) -> Vec<Cite> {
        let on = self.rules.date;
        let mut cites = Vec::new();
        for i in order {
            let (effect, source) = match &entries[*i].whose {
                Whose::Own(_, r) => (r, None),
                Whose::Other(s) => (&s.ability.effect, Some(s.card)),
            };
            cites.push(era::of_effect(on, effect));
            if source.is_some_and(|s| !self.on_battlefield(s)) {
                cites.push(era::exists_before(on));
            }
        }
        cites.extend(era::look_ahead(on));
        if result.counters != start.counters {
            cites.extend(era::counters_put(on));
        }
        if result.copy_of.is_some() {
            cites.push(cite::R707_2);
        }
        dedup(&mut cites);
        cites
    }
}

/// A permanent's own `enters` ability: `this enters tapped`, `this enters with …`.
fn own_entering(r: &Replacement) -> bool {
    use super::super::super::effect::Subject;
    matches!(
        r,
        Replacement::EntersTapped(Subject::This)
            | Replacement::EntersWith {
                subject: Subject::This,
                ..
            }
    )
}

/// Whether another permanent's effect applies to the event as it stands.
fn other_applies(effect: &Replacement, you: PlayerId, seen: &Seen, e: &Entering) -> bool {
    match effect {
        Replacement::EntersTapped(s) | Replacement::EntersAsCopy(s) => takes(s, you, seen),
        Replacement::EntersWith { subject, .. } => takes(subject, you, seen),
        Replacement::Counters { kind, on, .. } => {
            e.counters
                .iter()
                .any(|(k, n)| *n > 0 && kind.is_none_or(|x| x == *k))
                && takes(on, you, seen)
        }
        _ => false,
    }
}

/// The event `effect` of `source` makes of `e`.
fn applied(e: &Entering, effect: &Replacement, source: CardId) -> Entering {
    let mut e = e.clone();
    match effect {
        Replacement::EntersTapped(_) => e.tapped = true,
        Replacement::EntersAsCopy(_) => e.copy_of = Some(source),
        Replacement::EntersWith { n, kind, .. } => {
            match e.counters.iter_mut().find(|(k, _)| k == kind) {
                Some((_, m)) => *m += n,
                None => e.counters.push((*kind, *n)),
            }
        }
        Replacement::Counters { kind, counts, .. } => {
            for (k, n) in e.counters.iter_mut() {
                if *n > 0 && kind.is_none_or(|x| x == *k) {
                    *n = counts.of(*n);
                }
            }
        }
        _ => {}
    }
    e
}
