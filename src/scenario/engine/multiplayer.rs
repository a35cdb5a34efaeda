//! Multiplayer games (800): a player who loses a game of three or more leaves it
//! (104.5), and 800.4a says what leaves with them: every object they own, every effect
//! that gave them control of something; what they still control is exiled. Two-player
//! games simply end.

use super::prelude::*;

impl Game {
    /// `p` leaves the game (800.4a), if it goes on without them: the events. Not a
    /// state-based action; the state-based actions that follow deal with what was attached
    /// to what left.
    pub(super) fn leave_game(&mut self, p: PlayerId) -> Vec<Event> {
        let mut events = Vec::new();
        if self.players.len() < 3 {
            return events;
        }
        let why = [cite::R800_4A, cite::R104_5];
        // Every object they own leaves the game.
        for c in self.cards.ids() {
            if self.cards[c].owner != p || self.cards[c].zone == Zone::Nowhere {
                continue;
            }
            let from = self.cards[c].zone;
            let old = self.cards[c].object;
            events.push(self.apply(event(
                Happened::LeavesGame {
                    card: c,
                    from,
                    old,
                    owner: p,
                },
                vec![Target::Card(c), Target::Player(p)],
                &why,
            )));
        }
        // Effects that gave them control of objects end.
        let mut regained: Vec<CardId> = self
            .effects
            .iter()
            .filter(|e| matches!(e.change, Change::Control(q) if q == p))
            .map(|e| e.card)
            .collect();
        regained.dedup();
        for c in regained {
            if self.zone(c) == Zone::Nowhere {
                continue;
            }
            // `now` and the subject are filled in as the effect ends.
            events.push(self.apply(event(
                Happened::ControlEffectEnds {
                    card: c,
                    from: p,
                    now: p,
                },
                vec![Target::Card(c)],
                &[cite::R800_4A],
            )));
        }
        // What they still control is exiled.
        for c in self.cards.ids() {
            let held = match self.zone(c) {
                Zone::Battlefield => self.controller(c) == p,
                Zone::Stack => self
                    .stack
                    .iter()
                    .any(|s| matches!(s.kind, StackKind::Spell(x) if x == c) && s.controller == p),
                _ => false,
            };
            if held {
                events.extend(self.move_card(
                    c,
                    Zone::Exile,
                    None,
                    &[cite::R800_4A],
                    Cause::ControllerLeftGame(p),
                ));
            }
        }
        // Abilities they controlled on the stack cease to exist, and priority passes on
        // (800.4a): done as the player leaves, with the objects they owned.
        events
    }

    /// 800.4c: once the effect that gave a permanent to a player still in the game has
    /// ended, a permanent whose controller by default has left the game is exiled (not a
    /// state-based action: as the effect ends). Called where control effects end.
    pub(super) fn exile_what_no_one_in_the_game_controls(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        if self.players.len() < 3 || !self.rules.has(Difference::ExileWhatNoOneInTheGameControls) {
            return events;
        }
        for c in self.cards.ids() {
            if self.zone(c) != Zone::Battlefield {
                continue;
            }
            let p = self.controller(c);
            if self.has_lost(p) {
                events.extend(self.move_card(
                    c,
                    Zone::Exile,
                    None,
                    &[cite::R800_4C],
                    Cause::DefaultControllerLeftGame(p),
                ));
            }
        }
        events
    }
}
