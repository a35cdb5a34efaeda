//! The rules kernel: a pure engine (no I/O, no index, no terminal), one chapter of the
//! Comprehensive Rules a file. A [`Game`] is built from a validated setup; each action
//! either applies and returns the events it caused or is illegal and returns the reasons,
//! leaving the game untouched. Every event and reason carries its citations, constants of
//! [`cite`]; what differs between revisions is one table in [`revisions`].
//!
//! - [`vocabulary`], [`setup`], [`action`]: the kernel's own values: ids, steps, zones; the
//!   board a game is built from; the actions and one-shot effects it is asked to perform
//!   (the reader's statements are lowered into them by `scenario::lower`)
//! - [`state`]: objects, players, zones, turn and step (chapters 1–4, 400.7)
//! - [`characteristics`]: printed values and continuous effects (613)
//! - [`layers`]: the layer system: every object's characteristics, dependency (613)
//! - [`legality`]: attaching and targeting (115, 301, 303, 702)
//! - [`event`], [`apply`]: what happens; `apply` moves objects and attaches them
//! - [`priority`], [`actions`], [`stack`]: who may act, player actions, the stack (117, 305,
//!   601, 602, 608)
//! - [`effects`]: one-shot effects and the turn (110, 119, 120, 122, 500, 701)
//! - [`combat`]: the combat phase: declarations, damage assignment orders and the combat
//!   damage steps (506–511, 702 combat keywords)
//! - [`sba`]: state-based actions (704)
//! - [`multiplayer`]: a player leaving a game of three or more (104.5, 800.4a)
//! - [`triggered`]: triggered abilities, matched from the events applied with the last
//!   known information of their objects, put on the stack and resolved (603, 608.2h)

pub mod action;
pub mod actions;
pub mod apply;
pub mod characteristics;
pub mod cite;
pub mod combat;
pub mod deal;
pub mod effects;
pub mod end;
pub mod event;
pub mod layers;
pub mod legality;
pub mod multiplayer;
pub mod prevent;
pub mod priority;
pub mod reason;
pub mod replace;
pub mod revisions;
pub mod sba;
pub mod setup;
pub mod stack;
pub mod state;
pub mod steps;
pub mod triggered;
pub mod vocabulary;

#[cfg(test)]
mod tests;

pub use action::{Act, Action, Assignment, Change, Effect, Onto, Recipients};
pub use event::{
    Attempt, Cause, Chosen, Event, EventKind, Finding, Happened, ObjectId, Outcome, StackObject,
};
pub use reason::{Reason, Why};
pub use setup::{CardSpec, CombatSpec, Setup, SetupError, Status};
pub use state::AbilityKind;
pub use state::{Game, View};
pub use vocabulary::{ById, CardId, CounterKind, Counters, Id, PlayerId, Step, Target, Zone};

/// What every chapter of the kernel uses.
mod prelude {
    pub(super) use std::collections::BTreeMap;

    pub(super) use super::super::card::{
        Ability, CardType, Characteristics, Controlled, Enchant, PowerToughness, Quality, Supertype,
    };
    pub(super) use super::action::{Act, Action, Change, Effect, Onto};
    pub(super) use super::characteristics::{ContinuousEffect, Effects};
    pub(super) use super::cite::{self, Cite};
    pub(super) use super::event::{
        dedup, event, Attempt, Cause, Chosen, Event, Finding, Happened, Outcome, StackObject,
    };
    pub(super) use super::legality::Requirement;
    pub(super) use super::reason::{
        because, cites, Attachment, Doing, EnchantProblem, Protected, Reason, Why,
    };
    pub(super) use super::revisions::{Difference, Rules};
    pub(super) use super::setup::{Setup, SetupError};
    pub(super) use super::state::{AbilityKind, Game, StackItem, StackKind, View};
    pub(super) use super::vocabulary::{
        ById, CardId, CounterKind, Counters, Id, PlayerId, Step, Target, Zone,
    };
}
