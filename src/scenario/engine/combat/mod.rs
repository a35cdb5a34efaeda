//! The combat phase (506–511): who attacks what and who blocks whom, kept as data with the
//! object each creature was when it was declared, so that a creature that leaves the
//! battlefield, changes controller or stops being a creature is out of combat (506.4)
//! without anyone having to remove it. Declarations (508.1, 509.1) are checked as a whole,
//! citing every rule broken (blockers, in [`blockers`]); damage assignment orders (509.2,
//! 509.3 of 2009-07-11 … 2024-09-20) are here; the combat damage steps are in [`damage`],
//! and combat damage on the stack (before 2009-07-11) in [`on_the_stack`].

mod blockers;
mod damage;
pub(in crate::scenario::engine) mod on_the_stack;
mod order;
mod removal;
pub mod why;

use super::event::EventKind;
use super::prelude::*;
pub use removal::Removal;
use why::{DefaultAssignment, Unattackable, Why as W};

/// A reason of the combat phase, as data, with the rules that say so.
pub(super) fn refusal(numbers: &[Cite], w: W) -> Reason {
    because(numbers, Why::Combat(w))
}

/// What a combat declaration or a combat damage step did, as data; the report words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CombatEvent {
    /// 508.1: each attacker, what it attacks, and whether vigilance kept it untapped.
    AttackersDeclared {
        attackers: Vec<(CardId, Target, bool)>,
        active: PlayerId,
    },
    /// 509.1: `P declares no blockers`, or none declared as the game passed the step.
    NoBlockers { player: Option<PlayerId> },
    /// 509.1g–h: a defending player's blockers and what each blocks; the attackers now
    /// blocked.
    BlockersDeclared {
        player: PlayerId,
        blocks: Vec<(CardId, Vec<CardId>)>,
        blocked: Vec<CardId>,
    },
    /// 509.2, 509.3: a damage assignment order.
    Ordered { card: CardId, order: Vec<CardId> },
    /// 510.4 / 510.1: a combat damage step begins; these creatures assign.
    DamageStep { first: bool, sources: Vec<CardId> },
    /// 510.1: one creature's assignment, given (`None`) or chosen by default (why).
    Assigned {
        source: CardId,
        amounts: Vec<(i32, Target)>,
        chosen: Option<DefaultAssignment>,
    },
    /// 310.1 (before 2009-07-11): the assignments go on the stack as one object: each
    /// source and what it assigns to whom.
    OnTheStack {
        first: bool,
        assigned: Vec<(CardId, Vec<(i32, Target)>)>,
    },
    /// 310.4 (before 2009-07-11): the combat damage object resolves.
    DamageResolves { first: bool },
    /// 310.4c (before 2009-07-11): damage assigned to a recipient that has left the
    /// battlefield, or is neither a creature nor a planeswalker, isn't dealt.
    NotDealt {
        source: CardId,
        recipient: Target,
        amount: i32,
    },
    /// 120.3a: combat damage to a player.
    DamageToPlayer {
        source: CardId,
        player: PlayerId,
        amount: i32,
        now: i32,
    },
    /// 506.4: a permanent declared in combat changed controller or stopped being a
    /// creature, and is removed from combat.
    RemovedFromCombat { card: CardId, cause: Removal },
    /// 511.3: every creature is removed from combat.
    Ends,
}

impl CombatEvent {
    pub fn kind(&self) -> EventKind {
        match self {
            CombatEvent::AttackersDeclared { .. }
            | CombatEvent::NoBlockers { .. }
            | CombatEvent::BlockersDeclared { .. }
            | CombatEvent::Ordered { .. }
            | CombatEvent::RemovedFromCombat { .. } => EventKind::Combat,
            CombatEvent::DamageStep { .. } | CombatEvent::Ends => EventKind::Turn,
            CombatEvent::Assigned { .. } | CombatEvent::NotDealt { .. } => EventKind::Note,
            CombatEvent::OnTheStack { .. } | CombatEvent::DamageResolves { .. } => EventKind::Stack,
            CombatEvent::DamageToPlayer { .. } => EventKind::Life,
        }
    }
}

/// An attacking creature (508.1).
#[derive(Debug, Clone)]
pub(in crate::scenario::engine) struct Attacker {
    pub(super) card: CardId,
    pub(super) object: u32,
    pub(super) controller: PlayerId,
    /// What it attacks, as declared (506.4c, 508.5).
    pub(super) target: Option<Attacked>,
    /// 509.1h: blocked stays blocked, even with no creature blocking it.
    pub(super) blocked: bool,
    /// Its damage assignment order (509.2), in the revisions that have one.
    pub(super) order: Vec<CardId>,
    /// The order was written on the board (`damage order`) or announced.
    pub(super) ordered: bool,
    /// Removed from combat while it stayed on the battlefield (506.4).
    pub(super) removed: bool,
}

/// What an attacker attacks, as it was declared: the player, planeswalker or battle; the
/// object and the controller a permanent was then (a permanent whose controller changes is
/// removed from combat and stops being attacked, 506.4); and the player defending against
/// the attacker (508.5: the player it attacks, the planeswalker's controller or the
/// battle's protector), who may still block it once it attacks nothing (506.4c).
#[derive(Debug, Clone, Copy)]
pub(in crate::scenario::engine) struct Attacked {
    pub(super) target: Target,
    pub(super) object: u32,
    pub(super) controller: Option<PlayerId>,
    pub(super) defender: Option<PlayerId>,
    /// The permanent was removed from combat (506.4): for good, whatever it becomes again.
    pub(super) removed: bool,
}

/// A blocking creature (509.1g).
#[derive(Debug, Clone)]
pub(in crate::scenario::engine) struct Blocker {
    pub(super) card: CardId,
    pub(super) object: u32,
    pub(super) controller: PlayerId,
    /// The attackers it blocks, in its damage assignment order (509.3).
    pub(super) blocking: Vec<CardId>,
    pub(super) ordered: bool,
    /// Removed from combat while it stayed on the battlefield (506.4).
    pub(super) removed: bool,
}

/// The combat under way this turn.
#[derive(Debug, Clone, Default)]
pub(in crate::scenario::engine) struct Combat {
    pub(super) attackers: Vec<Attacker>,
    pub(super) blockers: Vec<Blocker>,
    pub(super) attackers_declared: bool,
    /// Every defending player has declared blockers (509.1), or the step has passed.
    pub(super) blockers_declared: bool,
    /// The defending players who have declared their blockers so far: in a game of more
    /// than two, each defending player declares their own (509.1a).
    pub(super) declared_blocks: Vec<PlayerId>,
    /// Damage assignment orders may be announced now (directly after the blocks).
    pub(super) ordering_open: bool,
    /// The creatures that had first strike or double strike as the first-strike step
    /// began (510.4), once there was one.
    pub(super) first_strikers: Option<Vec<CardId>>,
    /// The clock when this turn began, for 302.6 (control gained this turn).
    pub(super) turn_began: i64,
    /// The combat damage object on the stack (before 2009-07-11), until it resolves.
    pub(super) on_the_stack: Option<on_the_stack::CombatDamageObject>,
}

impl Combat {
    /// The combat a setup describes (its `attacking`, `blocking`, `blocked`, `had first
    /// strike` and `damage order` attributes).
    pub(in crate::scenario::engine) fn from_setup(setup: &Setup, game: &Game) -> Combat {
        let mut combat = Combat {
            turn_began: game.clock,
            ..Combat::default()
        };
        let step = setup.step;
        for (i, spec) in setup.cards.enumerate() {
            if spec.zone != Zone::Battlefield || step < Step::DeclareAttackers {
                continue;
            }
            let controller = spec.controller.unwrap_or(spec.owner);
            if let Some(t) = spec.combat.attacking {
                let target = t.or_else(|| game.only_opponent(controller).map(Target::Player));
                let blockers: Vec<CardId> = setup
                    .cards
                    .enumerate()
                    .filter(|(_, b)| b.combat.blocking.contains(&i))
                    .map(|(b, _)| b)
                    .collect();
                let ordered = !spec.combat.damage_order.is_empty();
                combat.attackers.push(Attacker {
                    card: i,
                    object: game.object_id(i),
                    controller,
                    target: target.map(|t| game.attacked(t)),
                    blocked: spec.combat.blocked || !blockers.is_empty(),
                    order: if ordered {
                        spec.combat.damage_order.clone()
                    } else {
                        blockers
                    },
                    ordered,
                    removed: false,
                });
            }
            if !spec.combat.blocking.is_empty() {
                let ordered = !spec.combat.damage_order.is_empty();
                combat.blockers.push(Blocker {
                    card: i,
                    object: game.object_id(i),
                    controller,
                    blocking: if ordered {
                        spec.combat.damage_order.clone()
                    } else {
                        spec.combat.blocking.clone()
                    },
                    ordered,
                    removed: false,
                });
            }
            if spec.combat.had_first_strike {
                combat.first_strikers.get_or_insert_with(Vec::new).push(i);
            }
        }
        combat.attackers_declared = step > Step::DeclareAttackers || !combat.attackers.is_empty();
        combat.blockers_declared = step > Step::DeclareBlockers
            || !combat.blockers.is_empty()
            || combat.attackers.iter().any(|a| a.blocked);
        combat.ordering_open = step == Step::DeclareBlockers;
        if step >= Step::FirstStrikeDamage && combat.first_strikers.is_none() {
            combat.first_strikers = (step == Step::FirstStrikeDamage).then(Vec::new);
        }
        combat
    }
}

impl Game {
    // ----- who is in combat (506.4) ----------------------------------------------------

    /// Whether `c` is still the object declared in combat, controlled by the same player
    /// and a creature (506.4).
    fn still_in_combat(&self, c: CardId, object: u32, controller: PlayerId) -> bool {
        self.on_battlefield(c)
            && self.object_id(c) == object
            && self.controller(c) == controller
            && self.view(c).chars.is(CardType::Creature)
    }

    pub(super) fn attacker(&self, c: CardId) -> Option<&Attacker> {
        self.combat
            .attackers
            .iter()
            .find(|a| a.card == c && !a.removed && self.still_in_combat(c, a.object, a.controller))
    }

    pub(super) fn blocker(&self, c: CardId) -> Option<&Blocker> {
        self.combat
            .blockers
            .iter()
            .find(|b| b.card == c && !b.removed && self.still_in_combat(c, b.object, b.controller))
    }

    /// What `t` is as an attacker declares it attacks (506.4, 508.5).
    pub(in crate::scenario::engine) fn attacked(&self, t: Target) -> Attacked {
        Attacked {
            target: t,
            object: self.object_of(t),
            controller: match t {
                Target::Card(c) => Some(self.controller(c)),
                Target::Player(_) => None,
            },
            defender: self.defender_of(t),
            removed: false,
        }
    }

    /// What `c` attacks, if it attacks and that is still in combat: a planeswalker or
    /// battle that left the battlefield, stopped being one or changed controller is
    /// removed from combat (506.4), and `c` attacks nothing (506.4c).
    pub fn attack_target(&self, c: CardId) -> Option<Target> {
        let a = self.attacker(c)?.target.filter(|a| !a.removed)?;
        match a.target {
            Target::Player(p) => (!self.has_lost(p)).then_some(a.target),
            Target::Card(pw) => {
                let v = self.view(pw);
                (self.on_battlefield(pw)
                    && self.object_id(pw) == a.object
                    && a.controller == Some(v.controller)
                    && (v.chars.is(CardType::Planeswalker) || v.chars.is(CardType::Battle)))
                .then_some(a.target)
            }
        }
    }

    /// The player defending against attacker `c` (508.5), even once it attacks nothing
    /// (506.4c), while that player is in the game.
    fn defender_against(&self, c: CardId) -> Option<PlayerId> {
        let p = self.attacker(c)?.target?.defender?;
        (!self.has_lost(p)).then_some(p)
    }

    /// Whether an attacker was declared attacking the planeswalker or battle `c`.
    pub fn was_attacked(&self, c: CardId) -> bool {
        self.combat
            .attackers
            .iter()
            .any(|a| a.target.is_some_and(|t| t.target == Target::Card(c)))
    }

    pub fn is_attacking(&self, c: CardId) -> bool {
        self.attacker(c).is_some()
    }

    /// The attackers `c` blocks, still in combat, in its order.
    pub fn blocking(&self, c: CardId) -> Vec<CardId> {
        self.blocker(c)
            .map(|b| {
                b.blocking
                    .iter()
                    .copied()
                    .filter(|&a| self.is_attacking(a))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn is_blocking(&self, c: CardId) -> bool {
        self.blocker(c).is_some()
    }

    /// 509.1h: whether attacker `c` is blocked.
    pub fn is_blocked(&self, c: CardId) -> bool {
        self.attacker(c).is_some_and(|a| a.blocked)
    }

    /// The creatures blocking attacker `a`, in its damage assignment order where it has
    /// one, else in the order of the file.
    pub(super) fn blockers_of(&self, a: CardId) -> Vec<CardId> {
        let Some(att) = self.attacker(a) else {
            return Vec::new();
        };
        let blocks_it = |b: CardId| self.blocking(b).contains(&a);
        let mut out: Vec<CardId> = att
            .order
            .iter()
            .copied()
            .filter(|&b| blocks_it(b))
            .collect();
        let mut rest: Vec<CardId> = self
            .combat
            .blockers
            .iter()
            .map(|b| b.card)
            .filter(|&b| blocks_it(b) && !out.contains(&b))
            .collect();
        rest.sort_unstable();
        out.extend(rest);
        out
    }

    pub(super) fn only_opponent(&self, p: PlayerId) -> Option<PlayerId> {
        let opponents: Vec<PlayerId> = self
            .players
            .ids()
            .filter(|&q| q != p && !self.players[q].lost)
            .collect();
        (opponents.len() == 1).then(|| opponents[0])
    }

    /// Whether player `p` is a defending player: attacked, or controlling a planeswalker or
    /// protecting a battle that was attacked (506.2, 508.5), even if that permanent has
    /// since been removed from combat (506.4c).
    pub(in crate::scenario::engine) fn is_defending(&self, p: PlayerId) -> bool {
        self.combat
            .attackers
            .iter()
            .any(|a| self.defender_against(a.card) == Some(p))
    }

    /// The player who defends what an attacker attacks.
    fn defender_of(&self, t: Target) -> Option<PlayerId> {
        match t {
            Target::Player(p) => Some(p),
            Target::Card(c) if self.view(c).chars.is(CardType::Battle) => {
                self.cards.get(c).and_then(|c| c.protector)
            }
            Target::Card(c) => Some(self.controller(c)),
        }
    }

    /// Whether `c` has been under `p`'s control continuously since the turn began (302.6).
    fn controlled_since_turn_began(&self, c: CardId) -> bool {
        let card = &self.cards[c];
        !card.entered_this_turn
            && !self.effects.on_object(c, card.object).any(|e| {
                matches!(e.change, Change::Control(_)) && e.timestamp > self.combat.turn_began
            })
    }

    /// A step ends only when the stack is empty (117.4, 500.2).
    pub(super) fn stack_problem(&self) -> Option<Reason> {
        (!self.stack.is_empty()).then(|| refusal(&[cite::R117_4, cite::R500_2], W::StackNotEmpty))
    }

    /// What 508.1a and 509.1a ask of every attacker and blocker alike (`rule`): a
    /// creature on the battlefield that `p` controls, untapped, not a battle. `None` when
    /// it isn't a creature on the battlefield at all (nothing more to check).
    fn combatant_problems(&self, c: CardId, p: PlayerId, rule: Cite) -> Option<Vec<Reason>> {
        let v = self.view(c);
        if !self.on_battlefield(c) || !v.chars.is(CardType::Creature) {
            return None;
        }
        let mut out = Vec::new();
        if v.controller != p {
            out.push(refusal(
                &[rule],
                W::ControlledBy {
                    card: c,
                    controller: v.controller,
                },
            ));
        }
        if self.is_tapped(c) {
            out.push(refusal(&[rule], W::Tapped { card: c }));
        }
        if v.chars.is(CardType::Battle) {
            out.push(refusal(&[rule], W::IsABattle { card: c }));
        }
        Some(out)
    }

    /// 511.3: as the end of combat step ends, everything is removed from combat.
    pub(super) fn end_combat(&mut self) -> Vec<Event> {
        let was: Vec<Target> = self
            .combat
            .attackers
            .iter()
            .map(|a| Target::Card(a.card))
            .chain(self.combat.blockers.iter().map(|b| Target::Card(b.card)))
            .collect();
        // Nothing was ever in combat: nothing to remove (and past the combat phase, what
        // the record says no longer matters).
        if was.is_empty() {
            return Vec::new();
        }
        vec![self.apply(event(
            Happened::Combat(CombatEvent::Ends),
            was,
            &[cite::R511_3],
        ))]
    }

    // ----- declarations (508.1, 509.1) -------------------------------------------------

    /// The turn-based actions of combat a scenario writes as statements.
    pub(super) fn combat_action(&mut self, act: &Act) -> Result<Vec<Event>, Vec<Reason>> {
        match act {
            Act::Attack { player, attackers } => self.declare_attackers(*player, attackers),
            Act::Block { player, blocks } => self.declare_blockers(*player, blocks),
            Act::Order { player, of, order } => self.announce_order(*player, *of, order),
            Act::CombatDamage(given) => self.combat_damage_step(given),
            _ => Ok(Vec::new()),
        }
    }

    /// Moving to a step of combat from an earlier one needs an empty stack (117.4, 500.2).
    fn step_problems(&self, to: Step, declared: bool, rule: Cite) -> Vec<Reason> {
        let mut out = Vec::new();
        if self.step > to || (self.step == to && declared) {
            out.push(refusal(
                &[rule, cite::R500_1],
                W::StepPassed { now: self.step, to },
            ));
        } else if self.step < to {
            out.extend(self.stack_problem());
        }
        out
    }

    fn declare_attackers(
        &mut self,
        p: PlayerId,
        attackers: &[(CardId, Option<Target>)],
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let mut problems = self.step_problems(
            Step::DeclareAttackers,
            self.combat.attackers_declared,
            cite::R508_1,
        );
        if p != self.active {
            problems.push(refusal(
                &[cite::R506_2, cite::R508_1A],
                W::NotTheActivePlayer {
                    player: p,
                    active: self.active,
                },
            ));
        }
        let mut chosen: Vec<(CardId, Option<Target>)> = Vec::new();
        for &(c, t) in attackers {
            if chosen.iter().any(|(x, _)| *x == c) {
                problems.push(refusal(&[cite::R508_1A], W::NamedTwice { card: c }));
                continue;
            }
            let Some(basic) = self.combatant_problems(c, p, cite::R508_1A) else {
                problems.push(refusal(
                    &[cite::R508_1A],
                    W::NotACreatureOnTheBattlefield { card: c },
                ));
                continue;
            };
            problems.extend(basic);
            let v = self.view(c);
            if !v.chars.has(&Ability::Haste) && !self.controlled_since_turn_began(c) {
                problems.push(refusal(
                    &[cite::R302_6, cite::R508_1A],
                    W::SummoningSick { card: c, player: p },
                ));
            }
            if v.chars.has(&Ability::Defender) {
                problems.push(refusal(&[cite::R702_3B], W::Defender { card: c }));
            }
            if v.chars.has(&Ability::CantAttack) {
                problems.push(refusal(&[cite::R508_1C], W::CantAttack { card: c }));
            }
            let target = match t {
                Some(t) => Some(t),
                None => match self.only_opponent(p) {
                    Some(q) => Some(Target::Player(q)),
                    None => {
                        problems.push(refusal(
                            // Before 2009-07-11, 308.1 said it (the lineage pairs nothing).
                            &[cite::R508_1B.or_else(cite::R308_1_ATTACK_TARGET)],
                            W::NeedsAnAttackTarget { card: c },
                        ));
                        None
                    }
                },
            };
            if let Some(t) = target {
                problems.extend(self.attack_target_problems(p, c, t));
            }
            chosen.push((c, target));
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let declared = chosen
            .iter()
            .filter_map(|&(c, t)| Some((c, t?, self.view(c).chars.has(&Ability::Vigilance))))
            .collect();
        let subjects = chosen.iter().map(|(c, _)| Target::Card(*c)).collect();
        Ok(vec![self.apply(event(
            Happened::Combat(CombatEvent::AttackersDeclared {
                attackers: declared,
                active: self.active,
            }),
            subjects,
            &[cite::R508_1, cite::R508_1F],
        ))])
    }

    /// Why `p` may not attack `t` with `c` (506.2, 310.8b).
    fn attack_target_problems(&self, p: PlayerId, c: CardId, t: Target) -> Vec<Reason> {
        let no = |numbers: &[Cite], because| {
            vec![refusal(
                numbers,
                W::CantAttackThat {
                    card: c,
                    target: t,
                    because,
                },
            )]
        };
        match t {
            Target::Player(q) if q == p || self.has_lost(q) => {
                no(&[cite::R506_2], Unattackable::NotAnOpponent)
            }
            Target::Player(_) => Vec::new(),
            Target::Card(x) => {
                let v = self.view(x);
                if !self.on_battlefield(x) {
                    return no(&[cite::R506_2], Unattackable::NotOnTheBattlefield);
                }
                if v.chars.is(CardType::Battle) {
                    match self.cards[x].protector {
                        Some(q) if q == p => {
                            no(&[cite::R506_2, cite::R310_8B], Unattackable::ItsProtector)
                        }
                        None => no(&[cite::R506_2], Unattackable::NoProtector),
                        Some(_) => Vec::new(),
                    }
                } else if v.chars.is(CardType::Planeswalker) {
                    if v.controller == p {
                        no(&[cite::R506_2], Unattackable::OwnPlaneswalker { player: p })
                    } else {
                        Vec::new()
                    }
                } else {
                    no(
                        &[cite::R506_2],
                        Unattackable::NotAPlayerPlaneswalkerOrBattle,
                    )
                }
            }
        }
    }
}
