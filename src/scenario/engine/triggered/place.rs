//! Putting waiting triggered abilities on the stack (603.3): each player in APNAP order
//! (101.4), starting with the active player, puts their own in the order they choose, so
//! the active player's resolve last (603.3b); a player's order is their suffix
//! `(P orders triggers: …)`, the rest below it in the default order. Targets are chosen as
//! each goes on the stack (603.3d): the written choice if it is legal, else the first legal
//! one; with none, the ability is removed.

use super::super::prelude::*;
use super::*;

/// What stopped the checker: a feature of version 3 this build doesn't play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// 1,000 objects resolved in one statement's span (104.4b is not decided).
    Loop,
    /// A keyword the chosen revision doesn't have (lifelink and deathtouch before
    /// 2007-05-01, persist before 2008-10-01, undying before 2012-02-01) would act.
    NoSuchKeyword(&'static str),
    /// Before 2026-04-17, a sacrifice ability (E5) that triggers differently looking back
    /// and not (603.10a of 2026-04-17 settled it).
    SacrificeLooksBack,
    /// More than six replacement and prevention effects apply to one event.
    TooManyEffects,
    /// In 2007-05-01 … 2009-07-11, a static "prevent N" effect meets one source's damage to
    /// two or more recipients at once (419.7c of 2009-05-01, 614.9 of 2009-07-11).
    PreventNPerSource,
    /// More than six replacement and prevention effects applied, or became applicable, to
    /// one event (scenario-format.md, "Refusals").
    TooManyReplacements(usize),
}

/// A defaulted order replaced for a replay ("Checking the default"): in the `placement`th
/// placement of the play (from 0), `player`'s abilities left to the default go on the stack
/// in `order` (indexes into the default order; the first resolves first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forced {
    pub placement: usize,
    pub player: PlayerId,
    pub order: Vec<usize>,
}

/// One thing done while the game got ready to give a player priority.
#[derive(Debug, Clone)]
pub enum Settled {
    /// A round of state-based actions (704.3).
    StateBased(Vec<Event>),
    /// A placement of triggered abilities (603.3b).
    Placement(Vec<Event>),
}

impl Game {
    /// Why the checker stopped playing, if it did.
    pub fn refusal(&self) -> Option<&Refusal> {
        self.refusal.as_ref()
    }

    /// Plays these placements' defaulted orders otherwise (a replay, "Checking the default").
    pub fn force_orders(&mut self, forced: Vec<Forced>) {
        self.forced = forced;
    }

    /// What a player would do before receiving priority (117.5, 704.3): state-based
    /// actions until none apply, then every waiting triggered ability on the stack, again
    /// until neither happens. In the untap step no one receives priority: abilities wait
    /// (502.4, 503.1a).
    pub fn settle(&mut self, choice: Option<CardId>, orders: &[TriggerOrder]) -> Vec<Settled> {
        let mut out = Vec::new();
        // 104.1: once the game has ended, nothing happens.
        if self.game_over().is_some() {
            return out;
        }
        for _ in 0..64 {
            for round in self.state_based_actions(choice) {
                out.push(Settled::StateBased(round));
            }
            if self.step == Step::Untap || self.game_over().is_some() {
                break;
            }
            let placed = self.place_triggers(orders);
            if placed.is_empty() {
                break;
            }
            out.push(Settled::Placement(placed));
        }
        // 514.3a: a state-based action performed or an ability put on the stack in a
        // cleanup step gives the active player priority there.
        if self.step == Step::Cleanup && !out.is_empty() {
            self.priority_in_cleanup = true;
            self.priority = self.active;
        }
        out
    }

    /// Puts every waiting ability on the stack (603.3b); the events say which triggered,
    /// each player's order and what was removed for want of a target (603.3d).
    pub(in crate::scenario::engine) fn place_triggers(
        &mut self,
        orders: &[TriggerOrder],
    ) -> Vec<Event> {
        if self.waiting.is_empty() {
            return Vec::new();
        }
        let waiting = std::mem::take(&mut self.waiting);
        let mut events = Vec::new();
        for inst in &waiting {
            let mut cites = inst.cites.clone();
            let several = waiting
                .iter()
                .filter(|o| {
                    o.source == inst.source
                        && o.index == inst.index
                        // Two instances of one keyword (502.68b) aren't two occurrences.
                        && (std::ptr::eq(*o, inst)
                            || o.ability.keyword.is_none()
                            || o.instance() != inst.instance())
                })
                .count()
                > 1;
            if several {
                cites.push(cite::R603_2C);
            }
            events.push(Event {
                what: Happened::Triggered {
                    ability: name_of(inst),
                    controller: inst.controller,
                    looked_back: inst.looked_back,
                },
                cites,
                subjects: subjects(inst),
                state_based: false,
            });
        }
        let mut placed_orders = Vec::new();
        let mut removed = Vec::new();
        let mut put = Vec::new();
        for p in self.turn_order_from(self.active) {
            let mut theirs: Vec<Instance> = waiting
                .iter()
                .filter(|i| i.controller == p)
                .cloned()
                .collect();
            if theirs.is_empty() {
                continue;
            }
            // 800.4d: an ability of a player who left isn't put on the stack.
            if self.has_lost(p) && self.players.len() >= 3 {
                continue;
            }
            theirs.sort_by_key(default_key);
            let written = orders.iter().find(|o| o.player == p);
            let mut first: Vec<Instance> = Vec::new();
            if let Some(o) = written {
                for name in &o.names {
                    if name.index.is_none() && name.instance.is_none() && name.every {
                        let (mine, rest): (Vec<_>, Vec<_>) =
                            theirs.into_iter().partition(|i| i.source == name.source);
                        first.extend(mine);
                        theirs = rest;
                    } else if let Some(at) = theirs
                        .iter()
                        .position(|i| name.names(i.source, i.index, i.instance()))
                    {
                        first.push(theirs.remove(at));
                    }
                }
            }
            if written.is_none() {
                let placement = self.placements;
                if let Some(f) = self.forced.iter().find(|f| {
                    f.placement == placement && f.player == p && f.order.len() == theirs.len()
                }) {
                    theirs = f.order.iter().map(|&i| theirs[i].clone()).collect();
                }
            }
            first.extend(theirs);
            placed_orders.push((p, first.iter().map(name_of).collect(), written.is_none()));
            // The first named resolves first: it goes on the stack last.
            for mut inst in first.into_iter().rev() {
                match self.choose_targets(&inst) {
                    Some(targets) => {
                        inst.targets = targets;
                        put.push(inst);
                    }
                    None => removed.push(inst),
                }
            }
        }
        self.placements += 1;
        events.push(Event {
            what: Happened::TriggersPut {
                orders: placed_orders,
            },
            cites: vec![
                cite::R603_3,
                cite::R603_3A,
                cite::R603_3B,
                cite::R117_5,
                cite::R704_3,
            ],
            subjects: waiting.iter().flat_map(subjects).collect(),
            state_based: false,
        });
        for inst in put {
            let controller = inst.controller;
            let targets = inst.targets.clone();
            self.stack.push(StackItem {
                kind: StackKind::Trigger(Box::new(inst)),
                controller,
                targets,
            });
        }
        for inst in removed {
            events.push(self.trigger_removed(&inst, cite::R603_3D));
        }
        events
    }

    /// Records that `inst` was removed from the stack by `rule`, and says so.
    pub(in crate::scenario::engine) fn trigger_removed(
        &mut self,
        inst: &Instance,
        rule: Cite,
    ) -> Event {
        self.trigger_records.push(TriggerRecord {
            source: inst.source,
            index: inst.index,
            instance: inst.instance(),
            controller: inst.controller,
            fate: TriggerFate::Removed(rule),
        });
        Event {
            what: Happened::TriggerRemoved {
                ability: name_of(inst),
            },
            cites: vec![rule],
            subjects: subjects(inst),
            state_based: false,
        }
    }

    /// The targets of `inst`, each its written choice if legal, else the first legal one
    /// (603.3d, 601.2c); `None` when one has no legal choice.
    fn choose_targets(&self, inst: &Instance) -> Option<Vec<(Target, u32)>> {
        let mut out = Vec::new();
        for spec in &inst.ability.targets {
            let chosen = spec
                .choosing
                .filter(|t| self.legal_target(inst, spec.kind, *t))
                .or_else(|| self.fallback_target(inst, spec.kind))?;
            out.push((chosen, self.object_of(chosen)));
        }
        Some(out)
    }

    fn fallback_target(&self, inst: &Instance, kind: TargetKind) -> Option<Target> {
        let you = inst.controller;
        // The next player in turn order first, `you` last.
        let players = self
            .turn_order_from(you)
            .skip(1)
            .chain(std::iter::once(you))
            .map(Target::Player);
        let objects = self.cards.ids().map(Target::Card);
        match kind {
            TargetKind::Player | TargetKind::Opponent => {
                players.clone().find(|t| self.legal_target(inst, kind, *t))
            }
            TargetKind::Creature | TargetKind::Permanent => {
                objects.clone().find(|t| self.legal_target(inst, kind, *t))
            }
            // Players first, then objects.
            TargetKind::Any | TargetKind::CreatureOrPlayer => players
                .chain(objects)
                .find(|t| self.legal_target(inst, kind, *t)),
        }
    }

    /// Whether `t` may be a target of `inst` (115.1, 702.11b, 702.16b, 702.18a), judged with
    /// its source's characteristics (its last known information if it left).
    pub(in crate::scenario::engine) fn legal_target(
        &self,
        inst: &Instance,
        kind: TargetKind,
        t: Target,
    ) -> bool {
        match t {
            Target::Player(p) => {
                self.players.get(p).is_some()
                    && !self.has_lost(p)
                    && match kind {
                        TargetKind::Player | TargetKind::Any | TargetKind::CreatureOrPlayer => true,
                        TargetKind::Opponent => p != inst.controller,
                        _ => false,
                    }
            }
            Target::Card(c) => {
                if self.cards.get(c).is_none() || !self.on_battlefield(c) {
                    return false;
                }
                let tv = self.view(c);
                let fits = match kind {
                    TargetKind::Creature | TargetKind::CreatureOrPlayer => {
                        tv.chars.is(CardType::Creature)
                    }
                    TargetKind::Permanent => true,
                    // 115.4: a creature, planeswalker or battle.
                    TargetKind::Any => {
                        [CardType::Creature, CardType::Planeswalker, CardType::Battle]
                            .iter()
                            .any(|t| tv.chars.is(*t))
                    }
                    _ => false,
                };
                let sv = self.source_view(inst);
                let shroud = tv.chars.has(&Ability::Shroud) && self.rules.has(Difference::Shroud);
                let hexproof = tv.chars.has(&Ability::Hexproof)
                    && tv.controller != inst.controller
                    && self.rules.has(Difference::Hexproof);
                let protected = tv.chars.protections().any(|q| sv.chars.has_quality(q));
                fits && !shroud && !hexproof && !protected
            }
        }
    }

    /// The source of `inst` as an effect reads it now: current while it is the same object
    /// on the battlefield, else its last known information (608.2h, 113.7a).
    pub(in crate::scenario::engine) fn source_view(&self, inst: &Instance) -> View {
        if self.source_unchanged(inst) {
            return self.view(inst.source);
        }
        if inst.source_left {
            return inst.source_view.clone();
        }
        self.cards
            .get(inst.source)
            .and_then(|c| c.last_known.clone())
            .unwrap_or_else(|| inst.source_view.clone())
    }

    /// Whether the source is still the object that triggered, on the battlefield.
    pub(in crate::scenario::engine) fn source_unchanged(&self, inst: &Instance) -> bool {
        self.cards.get(inst.source).map(|c| c.object) == Some(inst.source_object)
            && self.on_battlefield(inst.source)
    }
}

/// The default order, first to resolve first: the object written earliest in the file,
/// its abilities in the order written, instances by their object in file order, then
/// players in turn order.
fn default_key(i: &Instance) -> (CardId, usize, Option<Instanced>) {
    let x = match i.instance() {
        Some(Target::Card(c)) => Some(Instanced::Card(c)),
        Some(Target::Player(p)) => Some(Instanced::Player(p)),
        None => None,
    };
    (i.source, i.index, x)
}

/// What an instance of an ability is for, in the default order: objects in file order,
/// then players in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Instanced {
    Card(CardId),
    Player(PlayerId),
}

/// The name of an instance, as the stack shows it.
pub(in crate::scenario::engine) fn name_of(i: &Instance) -> StackObject {
    StackObject::Trigger {
        source: i.source,
        index: i.index,
        instance: i.instance(),
    }
}

fn subjects(i: &Instance) -> Vec<Target> {
    std::iter::once(Target::Card(i.source))
        .chain(i.instance())
        .chain(std::iter::once(Target::Player(i.controller)))
        .collect()
}
