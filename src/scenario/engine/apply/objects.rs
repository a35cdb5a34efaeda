//! Applying what happens to an object on the battlefield: damage marked on it or
//! loyalty and defense removed (120.3), counters put or removed (122.1), a continuous
//! effect begun (611, 613.7), a reconfigured Equipment unattached (702.151b).

use super::super::prelude::*;

impl Game {
    /// What an event about an object changes (see [`Game::apply`]).
    pub(super) fn apply_to_object(&mut self, what: &Happened) {
        match what {
            Happened::Damage {
                card,
                amount,
                source,
                ..
            } => {
                // 120.3c, 120.3e, 120.3h: damage marked, loyalty or defense removed.
                let v = self.view(*card);
                // 702.2b: remembered for 704.5h until state-based actions are checked.
                let deathtouch =
                    source.is_some_and(|s| self.damage_source(s).0.chars.has(&Ability::Deathtouch));
                let c = &mut self.cards[*card];
                if v.chars.is(CardType::Creature) {
                    c.damage += amount;
                    c.dealt_deathtouch |= deathtouch && *amount > 0;
                    c.dealt_damage |= *amount > 0;
                }
                if v.chars.is(CardType::Planeswalker) {
                    let loyalty = c.counters.get_mut(CounterKind::Loyalty);
                    *loyalty = (*loyalty - amount).max(0);
                }
                if v.chars.is(CardType::Battle) {
                    let defense = c.counters.get_mut(CounterKind::Defense);
                    *defense = (*defense - amount).max(0);
                }
            }
            Happened::Counters {
                card,
                kind,
                amount,
                put,
            } => self.cards[*card].change_counters(*kind, *amount, *put),
            Happened::ContinuousEffect {
                card,
                change,
                until_end_of_turn,
            } => {
                let timestamp = self.ts();
                let object = self.cards[*card].object;
                self.effects.add(ContinuousEffect {
                    timestamp,
                    card: *card,
                    object,
                    change: change.clone(),
                    until_end_of_turn: *until_end_of_turn,
                });
            }
            Happened::Reconfigured { card } => self.cards[*card].attached_to = None,
            Happened::Regenerated { card, .. } => {
                // 701.19a: all damage removed, tapped.
                let c = &mut self.cards[*card];
                c.damage = 0;
                c.dealt_deathtouch = false;
                c.tapped = true;
            }
            _ => {}
        }
    }
}
