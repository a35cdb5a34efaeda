//! `M deals N damage to X` and `M deals damage equal to VALUE to X` (120.2b, 120.3): one
//! source's damage to one recipient or to a set, all of it dealt at once, one event, so a
//! damage trigger of its source sees it once (`that much` its total) and lifelink gains
//! life once for all of it (119.9, 702.15b). A source that would deal 0 damage deals none
//! (120.8).

use super::action::Recipients;
use super::effects::dealt;
use super::prelude::*;
use super::triggered::{Amount, ObjectRef};

impl Game {
    /// `M deals N damage to X`: the amount read as the damage is dealt (608.2h), from the
    /// card a label names.
    pub(super) fn deals_damage(
        &mut self,
        source: CardId,
        amount: Amount,
        to: &Recipients,
    ) -> Vec<Event> {
        let n = self.amount_of(amount);
        let (cards, players) = self.damage_recipients(source, to);
        if cards.is_empty() && players.is_empty() {
            // The set is read as the damage is dealt (608.2h): nothing in it.
            return vec![event(
                Happened::AppliesToNothing,
                Vec::new(),
                &[cite::R608_2H],
            )];
        }
        if n <= 0 {
            // 120.8: "If a source would deal 0 damage, it does not deal damage at all."
            let amount = n;
            return vec![event(
                Happened::NoDamage { source, amount },
                vec![Target::Card(source)],
                &[cite::R120_8],
            )];
        }
        self.deal_at_once(source, n, &cards, &players)
    }

    /// `source` deals `n` damage to each of `cards` and `players` at once: protection and
    /// the rules of each recipient apply to its part (702.16e, 120.3), lifelink once for the
    /// total (702.15b).
    pub(in crate::scenario::engine) fn deal_at_once(
        &mut self,
        source: CardId,
        n: i32,
        cards: &[CardId],
        players: &[PlayerId],
    ) -> Vec<Event> {
        let mut events = Vec::new();
        let all: Vec<Target> = cards
            .iter()
            .map(|&c| Target::Card(c))
            .chain(players.iter().map(|&p| Target::Player(p)))
            .collect();
        if n <= 0 || self.refuses_prevent_n(Some(source), &all, false) {
            return events;
        }
        for &card in cards {
            events.extend(self.damage_permanent(card, n, Some(source)));
        }
        for &p in players {
            events.extend(self.damage_player_only(p, n, source));
        }
        let total = dealt(&events);
        events.extend(self.lifelink(Some(source), total));
        events
    }

    /// A number of Actions (a label's power, toughness, mana value or counters), read now.
    pub(super) fn amount_of(&self, amount: Amount) -> i32 {
        let label = |r: ObjectRef| match r {
            ObjectRef::Label(c) => Some(c),
            _ => None,
        };
        let pt = |c: CardId| self.view(c).chars.power_toughness;
        match amount {
            Amount::Fixed(n) => n,
            Amount::Power(r) => label(r).and_then(pt).map_or(0, |p| p.power),
            Amount::Toughness(r) => label(r).and_then(pt).map_or(0, |p| p.toughness),
            Amount::ManaValue(r) => label(r).map_or(0, |c| self.view(c).chars.mana_value),
            Amount::Counters(k, r) => label(r).map_or(0, |c| self.counters(c).get(k)),
            Amount::ThatMuch => 0,
        }
    }

    /// The permanents and players `to` names as the damage is dealt (611.2c for a set):
    /// permanents in file order, players in APNAP order (101.4), none who left the game.
    fn damage_recipients(&self, source: CardId, to: &Recipients) -> (Vec<CardId>, Vec<PlayerId>) {
        let apnap = self.turn_order_from(self.active);
        let in_game = |p: &PlayerId| !self.has_lost(*p);
        match to {
            Recipients::Card(c) => (vec![*c], Vec::new()),
            Recipients::Player(p) => (Vec::new(), Some(*p).into_iter().filter(in_game).collect()),
            Recipients::EachPlayer => (Vec::new(), apnap.filter(in_game).collect()),
            Recipients::EachOpponent => {
                let you = self.controller(source);
                (
                    Vec::new(),
                    apnap.filter(|p| *p != you).filter(in_game).collect(),
                )
            }
            Recipients::Set(s) => {
                let mut set = self.with_board(|board| self.described(s, Some(source), board));
                set.sort_unstable();
                (set, Vec::new())
            }
        }
    }
}
