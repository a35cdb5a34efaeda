//! What the kernel is asked to do, in its own terms: an [`Action`] (a player action, a
//! turn-based action of combat, `all players pass`, or an [`Effect`] the scenario makes
//! happen) and the values they carry. The reader of scenario files writes statements;
//! `scenario::lower` turns each into one of these, so that the kernel never reads syntax.

use super::super::card::{Ability, PowerToughness, TypeLine};
use super::super::effect::{Effect as SetEffect, Part, Subject};
use super::state::AbilityKind;
use super::triggered::Amount;
use super::vocabulary::{CardId, CounterKind, PlayerId, Step, Target};

/// One creature's combat damage assignment as a `combat damage:` statement gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignment {
    pub source: CardId,
    /// The amounts, in the order written.
    pub amounts: Vec<(i32, Target)>,
}

/// A change a continuous effect makes (613).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// `becomes a creature [P/T]` (in addition to its types).
    BecomesCreature(Option<PowerToughness>),
    /// `becomes a TYPE LINE [P/T]` (replaces its types).
    BecomesTypes(TypeLine, Option<PowerToughness>),
    StopsBeingCreature,
    GainsSubtype(String),
    LosesSubtype(String),
    Gains(Ability),
    Loses(Ability),
    /// `gets +N/+N`.
    Gets(PowerToughness),
    /// `P gains control of L`.
    Control(PlayerId),
    /// `L becomes a copy of M` (707.2; the copiable values are taken as it happens).
    BecomesCopy(CardId),
    /// Any other change the `static:` grammar writes (`L is red`, `L loses all
    /// abilities`, `L's power and toughness are switched`…), each part in its layer.
    Parts(Vec<Part>),
}

/// Where and how an object is put onto the battlefield.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Onto {
    /// `under P's control`: else its owner's.
    pub under: Option<PlayerId>,
    /// `attached to T`.
    pub attached_to: Option<Target>,
    /// `as a copy of M` (707.2, the copy effect's timestamp the entering one).
    pub as_copy_of: Option<CardId>,
    /// `with N C counters on it`: put on it as it enters (122.6), so they are part of
    /// its entering counter event and counter replacement effects apply to them.
    pub counters: Option<(CounterKind, i32)>,
}

/// Whom `M deals N damage to X` deals damage to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Recipients {
    Card(CardId),
    Player(PlayerId),
    /// `each opponent` of the source's controller, in APNAP order.
    EachOpponent,
    /// `each player`, in APNAP order.
    EachPlayer,
    /// `each creature [CONTROL]` or any SUBJECT: the set fixed as the damage is dealt.
    Set(Subject),
}

/// One item of `Actions` in the kernel's terms: what is done, and how it was announced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Action {
    pub act: Act,
    /// `in response,`: the players before the actor passed priority in turn (117.3d).
    pub in_response: bool,
    /// `(keeping L)` / `(choosing L)`: the object a player chose.
    pub choice: Option<CardId>,
    /// `(P orders triggers: …)`: the orders for every placement until the next statement,
    /// those of the steps it passes through included (603.3b).
    pub orders: Vec<super::triggered::TriggerOrder>,
}

/// What an action does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Act {
    /// Playing a land (305.1, a special action 116.2a).
    PlayLand { player: PlayerId, card: CardId },
    /// Casting a spell (601).
    Cast {
        player: PlayerId,
        card: CardId,
        targets: Vec<Target>,
    },
    /// Activating equip, fortify, reconfigure or reconfigure's unattach (602).
    Activate {
        player: PlayerId,
        source: CardId,
        target: Option<CardId>,
        ability: AbilityKind,
    },
    /// Putting (or returning) an object onto the battlefield.
    PutOntoBattlefield { card: CardId, onto: Onto },
    /// A one-shot continuous effect on a set, the set fixed as it begins (611.2c).
    AffectAll {
        effect: SetEffect,
        until_end_of_turn: bool,
    },
    /// Several objects destroyed or exiled at once, one event.
    DestroyEach { subjects: Vec<Subject>, exile: bool },
    /// `M deals N damage to X`, `M deals damage equal to VALUE to X` (120.2b): one source's
    /// damage to every recipient at once, one event.
    DealDamage {
        source: CardId,
        amount: super::triggered::Amount,
        to: Recipients,
    },
    /// A player sacrifices several permanents at once, one event (701.21a).
    SacrificeEach {
        player: PlayerId,
        cards: Vec<CardId>,
    },
    /// Declaring attackers (508.1).
    Attack {
        player: PlayerId,
        attackers: Vec<(CardId, Option<Target>)>,
    },
    /// Declaring blockers (509.1).
    Block {
        player: PlayerId,
        blocks: Vec<(CardId, Vec<CardId>)>,
    },
    /// A damage assignment order (509.2, 509.3).
    Order {
        player: PlayerId,
        of: CardId,
        order: Vec<CardId>,
    },
    /// A combat damage step, with the assignments written (510).
    CombatDamage(Vec<Assignment>),
    /// Every player passes in succession (117.4).
    AllPlayersPass,
    /// A one-shot effect the scenario makes happen.
    Effect(Effect),
}

impl Act {
    /// The player who takes a player action (casts, plays, activates, declares).
    pub fn actor(&self) -> Option<PlayerId> {
        match self {
            Act::PlayLand { player, .. }
            | Act::Cast { player, .. }
            | Act::Activate { player, .. }
            | Act::Attack { player, .. }
            | Act::Block { player, .. }
            | Act::Order { player, .. } => Some(*player),
            _ => None,
        }
    }
}

/// A one-shot effect (110.2, 701, 119, 120, 122, 500): what happens to one object or
/// player, or to the turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effect {
    Attach {
        card: CardId,
        to: Target,
    },
    Modify {
        card: CardId,
        change: Change,
        until_end_of_turn: bool,
    },
    Destroy(CardId),
    Exile(CardId),
    Sacrifice {
        player: PlayerId,
        card: CardId,
    },
    ReturnToHand(CardId),
    Damage {
        card: CardId,
        amount: i32,
        /// The source of the damage, when one is named.
        source: Option<CardId>,
    },
    /// A spell on the stack is countered (701.6a).
    Counter(CardId),
    /// `counter TRIG`: a triggered ability on the stack is countered (701.6a).
    CounterTrigger(super::triggered::TriggerName),
    /// `counter combat damage`: the combat damage object can't be countered (310.3 of
    /// 2009-05-01).
    CounterCombatDamage,
    /// Counters put (`put`) or removed (122.1).
    Counters {
        card: CardId,
        kind: CounterKind,
        amount: i32,
        put: bool,
    },
    /// A player gains (`gained`) or loses life (119.3): a number, or `equal to VALUE`
    /// read as the effect happens (608.2h).
    Life {
        player: PlayerId,
        amount: Amount,
        gained: bool,
    },
    /// A player wins the game (104.2b): the game ends (104.1).
    Win(PlayerId),
    /// A regeneration or prevention shield made by statement `action` (615.7, 701.19a).
    Shield {
        spec: super::prevent::ShieldSpec,
        action: usize,
    },
    GoTo(Step),
    /// `next turn` (stopping in the precombat main phase) and `next turn: STEP`.
    NextTurn(Step),
}
