//! The game state and the rules that change it: objects whose identity changes with every
//! zone change (400.7), characteristics with continuous effects applied by layer and
//! timestamp (613), the one legality function for attachments, targets, player actions
//! (playing lands, casting, equip, fortify, reconfigure), the stack, effects, and
//! state-based actions (704). Every event and every reason cites its rules.

use std::collections::BTreeMap;

use super::card::{Ability, CardType, Characteristics, Controlled, Enchant, Supertype};
use super::statement::{
    ActionItem, CardId, Change, CounterKind, PlayerId, Setup, Statement, Step, Target, Zone,
};
use super::{Cite, Rules, UNIQUENESS_NUMBERING};

fn cites(numbers: &[&str]) -> Vec<Cite> {
    numbers.iter().map(|n| Cite::canonical(n)).collect()
}

/// Why something can't happen, with the rules that say so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    pub cites: Vec<Cite>,
    pub text: String,
}

fn reason(numbers: &[&str], text: impl Into<String>) -> Reason {
    Reason {
        cites: cites(numbers),
        text: text.into(),
    }
}

/// What kind of change an event made, to find "the event that made it true".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    Moved,
    Attached,
    Unattached,
    Control,
    Life,
    Lost,
    Counters,
    Damage,
    Changed,
    Played,
    Turn,
    Stack,
    Note,
}

/// Something that happened, citing the rules that made it happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub kind: EventKind,
    pub text: String,
    pub cites: Vec<Cite>,
    pub subjects: Vec<Target>,
    /// Performed as a state-based action.
    pub state_based: bool,
}

fn event(kind: EventKind, subjects: Vec<Target>, numbers: &[&str], text: String) -> Event {
    Event {
        kind,
        text,
        cites: cites(numbers),
        subjects,
        state_based: false,
    }
}

/// A card and the object that currently represents it.
#[derive(Debug, Clone)]
struct Card {
    label: String,
    name: String,
    owner: PlayerId,
    token: bool,
    printed: Characteristics,
    zone: Zone,
    /// Changes with every zone change (400.7).
    object: u32,
    timestamp: i64,
    controller: PlayerId,
    tapped: bool,
    entered_this_turn: bool,
    damage: i32,
    plus: i32,
    minus: i32,
    loyalty: i32,
    defense: i32,
    attached_to: Option<(Target, u32)>,
    protector: Option<PlayerId>,
}

#[derive(Debug, Clone)]
struct ContinuousEffect {
    timestamp: i64,
    card: CardId,
    object: u32,
    change: Change,
    until_end_of_turn: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AbilityKind {
    Equip,
    Fortify,
    Reconfigure,
    Unattach,
}

#[derive(Debug, Clone)]
enum StackKind {
    Spell(CardId),
    Ability {
        source: CardId,
        source_object: u32,
        ability: AbilityKind,
    },
}

#[derive(Debug, Clone)]
struct StackItem {
    kind: StackKind,
    controller: PlayerId,
    /// Targets with the object each was when targeted.
    targets: Vec<(Target, u32)>,
}

#[derive(Debug, Clone)]
struct Player {
    name: String,
    life: i32,
    lost: bool,
    lands_played: u32,
    extra_land_plays: u32,
}

/// What targeting a spell or ability requires of a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Requirement {
    Aura,
    CreatureYouControl,
    AnotherCreatureYouControl,
    LandYouControl,
    Any,
}

/// The current characteristics and controller of an object.
#[derive(Debug, Clone)]
pub struct View {
    pub chars: Characteristics,
    pub controller: PlayerId,
}

/// A game in progress.
#[derive(Debug, Clone)]
pub struct Game {
    pub rules: Rules,
    players: Vec<Player>,
    active: PlayerId,
    priority: PlayerId,
    step: Step,
    cards: Vec<Card>,
    /// Bottom first.
    stack: Vec<StackItem>,
    effects: Vec<ContinuousEffect>,
    next_object: u32,
    clock: i64,
    cleanup_done: bool,
}

/// One state-based action about to be performed.
struct Pending {
    card: Option<CardId>,
    player: Option<PlayerId>,
    what: Sba,
    cites: Vec<Cite>,
    text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sba {
    Lose,
    CeaseToExist,
    Graveyard,
    Destroy,
    Unattach,
    Annihilate,
    Protector(Option<PlayerId>),
}

impl Game {
    /// The game as the setup describes it, under `rules`.
    pub fn new(setup: &Setup, rules: Rules) -> Game {
        let players = setup
            .players
            .iter()
            .enumerate()
            .map(|(i, name)| Player {
                name: name.clone(),
                life: setup.life.get(i).copied().unwrap_or(20),
                lost: false,
                lands_played: setup.lands_played.get(i).copied().unwrap_or(0),
                extra_land_plays: setup.extra_land_plays.get(i).copied().unwrap_or(0),
            })
            .collect();
        let mut cards = Vec::new();
        let mut stack_cards = Vec::new();
        for (i, spec) in setup.cards.iter().enumerate() {
            let on_battlefield = spec.zone == Zone::Battlefield;
            cards.push(Card {
                label: spec.label.clone(),
                name: spec.name.clone(),
                owner: spec.owner,
                token: spec.token,
                printed: spec.printed.clone(),
                zone: spec.zone,
                object: i as u32 + 1,
                timestamp: spec.timestamp.unwrap_or(i as i64),
                controller: spec.controller.unwrap_or(spec.owner),
                tapped: spec.tapped,
                entered_this_turn: spec.entered_this_turn,
                damage: spec.damage,
                plus: spec.plus_counters,
                minus: spec.minus_counters,
                loyalty: if on_battlefield {
                    spec.printed.loyalty.unwrap_or(0)
                } else {
                    0
                },
                defense: if on_battlefield {
                    spec.printed.defense.unwrap_or(0)
                } else {
                    0
                },
                attached_to: None,
                protector: spec.protector,
            });
            if spec.zone == Zone::Stack {
                stack_cards.push(i);
            }
        }
        // Attachments refer to the objects as written.
        for (i, spec) in setup.cards.iter().enumerate() {
            if let Some(t) = spec.attached_to {
                let obj = match t {
                    Target::Card(c) => cards.get(c).map(|c| c.object).unwrap_or(0),
                    Target::Player(_) => 0,
                };
                cards[i].attached_to = Some((t, obj));
            }
        }
        // 310.8a, 310.11a: a battle written without a protector has the one its controller
        // would have chosen as it entered: an opponent for a Siege, else its controller.
        let n = setup.players.len().max(1);
        for card in cards.iter_mut() {
            if rules.battles()
                && card.zone == Zone::Battlefield
                && card.protector.is_none()
                && card.printed.is(CardType::Battle)
            {
                card.protector = if card.printed.has_subtype("siege") {
                    (n > 1).then_some((card.controller + 1) % n)
                } else {
                    Some(card.controller)
                };
            }
        }
        let clock = cards.iter().map(|c| c.timestamp).max().unwrap_or(0) + 1;
        let next_object = cards.len() as u32 + 1;
        // `Stack` is listed top first.
        let stack = stack_cards
            .iter()
            .rev()
            .map(|&i| StackItem {
                kind: StackKind::Spell(i),
                controller: cards[i].controller,
                targets: setup.cards[i]
                    .targets
                    .iter()
                    .map(|t| {
                        let obj = match t {
                            Target::Card(c) => cards.get(*c).map(|c| c.object).unwrap_or(0),
                            Target::Player(_) => 0,
                        };
                        (*t, obj)
                    })
                    .collect(),
            })
            .collect();
        Game {
            rules,
            players,
            active: setup.active,
            priority: setup.priority,
            step: setup.step,
            cards,
            stack,
            effects: Vec::new(),
            next_object,
            clock,
            cleanup_done: setup.step == Step::Cleanup,
        }
    }

    // ----- what the board shows -------------------------------------------------------

    pub fn player_name(&self, p: PlayerId) -> &str {
        self.players.get(p).map(|p| p.name.as_str()).unwrap_or("?")
    }

    pub fn players(&self) -> usize {
        self.players.len()
    }

    pub fn life(&self, p: PlayerId) -> i32 {
        self.players.get(p).map(|p| p.life).unwrap_or(0)
    }

    pub fn has_lost(&self, p: PlayerId) -> bool {
        self.players.get(p).is_some_and(|p| p.lost)
    }

    pub fn lands_played(&self, p: PlayerId) -> u32 {
        self.players.get(p).map(|p| p.lands_played).unwrap_or(0)
    }

    pub fn active(&self) -> PlayerId {
        self.active
    }

    pub fn priority(&self) -> PlayerId {
        self.priority
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn cards(&self) -> usize {
        self.cards.len()
    }

    pub fn label(&self, c: CardId) -> &str {
        self.cards.get(c).map(|c| c.label.as_str()).unwrap_or("?")
    }

    pub fn name(&self, c: CardId) -> &str {
        self.cards.get(c).map(|c| c.name.as_str()).unwrap_or("?")
    }

    pub fn zone(&self, c: CardId) -> Zone {
        self.cards.get(c).map(|c| c.zone).unwrap_or(Zone::Nowhere)
    }

    pub fn owner(&self, c: CardId) -> PlayerId {
        self.cards.get(c).map(|c| c.owner).unwrap_or(0)
    }

    pub fn is_token(&self, c: CardId) -> bool {
        self.cards.get(c).is_some_and(|c| c.token)
    }

    pub fn is_tapped(&self, c: CardId) -> bool {
        self.cards.get(c).is_some_and(|c| c.tapped)
    }

    pub fn damage(&self, c: CardId) -> i32 {
        self.cards.get(c).map(|c| c.damage).unwrap_or(0)
    }

    /// (+1/+1, -1/-1, loyalty, defense) counters.
    pub fn counters(&self, c: CardId) -> (i32, i32, i32, i32) {
        self.cards
            .get(c)
            .map(|c| (c.plus, c.minus, c.loyalty, c.defense))
            .unwrap_or_default()
    }

    pub fn attached_to(&self, c: CardId) -> Option<Target> {
        self.cards
            .get(c)
            .and_then(|c| c.attached_to)
            .map(|(t, _)| t)
    }

    /// Labels of the stack, top first.
    pub fn stack_labels(&self) -> Vec<String> {
        self.stack
            .iter()
            .rev()
            .map(|s| match s.kind {
                StackKind::Spell(c) => self.label(c).to_string(),
                StackKind::Ability {
                    source, ability, ..
                } => format!(
                    "{} ability of {}",
                    ability_name(ability),
                    self.label(source)
                ),
            })
            .collect()
    }

    pub fn target_name(&self, t: Target) -> String {
        match t {
            Target::Card(c) => self.label(c).to_string(),
            Target::Player(p) => self.player_name(p).to_string(),
        }
    }

    fn zone_name(&self, z: Zone) -> String {
        match z {
            Zone::Battlefield => "the battlefield".into(),
            Zone::Hand(p) => format!("{}'s hand", self.player_name(p)),
            Zone::Graveyard(p) => format!("{}'s graveyard", self.player_name(p)),
            Zone::Library(p) => format!("{}'s library", self.player_name(p)),
            Zone::Exile => "exile".into(),
            Zone::Command => "the command zone".into(),
            Zone::Stack => "the stack".into(),
            Zone::Nowhere => "nowhere (it ceased to exist)".into(),
        }
    }

    /// `on the battlefield`, `in Alice's hand`.
    fn where_is(&self, z: Zone) -> String {
        match z {
            Zone::Battlefield => "on the battlefield".into(),
            Zone::Stack => "on the stack".into(),
            Zone::Nowhere => "nowhere (it ceased to exist)".into(),
            z => format!("in {}", self.zone_name(z)),
        }
    }

    /// How many lands `p` may play this turn (305.2).
    pub fn land_plays_allowed(&self, p: PlayerId) -> u32 {
        let mut n = 1 + self.players.get(p).map(|p| p.extra_land_plays).unwrap_or(0);
        for c in 0..self.cards.len() {
            if self.cards[c].zone != Zone::Battlefield {
                continue;
            }
            let v = self.view(c);
            if v.controller != p {
                continue;
            }
            for a in &v.chars.abilities {
                if let Ability::AdditionalLandPlays(k) = a {
                    n = n.saturating_add(*k);
                }
            }
        }
        n
    }

    /// How many more lands `p` can play this turn.
    pub fn land_plays_left(&self, p: PlayerId) -> u32 {
        if p != self.active {
            return 0;
        }
        self.land_plays_allowed(p)
            .saturating_sub(self.lands_played(p))
    }

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
        let mut effects: Vec<(i64, Change)> = self
            .effects
            .iter()
            .filter(|e| e.card == c && e.object == card.object)
            .map(|e| (e.timestamp, e.change.clone()))
            .collect();
        // 702.151b: an Equipment with reconfigure attached to a creature isn't a creature.
        if self.rules.reconfigure()
            && card.zone == Zone::Battlefield
            && card.printed.has(&Ability::Reconfigure(None))
            && matches!(card.attached_to, Some((Target::Card(_), _)))
        {
            effects.push((card.timestamp, Change::StopsBeingCreature));
        }
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
            chars.power_toughness = Some(super::card::PowerToughness {
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

    fn on_battlefield(&self, c: CardId) -> bool {
        self.zone(c) == Zone::Battlefield
    }

    fn ts(&mut self) -> i64 {
        self.clock += 1;
        self.clock
    }

    // ----- the one legality function for attachments ----------------------------------

    /// Every reason `att` can't be attached to `to`, by the rules for Auras (303.4, 702.5),
    /// Equipment (301.5), Fortifications (301.6), reconfigure (702.151), protection
    /// (702.16c–d), battles (310.9) and other permanents (704.5p). Empty: it can.
    pub fn attachment_problems(&self, att: CardId, to: Target) -> Vec<Reason> {
        let a = self.view(att);
        let name = self.label(att).to_string();
        let mut out = Vec::new();
        let aura = a.chars.has_subtype("aura");
        let equipment = a.chars.has_subtype("equipment");
        let fortification = a.chars.has_subtype("fortification");
        if a.chars.is(CardType::Battle) && self.rules.battles() {
            out.push(reason(
                &["310.9", "704.5p"],
                format!("{name} is a battle, which can't be attached to anything"),
            ));
        }
        if aura {
            if a.chars.is(CardType::Creature) {
                out.push(reason(
                    &["303.4d", "704.5p"],
                    format!(
                        "{name} is an Aura that's also a creature, which can't enchant anything"
                    ),
                ));
            }
            if to == Target::Card(att) {
                out.push(reason(
                    &["303.4d"],
                    "an Aura can't enchant itself".to_string(),
                ));
            }
            out.extend(self.enchant_problems(att, &a, to));
            if let Target::Card(t) = to {
                let tv = self.view(t);
                for q in tv.chars.protections() {
                    if a.chars.has_quality(q) {
                        out.push(reason(
                            &["702.16c"],
                            format!(
                                "{} has protection from {q}, so it can't be enchanted by {name}",
                                self.label(t)
                            ),
                        ));
                    }
                }
                if self.cant_be_enchanted_by_other_auras(t, att) {
                    out.push(reason(
                        &["303.4c"],
                        format!("{} can't be enchanted by other Auras", self.label(t)),
                    ));
                }
            }
        } else if equipment || fortification {
            let (kind, what, rule) = if equipment {
                (CardType::Creature, "Equipment", "301.5")
            } else {
                (CardType::Land, "Fortification", "301.6")
            };
            let kind_name = kind.name().to_lowercase();
            match to {
                Target::Player(p) => out.push(reason(&[rule], format!("{name} is an {what}, which can be attached only to a {kind_name}, not to a player ({})", self.player_name(p)))),
                Target::Card(t) => {
                    if t == att {
                        out.push(reason(&["301.5c"], format!("an {what} can't equip itself")));
                    }
                    let tv = self.view(t);
                    if !self.on_battlefield(t) {
                        out.push(reason(&[rule], format!("{} isn't a permanent on the battlefield (it's {})", self.label(t), self.where_is(self.zone(t)))));
                    } else if !tv.chars.is(kind) {
                        out.push(reason(&[rule], format!("{name} is an {what}, which can be attached only to a {kind_name}; {} is not a {kind_name}", self.label(t))));
                    }
                    for q in tv.chars.protections() {
                        if a.chars.has_quality(q) {
                            out.push(reason(&["702.16d"], format!("{} has protection from {q}, so it can't be {} by {name}", self.label(t), if equipment { "equipped" } else { "fortified" })));
                        }
                    }
                }
            }
            if a.chars.is(CardType::Creature) {
                let reconfigure = equipment
                    && self.rules.reconfigure()
                    && a.chars.has(&Ability::Reconfigure(None));
                if !reconfigure {
                    let rules: &[&str] = if equipment {
                        &["301.5c", "704.5p"]
                    } else {
                        &["301.6", "704.5p"]
                    };
                    out.push(reason(rules, format!("{name} is an {what} that's also a creature, so it can't {} a {kind_name}", if equipment { "equip" } else { "fortify" })));
                }
            }
        } else {
            out.push(reason(&["701.3b", "704.5p"], format!("{name} is not an Aura, an Equipment or a Fortification, so it can't be attached to anything")));
        }
        out
    }

    fn cant_be_enchanted_by_other_auras(&self, t: CardId, aura: CardId) -> bool {
        let rule = Ability::CantBeEnchantedByOtherAuras;
        let tv = self.view(t);
        if tv.chars.has(&rule) && !tv.chars.has_subtype("aura") {
            return true;
        }
        (0..self.cards.len()).any(|o| {
            o != aura && self.on_battlefield(o) && self.attached_to(o) == Some(Target::Card(t)) && {
                let v = self.view(o);
                v.chars.has_subtype("aura") && v.chars.has(&rule)
            }
        })
    }

    /// Whether `to` suits the Aura's enchant restriction (702.5a, 303.4a).
    fn enchant_problems(&self, att: CardId, a: &View, to: Target) -> Vec<Reason> {
        let name = self.label(att);
        let Some(enchant) = a.chars.enchant() else {
            return Vec::new();
        };
        let says = format!("{name} has enchant {}", enchant.describe());
        let bad = |why: String| vec![reason(&["303.4a", "702.5a"], format!("{says}; {why}"))];
        match (enchant, to) {
            (Enchant::Player, Target::Player(_)) => Vec::new(),
            (Enchant::Opponent, Target::Player(p)) => {
                if p == a.controller {
                    bad(format!(
                        "{} is its controller, not an opponent",
                        self.player_name(p)
                    ))
                } else {
                    Vec::new()
                }
            }
            (Enchant::Player | Enchant::Opponent, Target::Card(t)) => vec![reason(
                &["303.4a", "702.5d"],
                format!(
                    "{says}; an Aura that can enchant a player can't enchant a permanent ({})",
                    self.label(t)
                ),
            )],
            (_, Target::Player(p)) => bad(format!("{} is a player", self.player_name(p))),
            (Enchant::CardInGraveyard(kinds), Target::Card(t)) => {
                if !matches!(self.zone(t), Zone::Graveyard(_)) {
                    return bad(format!("{} isn't in a graveyard", self.label(t)));
                }
                let tv = self.view(t);
                if !kinds.is_empty() && !kinds.iter().any(|k| tv.chars.is_kind(k)) {
                    return bad(format!("{} is a {}", self.label(t), tv.chars.type_line));
                }
                Vec::new()
            }
            (Enchant::Permanent(alts), Target::Card(t)) => {
                if !self.on_battlefield(t) {
                    return bad(format!(
                        "{} isn't on the battlefield (it's {})",
                        self.label(t),
                        self.where_is(self.zone(t))
                    ));
                }
                let tv = self.view(t);
                let ok = alts.iter().any(|f| {
                    (f.kinds.is_empty() || f.kinds.iter().any(|k| tv.chars.is_kind(k)))
                        && !f.not_types.iter().any(|n| tv.chars.is(*n))
                        && match f.controlled {
                            Controlled::Any => true,
                            Controlled::You => tv.controller == a.controller,
                            Controlled::NotYou => tv.controller != a.controller,
                        }
                });
                if ok {
                    Vec::new()
                } else {
                    bad(format!(
                        "{} is a {} controlled by {}",
                        self.label(t),
                        tv.chars.type_line,
                        self.player_name(tv.controller)
                    ))
                }
            }
        }
    }

    /// Whether `target` may be targeted by a spell or ability from `source` controlled by
    /// `controller` (115, 702.11, 702.16b, 702.18) and suits `req`.
    fn target_problems(
        &self,
        source: CardId,
        controller: PlayerId,
        target: Target,
        req: Requirement,
    ) -> Vec<Reason> {
        let sv = self.view(source);
        let sname = self.label(source).to_string();
        let mut out = Vec::new();
        let Target::Card(t) = target else {
            if let Target::Player(p) = target {
                match req {
                    Requirement::Aura => out.extend(self.enchant_problems(source, &sv, target)),
                    Requirement::Any => {}
                    _ => out.push(reason(
                        &["115.1"],
                        format!("{} is a player, not a permanent", self.player_name(p)),
                    )),
                }
            }
            return out;
        };
        let tname = self.label(t).to_string();
        let graveyard_aura = req == Requirement::Aura
            && matches!(sv.chars.enchant(), Some(Enchant::CardInGraveyard(_)));
        let zone = self.zone(t);
        let allowed_zone = zone == Zone::Battlefield
            || (graveyard_aura && matches!(zone, Zone::Graveyard(_)))
            || (req == Requirement::Any && zone == Zone::Stack && t != source);
        if !allowed_zone {
            out.push(reason(&["115.2"], format!("{tname} is {}; only permanents can be targeted unless a spell or ability says otherwise", self.where_is(zone))));
            return out;
        }
        let tv = self.view(t);
        match req {
            Requirement::Aura => out.extend(self.enchant_problems(source, &sv, target)),
            Requirement::CreatureYouControl | Requirement::AnotherCreatureYouControl => {
                let rule = if req == Requirement::CreatureYouControl {
                    "702.6a"
                } else {
                    "702.151a"
                };
                if !tv.chars.is(CardType::Creature) {
                    out.push(reason(&[rule], format!("{tname} is not a creature")));
                }
                if tv.controller != controller {
                    out.push(reason(
                        &[rule],
                        format!(
                            "{tname} is controlled by {}, not by {}",
                            self.player_name(tv.controller),
                            self.player_name(controller)
                        ),
                    ));
                }
                if req == Requirement::AnotherCreatureYouControl && t == source {
                    out.push(reason(
                        &[rule],
                        format!("{sname} must target another creature"),
                    ));
                }
            }
            Requirement::LandYouControl => {
                if !tv.chars.is(CardType::Land) {
                    out.push(reason(&["702.67a"], format!("{tname} is not a land")));
                }
                if tv.controller != controller {
                    out.push(reason(
                        &["702.67a"],
                        format!(
                            "{tname} is controlled by {}, not by {}",
                            self.player_name(tv.controller),
                            self.player_name(controller)
                        ),
                    ));
                }
            }
            Requirement::Any => {}
        }
        if zone == Zone::Battlefield {
            if tv.chars.has(&Ability::Shroud) {
                out.push(reason(&["702.18a"], format!("{tname} has shroud")));
            }
            if tv.chars.has(&Ability::Hexproof) && tv.controller != controller {
                out.push(reason(
                    &["702.11b"],
                    format!(
                        "{tname} has hexproof and {} is an opponent of its controller",
                        self.player_name(controller)
                    ),
                ));
            }
            for q in tv.chars.protections() {
                if sv.chars.has_quality(q) {
                    out.push(reason(
                        &["702.16b"],
                        format!(
                            "{tname} has protection from {q}, so it can't be the target of {sname}"
                        ),
                    ));
                }
            }
        }
        out
    }

    // ----- moving objects (400.7) -----------------------------------------------------

    /// An Aura spell that can't enchant anything as it resolves goes to its owner's
    /// graveyard (303.4g, 303.4i); an Aura in any other zone stays where it is.
    fn aura_spell_to_graveyard(&mut self, c: CardId, zone: Zone, rule: &'static str) -> Vec<Event> {
        if zone != Zone::Stack {
            return Vec::new();
        }
        let owner = self.owner(c);
        self.move_card(c, Zone::Graveyard(owner), None, &[rule], "")
    }

    /// Moves a card to a zone as a new object. What was attached to it becomes
    /// unattached; effects on the old object no longer apply. Returns the events.
    fn move_card(
        &mut self,
        c: CardId,
        to: Zone,
        controller: Option<PlayerId>,
        numbers: &[&str],
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
        }
        self.effects
            .retain(|e| !(e.card == c && e.object == old_object));
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
        ev.cites.push(Cite::canonical("400.7"));
        events.push(ev);
        // What was attached to the old object is now attached to an object that no
        // longer exists; state-based actions deal with it (301.5c, 303.4c, 704.5m–p).
        if to == Zone::Battlefield
            && self.rules.battles()
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

    fn next_opponent(&self, p: PlayerId) -> Option<PlayerId> {
        let n = self.players.len();
        (1..n).map(|k| (p + k) % n).find(|&q| !self.players[q].lost)
    }

    fn attach(&mut self, att: CardId, to: Target, numbers: &[&str], why: &str) -> Event {
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

    // ----- player actions -------------------------------------------------------------

    /// Performs one item of `Actions`: the events it caused, or why it is illegal (the
    /// game is then untouched).
    pub fn perform(&mut self, item: &ActionItem) -> Result<Vec<Event>, Vec<Reason>> {
        match item.statement.clone() {
            Statement::Play { player, card } => self.play_land(player, card),
            Statement::Cast {
                player,
                card,
                targets,
            } => self.cast(player, card, &targets),
            Statement::Equip {
                player,
                equipment,
                target,
            } => self.activate(player, equipment, Some(target), AbilityKind::Equip),
            Statement::Fortify {
                player,
                fortification,
                target,
            } => self.activate(player, fortification, Some(target), AbilityKind::Fortify),
            Statement::Reconfigure {
                player,
                equipment,
                target,
            } => self.activate(player, equipment, Some(target), AbilityKind::Reconfigure),
            Statement::Unattach { player, equipment } => {
                self.activate(player, equipment, None, AbilityKind::Unattach)
            }
            Statement::PutOntoBattlefield {
                card,
                under,
                attached_to,
            } => self.put_onto_battlefield(card, under, attached_to, item.choice, false),
            Statement::ReturnToBattlefield { card, under } => {
                self.put_onto_battlefield(card, under, None, item.choice, true)
            }
            other => self.effect(other),
        }
    }

    /// The sorcery-speed timing rules (117.1a, 307.1): active player, main phase, empty
    /// stack, priority.
    fn sorcery_timing(&self, p: PlayerId, numbers: &[&str], what: &str) -> Vec<Reason> {
        let mut out = Vec::new();
        if p != self.active {
            out.push(reason(
                numbers,
                format!(
                    "{what} only during its controller's own turn, and it is {}'s turn",
                    self.player_name(self.active)
                ),
            ));
        }
        if !self.step.is_main_phase() {
            out.push(reason(
                numbers,
                format!(
                    "{what} only during a main phase, and it is the {} step",
                    self.step
                ),
            ));
        }
        if !self.stack.is_empty() {
            out.push(reason(
                numbers,
                format!(
                    "{what} only when the stack is empty, and it holds {}",
                    self.stack_labels().join(", ")
                ),
            ));
        }
        if out.is_empty() && p != self.priority {
            out.push(reason(
                numbers,
                format!(
                    "{} doesn't have priority ({} does)",
                    self.player_name(p),
                    self.player_name(self.priority)
                ),
            ));
        }
        out
    }

    fn play_land(&mut self, p: PlayerId, c: CardId) -> Result<Vec<Event>, Vec<Reason>> {
        let mut out = Vec::new();
        let name = self.label(c).to_string();
        let v = self.view(c);
        let zone = self.zone(c);
        if !v.chars.is(CardType::Land) {
            out.push(reason(
                &["305.1"],
                format!("{name} is not a land card; only lands are played (cast it instead)"),
            ));
        }
        match zone {
            Zone::Hand(o) if o == p => {}
            Zone::Graveyard(o) if o == p && self.may_play_lands_from_graveyard(p) => {}
            Zone::Graveyard(o) if o == p => out.push(reason(&["305.1"], format!("{name} is in {}'s graveyard; a land is played from its owner's hand unless an effect allows another zone (such as Crucible of Worlds)", self.player_name(o)))),
            z => out.push(reason(&["305.1"], format!("{name} is {}; a player plays a land card from their own hand", self.where_is(z)))),
        }
        if p != self.active {
            out.push(reason(
                &["305.3", "116.2a"],
                format!(
                    "{} can't play a land when it isn't their turn (it is {}'s turn)",
                    self.player_name(p),
                    self.player_name(self.active)
                ),
            ));
        }
        if !self.step.is_main_phase() {
            out.push(reason(
                &["305.1", "116.2a", "505.6b"],
                format!(
                    "a land is played only during a main phase, and it is the {} step",
                    self.step
                ),
            ));
        }
        if !self.stack.is_empty() {
            out.push(reason(
                &["305.1", "116.2a"],
                format!(
                    "a land is played only when the stack is empty, and it holds {}",
                    self.stack_labels().join(", ")
                ),
            ));
        }
        if p == self.active && p != self.priority && self.stack.is_empty() {
            out.push(reason(
                &["305.1", "116.2a"],
                format!(
                    "{} doesn't have priority ({} does)",
                    self.player_name(p),
                    self.player_name(self.priority)
                ),
            ));
        }
        if p == self.active {
            let allowed = self.land_plays_allowed(p);
            let played = self.lands_played(p);
            if played >= allowed {
                let mut limit = reason(
                    &["305.2", "305.2b"],
                    format!(
                        "{} has played {played} land{} this turn and can play {allowed}",
                        self.player_name(p),
                        plural(played)
                    ),
                );
                // Before 305.2b, the land limit was part of 305.3 (2011-07-15).
                limit.cites = limit
                    .cites
                    .into_iter()
                    .map(|c| {
                        if c.rule.to_string() == "305.2b" {
                            c.or_else("305.3", "2011-07-15")
                        } else {
                            c
                        }
                    })
                    .collect();
                out.push(limit);
            }
        }
        if !out.is_empty() {
            return Err(out);
        }
        let mut events = vec![event(
            EventKind::Played,
            vec![Target::Player(p), Target::Card(c)],
            &["305.1", "116.2a", "305.2", "305.2a"],
            format!(
                "{} plays {name} (a special action; it doesn't use the stack)",
                self.player_name(p)
            ),
        )];
        events.extend(self.move_card(
            c,
            Zone::Battlefield,
            Some(p),
            &["305.1"],
            "played as a land",
        ));
        self.players[p].lands_played += 1;
        self.priority = p;
        Ok(events)
    }

    fn may_play_lands_from_graveyard(&self, p: PlayerId) -> bool {
        (0..self.cards.len()).any(|c| {
            self.on_battlefield(c) && {
                let v = self.view(c);
                v.controller == p && v.chars.has(&Ability::PlayLandsFromGraveyard)
            }
        })
    }

    fn cast(
        &mut self,
        p: PlayerId,
        c: CardId,
        targets: &[Target],
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let mut out = Vec::new();
        let name = self.label(c).to_string();
        let v = self.view(c);
        match self.zone(c) {
            Zone::Hand(o) if o == p => {}
            z => out.push(reason(&["601.3"], format!("{name} is {}; {} may cast it only from their own hand unless an effect allows otherwise", self.where_is(z), self.player_name(p)))),
        }
        if v.chars.is(CardType::Land) {
            out.push(reason(
                &["305.9"],
                format!("{name} is a land; it can be played, not cast"),
            ));
        }
        let instant_speed = v.chars.is(CardType::Instant) || v.chars.has(&Ability::Flash);
        if !instant_speed {
            let rule = [
                (CardType::Sorcery, "307.1"),
                (CardType::Creature, "302.1"),
                (CardType::Artifact, "301.1"),
                (CardType::Enchantment, "303.1"),
                (CardType::Planeswalker, "306.1"),
                (CardType::Battle, "310.1"),
            ]
            .iter()
            .find(|(t, _)| v.chars.is(*t))
            .map(|(_, r)| *r)
            .unwrap_or("307.1");
            let what = format!("{name} (without flash) can be cast");
            out.extend(self.sorcery_timing(p, &["117.1a", rule], &what));
        } else if v.chars.has(&Ability::Flash) && !v.chars.is(CardType::Instant) {
            // 702.8a: flash allows casting any time the player could cast an instant.
        }
        let aura = v.chars.has_subtype("aura");
        if aura {
            if targets.len() != 1 {
                out.push(reason(&["303.4a", "115.1b"], format!("an Aura spell requires exactly one target, defined by its enchant ability; {} given", targets.len())));
            }
            for t in targets {
                out.extend(self.target_problems(c, p, *t, Requirement::Aura));
            }
        } else {
            for t in targets {
                if *t == Target::Card(c) {
                    out.push(reason(
                        &["115.5"],
                        "a spell can't target itself".to_string(),
                    ));
                    continue;
                }
                out.extend(self.target_problems(c, p, *t, Requirement::Any));
            }
        }
        if !out.is_empty() {
            return Err(out);
        }
        let targets: Vec<(Target, u32)> =
            targets.iter().map(|t| (*t, self.object_of(*t))).collect();
        let text = if targets.is_empty() {
            format!("{} casts {name}", self.player_name(p))
        } else {
            format!(
                "{} casts {name} targeting {}",
                self.player_name(p),
                targets
                    .iter()
                    .map(|(t, _)| self.target_name(*t))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let mut subjects = vec![Target::Player(p), Target::Card(c)];
        subjects.extend(targets.iter().map(|(t, _)| *t));
        let mut numbers = vec!["601.2"];
        if aura {
            numbers.extend(["303.4a", "115.1b"]);
        }
        if v.chars.is(CardType::Instant) {
            numbers.extend(["304.1", "117.1a"]);
        } else if v.chars.has(&Ability::Flash) {
            numbers.extend(["702.8a", "117.1a"]);
        }
        let mut events = vec![event(EventKind::Stack, subjects, &numbers, text)];
        events.extend(self.move_card(c, Zone::Stack, Some(p), &["601.2a"], "cast"));
        self.stack.push(StackItem {
            kind: StackKind::Spell(c),
            controller: p,
            targets,
        });
        self.priority = p;
        Ok(events)
    }

    fn object_of(&self, t: Target) -> u32 {
        match t {
            Target::Card(c) => self.cards.get(c).map(|c| c.object).unwrap_or(0),
            Target::Player(_) => 0,
        }
    }

    fn activate(
        &mut self,
        p: PlayerId,
        src: CardId,
        target: Option<CardId>,
        kind: AbilityKind,
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let mut out = Vec::new();
        let name = self.label(src).to_string();
        let v = self.view(src);
        let (rule, ability, req): (&str, Ability, Requirement) = match kind {
            AbilityKind::Equip => (
                "702.6a",
                Ability::Equip(None),
                Requirement::CreatureYouControl,
            ),
            AbilityKind::Fortify => (
                "702.67a",
                Ability::Fortify(None),
                Requirement::LandYouControl,
            ),
            AbilityKind::Reconfigure | AbilityKind::Unattach => (
                "702.151a",
                Ability::Reconfigure(None),
                Requirement::AnotherCreatureYouControl,
            ),
        };
        let kw = ability_name(kind);
        if matches!(kind, AbilityKind::Reconfigure | AbilityKind::Unattach)
            && !self.rules.reconfigure()
        {
            return Err(vec![reason(
                &["702.151"],
                format!(
                    "reconfigure doesn't exist under the rules of {} (it exists from 2022-02-18)",
                    self.rules.date
                ),
            )]);
        }
        if !self.on_battlefield(src) {
            out.push(reason(
                &["602.2"],
                format!(
                    "{name} is {}, not on the battlefield",
                    self.where_is(self.zone(src))
                ),
            ));
        } else if v.controller != p {
            out.push(reason(
                &["602.2", "301.5d"],
                format!(
                    "{name} is controlled by {}; only its controller can activate its abilities",
                    self.player_name(v.controller)
                ),
            ));
        }
        if !v.chars.has(&ability) {
            out.push(reason(&[rule], format!("{name} has no {kw} ability")));
        }
        out.extend(self.sorcery_timing(p, &[rule, "602.5d"], &format!("{kw} can be activated")));
        if let Some(t) = target {
            out.extend(self.target_problems(src, p, Target::Card(t), req));
        }
        if kind == AbilityKind::Unattach
            && !matches!(self.attached_to(src), Some(Target::Card(t)) if self.is_creature(t))
        {
            out.push(reason(&["702.151a"], format!("{name} isn't attached to a creature; its unattach ability can be activated only while it is")));
        }
        if !out.is_empty() {
            return Err(out);
        }
        let targets: Vec<(Target, u32)> = target
            .map(|t| (Target::Card(t), self.object_of(Target::Card(t))))
            .into_iter()
            .collect();
        let text = match target {
            Some(t) => format!(
                "{} activates {kw} of {name} targeting {}",
                self.player_name(p),
                self.label(t)
            ),
            None => format!(
                "{} activates the unattach ability of {name}",
                self.player_name(p)
            ),
        };
        let mut subjects = vec![Target::Player(p), Target::Card(src)];
        subjects.extend(target.map(Target::Card));
        let events = vec![event(
            EventKind::Stack,
            subjects,
            &[rule, "602.2", "602.5d"],
            text,
        )];
        let source_object = self.cards[src].object;
        self.stack.push(StackItem {
            kind: StackKind::Ability {
                source: src,
                source_object,
                ability: kind,
            },
            controller: p,
            targets,
        });
        self.priority = p;
        Ok(events)
    }

    // ----- the stack (405, 608) -------------------------------------------------------

    pub fn stack_is_empty(&self) -> bool {
        self.stack.is_empty()
    }

    /// Resolves the top object of the stack (608).
    pub fn resolve_top(&mut self) -> Vec<Event> {
        let Some(item) = self.stack.last().cloned() else {
            return Vec::new();
        };
        let mut events = Vec::new();
        // 608.2b: targets still legal?
        let req = match item.kind {
            StackKind::Spell(c) if self.view(c).chars.has_subtype("aura") => Requirement::Aura,
            StackKind::Spell(_) => Requirement::Any,
            StackKind::Ability { ability, .. } => match ability {
                AbilityKind::Equip => Requirement::CreatureYouControl,
                AbilityKind::Fortify => Requirement::LandYouControl,
                _ => Requirement::AnotherCreatureYouControl,
            },
        };
        let source = match item.kind {
            StackKind::Spell(c) => c,
            StackKind::Ability { source, .. } => source,
        };
        let mut illegal = Vec::new();
        for (t, obj) in &item.targets {
            let mut why = Vec::new();
            if let Target::Card(tc) = t {
                if self.cards.get(*tc).map(|c| c.object) != Some(*obj) {
                    why.push(reason(
                        &["608.2b", "400.7"],
                        format!(
                            "{} changed zones since it was targeted and is a new object",
                            self.label(*tc)
                        ),
                    ));
                }
            }
            if why.is_empty() {
                why = self.target_problems(source, item.controller, *t, req);
            }
            if !why.is_empty() {
                illegal.push((*t, why));
            }
        }
        let all_illegal = !item.targets.is_empty() && illegal.len() == item.targets.len();
        let desc = match item.kind {
            StackKind::Spell(c) => self.label(c).to_string(),
            StackKind::Ability {
                source, ability, ..
            } => format!(
                "the {} ability of {}",
                ability_name(ability),
                self.label(source)
            ),
        };
        self.stack.pop();
        self.priority = self.active;
        if all_illegal {
            let mut cites_all = cites(&["608.2b"]);
            let mut whys = Vec::new();
            for (_, why) in &illegal {
                for r in why {
                    cites_all.extend(r.cites.iter().copied());
                    whys.push(r.text.clone());
                }
            }
            dedup(&mut cites_all);
            let mut ev = Event {
                kind: EventKind::Stack,
                text: format!(
                    "{desc} doesn't resolve: every target is illegal ({})",
                    whys.join("; ")
                ),
                cites: cites_all,
                subjects: vec![Target::Card(source)],
                state_based: false,
            };
            if let StackKind::Spell(c) = item.kind {
                ev.subjects.extend(item.targets.iter().map(|(t, _)| *t));
                events.push(ev);
                let owner = self.owner(c);
                events.extend(self.move_card(
                    c,
                    Zone::Graveyard(owner),
                    None,
                    &["608.2b"],
                    "it didn't resolve",
                ));
            } else {
                events.push(ev);
            }
            return events;
        }
        match item.kind {
            StackKind::Spell(c) => {
                let v = self.view(c);
                let owner = self.owner(c);
                let name = self.label(c).to_string();
                if v.chars.is(CardType::Instant) || v.chars.is(CardType::Sorcery) {
                    events.push(event(
                        EventKind::Stack,
                        vec![Target::Card(c)],
                        &["608.2n"],
                        format!("{name} resolves"),
                    ));
                    events.extend(self.move_card(
                        c,
                        Zone::Graveyard(owner),
                        None,
                        &["608.2n"],
                        "an instant or sorcery goes to its owner's graveyard as it resolves",
                    ));
                } else if v.chars.has_subtype("aura") {
                    let target = item.targets.first().map(|(t, _)| *t);
                    events.push(event(
                        EventKind::Stack,
                        vec![Target::Card(c)],
                        &["608.3c"],
                        format!("{name} resolves"),
                    ));
                    events.extend(self.move_card(
                        c,
                        Zone::Battlefield,
                        Some(item.controller),
                        &["608.3c"],
                        "an Aura spell enters attached to its target",
                    ));
                    if let Some(t) = target {
                        events.push(self.attach(
                            c,
                            t,
                            &["608.3c", "303.4b"],
                            "the object it targeted",
                        ));
                    }
                } else {
                    events.push(event(
                        EventKind::Stack,
                        vec![Target::Card(c)],
                        &["608.3a"],
                        format!("{name} resolves"),
                    ));
                    events.extend(self.move_card(
                        c,
                        Zone::Battlefield,
                        Some(item.controller),
                        &["608.3a"],
                        "a permanent spell enters under its controller's control",
                    ));
                }
            }
            StackKind::Ability {
                source,
                source_object,
                ability,
            } => {
                let name = self.label(source).to_string();
                let rule = match ability {
                    AbilityKind::Equip => "702.6a",
                    AbilityKind::Fortify => "702.67a",
                    _ => "702.151a",
                };
                if self.cards.get(source).map(|c| c.object) != Some(source_object)
                    || !self.on_battlefield(source)
                {
                    events.push(event(EventKind::Stack, vec![Target::Card(source)], &[rule, "400.7"], format!("{desc} resolves but does nothing: {name} left the battlefield and is a new object")));
                    return events;
                }
                match ability {
                    AbilityKind::Unattach => {
                        events.push(event(
                            EventKind::Stack,
                            vec![Target::Card(source)],
                            &[rule],
                            format!("{desc} resolves"),
                        ));
                        if self.attached_to(source).is_some() {
                            self.cards[source].attached_to = None;
                            events.push(event(
                                EventKind::Unattached,
                                vec![Target::Card(source)],
                                &["702.151a", "702.151b"],
                                format!("{name} becomes unattached (and is a creature again)"),
                            ));
                        }
                    }
                    _ => {
                        let Some((Target::Card(t), _)) = item.targets.first().copied() else {
                            return events;
                        };
                        events.push(event(
                            EventKind::Stack,
                            vec![Target::Card(source), Target::Card(t)],
                            &[rule],
                            format!("{desc} resolves"),
                        ));
                        events.extend(self.try_attach(source, Target::Card(t), &[rule]));
                    }
                }
            }
        }
        events
    }

    /// Attaches if the rules allow; else the attachment doesn't move (701.3b, 301.5c,
    /// 303.4j).
    fn try_attach(&mut self, att: CardId, to: Target, numbers: &[&str]) -> Vec<Event> {
        if self.attached_to(att) == Some(to) {
            return vec![event(
                EventKind::Note,
                vec![Target::Card(att), to],
                &["701.3b"],
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
        let mut cs = cites(&["701.3b"]);
        let v = self.view(att);
        if v.chars.has_subtype("aura") {
            cs.push(Cite::canonical("303.4j"));
        } else if v.chars.has_subtype("equipment") {
            cs.push(Cite::canonical("301.5b"));
        } else if v.chars.has_subtype("fortification") {
            cs.extend(cites(&["301.6", "301.5b"]));
        }
        for r in &problems {
            cs.extend(
                r.cites
                    .iter()
                    .copied()
                    .filter(|c| c.rule.to_string() != "704.5p"),
            );
        }
        dedup(&mut cs);
        vec![Event {
            kind: EventKind::Note,
            text: format!(
                "{} doesn't move: {}",
                self.label(att),
                problems
                    .iter()
                    .map(|r| r.text.clone())
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
            cites: cs,
            subjects: vec![Target::Card(att), to],
            state_based: false,
        }]
    }

    // ----- effects --------------------------------------------------------------------

    fn put_onto_battlefield(
        &mut self,
        c: CardId,
        under: Option<PlayerId>,
        attached_to: Option<Target>,
        choice: Option<CardId>,
        returning: bool,
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let name = self.label(c).to_string();
        let zone = self.zone(c);
        let v = self.view(c);
        let controller = under.unwrap_or(self.cards[c].owner);
        let note = |numbers: &[&str], text: String| {
            Ok(vec![event(
                EventKind::Note,
                vec![Target::Card(c)],
                numbers,
                text,
            )])
        };
        if zone == Zone::Battlefield {
            if returning {
                return note(
                    &["400.7"],
                    format!("{name} is already on the battlefield; nothing happens"),
                );
            }
            return note(
                &["400.7"],
                format!("{name} is already on the battlefield; nothing happens"),
            );
        }
        if zone == Zone::Nowhere || (self.cards[c].token && zone != Zone::Battlefield) {
            return note(
                &["111.8"],
                format!("{name} is a token that left the battlefield; it can't come back"),
            );
        }
        if v.chars.is(CardType::Instant) || v.chars.is(CardType::Sorcery) {
            return note(&["400.4a", "110.4"], format!("{name} is an instant or sorcery card and can't enter the battlefield; it stays {}", self.where_is(zone)));
        }
        let put_rules: &[&str] = if v.chars.is(CardType::Land) {
            &["305.4", "110.2a"]
        } else {
            &["110.2a"]
        };
        let why = if v.chars.is(CardType::Land) {
            "put, not played: it doesn't count as a land played (305.4)"
        } else {
            "put by an effect"
        };
        if v.chars.has_subtype("aura") {
            // 303.4f–i: an Aura entering without being cast.
            let candidate = |g: &Game, t: Target| -> Vec<Reason> {
                let mut sim = g.clone();
                sim.cards[c].zone = Zone::Battlefield;
                sim.cards[c].controller = controller;
                sim.attachment_problems(c, t)
            };
            let chosen = match (attached_to, choice) {
                (Some(t), _) => {
                    let problems = candidate(self, t);
                    if !problems.is_empty() {
                        let stays = if zone == Zone::Stack {
                            "it goes to its owner's graveyard"
                        } else {
                            "it stays in its zone"
                        };
                        let mut cs = cites(&["303.4i"]);
                        for r in &problems {
                            cs.extend(r.cites.iter().copied());
                        }
                        dedup(&mut cs);
                        let mut events = vec![Event {
                            kind: EventKind::Note,
                            text: format!(
                                "{name} can't enter attached to {}: {}; {stays} ({})",
                                self.target_name(t),
                                problems
                                    .iter()
                                    .map(|r| r.text.clone())
                                    .collect::<Vec<_>>()
                                    .join("; "),
                                self.zone_name(zone)
                            ),
                            cites: cs,
                            subjects: vec![Target::Card(c), t],
                            state_based: false,
                        }];
                        events.extend(self.aura_spell_to_graveyard(c, zone, "303.4i"));
                        return Ok(events);
                    }
                    (t, String::new())
                }
                (None, choice) => {
                    let mut legal: Vec<Target> = (0..self.cards.len())
                        .filter(|&o| {
                            o != c
                                && (self.on_battlefield(o)
                                    || matches!(self.zone(o), Zone::Graveyard(_)))
                        })
                        .map(Target::Card)
                        .filter(|t| candidate(self, *t).is_empty())
                        .collect();
                    legal.extend(
                        (0..self.players.len())
                            .filter(|p| !self.players[*p].lost)
                            .map(Target::Player)
                            .filter(|t| candidate(self, *t).is_empty()),
                    );
                    if legal.is_empty() {
                        let stays = if zone == Zone::Stack {
                            "it goes to its owner's graveyard"
                        } else {
                            "it stays where it is"
                        };
                        let mut events = vec![event(
                            EventKind::Note,
                            vec![Target::Card(c)],
                            &["303.4g"],
                            format!(
                                "{name} has nothing it could legally enchant, so {stays} ({})",
                                self.zone_name(zone)
                            ),
                        )];
                        events.extend(self.aura_spell_to_graveyard(c, zone, "303.4g"));
                        return Ok(events);
                    }
                    match choice {
                        Some(ch) if legal.contains(&Target::Card(ch)) => (
                            Target::Card(ch),
                            format!(
                                "{} chooses {}",
                                self.player_name(controller),
                                self.label(ch)
                            ),
                        ),
                        Some(ch) => {
                            return Err(vec![reason(
                                &["303.4f"],
                                format!(
                                    "{name} can't enchant {}: {}",
                                    self.label(ch),
                                    candidate(self, Target::Card(ch))
                                        .iter()
                                        .map(|r| r.text.clone())
                                        .collect::<Vec<_>>()
                                        .join("; ")
                                ),
                            )]);
                        }
                        None => {
                            let newest = legal
                                .iter()
                                .copied()
                                .max_by_key(|t| match t {
                                    Target::Card(o) => (1, self.cards[*o].timestamp),
                                    Target::Player(p) => (0, -(*p as i64)),
                                })
                                .unwrap_or(legal[0]);
                            (newest, format!("no `(choosing L)` given: the checker picks the newest legal choice, {}", self.target_name(newest)))
                        }
                    }
                }
            };
            let (t, how) = chosen;
            let mut events = self.move_card(
                c,
                Zone::Battlefield,
                Some(controller),
                &["303.4f"],
                "an Aura put onto the battlefield",
            );
            events.push(self.attach(c, t, &["303.4f"], &how));
            return Ok(events);
        }
        let mut events = self.move_card(c, Zone::Battlefield, Some(controller), put_rules, why);
        if let Some(t) = attached_to {
            let v = self.view(c);
            if v.chars.has_subtype("equipment") || v.chars.has_subtype("fortification") {
                let problems = self.attachment_problems(c, t);
                if problems.is_empty() {
                    events.push(self.attach(c, t, &["301.5e"], ""));
                } else {
                    let mut cs = cites(&["301.5e"]);
                    for r in &problems {
                        cs.extend(
                            r.cites
                                .iter()
                                .copied()
                                .filter(|c| c.rule.to_string() != "704.5p"),
                        );
                    }
                    dedup(&mut cs);
                    events.push(Event {
                        kind: EventKind::Note,
                        text: format!(
                            "{name} enters unattached: {}",
                            problems
                                .iter()
                                .map(|r| r.text.clone())
                                .collect::<Vec<_>>()
                                .join("; ")
                        ),
                        cites: cs,
                        subjects: vec![Target::Card(c), t],
                        state_based: false,
                    });
                }
            } else {
                events.push(event(
                    EventKind::Note,
                    vec![Target::Card(c), t],
                    &["303.4h"],
                    format!(
                        "{name} isn't an Aura, Equipment or Fortification, so it enters unattached"
                    ),
                ));
            }
        }
        Ok(events)
    }

    fn effect(&mut self, st: Statement) -> Result<Vec<Event>, Vec<Reason>> {
        match st {
            Statement::Attach { card, to } => {
                if !self.on_battlefield(card) {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(card)],
                        &["701.3a"],
                        format!(
                            "{} isn't on the battlefield; nothing is attached",
                            self.label(card)
                        ),
                    )]);
                }
                Ok(self.try_attach(card, to, &["701.3a"]))
            }
            Statement::Modify {
                card,
                change,
                until_end_of_turn,
            } => {
                let ts = self.ts();
                let object = self.cards.get(card).map(|c| c.object).unwrap_or(0);
                let layer = match &change {
                    Change::Control(_) => "613.1b",
                    Change::BecomesCreature(Some(_)) | Change::BecomesTypes(_, Some(_)) => "613.4b",
                    Change::BecomesCreature(None)
                    | Change::BecomesTypes(_, None)
                    | Change::StopsBeingCreature
                    | Change::GainsSubtype(_)
                    | Change::LosesSubtype(_) => "613.1d",
                    Change::Gains(_) | Change::Loses(_) => "613.1f",
                    Change::Gets(_) => "613.4c",
                };
                let text = format!(
                    "{} {}{}",
                    match &change {
                        Change::Control(p) => format!("{} gains control of", self.player_name(*p)),
                        _ => String::new(),
                    },
                    self.describe_change(card, &change),
                    if until_end_of_turn {
                        " until end of turn"
                    } else {
                        ""
                    }
                );
                self.effects.push(ContinuousEffect {
                    timestamp: ts,
                    card,
                    object,
                    change: change.clone(),
                    until_end_of_turn,
                });
                let kind = if matches!(change, Change::Control(_)) {
                    EventKind::Control
                } else {
                    EventKind::Changed
                };
                let mut numbers = vec![layer, "613.7b"];
                if until_end_of_turn {
                    numbers.push("514.2");
                }
                let mut subjects = vec![Target::Card(card)];
                if let Change::Control(p) = change {
                    subjects.push(Target::Player(p));
                }
                Ok(vec![event(
                    kind,
                    subjects,
                    &numbers,
                    text.trim().to_string(),
                )])
            }
            Statement::Destroy(c) => {
                if !self.on_battlefield(c) {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(c)],
                        &["701.8a"],
                        format!(
                            "{} isn't on the battlefield; nothing is destroyed",
                            self.label(c)
                        ),
                    )]);
                }
                if self.view(c).chars.has(&Ability::Indestructible) {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(c)],
                        &["702.12b"],
                        format!("{} is indestructible and isn't destroyed", self.label(c)),
                    )]);
                }
                let owner = self.owner(c);
                Ok(self.move_card(c, Zone::Graveyard(owner), None, &["701.8a"], "destroyed"))
            }
            Statement::Exile(c) => {
                if self.zone(c) == Zone::Nowhere {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(c)],
                        &["111.8"],
                        format!("{} no longer exists", self.label(c)),
                    )]);
                }
                if self.cards[c].token && self.zone(c) != Zone::Battlefield {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(c)],
                        &["111.8"],
                        format!(
                            "{} is a token that left the battlefield; it can't move again",
                            self.label(c)
                        ),
                    )]);
                }
                Ok(self.move_card(c, Zone::Exile, None, &["701.13a"], "exiled"))
            }
            Statement::Sacrifice { player, card } => {
                if !self.on_battlefield(card) || self.controller(card) != player {
                    return Err(vec![reason(
                        &["701.21a"],
                        format!(
                            "{} can sacrifice only a permanent they control; {} is {}",
                            self.player_name(player),
                            self.label(card),
                            if self.on_battlefield(card) {
                                format!("controlled by {}", self.player_name(self.controller(card)))
                            } else {
                                self.where_is(self.zone(card))
                            }
                        ),
                    )]);
                }
                let owner = self.owner(card);
                Ok(self.move_card(
                    card,
                    Zone::Graveyard(owner),
                    None,
                    &["701.21a"],
                    &format!("sacrificed by {}", self.player_name(player)),
                ))
            }
            Statement::ReturnToHand(c) => {
                if self.zone(c) == Zone::Nowhere
                    || (self.cards[c].token && self.zone(c) != Zone::Battlefield)
                {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(c)],
                        &["111.8"],
                        format!(
                            "{} is a token that left the battlefield; it can't move again",
                            self.label(c)
                        ),
                    )]);
                }
                let owner = self.owner(c);
                Ok(self.move_card(
                    c,
                    Zone::Hand(owner),
                    None,
                    &["400.7"],
                    "returned to its owner's hand",
                ))
            }
            Statement::Damage { card, amount } => {
                if !self.on_battlefield(card) {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(card)],
                        &["120.3"],
                        format!(
                            "{} isn't on the battlefield; no damage is dealt",
                            self.label(card)
                        ),
                    )]);
                }
                let v = self.view(card);
                let mut numbers = Vec::new();
                let c = &mut self.cards[card];
                if v.chars.is(CardType::Creature) {
                    c.damage += amount;
                    numbers.push("120.3e");
                }
                if v.chars.is(CardType::Planeswalker) {
                    c.loyalty = (c.loyalty - amount).max(0);
                    numbers.push("120.3c");
                }
                if v.chars.is(CardType::Battle) {
                    c.defense = (c.defense - amount).max(0);
                    numbers.push("120.3h");
                }
                if numbers.is_empty() {
                    numbers.push("120.3");
                }
                Ok(vec![event(
                    EventKind::Damage,
                    vec![Target::Card(card)],
                    &numbers,
                    format!("{} is dealt {amount} damage", self.label(card)),
                )])
            }
            Statement::PutCounters { card, kind, amount }
            | Statement::RemoveCounters { card, kind, amount } => {
                let sign = if matches!(st, Statement::PutCounters { .. }) {
                    1
                } else {
                    -1
                };
                let Some(c) = self.cards.get_mut(card) else {
                    return Ok(Vec::new());
                };
                let slot = match kind {
                    CounterKind::PlusOne => &mut c.plus,
                    CounterKind::MinusOne => &mut c.minus,
                    CounterKind::Loyalty => &mut c.loyalty,
                    CounterKind::Defense => &mut c.defense,
                };
                let before = *slot;
                *slot = (*slot + sign * amount).max(0);
                let changed = (*slot - before).abs();
                let text = if sign > 0 {
                    format!(
                        "{changed} {} counter{} put on {}",
                        kind.name(),
                        plural(changed as u32),
                        self.label(card)
                    )
                } else {
                    format!(
                        "{changed} {} counter{} removed from {}",
                        kind.name(),
                        plural(changed as u32),
                        self.label(card)
                    )
                };
                Ok(vec![event(
                    EventKind::Counters,
                    vec![Target::Card(card)],
                    &["122.1"],
                    text,
                )])
            }
            Statement::LoseLife { player, amount } => {
                self.players[player].life -= amount;
                Ok(vec![event(
                    EventKind::Life,
                    vec![Target::Player(player)],
                    &["119.3"],
                    format!(
                        "{} loses {amount} life (now {})",
                        self.player_name(player),
                        self.players[player].life
                    ),
                )])
            }
            Statement::GainLife { player, amount } => {
                self.players[player].life += amount;
                Ok(vec![event(
                    EventKind::Life,
                    vec![Target::Player(player)],
                    &["119.3"],
                    format!(
                        "{} gains {amount} life (now {})",
                        self.player_name(player),
                        self.players[player].life
                    ),
                )])
            }
            Statement::GoTo(step) => {
                if step <= self.step {
                    return Err(vec![reason(&["500.1"], format!("the turn can't go back or stay: it is the {} step, and `go to` names a later step of this turn ({step} isn't later)", self.step))]);
                }
                if !self.stack.is_empty() {
                    return Err(vec![reason(
                        &["117.4", "500.2"],
                        format!(
                            "a step ends only when the stack is empty; it holds {}",
                            self.stack_labels().join(", ")
                        ),
                    )]);
                }
                let mut events = vec![event(
                    EventKind::Turn,
                    vec![Target::Player(self.active)],
                    &["500.1", "117.3a"],
                    format!(
                        "the turn goes to the {step} step; {} receives priority",
                        self.player_name(self.active)
                    ),
                )];
                self.step = step;
                self.priority = self.active;
                if step == Step::Cleanup {
                    events.extend(self.cleanup());
                }
                Ok(events)
            }
            Statement::NextTurn => {
                let mut events = Vec::new();
                if !self.cleanup_done {
                    events.extend(self.cleanup());
                }
                let n = self.players.len();
                let next = (1..=n)
                    .map(|k| (self.active + k) % n)
                    .find(|&q| !self.players[q].lost)
                    .unwrap_or(self.active);
                self.active = next;
                self.priority = next;
                self.step = Step::PrecombatMain;
                self.cleanup_done = false;
                for p in &mut self.players {
                    p.lands_played = 0;
                    p.extra_land_plays = 0;
                }
                let mut untapped = Vec::new();
                for c in 0..self.cards.len() {
                    self.cards[c].entered_this_turn = false;
                    if self.on_battlefield(c) && self.controller(c) == next && self.cards[c].tapped
                    {
                        self.cards[c].tapped = false;
                        untapped.push(self.label(c).to_string());
                    }
                }
                events.push(event(EventKind::Turn, vec![Target::Player(next)], &["500.1", "502.3", "305.2"], format!("{}'s turn begins: {} untap{}; no lands have been played; precombat main phase, {} has priority", self.player_name(next), if untapped.is_empty() { "no permanents".to_string() } else { untapped.join(", ") }, if untapped.len() == 1 { "s" } else { "" }, self.player_name(next))));
                Ok(events)
            }
            Statement::Play { .. }
            | Statement::Cast { .. }
            | Statement::Equip { .. }
            | Statement::Fortify { .. }
            | Statement::Reconfigure { .. }
            | Statement::Unattach { .. }
            | Statement::PutOntoBattlefield { .. }
            | Statement::ReturnToBattlefield { .. } => Ok(Vec::new()),
        }
    }

    /// 514.2: damage is removed and "until end of turn" effects end.
    fn cleanup(&mut self) -> Vec<Event> {
        self.cleanup_done = true;
        let ended = self.effects.iter().filter(|e| e.until_end_of_turn).count();
        self.effects.retain(|e| !e.until_end_of_turn);
        let mut subjects = Vec::new();
        for c in 0..self.cards.len() {
            if self.cards[c].damage != 0 {
                subjects.push(Target::Card(c));
            }
            self.cards[c].damage = 0;
        }
        vec![event(
            EventKind::Turn,
            subjects,
            &["514.2"],
            format!(
                "cleanup step: damage is removed and {ended} \"until end of turn\" effect{} end{}",
                plural(ended as u32),
                if ended == 1 { "s" } else { "" }
            ),
        )]
    }

    fn describe_change(&self, card: CardId, change: &Change) -> String {
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

    // ----- state-based actions (704) --------------------------------------------------

    /// The state-based actions that apply now, without performing them.
    pub fn pending_state_based_actions(&self) -> Vec<String> {
        self.collect_sba(None, &mut Vec::new())
            .into_iter()
            .map(|p| p.text)
            .collect()
    }

    fn collect_sba(&self, choice: Option<CardId>, notes: &mut Vec<Event>) -> Vec<Pending> {
        let mut out: Vec<Pending> = Vec::new();
        let push = |out: &mut Vec<Pending>,
                    card: Option<CardId>,
                    player: Option<PlayerId>,
                    what: Sba,
                    cs: Vec<Cite>,
                    text: String| {
            if let Some(existing) = out
                .iter_mut()
                .find(|p| p.card == card && p.player == player && card.is_some() && p.what == what)
            {
                existing.cites.extend(cs);
                dedup(&mut existing.cites);
                if !existing.text.contains(&text) {
                    existing.text = format!("{}; {text}", existing.text);
                }
                return;
            }
            out.push(Pending {
                card,
                player,
                what,
                cites: cs,
                text,
            });
        };
        // 704.5a
        for (i, p) in self.players.iter().enumerate() {
            if !p.lost && p.life <= 0 {
                push(
                    &mut out,
                    None,
                    Some(i),
                    Sba::Lose,
                    cites(&["704.5a"]),
                    format!("{} has {} life and loses the game", p.name, p.life),
                );
            }
        }
        let mut legendary: BTreeMap<(Option<PlayerId>, String), Vec<CardId>> = BTreeMap::new();
        let mut walkers: Vec<(CardId, PlayerId, Vec<String>)> = Vec::new();
        let mut worlds: Vec<CardId> = Vec::new();
        let mut roles: BTreeMap<(CardId, PlayerId), Vec<CardId>> = BTreeMap::new();
        for c in 0..self.cards.len() {
            let card = &self.cards[c];
            // 704.5d
            if card.token && card.zone != Zone::Battlefield && card.zone != Zone::Nowhere {
                push(
                    &mut out,
                    Some(c),
                    None,
                    Sba::CeaseToExist,
                    cites(&["704.5d", "111.7"]),
                    format!(
                        "{} is a token in {} and ceases to exist",
                        card.label,
                        self.zone_name(card.zone)
                    ),
                );
                continue;
            }
            if card.zone != Zone::Battlefield {
                continue;
            }
            let v = self.view(c);
            let name = card.label.clone();
            let owner = self.player_name(card.owner).to_string();
            if v.chars.is(CardType::Creature) {
                let t = v.chars.power_toughness.map(|p| p.toughness).unwrap_or(0);
                if t <= 0 {
                    push(
                        &mut out,
                        Some(c),
                        None,
                        Sba::Graveyard,
                        cites(&["704.5f"]),
                        format!("{name} has toughness {t} and is put into {owner}'s graveyard"),
                    );
                } else if card.damage >= t {
                    if v.chars.has(&Ability::Indestructible) {
                        // 702.12b: indestructible permanents ignore 704.5g.
                    } else {
                        push(&mut out, Some(c), None, Sba::Destroy, cites(&["704.5g"]), format!("{name} has {} damage marked and toughness {t}: lethal damage, it is destroyed", card.damage));
                    }
                }
            }
            if v.chars.is(CardType::Planeswalker) && card.loyalty <= 0 {
                push(
                    &mut out,
                    Some(c),
                    None,
                    Sba::Graveyard,
                    cites(&["704.5i"]),
                    format!("{name} has loyalty 0 and is put into {owner}'s graveyard"),
                );
            }
            if v.chars.is_super(Supertype::Legendary) {
                let key = if self.rules.legend_rule_per_player() {
                    Some(v.controller)
                } else {
                    None
                };
                legendary
                    .entry((key, card.name.to_lowercase()))
                    .or_default()
                    .push(c);
            }
            if v.chars.is(CardType::Planeswalker) && self.rules.planeswalker_uniqueness() {
                walkers.push((
                    c,
                    v.controller,
                    v.chars
                        .type_line
                        .subtypes
                        .iter()
                        .map(|s| s.to_lowercase())
                        .collect(),
                ));
            }
            if v.chars.is_super(Supertype::World) {
                worlds.push(c);
            }
            // Attachments: 704.5m, 704.5n, 704.5p.
            let aura = v.chars.has_subtype("aura");
            let equipment =
                v.chars.has_subtype("equipment") || v.chars.has_subtype("fortification");
            match card.attached_to {
                None if aura => push(
                    &mut out,
                    Some(c),
                    None,
                    Sba::Graveyard,
                    cites(&["704.5m", "303.4c"]),
                    format!(
                        "{name} is an Aura attached to nothing and is put into {owner}'s graveyard"
                    ),
                ),
                None => {}
                Some((to, obj)) => {
                    let gone = matches!(to, Target::Card(t) if self.cards.get(t).map(|x| x.object) != Some(obj) || (self.zone(t) != Zone::Battlefield && !matches!(v.chars.enchant(), Some(Enchant::CardInGraveyard(_)))));
                    let mut problems = if gone {
                        vec![reason(
                            &["303.4c", "400.7"],
                            format!("{} changed zones and is a new object", self.target_name(to)),
                        )]
                    } else {
                        self.attachment_problems(c, to)
                    };
                    if let Target::Player(p) = to {
                        if self.players[p].lost {
                            problems.push(reason(
                                &["303.4c"],
                                format!("{} has left the game", self.player_name(p)),
                            ));
                        }
                    }
                    if !problems.is_empty() {
                        let mut cs = Vec::new();
                        if aura {
                            cs.push(Cite::canonical("704.5m"));
                            if !gone
                                && !problems.iter().any(|r| {
                                    r.cites
                                        .iter()
                                        .any(|c| c.rule.to_string().starts_with("303.4"))
                                })
                            {
                                cs.push(Cite::canonical("303.4c"));
                            }
                        } else if equipment {
                            cs.push(Cite::canonical("704.5n"));
                        } else {
                            cs.push(Cite::canonical("704.5p"));
                        }
                        for r in &problems {
                            cs.extend(r.cites.iter().copied());
                        }
                        if v.chars.is(CardType::Creature) || v.chars.is(CardType::Battle) {
                            cs.push(Cite::canonical("704.5p"));
                        }
                        if equipment && !aura {
                            let illegal_rule = if v.chars.has_subtype("equipment") {
                                "301.5c"
                            } else {
                                "301.6"
                            };
                            cs.push(Cite::canonical(illegal_rule));
                        }
                        dedup(&mut cs);
                        let why = problems
                            .iter()
                            .map(|r| r.text.clone())
                            .collect::<Vec<_>>()
                            .join("; ");
                        if aura {
                            push(&mut out, Some(c), None, Sba::Graveyard, cs, format!("{name} is an Aura attached illegally ({why}) and is put into {owner}'s graveyard"));
                        } else {
                            push(&mut out, Some(c), None, Sba::Unattach, cs, format!("{name} becomes unattached from {} ({why}) and remains on the battlefield", self.target_name(to)));
                        }
                    }
                    if aura && v.chars.has_subtype("role") && self.rules.roles() {
                        if let Target::Card(t) = to {
                            roles.entry((t, v.controller)).or_default().push(c);
                        }
                    }
                }
            }
            // 704.5q
            if card.plus > 0 && card.minus > 0 {
                let n = card.plus.min(card.minus);
                push(
                    &mut out,
                    Some(c),
                    None,
                    Sba::Annihilate,
                    cites(&["704.5q", "122.3"]),
                    format!(
                        "{n} +1/+1 and {n} -1/-1 counter{} are removed from {name}",
                        plural(n as u32)
                    ),
                );
            }
            if v.chars.is(CardType::Battle) && self.rules.battles() {
                if card.defense <= 0 {
                    push(
                        &mut out,
                        Some(c),
                        None,
                        Sba::Graveyard,
                        cites(&["704.5v", "310.7"]),
                        format!("{name} has defense 0 and is put into {owner}'s graveyard"),
                    );
                } else {
                    let siege = v.chars.has_subtype("siege");
                    match card.protector {
                        None => {
                            let choice = if siege { self.next_opponent(v.controller) } else { Some(v.controller) };
                            match choice {
                                Some(p) => push(&mut out, Some(c), None, Sba::Protector(Some(p)), cites(&["704.5w", "310.10"]), format!("{name} has no protector; {} chooses {}", self.player_name(v.controller), self.player_name(p))),
                                None => push(&mut out, Some(c), None, Sba::Graveyard, cites(&["704.5w", "310.10"]), format!("{name} has no protector and none can be chosen; it is put into {owner}'s graveyard")),
                            }
                        }
                        Some(p) if siege && p == v.controller => match self.next_opponent(v.controller) {
                            Some(q) => push(&mut out, Some(c), None, Sba::Protector(Some(q)), cites(&["704.5x", "310.11a"]), format!("{name} is a Siege protected by its controller; {} chooses {} as its protector", self.player_name(p), self.player_name(q))),
                            None => push(&mut out, Some(c), None, Sba::Graveyard, cites(&["704.5x"]), format!("{name} is a Siege protected by its controller and there is no opponent to choose; it is put into {owner}'s graveyard")),
                        },
                        Some(p) if self.players.get(p).is_none_or(|x| x.lost) => {
                            let choice = if siege { self.next_opponent(v.controller) } else { Some(v.controller) };
                            match choice {
                                Some(q) => push(&mut out, Some(c), None, Sba::Protector(Some(q)), cites(&["704.5w", "310.10"]), format!("{name}'s protector has left the game; {} chooses {}", self.player_name(v.controller), self.player_name(q))),
                                None => push(&mut out, Some(c), None, Sba::Graveyard, cites(&["704.5w", "310.10"]), format!("{name} has no protector and none can be chosen; it is put into {owner}'s graveyard")),
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        // 704.5j: the legend rule.
        for ((per_player, _), group) in &legendary {
            if group.len() < 2 {
                continue;
            }
            let names = group
                .iter()
                .map(|c| self.label(*c))
                .collect::<Vec<_>>()
                .join(", ");
            match per_player {
                Some(p) => {
                    let keep = match choice.filter(|ch| group.contains(ch)) {
                        Some(ch) => {
                            notes.push(event(
                                EventKind::Note,
                                vec![Target::Card(ch)],
                                &["704.5j"],
                                format!(
                                    "{} keeps {} (as written)",
                                    self.player_name(*p),
                                    self.label(ch)
                                ),
                            ));
                            ch
                        }
                        None => {
                            let newest = group
                                .iter()
                                .copied()
                                .max_by_key(|c| self.cards[*c].timestamp)
                                .unwrap_or(group[0]);
                            notes.push(event(EventKind::Note, vec![Target::Card(newest)], &["704.5j"], format!("{} keeps {}: no `(keeping L)` given, so the checker keeps the newest", self.player_name(*p), self.label(newest))));
                            newest
                        }
                    };
                    for &c in group {
                        if c != keep {
                            push(&mut out, Some(c), None, Sba::Graveyard, cites(&["704.5j"]), format!("legend rule: {} controls {names} with the same name and keeps {}; {} is put into {}'s graveyard", self.player_name(*p), self.label(keep), self.label(c), self.player_name(self.cards[c].owner)));
                        }
                    }
                }
                None => {
                    for &c in group {
                        push(&mut out, Some(c), None, Sba::Graveyard, cites(&["704.5j"]), format!("legend rule ({} rules): {names} are legendary permanents with the same name on the battlefield, so all are put into their owners' graveyards; {} goes to {}'s graveyard", self.rules.date, self.label(c), self.player_name(self.cards[c].owner)));
                    }
                }
            }
        }
        // The planeswalker uniqueness rule (until 2017-09-29).
        let uniqueness = Cite {
            rule: "704.5j"
                .parse()
                .unwrap_or(crate::model::RuleNumber::rule(704)),
            numbering: UNIQUENESS_NUMBERING,
            otherwise: None,
        };
        let per_player = self.rules.legend_rule_per_player();
        let mut done: Vec<CardId> = Vec::new();
        for (i, (c, ctl, types)) in walkers.iter().enumerate() {
            if done.contains(c) {
                continue;
            }
            let group: Vec<CardId> = walkers
                .iter()
                .skip(i)
                .filter(|(_, ctl2, t2)| {
                    (!per_player || ctl2 == ctl) && t2.iter().any(|t| types.contains(t))
                })
                .map(|(c2, _, _)| *c2)
                .collect();
            if group.len() < 2 {
                continue;
            }
            done.extend(group.iter().copied());
            let names = group
                .iter()
                .map(|c| self.label(*c))
                .collect::<Vec<_>>()
                .join(", ");
            let keep = if per_player {
                Some(choice.filter(|ch| group.contains(ch)).unwrap_or_else(|| {
                    group
                        .iter()
                        .copied()
                        .max_by_key(|c| self.cards[*c].timestamp)
                        .unwrap_or(group[0])
                }))
            } else {
                None
            };
            for &g in &group {
                if Some(g) == keep {
                    continue;
                }
                push(&mut out, Some(g), None, Sba::Graveyard, vec![uniqueness], match keep {
                    Some(k) => format!("planeswalker uniqueness rule: {names} share a planeswalker type; {} keeps {}{}, and {} is put into its owner's graveyard", self.player_name(*ctl), self.label(k), if choice == Some(k) { "" } else { " (the newest: no `(keeping L)` given)" }, self.label(g)),
                    None => format!("planeswalker uniqueness rule: {names} share a planeswalker type, so all are put into their owners' graveyards; {} goes", self.label(g)),
                });
            }
        }
        // 704.5k: the world rule.
        if worlds.len() > 1 {
            let newest = worlds
                .iter()
                .map(|c| self.cards[*c].timestamp)
                .max()
                .unwrap_or(0);
            let tied = worlds
                .iter()
                .filter(|c| self.cards[**c].timestamp == newest)
                .count()
                > 1;
            for &c in &worlds {
                if tied || self.cards[c].timestamp != newest {
                    push(&mut out, Some(c), None, Sba::Graveyard, cites(&["704.5k"]), format!("world rule: {} isn't the permanent that has had the world supertype for the shortest time; it is put into its owner's graveyard", self.label(c)));
                }
            }
        }
        // 704.5y: Roles.
        for ((t, p), group) in &roles {
            if group.len() < 2 {
                continue;
            }
            let newest = group
                .iter()
                .copied()
                .max_by_key(|c| self.cards[*c].timestamp)
                .unwrap_or(group[0]);
            for &c in group {
                if c != newest {
                    push(&mut out, Some(c), None, Sba::Graveyard, cites(&["704.5y", "303.7a"]), format!("{} has more than one Role controlled by {} attached; {} (not the newest, {}) is put into its owner's graveyard", self.label(*t), self.player_name(*p), self.label(c), self.label(newest)));
                }
            }
        }
        // One object moving to the graveyard isn't also unattached.
        let moving: Vec<CardId> = out
            .iter()
            .filter(|p| matches!(p.what, Sba::Graveyard | Sba::Destroy | Sba::CeaseToExist))
            .filter_map(|p| p.card)
            .collect();
        let mut merged: Vec<Pending> = Vec::new();
        for p in out {
            if p.what == Sba::Unattach && p.card.is_some_and(|c| moving.contains(&c)) {
                continue;
            }
            if matches!(p.what, Sba::Graveyard | Sba::Destroy) {
                if let Some(existing) = merged
                    .iter_mut()
                    .find(|m| m.card == p.card && matches!(m.what, Sba::Graveyard | Sba::Destroy))
                {
                    existing.cites.extend(p.cites);
                    dedup(&mut existing.cites);
                    existing.text = format!("{}; {}", existing.text, p.text);
                    continue;
                }
            }
            merged.push(p);
        }
        merged
    }

    /// Performs state-based actions until none apply (704.3): one round per entry, each
    /// performed simultaneously.
    pub fn state_based_actions(&mut self, choice: Option<CardId>) -> Vec<Vec<Event>> {
        let mut rounds = Vec::new();
        for _ in 0..64 {
            let mut notes = Vec::new();
            let pending = self.collect_sba(choice, &mut notes);
            if pending.is_empty() {
                break;
            }
            let mut events: Vec<Event> = notes
                .into_iter()
                .map(|mut e| {
                    e.state_based = true;
                    e
                })
                .collect();
            for p in pending {
                let mut evs = Vec::new();
                let mut subjects = Vec::new();
                if let Some(c) = p.card {
                    subjects.push(Target::Card(c));
                }
                if let Some(pl) = p.player {
                    subjects.push(Target::Player(pl));
                }
                match p.what {
                    Sba::Lose => {
                        if let Some(pl) = p.player {
                            self.players[pl].lost = true;
                        }
                        evs.push(Event {
                            kind: EventKind::Lost,
                            text: p.text,
                            cites: p.cites,
                            subjects,
                            state_based: true,
                        });
                    }
                    Sba::CeaseToExist => {
                        if let Some(c) = p.card {
                            self.cards[c].zone = Zone::Nowhere;
                            self.cards[c].attached_to = None;
                        }
                        evs.push(Event {
                            kind: EventKind::Moved,
                            text: p.text,
                            cites: p.cites,
                            subjects,
                            state_based: true,
                        });
                    }
                    Sba::Graveyard | Sba::Destroy => {
                        if let Some(c) = p.card {
                            let owner = self.owner(c);
                            let moved = self.move_card(c, Zone::Graveyard(owner), None, &[], "");
                            evs.push(Event {
                                kind: EventKind::Moved,
                                text: p.text,
                                cites: p.cites.clone(),
                                subjects,
                                state_based: true,
                            });
                            for mut e in moved.into_iter().skip(1) {
                                // What was attached becomes unattached because of this SBA.
                                e.cites = p.cites.iter().copied().chain(e.cites).collect();
                                dedup(&mut e.cites);
                                evs.push(e);
                            }
                        }
                    }
                    Sba::Unattach => {
                        if let Some(c) = p.card {
                            self.cards[c].attached_to = None;
                        }
                        evs.push(Event {
                            kind: EventKind::Unattached,
                            text: p.text,
                            cites: p.cites,
                            subjects,
                            state_based: true,
                        });
                    }
                    Sba::Annihilate => {
                        if let Some(c) = p.card {
                            let n = self.cards[c].plus.min(self.cards[c].minus);
                            self.cards[c].plus -= n;
                            self.cards[c].minus -= n;
                        }
                        evs.push(Event {
                            kind: EventKind::Counters,
                            text: p.text,
                            cites: p.cites,
                            subjects,
                            state_based: true,
                        });
                    }
                    Sba::Protector(q) => {
                        if let Some(c) = p.card {
                            self.cards[c].protector = q;
                        }
                        evs.push(Event {
                            kind: EventKind::Changed,
                            text: p.text,
                            cites: p.cites,
                            subjects,
                            state_based: true,
                        });
                    }
                }
                for e in &mut evs {
                    e.state_based = true;
                }
                events.extend(evs);
            }
            rounds.push(events);
        }
        rounds
    }
}

fn ability_name(kind: AbilityKind) -> &'static str {
    match kind {
        AbilityKind::Equip => "equip",
        AbilityKind::Fortify => "fortify",
        AbilityKind::Reconfigure => "reconfigure",
        AbilityKind::Unattach => "reconfigure (unattach)",
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn dedup(cs: &mut Vec<Cite>) {
    let mut seen = Vec::new();
    cs.retain(|c| {
        if seen.contains(c) {
            false
        } else {
            seen.push(*c);
            true
        }
    });
}
