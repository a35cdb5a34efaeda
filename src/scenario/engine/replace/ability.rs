//! A replacement effect as a scenario writes it (`replacement: …`, `enters tapped`,
//! `enters with N C counters`): what event it watches for and what it makes of it
//! (614.1a, 614.1c, 614.1d). Read by `parse::replacement`; applied by the modification
//! step ([`super::enter`], [`super::destination`], [`super::counters`]).

use super::super::super::effect::{Filter, Subject};
use super::super::state::View;
use super::super::vocabulary::{CounterKind, PlayerId};

/// `replacement: REPLACEMENT`, or an `enters …` attribute.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplacementAbility {
    /// As written (lower-cased), for reports.
    pub text: String,
    pub effect: Replacement,
}

/// What the effect replaces, and with what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replacement {
    /// `SUBJECT enter[s] tapped` (614.1d); `this` for the permanent's own.
    EntersTapped(Subject),
    /// `SUBJECT enter[s] with (an | N) additional C counter[s]`, or the attribute
    /// `enters with N C counters` (614.1c).
    EntersWith {
        subject: Subject,
        n: i32,
        kind: CounterKind,
    },
    /// `SUBJECT enter[s] as a copy of this [creature | permanent]` (614.1d, 616.1c).
    EntersAsCopy(Subject),
    /// `if WHAT would be put into (a | an opponent's) graveyard from anywhere, DEST instead`.
    Graveyard {
        /// `a card` (tokens excluded) or `a card or token`.
        tokens: bool,
        /// `an opponent's graveyard`: the owner is an opponent of the effect's controller.
        opponents: bool,
        instead: Destination,
    },
    /// `if (this | enchanted creature | equipped creature | FILTER) would die, DEST instead`.
    Dies {
        subject: Subject,
        instead: Destination,
    },
    /// `if [an effect would put] one or more [C] counters would be put on X, COUNTS instead`.
    Counters {
        kind: Option<CounterKind>,
        on: Subject,
        /// `that many plus N` (`Plus(N)`) or `twice that many` (`Twice`).
        counts: Counts,
    },
    /// `if SOURCE would deal damage …`: damage, read by helper 26's parser (issue #27b).
    Damage(String),
}

/// Where a destination replacement sends the object instead of the graveyard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Destination {
    Exile,
    Hand,
    Library,
}

/// What a counter replacement makes of the number of counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counts {
    Plus(i32),
    Twice,
}

impl Counts {
    pub fn of(self, n: i32) -> i32 {
        match self {
            Counts::Plus(k) => n + k,
            Counts::Twice => n * 2,
        }
    }
}

/// An object as a replacement effect's subject sees it: as it is (or would be, 614.12).
pub struct Seen<'a> {
    pub view: &'a View,
    pub token: bool,
    /// Whether it is the effect's own object.
    pub is_source: bool,
    /// Whether it is what the effect's object is attached to.
    pub is_attached: bool,
}

/// Whether `subject`, written on an object controlled by `you`, takes `seen`.
pub fn takes(subject: &Subject, you: PlayerId, seen: &Seen) -> bool {
    match subject {
        Subject::This => seen.is_source,
        Subject::Attached => seen.is_attached,
        Subject::Label(_) | Subject::Graveyards(_) => false,
        Subject::Filter(f) => fits(f, you, seen),
    }
}

/// [`Filter`] over a view: the same tests as the layer system's sets.
fn fits(f: &Filter, you: PlayerId, seen: &Seen) -> bool {
    !(f.other && seen.is_source)
        && f.fits(
            &seen.view.chars,
            seen.token,
            seen.view.controller,
            Some(you),
        )
}
