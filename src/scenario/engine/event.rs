//! What happens and why not, each with its citations: [`Event`] (something that happened
//! to objects or players, of a typed [`EventKind`]) and [`Reason`] (why an action or a
//! change can't happen). Everything the engine reports is one of these.

use super::prelude::*;

pub(super) fn cites(numbers: &[Cite]) -> Vec<Cite> {
    numbers.to_vec()
}

/// Why something can't happen, with the rules that say so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    pub cites: Vec<Cite>,
    pub text: String,
}

/// The reasons' texts, joined as one clause list (`a; b`).
pub(super) fn joined(reasons: &[Reason]) -> String {
    reasons
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("; ")
}

pub(super) fn reason(numbers: &[Cite], text: impl Into<String>) -> Reason {
    Reason {
        cites: cites(numbers),
        text: text.into(),
    }
}

/// What kind of change an event made, to find "the event that made it true".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    Moved,
    Attached,
    Unattached,
    Control,
    Life,
    Lost,
    Counters,
    Damage,
    Changed,
    Played,
    Turn,
    Stack,
    Note,
    /// An action that was refused: the reasons' rules are the evidence for what it failed
    /// to change.
    Refused,
}

/// Something that happened, citing the rules that made it happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    pub text: String,
    pub cites: Vec<Cite>,
    pub subjects: Vec<Target>,
    /// Performed as a state-based action.
    pub state_based: bool,
}

pub(super) fn event(
    kind: EventKind,
    subjects: Vec<Target>,
    numbers: &[Cite],
    text: String,
) -> Event {
    Event {
        kind,
        text,
        cites: cites(numbers),
        subjects,
        state_based: false,
    }
}

pub(super) fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

pub(super) fn dedup(cs: &mut Vec<Cite>) {
    let mut seen = Vec::new();
    cs.retain(|c| {
        if seen.contains(c) {
            false
        } else {
            seen.push(*c);
            true
        }
    });
}
