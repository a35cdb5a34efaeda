//! One damage event modified (120.4a–b): every replacement and prevention effect that
//! applies to it, protection included (702.16e), in the order the affected player chooses
//! (616.1), each at most once (614.5), until none applies or the damage is 0 (614.7a).
//! Every other legal order is tried too, and those whose result differs are reported.

use super::super::super::effect::{Control, Subject};
use super::super::prelude::*;
use super::super::replace;
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
    /// The effect as written (a shield's as its guard says it).
    text: String,
    timestamp: i64,
    does: Does,
}

/// One effect applied: the damage before and after it, the rules by which it modified the
/// damage, and how it was chosen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub name: EffectName,
    /// The effect as written (a shield's as its guard says it).
    pub text: String,
    pub before: i32,
    pub after: i32,
    /// The rules by which it modified the damage (today's numbers).
    pub rules: Vec<Cite>,
    /// The step of 616.1 that let it be chosen, where there was a choice (the revision's
    /// own number).
    pub step: Option<Cite>,
    /// The effects the chooser chose it among (it included), when two or more could be.
    pub among: Vec<EffectName>,
    /// Chosen by default (earliest timestamp) among two or more.
    pub by_default: bool,
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
    /// The affected player, who chooses the order when there is one to choose (616.1).
    pub affected: PlayerId,
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

/// A damage event as effects modify it: the damage, and what each shield has left.
type Dmg = (i32, Vec<(usize, i32)>);

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
        let met = self
            .cards
            .ids()
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
        let chooser = self.affected_player(ev.to);
        let decision = match self.decide(&candidates, chooser, ev.amount) {
            Ok(d) => d,
            Err(_) => {
                self.refusal = Some(super::super::triggered::Refusal::TooManyEffects);
                return None;
            }
        };
        let order = decision.chosen.order();
        let by_default = decision.chosen.by_default();
        let (dealt, mut applied, _) = self.run(&candidates, &order, ev.amount);
        let rules = replace::Order::of(self.rules.date);
        for (a, s) in applied.iter_mut().zip(&decision.chosen.steps) {
            a.step = rules.deciding(&s.cites, s.choosable.len());
            if s.choosable.len() >= 2 {
                a.among = s.choosable.iter().map(|&i| candidates[i].name).collect();
            }
            a.by_default = s.by_default;
        }
        let mut others: Vec<(Vec<EffectName>, i32)> = Vec::new();
        for o in &decision.orders {
            let names: Vec<EffectName> = o.effects.iter().map(|&i| candidates[i].name).collect();
            if o.result.0 != dealt && !others.iter().any(|(x, _)| *x == names) {
                others.push((names, o.result.0));
            }
        }
        for &(i, l) in &decision.chosen.result.1 {
            if let Guard::Next { left, .. } = &mut self.shields[i].guard {
                *left = l;
            }
        }
        let mut cites = modification_cites(&candidates, &order, dealt);
        let steps = decision
            .chosen
            .steps
            .iter()
            .flat_map(|s| s.cites.iter().copied());
        cites.extend(steps);
        super::super::event::dedup(&mut cites);
        let protection = order.iter().find_map(|&i| match &candidates[i].does {
            Does::Protection(q) => Some(q.clone()),
            _ => None,
        });
        let unwritten_prevent_n = !self.rules.has(Difference::StaticPreventN)
            && order
                .iter()
                .any(|&i| matches!(candidates[i].does, Does::Rule(Change::Prevent(_))));
        Some(Modification {
            cites,
            source: ev.source,
            to: ev.to,
            proposed: ev.amount,
            dealt,
            chooser: (applied.len() > 1 || candidates.len() > 1).then_some(chooser),
            affected: chooser,
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
        for c in self.cards.ids().filter(|&c| self.on_battlefield(c)) {
            let v = self.view(c);
            for (name, rule) in super::damage_rules(c, &v.chars) {
                if self.rule_applies(rule, c, v.controller, ev, sv.as_ref()) {
                    out.push(Candidate {
                        name,
                        text: rule.text.clone(),
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
                    text: format!("protection from {q}"),
                    timestamp: self.cards[c].timestamp,
                    does: Does::Protection(q.clone()),
                });
            }
        }
        for (i, s) in self.shields.iter().enumerate() {
            if self.guards(&s.guard, ev) {
                out.push(Candidate {
                    name: EffectName::Shield(s.maker),
                    text: guard_words(&s.guard),
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
            // Damage is dealt by and to objects on the battlefield and players; a card in
            // a graveyard is neither (120.1).
            Subject::Graveyards(_) => false,
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

    /// 616.1 by the revision's procedure ([`replace::decide`]): the chooser's order
    /// (`(P applies: …)`: the effects their names stand for, in the order named), else the
    /// earliest timestamp; every legal order with the damage it leaves.
    fn decide(
        &self,
        cs: &[Candidate],
        chooser: PlayerId,
        amount: i32,
    ) -> Result<replace::Decision<Dmg>, replace::TooMany> {
        let effects: Vec<replace::Candidate> = cs
            .iter()
            .enumerate()
            .map(|(i, c)| replace::Candidate {
                name: i.to_string(),
                timestamp: (c.timestamp, i as u32),
                category: replace::Category::Any,
            })
            .collect();
        let named: Vec<String> = self
            .choices
            .applies
            .iter()
            .filter(|(p, _)| *p == chooser)
            .flat_map(|(_, names)| names.iter())
            .flat_map(|r| (0..cs.len()).filter(|&i| r.names(&cs[i].name)))
            .map(|i| i.to_string())
            .collect();
        let named: Vec<&str> = named.iter().map(String::as_str).collect();
        let start: Dmg = (amount, self.shield_lefts(cs));
        replace::decide(
            &start,
            &effects,
            &replace::Order::of(self.rules.date),
            &named,
            |e: &Dmg, i| applies(&cs[i], e.0, &e.1),
            |e: &Dmg, i| {
                let mut left = e.1.clone();
                (step(&cs[i], e.0, &mut left), left)
            },
        )
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
                text: cs[i].text.clone(),
                before,
                after: n,
                rules: effect_rules(&cs[i].does),
                step: None,
                among: Vec::new(),
                by_default: false,
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

/// What a shield does, as a `prevent …` or `regenerate` effect says it.
fn guard_words(guard: &Guard) -> String {
    let combat = |c: bool| if c { "combat " } else { "" };
    match guard {
        Guard::Next { left, .. } => {
            format!("prevent the next {left} damage that would be dealt to it this turn")
        }
        Guard::AllTo { combat_only, .. } => format!(
            "prevent all {}damage that would be dealt to it this turn",
            combat(*combat_only)
        ),
        Guard::AllFrom { combat_only, .. } => format!(
            "prevent all {}damage its source would deal this turn",
            combat(*combat_only)
        ),
        Guard::Regenerate { .. } => "regenerate".to_string(),
    }
}

/// The rules by which one effect modifies damage (today's numbers).
fn effect_rules(does: &Does) -> Vec<Cite> {
    match does {
        Does::Rule(Change::Double | Change::Plus(_)) => vec![cite::R614_1A, cite::R614_2],
        Does::Rule(Change::PreventAll) => vec![cite::R615_1A],
        Does::Rule(Change::Prevent(_)) => vec![cite::R615_10],
        Does::Shield(_, true) => vec![cite::R615_7],
        Does::Shield(_, false) => vec![cite::R615_1A],
        Does::Protection(_) => vec![cite::R702_16E],
    }
}

/// The rules one modification applied (today's numbers; the report translates them).
fn modification_cites(cs: &[Candidate], order: &[usize], dealt: i32) -> Vec<Cite> {
    let mut out = Vec::new();
    for &i in order {
        out.extend(effect_rules(&cs[i].does));
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
