//! The final board of a scenario's report: each player and each object, as the game left
//! them (the report's own zone names, as its JSON has them).

use super::*;
use crate::scenario::engine::{CardId, CounterKind};
use crate::scenario::words::{stack_labels, target_name};

pub(super) fn board(game: &Game) -> BoardReport {
    let players = game
        .player_ids()
        .map(|p| BoardPlayer {
            name: game.player_name(p).to_string(),
            life: game.life(p),
            lost: game.has_lost(p),
            won: game.has_won(p),
            lands_played: game.lands_played(p),
            land_plays_left: game.land_plays_left(p),
        })
        .collect();
    let mut cards = Vec::new();
    // The battlefield first, then each other zone where its first object is in file
    // order, its objects together (a card put into a graveyard later joins that graveyard).
    let mut zones: Vec<Zone> = Vec::new();
    for c in game.card_ids() {
        if !zones.contains(&game.zone(c)) {
            zones.push(game.zone(c));
        }
    }
    let rank = |z: Zone| (z != Zone::Battlefield, zones.iter().position(|&y| y == z));
    let mut order: Vec<CardId> = game.card_ids().collect();
    order.sort_by_key(|&c| rank(game.zone(c)));
    for c in order {
        let v = game.view(c);
        let zone = game.zone(c);
        let on_bf = zone == Zone::Battlefield;
        let counters = game.counters(c);
        let [plus, minus, loyalty, defense] = CounterKind::ALL.map(|k| counters.get(k));
        let mut counters = Vec::new();
        if plus > 0 {
            counters.push(format!("{plus} +1/+1"));
        }
        if minus > 0 {
            counters.push(format!("{minus} -1/-1"));
        }
        if on_bf && v.chars.is(CardType::Planeswalker) {
            counters.push(format!("{loyalty} loyalty"));
        }
        if on_bf && v.chars.is(CardType::Battle) {
            counters.push(format!("{defense} defense"));
        }
        cards.push(BoardCard {
            label: game.label(c).to_string(),
            name: game.current_name(c),
            zone: zone_name(game, zone),
            owner: game.player_name(game.owner(c)).to_string(),
            controller: matches!(zone, Zone::Battlefield | Zone::Stack)
                .then(|| game.player_name(v.controller).to_string()),
            type_line: v.chars.type_line.to_string(),
            colors: v
                .chars
                .colors
                .iter()
                .map(|c| c.name().to_string())
                .collect(),
            power_toughness: v
                .chars
                .is(CardType::Creature)
                .then(|| v.chars.power_toughness.map(|p| p.to_string()))
                .flatten(),
            tapped: game.is_tapped(c),
            token: game.is_token(c),
            attached_to: game.attached_to(c).map(|t| target_name(game, t)),
            abilities: v.chars.abilities.iter().map(|a| a.to_string()).collect(),
            counters,
            damage: game.damage(c),
        });
    }
    BoardReport {
        turn: game.player_name(game.active()).to_string(),
        step: game.step().to_string(),
        priority: game
            .priority()
            .map_or("no one", |p| game.player_name(p))
            .to_string(),
        players,
        cards,
        stack: stack_labels(game, &game.stack_objects()),
    }
}

fn zone_name(game: &Game, z: Zone) -> String {
    match z {
        Zone::Battlefield => "battlefield".into(),
        Zone::Hand(p) => format!("{}'s hand", game.player_name(p)),
        Zone::Graveyard(p) => format!("{}'s graveyard", game.player_name(p)),
        Zone::Library(p) => format!("{}'s library", game.player_name(p)),
        Zone::Exile => "exile".into(),
        Zone::Command => "command zone".into(),
        Zone::Stack => "stack".into(),
        Zone::Nowhere => "ceased to exist".into(),
    }
}

pub(super) fn where_is(game: &Game, z: Zone) -> String {
    match z {
        Zone::Battlefield => "on the battlefield".into(),
        Zone::Stack => "on the stack".into(),
        Zone::Nowhere => "no longer in any zone (it ceased to exist)".into(),
        z => format!("in {}", zone_name(game, z)),
    }
}
