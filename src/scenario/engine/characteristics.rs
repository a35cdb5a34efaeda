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
    /// Per card, a number that changes whenever its effects change (for the view cache).
    revision: BTreeMap<CardId, u64>,
    changes: u64,
}

impl Effects {
    fn changed(&mut self, card: CardId) {
        self.changes += 1;
        self.revision.insert(card, self.changes);
    }

    /// The number that changes whenever the effects on `card` change.
    pub(super) fn revision(&self, card: CardId) -> u64 {
        self.revision.get(&card).copied().unwrap_or(0)
    }

    /// A new effect; effects are added in timestamp order.
    pub(super) fn add(&mut self, effect: ContinuousEffect) {
        self.changed(effect.card);
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
        self.changed(card);
    }

    /// Keeps only the effects `keep` says.
    pub(super) fn retain(&mut self, mut keep: impl FnMut(&ContinuousEffect) -> bool) {
        let mut touched = Vec::new();
        for (card, v) in self.on.iter_mut() {
            let before = v.len();
            v.retain(&mut keep);
            if v.len() != before {
                touched.push(*card);
            }
        }
        for card in touched {
            self.changed(card);
        }
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &ContinuousEffect> {
        self.on.values().flatten()
    }
}

/// Everything an object's characteristics are computed from, besides its printed values
/// and the rules: when it is unchanged, so are the characteristics.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ViewKey {
    object: u32,
    zone: Zone,
    owner: PlayerId,
    controller: PlayerId,
    plus: i32,
    minus: i32,
    attached_to: Option<(Target, u32)>,
    timestamp: i64,
    effects: u64,
}

/// Characteristics computed since their inputs last changed, per card: a state-based
/// action check looks at every object after every action, and an object under many
/// effects would otherwise cost all of them each time.
pub(super) type ViewCache = std::cell::RefCell<BTreeMap<CardId, (ViewKey, View)>>;

impl Game {
    // ----- characteristics (613) ------------------------------------------------------

    /// The object's characteristics with every continuous effect applied (see
    /// [`Game::compute_view`]), from the cache when nothing they depend on changed.
    pub fn view(&self, c: CardId) -> View {
        let Some(card) = self.cards.get(c) else {
            return self.compute_view(c);
        };
        let key = ViewKey {
            object: card.object,
            zone: card.zone,
            owner: card.owner,
            controller: card.controller,
            plus: card.plus,
            minus: card.minus,
            attached_to: card.attached_to,
            timestamp: card.timestamp,
            effects: self.effects.revision(c),
        };
        if let Some((k, v)) = self.view_cache.borrow().get(&c) {
            if *k == key {
                return v.clone();
            }
        }
        let v = self.compute_view(c);
        self.view_cache.borrow_mut().insert(c, (key, v.clone()));
        v
    }

    /// The object's characteristics with every continuous effect applied: layer 2
    /// (control), 4 (type), 6 (abilities), 7b (P/T setting) and 7c (modifications and
    /// counters), each in timestamp order.
    fn compute_view(&self, c: CardId) -> View {
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

    pub fn describe_change(&self, card: CardId, change: &Change) -> String {
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
