//! Declaring blockers (509.1): the defending player's declaration is checked as a whole,
//! each attacker (509.1a, 702.111b) and each blocker (509.1a–b, 702.9b, 702.16f), citing
//! every rule broken; a legal one records the blocks and who is blocked (509.1g–h).

use super::super::prelude::*;
use super::why::Why as W;
use super::{refusal, CombatEvent};

impl Game {
    /// `P blocks …` (509.1): the blocks as written, each attacker with the creatures
    /// blocking it; refused, with every reason, if the declaration breaks a rule.
    pub(super) fn declare_blockers(
        &mut self,
        p: PlayerId,
        blocks: &[(CardId, Vec<CardId>)],
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let mut problems = self.step_problems(
            Step::DeclareBlockers,
            self.combat.blockers_declared || self.combat.declared_blocks.contains(&p),
            cite::R509_1,
        );
        if !self
            .combat
            .attackers
            .iter()
            .any(|a| self.is_attacking(a.card))
        {
            problems.push(refusal(&[cite::R508_8], W::NoAttackers { blockers: true }));
            return Err(problems);
        }
        if !self.is_defending(p) {
            problems.push(refusal(
                &[cite::R506_2, cite::R509_1A],
                W::NotADefendingPlayer { player: p },
            ));
        }
        let by_blocker = by_blocker(blocks);
        problems.extend(self.blocked_attacker_problems(p, blocks));
        problems.extend(self.blocker_problems(p, &by_blocker));
        if !problems.is_empty() {
            dedup_reasons(&mut problems);
            return Err(problems);
        }
        Ok(vec![self.blockers_declared(p, by_blocker)])
    }

    /// 509.1a, 702.111b: what is wrong with each attacker named in `blocks`: it isn't
    /// attacking, it attacks another player or what another protects (310.8c), or it has
    /// menace and fewer than two creatures block it.
    fn blocked_attacker_problems(
        &self,
        p: PlayerId,
        blocks: &[(CardId, Vec<CardId>)],
    ) -> Vec<Reason> {
        let mut problems = Vec::new();
        for (a, _) in blocks {
            if !self.is_attacking(*a) {
                problems.push(refusal(
                    &[cite::R509_1A],
                    W::NotAnAttackingCreature { card: *a },
                ));
            } else if self.defender_against(*a) != Some(p) {
                // What it was declared to attack, even if that left combat (506.4c).
                if let Some(declared) = self.attacker(*a).and_then(|x| x.target) {
                    problems.push(refusal(
                        &[cite::R509_1A, cite::R310_8C],
                        W::AttacksAnother {
                            attacker: *a,
                            target: declared.target,
                            player: p,
                        },
                    ));
                }
            }
            let v = self.view(*a);
            let n = blocks
                .iter()
                .filter(|(x, _)| x == a)
                .flat_map(|(_, bs)| bs)
                .count();
            if v.chars.has(&Ability::Menace) && n < 2 && self.rules.has(Difference::Menace) {
                problems.push(refusal(&[cite::R702_111B], W::Menace { card: *a }));
            }
        }
        problems
    }

    /// 509.1a–b, 702.9b, 702.16f: what is wrong with each blocker: it isn't an untapped
    /// creature `p` controls on the battlefield, it can't block, it blocks more attackers
    /// than it may, or an attacker it blocks has flying (and it has neither flying nor
    /// reach) or protection from a quality it has.
    fn blocker_problems(&self, p: PlayerId, by_blocker: &[(CardId, Vec<CardId>)]) -> Vec<Reason> {
        let mut problems = Vec::new();
        for (b, list) in by_blocker {
            let Some(basic) = self.combatant_problems(*b, p, cite::R509_1A) else {
                problems.push(refusal(
                    &[cite::R509_1A],
                    W::NotACreatureOnTheBattlefield { card: *b },
                ));
                continue;
            };
            problems.extend(basic);
            let v = self.view(*b);
            if v.chars.has(&Ability::CantBlock) {
                problems.push(refusal(&[cite::R509_1B], W::CantBlock { card: *b }));
            }
            let may_block = if v.chars.has(&Ability::CanBlockAnyNumber) {
                usize::MAX
            } else {
                1 + v
                    .chars
                    .abilities
                    .iter()
                    .filter(|a| **a == Ability::CanBlockAdditional)
                    .count()
            };
            if list.len() > may_block {
                problems.push(refusal(
                    &[cite::R509_1A],
                    W::TooManyAttackers {
                        blocker: *b,
                        named: list.len(),
                        may: may_block,
                    },
                ));
            }
            for a in list {
                let av = self.view(*a);
                if av.chars.has(&Ability::Flying)
                    && !v.chars.has(&Ability::Flying)
                    && !(v.chars.has(&Ability::Reach) && self.rules.has(Difference::Reach))
                {
                    problems.push(refusal(
                        &[cite::R702_9B],
                        W::Flying {
                            attacker: *a,
                            blocker: *b,
                        },
                    ));
                }
                let protection = av
                    .chars
                    .protections()
                    .find(|q| v.chars.has_quality(q))
                    .cloned();
                if let Some(q) = protection {
                    problems.push(refusal(
                        &super::super::legality::protection(&q, cite::R702_16F),
                        W::Protection {
                            attacker: *a,
                            blocker: *b,
                            quality: q,
                        },
                    ));
                }
            }
        }
        problems
    }

    /// 509.1g–h: the blocks are recorded, and each attacker of `p` is now blocked or
    /// unblocked.
    fn blockers_declared(&mut self, p: PlayerId, by_blocker: Vec<(CardId, Vec<CardId>)>) -> Event {
        let blocked = self
            .combat
            .attackers
            .iter()
            .map(|a| a.card)
            .filter(|&a| by_blocker.iter().any(|(_, l)| l.contains(&a)) && self.is_attacking(a))
            .collect::<Vec<_>>();
        // About the blockers and the attackers of `p`, each now blocked or unblocked (509.1h).
        let attackers_of_p = self.combat.attackers.iter().map(|a| a.card).filter(|&a| {
            self.attack_target(a)
                .is_some_and(|t| self.defender_of(t) == Some(p))
        });
        let subjects = by_blocker
            .iter()
            .map(|(b, _)| Target::Card(*b))
            .chain(attackers_of_p.map(Target::Card))
            .collect();
        let what = if by_blocker.is_empty() {
            CombatEvent::NoBlockers { player: Some(p) }
        } else {
            CombatEvent::BlockersDeclared {
                player: p,
                blocks: by_blocker,
                blocked,
            }
        };
        self.apply(event(
            Happened::Combat(what),
            subjects,
            &[cite::R509_1, cite::R509_1G, cite::R509_1H],
        ))
    }
}

/// Blocker → the attackers it blocks, in the order written.
fn by_blocker(blocks: &[(CardId, Vec<CardId>)]) -> Vec<(CardId, Vec<CardId>)> {
    let mut by_blocker: Vec<(CardId, Vec<CardId>)> = Vec::new();
    for (a, bs) in blocks {
        for &b in bs {
            match by_blocker.iter_mut().find(|(x, _)| *x == b) {
                Some((_, list)) if !list.contains(a) => list.push(*a),
                Some(_) => {}
                None => by_blocker.push((b, vec![*a])),
            }
        }
    }
    by_blocker
}

/// The same reason once, the first time it is given.
fn dedup_reasons(rs: &mut Vec<Reason>) {
    let mut seen: Vec<Why> = Vec::new();
    rs.retain(|r| {
        if seen.contains(&r.why) {
            false
        } else {
            seen.push(r.why.clone());
            true
        }
    });
}
