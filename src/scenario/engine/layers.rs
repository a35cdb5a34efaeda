//! The layer system (613): every object's characteristics computed together, because a
//! static ability's effect applies to whatever its set describes at that moment (611.3a).
//! Layer by layer (613.1), within a layer characteristic-defining abilities first
//! (613.3) and then timestamp order (613.7), unless an effect depends on another
//! (613.8): dependency is decided by 613.8a's own definition, by applying the other
//! effect to a scratch copy of the board and seeing whether this effect's existence, the
//! set it applies to or what it does changes; loops fall back to timestamp order; the
//! order is reevaluated after each effect applied (613.8c). An effect that began to apply
//! keeps applying to the same set in later layers (613.6); an ability removed in an
//! earlier layer (305.7, layer 6) creates no effect in a later one.
//!
//! What was applied is kept per object ([`Applied`]) for `--explain` and as the evidence
//! of an expectation about a characteristic.

pub(crate) mod subtypes;
mod system;
pub mod why;

use std::collections::BTreeSet;

use super::super::effect::{Control, Effect, Filter, Noun, Part, Subject};
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
#[derive(Debug, Clone, Default)]
pub(super) struct Board {
    pub(super) chars: Vec<Characteristics>,
    pub(super) names: Vec<String>,
    pub(super) controller: Vec<PlayerId>,
    pub(super) log: Vec<Vec<Applied>>,
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

/// What 613.8a compares: whether the effect exists, what it applies to and what it does.
type Evaluation = (bool, Vec<CardId>, Vec<i32>);

const BASIC_LAND_TYPES: [&str; 5] = ["plains", "island", "swamp", "mountain", "forest"];

/// Which kind of subtype: a land type, or a creature type (205.3i, 205.3m; the lists of
/// 205.3g–q, `subtypes.rs`).
fn land_type(s: &str) -> bool {
    subtypes::kind(s) == Some(subtypes::Kind::Land)
}

fn creature_type(s: &str) -> bool {
    subtypes::kind(s).is_none()
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
            types: tl.types.iter().copied().collect(),
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
            log: vec![Vec::new(); n],
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
        for (c, card) in self.cards.iter().enumerate() {
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
        for (c, card) in self.cards.iter().enumerate() {
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

    /// Applies one layer's effects, in the order 613.3, 613.7 and 613.8 decide; returns
    /// them as applied, their sets fixed (613.6).
    fn apply_layer(
        &self,
        stage: &Stage,
        mut pending: Vec<Instance>,
        board: &mut Board,
    ) -> Vec<Instance> {
        let mut done = Vec::new();
        if pending.iter().all(independent) {
            // No effect can depend on another (613.8a): timestamp order (613.7), at the
            // cost of one pass; many effects on one object stay linear.
            pending.sort_by_key(|i| (!i.defining, i.timestamp));
            for mut inst in pending {
                let mut cites = vec![stage.rule];
                cites.extend(stage.whole_effect_rule(&inst.parts));
                inst.locked = Some(self.set_of(&inst, board));
                self.log(stage, &inst, (&[], &[]), cites, board);
                self.apply_instance(stage, &inst, board, true);
                done.push(inst);
            }
            return done;
        }
        // Which pending effects each one waited for.
        let mut waited: Vec<Vec<Named>> = vec![Vec::new(); pending.len()];
        loop {
            // An ability removed by an effect already applied creates no effect.
            let mut k = 0;
            while k < pending.len() {
                if self.evaluate(&pending[k], board).0 {
                    k += 1;
                } else {
                    pending.remove(k);
                    waited.remove(k);
                }
            }
            if pending.is_empty() {
                break;
            }
            let m = pending.len();
            // depends[i][j]: pending[i] depends on pending[j] (613.8a).
            let mut depends = vec![vec![false; m]; m];
            if m > 1 {
                let before: Vec<Evaluation> =
                    pending.iter().map(|i| self.evaluate(i, board)).collect();
                for j in 0..m {
                    let mut scratch = board.clone();
                    self.apply_instance(stage, &pending[j], &mut scratch, false);
                    for i in 0..m {
                        if i != j
                            && self.may_depend(&pending[i], &pending[j])
                            && self.evaluate(&pending[i], &scratch) != before[i]
                        {
                            depends[i][j] = true;
                        }
                    }
                }
            }
            let reach = closure(&depends);
            // Ready: every effect it depends on is in a loop with it (613.8b).
            let ready = (0..m).filter(|&i| (0..m).all(|j| !depends[i][j] || reach[j][i]));
            let Some(next) = ready.min_by_key(|&i| (!pending[i].defining, pending[i].timestamp, i))
            else {
                break;
            };
            let system = System::of(&self.rules);
            let mut cites = vec![stage.rule];
            cites.extend(stage.whole_effect_rule(&pending[next].parts));
            let moved: Vec<usize> = (0..m)
                .filter(|&i| i != next && depends[i][next] && !reach[next][i])
                .collect();
            for &i in &moved {
                let t = pending[next].text.clone();
                if !waited[i].contains(&t) {
                    waited[i].push(t);
                }
            }
            let ahead: Vec<Named> = moved
                .iter()
                .filter(|&&i| pending[i].timestamp < pending[next].timestamp)
                .map(|&i| pending[i].text.clone())
                .collect();
            if !waited[next].is_empty() || !ahead.is_empty() {
                cites.extend(
                    [Rule::Depends, Rule::Waits]
                        .into_iter()
                        .flat_map(|r| system.cite(r)),
                );
            }
            let mut inst = pending.remove(next);
            let w = waited.remove(next);
            if inst.ability.is_some() && inst.locked.is_some() {
                cites.extend(system.cite(Rule::KeepsItsSet));
            }
            inst.locked = Some(self.set_of(&inst, board));
            self.log(stage, &inst, (&w, &ahead), cites, board);
            self.apply_instance(stage, &inst, board, true);
            done.push(inst);
        }
        done
    }

    /// Whether `i` may depend on `j` as far as characteristic-defining abilities go
    /// (613.8a: neither or both are; before 2012-10-01, neither is).
    fn may_depend(&self, i: &Instance, j: &Instance) -> bool {
        if self
            .rules
            .has(Difference::DefiningAbilitiesDependOnEachOther)
        {
            i.defining == j.defining
        } else {
            !i.defining && !j.defining
        }
    }

    /// 613.8a's three things: existence, set and what it does.
    fn evaluate(&self, inst: &Instance, board: &Board) -> Evaluation {
        let exists = match (&inst.ability, inst.source, &inst.locked) {
            (Some(a), Some(src), None) => {
                self.cards[src].zone == Zone::Battlefield
                    && board.chars[src]
                        .abilities
                        .iter()
                        .any(|x| matches!(x, Ability::Static(e) if **e == *a))
            }
            _ => true,
        };
        let set = self.set_of(inst, board);
        let mut does = Vec::new();
        for p in &inst.parts {
            match p {
                Part::PtCount(s) => does.push(self.described(s, inst.source, board).len() as i32),
                Part::SetPtManaValue => does.extend(set.iter().map(|c| board.chars[*c].mana_value)),
                _ => {}
            }
        }
        (exists, set, does)
    }

    fn set_of(&self, inst: &Instance, board: &Board) -> Vec<CardId> {
        if let Some(l) = &inst.locked {
            return l.clone();
        }
        match &inst.set {
            Set::Fixed(c) => vec![*c],
            Set::Described(s) => self.described(s, inst.source, board),
        }
    }

    /// The objects on the battlefield a subject describes now, seen from `source`.
    pub(super) fn described(
        &self,
        subject: &Subject,
        source: Option<CardId>,
        board: &Board,
    ) -> Vec<CardId> {
        let on = |c: &CardId| self.cards[*c].zone == Zone::Battlefield;
        match subject {
            Subject::This => source.into_iter().filter(on).collect(),
            Subject::Label(c) => Some(*c).into_iter().filter(on).collect(),
            Subject::Attached => source
                .and_then(|s| match self.cards[s].attached_to {
                    Some((Target::Card(t), obj)) if self.cards[t].object == obj => Some(t),
                    _ => None,
                })
                .into_iter()
                .filter(on)
                .collect(),
            Subject::Filter(f) => (0..self.cards.len())
                .filter(|c| on(c) && self.matches(f, *c, source, board))
                .collect(),
        }
    }

    fn matches(&self, f: &Filter, c: CardId, source: Option<CardId>, board: &Board) -> bool {
        let ch = &board.chars[c];
        if f.other && source == Some(c) {
            return false;
        }
        if f.not.iter().any(|w| w.matches(ch)) || f.not_colors.iter().any(|k| ch.colors.contains(k))
        {
            return false;
        }
        if !f.colors.iter().all(|k| ch.colors.contains(k))
            || !f.supertypes.iter().all(|s| ch.is_super(*s))
        {
            return false;
        }
        let noun = match &f.noun {
            Noun::Type(t) => ch.is(*t),
            Noun::Permanent => true,
            Noun::Token => self.cards[c].token,
            Noun::Subtype(s) => ch.has_subtype(s),
        };
        let you = source.map(|s| board.controller[s]);
        let control = match f.control {
            Control::Any => true,
            Control::You => you == Some(board.controller[c]),
            Control::Opponents => you.is_some_and(|y| y != board.controller[c]),
            Control::Player(p) => board.controller[c] == p,
        };
        noun && control && f.with.as_ref().is_none_or(|a| ch.has(a))
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
                let removed_by_305_7 = self.apply_part(part, c, count, board);
                if removed_by_305_7 && for_real {
                    if let Some(last) = board.log[c].last_mut() {
                        last.cites.push(cite::R305_7);
                    }
                }
            }
        }
    }

    /// One part on one object; whether 305.7 applied (a basic land type set on a land).
    fn apply_part(&self, part: &Part, c: CardId, count: i32, board: &mut Board) -> bool {
        let on_battlefield = self.cards[c].zone == Zone::Battlefield;
        let ch = &mut board.chars[c];
        let pt = |power, toughness| Some(PowerToughness { power, toughness });
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
                tl.supertypes.extend(supertypes.iter().copied());
                if *in_addition {
                    tl.types.extend(types.iter().copied());
                    for s in subtypes {
                        if !tl.has_subtype(s) {
                            tl.subtypes.push(s.clone());
                        }
                    }
                } else if !types.is_empty() {
                    tl.types = types.iter().copied().collect();
                    tl.subtypes = subtypes.clone();
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
                        return true;
                    }
                }
            }
            Part::LoseType(t) => {
                ch.type_line.types.remove(t);
            }
            Part::LoseSubtype(s) => ch.type_line.subtypes.retain(|x| !x.eq_ignore_ascii_case(s)),
            Part::Colors(colors) => ch.colors = colors.clone(),
            Part::Gain(abilities) => {
                for a in abilities {
                    let has = match a {
                        Ability::Static(_) => ch.abilities.contains(a),
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
        false
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
        if inst.defining {
            cites.push(cite::R604_3);
        }
        if inst.parts.iter().any(|p| matches!(p, Part::Copy(_))) {
            cites.push(cite::R707_2);
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
        for (c, card) in self.cards.iter().enumerate() {
            let d = card.plus - card.minus;
            let ch = &mut board.chars[c];
            if let Some(p) = ch.power_toughness.as_mut() {
                if card.plus != 0 || card.minus != 0 {
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
        let board = self.board();
        super::super::effect::Copiable {
            name: board.names.get(c).cloned().unwrap_or_default(),
            chars: {
                // Layer 1 only: the printed values with the copy effects on it.
                let mut ch = self.cards[c].printed.clone();
                for e in self.effects.on_object(c, self.cards[c].object) {
                    if let Change::Parts(parts) = &e.change {
                        for p in parts {
                            if let Part::Copy(cp) = p {
                                ch = cp.chars.clone();
                            }
                        }
                    }
                }
                ch
            },
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
    pub(super) fn affect_all(&mut self, effect: &Effect, until_end_of_turn: bool) -> Vec<Event> {
        let board = self.board();
        let set = self.described(&effect.subject, None, &board);
        let mut numbers = self.stage_rules(&effect.parts);
        numbers.push(cite::R611_2C);
        numbers.extend(System::of(&self.rules).cite(Rule::TimestampOfResolved));
        if until_end_of_turn {
            numbers.push(cite::R514_2);
        }
        let before = self.clock;
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
        self.effects.stamp_since(before, before + 1);
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

    /// The rules of a resolved effect's `change` (`Statement::Modify`): the layers it
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

/// Whether nothing can change the effect's existence, set or result (613.8a): an effect
/// of a resolved spell or ability on one object (611.2c), not counting anything. It
/// depends on no other effect.
fn independent(inst: &Instance) -> bool {
    inst.ability.is_none()
        && matches!(inst.set, Set::Fixed(_))
        && !inst
            .parts
            .iter()
            .any(|p| matches!(p, Part::PtCount(_) | Part::SetPtManaValue))
}

/// The transitive closure of a relation.
fn closure(rel: &[Vec<bool>]) -> Vec<Vec<bool>> {
    let m = rel.len();
    let mut r = rel.to_vec();
    for k in 0..m {
        let through = r[k].clone();
        for row in r.iter_mut() {
            if row[k] {
                for (cell, &t) in row.iter_mut().zip(&through) {
                    *cell |= t;
                }
            }
        }
    }
    r
}
