//! One damage event modified (120.4a–b): every replacement and prevention effect that
//! applies to it, protection included (702.16e), in the order the affected player chooses
//! (616.1), each at most once (614.5), until none applies or the damage is 0 (614.7a).
//! Every other legal order is tried too, and those whose result differs are reported.

use super::super::super::effect::{Control, Subject};
use super::super::prelude::*;
use super::{Change, DamageRule, EffectName, Guard, RecipientSpec, SourceSpec};

/// One source's damage to one recipient at one moment, before it is modified.
#[derive(Debug, Clone)]
pub struct DamageEvent {
    /// `None`: the anonymous colorless source no player controls.
    pub source: Option<CardId>,
    pub amount: i32,
    pub to: Target,
    pub combat: bool,
}

/// What one applicable effect does.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Does {
    Rule(Change),
    /// A shield of `Game::shields`, by index; whether it prevents the next N (615.7)
    /// rather than all damage (615.1a).
    Shield(usize, bool),
    Protection(Quality),
}

#[derive(Debug, Clone)]
struct Candidate {
    name: EffectName,
    timestamp: i64,
    does: Does,
}

/// One effect applied: the damage before and after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub name: EffectName,
    pub before: i32,
    pub after: i32,
}

/// A modified damage event: the effects applied in order, who chose, and every other
/// legal order with a different result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Modification {
    pub source: Option<CardId>,
    pub to: Target,
    pub proposed: i32,
    pub dealt: i32,
    pub applied: Vec<Applied>,
    /// Who chose the order (616.1), when two or more effects applied.
    pub chooser: Option<PlayerId>,
    /// Whether the order was the default (no `applies` suffix decided it).
    pub by_default: bool,
    /// The other legal orders whose result differs: the effects in order, and the damage.
    pub others: Vec<(Vec<EffectName>, i32)>,
    /// Protection of the quality, when protection applied.
    pub protection: Option<Quality>,
    /// Before 2007-05-01 no rule speaks of a static "prevent N"; read as 615.10.
    pub unwritten_prevent_n: bool,
    /// The rules that applied, in today's numbers.
    pub cites: Vec<Cite>,
}

/// The most effects the checker orders for one event (contract, "Refusals").
pub const MOST_EFFECTS: usize = 6;

impl Game {
    /// `amount` damage from `source` to `to`, modified: what is left to deal, and the
    /// event that says how (none when no effect applied).
    pub(in crate::scenario::engine) fn modified(
        &mut self,
        source: Option<CardId>,
        amount: i32,
        to: Target,
        combat: bool,
    ) -> (i32, Vec<Event>) {
        let ev = DamageEvent {
            source,
            amount,
            to,
            combat,
        };
        match self.modify_damage(&ev) {
            Some(m) => (m.dealt, vec![modification_event(m, combat)]),
            None => (amount, Vec::new()),
        }
    }

    /// In 2007-05-01 … 2009-07-11 a static "prevent N" prevents N of one source's damage
    /// "at any given time" (419.7c; 614.9 of 2009-07-11): when one such effect meets one
    /// source's damage to two or more recipients at once, the rule doesn't say whose is
    /// reduced, and the checker refuses (contract, "Refusals"). Whether it refused.
    pub(in crate::scenario::engine) fn refuses_prevent_n(
        &mut self,
        source: Option<CardId>,
        recipients: &[Target],
        combat: bool,
    ) -> bool {
        if !self.rules.has(Difference::PreventNPerSource) || recipients.len() < 2 {
            return false;
        }
        let sv = source.map(|s| self.damage_source(s).0);
        let met = (0..self.cards.len())
            .filter(|&c| self.on_battlefield(c))
            .any(|c| {
                let v = self.view(c);
                super::damage_rules(c, &v.chars).iter().any(|(_, rule)| {
                    matches!(rule.change, Change::Prevent(_))
                        && recipients
                            .iter()
                            .filter(|&&to| {
                                let ev = DamageEvent {
                                    source,
                                    amount: 1,
                                    to,
                                    combat,
                                };
                                self.rule_applies(rule, c, v.controller, &ev, sv.as_ref())
                            })
                            .count()
                            >= 2
                })
            });
        if met {
            self.refusal = Some(super::super::triggered::Refusal::PreventNPerSource);
        }
        met
    }

    /// Modifies `ev`: `None` when no effect applies; the shields it used are spent.
    pub(in crate::scenario::engine) fn modify_damage(
        &mut self,
        ev: &DamageEvent,
    ) -> Option<Modification> {
        if ev.amount <= 0 {
            return None;
        }
        let candidates = self.candidates(ev);
        if candidates.is_empty() {
            return None;
        }
        if candidates.len() > MOST_EFFECTS {
            self.refusal = Some(super::super::triggered::Refusal::TooManyEffects);
            return None;
        }
        let chooser = self.affected_player(ev.to);
        let (order, by_default) = self.chosen_order(&candidates, chooser, ev.amount);
        let (dealt, applied, left) = self.run(&candidates, &order, ev.amount);
        let mut others = Vec::new();
        for o in self.every_order(&candidates, ev.amount) {
            let (n, steps, _) = self.run(&candidates, &o, ev.amount);
            let names: Vec<EffectName> = steps.iter().map(|a| a.name).collect();
            if n != dealt && !others.iter().any(|(x, _)| *x == names) {
                others.push((names, n));
            }
        }
        for (i, l) in left {
            if let Guard::Next { left, .. } = &mut self.shields[i].guard {
                *left = l;
            }
        }
        let protection = order.iter().find_map(|&i| match &candidates[i].does {
            Does::Protection(q) => Some(q.clone()),
            _ => None,
        });
        let unwritten_prevent_n = !self.rules.has(Difference::StaticPreventN)
            && order
                .iter()
                .any(|&i| matches!(candidates[i].does, Does::Rule(Change::Prevent(_))));
        let cites = modification_cites(&candidates, &order, dealt);
        Some(Modification {
            cites,
            source: ev.source,
            to: ev.to,
            proposed: ev.amount,
            dealt,
            chooser: (applied.len() > 1 || candidates.len() > 1).then_some(chooser),
            applied,
            by_default,
            others,
            protection,
            unwritten_prevent_n,
        })
    }

    /// The affected player (616.1): the player dealt damage, or the controller of the
    /// permanent dealt damage, never the source's controller.
    fn affected_player(&self, to: Target) -> PlayerId {
        match to {
            Target::Player(p) => p,
            Target::Card(c) => self.controller(c),
        }
    }

    /// Every effect that applies to `ev` as it is proposed.
    fn candidates(&self, ev: &DamageEvent) -> Vec<Candidate> {
        let mut out = Vec::new();
        let sv = ev.source.map(|s| self.damage_source(s).0);
        for c in (0..self.cards.len()).filter(|&c| self.on_battlefield(c)) {
            let v = self.view(c);
            for (name, rule) in super::damage_rules(c, &v.chars) {
                if self.rule_applies(rule, c, v.controller, ev, sv.as_ref()) {
                    out.push(Candidate {
                        name,
                        timestamp: self.cards[c].timestamp,
                        does: Does::Rule(rule.change),
                    });
                }
            }
        }
        if let Target::Card(c) = ev.to {
            let v = self.view(c);
            let q = v.chars.protections().find(|q| match &sv {
                Some(sv) => sv.chars.has_quality(q),
                None => **q == Quality::Everything,
            });
            if let Some(q) = q {
                out.push(Candidate {
                    name: EffectName::Protection(c),
                    timestamp: self.cards[c].timestamp,
                    does: Does::Protection(q.clone()),
                });
            }
        }
        for (i, s) in self.shields.iter().enumerate() {
            if self.guards(&s.guard, ev) {
                out.push(Candidate {
                    name: EffectName::Shield(s.maker),
                    timestamp: s.timestamp,
                    does: Does::Shield(i, matches!(s.guard, Guard::Next { .. })),
                });
            }
        }
        out.sort_by_key(|c| c.timestamp);
        out
    }

    /// Whether a static rule of `card` (controlled by `you`) applies to `ev`.
    fn rule_applies(
        &self,
        rule: &DamageRule,
        card: CardId,
        you: PlayerId,
        ev: &DamageEvent,
        sv: Option<&View>,
    ) -> bool {
        if rule.combat_only && !ev.combat {
            return false;
        }
        let source_ok = match (&rule.source, ev.source, sv) {
            (SourceSpec::Any { color, control }, s, sv) => {
                let colored = color.is_none_or(|k| sv.is_some_and(|v| v.chars.colors.contains(&k)));
                let controlled = match control {
                    Control::Any => true,
                    Control::You => s.is_some() && sv.is_some_and(|v| v.controller == you),
                    Control::Opponents => s.is_some() && sv.is_some_and(|v| v.controller != you),
                    Control::Player(p) => sv.is_some_and(|v| v.controller == *p),
                };
                colored && controlled
            }
            (SourceSpec::Subject(subject), Some(s), Some(v)) => {
                self.subject_is(subject, card, you, s, v)
            }
            _ => false,
        };
        source_ok && self.recipient_is(&rule.to, card, you, ev.to)
    }

    /// Whether `c` (seen as `v`) is what `subject` of `card`'s ability describes.
    fn subject_is(
        &self,
        subject: &Subject,
        card: CardId,
        you: PlayerId,
        c: CardId,
        v: &View,
    ) -> bool {
        match subject {
            Subject::This => c == card,
            Subject::Label(l) => c == *l,
            Subject::Attached => matches!(self.cards[card].attached_to,
                Some((Target::Card(t), obj)) if t == c && self.cards[t].object == obj),
            Subject::Filter(f) => {
                !(f.other && c == card)
                    && super::super::triggered::fits(f, v, self.cards[c].token, you)
            }
        }
    }

    fn recipient_is(&self, to: &RecipientSpec, card: CardId, you: PlayerId, t: Target) -> bool {
        match (to, t) {
            (RecipientSpec::Anything, _) => true,
            (RecipientSpec::Player, Target::Player(_)) => true,
            (RecipientSpec::Opponent | RecipientSpec::OpponentOrTheirs, Target::Player(p)) => {
                p != you
            }
            (RecipientSpec::You, Target::Player(p)) => p == you,
            (RecipientSpec::OpponentOrTheirs, Target::Card(c)) => self.controller(c) != you,
            (RecipientSpec::Subject(s), Target::Card(c)) => {
                self.subject_is(s, card, you, c, &self.view(c))
            }
            _ => false,
        }
    }

    /// Whether a shield's guard covers `ev`.
    fn guards(&self, guard: &Guard, ev: &DamageEvent) -> bool {
        let is = |t: &Target, object: u32| {
            *t == ev.to
                && match t {
                    Target::Card(c) => self.cards[*c].object == object,
                    Target::Player(_) => true,
                }
        };
        match guard {
            Guard::Next { to, object, left } => *left > 0 && is(to, *object),
            Guard::AllTo { to, combat_only } => {
                (!combat_only || ev.combat)
                    && to
                        .as_ref()
                        .is_none_or(|ts| ts.iter().any(|(t, o)| is(t, *o)))
            }
            Guard::AllFrom {
                source,
                object,
                combat_only,
            } => {
                (!combat_only || ev.combat)
                    && ev.source == Some(*source)
                    && self.cards[*source].object == *object
            }
            Guard::Regenerate { .. } => false,
        }
    }

    /// The order played: at each step, the first effect the player named that applies
    /// (`(P applies: …)`), else the one with the earliest timestamp (the default).
    fn chosen_order(&self, cs: &[Candidate], chooser: PlayerId, amount: i32) -> (Vec<usize>, bool) {
        let named: Vec<_> = self
            .choices
            .applies
            .iter()
            .filter(|(p, _)| *p == chooser)
            .flat_map(|(_, names)| names.iter().cloned())
            .collect();
        let mut order = Vec::new();
        let mut by_default = true;
        let mut n = amount;
        let mut left = self.shield_lefts(cs);
        loop {
            let open: Vec<usize> = (0..cs.len())
                .filter(|i| !order.contains(i) && applies(&cs[*i], n, &left))
                .collect();
            let Some(&first) = open.first() else { break };
            let pick = named
                .iter()
                .find_map(|r| open.iter().copied().find(|&i| r.names(&cs[i].name)));
            if pick.is_some() && open.len() > 1 {
                by_default = false;
            }
            let i = pick.unwrap_or(first);
            n = step(&cs[i], n, &mut left);
            order.push(i);
        }
        (order, by_default)
    }

    /// Every order the rules allow: at each step any applicable effect not yet applied.
    fn every_order(&self, cs: &[Candidate], amount: i32) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let left = self.shield_lefts(cs);
        orders_from(cs, amount, &left, &mut Vec::new(), &mut out);
        out
    }

    /// The damage after applying `order`, each step, and each shield's remainder.
    fn run(
        &self,
        cs: &[Candidate],
        order: &[usize],
        amount: i32,
    ) -> (i32, Vec<Applied>, Vec<(usize, i32)>) {
        let mut left = self.shield_lefts(cs);
        let mut n = amount;
        let mut applied = Vec::new();
        for &i in order {
            if !applies(&cs[i], n, &left) {
                break;
            }
            let before = n;
            n = step(&cs[i], n, &mut left);
            applied.push(Applied {
                name: cs[i].name,
                before,
                after: n,
            });
        }
        (n, applied, left)
    }

    /// What each shield among `cs` has left.
    fn shield_lefts(&self, cs: &[Candidate]) -> Vec<(usize, i32)> {
        cs.iter()
            .filter_map(|c| match c.does {
                Does::Shield(i, _) => match self.shields[i].guard {
                    Guard::Next { left, .. } => Some((i, left)),
                    _ => None,
                },
                _ => None,
            })
            .collect()
    }
}

/// Whether an effect still applies to damage `n` (614.7a: 0 damage is no damage).
fn applies(c: &Candidate, n: i32, left: &[(usize, i32)]) -> bool {
    n > 0
        && match c.does {
            Does::Shield(i, _) => left
                .iter()
                .find(|(j, _)| *j == i)
                .is_none_or(|(_, l)| *l > 0),
            _ => true,
        }
}

/// Damage `n` after one effect; a shield prevents 1 at a time (615.7).
fn step(c: &Candidate, n: i32, left: &mut [(usize, i32)]) -> i32 {
    match &c.does {
        Does::Rule(Change::Double) => n * 2,
        Does::Rule(Change::Plus(k)) => n + k,
        Does::Rule(Change::PreventAll) | Does::Protection(_) => 0,
        Does::Rule(Change::Prevent(k)) => (n - k).max(0),
        Does::Shield(i, _) => match left.iter_mut().find(|(j, _)| j == i) {
            Some((_, l)) => {
                let prevented = (*l).min(n);
                *l -= prevented;
                n - prevented
            }
            None => 0,
        },
    }
}

fn orders_from(
    cs: &[Candidate],
    n: i32,
    left: &[(usize, i32)],
    prefix: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    let open: Vec<usize> = (0..cs.len())
        .filter(|i| !prefix.contains(i) && applies(&cs[*i], n, left))
        .collect();
    if open.is_empty() {
        out.push(prefix.clone());
        return;
    }
    for i in open {
        let mut l = left.to_vec();
        let m = step(&cs[i], n, &mut l);
        prefix.push(i);
        orders_from(cs, m, &l, prefix, out);
        prefix.pop();
    }
}

/// The rules one modification applied (today's numbers; the report translates them).
fn modification_cites(cs: &[Candidate], order: &[usize], dealt: i32) -> Vec<Cite> {
    let mut out = Vec::new();
    for &i in order {
        out.extend(match &cs[i].does {
            Does::Rule(Change::Double | Change::Plus(_)) => vec![cite::R614_1A, cite::R614_2],
            Does::Rule(Change::PreventAll) => vec![cite::R615_1A],
            Does::Rule(Change::Prevent(_)) => vec![cite::R615_10],
            Does::Shield(_, true) => vec![cite::R615_7],
            Does::Shield(_, false) => vec![cite::R615_1A],
            Does::Protection(_) => vec![cite::R702_16E],
        });
    }
    if order.len() > 1 || cs.len() > 1 {
        out.extend([cite::R616_1, cite::R616_1E]);
    }
    let replaced = order
        .iter()
        .any(|&i| matches!(cs[i].does, Does::Rule(Change::Double | Change::Plus(_))));
    if replaced && order.len() > 1 {
        out.push(cite::R614_5);
    }
    if dealt == 0 {
        out.extend([cite::R614_7A, cite::R120_8]);
    }
    super::super::event::dedup(&mut out);
    out
}

/// The event of a modification; protection alone keeps its own sentence (702.16e).
fn modification_event(m: Modification, combat: bool) -> Event {
    let mut subjects = vec![m.to];
    subjects.extend(m.source.map(Target::Card));
    if let (Some(q), [_], Target::Card(card), Some(source)) =
        (&m.protection, m.applied.as_slice(), m.to, m.source)
    {
        let mut numbers = super::super::legality::protection(q, cite::R702_16E);
        if !combat {
            numbers.push(cite::R120_1);
        }
        return event(
            Happened::DamagePrevented {
                card,
                amount: m.proposed,
                source,
                quality: q.clone(),
            },
            subjects,
            &numbers,
        );
    }
    let numbers = m.cites.clone();
    event(Happened::DamageModified(Box::new(m)), subjects, &numbers)
}
