//! An object about to be put into a graveyard, modified (614.1a): Rest in Peace, Leyline
//! of the Void, "if this would die, exile it instead". Once one destination applied, the
//! object no longer goes to a graveyard and the others do nothing (616.1f's example). A
//! replaced event never happens (614.6): a creature exiled instead of dying didn't die,
//! but it left the battlefield. The effects are those that existed immediately before the
//! event (614.4): a Rest in Peace destroyed with the creatures still exiles them.

use super::super::prelude::*;
use super::ability::{takes, Destination, Replacement, Seen};
use super::era;
use super::modify::{Outcome, Source};

impl Game {
    /// Where `c`, moving from `from` to the graveyard `to`, goes instead, and the record.
    pub(in crate::scenario::engine) fn modify_graveyard(
        &mut self,
        c: CardId,
        from: Zone,
        to: Zone,
    ) -> (Zone, Option<Event>) {
        let sources: Vec<Source> = self
            .sources_before()
            .into_iter()
            .filter(|s| {
                matches!(
                    s.ability.effect,
                    Replacement::Graveyard { .. } | Replacement::Dies { .. }
                )
            })
            .collect();
        if sources.is_empty() {
            return (to, None);
        }
        let owner = self.cards[c].owner;
        let token = self.cards[c].token;
        let view = self.view(c);
        let applicable = |z: &Zone, i: usize| {
            let s = &sources[i];
            if !matches!(z, Zone::Graveyard(_)) {
                return false;
            }
            match &s.ability.effect {
                Replacement::Graveyard {
                    tokens, opponents, ..
                } => (*tokens || !token) && (!opponents || owner != s.controller),
                Replacement::Dies { subject, .. } => {
                    let seen = Seen {
                        view: &view,
                        token,
                        is_source: s.card == c,
                        is_attached: s.attached == Some(c),
                    };
                    from == Zone::Battlefield && takes(subject, s.controller, &seen)
                }
                _ => false,
            }
        };
        let apply = |_: &Zone, i: usize| match &sources[i].ability.effect {
            Replacement::Graveyard { instead, .. } | Replacement::Dies { instead, .. } => {
                match instead {
                    Destination::Exile => Zone::Exile,
                    Destination::Hand => Zone::Hand(owner),
                    Destination::Library => Zone::Library(owner),
                }
            }
            _ => to,
        };
        let chooser = if from == Zone::Battlefield {
            view.controller
        } else {
            owner
        };
        let outcome = |z: &Zone| Outcome::Zone(*z);
        let Some((decision, record)) =
            self.decide_among(c, chooser, &to, &sources, (applicable, apply), outcome)
        else {
            return (to, None);
        };
        let on = self.rules.date;
        let mut cites = vec![era::instead(on), era::never_happens(on)];
        if from == Zone::Battlefield {
            // It didn't die: its dies abilities don't trigger (603.2g).
            cites.push(era::triggers_nothing(on));
        }
        // A source that left earlier in this very event still applies (614.4).
        if record
            .applied
            .iter()
            .any(|a| a.source != c && !self.on_battlefield(a.source))
        {
            cites.push(era::exists_before(on));
        }
        let zone = decision.chosen.result;
        (
            zone,
            Some(Game::replaced_event(c, record, cites, &decision)),
        )
    }
}
