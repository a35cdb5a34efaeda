//! Removal from combat (506.4): a permanent declared in combat that changes controller or
//! stops being a creature while it stays on the battlefield leaves combat for good, and the
//! report says so, citing the rule.

use super::super::event::{event, Happened};
use super::super::prelude::*;
use super::CombatEvent;

/// Why a permanent still on the battlefield was removed from combat (506.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    ControllerChanged,
    NoLongerACreature,
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
                Some(Removal::NoLongerACreature)
            } else {
                None
            }
        };
        let mut removed: Vec<(CardId, Removal)> = Vec::new();
        for i in 0..self.combat.attackers.len() {
            let a = &self.combat.attackers[i];
            if let (false, Some(why)) = (a.removed, cause(self, a.card, a.object, a.controller)) {
                removed.push((a.card, why));
                self.combat.attackers[i].removed = true;
            }
        }
        for i in 0..self.combat.blockers.len() {
            let b = &self.combat.blockers[i];
            if let (false, Some(why)) = (b.removed, cause(self, b.card, b.object, b.controller)) {
                if !removed.iter().any(|(r, _)| *r == b.card) {
                    removed.push((b.card, why));
                }
                self.combat.blockers[i].removed = true;
            }
        }
        removed
            .into_iter()
            .map(|(card, cause)| {
                event(
                    Happened::Combat(CombatEvent::RemovedFromCombat { card, cause }),
                    vec![Target::Card(card)],
                    &[cite::R506_4],
                )
            })
            .collect()
    }
}
