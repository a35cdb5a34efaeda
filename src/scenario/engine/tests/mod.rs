//! Unit tests of the kernel, one module per chapter. A game is set up as a judge writes it
//! (the `Game` section and the zone sections of a scenario file, through the scenario
//! parser's own translation into a [`Setup`](super::super::statement::Setup), so the tests
//! and the checker build states one way); one action is performed, and the events and
//! citations it produced are asserted as data, never as the report's English.

use super::super::parse::parse;
use super::super::statement::{CardId, PlayerId, Scenario};
use super::cite::Cite;
use super::revisions::Rules;
use super::{Event, Game, Reason};
use crate::model::Date;

mod actions;
mod apply;
mod characteristics;
mod combat;
mod legality;
mod multiplayer;
mod priority;
mod sba;
mod stack;
mod state;

/// A game set up from a scenario's text, and its actions to perform one by one.
pub(super) struct Table {
    pub(super) game: Game,
    scenario: Scenario,
}

/// Sets up the game `text` describes (a scenario file without its title: `## Game`, zone
/// sections, `## Actions`) under `rules`: a test chooses its revision in Rust, so the
/// file's `rules:` isn't read.
pub(super) fn table(rules: Rules, text: &str) -> Table {
    let text = ["# kernel test\n", text].concat();
    let scenario = match parse("kernel-test.md", &text) {
        Ok(s) => s,
        Err(e) => panic!("the test's scenario doesn't read: {e}\n{text}"),
    };
    Table {
        game: Game::from_setup(&scenario.setup, rules).expect("the board can be played"),
        scenario,
    }
}

/// [`table`] for two players, Alice active, in `step` (as `step:` writes it) under `rules`:
/// `objects` holds the zone sections and the actions.
pub(super) fn two_players(rules: Rules, step: &str, objects: &str) -> Table {
    let game = "## Game\n- players: Alice, Bob\n- turn: Alice\n- step: ";
    table(rules, &[game, step, "\n", objects].concat())
}

/// [`two_players`] in Alice's precombat main phase, under today's rules.
pub(super) fn main_phase(objects: &str) -> Table {
    two_players(Rules::canonical(), "precombat main", objects)
}

impl Table {
    /// The card labelled `label`.
    pub(super) fn card(&self, label: &str) -> CardId {
        self.scenario
            .setup
            .cards
            .position(|c| c.label == label)
            .unwrap_or_else(|| panic!("no card labelled {label}"))
    }

    /// The player named `name` (case-insensitive).
    pub(super) fn player(&self, name: &str) -> PlayerId {
        self.scenario
            .setup
            .players
            .position(|p| p.eq_ignore_ascii_case(name))
            .unwrap_or_else(|| panic!("no player named {name}"))
    }

    /// Performs action `n` of `## Actions` (counted from 1, as the file counts).
    pub(super) fn act(&mut self, n: usize) -> Result<Vec<Event>, Vec<Reason>> {
        let item = self.scenario.actions[n - 1].clone();
        self.game.perform(&super::super::lower::action(&item))
    }
}

/// The rules in force on a date.
pub(super) fn rules(year: u16, month: u8, day: u8) -> Rules {
    Rules::for_date(Date { year, month, day }).expect("a supported revision")
}

pub(super) fn cited(cites: &[Cite], wanted: Cite) -> bool {
    cites.contains(&wanted)
}
