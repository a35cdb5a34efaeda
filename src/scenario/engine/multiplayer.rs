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
        for c in 0..self.cards.len() {
            if self.cards[c].owner != p || self.cards[c].zone == Zone::Nowhere {
                continue;
            }
            let from = self.cards[c].zone;
            let old = self.cards[c].object;
            if self.cards[c].zone == Zone::Stack {
                self.stack
                    .retain(|s| !matches!(s.kind, StackKind::Spell(x) if x == c));
            }
            let card = &mut self.cards[c];
            card.zone = Zone::Nowhere;
            card.attached_to = None;
            events.push(event(
                Happened::LeavesGame {
                    card: c,
                    from,
                    old,
                    owner: p,
                },
                vec![Target::Card(c), Target::Player(p)],
                &why,
            ));
        }
        // Effects that gave them control of objects end.
        let mut regained = Vec::new();
        self.effects.retain(|e| {
            let ends = matches!(e.change, Change::Control(q) if q == p);
            if ends {
                regained.push(e.card);
            }
            !ends
        });
        regained.dedup();
        for c in regained {
            if self.zone(c) == Zone::Nowhere {
                continue;
            }
            let now = self.controller(c);
            events.push(event(
                Happened::ControlEffectEnds {
                    card: c,
                    from: p,
                    now,
                },
                vec![Target::Card(c), Target::Player(now)],
                &[cite::R800_4A],
            ));
        }
        // What they still control is exiled.
        for c in 0..self.cards.len() {
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
        // Abilities they controlled on the stack cease to exist.
        self.stack.retain(|s| s.controller != p);
        if self.priority == p {
            if let Some(next) = self.next_opponent(p) {
                self.priority = next;
            }
        }
        events
    }
}
