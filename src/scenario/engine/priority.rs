//! Timing and priority (117, 307.1): who may act when. A spell or ability needs its
//! player to hold priority; sorcery-speed actions also need the active player's main
//! phase with an empty stack.

use super::prelude::*;

impl Game {
    /// The sorcery-speed timing rules (117.1a, 307.1): active player, main phase, empty
    /// stack, priority.
    pub(super) fn sorcery_timing(&self, p: PlayerId, numbers: &[Cite], what: &str) -> Vec<Reason> {
        let mut out = Vec::new();
        if p != self.active {
            out.push(reason(
                numbers,
                format!(
                    "{what} only during its controller's own turn, and it is {}'s turn",
                    self.player_name(self.active)
                ),
            ));
        }
        if !self.step.is_main_phase() {
            out.push(reason(
                numbers,
                format!(
                    "{what} only during a main phase, and it is the {} step",
                    self.step
                ),
            ));
        }
        if !self.stack.is_empty() {
            out.push(reason(
                numbers,
                format!(
                    "{what} only when the stack is empty, and it holds {}",
                    self.stack_labels().join(", ")
                ),
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
    pub(super) fn priority_problems(&self, p: PlayerId) -> Vec<Reason> {
        let who = self.player_name(p);
        match self.priority() {
            Some(q) if q == p => Vec::new(),
            Some(q) => vec![reason(
                &[cite::R117_1],
                format!(
                    "{who} doesn't have priority ({} does); a player casts spells and activates abilities only with priority",
                    self.player_name(q)
                ),
            )],
            None if self.step == Step::Untap => vec![reason(
                &[cite::R117_1, cite::R502_4],
                "no player receives priority during the untap step",
            )],
            None => vec![reason(
                &[cite::R117_1, cite::R514_3],
                "normally no player receives priority during the cleanup step",
            )],
        }
    }

    /// After a player casts a spell, activates an ability or takes a special action with
    /// priority, they receive priority again (117.3c).
    pub(super) fn keeps_priority(&mut self, p: PlayerId) {
        self.priority = p;
    }
}
