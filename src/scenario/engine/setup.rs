//! The board a game is built from: the `Game` section and every object, validated (labels
//! and players resolved to ids). [`Game::new`](super::Game::new) builds a game only from a
//! [`Setup`].

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
