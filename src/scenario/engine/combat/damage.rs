//! The combat damage steps (510): which creatures assign in this step (510.4, 702.4b,
//! 702.7b–c), each player's whole assignment checked as 510.1e says (510.1a–d, 702.19b
//! trample, 702.2 deathtouch, the damage assignment order of 2009-07-11 … 2024-09-20), the
//! defaults the contract gives for creatures whose assignment isn't written, and the damage
//! dealt simultaneously (510.2) with protection (702.16e) and lifelink (702.15b). Before
//! 2009-07-11 the damage goes on the stack instead ([`super::on_the_stack`]).

use super::super::action::Assignment;
use super::super::prelude::*;
use super::why::{BadRecipient, DefaultAssignment as D, Why as W};
use super::{refusal, CombatEvent};

/// 510.1b–d, which the citation lineage doesn't pair with their forerunners before
/// 2009-07-11 (combat damage on the stack): 310.2b–d then say the same.
const UNBLOCKED: Cite = cite::R510_1B.or_else(cite::R310_2B_UNBLOCKED);
const BLOCKED: Cite = cite::R510_1C.or_else(cite::R310_2C_DIVIDED);
const BLOCKING: Cite = cite::R510_1D.or_else(cite::R310_2D_DIVIDED);

/// One creature's assignment for this step.
pub(super) struct Plan {
    pub(super) source: CardId,
    attacking: bool,
    pub(super) amounts: Vec<(i32, Target)>,
    /// How the default was chosen; `None` when the statement gave it.
    chosen: Option<D>,
}

impl Plan {
    fn to(&self, t: Target) -> i32 {
        self.amounts
            .iter()
            .filter(|(_, x)| *x == t)
            .map(|(n, _)| n)
            .sum()
    }
}

impl Game {
    fn has_strike(&self, c: CardId) -> (bool, bool) {
        let v = self.view(c);
        (
            v.chars.has(&Ability::FirstStrike),
            v.chars.has(&Ability::DoubleStrike),
        )
    }

    /// The creatures in combat: attackers, then blockers.
    fn combatants(&self) -> Vec<(CardId, bool)> {
        let mut out: Vec<(CardId, bool)> = self
            .combat
            .attackers
            .iter()
            .map(|a| a.card)
            .filter(|&c| self.is_attacking(c))
            .map(|c| (c, true))
            .collect();
        out.extend(
            self.combat
                .blockers
                .iter()
                .map(|b| b.card)
                .filter(|&c| self.is_blocking(c))
                .map(|c| (c, false)),
        );
        out
    }

    /// Whether combat damage would begin with a first-strike step (510.4): an attacking
    /// or blocking creature has first strike or double strike now.
    pub(in crate::scenario::engine) fn first_strike_step_due(&self) -> bool {
        self.combatants().iter().any(|&(c, _)| {
            let (fs, ds) = self.has_strike(c);
            fs || ds
        })
    }

    /// The damage step that comes next (510.4), if one can.
    fn next_damage_step(&self) -> Option<Step> {
        if !self.combat.attackers_declared || self.combat.attackers.is_empty() {
            return None;
        }
        match self.step {
            Step::DeclareBlockers => Some(if self.first_strike_step_due() {
                Step::FirstStrikeDamage
            } else {
                Step::CombatDamage
            }),
            Step::FirstStrikeDamage => Some(Step::CombatDamage),
            _ => None,
        }
    }

    /// The creatures that assign combat damage in `step` (510.4).
    fn assigners(&self, step: Step) -> Vec<(CardId, bool)> {
        self.combatants()
            .into_iter()
            .filter(|&(c, _)| {
                let (fs, ds) = self.has_strike(c);
                match (step, &self.combat.first_strikers) {
                    (Step::FirstStrikeDamage, _) => fs || ds,
                    (_, Some(had)) => !had.contains(&c) || ds,
                    (_, None) => true,
                }
            })
            .collect()
    }

    pub(in crate::scenario::engine) fn power(&self, c: CardId) -> i32 {
        self.view(c)
            .chars
            .power_toughness
            .map_or(0, |pt| pt.power)
            .max(0)
    }

    /// Whether damage from `source` counts as lethal at any nonzero amount (702.2c).
    fn deathtouch_lethal(&self, source: CardId) -> bool {
        self.rules.has(Difference::DeathtouchLethalForAssignment)
            && self.view(source).chars.has(&Ability::Deathtouch)
    }

    /// What one creature's assignment rests on: 510.1 and 510.1c (attacker) or 510.1d
    /// (blocker), and for a deathtouch source its era's rule: free division (702.2b,
    /// 2009-07-11 to 2010-02-01) or 1 damage counting as lethal (702.2c today).
    fn assignment_cites(&self, p: &Plan) -> Vec<Cite> {
        if self.rules.has(Difference::CombatDamageOnTheStack) {
            // 310.2b–d of before 2009-07-11: unblocked, all to the defending player;
            // blocked or blocking, divided as its controller chooses.
            // Trample over the blockers rests on 502.9b–c of then.
            let blocked = !p.attacking || self.is_blocked(p.source);
            // Before planeswalkers (2007-10-01) no rule speaks of damage to one.
            let to_a_planeswalker = p.amounts.iter().any(|(_, t)| {
                matches!(t, Target::Card(c) if self.view(*c).chars.is(CardType::Planeswalker))
            });
            let mut out = vec![cite::R310_1_ON_THE_STACK];
            // 310.2a then: "Creatures that would assign 0 or less damage this way don't
            // assign combat damage at all".
            if p.chosen == Some(D::PowerZeroOrLess) {
                out.push(cite::R310_2A_ZERO_POWER);
                return out;
            }
            out.extend(match (p.attacking, blocked) {
                (true, false)
                    if to_a_planeswalker && !self.rules.has(Difference::Planeswalkers) =>
                {
                    None
                }
                (true, false) => Some(cite::R310_2B_UNBLOCKED),
                (true, true) => Some(cite::R310_2C_DIVIDED),
                (false, _) => Some(cite::R310_2D_DIVIDED),
            });
            out.extend(self.trample_cite(p));
            out.extend(self.left_the_game_cite(p));
            return out;
        }
        // 510.1a: "Creatures that would assign 0 or less damage this way don't assign
        // combat damage at all."
        if p.chosen == Some(D::PowerZeroOrLess) {
            return vec![cite::R510_1, cite::R510_1A];
        }
        let mut out = vec![
            cite::R510_1,
            match (p.attacking, self.is_blocked(p.source)) {
                (true, false) => cite::R510_1B,
                (true, true) => cite::R510_1C,
                (false, _) => cite::R510_1D,
            },
        ];
        if self.rules.has(Difference::DeathtouchDividesFreely)
            && self.view(p.source).chars.has(&Ability::Deathtouch)
        {
            out.push(cite::R702_2B_DIVIDE);
        } else if self.deathtouch_lethal(p.source) {
            out.push(cite::R702_2C);
        }
        out.extend(self.trample_cite(p));
        out.extend(self.left_the_game_cite(p));
        out
    }

    /// An attacker whose player has left a multiplayer game assigns that player nothing
    /// (800.4e).
    fn left_the_game_cite(&self, p: &Plan) -> Option<Cite> {
        let t = self.attacker(p.source)?.target?.target;
        matches!(t, Target::Player(q) if self.has_lost(q) && self.players.len() > 2)
            .then_some(cite::R800_4E)
    }

    /// A blocked attacker's damage assigned past its blockers rests on trample: 702.19b
    /// (excess once every blocker has lethal damage), or 702.19d (no creature blocks it
    /// any more).
    fn trample_cite(&self, p: &Plan) -> Option<Cite> {
        if !p.attacking || !self.is_blocked(p.source) {
            return None;
        }
        let blockers = self.blockers_of(p.source);
        let past = p
            .amounts
            .iter()
            .any(|(n, t)| *n > 0 && !matches!(t, Target::Card(c) if blockers.contains(c)));
        match (past, blockers.is_empty()) {
            (false, _) => None,
            (true, false) => Some(cite::R702_19B),
            (true, true) => Some(cite::R702_19D),
        }
    }

    /// The damage `c` still lacks to be lethal, counting damage already marked (and
    /// `also`, damage others assign it in this step).
    fn lethal_lacking(&self, c: CardId, also: i32) -> i32 {
        let t = self
            .view(c)
            .chars
            .power_toughness
            .map_or(0, |pt| pt.toughness);
        (t - self.damage(c) - also).max(0)
    }

    /// What `source` may assign to, and who its damage goes to when it tramples over.
    fn recipients(&self, source: CardId, attacking: bool) -> (Vec<CardId>, Option<Target>) {
        if !attacking {
            return (self.blocking(source), None);
        }
        let target = self.attack_target(source);
        if !self.is_blocked(source) {
            return (Vec::new(), target);
        }
        let trample = self.view(source).chars.has(&Ability::Trample);
        (self.blockers_of(source), target.filter(|_| trample))
    }

    /// The contract's default assignment for `source`.
    fn default_plan(&self, source: CardId, attacking: bool) -> Plan {
        let power = self.power(source);
        let (creatures, over) = self.recipients(source, attacking);
        let mut plan = Plan {
            source,
            attacking,
            amounts: Vec::new(),
            chosen: Some(D::AllToWhatItAttacks),
        };
        if power == 0 {
            plan.chosen = Some(D::PowerZeroOrLess);
            return plan;
        }
        if creatures.is_empty() {
            match over {
                Some(t) => plan.amounts.push((power, t)),
                None => plan.chosen = Some(D::NothingToAssignTo),
            }
            if attacking && self.is_blocked(source) && over.is_some() {
                plan.chosen = Some(D::BlockedByNoneTrample);
            }
            return plan;
        }
        let divides_freely = self.rules.has(Difference::DeathtouchDividesFreely)
            && self.view(source).chars.has(&Ability::Deathtouch);
        let lethal_one = self.deathtouch_lethal(source) || divides_freely;
        let mut left = power;
        for &c in &creatures {
            let lack = self.lethal_lacking(c, 0);
            let need = if lethal_one { lack.min(1) } else { lack };
            let n = need.min(left);
            plan.amounts.push((n, Target::Card(c)));
            left -= n;
        }
        if left > 0 {
            match over {
                Some(t) => plan.amounts.push((left, t)),
                None => {
                    if let Some(last) = plan.amounts.last_mut() {
                        last.0 += left;
                    }
                }
            }
        }
        plan.amounts.retain(|(n, _)| *n > 0);
        plan.chosen = Some(match (over.is_some(), creatures.len()) {
            (true, _) => D::LethalThenTrampleOver,
            (false, 1) => D::AllToTheOne,
            (false, _) if divides_freely => D::DeathtouchOneEach,
            (false, _) => D::LethalInOrder,
        });
        plan
    }

    /// The given assignments of one statement, checked; every other creature by default.
    fn plans(&self, step: Step, given: &[Assignment]) -> Result<Vec<Plan>, Vec<Reason>> {
        let assigners = self.assigners(step);
        let mut problems = Vec::new();
        for g in given {
            if !assigners.iter().any(|(c, _)| *c == g.source) {
                let in_combat = self.is_attacking(g.source) || self.is_blocking(g.source);
                problems.push(if in_combat {
                    refusal(
                        &[cite::R510_4],
                        W::DoesntAssignInStep {
                            card: g.source,
                            step,
                        },
                    )
                } else {
                    refusal(
                        &[cite::R510_1],
                        W::NeitherAttackingNorBlocking { card: g.source },
                    )
                });
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut plans: Vec<Plan> = assigners
            .iter()
            .map(
                |&(c, attacking)| match given.iter().find(|g| g.source == c) {
                    Some(g) => Plan {
                        source: c,
                        attacking,
                        amounts: g.amounts.clone(),
                        chosen: None,
                    },
                    None => self.default_plan(c, attacking),
                },
            )
            .collect();
        // 510.1: the attacking player's assignment is checked first, then each other's.
        plans.sort_by_key(|p| !p.attacking);
        for i in 0..plans.len() {
            if plans[i].chosen.is_none() {
                problems.extend(self.plan_problems(&plans, i));
            }
        }
        if problems.is_empty() {
            Ok(plans)
        } else {
            Err(problems)
        }
    }

    /// Why the given plan `i` breaks 510.1a–d or 702.19b, with every plan of the step in
    /// view (510.1e: the whole assignment is checked).
    fn plan_problems(&self, plans: &[Plan], i: usize) -> Vec<Reason> {
        let plan = &plans[i];
        let s = plan.source;
        let mut out = Vec::new();
        let power = self.power(s);
        let total: i32 = plan.amounts.iter().map(|(n, _)| n).sum();
        if total != power {
            out.push(refusal(
                &[cite::R510_1A, cite::R510_1E],
                W::TotalNotPower {
                    card: s,
                    total,
                    power,
                },
            ));
        }
        let (creatures, over) = self.recipients(s, plan.attacking);
        let order_rule = if plan.attacking { BLOCKED } else { BLOCKING };
        let target = if plan.attacking {
            self.attack_target(s)
        } else {
            None
        };
        for &(n, t) in &plan.amounts {
            if n == 0 {
                continue;
            }
            let ok = match t {
                Target::Card(c) => creatures.contains(&c) || over == Some(t),
                Target::Player(_) => over == Some(t),
            };
            if ok {
                continue;
            }
            let (numbers, because) = if plan.attacking && !self.is_blocked(s) {
                (vec![UNBLOCKED], BadRecipient::Unblocked)
            } else if plan.attacking && creatures.is_empty() && target.is_none() {
                (vec![BLOCKED], BadRecipient::BlockedByNoneWithoutTrample)
            } else if plan.attacking && Some(t) == target {
                (
                    vec![BLOCKED, cite::R702_19B],
                    BadRecipient::BlockedWithoutTrample,
                )
            } else if plan.attacking {
                (vec![BLOCKED], BadRecipient::NotBlockingIt)
            } else {
                (vec![BLOCKING], BadRecipient::IsntBlocking)
            };
            out.push(refusal(
                &numbers,
                W::CantAssignTo {
                    card: s,
                    amount: n,
                    to: t,
                    because,
                },
            ));
        }
        // Lethal damage to creature c, counting damage marked and every other creature's
        // assignment in this step (702.19b, 510.1c–d then).
        let lethal = |c: CardId| {
            let others: i32 = plans
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, p)| p.to(Target::Card(c)))
                .sum();
            let mine = plan.to(Target::Card(c));
            mine >= self.lethal_lacking(c, others) || (self.deathtouch_lethal(s) && mine > 0)
        };
        if let Some(t) = over {
            if plan.to(t) > 0 {
                let short: Vec<CardId> =
                    creatures.iter().copied().filter(|&c| !lethal(c)).collect();
                if !short.is_empty() {
                    out.push(refusal(
                        &[cite::R702_19B],
                        W::TrampleBeforeLethal {
                            card: s,
                            to: t,
                            short,
                        },
                    ));
                }
            }
        }
        let divides_freely = self.rules.has(Difference::DeathtouchDividesFreely)
            && self.view(s).chars.has(&Ability::Deathtouch);
        if self.rules.has(Difference::DamageAssignmentOrder) && !divides_freely {
            for (k, &c) in creatures.iter().enumerate() {
                if plan.to(Target::Card(c)) == 0 {
                    continue;
                }
                if let Some(&before) = creatures[..k].iter().find(|&&b| !lethal(b)) {
                    out.push(refusal(
                        &[order_rule],
                        W::AgainstTheOrder {
                            card: s,
                            assigned: c,
                            before,
                        },
                    ));
                    break;
                }
            }
        }
        out
    }

    /// `combat damage[: …]`: performs the next combat damage step.
    pub(in crate::scenario::engine) fn combat_damage_step(
        &mut self,
        given: &[Assignment],
    ) -> Result<Vec<Event>, Vec<Reason>> {
        if let Some(r) = self.stack_problem() {
            return Err(vec![r]);
        }
        if !self.combatants().iter().any(|(_, attacking)| *attacking) {
            return Err(vec![refusal(
                &[cite::R508_8],
                W::NoAttackers { blockers: false },
            )]);
        }
        let Some(step) = self.next_damage_step() else {
            return Err(vec![refusal(
                &[cite::R510_4, cite::R500_1],
                W::NotAfterBlockers { now: self.step },
            )]);
        };
        let plans = self.plans(step, given)?;
        if self.rules.has(Difference::CombatDamageOnTheStack) {
            return Ok(self.put_combat_damage_on_the_stack(step, plans));
        }
        Ok(self.deal_combat_damage(step, plans))
    }

    /// Passes through the combat damage steps before `to` with default assignments, each
    /// followed by state-based actions; `go to` and `next turn` call it.
    pub(in crate::scenario::engine) fn combat_steps_until(&mut self, to: Step) -> Vec<Event> {
        let mut events = Vec::new();
        if self.combat.attackers_declared
            && !self.combat.blockers_declared
            && self.step < Step::DeclareBlockers
            && to >= Step::DeclareBlockers
            && self.combatants().iter().any(|(_, a)| *a)
        {
            events.push(self.apply(event(
                Happened::Combat(CombatEvent::NoBlockers { player: None }),
                Vec::new(),
                &[cite::R509_1],
            )));
        }
        while let Some(step) = self.next_damage_step().filter(|s| *s <= to) {
            if !self.combatants().iter().any(|(_, a)| *a) {
                break;
            }
            let Ok(plans) = self.plans(step, &[]) else {
                break;
            };
            if self.rules.has(Difference::CombatDamageOnTheStack) {
                // 310.1, 310.4: assigned, put on the stack, and (every player passing)
                // resolved.
                events.extend(self.put_combat_damage_on_the_stack(step, plans));
                events.extend(self.resolve_combat_damage());
            } else {
                events.extend(self.deal_combat_damage(step, plans));
            }
            for round in self.state_based_actions(None) {
                events.extend(round.into_iter().map(|mut e| {
                    e.state_based = true;
                    e
                }));
            }
        }
        if to > Step::EndOfCombat {
            events.extend(self.end_combat());
        }
        events
    }

    /// 510.2: all assigned combat damage is dealt at once.
    fn deal_combat_damage(&mut self, step: Step, plans: Vec<Plan>) -> Vec<Event> {
        let mut events = self.begin_damage_step(step, &plans);
        // What each source is, as it deals the damage (510.2: simultaneously).
        let sources: Vec<(CardId, View)> = plans
            .iter()
            .map(|p| (p.source, self.view(p.source)))
            .collect();
        // 615.7: a shield prevents first the damage of the sources its player names
        // (`prevents first`); else in file order.
        for p in &plans {
            let to: Vec<Target> = p
                .amounts
                .iter()
                .filter(|(n, _)| *n > 0)
                .map(|(_, t)| *t)
                .collect();
            if self.refuses_prevent_n(Some(p.source), &to, true) {
                return events;
            }
        }
        let mut order: Vec<usize> = (0..plans.len()).collect();
        order.sort_by_key(|&i| self.prevents_first_rank(plans[i].source));
        for i in order {
            let (p, (s, sv)) = (&plans[i], &sources[i]);
            let mut dealt = 0;
            // Damage past the blockers got there by trample (702.19b, 702.19d); damage
            // dealt first, or twice, by first strike or double strike (702.7b, 702.4b).
            let over = self.trample_cite(p);
            let strike = if sv.chars.has(&Ability::DoubleStrike) {
                Some(cite::R702_4B)
            } else {
                (step == Step::FirstStrikeDamage && sv.chars.has(&Ability::FirstStrike))
                    .then_some(cite::R702_7B)
            };
            let blockers = self.blockers_of(p.source);
            for &(n, t) in &p.amounts {
                if n <= 0 {
                    continue;
                }
                let (mut es, n) = self.deal_damage(*s, sv, n, t);
                if let Some(e) = es.last_mut() {
                    e.cites.extend(strike);
                    if let Some(c) = over {
                        if !matches!(t, Target::Card(b) if blockers.contains(&b)) {
                            e.cites.push(c);
                        }
                    }
                }
                events.extend(es);
                dealt += n;
            }
            if dealt > 0 && sv.chars.has(&Ability::Lifelink) {
                let who = sv.controller;
                let now = self.players[who].life + dealt;
                events.push(self.apply(event(
                    Happened::Life {
                        player: who,
                        amount: dealt,
                        gained: true,
                        now,
                    },
                    vec![Target::Player(who), Target::Card(*s)],
                    &[cite::R702_15B, cite::R120_3F],
                )));
            }
        }
        events
    }

    /// A combat damage step begins (510.1, 510.4): who assigns, and each assignment.
    pub(super) fn begin_damage_step(&mut self, step: Step, plans: &[Plan]) -> Vec<Event> {
        let first = step == Step::FirstStrikeDamage;
        // Before 2009-07-11 a creature that would assign 0 or less doesn't assign combat
        // damage at all (310.2a), and the second step is for the attackers and blockers
        // that didn't assign in the first (310.5); since, for those that had neither first
        // strike nor double strike as the first step began (510.4, 702.7b).
        let on_the_stack = self.rules.has(Difference::CombatDamageOnTheStack);
        let sources = plans
            .iter()
            .filter(|p| !(first && on_the_stack) || p.amounts.iter().any(|(n, _)| *n > 0))
            .map(|p| p.source)
            .collect();
        // The first step is made by first strike (702.7b), double strike (702.4b) or both.
        let mut numbers = vec![cite::R510_1, cite::R510_2];
        if first {
            numbers = vec![cite::R510_4];
            if plans.iter().any(|p| self.has_strike(p.source).0) {
                numbers.push(cite::R702_7B);
            }
            if plans.iter().any(|p| self.has_strike(p.source).1) {
                numbers.push(cite::R702_4B);
            }
        }
        let mut events = vec![self.apply(event(
            Happened::Combat(CombatEvent::DamageStep { first, sources }),
            plans.iter().map(|p| Target::Card(p.source)).collect(),
            &numbers,
        ))];
        for p in plans {
            events.push(event(
                Happened::Combat(CombatEvent::Assigned {
                    source: p.source,
                    amounts: p.amounts.clone(),
                    chosen: p.chosen,
                }),
                std::iter::once(Target::Card(p.source))
                    .chain(p.amounts.iter().map(|(_, t)| *t))
                    .collect(),
                &self.assignment_cites(p),
            ));
        }
        events
    }

    /// Source `s` (as `sv`) deals `n` combat damage to `t` (120.3), as replacement and
    /// prevention effects modify it (120.4, 702.16e): the events, the last the damage
    /// dealt (or how it was prevented), and how much was dealt.
    pub(super) fn deal_damage(
        &mut self,
        s: CardId,
        sv: &View,
        n: i32,
        t: Target,
    ) -> (Vec<Event>, i32) {
        let (n, mut events) = self.modified(Some(s), n, t, true);
        if n <= 0 {
            return (events, 0);
        }
        let modified: Vec<Cite> = events
            .iter()
            .flat_map(|e| e.cites.iter().copied())
            .collect();
        match t {
            Target::Player(p) => {
                let now = self.players[p].life - n;
                events.push(self.apply(event(
                    Happened::Combat(CombatEvent::DamageToPlayer {
                        source: s,
                        player: p,
                        amount: n,
                        now,
                    }),
                    vec![t],
                    &[&[cite::R510_2, cite::R120_3A], &modified[..]].concat(),
                )));
            }
            Target::Card(c) => {
                let v = self.view(c);
                let mut numbers = vec![cite::R510_2];
                if v.chars.is(CardType::Creature) {
                    numbers.push(cite::R120_3E);
                    if sv.chars.has(&Ability::Deathtouch) {
                        numbers.push(cite::R702_2B);
                    }
                }
                if v.chars.is(CardType::Planeswalker) {
                    numbers.push(cite::PLANESWALKER_DAMAGE);
                }
                if v.chars.is(CardType::Battle) {
                    numbers.push(cite::R120_3H);
                }
                numbers.extend(modified);
                events.push(self.apply(event(
                    Happened::Damage {
                        card: c,
                        amount: n,
                        source: Some(s),
                        combat: true,
                    },
                    vec![t],
                    &numbers,
                )));
            }
        }
        (events, n)
    }
}
