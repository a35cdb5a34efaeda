//! Removal from combat (506.4): a permanent declared in combat that changes controller or
//! stops being a creature while it stays on the battlefield leaves combat for good, and so
//! does an attacked planeswalker or battle that changes controller or stops being one (its
//! attackers then attack nothing, 506.4c); the report says so, citing the rule.

use super::super::event::{event, Happened};
use super::super::prelude::*;
use super::CombatEvent;

/// Why a permanent still on the battlefield was removed from combat (506.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    ControllerChanged,
    NotACreature,
    /// An attacked planeswalker or battle that stopped being one.
    NotAttackable,
    /// Regenerated (701.19a).
    Regenerated,
}

impl Game {
    /// 506.4: every permanent declared in combat that is still the same object on the
    /// battlefield but changed controller or stopped being a creature is removed from
    /// combat, for good: becoming a creature again, or its first controller's again,
    /// doesn't bring it back. One that left the battlefield is a new object (400.7): it
    /// is out of combat already, with no word of its own.
    pub(in crate::scenario::engine) fn remove_from_combat(&mut self) -> Vec<Event> {
        let cause = |g: &Game, c: CardId, object: u32, controller: PlayerId| {
            if !g.on_battlefield(c) || g.object_id(c) != object {
                None
            } else if g.controller(c) != controller {
                Some(Removal::ControllerChanged)
            } else if !g.view(c).chars.is(CardType::Creature) {
                Some(Removal::NotACreature)
            } else {
                None
            }
        };
        let mut removed: Vec<(CardId, Removal)> = Vec::new();
        let declared = self
            .combat
            .attackers
            .iter()
            .map(|a| (a.card, a.object, a.controller, a.removed))
            .chain(
                self.combat
                    .blockers
                    .iter()
                    .map(|b| (b.card, b.object, b.controller, b.removed)),
            );
        for (c, object, controller, was_removed) in declared {
            if was_removed || removed.iter().any(|(r, _)| *r == c) {
                continue;
            }
            if let Some(why) = cause(self, c, object, controller) {
                removed.push((c, why));
            }
        }
        let mut attacked: Vec<(CardId, Removal)> = Vec::new();
        for a in &self.combat.attackers {
            let Some(t) = a.target.filter(|t| !t.removed) else {
                continue;
            };
            let Target::Card(x) = t.target else {
                continue;
            };
            if !self.on_battlefield(x)
                || self.object_id(x) != t.object
                || attacked.iter().any(|(r, _)| *r == x)
            {
                continue;
            }
            let v = self.view(x);
            if t.controller != Some(v.controller) {
                attacked.push((x, Removal::ControllerChanged));
            } else if !v.chars.is(CardType::Planeswalker) && !v.chars.is(CardType::Battle) {
                attacked.push((x, Removal::NotAttackable));
            }
        }
        let mut events: Vec<Event> = removed
            .into_iter()
            .map(|(card, cause)| {
                self.apply(event(
                    Happened::Combat(CombatEvent::RemovedFromCombat { card, cause }),
                    vec![Target::Card(card)],
                    &[cite::R506_4],
                ))
            })
            .collect();
        events.extend(attacked.into_iter().map(|(card, cause)| {
            self.apply(event(
                Happened::Combat(CombatEvent::RemovedFromCombat { card, cause }),
                vec![Target::Card(card)],
                &[cite::R506_4, cite::R506_4C],
            ))
        }));
        events
    }
}
