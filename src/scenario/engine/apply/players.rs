//! Applying what happens to a player: damage dealt to them (120.3a), life gained or lost
//! (119.3), winning the game (104.2b), a land played (305.2).

use super::super::prelude::*;

impl Game {
    /// What an event about a player changes (see [`Game::apply`]).
    pub(super) fn apply_to_player(&mut self, what: &Happened) {
        match what {
            Happened::DamageToPlayer {
                player,
                now,
                amount,
                ..
            } => self.damage_player(*player, *now, *amount),
            Happened::Wins { player } => {
                for (q, p) in self.players.enumerate_mut() {
                    if q == *player {
                        p.won = true;
                    } else {
                        p.lost = true;
                    }
                }
            }
            Happened::Life {
                player,
                now,
                amount,
                gained,
            } => {
                let p = &mut self.players[*player];
                p.life = *now;
                if *gained {
                    p.gained += *amount;
                } else {
                    p.lost_life += *amount;
                }
            }
            Happened::PlayedLand { player, .. } => {
                self.players[*player].lands_played += 1;
                self.priority = *player;
            }
            _ => {}
        }
    }

    /// 120.3a: damage dealt to a player causes that much life loss; `now` is the life
    /// total it leaves.
    pub(super) fn damage_player(&mut self, player: PlayerId, now: i32, amount: i32) {
        self.players[player].life = now;
        self.players[player].lost_life += amount;
    }
}
