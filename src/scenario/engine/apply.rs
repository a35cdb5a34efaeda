//! Applying what happens (400.7, 701.3): the rules chapters decide what happens and say
//! it as a typed [`Event`]; [`Game::apply`] makes it so. Moving an object to a zone as a
//! new object, attaching, damage, counters, life, continuous effects, the turn's steps
//! and state-based actions all change the state here, so this is the seam where
//! replacement effects will apply. Casting and activating push onto the stack, resolving
//! pops it, priority passes, and a player leaves the game (800.4a) here too: the other
//! chapters only read the state and say what happens. [`Game::apply`] stays the one
//! entry point; it hands each group of events to a helper: the stack's in [`stack`], an
//! object's in [`objects`], a player's in [`players`], the turn's in [`turn`], and the
//! combat phase's in [`combat`].

mod combat;
mod objects;
mod players;
mod stack;
mod turn;

use super::prelude::*;

impl Game {
    // ----- moving objects (400.7) -----------------------------------------------------

    /// An Aura spell that can't enchant anything as it resolves goes to its owner's
    /// graveyard (303.4g, 303.4i); an Aura in any other zone stays where it is.
    pub(super) fn aura_spell_to_graveyard(
        &mut self,
        c: CardId,
        zone: Zone,
        rule: Cite,
    ) -> Vec<Event> {
        if zone != Zone::Stack {
            return Vec::new();
        }
        let owner = self.owner(c);
        self.move_card(c, Zone::Graveyard(owner), None, &[rule], Cause::Unstated)
    }

    /// Moves a card to a zone as a new object. What was attached to it becomes
    /// unattached; effects on the old object no longer apply. Returns the events.
    pub(super) fn move_card(
        &mut self,
        c: CardId,
        to: Zone,
        controller: Option<PlayerId>,
        numbers: &[Cite],
        cause: Cause,
    ) -> Vec<Event> {
        self.move_card_entering(c, to, controller, numbers, cause, None)
    }

    /// [`move_card`](Game::move_card), a permanent entering with the counters the effect
    /// that moves it says (`with N C counters on it`): they are put on it as it enters
    /// (122.6), as its entering counter event.
    pub(super) fn move_card_entering(
        &mut self,
        c: CardId,
        to: Zone,
        controller: Option<PlayerId>,
        numbers: &[Cite],
        cause: Cause,
        enters_with: Option<(CounterKind, i32)>,
    ) -> Vec<Event> {
        let mut events = Vec::new();
        let Some((from, old_object)) = self.cards.get(c).map(|card| (card.zone, card.object))
        else {
            return events;
        };
        // 614: where it goes instead of a graveyard.
        let (to, replaced) = match to {
            Zone::Graveyard(_) => self.modify_graveyard(c, from, to),
            _ => (to, None),
        };
        let last_known = if from == Zone::Battlefield {
            // 310.4b (before 2009-07-11): a source of combat damage on the stack.
            self.remember_combat_source(c);
            // 608.2h: what it was, for an effect that makes it deal damage later.
            Some(self.view(c))
        } else {
            self.cards[c].last_known.take()
        };
        let ts = self.ts();
        let object = self.next_object;
        self.next_object += 1;
        if from == Zone::Stack {
            self.stack
                .retain(|s| !matches!(s.kind, StackKind::Spell(x) if x == c));
        }
        let owner = self.cards[c].owner;
        let enters_with = enters_with.filter(|_| to == Zone::Battlefield);
        {
            let card = &mut self.cards[c];
            card.zone = to;
            card.object = object;
            card.timestamp = ts;
            card.entered = ts;
            card.controller = controller.unwrap_or(owner);
            card.tapped = false;
            card.damage = 0;
            card.attached_to = None;
            card.entered_this_turn = to == Zone::Battlefield;
            // 400.7: a new object, with no counters but those it enters with (306.5b,
            // 310.4b).
            let entering = |n: Option<i32>| match to {
                Zone::Battlefield => n.unwrap_or(0),
                _ => 0,
            };
            card.counters = Counters::default()
                .with(CounterKind::Loyalty, entering(card.printed.loyalty))
                .with(CounterKind::Defense, entering(card.printed.defense));
            if let Some((kind, n)) = enters_with {
                let now = card.counters.get(kind);
                card.counters = card.counters.with(kind, now + n);
            }
            card.protector = None;
            card.dealt_deathtouch = false;
            card.dealt_damage = false;
            card.last_known = last_known;
            card.came_from = Some((from, old_object));
        }
        self.effects.end_on(c, old_object);
        let mut ev = event(
            Happened::ZoneChange {
                card: c,
                from,
                to,
                old: old_object,
                new: object,
                cause,
            },
            vec![Target::Card(c)],
            numbers,
        );
        ev.cites.push(cite::R400_7);
        // The move is the modified event: it cites what modified it (614.1a, 614.6).
        if let Some(r) = &replaced {
            ev.cites.extend(r.cites.iter().copied());
            dedup(&mut ev.cites);
        }
        events.push(ev);
        // 122.6: the counters the effect that put it there says it enters with (applied
        // above, as it entered; replacement effects may change them below).
        if let Some((kind, amount)) = enters_with {
            let rules = super::replace::era::counters_put(self.rules.date);
            events.push(event(
                Happened::Counters {
                    card: c,
                    kind,
                    amount,
                    put: true,
                },
                vec![Target::Card(c)],
                &rules,
            ));
        }
        events.extend(replaced);
        // What was attached to the old object is now attached to an object that no
        // longer exists; state-based actions deal with it (301.5c, 303.4c, 704.5m–p).
        if to == Zone::Battlefield
            && self.rules.has(Difference::Battles)
            && self.cards[c]
                .printed
                .type_line
                .types
                .contains(&CardType::Battle)
        {
            // 310.8a, 310.11a: its controller chooses a protector; a Siege's is an opponent.
            let ctl = self.cards[c].controller;
            let siege = self.cards[c].printed.has_subtype("siege");
            let protector = if siege {
                self.next_opponent(ctl)
            } else {
                Some(ctl)
            };
            self.cards[c].protector = protector;
        }
        if to == Zone::Battlefield {
            // 614.1c, 614.1d, 614.12: how it enters.
            events.extend(self.modify_entering(c));
        }
        events
    }

    pub(super) fn next_opponent(&self, p: PlayerId) -> Option<PlayerId> {
        self.turn_order_from(p)
            .skip(1)
            .find(|&q| !self.players[q].lost)
    }

    pub(super) fn attach(
        &mut self,
        att: CardId,
        to: Target,
        numbers: &[Cite],
        chosen: Chosen,
    ) -> Event {
        let obj = match to {
            Target::Card(t) => self.cards[t].object,
            Target::Player(_) => 0,
        };
        let ts = self.ts();
        if let Some(card) = self.cards.get_mut(att) {
            card.attached_to = Some((to, obj));
            // 613.7e: a new timestamp each time it becomes attached.
            card.timestamp = ts;
        }
        let mut subjects = vec![Target::Card(att), to];
        subjects.dedup();
        event(
            Happened::Attached {
                card: att,
                to,
                chosen,
            },
            subjects,
            numbers,
        )
    }

    /// Attaches if the rules allow; else the attachment doesn't move (701.3b, 301.5c,
    /// 303.4j).
    pub(super) fn try_attach(&mut self, att: CardId, to: Target, numbers: &[Cite]) -> Vec<Event> {
        if self.attached_to(att) == Some(to) {
            return vec![event(
                Happened::AlreadyAttached { card: att, to },
                vec![Target::Card(att), to],
                &[cite::R701_3B],
            )];
        }
        let problems = self.attachment_problems(att, to);
        if problems.is_empty() {
            return vec![self.attach(att, to, numbers, Chosen::AsStated)];
        }
        // 701.3b says it doesn't move from 2010-07-16; before, only the kind's own rules.
        let mut cs = if self.rules.has(Difference::AttachingWhereItCantDoesntMove) {
            cites(&[cite::R701_3B])
        } else {
            Vec::new()
        };
        let v = self.view(att);
        if v.chars.has_subtype("aura") {
            cs.push(cite::R303_4J);
        } else if v.chars.has_subtype("equipment") {
            cs.push(cite::R301_5B);
        } else if v.chars.has_subtype("fortification") {
            cs.extend(cites(&[cite::R301_6, cite::R301_5B]));
        }
        for r in &problems {
            cs.extend(r.cites.iter().copied().filter(|c| *c != cite::R704_5P));
        }
        dedup(&mut cs);
        vec![Event {
            what: Happened::DoesntMove {
                card: att,
                problems,
            },
            cites: cs,
            subjects: vec![Target::Card(att), to],
            state_based: false,
        }]
    }
}

impl Game {
    /// Makes `e` happen: the state changes it describes, and nothing else. Returns it
    /// (completed with what only happening tells, such as who controls an object once a
    /// control effect ends).
    pub(super) fn apply(&mut self, mut e: Event) -> Event {
        if let Happened::ControlEffectEnds { card, from, now } = &mut e.what {
            // 800.4a: the effects that gave the player who left control end.
            let (c, left) = (*card, *from);
            self.effects
                .retain(|x| !(x.card == c && matches!(x.change, Change::Control(q) if q == left)));
            *now = self.controller(c);
            e.subjects.push(Target::Player(*now));
            return e;
        }
        match &e.what {
            Happened::Cast { .. }
            | Happened::Activated { .. }
            | Happened::Resolves(_)
            | Happened::DoesntResolve { .. }
            | Happened::SourceGone { .. }
            | Happened::LeavesGame { .. } => self.apply_to_stack(&e.what),
            Happened::Damage { .. }
            | Happened::Counters { .. }
            | Happened::ContinuousEffect { .. }
            | Happened::Reconfigured { .. }
            | Happened::Regenerated { .. } => self.apply_to_object(&e.what),
            Happened::DamageToPlayer { .. }
            | Happened::Wins { .. }
            | Happened::Life { .. }
            | Happened::PlayedLand { .. } => self.apply_to_player(&e.what),
            Happened::StepBegins { .. }
            | Happened::TurnBegins { .. }
            | Happened::Cleanup { .. } => self.apply_to_turn(&e.what),
            Happened::Combat(c) => self.apply_combat(c),
            _ => {}
        }
        e
    }

    /// Performs a state-based action's event (704.3): the player loses, the object moves
    /// or ceases to exist, is unattached, loses counters, gets a protector. Returns the
    /// event, completed (a new object's id), and what followed from it.
    pub(super) fn apply_state_based(&mut self, mut e: Event) -> Vec<Event> {
        let Happened::StateBased { outcome, .. } = &mut e.what else {
            return vec![e];
        };
        let mut after = Vec::new();
        match outcome {
            Outcome::Loses(p) => {
                let p = *p;
                self.players[p].lost = true;
                if self.players.len() >= 3 {
                    // 800.4a: abilities they controlled on the stack cease to exist, and
                    // priority passes on.
                    self.stack.retain(|s| {
                        !(matches!(s.kind, StackKind::Ability { .. }) && s.controller == p)
                    });
                    if self.priority == p {
                        if let Some(next) = self.next_opponent(p) {
                            self.priority = next;
                        }
                    }
                }
                after = self.leave_game(p);
            }
            Outcome::CeasesToExist { card, .. } => {
                let card = &mut self.cards[*card];
                card.zone = Zone::Nowhere;
                card.attached_to = None;
            }
            Outcome::ToGraveyard { card, new, .. } => {
                let owner = self.owner(*card);
                let moved =
                    self.move_card(*card, Zone::Graveyard(owner), None, &[], Cause::Unstated);
                *new = self.cards[*card].object;
                after.extend(moved.into_iter().skip(1));
            }
            Outcome::Unattached { card, .. } => self.cards[*card].attached_to = None,
            Outcome::CountersRemoved { card, n } => {
                let card = &mut self.cards[*card];
                *card.counters.get_mut(CounterKind::PlusOne) -= *n;
                *card.counters.get_mut(CounterKind::MinusOne) -= *n;
            }
            Outcome::Protector { card, player } => self.cards[*card].protector = *player,
        }
        let mut events = vec![e];
        events.extend(after);
        events
    }
}

impl Game {
    // ----- bookkeeping that no event reports --------------------------------------------

    /// A new timestamp (613.7).
    pub(super) fn ts(&mut self) -> i64 {
        self.clock += 1;
        self.clock
    }

    /// `in response,`: the players before `p` passed priority in turn until it reached
    /// them (117.3d); or, an action refused, priority back where it was.
    pub(super) fn passes_priority_to(&mut self, p: PlayerId) {
        self.priority = p;
    }

    /// State-based actions were checked: 704.5h looks at deathtouch damage dealt since
    /// the last check only.
    pub(super) fn state_based_actions_checked(&mut self) {
        for card in &mut self.cards {
            card.dealt_deathtouch = false;
            card.dealt_damage = false;
        }
    }
}

impl super::state::Card {
    fn counters_mut(&mut self, kind: CounterKind) -> &mut i32 {
        self.counters.get_mut(kind)
    }

    /// Puts (`put`) or removes `amount` counters of `kind` (122.1).
    pub(super) fn change_counters(&mut self, kind: CounterKind, amount: i32, put: bool) {
        *self.counters_mut(kind) += if put { amount } else { -amount };
    }
}
