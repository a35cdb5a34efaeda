//! Characteristics (613): an object's printed values with the continuous effects that
//! apply to it, by layer and timestamp. Each effect records its source object, its
//! timestamp, the object it affects and its duration; the layer system fills in here.

use super::prelude::*;

#[derive(Debug, Clone)]
pub(super) struct ContinuousEffect {
    pub(super) timestamp: i64,
    pub(super) card: CardId,
    pub(super) object: u32,
    pub(super) change: Change,
    pub(super) until_end_of_turn: bool,
}

/// Every continuous effect in the game, indexed by the object it affects, so that an
/// object's characteristics cost only its own effects (not every effect of the game).
#[derive(Debug, Clone, Default)]
pub(super) struct Effects {
    on: BTreeMap<CardId, Vec<ContinuousEffect>>,
}

impl Effects {
    /// A new effect; effects are added in timestamp order.
    pub(super) fn add(&mut self, effect: ContinuousEffect) {
        self.on.entry(effect.card).or_default().push(effect);
    }

    /// The effects that apply to the object `object` representing `card`.
    pub(super) fn on_object(
        &self,
        card: CardId,
        object: u32,
    ) -> impl Iterator<Item = &ContinuousEffect> {
        self.on
            .get(&card)
            .into_iter()
            .flatten()
            .filter(move |e| e.object == object)
    }

    /// Effects on an object that no longer exists (it changed zones, 400.7) end.
    pub(super) fn end_on(&mut self, card: CardId, object: u32) {
        if let Some(v) = self.on.get_mut(&card) {
            v.retain(|e| e.object != object);
        }
    }

    /// Keeps only the effects `keep` says.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(&ContinuousEffect) -> bool) {
        for v in self.on.values_mut() {
            v.retain(&mut keep);
        }
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &ContinuousEffect> {
        self.on.values().flatten()
    }
}

impl Game {
    // ----- characteristics (613) ------------------------------------------------------

    /// The object's characteristics with every continuous effect applied: layer 2
    /// (control), 4 (type), 6 (abilities), 7b (P/T setting) and 7c (modifications and
    /// counters), each in timestamp order.
    pub fn view(&self, c: CardId) -> View {
        let Some(card) = self.cards.get(c) else {
            return View {
                chars: Characteristics::default(),
                controller: 0,
            };
        };
        let mut chars = card.printed.clone();
        let mut controller = match card.zone {
            Zone::Battlefield | Zone::Stack => card.controller,
            _ => card.owner,
        };
        let mut effects: Vec<(i64, &Change)> = self
            .effects
            .on_object(c, card.object)
            .map(|e| (e.timestamp, &e.change))
            .collect();
        // 702.151b: an Equipment with reconfigure attached to a creature isn't a creature.
        if self.rules.has(Difference::Reconfigure)
            && card.zone == Zone::Battlefield
            && card.printed.has(&Ability::Reconfigure(None))
            && matches!(card.attached_to, Some((Target::Card(_), _)))
        {
            effects.push((card.timestamp, &Change::StopsBeingCreature));
        }
        // Added in timestamp order already, but for the one above: a stable sort.
        effects.sort_by_key(|(t, _)| *t);
        // Layer 2.
        for (_, ch) in &effects {
            if let Change::Control(p) = ch {
                if card.zone == Zone::Battlefield {
                    controller = *p;
                }
            }
        }
        // Layer 4.
        for (_, ch) in &effects {
            match ch {
                Change::BecomesCreature(_) => {
                    chars.type_line.types.insert(CardType::Creature);
                }
                Change::BecomesTypes(tl, _) => {
                    chars.type_line.types = tl.types.clone();
                    chars.type_line.subtypes = tl.subtypes.clone();
                    for s in &tl.supertypes {
                        chars.type_line.supertypes.insert(*s);
                    }
                }
                Change::StopsBeingCreature => {
                    chars.type_line.types.remove(&CardType::Creature);
                }
                Change::GainsSubtype(s) if !chars.has_subtype(s) => {
                    chars.type_line.subtypes.push(s.clone());
                }
                Change::LosesSubtype(s) => {
                    chars
                        .type_line
                        .subtypes
                        .retain(|x| !x.eq_ignore_ascii_case(s));
                }
                _ => {}
            }
        }
        // Layer 6.
        for (_, ch) in &effects {
            match ch {
                Change::Gains(a) if !chars.has(a) => {
                    chars.abilities.push(a.clone());
                }
                Change::Loses(a) => chars.abilities.retain(|x| !x.same_kind(a)),
                _ => {}
            }
        }
        // Layer 7b.
        for (_, ch) in &effects {
            match ch {
                Change::BecomesCreature(Some(pt)) | Change::BecomesTypes(_, Some(pt)) => {
                    chars.power_toughness = Some(*pt);
                }
                _ => {}
            }
        }
        if chars.is(CardType::Creature) && chars.power_toughness.is_none() {
            chars.power_toughness = Some(PowerToughness {
                power: 0,
                toughness: 0,
            });
        }
        // Layer 7c.
        if let Some(pt) = chars.power_toughness.as_mut() {
            for (_, ch) in &effects {
                if let Change::Gets(d) = ch {
                    pt.power += d.power;
                    pt.toughness += d.toughness;
                }
            }
            pt.power += card.plus - card.minus;
            pt.toughness += card.plus - card.minus;
        }
        View { chars, controller }
    }

    pub fn is_creature(&self, c: CardId) -> bool {
        self.view(c).chars.is(CardType::Creature)
    }

    pub fn controller(&self, c: CardId) -> PlayerId {
        self.view(c).controller
    }

    pub(super) fn describe_change(&self, card: CardId, change: &Change) -> String {
        let l = self.label(card);
        match change {
            Change::BecomesCreature(pt) => format!(
                "{l} becomes a creature{}",
                pt.map(|p| format!(" {p}")).unwrap_or_default()
            ),
            Change::BecomesTypes(t, pt) => format!(
                "{l} becomes a {t}{}",
                pt.map(|p| format!(" {p}")).unwrap_or_default()
            ),
            Change::StopsBeingCreature => format!("{l} stops being a creature"),
            Change::GainsSubtype(s) => format!("{l} gains subtype {s}"),
            Change::LosesSubtype(s) => format!("{l} loses subtype {s}"),
            Change::Gains(a) => format!("{l} gains {a}"),
            Change::Loses(a) => format!("{l} loses {a}"),
            Change::Gets(pt) => format!("{l} gets {:+}/{:+}", pt.power, pt.toughness),
            Change::Control(_) => l.to_string(),
        }
    }
}
