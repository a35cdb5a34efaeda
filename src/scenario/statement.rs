//! What a scenario says, once read: the validated setup (players, turn, step, objects in
//! their zones), the actions in order, and the expectations. Labels are resolved to
//! indexes into `Setup::cards`, players to indexes into `Setup::players`.

use crate::model::RuleNumber;

use super::card::{Ability, Color};
use super::effect::{Effect, Subject, Word};
use super::engine::triggered::{Amount, TriggerName, TriggerOrder};
use super::engine::Recipients;

/// The kernel's own values, which statements carry.
pub use super::engine::{
    Assignment, CardId, CardSpec, Change, CounterKind, PlayerId, Setup, Step, Target, Zone,
};

/// What an item of `Actions` does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Statement {
    /// `regenerate L`, `prevent …` (615.7, 701.19a).
    Shield(super::engine::prevent::ShieldSpec),
    Play {
        player: PlayerId,
        card: CardId,
    },
    Cast {
        player: PlayerId,
        card: CardId,
        targets: Vec<Target>,
    },
    Equip {
        player: PlayerId,
        equipment: CardId,
        target: CardId,
    },
    Fortify {
        player: PlayerId,
        fortification: CardId,
        target: CardId,
    },
    Reconfigure {
        player: PlayerId,
        equipment: CardId,
        target: CardId,
    },
    Unattach {
        player: PlayerId,
        equipment: CardId,
    },
    /// `P puts L onto the battlefield` and `put L onto the battlefield [under P's
    /// control] [attached to T]`.
    PutOntoBattlefield {
        card: CardId,
        under: Option<PlayerId>,
        attached_to: Option<Target>,
        /// `as a copy of M` (707.2, the copy effect's timestamp the entering one).
        as_copy_of: Option<CardId>,
    },
    /// `SUBJECT EFFECT`: a one-shot continuous effect on a set, the set fixed as it
    /// begins (611.2c).
    AffectAll {
        effect: Effect,
        until_end_of_turn: bool,
    },
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
    /// `destroy SETLIST`, `exile SETLIST`: several objects at once, one event.
    DestroyEach {
        subjects: Vec<Subject>,
        exile: bool,
    },
    /// `all players pass` (117.4).
    AllPlayersPass,
    /// `P sacrifices L[, L]...[ and L]`: all at once, one event.
    Sacrifice {
        player: PlayerId,
        cards: Vec<CardId>,
    },
    /// `return L to the battlefield [under P's control] [with N C counters on it]`.
    ReturnToBattlefield {
        card: CardId,
        under: Option<PlayerId>,
        counters: Option<(CounterKind, i32)>,
    },
    ReturnToHand(CardId),
    Damage {
        card: CardId,
        amount: i32,
        /// The source of the damage, when the statement names one (`by M`).
        source: Option<CardId>,
    },
    /// `M deals N damage to X`, `M deals damage equal to VALUE to X`: all at once.
    DealDamage {
        source: CardId,
        amount: Amount,
        to: Recipients,
    },
    /// `counter L`: a spell on the stack is countered (701.6a).
    Counter(CardId),
    /// `counter TRIG`: a triggered ability on the stack is countered (701.6a).
    CounterTrigger(TriggerName),
    /// `counter combat damage` (310.3 of 2009-05-01: it can't be).
    CounterCombatDamage,
    PutCounters {
        card: CardId,
        kind: CounterKind,
        amount: i32,
    },
    RemoveCounters {
        card: CardId,
        kind: CounterKind,
        amount: i32,
    },
    /// `P loses N life`, `P loses life equal to VALUE`.
    LoseLife {
        player: PlayerId,
        amount: Amount,
    },
    /// `P gains N life`, `P gains life equal to VALUE`.
    GainLife {
        player: PlayerId,
        amount: Amount,
    },
    /// `P wins the game` (104.2b).
    Wins(PlayerId),
    GoTo(Step),
    /// `next turn` (stopping in the precombat main phase) or `next turn: STEP`.
    NextTurn(Step),
    /// `P attacks with L [attacking T], ...` (508.1).
    Attack {
        player: PlayerId,
        attackers: Vec<(CardId, Option<Target>)>,
    },
    /// `P blocks A with B, ...; ...` or `P declares no blockers` (509.1).
    Block {
        player: PlayerId,
        blocks: Vec<(CardId, Vec<CardId>)>,
    },
    /// `P orders blockers of A: B, ...` (509.2) or `P orders attackers of B: A, ...` (509.3).
    Order {
        player: PlayerId,
        of: CardId,
        order: Vec<CardId>,
    },
    /// `combat damage[: L assigns N to X, ...; ...]` (510).
    CombatDamage(Vec<Assignment>),
}

impl Statement {
    /// The player who takes a player action (casts, plays, activates).
    pub fn actor(&self) -> Option<PlayerId> {
        use Statement::*;
        match self {
            Play { player, .. }
            | Cast { player, .. }
            | Equip { player, .. }
            | Fortify { player, .. }
            | Reconfigure { player, .. }
            | Unattach { player, .. }
            | Attack { player, .. }
            | Block { player, .. }
            | Order { player, .. } => Some(*player),
            _ => None,
        }
    }

    /// The objects and players the statement names.
    pub fn subjects(&self) -> Vec<Target> {
        use Statement::*;
        let card = |c: &CardId| Target::Card(*c);
        match self {
            Play { player, card: c } => vec![Target::Player(*player), card(c)],
            Sacrifice { player, cards } => {
                let mut out = vec![Target::Player(*player)];
                out.extend(cards.iter().map(card));
                out
            }
            Cast {
                player,
                card: c,
                targets,
            } => {
                let mut out = vec![Target::Player(*player), card(c)];
                out.extend(targets.iter().copied());
                out
            }
            Equip {
                player,
                equipment: e,
                target: t,
            }
            | Reconfigure {
                player,
                equipment: e,
                target: t,
            }
            | Fortify {
                player,
                fortification: e,
                target: t,
            } => vec![Target::Player(*player), card(e), card(t)],
            Unattach {
                player,
                equipment: e,
            } => vec![Target::Player(*player), card(e)],
            PutOntoBattlefield {
                card: c,
                attached_to,
                as_copy_of,
                ..
            } => std::iter::once(card(c))
                .chain(*attached_to)
                .chain(as_copy_of.map(Target::Card))
                .collect(),
            AffectAll { .. } => Vec::new(),
            Attach { card: c, to } => vec![card(c), *to],
            Modify { card: c, .. }
            | Destroy(c)
            | Exile(c)
            | ReturnToBattlefield { card: c, .. }
            | ReturnToHand(c)
            | PutCounters { card: c, .. }
            | RemoveCounters { card: c, .. }
            | Counter(c) => vec![card(c)],
            Damage {
                card: c, source, ..
            } => std::iter::once(card(c))
                .chain(source.map(Target::Card))
                .collect(),
            LoseLife { player, .. } | GainLife { player, .. } | Wins(player) => {
                vec![Target::Player(*player)]
            }
            CounterTrigger(name) => vec![card(&name.source)],
            DealDamage { source, to, .. } => {
                let mut out = vec![card(source)];
                match to {
                    Recipients::Card(c) => out.push(card(c)),
                    Recipients::Player(p) => out.push(Target::Player(*p)),
                    _ => {}
                }
                out
            }
            GoTo(_) | NextTurn(_) | AllPlayersPass | CounterCombatDamage => Vec::new(),
            Shield(spec) => {
                use super::engine::prevent::{ShieldSpec as S, Shielded as X};
                match spec {
                    S::Regenerate(c) | S::AllFrom { source: c, .. } => vec![card(c)],
                    S::Next { to: X::Card(c), .. }
                    | S::AllTo {
                        to: Some(X::Card(c)),
                        ..
                    } => {
                        vec![card(c)]
                    }
                    S::Next {
                        to: X::Player(p), ..
                    }
                    | S::AllTo {
                        to: Some(X::Player(p)),
                        ..
                    } => vec![Target::Player(*p)],
                    _ => Vec::new(),
                }
            }
            DestroyEach { subjects, .. } => subjects
                .iter()
                .filter_map(|s| match s {
                    Subject::Label(c) => Some(card(c)),
                    _ => None,
                })
                .collect(),
            Attack { player, attackers } => std::iter::once(Target::Player(*player))
                .chain(
                    attackers
                        .iter()
                        .flat_map(|(c, t)| std::iter::once(card(c)).chain(*t)),
                )
                .collect(),
            Block { player, blocks } => std::iter::once(Target::Player(*player))
                .chain(
                    blocks
                        .iter()
                        .flat_map(|(a, bs)| std::iter::once(card(a)).chain(bs.iter().map(card))),
                )
                .collect(),
            Order { player, of, order } => std::iter::once(Target::Player(*player))
                .chain(std::iter::once(card(of)))
                .chain(order.iter().map(card))
                .collect(),
            CombatDamage(assignments) => assignments
                .iter()
                .flat_map(|a| {
                    std::iter::once(card(&a.source)).chain(a.amounts.iter().map(|(_, t)| *t))
                })
                .collect(),
        }
    }

    /// A player action (checked for legality) rather than an effect that happens.
    pub fn is_player_action(&self) -> bool {
        matches!(
            self,
            Statement::Play { .. }
                | Statement::Cast { .. }
                | Statement::Equip { .. }
                | Statement::Fortify { .. }
                | Statement::Reconfigure { .. }
                | Statement::Unattach { .. }
        )
    }
}

/// One item of `Actions`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionItem {
    /// 1-based position in `Actions`.
    pub n: usize,
    pub line: usize,
    /// The item as written.
    pub text: String,
    pub in_response: bool,
    pub statement: Statement,
    /// `(keeping L)` / `(choosing L)`.
    pub choice: Option<CardId>,
    /// `(P orders triggers: T, T...)` (603.3b).
    pub orders: Vec<TriggerOrder>,
    /// `(P applies: …)` (616.1) and `(P prevents first: …)` (615.7).
    pub choices: super::engine::prevent::Choices,
    /// `(P applies: L, L...)`: the order P applies replacement effects in, by their objects
    /// (616.1).
    pub applies: Vec<(PlayerId, Vec<CardId>)>,
}

/// What an item of `Expect` claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    ActionLegal {
        n: usize,
        legal: bool,
    },
    AttachedTo {
        card: CardId,
        to: Target,
        negated: bool,
    },
    Unattached(CardId),
    InZone {
        card: CardId,
        zone: Zone,
    },
    NoLongerExists(CardId),
    IsCreature {
        card: CardId,
        negated: bool,
    },
    IsTapped {
        card: CardId,
        negated: bool,
    },
    ControlledBy {
        card: CardId,
        player: PlayerId,
    },
    PlayedLands {
        player: PlayerId,
        n: u32,
    },
    CanPlayMore {
        player: PlayerId,
        n: u32,
    },
    Life {
        player: PlayerId,
        n: i32,
    },
    /// `P has lost the game`, `P has not lost the game`.
    Lost {
        player: PlayerId,
        negated: bool,
    },
    /// `P has won the game`, `P has not won the game` (104.2b, 104.2a).
    Won {
        player: PlayerId,
        negated: bool,
    },
    StateBasedActionsCite,
    /// `L is a WORD`, `L is not a WORD`: a card type, subtype or supertype.
    Is {
        card: CardId,
        word: Word,
        negated: bool,
    },
    /// `L is N/N`, `L's power is N`, `L's toughness is N`.
    PowerToughness {
        card: CardId,
        power: Option<i32>,
        toughness: Option<i32>,
    },
    /// `L has KEYWORD`, `L doesn't have KEYWORD`.
    HasAbility {
        card: CardId,
        ability: Ability,
        negated: bool,
    },
    NoAbilities(CardId),
    /// `L is COLOR`, `L is not COLOR`; `None` for `L is colorless`.
    IsColor {
        card: CardId,
        color: Option<Color>,
        negated: bool,
    },
    /// `L has N damage`.
    Damage {
        card: CardId,
        n: i32,
    },
    /// `L has N C counters`.
    Counters {
        card: CardId,
        kind: CounterKind,
        n: i32,
    },
    /// `L is attacking [T]`, `L is not attacking`.
    Attacking {
        card: CardId,
        target: Option<Target>,
        negated: bool,
    },
    /// `L is blocking [A]`, `L is not blocking`.
    Blocking {
        card: CardId,
        attacker: Option<CardId>,
        negated: bool,
    },
    /// `L is blocked`, `L is unblocked`.
    Blocked {
        card: CardId,
        negated: bool,
    },
    /// `TRIG triggered K times`, `TRIG didn't trigger` (K = 0).
    Triggered {
        name: TriggerName,
        times: usize,
    },
    /// `TRIG resolved [K times]`, `TRIG didn't resolve` (K = 0).
    Resolved {
        name: TriggerName,
        times: Option<usize>,
    },
    /// `TRIG was removed from the stack`.
    Removed(TriggerName),
    /// `TRIG is controlled by P` (603.3a).
    TriggerControlledBy {
        name: TriggerName,
        player: PlayerId,
    },
    /// `the stack holds ITEM, ...` (top first); `the stack is empty`.
    StackHolds(Vec<StackName>),
    /// `replacement order matters at action N` (`matters`), `… doesn't matter …`: whether
    /// any event of action N had two legal orders with different results (616.1).
    ReplacementOrder {
        n: usize,
        matters: bool,
    },
    /// `P gained N life`.
    Gained {
        player: PlayerId,
        n: i32,
    },
    /// `P lost N life`.
    LostLife {
        player: PlayerId,
        n: i32,
    },
    /// `X was dealt N damage [by M]`: after every replacement and prevention effect.
    Dealt {
        to: Target,
        n: i32,
        by: Option<CardId>,
    },
}

/// An object on the stack as Expect names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StackName {
    Spell(CardId),
    Trigger(TriggerName),
    CombatDamage,
    /// `L's equip`, `L's fortify`, `L's reconfigure`.
    Ability(CardId),
}

/// One item of `Expect`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expectation {
    pub line: usize,
    pub text: String,
    pub claim: Claim,
    /// `after action N:`: checked against the state right after action N.
    pub after: Option<usize>,
    /// Rule numbers in parentheses (or after `cite`), in the chosen revision's numbering.
    pub cites: Vec<RuleNumber>,
}

/// A scenario file, read and validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    pub file: String,
    pub title: String,
    pub prose: Vec<String>,
    pub setup: Setup,
    pub actions: Vec<ActionItem>,
    pub expectations: Vec<Expectation>,
}
