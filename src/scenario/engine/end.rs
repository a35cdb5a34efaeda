//! The end of the game (104): an effect that says a player wins (104.2b) ends the game at
//! once (104.1), and every other player has lost it. Nothing happens after that: the
//! stack doesn't resolve further and every later action is refused ([`Game::perform`]
//! cites the rule that ended the game).

use super::prelude::*;

impl Game {
    /// `P wins the game` (104.2b, 104.1): nothing if the game is already over or `p` has
    /// left it.
    pub(super) fn win(&mut self, p: PlayerId) -> Vec<Event> {
        if self.game_over().is_some() || self.has_lost(p) {
            return Vec::new();
        }
        let everyone = self.players.ids().map(Target::Player).collect();
        vec![self.apply(event(
            Happened::Wins { player: p },
            everyone,
            &[cite::R104_2B, cite::R104_1],
        ))]
    }
}
