//! The game state as data (chapters 1–4 of the CR): players, the turn and step, and the
//! cards, each represented by an object whose id changes with every zone change (400.7),
//! so the engine can tell an object from the card it once was. Queries only; the state
//! changes in [`apply`](super::apply) and the rules chapters.

use super::prelude::*;

/// A card and the object that currently represents it.
#[derive(Debug, Clone)]
pub(super) struct Card {
    pub(super) label: String,
    pub(super) name: String,
    pub(super) owner: PlayerId,
    pub(super) token: bool,
    pub(super) printed: Characteristics,
    pub(super) zone: Zone,
    /// Changes with every zone change (400.7).
    pub(super) object: u32,
    pub(super) timestamp: i64,
    /// When it entered the battlefield (its timestamp then, 613.7d).
    pub(super) entered: i64,
    pub(super) controller: PlayerId,
    pub(super) tapped: bool,
    pub(super) entered_this_turn: bool,
    pub(super) damage: i32,
    pub(super) counters: Counters,
    pub(super) attached_to: Option<(Target, u32)>,
    pub(super) protector: Option<PlayerId>,
    /// Dealt damage by a source with deathtouch since state-based actions were last
    /// checked (704.5h).
    pub(super) dealt_deathtouch: bool,
    /// Dealt damage since state-based actions were last checked: an indestructible
    /// creature that 704.5g or 704.5h would destroy is then noted once (702.12b).
    pub(super) dealt_damage: bool,
    /// Its last known information as it last left the battlefield (608.2h): what an
    /// effect that makes it deal damage afterwards sees (702.2e, 702.15c).
    pub(super) last_known: Option<View>,
    /// The object it was before its last zone change, and that zone: an Aura's ability
    /// that triggered on the enchanted permanent leaving finds the Aura card it became in
    /// its owner's graveyard (603.6e, 400.7f).
    pub(super) came_from: Option<(Zone, u32)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AbilityKind {
    Equip,
    Fortify,
    Reconfigure,
    Unattach,
}

#[derive(Debug, Clone)]
pub(super) enum StackKind {
    Spell(CardId),
    Ability {
        source: CardId,
        source_object: u32,
        ability: AbilityKind,
    },
    /// Combat damage on the stack (310.1 before 2009-07-11); its assignments are kept by
    /// the combat.
    CombatDamage,
    /// A triggered ability (603.3).
    Trigger(Box<super::triggered::Instance>),
}

#[derive(Debug, Clone)]
pub(super) struct StackItem {
    pub(super) kind: StackKind,
    pub(super) controller: PlayerId,
    /// Targets with the object each was when targeted.
    pub(super) targets: Vec<(Target, u32)>,
}

#[derive(Debug, Clone)]
pub(super) struct Player {
    pub(super) name: String,
    pub(super) life: i32,
    pub(super) lost: bool,
    /// An effect said this player wins the game (104.2b).
    pub(super) won: bool,
    pub(super) lands_played: u32,
    pub(super) extra_land_plays: u32,
    /// Life gained and lost since the scenario began (for `P gained N life`).
    pub(super) gained: i32,
    pub(super) lost_life: i32,
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
    pub(super) players: ById<PlayerId, Player>,
    pub(super) active: PlayerId,
    pub(super) priority: PlayerId,
    pub(super) step: Step,
    pub(super) cards: ById<CardId, Card>,
    /// Bottom first.
    pub(super) stack: Vec<StackItem>,
    pub(super) effects: Effects,
    pub(super) view_cache: super::characteristics::ViewCache,
    pub(super) next_object: u32,
    pub(super) clock: i64,
    pub(super) cleanup_done: bool,
    /// The combat of this turn (506–511).
    pub(super) combat: super::combat::Combat,
    /// Whether a player has priority in the cleanup step (514.3a, as the file says).
    pub(super) priority_in_cleanup: bool,
    /// Triggered abilities waiting to be put on the stack (603.3).
    pub(super) waiting: Vec<super::triggered::Instance>,
    /// Every triggered ability that triggered, resolved or was removed, in order.
    pub(super) trigger_records: Vec<super::triggered::TriggerRecord>,
    /// Why the checker stopped playing, if it did (a feature it doesn't play).
    pub(super) refusal: Option<super::triggered::Refusal>,
    /// Regeneration and prevention shields of this turn (615.7, 701.19a).
    pub(super) shields: Vec<super::prevent::Shield>,
    /// The current statement's `applies` and `prevents first` suffixes.
    pub(super) choices: super::prevent::Choices,
    /// The modification step's state: the replacement effects as the event began (614.4),
    /// the chooser's named order.
    pub(super) replacing: super::replace::modify::Replacing,
    /// The current statement's choice and trigger orders, for the placements of the steps
    /// it passes through.
    pub(super) said: super::steps::Said,
    /// Placements of triggered abilities so far, and the defaulted orders a replay plays
    /// otherwise ("Checking the default").
    pub(super) placements: usize,
    /// Objects resolved at the end of the current chain (`resolve_next`).
    pub(super) resolved_in_chain: usize,
    pub(super) forced: Vec<super::triggered::Forced>,
}

impl Card {
    /// How many counters of `kind` it has.
    pub(super) fn counters(&self, kind: CounterKind) -> i32 {
        self.counters.get(kind)
    }
}

impl Game {
    /// The game as the setup describes it, under `rules`; or why the engine can't represent
    /// that board ([`Setup::check`]: the reader refuses such a board before it is played).
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Game, SetupError> {
        setup.check()?;
        let players = setup
            .players
            .enumerate()
            .map(|(i, name)| Player {
                name: name.clone(),
                life: setup.life[i],
                lost: false,
                won: false,
                lands_played: setup.lands_played[i],
                extra_land_plays: setup.extra_land_plays[i],
                gained: 0,
                lost_life: 0,
            })
            .collect();
        let mut cards = ById::default();
        let mut stack_cards = Vec::new();
        for (i, spec) in setup.cards.enumerate() {
            let on_battlefield = spec.zone == Zone::Battlefield;
            let n = i.index();
            cards.push(Card {
                label: spec.label.clone(),
                name: spec.name.clone(),
                owner: spec.owner,
                token: spec.token,
                printed: spec.printed.clone(),
                zone: spec.zone,
                object: n as u32 + 1,
                timestamp: spec.timestamp.unwrap_or(n as i64),
                entered: spec.timestamp.unwrap_or(n as i64),
                controller: spec.controller.unwrap_or(spec.owner),
                tapped: spec.tapped,
                entered_this_turn: spec.entered_this_turn,
                damage: spec.damage,
                counters: Counters::default()
                    .with(CounterKind::PlusOne, spec.plus_counters)
                    .with(CounterKind::MinusOne, spec.minus_counters)
                    .with(
                        CounterKind::Loyalty,
                        match on_battlefield {
                            true => spec.printed.loyalty.unwrap_or(0),
                            false => 0,
                        },
                    )
                    .with(
                        CounterKind::Defense,
                        match on_battlefield {
                            true => spec.printed.defense.unwrap_or(0),
                            false => 0,
                        },
                    ),
                attached_to: None,
                protector: spec.protector,
                dealt_deathtouch: false,
                dealt_damage: false,
                last_known: None,
                came_from: None,
            });
            if spec.zone == Zone::Stack {
                stack_cards.push(i);
            }
        }
        // Attachments refer to the objects as written.
        for (i, spec) in setup.cards.enumerate() {
            if let Some(t) = spec.attached_to {
                let obj = match t {
                    Target::Card(c) => cards[c].object,
                    Target::Player(_) => 0,
                };
                cards[i].attached_to = Some((t, obj));
            }
        }
        // 310.8a, 310.11a: a battle written without a protector has the one its controller
        // would have chosen as it entered: an opponent for a Siege, else its controller.
        let next = |p: PlayerId| turn_order(setup.players.len(), p).nth(1);
        for card in cards.iter_mut() {
            if rules.has(Difference::Battles)
                && card.zone == Zone::Battlefield
                && card.protector.is_none()
                && card.printed.is(CardType::Battle)
            {
                card.protector = if card.printed.has_subtype("siege") {
                    next(card.controller)
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
                            Target::Card(c) => cards[*c].object,
                            Target::Player(_) => 0,
                        };
                        (*t, obj)
                    })
                    .collect(),
            })
            .collect();
        let mut game = Game {
            rules,
            players,
            active: setup.active,
            priority: setup.priority,
            step: setup.step,
            cards,
            stack,
            effects: Effects::default(),
            view_cache: Default::default(),
            next_object,
            clock,
            cleanup_done: setup.step == Step::Cleanup,
            priority_in_cleanup: setup.priority_given && setup.step == Step::Cleanup,
            combat: Default::default(),
            waiting: Vec::new(),
            trigger_records: Vec::new(),
            refusal: None,
            shields: Vec::new(),
            choices: Default::default(),
            replacing: Default::default(),
            said: Default::default(),
            placements: 0,
            resolved_in_chain: 0,
            forced: Vec::new(),
        };
        game.combat = super::combat::Combat::from_setup(setup, &game);
        Ok(game)
    }

    // ----- what the board shows -------------------------------------------------------

    pub fn player_name(&self, p: PlayerId) -> &str {
        self.players.get(p).map(|p| p.name.as_str()).unwrap_or("?")
    }

    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// Every player, in turn order from the first written.
    pub fn player_ids(&self) -> impl DoubleEndedIterator<Item = PlayerId> + Clone {
        self.players.ids()
    }

    /// Every player in turn order beginning with `p` (101.4, 102.1): `p`, the next
    /// player, and so on.
    pub fn turn_order_from(&self, p: PlayerId) -> impl Iterator<Item = PlayerId> + Clone {
        turn_order(self.players.len(), p)
    }

    pub fn life(&self, p: PlayerId) -> i32 {
        self.players.get(p).map(|p| p.life).unwrap_or(0)
    }

    pub fn has_lost(&self, p: PlayerId) -> bool {
        self.players.get(p).is_some_and(|p| p.lost)
    }

    /// Whether the game is over (104.2a, 104.4a): `Some(Some(p))` when `p` is the only
    /// player left, who won; `Some(None)` when no player is left, a draw; `None` while two
    /// or more play on.
    pub fn game_over(&self) -> Option<Option<PlayerId>> {
        if let Some(w) = self.winner_by_effect() {
            return Some(Some(w));
        }
        let mut left = self.players.ids().filter(|&p| !self.has_lost(p));
        match (left.next(), left.next()) {
            (Some(_), Some(_)) => None,
            (winner, None) if self.players.len() >= 2 => Some(winner),
            _ => None,
        }
    }

    /// The player an effect said wins the game (104.2b), if one did.
    pub fn winner_by_effect(&self) -> Option<PlayerId> {
        self.players.position(|p| p.won)
    }

    /// Whether `p` won the game: by an effect (104.2b), or as the one player left (104.2a).
    pub fn has_won(&self, p: PlayerId) -> bool {
        self.game_over() == Some(Some(p))
    }

    pub fn lands_played(&self, p: PlayerId) -> u32 {
        self.players.get(p).map(|p| p.lands_played).unwrap_or(0)
    }

    pub fn active(&self) -> PlayerId {
        self.active
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn cards(&self) -> usize {
        self.cards.len()
    }

    /// Every card, in the order the file writes them.
    pub fn card_ids(&self) -> impl DoubleEndedIterator<Item = CardId> + Clone {
        self.cards.ids()
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
        self.cards[c].owner
    }

    /// The id of the object that represents card `c` now; it changes with every zone
    /// change (400.7).
    pub fn object_id(&self, c: CardId) -> u32 {
        self.cards[c].object
    }

    /// How many `trigger:` attributes card `c` was written with.
    pub fn printed_triggers(&self, c: CardId) -> usize {
        self.cards.get(c).map_or(0, |card| {
            super::triggered::triggered_abilities(&card.printed).len()
        })
    }

    /// Every triggered ability that triggered, resolved or was removed, in order.
    pub fn trigger_records(&self) -> &[super::triggered::TriggerRecord] {
        &self.trigger_records
    }

    /// (gained, lost) life of `p` since the scenario began.
    pub fn life_changes(&self, p: PlayerId) -> (i32, i32) {
        self.players
            .get(p)
            .map_or((0, 0), |q| (q.gained, q.lost_life))
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

    /// The counters on `c`, by kind.
    pub fn counters(&self, c: CardId) -> Counters {
        self.cards.get(c).map(|c| c.counters).unwrap_or_default()
    }

    pub fn attached_to(&self, c: CardId) -> Option<Target> {
        self.cards
            .get(c)
            .and_then(|c| c.attached_to)
            .map(|(t, _)| t)
    }

    /// The objects on the stack, top first.
    pub fn stack_objects(&self) -> Vec<StackObject> {
        self.stack
            .iter()
            .rev()
            .map(|s| match s.kind {
                StackKind::Spell(c) => StackObject::Spell(c),
                StackKind::CombatDamage => StackObject::CombatDamage,
                StackKind::Trigger(ref t) => StackObject::Trigger {
                    source: t.source,
                    index: t.index,
                    instance: t.instance(),
                },
                StackKind::Ability {
                    source, ability, ..
                } => StackObject::Ability { source, ability },
            })
            .collect()
    }

    /// How many lands `p` may play this turn (305.2).
    pub fn land_plays_allowed(&self, p: PlayerId) -> u32 {
        let mut n = 1 + self.players.get(p).map(|p| p.extra_land_plays).unwrap_or(0);
        for c in self.cards.ids() {
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

    pub(super) fn on_battlefield(&self, c: CardId) -> bool {
        self.zone(c) == Zone::Battlefield
    }

    /// A source of damage as it deals it: its current characteristics on the
    /// battlefield, else its last known information there if it has left (608.2h; for
    /// deathtouch and lifelink 702.2e, 702.15c), else the card where it is (702.2d).
    /// The flag says whether last known information was used.
    pub(super) fn damage_source(&self, s: CardId) -> (View, bool) {
        match self.cards.get(s).and_then(|c| c.last_known.as_ref()) {
            Some(v) if !self.on_battlefield(s) => (v.clone(), true),
            _ => (self.view(s), false),
        }
    }
}

/// The `n` players in turn order beginning with `p`, each once.
fn turn_order(n: usize, p: PlayerId) -> impl Iterator<Item = PlayerId> + Clone {
    let first = p.index();
    (0..n).map(move |k| PlayerId::nth((first + k) % n))
}
