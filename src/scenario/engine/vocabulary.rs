//! The values the kernel speaks in: objects and players by id, the steps of the turn, the
//! zones, what can be targeted or attached to, and the kinds of counters. The reader of
//! scenario files writes them; their names in English are the report's.

use std::fmt;

/// A card by its label: the card the file writes `n`th, its place in [`Setup::cards`].
/// Ids are compared, ordered and looked up, never computed; a card id and a player id
/// are different types.
///
/// [`Setup::cards`]: super::Setup::cards
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CardId(u32);

/// A player: the player `players:` names `n`th, in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(u32);

/// An id that numbers the rows of a [`ById`] table, in the order the file writes them.
pub trait Id: Copy {
    /// The `n`th (from 0): how the reader lowers a label or a player's name.
    fn nth(n: usize) -> Self;
    /// Its place in the file (from 0), to look it up in a table.
    fn index(self) -> usize;
}

impl Id for CardId {
    fn nth(n: usize) -> CardId {
        CardId(u32::try_from(n).expect("fewer than 2^32 cards"))
    }
    fn index(self) -> usize {
        self.0 as usize
    }
}

impl Id for PlayerId {
    fn nth(n: usize) -> PlayerId {
        PlayerId(u32::try_from(n).expect("fewer than 2^32 players"))
    }
    fn index(self) -> usize {
        self.0 as usize
    }
}

/// A table with one row per card or per player, looked up by its typed id only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ById<I, T> {
    rows: Vec<T>,
    id: std::marker::PhantomData<fn() -> I>,
}

impl<I, T> Default for ById<I, T> {
    fn default() -> Self {
        ById {
            rows: Vec::new(),
            id: std::marker::PhantomData,
        }
    }
}

impl<I: Id, T> ById<I, T> {
    pub fn get(&self, id: I) -> Option<&T> {
        self.rows.get(id.index())
    }

    pub fn get_mut(&mut self, id: I) -> Option<&mut T> {
        self.rows.get_mut(id.index())
    }

    /// Adds a row and returns its id.
    pub fn push(&mut self, row: T) -> I {
        self.rows.push(row);
        I::nth(self.rows.len() - 1)
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Every id, in order.
    pub fn ids(&self) -> impl DoubleEndedIterator<Item = I> + Clone + use<I, T> {
        (0..self.rows.len()).map(I::nth)
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.rows.iter()
    }

    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.rows.iter_mut()
    }

    /// Every row with its id, in order.
    pub fn enumerate(&self) -> impl DoubleEndedIterator<Item = (I, &T)> + '_ {
        self.rows.iter().enumerate().map(|(i, t)| (I::nth(i), t))
    }

    /// Every row, to change, with its id, in order.
    pub fn enumerate_mut(&mut self) -> impl Iterator<Item = (I, &mut T)> + '_ {
        self.rows
            .iter_mut()
            .enumerate()
            .map(|(i, t)| (I::nth(i), t))
    }

    /// The id of the first row that `f` accepts.
    pub fn position(&self, f: impl FnMut(&T) -> bool) -> Option<I> {
        self.rows.iter().position(f).map(I::nth)
    }
}

impl<I, T> From<Vec<T>> for ById<I, T> {
    fn from(rows: Vec<T>) -> Self {
        ById {
            rows,
            id: std::marker::PhantomData,
        }
    }
}

impl<I, T> FromIterator<T> for ById<I, T> {
    fn from_iter<It: IntoIterator<Item = T>>(iter: It) -> Self {
        Vec::from_iter(iter).into()
    }
}

impl<I: Id, T> std::ops::Index<I> for ById<I, T> {
    type Output = T;
    fn index(&self, id: I) -> &T {
        &self.rows[id.index()]
    }
}

impl<I: Id, T> std::ops::IndexMut<I> for ById<I, T> {
    fn index_mut(&mut self, id: I) -> &mut T {
        &mut self.rows[id.index()]
    }
}

impl<'a, I, T> IntoIterator for &'a ById<I, T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.rows.iter()
    }
}

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

impl<'a, I, T> IntoIterator for &'a mut ById<I, T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.rows.iter_mut()
    }
}

impl<I, T> IntoIterator for ById<I, T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.rows.into_iter()
    }
}
