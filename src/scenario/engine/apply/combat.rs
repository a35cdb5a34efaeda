//! Applying the combat phase's events (506–511): the combat chapter ([`super::super::combat`])
//! checks each declaration and each combat damage step and says what happens as a
//! [`CombatEvent`]; here it is made so. Declaring attackers taps them and records each with
//! the object it was (508.1f, 506.4), declaring blockers records the blocks and who is
//! blocked (509.1g–h), an announced order replaces the default one (509.2, 509.3), a combat
//! damage step begins (510.1, 510.4), combat damage goes on the stack and resolves (310.1,
//! 310.4 before 2009-07-11), damage is dealt to a player (120.3a), a permanent is removed
//! from combat (506.4), and combat ends (511.3).

use super::super::combat::on_the_stack::{AssignedOnTheStack, CombatDamageObject};
use super::super::combat::{Attacker, Blocker, Combat, CombatEvent};
use super::super::prelude::*;

impl Game {
    /// What a combat event changes (see [`Game::apply`]).
    pub(in crate::scenario::engine) fn apply_combat(&mut self, e: &CombatEvent) {
        match e {
            CombatEvent::AttackersDeclared { attackers, active } => {
                // 508.1: the active player declares attackers, as a turn-based action of the
                // declare attackers step; 508.1f: they tap (vigilance: they don't).
                self.step = Step::DeclareAttackers;
                self.priority = *active;
                self.combat.attackers_declared = true;
                for &(c, t, vigilance) in attackers {
                    if !vigilance {
                        self.cards[c].tapped = true;
                    }
                    let attacker = Attacker {
                        card: c,
                        object: self.object_id(c),
                        controller: *active,
                        target: Some(self.attacked(t)),
                        blocked: false,
                        order: Vec::new(),
                        ordered: false,
                        removed: false,
                    };
                    self.combat.attackers.push(attacker);
                }
            }
            CombatEvent::NoBlockers { player: None } => {
                // 509.1: the game passed the declare blockers step; no one blocked.
                self.combat.blockers_declared = true;
                self.step = Step::DeclareBlockers;
            }
            CombatEvent::NoBlockers { player: Some(p) } => self.declare_blocks(*p, &[], &[]),
            CombatEvent::BlockersDeclared {
                player,
                blocks,
                blocked,
            } => self.declare_blocks(*player, blocks, blocked),
            CombatEvent::Ordered { card, order } => {
                // 509.2 orders an attacker's blockers, 509.3 a blocker's attackers.
                if self.is_attacking(*card) {
                    if let Some(a) = self.combat.attackers.iter_mut().find(|a| a.card == *card) {
                        a.order = order.clone();
                        a.ordered = true;
                    }
                } else if let Some(b) = self.combat.blockers.iter_mut().find(|b| b.card == *card) {
                    b.blocking = order.clone();
                    b.ordered = true;
                }
            }
            CombatEvent::DamageStep { first, sources } => {
                // 510.4: the creatures that had first strike or double strike as the
                // first-strike step began are remembered; 510.3: the active player receives
                // priority.
                if *first {
                    self.combat.first_strikers = Some(sources.clone());
                }
                self.step = if *first {
                    Step::FirstStrikeDamage
                } else {
                    Step::CombatDamage
                };
                self.priority = self.active;
            }
            CombatEvent::OnTheStack { first, assigned } => {
                // 310.1, 310.3 (before 2009-07-11): the assignments go on the stack as one
                // object, each source and recipient with the object it is now (400.7), the
                // source's power and last known information (310.4a–b).
                let assigned = assigned
                    .iter()
                    .map(|(source, amounts)| AssignedOnTheStack {
                        source: *source,
                        object: self.object_id(*source),
                        power: self.power(*source),
                        last_known: self.view(*source),
                        amounts: amounts
                            .iter()
                            .map(|&(n, t)| (n, t, self.object_of(t)))
                            .collect(),
                    })
                    .collect();
                self.combat.on_the_stack = Some(CombatDamageObject {
                    first: *first,
                    assigned,
                });
                self.stack.push(StackItem {
                    kind: StackKind::CombatDamage,
                    controller: self.active,
                    targets: Vec::new(),
                });
            }
            CombatEvent::DamageResolves { .. } => {
                // 310.4: the combat damage object leaves the stack as it resolves; the
                // active player receives priority.
                self.combat_damage_leaves_the_stack();
                self.priority = self.active;
            }
            CombatEvent::DamageToPlayer {
                player,
                now,
                amount,
                ..
            } => self.damage_player(*player, *now, *amount),
            CombatEvent::RemovedFromCombat { card, .. } => {
                // 506.4: out of combat for good, whatever it becomes again.
                let c = *card;
                for a in self.combat.attackers.iter_mut().filter(|a| a.card == c) {
                    a.removed = true;
                }
                for b in self.combat.blockers.iter_mut().filter(|b| b.card == c) {
                    b.removed = true;
                }
                // An attacked planeswalker or battle stops being attacked (506.4).
                for t in self
                    .combat
                    .attackers
                    .iter_mut()
                    .filter_map(|a| a.target.as_mut())
                {
                    if t.target == Target::Card(c) {
                        t.removed = true;
                    }
                }
            }
            CombatEvent::Ends => {
                // 511.3: every creature is removed from combat.
                self.combat = Combat {
                    turn_began: self.combat.turn_began,
                    attackers_declared: true,
                    blockers_declared: true,
                    ..Combat::default()
                };
            }
            CombatEvent::Assigned { .. } | CombatEvent::NotDealt { .. } => {}
        }
    }

    /// 509.1g–h: `p`'s blocks (none, for `p declares no blockers`) and the attackers they
    /// made blocked; once every defending player has declared (509.1a), the blockers are
    /// declared. Damage assignment orders may be announced now (509.2, 509.3).
    fn declare_blocks(
        &mut self,
        p: PlayerId,
        blocks: &[(CardId, Vec<CardId>)],
        blocked: &[CardId],
    ) {
        self.step = Step::DeclareBlockers;
        self.priority = self.active;
        self.combat.declared_blocks.push(p);
        self.combat.blockers_declared = self
            .player_ids()
            .filter(|&q| self.is_defending(q))
            .all(|q| self.combat.declared_blocks.contains(&q));
        self.combat.ordering_open = true;
        for (b, list) in blocks {
            let blocker = Blocker {
                card: *b,
                object: self.object_id(*b),
                controller: p,
                blocking: list.clone(),
                ordered: false,
                removed: false,
            };
            self.combat.blockers.push(blocker);
        }
        for a in &mut self.combat.attackers {
            if blocked.contains(&a.card) {
                a.blocked = true;
            }
        }
        for i in 0..self.combat.attackers.len() {
            let a = self.combat.attackers[i].card;
            self.combat.attackers[i].order = self.blockers_of(a);
        }
    }

    /// The combat damage object leaves the stack (310.4), or, its combat over, is gone.
    pub(in crate::scenario::engine) fn combat_damage_leaves_the_stack(&mut self) {
        self.stack
            .retain(|s| !matches!(s.kind, StackKind::CombatDamage));
        self.combat.on_the_stack = None;
    }

    /// Keeps the last known information of a source whose combat damage is on the stack,
    /// as it leaves the battlefield (310.4b); [`Game::move_card`] calls it.
    pub(in crate::scenario::engine) fn remember_combat_source(&mut self, c: CardId) {
        let current = self.object_id(c);
        let assigned = |o: &CombatDamageObject| {
            o.assigned
                .iter()
                .any(|a| a.source == c && a.object == current)
        };
        if !self.combat.on_the_stack.as_ref().is_some_and(assigned) {
            return;
        }
        let view = self.view(c);
        if let Some(object) = self.combat.on_the_stack.as_mut() {
            for a in object
                .assigned
                .iter_mut()
                .filter(|a| a.source == c && a.object == current)
            {
                a.last_known = view.clone();
            }
        }
    }

    /// A new turn: no combat, and control gained from now on is gained this turn (302.6).
    pub(in crate::scenario::engine) fn new_turn_combat(&mut self) {
        self.combat = Combat {
            turn_began: self.clock,
            ..Combat::default()
        };
    }

    /// After any action but an order or a block, damage assignment orders can no
    /// longer be announced (509.2: directly after blockers are declared).
    pub(in crate::scenario::engine) fn close_ordering(&mut self, act: &Act) {
        if !matches!(act, Act::Order { .. } | Act::Block { .. }) {
            self.combat.ordering_open = false;
        }
    }
}
