//! Timing and priority (117, 307.1): who may act when. A spell or ability needs its
//! player to hold priority; sorcery-speed actions also need the active player's main
//! phase with an empty stack.

use super::prelude::*;

/// 117.1: the system of priority; before 2009-07-11, whose numbering the lineage doesn't pair
/// with it, 408.1b ("Spells and activated abilities are played by players ... using a system
/// of priority").
const PRIORITY: Cite = cite::R117_1.or_else(cite::R408_1B_PRIORITY);

impl Game {
    /// The sorcery-speed timing rules (117.1a, 307.1): active player, main phase, empty
    /// stack, priority.
    pub(super) fn sorcery_timing(
        &self,
        p: PlayerId,
        numbers: &[Cite],
        doing: Doing,
    ) -> Vec<Reason> {
        let mut out = Vec::new();
        if p != self.active {
            out.push(because(
                numbers,
                Why::NotOwnTurn {
                    doing,
                    active: self.active,
                },
            ));
        }
        out.extend(self.main_phase_and_empty_stack(numbers, doing));
        out
    }

    /// A main phase with an empty stack (117.1a, 307.1, 305.1).
    pub(super) fn main_phase_and_empty_stack(&self, numbers: &[Cite], doing: Doing) -> Vec<Reason> {
        let mut out = Vec::new();
        if !self.step.is_main_phase() {
            out.push(because(
                numbers,
                Why::NotMainPhase {
                    doing,
                    step: self.step,
                },
            ));
        }
        if !self.stack.is_empty() {
            out.push(because(
                numbers,
                Why::StackNotEmpty {
                    doing,
                    stack: self.stack_objects(),
                },
            ));
        }
        out
    }

    /// The player who has priority: no one in the untap step (502.4), nor in the cleanup
    /// step unless the file says a player received it there (514.3, 514.3a).
    pub fn priority(&self) -> Option<PlayerId> {
        match self.step {
            Step::Untap => None,
            Step::Cleanup if !self.priority_in_cleanup => None,
            _ => Some(self.priority),
        }
    }

    /// Why `p` can't cast a spell, activate an ability or take a special action now for
    /// want of priority (117.1), whatever the speed.
    pub(super) fn priority_problems(&self, p: PlayerId, doing: Option<Doing>) -> Vec<Reason> {
        match self.priority() {
            Some(q) if q == p => Vec::new(),
            Some(q) => vec![because(
                &[PRIORITY],
                Why::NoPriority {
                    player: p,
                    holder: q,
                    doing,
                },
            )],
            None if self.step == Step::Untap => {
                vec![because(&[PRIORITY, cite::R502_4], Why::NoPriorityInUntap)]
            }
            None => vec![because(&[PRIORITY, cite::R514_3], Why::NoPriorityInCleanup)],
        }
    }
}
