//! The scenario checker: the rules kernel ([`engine`]: state, characteristics, legality,
//! events, the stack and priority, state-based actions, one chapter a file) and, around
//! it, the reader of scenario files (`scenario-format.md`) and the report.
//!
//! Shaped like shakmaty: [`parse`] reads a file into a validated [`Scenario`]; a [`Game`]
//! is built only from its [`Setup`]; each action either applies and returns the events it
//! caused or is illegal, says why with rule numbers, and leaves the game untouched;
//! [`play`] runs a whole scenario into a [`Report`]. No I/O, no index, no terminal: the
//! shell (`commands::check`) picks the revision.
//!
//! The engine cites rules in the numbering of [`CANONICAL`] (2026-01-16); a [`Citations`]
//! translates them into the numbering of the revision a scenario chose
//! ([`RevisionNumbers`], through the embedded citation table).

mod card;
pub mod compare;
mod effect;
pub mod engine;
mod layers_report;
mod lower;
mod parse;
mod play;
mod statement;
mod words;

pub use card::{
    capitalize, Ability, CardType, Characteristics, Color, Enchant, PowerToughness, Quality,
    Supertype, TypeLine,
};
pub use effect::{Effect, Layer, Part, Subject};
pub use engine::{Event, EventKind, Game, Reason};
pub use layers_report::{LayerStep, ObjectLayers};
pub use parse::{parse, parse_under, ParseError};
pub use play::{
    play, ActionReport, BoardCard, BoardPlayer, BoardReport, ExpectationReport, Report, SbaReport,
    TimelineEntry,
};
pub use statement::{
    ActionItem, CardId, CardSpec, Change, Claim, CounterKind, Expectation, PlayerId, Scenario,
    Setup, Statement, Step, Target, Zone,
};
pub use words::in_the_words_before_2009_07_11;

use crate::model::{Date, RuleNumber};

pub use engine::cite::{Cite, CANONICAL};
pub use engine::revisions::{Difference, Rules, Unsupported};

/// Translates cited rule numbers into the numbering of the chosen revision.
pub trait Citations {
    /// The number `number` of revision `numbering` has in the chosen revision, or `None`
    /// when that revision has no such rule.
    fn cite(&self, numbering: Date, number: RuleNumber) -> Option<RuleNumber>;
}

/// The number `cite` has in the chosen revision, through `citations`: its own, else the
/// rule that said the same there (its `otherwise`, then its `otherwise_older`); `None`
/// when the chosen revision has none of them.
pub fn cited_in(cite: &Cite, citations: &dyn Citations) -> Option<RuleNumber> {
    let fallback = |otherwise: Option<(RuleNumber, Date)>| {
        let (rule, numbering) = otherwise?;
        citations.cite(numbering, rule)
    };
    citations
        .cite(cite.numbering, cite.rule)
        .or_else(|| fallback(cite.otherwise))
        .or_else(|| fallback(cite.otherwise_older))
}

/// Cites in the numbering of the revision in force on `to`, through the citation table
/// embedded in the binary ([`crate::citations`]): no index needed.
#[derive(Debug, Clone, Copy)]
pub struct RevisionNumbers {
    pub to: Date,
}

impl Citations for RevisionNumbers {
    fn cite(&self, numbering: Date, number: RuleNumber) -> Option<RuleNumber> {
        let from = crate::citations::in_force(numbering);
        let to = crate::citations::in_force(self.to);
        if from.is_some() && from == to {
            return Some(number);
        }
        crate::citations::translate(number, numbering, self.to)
    }
}

/// Cites every number as it is: right for the canonical revision.
pub struct SameNumbers;

impl Citations for SameNumbers {
    fn cite(&self, _numbering: Date, number: RuleNumber) -> Option<RuleNumber> {
        Some(number)
    }
}
