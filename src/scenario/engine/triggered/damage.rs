//! Damage triggers: E8 (`OBJ deals [combat] damage [to (a creature | a player | an
//! opponent)]`, 120.4b) and the lifelink and deathtouch of 2007-05-01 … 2009-05-01, which
//! were triggered abilities then ("Whenever this permanent deals damage, you gain that much
//! life.", 502.68a of 2009-05-01; "Whenever this permanent deals damage to a creature,
//! destroy that creature.", 502.63a), each instance triggering separately (502.68b,
//! 502.63b). They trigger on damage actually dealt (410.7 of then), and only while their
//! permanent is on the battlefield (402.8 of then): combat damage dealt from the stack by a
//! creature that has left triggers none of its own abilities.

use super::super::prelude::*;
use super::observe::object_fits;
use super::*;

/// One source's damage to one recipient, in one event.
#[derive(Debug, Clone, Copy)]
pub(in crate::scenario::engine) struct Dealt {
    pub source: CardId,
    pub to: Target,
    pub amount: i32,
    pub combat: bool,
}

impl Dealt {
    /// The damage `e` dealt, if it is damage.
    pub(super) fn of(e: &Event) -> Option<Dealt> {
        use super::super::combat::CombatEvent;
        match &e.what {
            Happened::Damage {
                card,
                amount,
                source: Some(source),
                combat,
            } => Some(Dealt {
                source: *source,
                to: Target::Card(*card),
                amount: *amount,
                combat: *combat,
            }),
            Happened::DamageToPlayer {
                source,
                player,
                amount,
                ..
            } => Some(Dealt {
                source: *source,
                to: Target::Player(*player),
                amount: *amount,
                combat: false,
            }),
            Happened::Combat(CombatEvent::DamageToPlayer {
                source,
                player,
                amount,
                ..
            }) => Some(Dealt {
                source: *source,
                to: Target::Player(*player),
                amount: *amount,
                combat: true,
            }),
            _ => None,
        }
        .filter(|d| d.amount > 0)
    }
}

impl Game {
    /// Whether lifelink and deathtouch are triggered abilities in the chosen revision
    /// (2007-05-01 … 2009-05-01: they exist, and aren't yet static).
    pub(in crate::scenario::engine) fn keywords_trigger(&self) -> bool {
        self.rules.has(Difference::Lifelink) && !self.rules.has(Difference::LifelinkStatic)
    }

    /// The keyword triggers of `view`: one for each instance of lifelink and deathtouch in
    /// the revisions where they are triggered abilities, printed before granted.
    pub(in crate::scenario::engine) fn keyword_triggers(&self, view: &View) -> Vec<Keyword> {
        if !self.keywords_trigger() {
            return Vec::new();
        }
        let mut out: Vec<Keyword> = view
            .chars
            .abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Lifelink => Some(Keyword::Lifelink),
                Ability::Deathtouch => Some(Keyword::Deathtouch),
                _ => None,
            })
            .collect();
        // Lifelink before deathtouch (the default order of "Going on the stack").
        out.sort_by_key(|k| k.index());
        out
    }

    /// The instances of an E8 ability of `c` (`base` filled in for it) that `dealt`
    /// triggers: for `deals damage`, one per fitting source with the total it dealt; for
    /// `… to X`, one per fitting source and recipient.
    pub(super) fn damage_instances(
        &self,
        c: CardId,
        base: Instance,
        event: &TriggerEvent,
        dealt: &[Dealt],
    ) -> Vec<Instance> {
        let TriggerEvent::Deals { what, combat, to } = event else {
            return Vec::new();
        };
        let you = base.controller;
        let dealt: Vec<&Dealt> = dealt.iter().filter(|d| d.combat || !combat).collect();
        let mut sources: Vec<CardId> = Vec::new();
        for d in &dealt {
            if !sources.contains(&d.source) {
                sources.push(d.source);
            }
        }
        let mut out = Vec::new();
        for s in sources {
            let this = s == c;
            // 402.8 of 2009-05-01: a permanent's abilities function only while it is on the
            // battlefield; others see a source that left as it last existed (310.4b).
            if this && !self.on_battlefield(s) {
                continue;
            }
            let (view, left) = self.damage_source(s);
            let seen = Seen {
                card: s,
                object: self.cards[s].object,
                view,
                counters: self.counters(s),
                token: self.cards[s].token,
            };
            if !object_fits(what, this, &seen, you) {
                continue;
            }
            let object = EventObject {
                card: s,
                object: seen.object,
                zone: if left {
                    self.cards[s].zone
                } else {
                    Zone::Battlefield
                },
                view: seen.view,
                counters: seen.counters,
                token: seen.token,
            };
            let by: Vec<&&Dealt> = dealt.iter().filter(|d| d.source == s).collect();
            let Some(to) = to else {
                let mut inst = base.clone();
                inst.object = Some(object);
                inst.amount = by.iter().map(|d| d.amount).sum();
                out.push(inst);
                continue;
            };
            let mut recipients: Vec<Target> = Vec::new();
            for d in &by {
                if !recipients.contains(&d.to) {
                    recipients.push(d.to);
                }
            }
            for r in recipients {
                let fits = match (to, r) {
                    (DamageTo::Creature, Target::Card(x)) => {
                        self.view(x).chars.is(CardType::Creature)
                    }
                    (DamageTo::Player, Target::Player(_)) => true,
                    (DamageTo::Opponent, Target::Player(p)) => p != you,
                    _ => false,
                };
                if !fits {
                    continue;
                }
                let mut inst = base.clone();
                inst.object = Some(object.clone());
                inst.recipient = Some((r, self.object_of(r)));
                if let Target::Player(p) = r {
                    inst.player = Some(p);
                }
                inst.amount = by.iter().filter(|d| d.to == r).map(|d| d.amount).sum();
                out.push(inst);
            }
        }
        out
    }

    /// The rules that made a keyword trigger: its own (502.68a, 502.63a of 2009-05-01)
    /// and, where its permanent has several instances, that each triggers (502.68b,
    /// 502.63b).
    pub(super) fn keyword_cites(&self, k: Keyword, several: bool) -> Vec<Cite> {
        let (a, b) = match k {
            Keyword::Lifelink => (
                cite::R502_68A_LIFELINK_TRIGGERED,
                cite::R502_68B_LIFELINK_INSTANCES,
            ),
            Keyword::Deathtouch => (
                cite::R502_63A_DEATHTOUCH_TRIGGERED,
                cite::R502_63B_DEATHTOUCH_INSTANCES,
            ),
            Keyword::Persist => return vec![cite::R702_79A],
            Keyword::Undying => return vec![cite::R702_93A],
        };
        if several {
            vec![a, b]
        } else {
            vec![a]
        }
    }
}

impl Game {
    /// Lifelink or deathtouch written in a revision before 2007-05-01, which has no such
    /// keyword: inert until its source deals damage (deathtouch: to a creature), where it
    /// would act; then the scenario is refused ("Refusals" of the format, version 3).
    pub(super) fn keyword_before_it_existed(
        &self,
        before: &Snapshot,
        dealt: &[Dealt],
    ) -> Option<&'static str> {
        if self.rules.has(Difference::Lifelink) && self.rules.has(Difference::Deathtouch) {
            return None;
        }
        // An object as it was immediately before the damage, else as it is.
        let has = |c: CardId, f: &dyn Fn(&View) -> bool| match before
            .objects
            .iter()
            .find(|s| s.card == c)
        {
            Some(seen) => f(&seen.view),
            None => f(&self.view(c)),
        };
        for d in dealt {
            if !self.rules.has(Difference::Lifelink)
                && has(d.source, &|v| v.chars.has(&Ability::Lifelink))
            {
                return Some("lifelink");
            }
            let to_creature =
                matches!(d.to, Target::Card(c) if has(c, &|v| v.chars.is(CardType::Creature)));
            if !self.rules.has(Difference::Deathtouch)
                && to_creature
                && has(d.source, &|v| v.chars.has(&Ability::Deathtouch))
            {
                return Some("deathtouch");
            }
        }
        None
    }
}

impl Game {
    /// The permanents written with a keyword the chosen revision doesn't have (lifelink and
    /// deathtouch before 2007-05-01, persist before 2008-10-01, undying before 2012-02-01):
    /// inert until it would act, with a warning ("Refusals").
    pub fn inert_keywords(&self) -> Vec<(CardId, &'static str)> {
        let mut out = Vec::new();
        for c in self.cards.ids().filter(|&c| self.on_battlefield(c)) {
            let view = self.view(c);
            let lacks = |d: Difference| !self.rules.has(d);
            for a in &view.chars.abilities {
                let name = match a {
                    Ability::Lifelink if lacks(Difference::Lifelink) => "lifelink",
                    Ability::Deathtouch if lacks(Difference::Deathtouch) => "deathtouch",
                    Ability::Triggered(t) => match t.keyword {
                        Some(Keyword::Persist) if lacks(Difference::Persist) => "persist",
                        Some(Keyword::Undying) if lacks(Difference::Undying) => "undying",
                        _ => continue,
                    },
                    _ => continue,
                };
                out.push((c, name));
            }
        }
        out
    }
}
