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
        if out.is_empty() && p != self.priority {
            out.push(reason(
                numbers,
                format!(
                    "{} doesn't have priority ({} does)",
                    self.player_name(p),
                    self.player_name(self.priority)
                ),
            ));
        }
        out
    }
}
