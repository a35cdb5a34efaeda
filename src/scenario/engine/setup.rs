//! The board a game is built from: the `Game` section and every object, validated (labels
//! and players resolved to ids). [`Game::from_setup`](super::Game::from_setup) builds a
//! game only from a [`Setup`], and refuses one it can't represent ([`SetupError`]).

use super::super::card::Characteristics;
use super::vocabulary::{ById, CardId, PlayerId, Step, Target, Zone};

/// A card as written in a zone section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSpec {
    /// Lower-case label.
    pub label: String,
    pub name: String,
    pub line: usize,
    pub zone: Zone,
    pub owner: PlayerId,
    pub controller: Option<PlayerId>,
    pub printed: Characteristics,
    pub token: bool,
    pub tapped: bool,
    pub entered_this_turn: bool,
    pub attached_to: Option<Target>,
    /// On the stack: what the spell targets (`targeting L`, an extension).
    pub targets: Vec<Target>,
    pub damage: i32,
    pub plus_counters: i32,
    pub minus_counters: i32,
    pub protector: Option<PlayerId>,
    pub timestamp: Option<i64>,
    /// `attacking`, `blocking`, `blocked`, `had first strike`, `damage order`.
    pub combat: CombatSpec,
}

/// An object's part in a combat under way, as the file writes it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CombatSpec {
    /// `attacking [T]`: `Some(None)` attacks the only opponent.
    pub attacking: Option<Option<Target>>,
    /// `blocking A[, A]...`.
    pub blocking: Vec<CardId>,
    /// `blocked`: an attacker that became blocked (509.1h).
    pub blocked: bool,
    /// `had first strike`: it had first strike or double strike as the first combat damage
    /// step began (510.4).
    pub had_first_strike: bool,
    /// `damage order L, L...` (509.2, 509.3 of 2009-07-11 … 2024-09-20).
    pub damage_order: Vec<CardId>,
}

/// The `Game` section and every object, validated: labels and players resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub players: ById<PlayerId, String>,
    pub active: PlayerId,
    pub priority: PlayerId,
    /// Whether `priority:` was written (in the cleanup step, a player receives priority
    /// only by 514.3a's exception, which the file then states).
    pub priority_given: bool,
    pub step: Step,
    /// `rules:` as written, with its line.
    pub rules: Option<(String, usize)>,
    pub life: ById<PlayerId, i32>,
    pub lands_played: ById<PlayerId, u32>,
    pub extra_land_plays: ById<PlayerId, u32>,
    pub cards: ById<CardId, CardSpec>,
}

/// Why [`Game::from_setup`](super::Game::from_setup) refuses a board: something the engine
/// can't represent, which it would otherwise have to ignore or fix in silence. The reader
/// says it in words, with the line of the card (`card`) it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// No player, or a table of life, lands played or extra land plays without one row per
    /// player.
    Players,
    /// `turn:` or `priority:` names no player.
    NoSuchPlayer,
    /// A card's owner, controller, zone, protector, attachment, target or attack names no
    /// player.
    CardsPlayer { card: CardId },
    /// A card's attachment, target, blocks or damage order names no card.
    CardsCard { card: CardId },
    /// A permanent's status written on an object that isn't on the battlefield: only a
    /// permanent is tapped (110.5), has entered, is attached (301.5, 303.4), is marked
    /// damage (120.3), has counters that stay (122.2), has a protector (310.8) or is in
    /// combat (506.4).
    NotAPermanent { card: CardId, status: Status },
    /// `controller` on a card that is neither a permanent nor a spell: such a card has an
    /// owner and no controller (108.4a).
    Controller { card: CardId },
    /// `targeting` on an object that isn't a spell on the stack (115.1).
    Targets { card: CardId },
}

/// A permanent's status as the file writes it, for [`SetupError::NotAPermanent`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Tapped,
    EnteredThisTurn,
    AttachedTo,
    Damage,
    Counters(super::vocabulary::CounterKind),
    Protector,
    Attacking,
    Blocking,
    Blocked,
    HadFirstStrike,
    DamageOrder,
}

impl Setup {
    /// Whether the engine can represent this board: every id names a player or a card, and
    /// no object carries what only another kind of object can have.
    pub fn check(&self) -> Result<(), SetupError> {
        let n = self.players.len();
        if n == 0
            || self.life.len() != n
            || self.lands_played.len() != n
            || self.extra_land_plays.len() != n
        {
            return Err(SetupError::Players);
        }
        let player = |p: PlayerId| self.players.get(p).is_some();
        let card = |c: CardId| self.cards.get(c).is_some();
        let target = |t: Target| match t {
            Target::Card(c) => card(c),
            Target::Player(p) => player(p),
        };
        if !player(self.active) || !player(self.priority) {
            return Err(SetupError::NoSuchPlayer);
        }
        for (id, spec) in self.cards.enumerate() {
            let in_zone = match spec.zone {
                Zone::Hand(p) | Zone::Graveyard(p) | Zone::Library(p) => Some(p),
                _ => None,
            };
            let players = [Some(spec.owner), spec.controller, spec.protector, in_zone];
            let named = [spec.attached_to, spec.combat.attacking.flatten()]
                .into_iter()
                .flatten()
                .chain(spec.targets.iter().copied());
            if players.into_iter().flatten().any(|p| !player(p))
                || named
                    .clone()
                    .any(|t| matches!(t, Target::Player(p) if !player(p)))
            {
                return Err(SetupError::CardsPlayer { card: id });
            }
            let cards = spec.combat.blocking.iter().chain(&spec.combat.damage_order);
            if named.clone().any(|t| !target(t)) || cards.clone().any(|&c| !card(c)) {
                return Err(SetupError::CardsCard { card: id });
            }
            if spec.zone != Zone::Battlefield {
                if let Some(status) = permanent_status(spec) {
                    return Err(SetupError::NotAPermanent { card: id, status });
                }
            }
            if spec.controller.is_some() && !matches!(spec.zone, Zone::Battlefield | Zone::Stack) {
                return Err(SetupError::Controller { card: id });
            }
            if !spec.targets.is_empty() && spec.zone != Zone::Stack {
                return Err(SetupError::Targets { card: id });
            }
        }
        Ok(())
    }
}

/// The first status of a permanent `spec` is written with, in the order of the contract's
/// attribute table.
fn permanent_status(spec: &CardSpec) -> Option<Status> {
    use super::vocabulary::CounterKind;
    let c = &spec.combat;
    [
        (spec.tapped, Status::Tapped),
        (spec.entered_this_turn, Status::EnteredThisTurn),
        (spec.attached_to.is_some(), Status::AttachedTo),
        (spec.protector.is_some(), Status::Protector),
        (spec.damage != 0, Status::Damage),
        (
            spec.plus_counters != 0,
            Status::Counters(CounterKind::PlusOne),
        ),
        (
            spec.minus_counters != 0,
            Status::Counters(CounterKind::MinusOne),
        ),
        (c.attacking.is_some(), Status::Attacking),
        (!c.blocking.is_empty(), Status::Blocking),
        (c.blocked, Status::Blocked),
        (c.had_first_strike, Status::HadFirstStrike),
        (!c.damage_order.is_empty(), Status::DamageOrder),
    ]
    .into_iter()
    .find_map(|(written, status)| written.then_some(status))
}
