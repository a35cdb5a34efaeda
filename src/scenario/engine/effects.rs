//! One-shot effects (110.2, 701, 119, 120, 122, 500): what the `Actions` statements that
//! aren't player actions make happen: putting objects onto the battlefield, attaching,
//! continuous changes, destroying, exiling, damage, counters, life, and moving the turn.

use super::prelude::*;
use super::triggered::Amount;

/// What an Aura put onto the battlefield will enchant and how it was chosen, or the
/// events saying it can't enter (303.4g, 303.4i).
type Enchants = Result<(Target, Chosen), Vec<Event>>;

impl Game {
    // ----- effects --------------------------------------------------------------------

    /// `put L onto the battlefield [under P's control] [attached to T] [as a copy of M]`
    /// (or `return L to the battlefield [under P's control]`).
    pub(super) fn put_onto_battlefield(
        &mut self,
        c: CardId,
        onto: Onto,
        choice: Option<CardId>,
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let Onto {
            under,
            attached_to,
            as_copy_of,
            ..
        } = onto;
        let zone = self.zone(c);
        let controller = under.unwrap_or(self.cards[c].owner);
        let v = match as_copy_of {
            Some(_) => self.as_it_would_enter(c, controller, as_copy_of).view(c),
            None => self.view(c),
        };
        let note = |numbers: &[Cite], what: Happened| {
            Ok(vec![event(what, vec![Target::Card(c)], numbers)])
        };
        if zone == Zone::Battlefield {
            return note(&[cite::R400_7], Happened::AlreadyOnBattlefield { card: c });
        }
        if zone == Zone::Nowhere || (self.cards[c].token && zone != Zone::Battlefield) {
            return note(
                &[cite::R111_8],
                Happened::TokenLeftBattlefield {
                    card: c,
                    again: false,
                },
            );
        }
        if v.chars.is(CardType::Instant) || v.chars.is(CardType::Sorcery) {
            return note(
                &[cite::R400_4A, cite::R110_4],
                Happened::CantEnterBattlefield { card: c, zone },
            );
        }
        let put_rules: &[Cite] = if v.chars.is(CardType::Land) {
            &[cite::R305_4, cite::R110_2A]
        } else {
            &[cite::R110_2A]
        };
        let why = if v.chars.is(CardType::Land) {
            Cause::LandPut
        } else {
            Cause::PutByEffect
        };
        if v.chars.has_subtype("aura") {
            return self.put_aura_onto_battlefield(c, zone, controller, onto, choice);
        }
        // 122.6: the counters it enters with are put on it as it enters, by the move.
        let events = self.move_card_entering(
            c,
            Zone::Battlefield,
            Some(controller),
            put_rules,
            why,
            onto.counters,
        );
        let mut events = self.entered_as_copy(c, as_copy_of, events);
        if let Some(t) = attached_to {
            events.push(self.enters_attached_to(c, t));
        }
        Ok(events)
    }

    /// The game as it would stand with `c` on the battlefield under `controller`: one
    /// entering as a copy is a copy as it enters, not after (707.5), so an Aura's copy
    /// enters attached.
    fn as_it_would_enter(
        &self,
        c: CardId,
        controller: PlayerId,
        as_copy_of: Option<CardId>,
    ) -> Game {
        let mut sim = self.clone();
        sim.cards[c].zone = Zone::Battlefield;
        sim.cards[c].controller = controller;
        let _ = sim.entered_as_copy(c, as_copy_of, Vec::new());
        sim
    }

    /// 303.4f–i: an Aura put onto the battlefield without being cast enters attached to
    /// what the effect says (303.4i) or what its controller chooses (303.4f); with
    /// nothing it could enchant, it doesn't enter (303.4g).
    fn put_aura_onto_battlefield(
        &mut self,
        c: CardId,
        zone: Zone,
        controller: PlayerId,
        onto: Onto,
        choice: Option<CardId>,
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let chosen = match onto.attached_to {
            Some(t) => self.aura_attached_as_stated(c, zone, controller, onto.as_copy_of, t),
            None => self.aura_chosen_to_enchant(c, zone, controller, onto.as_copy_of, choice)?,
        };
        let (t, how) = match chosen {
            Ok(chosen) => chosen,
            Err(events) => return Ok(events),
        };
        let events = self.move_card_entering(
            c,
            Zone::Battlefield,
            Some(controller),
            &[cite::R303_4F],
            Cause::AuraPut,
            onto.counters,
        );
        let mut events = self.entered_as_copy(c, onto.as_copy_of, events);
        events.push(self.attach(c, t, &[cite::R303_4F], how));
        Ok(events)
    }

    /// 303.4i: an Aura put onto the battlefield `attached to T` enters attached to `t`,
    /// unless it couldn't enchant it: then it stays where it was (an Aura spell goes to
    /// its owner's graveyard), and the events say so.
    fn aura_attached_as_stated(
        &mut self,
        c: CardId,
        zone: Zone,
        controller: PlayerId,
        as_copy_of: Option<CardId>,
        t: Target,
    ) -> Enchants {
        let problems = self
            .as_it_would_enter(c, controller, as_copy_of)
            .attachment_problems(c, t);
        if !problems.is_empty() {
            let mut cs = cites(&[cite::R303_4I]);
            for r in &problems {
                cs.extend(r.cites.iter().copied());
            }
            dedup(&mut cs);
            let mut events = vec![Event {
                what: Happened::AuraCantEnterAttached {
                    card: c,
                    to: t,
                    problems,
                    zone,
                },
                cites: cs,
                subjects: vec![Target::Card(c), t],
                state_based: false,
            }];
            events.extend(self.aura_spell_to_graveyard(c, zone, cite::R303_4I));
            return Err(events);
        }
        Ok((t, Chosen::AsStated))
    }

    /// 303.4f: the player putting an Aura onto the battlefield chooses what it enchants,
    /// among the objects and players it could (the `choice`, else the newest); with none,
    /// it stays where it was (303.4g) and the events say so. A choice it couldn't enchant
    /// is refused, with why.
    fn aura_chosen_to_enchant(
        &mut self,
        c: CardId,
        zone: Zone,
        controller: PlayerId,
        as_copy_of: Option<CardId>,
        choice: Option<CardId>,
    ) -> Result<Enchants, Vec<Reason>> {
        let candidate = |g: &Game, t: Target| -> Vec<Reason> {
            g.as_it_would_enter(c, controller, as_copy_of)
                .attachment_problems(c, t)
        };
        let mut legal: Vec<Target> = self
            .cards
            .ids()
            .filter(|&o| {
                o != c && (self.on_battlefield(o) || matches!(self.zone(o), Zone::Graveyard(_)))
            })
            .map(Target::Card)
            .filter(|t| candidate(self, *t).is_empty())
            .collect();
        legal.extend(
            self.players
                .ids()
                .filter(|p| !self.players[*p].lost)
                .map(Target::Player)
                .filter(|t| candidate(self, *t).is_empty()),
        );
        if legal.is_empty() {
            let mut events = vec![event(
                Happened::AuraNothingToEnchant { card: c, zone },
                vec![Target::Card(c)],
                &[cite::R303_4G],
            )];
            events.extend(self.aura_spell_to_graveyard(c, zone, cite::R303_4G));
            return Ok(Err(events));
        }
        Ok(Ok(match choice {
            Some(ch) if legal.contains(&Target::Card(ch)) => {
                (Target::Card(ch), Chosen::By(controller, ch))
            }
            Some(ch) => {
                return Err(vec![because(
                    &[cite::R303_4F],
                    Why::CantEnchant {
                        aura: c,
                        chosen: ch,
                        problems: candidate(self, Target::Card(ch)),
                    },
                )]);
            }
            None => {
                let newest = legal
                    .iter()
                    .copied()
                    // The newest object, else the player first in the file.
                    .max_by(|a, b| match (a, b) {
                        (Target::Card(x), Target::Card(y)) => {
                            self.cards[*x].timestamp.cmp(&self.cards[*y].timestamp)
                        }
                        (Target::Card(_), Target::Player(_)) => std::cmp::Ordering::Greater,
                        (Target::Player(_), Target::Card(_)) => std::cmp::Ordering::Less,
                        (Target::Player(x), Target::Player(y)) => y.cmp(x),
                    })
                    .unwrap_or(legal[0]);
                (newest, Chosen::Newest(newest))
            }
        }))
    }

    /// An Equipment or Fortification put onto the battlefield `attached to T` enters
    /// attached to it if it could be (301.5e), else unattached; anything else can't enter
    /// attached (303.4h).
    fn enters_attached_to(&mut self, c: CardId, t: Target) -> Event {
        let v = self.view(c);
        if v.chars.has_subtype("equipment") || v.chars.has_subtype("fortification") {
            let problems = self.attachment_problems(c, t);
            if problems.is_empty() {
                self.attach(c, t, &[cite::R301_5E], Chosen::AsStated)
            } else {
                let mut cs = cites(&[cite::R301_5E]);
                for r in &problems {
                    cs.extend(r.cites.iter().copied().filter(|c| *c != cite::R704_5P));
                }
                dedup(&mut cs);
                Event {
                    what: Happened::EntersUnattached { card: c, problems },
                    cites: cs,
                    subjects: vec![Target::Card(c), t],
                    state_based: false,
                }
            }
        } else {
            event(
                Happened::NotAttachable { card: c },
                vec![Target::Card(c), t],
                &[cite::R303_4H],
            )
        }
    }

    /// A one-shot effect happens: the events it caused, or why it can't (a sacrifice of
    /// what its player doesn't control, a step that isn't later).
    pub(super) fn effect(&mut self, effect: Effect) -> Result<Vec<Event>, Vec<Reason>> {
        match effect {
            Effect::Attach { card, to } => {
                if !self.on_battlefield(card) {
                    return Ok(vec![event(
                        Happened::NotOnBattlefield {
                            card,
                            attempt: Attempt::Attach,
                        },
                        vec![Target::Card(card)],
                        &[cite::R701_3A],
                    )]);
                }
                Ok(self.try_attach(card, to, &[cite::R701_3A]))
            }
            Effect::Modify {
                card,
                change,
                until_end_of_turn,
            } => self.modify(card, change, until_end_of_turn),
            Effect::Destroy(c) => self.destroy(c),
            Effect::Exile(c) => self.exile(c),
            Effect::Sacrifice { player, card } => self.sacrifice(player, card),
            Effect::ReturnToHand(c) => self.return_to_hand(c),
            Effect::Counter(c) => Ok(self.counter(c)),
            Effect::CounterTrigger(name) => Ok(self.counter_trigger(name)),
            Effect::CounterCombatDamage => Ok(self.counter_combat_damage()),
            Effect::Damage {
                card,
                amount,
                source,
            } => self.damage_effect(card, amount, source),
            Effect::Counters {
                card,
                kind,
                amount,
                put,
            } => self.put_or_remove_counters(card, kind, amount, put),
            Effect::Life {
                player,
                amount: Amount::Fixed(n),
                gained,
            } => self.gain_or_lose_life(player, n, gained),
            // `equal to VALUE`, read now (608.2h): 0 or less is no life gained or lost.
            Effect::Life {
                player,
                amount,
                gained,
            } => match self.amount_of(amount) {
                n if n > 0 => self.gain_or_lose_life(player, n, gained),
                value => Ok(vec![self.no_life(player, gained, value)]),
            },
            Effect::Win(p) => Ok(self.win(p)),
            Effect::Shield { spec, action } => {
                Ok(self.make_shield(&spec, super::prevent::Maker::Action(action)))
            }
            Effect::GoTo(step) => self.go_to(step),
            Effect::NextTurn(stop) => self.next_turn(stop),
        }
    }

    /// A continuous effect on one object (611, 613), its layers cited as the revision numbers them.
    fn modify(
        &mut self,
        card: CardId,
        change: Change,
        until_end_of_turn: bool,
    ) -> Result<Vec<Event>, Vec<Reason>> {
        // The layers the change applies in, as the revision numbers them (a type
        // change with a P/T is layer 4 and 7b), and its timestamp (613.7b).
        let mut numbers = self.rules_of_change(&change);
        if until_end_of_turn {
            numbers.push(cite::R514_2);
        }
        let mut subjects = vec![Target::Card(card)];
        if let Change::Control(p) = change {
            subjects.push(Target::Player(p));
            // 800.4b: an object doesn't change to the control of a player who has
            // left the game.
            if self.players.len() > 2 && self.has_lost(p) {
                return Ok(vec![event(
                    Happened::NoControlForPlayerWhoLeft { card, player: p },
                    subjects,
                    &[cite::R800_4B],
                )]);
            }
        }
        Ok(vec![self.apply(event(
            Happened::ContinuousEffect {
                card,
                change,
                until_end_of_turn,
            },
            subjects,
            &numbers,
        ))])
    }

    /// `destroy L` (701.8a); an indestructible permanent isn't (702.12b).
    fn destroy(&mut self, c: CardId) -> Result<Vec<Event>, Vec<Reason>> {
        if !self.on_battlefield(c) {
            return Ok(vec![event(
                Happened::NotOnBattlefield {
                    card: c,
                    attempt: Attempt::Destroy,
                },
                vec![Target::Card(c)],
                &[cite::R701_8A],
            )]);
        }
        if self.view(c).chars.has(&Ability::Indestructible) {
            return Ok(vec![event(
                Happened::Indestructible { card: c },
                vec![Target::Card(c)],
                &[cite::INDESTRUCTIBLE],
            )]);
        }
        if let Some(events) = self.regenerates(c) {
            return Ok(events);
        }
        let owner = self.owner(c);
        Ok(self.move_card(
            c,
            Zone::Graveyard(owner),
            None,
            &[cite::R701_8A],
            Cause::Destroyed,
        ))
    }

    /// `exile L` (701.13a).
    fn exile(&mut self, c: CardId) -> Result<Vec<Event>, Vec<Reason>> {
        if self.zone(c) == Zone::Nowhere {
            return Ok(vec![event(
                Happened::NoLongerExists { card: c },
                vec![Target::Card(c)],
                &[cite::R111_8],
            )]);
        }
        if self.cards[c].token && self.zone(c) != Zone::Battlefield {
            return Ok(vec![event(
                Happened::TokenLeftBattlefield {
                    card: c,
                    again: true,
                },
                vec![Target::Card(c)],
                &[cite::R111_8],
            )]);
        }
        Ok(self.move_card(c, Zone::Exile, None, &[cite::R701_13A], Cause::Exiled))
    }

    /// Why `player` can't sacrifice `card` (701.21a: only a permanent they control), if
    /// they can't.
    pub(super) fn cant_sacrifice(&self, player: PlayerId, card: CardId) -> Option<Reason> {
        (!self.on_battlefield(card) || self.controller(card) != player).then(|| {
            because(
                &[cite::R701_21A],
                Why::CantSacrifice {
                    player,
                    card,
                    controller: self.on_battlefield(card).then(|| self.controller(card)),
                    zone: self.zone(card),
                },
            )
        })
    }

    /// `P sacrifices L` (701.21a): only a permanent its controller controls.
    fn sacrifice(&mut self, player: PlayerId, card: CardId) -> Result<Vec<Event>, Vec<Reason>> {
        if let Some(reason) = self.cant_sacrifice(player, card) {
            return Err(vec![reason]);
        }
        let owner = self.owner(card);
        Ok(self.move_card(
            card,
            Zone::Graveyard(owner),
            None,
            &[cite::R701_21A],
            Cause::SacrificedBy(player),
        ))
    }

    /// `return L to its owner's hand` (400.7).
    fn return_to_hand(&mut self, c: CardId) -> Result<Vec<Event>, Vec<Reason>> {
        if self.zone(c) == Zone::Nowhere
            || (self.cards[c].token && self.zone(c) != Zone::Battlefield)
        {
            return Ok(vec![event(
                Happened::TokenLeftBattlefield {
                    card: c,
                    again: true,
                },
                vec![Target::Card(c)],
                &[cite::R111_8],
            )]);
        }
        let owner = self.owner(c);
        Ok(self.move_card(
            c,
            Zone::Hand(owner),
            None,
            &[cite::R400_7],
            Cause::ReturnedToHand,
        ))
    }

    /// `L is dealt N damage [by M]` (120.3), prevented by protection (702.16e), lifelink after it.
    fn damage_effect(
        &mut self,
        card: CardId,
        amount: i32,
        source: Option<CardId>,
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let mut events = self.damage_permanent(card, amount, source);
        events.extend(self.lifelink(source, dealt(&events)));
        Ok(events)
    }

    /// Damage to one permanent (120.3), prevented by protection (702.16e); lifelink is the
    /// caller's, once for all the damage its source deals at once.
    pub(super) fn damage_permanent(
        &mut self,
        card: CardId,
        amount: i32,
        source: Option<CardId>,
    ) -> Vec<Event> {
        if !self.on_battlefield(card) {
            return vec![event(
                Happened::NotOnBattlefield {
                    card,
                    attempt: Attempt::Damage,
                },
                vec![Target::Card(card)],
                &[cite::R120_3],
            )];
        }
        let from = source.map(|s| self.damage_source(s));
        let (amount, mut events) = self.modified(source, amount, Target::Card(card), false);
        if amount <= 0 {
            return events;
        }
        let v = self.view(card);
        let mut numbers = Vec::new();
        if v.chars.is(CardType::Creature) {
            numbers.push(cite::R120_3E);
        }
        if v.chars.is(CardType::Planeswalker) {
            numbers.push(cite::PLANESWALKER_DAMAGE);
        }
        if v.chars.is(CardType::Battle) {
            numbers.push(cite::R120_3H);
        }
        if numbers.is_empty() {
            numbers.push(cite::R120_3);
        }
        if let Some((sv, true)) = &from {
            numbers.push(cite::R608_2H);
            if sv.chars.has(&Ability::Deathtouch) && amount > 0 {
                numbers.push(cite::R702_2E);
            }
        }
        // What made the damage so includes the effects that modified it.
        numbers.extend(events.iter().flat_map(|e| e.cites.iter().copied()));
        let mut subjects = vec![Target::Card(card)];
        subjects.extend(source.map(Target::Card));
        events.push(self.apply(event(
            Happened::Damage {
                card,
                amount,
                source,
                combat: false,
            },
            subjects,
            &numbers,
        )));
        events
    }

    /// Counters put on or removed from an object (122.1); no fewer than none remain.
    fn put_or_remove_counters(
        &mut self,
        card: CardId,
        kind: CounterKind,
        amount: i32,
        put: bool,
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let sign = if put { 1 } else { -1 };
        let Some(before) = self.cards.get(card).map(|c| c.counters(kind)) else {
            return Ok(Vec::new());
        };
        let mut events = Vec::new();
        let (amount, replaced) = match put {
            true => self.modify_counters(card, kind, amount),
            false => (amount, None),
        };
        let amount = ((before + sign * amount).max(0) - before).abs();
        events.push(self.apply(event(
            Happened::Counters {
                card,
                kind,
                amount,
                put: sign > 0,
            },
            vec![Target::Card(card)],
            &[cite::R122_1],
        )));
        events.extend(replaced);
        Ok(events)
    }

    /// A player gains or loses life (119.3).
    fn gain_or_lose_life(
        &mut self,
        player: PlayerId,
        amount: i32,
        gained: bool,
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let now = if gained {
            self.players[player].life + amount
        } else {
            self.players[player].life - amount
        };
        Ok(vec![self.apply(event(
            Happened::Life {
                player,
                amount,
                gained,
                now,
            },
            vec![Target::Player(player)],
            &[cite::R119_3],
        ))])
    }

    /// Life `equal to` a value of 0 or less: nothing is gained or lost (107.1b for a
    /// negative value; 119.9: gaining 0 life is no life gain event).
    fn no_life(&mut self, player: PlayerId, gained: bool, value: i32) -> Event {
        let mut rules = Vec::new();
        if value < 0 {
            rules.push(cite::R107_1B);
        }
        if gained {
            rules.push(cite::R119_9);
        }
        self.apply(event(
            Happened::NoLife {
                player,
                gained,
                value,
            },
            vec![Target::Player(player)],
            &rules,
        ))
    }

    /// 702.15b, 120.3f: damage dealt by a source with lifelink, noncombat damage too,
    /// gains the source's controller that much life (a static ability from 2009-07-11).
    /// Noncombat damage dealt to a player by `source` (120.2b): they lose that much life
    /// (120.3a); lifelink is the caller's (`deal_at_once`).
    pub(super) fn damage_player_only(
        &mut self,
        player: PlayerId,
        amount: i32,
        source: CardId,
    ) -> Vec<Event> {
        let (_, last_known) = self.damage_source(source);
        let mut numbers = vec![cite::R120_3A];
        if last_known {
            numbers.push(cite::R608_2H);
        }
        let (amount, mut events) =
            self.modified(Some(source), amount, Target::Player(player), false);
        if amount <= 0 {
            return events;
        }
        numbers.extend(events.iter().flat_map(|e| e.cites.iter().copied()));
        let now = self.players[player].life - amount;
        events.push(self.apply(event(
            Happened::DamageToPlayer {
                source,
                player,
                amount,
                now,
            },
            vec![Target::Player(player), Target::Card(source)],
            &numbers,
        )));
        events
    }

    /// 702.15b: damage dealt by a source with lifelink (from 2009-07-11) makes its
    /// controller gain that much life, one life gain for all it dealt at once (119.9).
    pub(super) fn lifelink(&mut self, source: Option<CardId>, amount: i32) -> Option<Event> {
        let s = source.filter(|_| amount > 0 && self.rules.has(Difference::LifelinkStatic))?;
        let (v, last_known) = self.damage_source(s);
        if !v.chars.has(&Ability::Lifelink) {
            return None;
        }
        let numbers: &[Cite] = if last_known {
            &[cite::R702_15B, cite::R120_3F, cite::R702_15C, cite::R608_2H]
        } else {
            &[cite::R702_15B, cite::R120_3F]
        };
        let who = v.controller;
        let now = self.players[who].life + amount;
        Some(self.apply(event(
            Happened::Life {
                player: who,
                amount,
                gained: true,
                now,
            },
            vec![Target::Player(who), Target::Card(s)],
            numbers,
        )))
    }
}

/// The damage `events` dealt (to permanents and players).
pub(super) fn dealt(events: &[Event]) -> i32 {
    events
        .iter()
        .map(|e| match e.what {
            Happened::Damage { amount, .. } | Happened::DamageToPlayer { amount, .. } => amount,
            _ => 0,
        })
        .sum()
}
