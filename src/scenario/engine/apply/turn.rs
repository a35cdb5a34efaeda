//! Applying the turn's structure (500): a step begins (500.1), a turn begins with its
//! untap step (502), the cleanup step removes damage and ends "until end of turn"
//! effects (514.2).

use super::super::prelude::*;

impl Game {
    /// What a turn or step event changes (see [`Game::apply`]).
    pub(super) fn apply_to_turn(&mut self, what: &Happened) {
        match what {
            Happened::StepBegins { step, active } => {
                self.step = *step;
                self.priority = *active;
            }
            Happened::TurnBegins {
                player, untapped, ..
            } => {
                // 502: the turn begins with its untap step, where no one receives priority;
                // the steps after it begin as the game moves on (`steps`).
                self.active = *player;
                self.priority = *player;
                self.step = Step::Untap;
                self.priority_in_cleanup = false;
                self.cleanup_done = false;
                for p in &mut self.players {
                    p.lands_played = 0;
                    p.extra_land_plays = 0;
                }
                for c in &mut self.cards {
                    c.entered_this_turn = false;
                }
                for &c in untapped {
                    self.cards[c].tapped = false;
                }
                self.new_turn_combat();
            }
            Happened::Cleanup { .. } => {
                // 514.2
                self.cleanup_done = true;
                self.effects.retain(|e| !e.until_end_of_turn);
                for c in &mut self.cards {
                    c.damage = 0;
                }
                self.end_shields();
            }
            _ => {}
        }
    }
}
