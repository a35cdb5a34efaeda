//! Regeneration (614.8, 701.19a): `regenerate L` makes a shield that replaces L's next
//! destruction this turn (`destroy`, 704.5g, 704.5h, the old deathtouch trigger): instead
//! all damage is removed from it, its controller taps it, and it is removed from combat.
//! Not 704.5f, sacrifice or exile: none of them destroys. A regenerated creature didn't
//! die (614.6). Two shields are two effects; one destruction uses one (616.1).

use super::super::combat::CombatEvent;
use super::super::combat::Removal;
use super::super::prelude::*;
use super::{EffectName, Guard, Maker, Shield};

impl Game {
    /// A regeneration shield on `card` (701.19a); none for an object not on the
    /// battlefield.
    pub(in crate::scenario::engine) fn regenerate(
        &mut self,
        card: CardId,
        maker: Maker,
    ) -> Vec<Event> {
        if !self.on_battlefield(card) {
            return Vec::new();
        }
        let timestamp = self.ts();
        let object = self.object_id(card);
        self.shields.push(Shield {
            guard: Guard::Regenerate { card, object },
            maker,
            timestamp,
        });
        vec![event(
            Happened::Shield {
                maker,
                to: Target::Card(card),
                regenerate: true,
                n: None,
            },
            vec![Target::Card(card)],
            &[cite::R701_19A],
        )]
    }

    /// If a regeneration shield replaces the destruction of `card` (614.8), uses it and
    /// says so; the destruction never happens (614.6).
    pub(in crate::scenario::engine) fn regenerates(&mut self, card: CardId) -> Option<Vec<Event>> {
        let object = self.object_id(card);
        let mine: Vec<usize> = (0..self.shields.len())
            .filter(|&i| self.shields[i].guard == Guard::Regenerate { card, object })
            .collect();
        let chooser = self.controller(card);
        let named: Vec<_> = self
            .choices
            .applies
            .iter()
            .filter(|(p, _)| *p == chooser)
            .flat_map(|(_, n)| n.iter().cloned())
            .collect();
        let pick = named
            .iter()
            .find_map(|r| {
                mine.iter()
                    .copied()
                    .find(|&i| r.names(&EffectName::Shield(self.shields[i].maker)))
            })
            .or_else(|| mine.first().copied())?;
        let shield = self.shields.remove(pick);
        let mut numbers = vec![cite::R614_8, cite::R701_19A];
        if mine.len() > 1 {
            numbers.extend([cite::R616_1, cite::R614_6]);
        }
        let mut events = vec![self.apply(event(
            Happened::Regenerated {
                card,
                by: shield.maker,
                shields: mine.len(),
            },
            vec![Target::Card(card)],
            &numbers,
        ))];
        if self.is_attacking(card) || self.is_blocking(card) {
            events.push(self.apply(event(
                Happened::Combat(CombatEvent::RemovedFromCombat {
                    card,
                    cause: Removal::Regenerated,
                }),
                vec![Target::Card(card)],
                &[cite::R701_19A],
            )));
        }
        Some(events)
    }
}
