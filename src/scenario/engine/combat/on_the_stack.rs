//! Combat damage on the stack, the rules of every revision before 2009-07-11 (310 of
//! 2005-08-01 … 2009-05-01): as the step begins each creature's assignment is made
//! (310.1, 310.2) and all of them go on the stack as one object (310.1, 310.3), which
//! players may answer like a spell. When it resolves the damage is dealt as originally
//! assigned (310.4, 310.4a), by the source as it is or, if it has left, as it last existed
//! (310.4b), and not to a recipient that has left or is neither a creature nor a
//! planeswalker (310.4c). Lifelink and deathtouch were triggered abilities then (502.68a,
//! 502.63a of 2009-05-01): they trigger on the damage dealt as the object resolves
//! (`triggered`), if their permanent is still on the battlefield (402.8).

use super::super::prelude::*;
use super::damage::Plan;
use super::CombatEvent;

/// One creature's assignment, as it went on the stack.
#[derive(Debug, Clone)]
pub(in crate::scenario::engine) struct AssignedOnTheStack {
    pub(in crate::scenario::engine) source: CardId,
    /// The object the source was when it assigned (400.7: a new object is another).
    pub(in crate::scenario::engine) object: u32,
    /// Its power as it assigned (310.4a: dealt as assigned even if that changed).
    pub(in crate::scenario::engine) power: i32,
    /// Its last known information, kept up to date until it leaves the battlefield
    /// (310.4b).
    pub(in crate::scenario::engine) last_known: View,
    /// Each amount, its recipient and the object the recipient was.
    pub(in crate::scenario::engine) amounts: Vec<(i32, Target, u32)>,
}

/// The combat damage object on the stack (310.1, 200.8 of 2009-05-01).
#[derive(Debug, Clone)]
pub(in crate::scenario::engine) struct CombatDamageObject {
    pub(in crate::scenario::engine) first: bool,
    pub(in crate::scenario::engine) assigned: Vec<AssignedOnTheStack>,
}

impl Game {
    /// 310.1: the assignments are made as the step begins and go on the stack as one
    /// object; the active player receives priority.
    pub(super) fn put_combat_damage_on_the_stack(
        &mut self,
        step: Step,
        plans: Vec<Plan>,
    ) -> Vec<Event> {
        let mut events = self.begin_damage_step(step, &plans);
        let first = step == Step::FirstStrikeDamage;
        let assigned = plans
            .iter()
            .map(|p| (p.source, p.amounts.clone()))
            .collect();
        events.push(self.apply(event(
            Happened::Combat(CombatEvent::OnTheStack { first, assigned }),
            plans.iter().map(|p| Target::Card(p.source)).collect(),
            &[cite::R310_1_ON_THE_STACK, cite::R310_3_ON_THE_STACK],
        )));
        events
    }

    /// 310.4: the combat damage object resolves; all its damage is dealt at once, as
    /// assigned, and the active player receives priority.
    pub(in crate::scenario::engine) fn resolve_combat_damage(&mut self) -> Vec<Event> {
        let Some(object) = self.combat.on_the_stack.clone() else {
            // Its combat ended with it on the stack (511.3): there is nothing to deal.
            self.combat_damage_leaves_the_stack();
            return Vec::new();
        };
        let mut events = vec![self.apply(event(
            Happened::Combat(CombatEvent::DamageResolves {
                first: object.first,
            }),
            object
                .assigned
                .iter()
                .map(|a| Target::Card(a.source))
                .collect(),
            &[cite::R310_4_ON_THE_STACK],
        ))];
        // Every source as it deals its damage (310.4b), before any is dealt (310.4).
        let sources: Vec<(View, Vec<Cite>)> = object
            .assigned
            .iter()
            .map(|a| {
                let present = self.on_battlefield(a.source) && self.object_id(a.source) == a.object;
                if !present {
                    (
                        a.last_known.clone(),
                        vec![cite::R310_4A_AS_ASSIGNED, cite::R310_4B_LAST_KNOWN],
                    )
                } else {
                    let v = self.view(a.source);
                    let changed =
                        v.chars.power_toughness.map_or(0, |pt| pt.power).max(0) != a.power;
                    (
                        v,
                        if changed {
                            vec![cite::R310_4A_AS_ASSIGNED]
                        } else {
                            Vec::new()
                        },
                    )
                }
            })
            .collect();
        for a in &object.assigned {
            let to: Vec<Target> = a.amounts.iter().filter(|x| x.0 > 0).map(|x| x.1).collect();
            if self.refuses_prevent_n(Some(a.source), &to, true) {
                return events;
            }
        }
        for (a, (sv, mut extra)) in object.assigned.iter().zip(sources) {
            // Damage dealt first, or twice, by first strike or double strike (502.2b,
            // 502.28b of then).
            if sv.chars.has(&Ability::DoubleStrike) {
                extra.push(cite::R702_4B);
            } else if object.first {
                extra.push(cite::R702_7B);
            }
            for &(n, t, recipient) in &a.amounts {
                if n <= 0 {
                    continue;
                }
                if let Target::Card(c) = t {
                    let v = self.view(c);
                    let there = self.on_battlefield(c)
                        && self.object_id(c) == recipient
                        && (v.chars.is(CardType::Creature) || v.chars.is(CardType::Planeswalker));
                    if !there {
                        events.push(event(
                            Happened::Combat(CombatEvent::NotDealt {
                                source: a.source,
                                recipient: t,
                                amount: n,
                            }),
                            vec![t, Target::Card(a.source)],
                            &[cite::R310_4C_NOT_DEALT],
                        ));
                        continue;
                    }
                }
                let (mut es, _) = self.deal_damage(a.source, &sv, n, t);
                let Some(mut e) = es.pop() else { continue };
                events.extend(es);
                e.cites.splice(0..0, cites(&[cite::R310_4_ON_THE_STACK]));
                e.cites.extend(cites(&extra));
                // A blocked trampler's damage to what it attacks got there by trample
                // (502.9b of then).
                let past =
                    !matches!(t, Target::Card(c) if self.view(c).chars.is(CardType::Creature));
                if past && self.is_blocked(a.source) && sv.chars.has(&Ability::Trample) {
                    e.cites.extend(cites(&[cite::R702_19B]));
                }
                dedup(&mut e.cites);
                events.push(e);
            }
        }
        events
    }
}
