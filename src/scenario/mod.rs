//! The scenario checker: a pure rules engine (state, actions, legality, state-based
//! actions) and the reader of scenario files (`scenario-format.md`, version 1).
//!
//! Shaped like shakmaty: [`parse`] reads a file into a validated [`Scenario`]; a [`Game`]
//! is built only from its [`Setup`]; each action either applies and returns the events it
//! caused or is illegal, says why with rule numbers, and leaves the game untouched;
//! [`play`] runs a whole scenario into a [`Report`]. No I/O, no index, no terminal: the
//! shell (`commands::check`) picks the revision and maps citations into its numbering.
//!
//! The engine cites rules in the numbering of [`CANONICAL`] (2026-01-16); a [`Citations`]
//! translates them into the numbering of the revision a scenario chose.

mod card;
mod game;
mod parse;
mod play;
mod statement;

pub use card::{
    capitalize, Ability, CardType, Characteristics, Color, Enchant, PowerToughness, Quality,
    Supertype, TypeLine,
};
pub use game::{Event, EventKind, Game, Reason};
pub use parse::{parse, ParseError};
pub use play::{
    play, ActionReport, BoardCard, BoardPlayer, BoardReport, ExpectationReport, Report, SbaReport,
    TimelineEntry,
};
pub use statement::{
    ActionItem, CardId, CardSpec, Change, Claim, CounterKind, Expectation, PlayerId, Scenario,
    Setup, Statement, Step, Target, Zone,
};

use crate::model::{Date, RuleNumber};

/// The revision whose numbering the engine cites in.
pub const CANONICAL: &str = "2026-01-16";

/// The revision whose numbering cites the planeswalker uniqueness rule, which the
/// canonical revision no longer has (704.5j from 2009-07-11 until 2017-09-29).
pub const UNIQUENESS_NUMBERING: &str = "2017-01-20";

/// A rule the engine cites: a number in the numbering of one revision (usually
/// [`CANONICAL`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cite {
    pub rule: RuleNumber,
    pub numbering: &'static str,
    /// Where a revision has no counterpart of `rule` (a rule since split off), the rule
    /// that said the same there: a number in the numbering of another revision.
    pub otherwise: Option<(RuleNumber, &'static str)>,
}

impl Cite {
    /// A rule number of the canonical revision, written as in the rules (`704.5m`).
    pub fn canonical(number: &str) -> Cite {
        Cite {
            rule: number.parse().unwrap_or(RuleNumber::rule(100)),
            numbering: CANONICAL,
            otherwise: None,
        }
    }

    /// The same citation, with the rule that said the same in `numbering`'s revision for
    /// revisions that lack this one.
    pub fn or_else(self, number: &str, numbering: &'static str) -> Cite {
        Cite {
            otherwise: number.parse().ok().map(|n| (n, numbering)),
            ..self
        }
    }
}

/// Translates cited rule numbers into the numbering of the chosen revision.
pub trait Citations {
    /// The number `number` of revision `numbering` has in the chosen revision, or `None`
    /// when that revision has no such rule.
    fn cite(&self, numbering: &str, number: RuleNumber) -> Option<RuleNumber>;
}

/// Cites every number as it is: right for the canonical revision, and what the checker
/// does until the rule lineage is available.
pub struct SameNumbers;

impl Citations for SameNumbers {
    fn cite(&self, _numbering: &str, number: RuleNumber) -> Option<RuleNumber> {
        Some(number)
    }
}

/// Why the checker can't play a revision.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the checker supports the rules from 2009-07-11 on (the Magic 2010 rules: the battlefield, the current numbering); {date} is older, when the rules used \"in play\" and another numbering — choose a later revision with `rules:`")]
pub struct Unsupported {
    pub date: Date,
}

/// The rules in force: decided by the date of the chosen revision, where the rules changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub date: Date,
}

const fn date(year: u16, month: u8, day: u8) -> Date {
    Date { year, month, day }
}

impl Rules {
    /// The first revision the checker supports (Magic 2010 rules).
    pub const FIRST: Date = date(2009, 7, 11);

    pub fn for_date(d: Date) -> Result<Rules, Unsupported> {
        if d < Self::FIRST {
            return Err(Unsupported { date: d });
        }
        Ok(Rules { date: d })
    }

    /// Today's rules.
    pub fn canonical() -> Rules {
        Rules {
            date: date(2026, 1, 16),
        }
    }

    /// The legend rule applies per controller, who chooses (704.5j since 2013-07-13);
    /// before, every legendary permanent sharing a name went to the graveyard.
    pub fn legend_rule_per_player(&self) -> bool {
        self.date >= date(2013, 7, 13)
    }

    /// The planeswalker uniqueness rule (704.5j, 2009-07-11 until 2017-09-29).
    pub fn planeswalker_uniqueness(&self) -> bool {
        self.date < date(2017, 9, 29)
    }

    /// Reconfigure (702.151) exists from 2022-02-18.
    pub fn reconfigure(&self) -> bool {
        self.date >= date(2022, 2, 18)
    }

    /// Battles (310, 704.5v–x) exist from 2023-04-14.
    pub fn battles(&self) -> bool {
        self.date >= date(2023, 4, 14)
    }

    /// The Role rule (303.7a, 704.5y) exists from 2023-09-01.
    pub fn roles(&self) -> bool {
        self.date >= date(2023, 9, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_rules_older_than_magic_2010() {
        assert!(Rules::for_date(date(2009, 5, 1)).is_err());
        assert!(Rules::for_date(date(2009, 7, 11)).is_ok());
    }
}
