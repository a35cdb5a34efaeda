//! Why a combat declaration, order or combat damage step can't be made, and how a default
//! assignment was chosen, as data: objects, players, steps, keywords and numbers, never a
//! sentence (the report's `words/combat.rs` says them in English).

use super::super::super::card::Quality;
use super::super::vocabulary::{CardId, PlayerId, Step, Target};

/// A reason of the combat phase (506–511).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// 117.4, 500.2: a step ends only when the stack is empty.
    StackNotEmpty,
    /// 508.1a, 509.1a: the creature is controlled by another player.
    ControlledBy {
        card: CardId,
        controller: PlayerId,
    },
    Tapped {
        card: CardId,
    },
    IsABattle {
        card: CardId,
    },
    NotACreatureOnTheBattlefield {
        card: CardId,
    },
    /// 500.1: the step of the declaration is over, or has had its declaration.
    StepPassed {
        now: Step,
        to: Step,
    },
    /// 506.2, 508.1a: only the active player attacks.
    NotTheActivePlayer {
        player: PlayerId,
        active: PlayerId,
    },
    NamedTwice {
        card: CardId,
    },
    /// 302.6: not controlled since the turn began, no haste.
    SummoningSick {
        card: CardId,
        player: PlayerId,
    },
    Defender {
        card: CardId,
    },
    CantAttack {
        card: CardId,
    },
    /// 508.1b: more than one opponent, no `attacking T`.
    NeedsAnAttackTarget {
        card: CardId,
    },
    /// 506.2, 310.8b: what the creature was declared attacking may not be attacked.
    CantAttackThat {
        card: CardId,
        target: Target,
        because: Unattackable,
    },
    /// 508.8: no creature is attacking, so the step is skipped (`blockers`) or there is
    /// no combat damage step.
    NoAttackers {
        blockers: bool,
    },
    NotADefendingPlayer {
        player: PlayerId,
    },
    NotAnAttackingCreature {
        card: CardId,
    },
    /// 509.1a, 310.8c: the attacker attacks something `player` doesn't defend.
    AttacksAnother {
        attacker: CardId,
        target: Target,
        player: PlayerId,
    },
    Menace {
        card: CardId,
    },
    CantBlock {
        card: CardId,
    },
    TooManyAttackers {
        blocker: CardId,
        named: usize,
        may: usize,
    },
    Flying {
        attacker: CardId,
        blocker: CardId,
    },
    Protection {
        attacker: CardId,
        blocker: CardId,
        quality: Quality,
    },
    /// 510.1c of 2024-11-08 on: no damage assignment order.
    NoDamageAssignmentOrder,
    NeitherBlockedNorBlocking {
        card: CardId,
    },
    AlreadyOrdered {
        card: CardId,
    },
    OrderTooLate,
    ActivePlayerOrders {
        active: PlayerId,
    },
    DefendingPlayerOrders {
        card: CardId,
        controller: PlayerId,
    },
    /// The order must name each creature blocking (`attacker`) or blocked by the card.
    OrderMustNameEach {
        card: CardId,
        attacker: bool,
        creatures: Vec<CardId>,
    },
    /// 510.4: the creature doesn't assign combat damage in this step.
    DoesntAssignInStep {
        card: CardId,
        step: Step,
    },
    NeitherAttackingNorBlocking {
        card: CardId,
    },
    /// 510.4, 500.1: combat damage follows the declare blockers step.
    NotAfterBlockers {
        now: Step,
    },
    /// 510.1a: the amounts don't total its power.
    TotalNotPower {
        card: CardId,
        total: i32,
        power: i32,
    },
    /// 510.1b–d, 702.19b: a recipient it can't assign to.
    CantAssignTo {
        card: CardId,
        amount: i32,
        to: Target,
        because: BadRecipient,
    },
    /// 702.19b: trample over before lethal damage to these blockers.
    TrampleBeforeLethal {
        card: CardId,
        to: Target,
        short: Vec<CardId>,
    },
    /// 510.1c–d (2009-07-11 to 2024-09-20): damage out of the order.
    AgainstTheOrder {
        card: CardId,
        assigned: CardId,
        before: CardId,
    },
}

/// Why a creature may not attack what it was declared attacking (506.2, 310.8b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unattackable {
    NotAnOpponent,
    NotOnTheBattlefield,
    ItsProtector,
    NoProtector,
    OwnPlaneswalker { player: PlayerId },
    NotAPlayerPlaneswalkerOrBattle,
}

/// Why a creature can't assign combat damage to a recipient (510.1b–d, 702.19b).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadRecipient {
    Unblocked,
    BlockedByNoneWithoutTrample,
    BlockedWithoutTrample,
    NotBlockingIt,
    IsntBlocking,
}

/// How the checker chose a creature's assignment that the statement didn't give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultAssignment {
    AllToWhatItAttacks,
    PowerZeroOrLess,
    NothingToAssignTo,
    BlockedByNoneTrample,
    LethalThenTrampleOver,
    AllToTheOne,
    DeathtouchOneEach,
    LethalInOrder,
}
