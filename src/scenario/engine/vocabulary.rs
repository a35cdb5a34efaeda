//! The values the kernel speaks in: objects and players by id, the steps of the turn, the
//! zones, what can be targeted or attached to, and the kinds of counters. The reader of
//! scenario files writes them; their names in English are the report's.

use std::fmt;

/// A card by its label: an index into [`Setup::cards`].
pub type CardId = usize;
/// A player: an index into [`Setup::players`].
pub type PlayerId = usize;

/// A step of the turn (500.1), in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    Untap,
    Upkeep,
    Draw,
    PrecombatMain,
    BeginningOfCombat,
    DeclareAttackers,
    DeclareBlockers,
    /// The first of two combat damage steps (510.4).
    FirstStrikeDamage,
    CombatDamage,
    EndOfCombat,
    PostcombatMain,
    End,
    Cleanup,
}

impl Step {
    /// Every step, in the order of the turn (500.1).
    pub const ALL: [Step; 13] = [
        Step::Untap,
        Step::Upkeep,
        Step::Draw,
        Step::PrecombatMain,
        Step::BeginningOfCombat,
        Step::DeclareAttackers,
        Step::DeclareBlockers,
        Step::FirstStrikeDamage,
        Step::CombatDamage,
        Step::EndOfCombat,
        Step::PostcombatMain,
        Step::End,
        Step::Cleanup,
    ];

    pub fn is_main_phase(self) -> bool {
        matches!(self, Step::PrecombatMain | Step::PostcombatMain)
    }

    pub fn name(self) -> &'static str {
        match self {
            Step::Untap => "untap",
            Step::Upkeep => "upkeep",
            Step::Draw => "draw",
            Step::PrecombatMain => "precombat main",
            Step::BeginningOfCombat => "beginning of combat",
            Step::DeclareAttackers => "declare attackers",
            Step::DeclareBlockers => "declare blockers",
            Step::FirstStrikeDamage => "first-strike damage",
            Step::CombatDamage => "combat damage",
            Step::EndOfCombat => "end of combat",
            Step::PostcombatMain => "postcombat main",
            Step::End => "end",
            Step::Cleanup => "cleanup",
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a card is (400.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Zone {
    Battlefield,
    Hand(PlayerId),
    Graveyard(PlayerId),
    Library(PlayerId),
    Exile,
    Command,
    Stack,
    /// A token that ceased to exist (704.5d).
    Nowhere,
}

/// An object or a player, as a target or what something is attached to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    Card(CardId),
    Player(PlayerId),
}

/// A counter kind a statement can put or remove (122.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CounterKind {
    PlusOne,
    MinusOne,
    Loyalty,
    Defense,
}

impl CounterKind {
    /// Every kind the checker counts.
    pub const ALL: [CounterKind; 4] = [
        CounterKind::PlusOne,
        CounterKind::MinusOne,
        CounterKind::Loyalty,
        CounterKind::Defense,
    ];

    /// The kind as the rules write it (122.1).
    pub fn name(self) -> &'static str {
        match self {
            CounterKind::PlusOne => "+1/+1",
            CounterKind::MinusOne => "-1/-1",
            CounterKind::Loyalty => "loyalty",
            CounterKind::Defense => "defense",
        }
    }
}

/// The counters on an object (122.1): how many of each kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counters([i32; CounterKind::ALL.len()]);

impl Counters {
    /// How many counters of `kind` there are.
    pub fn get(&self, kind: CounterKind) -> i32 {
        self.0[kind as usize]
    }

    /// The number of counters of `kind`, to change.
    pub fn get_mut(&mut self, kind: CounterKind) -> &mut i32 {
        &mut self.0[kind as usize]
    }

    /// These counters with `n` of `kind`.
    pub fn with(mut self, kind: CounterKind, n: i32) -> Counters {
        self.0[kind as usize] = n;
        self
    }
}
