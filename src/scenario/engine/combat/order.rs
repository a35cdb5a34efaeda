//! Damage assignment orders (509.2, 509.3 of 2009-07-11 … 2024-09-20): announced by the
//! active player for each blocked attacker and by the defending player for each creature
//! blocking several, directly after blockers are declared; refused in revisions that have
//! no order (510.1c of 2024-11-08 on).

use super::super::prelude::*;
use super::why::Why as W;
use super::{refusal, CombatEvent};

impl Game {
    /// `P orders blockers of A: …` (509.2) / `P orders attackers of B: …` (509.3).
    pub(super) fn announce_order(
        &mut self,
        p: PlayerId,
        of: CardId,
        order: &[CardId],
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let attacker = self.is_attacking(of);
        let rule = if attacker {
            cite::R509_2_ORDER
        } else {
            cite::R509_3_ORDER
        };
        if !self.rules.has(Difference::DamageAssignmentOrder) {
            return Err(vec![refusal(
                &[cite::R510_1C.or_else(cite::R310_2C_DIVIDED)],
                W::NoDamageAssignmentOrder,
            )]);
        }
        let mut problems = Vec::new();
        let current: Vec<CardId> = if attacker {
            self.blockers_of(of)
        } else {
            self.blocking(of)
        };
        let given = if attacker {
            self.attacker(of).map(|a| a.ordered)
        } else {
            self.blocker(of).map(|b| b.ordered)
        };
        match given {
            None => problems.push(refusal(&[rule], W::NeitherBlockedNorBlocking { card: of })),
            Some(true) => problems.push(refusal(&[rule], W::AlreadyOrdered { card: of })),
            Some(false) if !self.combat.ordering_open || self.step != Step::DeclareBlockers => {
                problems.push(refusal(&[rule], W::OrderTooLate))
            }
            Some(false) => {}
        }
        if attacker && p != self.active {
            problems.push(refusal(
                &[rule],
                W::ActivePlayerOrders {
                    active: self.active,
                },
            ));
        }
        if !attacker && given.is_some() && self.controller(of) != p {
            problems.push(refusal(
                &[rule],
                W::DefendingPlayerOrders {
                    card: of,
                    controller: self.controller(of),
                },
            ));
        }
        let mut sorted_given = order.to_vec();
        sorted_given.sort_unstable();
        let mut sorted_current = current.clone();
        sorted_current.sort_unstable();
        if given.is_some() && sorted_given != sorted_current {
            problems.push(refusal(
                &[rule],
                W::OrderMustNameEach {
                    card: of,
                    attacker,
                    creatures: current.clone(),
                },
            ));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(vec![self.apply(event(
            Happened::Combat(CombatEvent::Ordered {
                card: of,
                order: order.to_vec(),
            }),
            vec![Target::Card(of)],
            &[rule],
        ))])
    }
}
