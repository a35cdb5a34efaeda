//! The layer system (613): every object's characteristics computed together, because a
//! static ability's effect applies to whatever its set describes at that moment (611.3a).
//! Layer by layer (613.1), within a layer characteristic-defining abilities first
//! (613.3) and then timestamp order (613.7), unless an effect depends on another
//! (613.8). An effect that began to apply keeps applying to the same set in later layers
//! (613.6); an ability removed in an earlier layer (305.7, layer 6) creates no effect in a
//! later one.
//!
//! - `layers/system.rs`: the layers and sublayers of each revision (613.1–613.4, 418.5)
//! - `layers/sets.rs`: what an effect applies to (611.2c, 611.3a, 613.6)
//! - `layers/dependency.rs`: the order within a layer (613.7, 613.8)
//! - `layers/newest.rs`: a new effect applied last, on top of the board (613.7b)
//! - `layers/subtypes.rs`: which subtypes are land types and creature types (205.3)
//!
//! What was applied is kept per object ([`Applied`]) for `--explain` and as the evidence
//! of an expectation about a characteristic.

mod dependency;
mod newest;
mod sets;
pub(crate) mod subtypes;
mod system;
pub mod why;

use std::collections::BTreeSet;

use super::super::effect::{Effect, Part, Subject};
use super::prelude::*;
use system::Rule;
pub use system::{Stage, System};

/// One effect as the layer system applied it to one object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// The layer or sublayer, as the revision's system has it.
    pub layer: Stage,
    pub timestamp: i64,
    /// The object whose static ability generated it; `None` for an effect that resolved.
    pub source: Option<CardId>,
    /// The effect: a static ability or what happened, as data (`words/layers.rs` says it).
    pub effect: Named,
    /// The effects it waited for (613.8b).
    pub waited_for: Vec<Named>,
    /// The older effects it applied before, because they depend on it (613.8b).
    pub ahead_of: Vec<Named>,
    /// The rules that decided it: its layer, timestamps, dependency, sets.
    pub cites: Vec<Cite>,
}

/// A continuous effect as the report names it: data, worded by `words/layers.rs`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Named {
    /// A static ability, by its text as the scenario wrote it.
    Static(String),
    /// An effect statement's change on one object.
    Change(CardId, Change),
    /// 702.151b: an Equipment with reconfigure attached to a creature isn't a creature.
    NotACreatureWhileAttached(CardId),
    /// The +1/+1 and -1/-1 counters on an object, net.
    Counters(i32),
}

/// The characteristics of every object, as the layers made them.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Board {
    pub(super) chars: ById<CardId, Characteristics>,
    pub(super) names: ById<CardId, String>,
    pub(super) controller: ById<CardId, PlayerId>,
    pub(super) log: ById<CardId, Vec<Applied>>,
    /// The latest timestamp of the objects and effects the layers ordered (613.7).
    pub(super) newest: i64,
}

/// Which objects an effect applies to.
#[derive(Debug, Clone, PartialEq)]
enum Set {
    /// One object (an effect statement on a label, or a one-shot set's member, 611.2c).
    Fixed(CardId),
    /// A static ability's subject, evaluated as the effect applies (611.3a).
    Described(Subject),
}

/// A continuous effect on its way through the layers.
#[derive(Debug, Clone)]
struct Instance {
    source: Option<CardId>,
    /// A static ability: the ability, for its existence.
    ability: Option<Effect>,
    text: Named,
    timestamp: i64,
    parts: Vec<Part>,
    set: Set,
    /// The set fixed when it began to apply (613.6).
    locked: Option<Vec<CardId>>,
    defining: bool,
}

/// What an effect that makes an object an "artifact creature" lets it keep (205.1b).
enum Keeps {
    All,
    AllButCreatureTypes,
}

const BASIC_LAND_TYPES: [&str; 5] = ["plains", "island", "swamp", "mountain", "forest"];

/// Which kind of subtype: a land type, or a creature type (205.3i, 205.3m; the lists of
/// 205.3g–q, `subtypes.rs`).
fn land_type(s: &str) -> bool {
    subtypes::kind(s) == Some(subtypes::Kind::Land)
}

fn creature_type(s: &str) -> bool {
    subtypes::kind(s).is_none()
}

/// Whether subtype `s` goes with one of `types` (205.3d): a creature type with creature or
/// kindred, a land type with land, and so on.
fn corresponds(s: &str, types: &BTreeSet<CardType>) -> bool {
    use subtypes::Kind;
    let needs: &[CardType] = match subtypes::kind(s) {
        None => &[CardType::Creature, CardType::Kindred],
        Some(Kind::Artifact) => &[CardType::Artifact],
        Some(Kind::Enchantment) => &[CardType::Enchantment],
        Some(Kind::Land) => &[CardType::Land],
        Some(Kind::Planeswalker) => &[CardType::Planeswalker],
        Some(Kind::Spell) => &[CardType::Instant, CardType::Sorcery],
        Some(Kind::Battle) => &[CardType::Battle],
    };
    needs.iter().any(|t| types.contains(t))
}

/// The parts of an effect statement's change, each in its layer.
pub(super) fn parts_of(change: &Change) -> Vec<Part> {
    let types = |types: Vec<CardType>, subtypes: Vec<String>, in_addition| Part::Types {
        supertypes: Vec::new(),
        types,
        subtypes,
        in_addition,
    };
    match change {
        Change::BecomesCreature(pt) => {
            std::iter::once(types(vec![CardType::Creature], Vec::new(), true))
                .chain(pt.map(Part::SetPt))
                .collect()
        }
        Change::BecomesTypes(tl, pt) => std::iter::once(Part::Types {
            supertypes: tl.supertypes.iter().copied().collect(),
            types: tl.types_in_printed_order(),
            subtypes: tl.subtypes.clone(),
            in_addition: false,
        })
        .chain(pt.map(Part::SetPt))
        .collect(),
        Change::StopsBeingCreature => vec![Part::LoseType(CardType::Creature)],
        Change::GainsSubtype(s) => vec![types(Vec::new(), vec![s.clone()], true)],
        Change::LosesSubtype(s) => vec![Part::LoseSubtype(s.clone())],
        Change::Gains(a) => vec![Part::Gain(vec![a.clone()])],
        Change::Loses(a) => vec![Part::Lose(a.clone())],
        Change::Gets(pt) => vec![Part::Modify(*pt)],
        Change::Control(p) => vec![Part::Control(*p)],
        // Taken into a `Part::Copy` as the effect begins (`Game::modify_layered`).
        Change::BecomesCopy(_) => Vec::new(),
        Change::Parts(parts) => parts.clone(),
    }
}

impl Game {
    /// Every object's characteristics with every continuous effect applied, layer by
    /// layer.
    pub(super) fn layered(&self) -> Board {
        let n = self.cards.len();
        let mut board = Board {
            chars: self.cards.iter().map(|c| c.printed.clone()).collect(),
            names: self.cards.iter().map(|c| c.name.clone()).collect(),
            controller: self
                .cards
                .iter()
                .map(|c| match c.zone {
                    Zone::Battlefield | Zone::Stack => c.controller,
                    _ => c.owner,
                })
                .collect(),
            log: vec![Vec::new(); n].into(),
            newest: self.cards.iter().map(|c| c.timestamp).max().unwrap_or(0),
        };
        let mut resolved: Vec<Instance> = Vec::new();
        for e in self.effects.iter() {
            let Some(card) = self.cards.get(e.card) else {
                continue;
            };
            if card.object != e.object {
                continue;
            }
            resolved.push(Instance {
                source: None,
                ability: None,
                text: Named::Change(e.card, e.change.clone()),
                timestamp: e.timestamp,
                parts: parts_of(&e.change),
                set: Set::Fixed(e.card),
                locked: None,
                defining: false,
            });
        }
        // 702.151b: an Equipment with reconfigure attached to a creature isn't a creature.
        for (c, card) in self.cards.enumerate() {
            if self.rules.has(Difference::Reconfigure)
                && card.zone == Zone::Battlefield
                && card.printed.has(&Ability::Reconfigure(None))
                && matches!(card.attached_to, Some((Target::Card(_), _)))
            {
                resolved.push(Instance {
                    source: None,
                    ability: None,
                    text: Named::NotACreatureWhileAttached(c),
                    timestamp: card.timestamp,
                    parts: vec![Part::LoseType(CardType::Creature)],
                    set: Set::Fixed(c),
                    locked: None,
                    defining: false,
                });
            }
        }
        resolved.sort_by_key(|i| i.timestamp);
        board.newest = board
            .newest
            .max(resolved.last().map_or(i64::MIN, |i| i.timestamp));
        let mut started: Vec<Instance> = Vec::new();
        for stage in System::of(&self.rules).stages() {
            if stage.begins_pt {
                for c in board.chars.iter_mut() {
                    if c.is(CardType::Creature) && c.power_toughness.is_none() {
                        c.power_toughness = Some(PowerToughness {
                            power: 0,
                            toughness: 0,
                        });
                    }
                }
            }
            let in_layer = |i: &Instance| i.parts.iter().any(|p| i.holds(stage, p));
            let mut pending: Vec<Instance> =
                started.iter().filter(|i| in_layer(i)).cloned().collect();
            for s in self.statics(&board) {
                let begun = started
                    .iter()
                    .any(|i| i.source == s.source && i.ability == s.ability);
                if !begun && in_layer(&s) {
                    pending.push(s);
                }
            }
            pending.extend(resolved.iter().filter(|i| in_layer(i)).cloned());
            for applied in self.apply_layer(stage, pending, &mut board) {
                if applied.ability.is_some()
                    && !started
                        .iter()
                        .any(|i| i.source == applied.source && i.ability == applied.ability)
                {
                    started.push(applied);
                }
            }
            if stage.counters {
                self.apply_counters(stage, &mut board);
            }
        }
        board
    }

    /// The static abilities that exist now: those of objects on the battlefield (611.3b).
    fn statics(&self, board: &Board) -> Vec<Instance> {
        let mut out = Vec::new();
        for (c, card) in self.cards.enumerate() {
            if card.zone != Zone::Battlefield {
                continue;
            }
            for a in &board.chars[c].abilities {
                if let Ability::Static(e) = a {
                    out.push(Instance {
                        source: Some(c),
                        ability: Some((**e).clone()),
                        text: Named::Static(e.text.clone()),
                        timestamp: card.timestamp,
                        parts: e.parts.clone(),
                        set: Set::Described(e.subject.clone()),
                        locked: None,
                        defining: e.is_defining(),
                    });
                }
            }
        }
        out
    }

    /// Applies an effect's parts of `layer` to its set.
    fn apply_instance(&self, stage: &Stage, inst: &Instance, board: &mut Board, for_real: bool) {
        let set = self.set_of(inst, board);
        for part in inst.parts.iter().filter(|p| inst.holds(stage, p)) {
            let count = match part {
                Part::PtCount(s) => self.described(s, inst.source, board).len() as i32,
                _ => 0,
            };
            for &c in &set {
                let decided_by = self.apply_part(part, c, count, board);
                if for_real {
                    if let Some(last) = board.log[c].last_mut() {
                        last.cites.extend(decided_by);
                    }
                }
            }
        }
    }

    /// What a type-setting effect that makes an object an "artifact creature" lets it keep
    /// (205.1b), or `None` for any other (205.1a: the new types replace the old).
    fn artifact_creature(&self, types: &[CardType], subtypes: &[String]) -> Option<Keeps> {
        let artifact_creature = types.len() == 2
            && types.contains(&CardType::Artifact)
            && types.contains(&CardType::Creature);
        if !artifact_creature {
            None
        } else if subtypes.is_empty() {
            Some(Keeps::All)
        } else if subtypes.iter().all(|s| creature_type(s))
            && self.rules.has(Difference::CreatureTypesArtifactCreature)
        {
            Some(Keeps::AllButCreatureTypes)
        } else {
            None
        }
    }

    /// One part on one object; the rules beyond its layer's that decided what it did (305.7
    /// for a basic land type set on a land, 205.1b for an "artifact creature", 205.3d for a
    /// subtype it couldn't gain).
    fn apply_part(&self, part: &Part, c: CardId, count: i32, board: &mut Board) -> Vec<Cite> {
        let on_battlefield = self.cards[c].zone == Zone::Battlefield;
        let ch = &mut board.chars[c];
        let pt = |power, toughness| Some(PowerToughness { power, toughness });
        let mut decided_by = Vec::new();
        match part {
            Part::Copy(copiable) => {
                *ch = copiable.chars.clone();
                board.names[c] = copiable.name.clone();
            }
            Part::Control(p) if on_battlefield => board.controller[c] = *p,
            Part::Control(_) => {}
            Part::Types {
                supertypes,
                types,
                subtypes,
                in_addition,
            } => {
                let tl = &mut ch.type_line;
                let before = tl.subtypes.clone();
                tl.supertypes.extend(supertypes.iter().copied());
                if *in_addition {
                    tl.types.extend(types.iter().copied());
                    for s in subtypes {
                        if !tl.has_subtype(s) {
                            tl.subtypes.push(s.clone());
                        }
                    }
                } else if !types.is_empty() {
                    match self.artifact_creature(types, subtypes) {
                        // 205.1b: "becomes an artifact creature" keeps every prior card
                        // type and subtype ...
                        Some(Keeps::All) => {
                            tl.types.extend(types.iter().copied());
                            decided_by.push(cite::R205_1B);
                        }
                        // ... and a "[creature type] artifact creature" all but the
                        // creature types, which it replaces.
                        Some(Keeps::AllButCreatureTypes) => {
                            tl.types.extend(types.iter().copied());
                            tl.subtypes.retain(|s| !creature_type(s));
                            tl.subtypes.extend(subtypes.iter().cloned());
                            decided_by.push(cite::R205_1B);
                        }
                        // 205.1a: the new card types replace the old ones.
                        None => {
                            tl.types = types.iter().copied().collect();
                            tl.written = types.clone();
                            tl.subtypes = subtypes.clone();
                        }
                    }
                } else {
                    let basic = subtypes
                        .iter()
                        .all(|s| BASIC_LAND_TYPES.contains(&s.as_str()));
                    let lands = subtypes.iter().any(|s| land_type(s));
                    let is_land = tl.types.contains(&CardType::Land);
                    tl.subtypes.retain(|s| {
                        if lands {
                            !land_type(s)
                        } else {
                            !creature_type(s)
                        }
                    });
                    tl.subtypes.extend(subtypes.iter().cloned());
                    if basic && is_land {
                        // 305.7: it loses the abilities from its rules text.
                        ch.abilities.clear();
                        return vec![cite::R305_7];
                    }
                }
                // 205.3d: an object can't gain a subtype that doesn't correspond to one of
                // its types (a creature made a Forest, an Equipment made a Goblin).
                if self.rules.has(Difference::SubtypesCorrespondToTypes) {
                    let types = tl.types.clone();
                    let n = tl.subtypes.len();
                    tl.subtypes
                        .retain(|s| before.contains(s) || corresponds(s, &types));
                    if tl.subtypes.len() < n {
                        decided_by.push(cite::R205_3D);
                    }
                }
            }
            Part::LoseType(t) => {
                let tl = &mut ch.type_line;
                tl.types.remove(t);
                // 205.1a: the subtypes correlated with the removed card type go with it,
                // unless they are subtypes of a card type it still has (a Dryad Arbor that
                // stops being a creature is no longer a Dryad).
                let lost = BTreeSet::from([*t]);
                let types = tl.types.clone();
                let n = tl.subtypes.len();
                tl.subtypes
                    .retain(|s| !corresponds(s, &lost) || corresponds(s, &types));
                if tl.subtypes.len() < n {
                    decided_by.push(cite::R205_1A);
                }
            }
            Part::LoseSubtype(s) => ch.type_line.subtypes.retain(|x| !x.eq_ignore_ascii_case(s)),
            Part::Colors(colors) => ch.colors = colors.clone(),
            Part::Gain(abilities) => {
                for a in abilities {
                    // 502.68b, 502.63b of 2009-05-01: each instance of a triggered
                    // lifelink or deathtouch triggers separately, so a second one counts.
                    let has = match a {
                        Ability::Static(_) => ch.abilities.contains(a),
                        Ability::Lifelink | Ability::Deathtouch if self.keywords_trigger() => false,
                        _ => ch.has(a),
                    };
                    if !has {
                        ch.abilities.push(a.clone());
                    }
                }
            }
            Part::Lose(a) => ch.abilities.retain(|x| !x.same_kind(a)),
            Part::LoseAll => ch.abilities.clear(),
            Part::PtCount(_) => ch.power_toughness = pt(count, count),
            Part::SetPt(p) => ch.power_toughness = Some(*p),
            Part::SetPtManaValue => ch.power_toughness = pt(ch.mana_value, ch.mana_value),
            Part::Modify(d) => {
                if let Some(p) = ch.power_toughness.as_mut() {
                    p.power += d.power;
                    p.toughness += d.toughness;
                }
            }
            Part::Switch => {
                if let Some(p) = ch.power_toughness.as_mut() {
                    std::mem::swap(&mut p.power, &mut p.toughness);
                }
            }
        }
        decided_by
    }

    /// Records an effect applied to each object of its set.
    fn log(
        &self,
        stage: &Stage,
        inst: &Instance,
        (waited, ahead): (&[Named], &[Named]),
        mut cites: Vec<Cite>,
        board: &mut Board,
    ) {
        let timestamp_rule = if inst.source.is_some() {
            Rule::TimestampOfStatic
        } else {
            Rule::TimestampOfResolved
        };
        cites.extend(System::of(&self.rules).cite(timestamp_rule));
        // The object of an attached Aura, Equipment or Fortification took its timestamp
        // as it became attached.
        let attached = |s: CardId| self.cards.get(s).is_some_and(|c| c.attached_to.is_some());
        if inst.source.is_some_and(attached) {
            cites.extend(System::of(&self.rules).cite(Rule::TimestampOfAttachment));
        }
        if inst.defining {
            cites.push(cite::R604_3);
        }
        for p in &inst.parts {
            if let Part::Copy(cp) = p {
                cites.push(cite::R707_2);
                if cp.of_a_copy {
                    cites.push(cite::R707_3);
                }
            }
        }
        if matches!(inst.set, Set::Described(_)) {
            cites.push(cite::R611_3A);
        }
        for &c in inst.locked.iter().flatten() {
            board.log[c].push(Applied {
                layer: *stage,
                timestamp: inst.timestamp,
                source: inst.source,
                effect: inst.text.clone(),
                waited_for: waited.to_vec(),
                ahead_of: ahead.to_vec(),
                cites: cites.clone(),
            });
        }
    }

    /// Counters (613.4c; 613.3d before 2020-06-01; 418.5a 6c, or layer 6 in 2005-08-01):
    /// each +1/+1 and -1/-1 counter.
    fn apply_counters(&self, stage: &Stage, board: &mut Board) {
        for (c, card) in self.cards.enumerate() {
            let (plus, minus) = (
                card.counters(CounterKind::PlusOne),
                card.counters(CounterKind::MinusOne),
            );
            let d = plus - minus;
            let ch = &mut board.chars[c];
            if let Some(p) = ch.power_toughness.as_mut() {
                if plus != 0 || minus != 0 {
                    p.power += d;
                    p.toughness += d;
                    let mut cites = vec![stage.rule];
                    cites.extend(System::of(&self.rules).cite(Rule::TimestampOfCounters));
                    board.log[c].push(Applied {
                        layer: *stage,
                        timestamp: card.timestamp,
                        source: None,
                        effect: Named::Counters(d),
                        waited_for: Vec::new(),
                        ahead_of: Vec::new(),
                        cites,
                    });
                }
            }
        }
    }

    /// The copiable values of an object now (707.2): printed, with copy effects applied.
    pub(super) fn copiable(&self, c: CardId) -> super::super::effect::Copiable {
        // Layer 1 only: the printed values with the copy effects on it.
        let mut chars = self.cards[c].printed.clone();
        let mut of_a_copy = false;
        for e in self.effects.on_object(c, self.cards[c].object) {
            if let Change::Parts(parts) = &e.change {
                for p in parts {
                    if let Part::Copy(cp) = p {
                        chars = cp.chars.clone();
                        of_a_copy = true;
                    }
                }
            }
        }
        super::super::effect::Copiable {
            name: self.current_name(c),
            chars,
            of_a_copy,
        }
    }

    /// `L becomes a copy of M`, `L's power and toughness are switched`, `L is red`…: a
    /// continuous effect on one object, its parts in their layers (613.6).
    pub(super) fn modify_layered(
        &mut self,
        card: CardId,
        change: Change,
        until_end_of_turn: bool,
    ) -> Vec<Event> {
        let (change, mut numbers): (Change, Vec<Cite>) = match change {
            Change::BecomesCopy(m) => (
                Change::Parts(vec![Part::Copy(Box::new(self.copiable(m)))]),
                vec![cite::R707_2, self.copy_layer_rule()],
            ),
            other => {
                let numbers = self.stage_rules(&parts_of(&other));
                (other, numbers)
            }
        };
        numbers.extend(System::of(&self.rules).cite(Rule::TimestampOfResolved));
        if until_end_of_turn {
            numbers.push(cite::R514_2);
        }
        vec![self.begin_effect(card, change, until_end_of_turn, &numbers)]
    }

    fn begin_effect(
        &mut self,
        card: CardId,
        change: Change,
        until_end_of_turn: bool,
        numbers: &[Cite],
    ) -> Event {
        self.apply(event(
            Happened::ContinuousEffect {
                card,
                change,
                until_end_of_turn,
            },
            vec![Target::Card(card)],
            numbers,
        ))
    }

    /// `SUBJECT EFFECT` in Actions: the set is fixed as the effect begins (611.2c), one
    /// effect on each object of it.
    pub(super) fn affect_all(
        &mut self,
        source: Option<CardId>,
        effect: &Effect,
        until_end_of_turn: bool,
    ) -> Vec<Event> {
        let set = self.with_board(|board| self.described(&effect.subject, source, board));
        if set.is_empty() {
            return vec![event(
                Happened::AppliesToNothing,
                Vec::new(),
                &[cite::R611_2C],
            )];
        }
        let mut numbers = self.stage_rules(&effect.parts);
        numbers.push(cite::R611_2C);
        numbers.extend(System::of(&self.rules).cite(Rule::TimestampOfResolved));
        if until_end_of_turn {
            numbers.push(cite::R514_2);
        }
        let before = self.clock;
        let mark = self.effects.mark();
        let events = set
            .iter()
            .map(|&c| {
                self.begin_effect(
                    c,
                    Change::Parts(effect.parts.clone()),
                    until_end_of_turn,
                    &numbers,
                )
            })
            .collect();
        // One effect, one timestamp (613.7b): each object of the set has it.
        self.stamp_as_one(mark, before, before + 1);
        events
    }

    /// The rule of the whole layer system: 613 (612 in 2009-07-11 and 2009-09-04), 418.5
    /// before.
    pub fn layer_system_rule(&self) -> Cite {
        if self.rules.has(Difference::LayersOf418) {
            cite::R418_5_LAYERS
        } else {
            cite::R613
        }
    }

    /// The rule of layer 1, copy effects (613.1a; 418.5a before 2009-07-11).
    fn copy_layer_rule(&self) -> Cite {
        System::of(&self.rules).stages()[0].rule
    }

    /// The rules of a resolved effect's `change` (an `Effect::Modify`): the layers it
    /// applies in and its timestamp (613.7b), in the revision's system.
    pub(super) fn rules_of_change(&self, change: &Change) -> Vec<Cite> {
        let mut rules = self.stage_rules(&parts_of(change));
        rules.extend(System::of(&self.rules).cite(Rule::TimestampOfResolved));
        rules
    }

    /// The rules of the stages a resolved effect with `parts` applies in, in their order.
    fn stage_rules(&self, parts: &[Part]) -> Vec<Cite> {
        let stages = System::of(&self.rules).stages();
        let used: BTreeSet<usize> = parts
            .iter()
            .filter_map(|p| stages.iter().position(|s| s.holds(p, parts, false)))
            .collect();
        let mut rules: Vec<Cite> = Vec::new();
        for i in used {
            for rule in std::iter::once(stages[i].rule).chain(stages[i].whole_effect_rule(parts)) {
                if !rules.contains(&rule) {
                    rules.push(rule);
                }
            }
        }
        rules
    }

    /// `put L onto the battlefield as a copy of M` (707.2).
    pub(super) fn entered_as_copy(
        &mut self,
        card: CardId,
        of: Option<CardId>,
        mut events: Vec<Event>,
    ) -> Vec<Event> {
        let Some(m) = of else {
            return events;
        };
        if !self.on_battlefield(card) {
            return events;
        }
        let copy = Change::Parts(vec![Part::Copy(Box::new(self.copiable(m)))]);
        events.push(self.begin_effect(card, copy, false, &[cite::R707_2, self.copy_layer_rule()]));
        events
    }
}

impl Instance {
    /// Whether `stage` applies this effect's `part`.
    fn holds(&self, stage: &Stage, part: &Part) -> bool {
        stage.holds(part, &self.parts, self.ability.is_some())
    }
}
