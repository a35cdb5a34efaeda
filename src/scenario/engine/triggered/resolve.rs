//! A triggered ability resolving (608.2): its intervening `if` checked again (603.4,
//! 608.2a), its targets checked again (608.2b), then its effects in the order written
//! (608.2c), each an event of its own that is observed for triggers; information is read
//! as each effect happens (608.2h), from the source's last known information if it left
//! (113.7a); an effect on an object that isn't where the ability expects it does nothing.

use super::super::prelude::*;
use super::place::name_of;
use super::*;

/// An object as an effect reads it: its characteristics, its counters (+1/+1, -1/-1,
/// loyalty, defense) and whether that is last known information.
type Read = (View, Counters, bool);

/// Where `this` and `it` are expected during one resolution: (card, object).
struct Expected {
    this: (CardId, u32),
    it: Option<(CardId, u32)>,
}

impl Game {
    /// Resolves the triggered ability on top of the stack.
    pub(in crate::scenario::engine) fn resolve_trigger(&mut self) -> Vec<Event> {
        let Some(item) = self.stack.pop() else {
            return Vec::new();
        };
        let StackKind::Trigger(inst) = item.kind else {
            self.stack.push(item);
            return Vec::new();
        };
        let inst = *inst;
        // 603.4, 608.2a: the intervening `if` again.
        if !self.condition_holds(&inst, None) {
            let rule = if self.rules.has(Difference::TriggeredAbilitiesIn603) {
                cite::R608_2A
            } else {
                cite::R410_8_INTERVENING_IF
            };
            let mut e = self.trigger_removed(&inst, cite::R603_4);
            e.cites.push(rule);
            dedup(&mut e.cites);
            return vec![e];
        }
        // 608.2b: every target illegal.
        if !inst.targets.is_empty()
            && inst.targets.iter().enumerate().all(|(i, (t, obj))| {
                let kind = inst.ability.targets[i].kind;
                !self.legal_target(&inst, kind, *t) || self.object_of(*t) != *obj
            })
        {
            return vec![self.trigger_removed(&inst, cite::R608_2B)];
        }
        let aura_in_graveyard = self.aura_card_in_graveyard(&inst);
        let mut expected = Expected {
            this: (inst.source, aura_in_graveyard.unwrap_or(inst.source_object)),
            it: inst.object.as_ref().map(|o| (o.card, o.object)),
        };
        let mut events = Vec::new();
        let mut read_last_known = false;
        let mut cites_read = false;
        for effect in inst.ability.effects.clone() {
            // 104.1: an effect that ended the game ends the resolution too.
            if self.game_over().is_some() {
                break;
            }
            self.begin_replaceable();
            let before = self.snapshot();
            let done = self.trigger_effect(
                &inst,
                &effect,
                &expected,
                &mut read_last_known,
                &mut cites_read,
            );
            // 608.2c: once an effect moved `this` or `it`, later effects mean what it became.
            for slot in [Some(&mut expected.this), expected.it.as_mut()]
                .into_iter()
                .flatten()
            {
                let (card, object) = *slot;
                let moved = done.iter().any(|e| {
                    matches!(e.what, Happened::ZoneChange { card: c, old, .. } if c == card && old == object)
                });
                if moved {
                    slot.1 = self.cards[card].object;
                }
            }
            self.observe(&before, &done);
            events.extend(done);
        }
        self.trigger_records.push(TriggerRecord {
            source: inst.source,
            index: inst.index,
            instance: inst.instance(),
            controller: inst.controller,
            fate: TriggerFate::Resolved,
        });
        let mut cites = vec![cite::R608_2, cite::R608_2C];
        if cites_read {
            cites.push(cite::R608_2H);
        }
        if !self.source_unchanged(&inst) {
            cites.push(cite::R113_7A);
        }
        if aura_in_graveyard.is_some() {
            cites.extend([cite::R603_6E, cite::R400_7F]);
        }
        let mut subjects = vec![Target::Card(inst.source), Target::Player(inst.controller)];
        subjects.extend(inst.instance());
        let mut out = vec![Event {
            what: Happened::TriggerResolves {
                ability: name_of(&inst),
                last_known: read_last_known,
            },
            cites,
            subjects,
            state_based: false,
        }];
        out.extend(events);
        out
    }

    /// One effect of `inst`, as the Actions statement would do it.
    fn trigger_effect(
        &mut self,
        inst: &Instance,
        effect: &TriggerEffect,
        expected: &Expected,
        last_known: &mut bool,
        read: &mut bool,
    ) -> Vec<Event> {
        let ok = |r: Result<Vec<Event>, Vec<Reason>>| r.unwrap_or_default();
        match effect {
            TriggerEffect::Life {
                who,
                gained,
                amount,
            } => {
                let n = self.amount(inst, *amount, expected, last_known, read);
                let mut out = Vec::new();
                if n <= 0 {
                    return out;
                }
                for p in self.players_of(inst, *who) {
                    out.extend(ok(self.effect(Effect::Life {
                        player: p,
                        amount: Amount::Fixed(n),
                        gained: *gained,
                    })));
                }
                out
            }
            TriggerEffect::Counters {
                on,
                kind,
                amount,
                put,
            } => match self.object(inst, *on, expected, Zone::Battlefield) {
                Some(card) => ok(self.effect(Effect::Counters {
                    card,
                    kind: *kind,
                    amount: *amount,
                    put: *put,
                })),
                None => Vec::new(),
            },
            TriggerEffect::Shield { on, kind } => {
                match self.object(inst, *on, expected, Zone::Battlefield) {
                    Some(c) => self.trigger_shield(inst, c, *kind),
                    None => Vec::new(),
                }
            }
            TriggerEffect::Destroy(o) => match self.object(inst, *o, expected, Zone::Battlefield) {
                Some(c) => ok(self.effect(Effect::Destroy(c))),
                None => Vec::new(),
            },
            TriggerEffect::Exile(o) => match self.object(inst, *o, expected, Zone::Nowhere) {
                Some(c) => ok(self.effect(Effect::Exile(c))),
                None => Vec::new(),
            },
            TriggerEffect::ReturnToHand(o) => {
                match self.object(inst, *o, expected, Zone::Nowhere) {
                    Some(c) => ok(self.effect(Effect::ReturnToHand(c))),
                    None => Vec::new(),
                }
            }
            TriggerEffect::ReturnToBattlefield {
                what,
                under_you,
                counters,
            } => match self.object(inst, *what, expected, Zone::Nowhere) {
                Some(c) if !self.on_battlefield(c) => {
                    let onto = Onto {
                        under: under_you.then_some(inst.controller),
                        counters: *counters,
                        ..Onto::default()
                    };
                    ok(self.put_onto_battlefield(c, onto, None))
                }
                _ => Vec::new(),
            },
            TriggerEffect::Damage { source, amount, to } => {
                let n = self.amount(inst, *amount, expected, last_known, read);
                let s = self.source_card(inst, *source, expected);
                self.damage_from_trigger(inst, s, n, to, expected)
            }
            TriggerEffect::Sacrifice { who, what } => {
                let Some(&player) = self.players_of(inst, *who).first() else {
                    return Vec::new();
                };
                // 701.21a: only permanents that player controls; the rest do nothing.
                let mut cards: Vec<CardId> = Vec::new();
                for r in what {
                    if let Some(c) = self.object(inst, *r, expected, Zone::Battlefield) {
                        if self.cant_sacrifice(player, c).is_none() && !cards.contains(&c) {
                            cards.push(c);
                        }
                    }
                }
                let mut out = Vec::new();
                for card in cards {
                    out.extend(ok(self.effect(Effect::Sacrifice { player, card })));
                }
                out
            }
            TriggerEffect::CounterTrigger(name) => self.counter_trigger(*name),
            TriggerEffect::CounterSpell(c) => self.counter(*c),
            TriggerEffect::Win(who) => match self.players_of(inst, *who).first() {
                Some(p) => ok(self.effect(Effect::Win(*p))),
                None => Vec::new(),
            },
            TriggerEffect::Gets {
                what,
                pt,
                until_end_of_turn,
            } => match self.object(inst, *what, expected, Zone::Battlefield) {
                Some(card) => ok(self.effect(Effect::Modify {
                    card,
                    change: Change::Gets(*pt),
                    until_end_of_turn: *until_end_of_turn,
                })),
                None => Vec::new(),
            },
            TriggerEffect::Modify {
                what,
                change,
                until_end_of_turn,
            } => match self.object(inst, *what, expected, Zone::Battlefield) {
                Some(card) => self.modify_any(card, change.clone(), *until_end_of_turn),
                None => Vec::new(),
            },
            TriggerEffect::AffectAll {
                effect,
                until_end_of_turn,
            } => self.affect_all(Some(inst.source), effect, *until_end_of_turn),
            TriggerEffect::GainControl {
                who,
                what,
                until_end_of_turn,
            } => {
                let Some(card) = self.object(inst, *what, expected, Zone::Battlefield) else {
                    return Vec::new();
                };
                let mut out = Vec::new();
                for p in self.players_of(inst, *who) {
                    out.extend(self.modify_any(card, Change::Control(p), *until_end_of_turn));
                }
                out
            }
            TriggerEffect::DestroyEach { subjects, exile } => {
                self.destroy_each(Some(inst.source), subjects, *exile)
            }
        }
    }

    /// 603.6e, 400.7f: an Aura's ability that triggered on the enchanted permanent leaving
    /// the battlefield finds the new object the Aura card became in its owner's graveyard,
    /// if it went there straight from the battlefield (with the permanent, or as a
    /// state-based action after it): that object.
    fn aura_card_in_graveyard(&self, inst: &Instance) -> Option<u32> {
        if !matches!(
            inst.ability.event,
            TriggerEvent::AttachedLeaves {
                equipped: false,
                ..
            }
        ) || !inst.source_view.chars.has_subtype("aura")
        {
            return None;
        }
        let card = self.cards.get(inst.source)?;
        let straight = card.came_from == Some((Zone::Battlefield, inst.source_object));
        (straight && card.zone == Zone::Graveyard(card.owner)).then_some(card.object)
    }

    /// The object `r` names, if it is where the ability expects it (603.6c, 400.7): the
    /// same object for `this` and for `it` of an ability that doesn't look for a moved
    /// object, the object in the (public) zone it moved to for `it` of a zone change;
    /// `zone` is `Battlefield` for effects that act only on permanents.
    fn object(
        &self,
        inst: &Instance,
        r: ObjectRef,
        expected: &Expected,
        zone: Zone,
    ) -> Option<CardId> {
        let (card, object) = match r {
            ObjectRef::Label(c) => return Some(c),
            ObjectRef::Target(i) => match inst.targets.get(i) {
                Some((Target::Card(c), obj)) => (*c, *obj),
                _ => return None,
            },
            ObjectRef::This => expected.this,
            ObjectRef::It => expected.it.unwrap_or(expected.this),
            ObjectRef::Recipient => match inst.recipient {
                Some((Target::Card(c), obj)) => (c, obj),
                _ => return None,
            },
        };
        let c = self.cards.get(card)?;
        let public = matches!(
            c.zone,
            Zone::Battlefield | Zone::Graveyard(_) | Zone::Exile | Zone::Stack | Zone::Command
        );
        let fits = zone != Zone::Battlefield || c.zone == Zone::Battlefield;
        (c.object == object && public && fits).then_some(card)
    }

    /// The card that deals the damage of `M deals N damage to X`: the object `r` names,
    /// even if it has left (113.7a: "The source can still perform the action even though it
    /// no longer exists"), dealing it as it last existed (608.2h).
    fn source_card(&self, inst: &Instance, r: ObjectRef, expected: &Expected) -> Option<CardId> {
        match r {
            ObjectRef::This => Some(expected.this.0),
            ObjectRef::It => Some(expected.it.map_or(expected.this.0, |i| i.0)),
            ObjectRef::Label(c) => Some(c),
            ObjectRef::Target(i) => match inst.targets.get(i) {
                Some((Target::Card(c), _)) => Some(*c),
                _ => None,
            },
            ObjectRef::Recipient => match inst.recipient {
                Some((Target::Card(c), _)) => Some(c),
                _ => None,
            },
        }
    }

    /// `M deals N damage to X`: one event of damage (120.2b), to a permanent still where the
    /// ability expects it or to players still in the game.
    fn damage_from_trigger(
        &mut self,
        inst: &Instance,
        source: Option<CardId>,
        n: i32,
        to: &DamageRecipient,
        expected: &Expected,
    ) -> Vec<Event> {
        let Some(s) = source.filter(|_| n > 0) else {
            return Vec::new();
        };
        let mut cards = Vec::new();
        let mut players = Vec::new();
        match to {
            DamageRecipient::Object(r) => {
                cards.extend(self.object(inst, *r, expected, Zone::Battlefield))
            }
            DamageRecipient::Player(r) => players.extend(self.players_of(inst, *r)),
            DamageRecipient::Set(subject) => {
                let mut set =
                    self.with_board(|board| self.described(subject, Some(inst.source), board));
                set.sort_unstable();
                cards.extend(set);
            }
            DamageRecipient::Target(i) => match inst.targets.get(*i) {
                Some((Target::Card(c), obj))
                    if self.object_of(Target::Card(*c)) == *obj && self.on_battlefield(*c) =>
                {
                    cards.push(*c)
                }
                Some((Target::Player(p), _)) if !self.has_lost(*p) => players.push(*p),
                _ => {}
            },
        }
        self.deal_at_once(s, n, &cards, &players)
    }

    /// The players `r` names.
    fn players_of(&self, inst: &Instance, r: PlayerRef) -> Vec<PlayerId> {
        let n = self.players.len();
        let in_game = |p: &PlayerId| !self.has_lost(*p) || n < 3;
        let it_view = || match &inst.object {
            Some(o) if inst.ability.event.has_object() => Some(o.view.clone()),
            _ => None,
        };
        let out = match r {
            PlayerRef::You => vec![inst.controller],
            PlayerRef::Named(p) => vec![p],
            PlayerRef::ThatPlayer => inst.player.into_iter().collect(),
            PlayerRef::ItsController => match it_view() {
                Some(v) => vec![v.controller],
                None => vec![self.source_view(inst).controller],
            },
            PlayerRef::ItsOwner => {
                let card = inst.object.as_ref().map_or(inst.source, |o| o.card);
                vec![self.owner(card)]
            }
            PlayerRef::Target(i) => match inst.targets.get(i) {
                Some((Target::Player(p), _)) => vec![*p],
                _ => Vec::new(),
            },
            PlayerRef::EachOpponent => self
                .turn_order_from(self.active)
                .skip(1)
                .chain(std::iter::once(self.active))
                .filter(|p| *p != inst.controller)
                .collect(),
            PlayerRef::EachPlayer => self.turn_order_from(self.active).collect(),
        };
        out.into_iter().filter(in_game).collect()
    }

    /// A number read as the effect happens (608.2h): from the object's current
    /// characteristics while it is where it was expected, else its last known information.
    fn amount(
        &self,
        inst: &Instance,
        a: Amount,
        expected: &Expected,
        last_known: &mut bool,
        read: &mut bool,
    ) -> i32 {
        let (r, what) = match a {
            Amount::Fixed(n) => return n,
            Amount::ThatMuch => return inst.amount,
            Amount::Power(r) => (r, 0),
            Amount::Toughness(r) => (r, 1),
            Amount::ManaValue(r) => (r, 2),
            Amount::Counters(k, r) => (r, 3 + k as usize),
        };
        *read = true;
        let (view, counters) = match self.read_object(inst, r, expected) {
            Some((v, c, lki)) => {
                *last_known |= lki;
                (v, c)
            }
            None => return 0,
        };
        let pt = view.chars.power_toughness;
        match what {
            0 => pt.map_or(0, |p| p.power),
            1 => pt.map_or(0, |p| p.toughness),
            2 => view.chars.mana_value,
            k => {
                let [plus, minus, loyalty, defense] = CounterKind::ALL.map(|k| counters.get(k));
                [plus, minus, loyalty, defense][(k - 3).min(3)]
            }
        }
    }

    /// What `r` looks like now, with its counters and whether that is last known
    /// information.
    fn read_object(&self, inst: &Instance, r: ObjectRef, expected: &Expected) -> Option<Read> {
        let current = |c: CardId| (self.view(c), self.counters(c), false);
        match r {
            ObjectRef::Label(c) => Some(current(c)),
            ObjectRef::Target(i) => match inst.targets.get(i) {
                Some((Target::Card(c), _)) => Some(current(*c)),
                _ => None,
            },
            ObjectRef::This => Some(self.this_view(inst, expected)),
            // The creature dealt damage: current while it is the same object on the
            // battlefield, else its last known information.
            ObjectRef::Recipient => match inst.recipient {
                Some((Target::Card(c), obj)) => {
                    if self.cards[c].object == obj && self.on_battlefield(c) {
                        Some(current(c))
                    } else {
                        let v = self.cards[c].last_known.clone()?;
                        Some((v, Counters::default(), true))
                    }
                }
                _ => None,
            },
            ObjectRef::It => match &inst.object {
                Some(o) if !inst.ability.event.has_object() || o.zone != Zone::Battlefield => {
                    // It left: always its last known information (603.10, 608.2h).
                    if inst.ability.event.has_object() {
                        Some((o.view.clone(), o.counters, true))
                    } else {
                        Some(self.this_view(inst, expected))
                    }
                }
                Some(o) => {
                    if self.cards[o.card].object == expected.it.map_or(o.object, |e| e.1)
                        && self.on_battlefield(o.card)
                    {
                        Some(current(o.card))
                    } else {
                        let v = self.cards[o.card]
                            .last_known
                            .clone()
                            .unwrap_or_else(|| o.view.clone());
                        Some((v, o.counters, true))
                    }
                }
                None => Some(self.this_view(inst, expected)),
            },
        }
    }

    fn this_view(&self, inst: &Instance, expected: &Expected) -> Read {
        let (card, object) = expected.this;
        if self.cards[card].object == object && self.on_battlefield(card) {
            return (self.view(card), self.counters(card), false);
        }
        // Its last known information: as it was when it left (the snapshot of the event
        // it left in, for an ability that looked back).
        let counters = if inst.source_left {
            inst.object
                .as_ref()
                .filter(|o| o.card == inst.source)
                .map_or(Counters::default(), |o| o.counters)
        } else {
            Counters::default()
        };
        (self.source_view(inst), counters, true)
    }
}
