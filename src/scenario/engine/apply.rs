//! Applying what happens (400.7, 701.3): moving an object to a zone as a new object and
//! attaching one object to another. Every change of zone or attachment goes through
//! here, so this is the seam where replacement effects will apply.

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
        self.move_card(c, Zone::Graveyard(owner), None, &[rule], "")
    }

    /// Moves a card to a zone as a new object. What was attached to it becomes
    /// unattached; effects on the old object no longer apply. Returns the events.
    pub(super) fn move_card(
        &mut self,
        c: CardId,
        to: Zone,
        controller: Option<PlayerId>,
        numbers: &[Cite],
        why: &str,
    ) -> Vec<Event> {
        let mut events = Vec::new();
        let Some((from, old_object)) = self.cards.get(c).map(|card| (card.zone, card.object))
        else {
            return events;
        };
        let ts = self.ts();
        let object = self.next_object;
        self.next_object += 1;
        if from == Zone::Stack {
            self.stack
                .retain(|s| !matches!(s.kind, StackKind::Spell(x) if x == c));
        }
        let owner = self.cards[c].owner;
        {
            let card = &mut self.cards[c];
            card.zone = to;
            card.object = object;
            card.timestamp = ts;
            card.entered = ts;
            card.controller = controller.unwrap_or(owner);
            card.tapped = false;
            card.damage = 0;
            card.plus = 0;
            card.minus = 0;
            card.attached_to = None;
            card.entered_this_turn = to == Zone::Battlefield;
            card.loyalty = if to == Zone::Battlefield {
                card.printed.loyalty.unwrap_or(0)
            } else {
                0
            };
            card.defense = if to == Zone::Battlefield {
                card.printed.defense.unwrap_or(0)
            } else {
                0
            };
            card.protector = None;
            card.dealt_deathtouch = false;
        }
        self.effects.end_on(c, old_object);
        let text = format!(
            "{} moves from {} to {}{}",
            self.label(c),
            self.zone_name(from),
            self.zone_name(to),
            if why.is_empty() {
                String::new()
            } else {
                format!(": {why}")
            }
        );
        let mut ev = event(EventKind::Moved, vec![Target::Card(c)], numbers, text);
        ev.cites.push(cite::R400_7);
        events.push(ev);
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
        events
    }

    pub(super) fn next_opponent(&self, p: PlayerId) -> Option<PlayerId> {
        let n = self.players.len();
        (1..n).map(|k| (p + k) % n).find(|&q| !self.players[q].lost)
    }

    pub(super) fn attach(&mut self, att: CardId, to: Target, numbers: &[Cite], why: &str) -> Event {
        let obj = match to {
            Target::Card(t) => self.cards.get(t).map(|c| c.object).unwrap_or(0),
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
            EventKind::Attached,
            subjects,
            numbers,
            format!(
                "{} becomes attached to {}{}",
                self.label(att),
                self.target_name(to),
                if why.is_empty() {
                    String::new()
                } else {
                    format!(" ({why})")
                }
            ),
        )
    }

    /// Attaches if the rules allow; else the attachment doesn't move (701.3b, 301.5c,
    /// 303.4j).
    pub(super) fn try_attach(&mut self, att: CardId, to: Target, numbers: &[Cite]) -> Vec<Event> {
        if self.attached_to(att) == Some(to) {
            return vec![event(
                EventKind::Note,
                vec![Target::Card(att), to],
                &[cite::R701_3B],
                format!(
                    "{} is already attached to {}; nothing happens",
                    self.label(att),
                    self.target_name(to)
                ),
            )];
        }
        let problems = self.attachment_problems(att, to);
        if problems.is_empty() {
            return vec![self.attach(att, to, numbers, "")];
        }
        let mut cs = cites(&[cite::R701_3B]);
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
            kind: EventKind::Note,
            text: format!(
                "{} doesn't move: {}",
                self.label(att),
                super::event::joined(&problems)
            ),
            cites: cs,
            subjects: vec![Target::Card(att), to],
            state_based: false,
        }]
    }
}
