//! The uniqueness rows of 704.5: the legend rule (704.5j), planeswalker uniqueness
//! (704.5j of 2009-07-11 … 2017-04-14) and the world rule (704.5k), each keeping one
//! permanent of a group and putting the rest into their owners' graveyards.

use super::super::super::effect::Part;
use super::super::prelude::*;
use super::{Check, Sba};

/// The newest of `group` by timestamp, unless the file chose one of them.
pub(super) fn kept(g: &Game, group: &[CardId], choice: Option<CardId>) -> (CardId, bool) {
    match choice.filter(|ch| group.contains(ch)) {
        Some(ch) => (ch, true),
        None => (
            group
                .iter()
                .copied()
                .max_by_key(|c| g.cards[*c].timestamp)
                .unwrap_or(group[0]),
            false,
        ),
    }
}

/// 704.5j, the legend rule: from 2013-07-13 a player who controls legendary permanents
/// sharing a name keeps one; before, all of them go.
pub(super) fn legend_rule(k: &mut Check) {
    let g = k.game;
    let per_player = g.rules.has(Difference::LegendRulePerController);
    let mut legendary: BTreeMap<(Option<PlayerId>, String), Vec<CardId>> = BTreeMap::new();
    for (c, v) in k.permanents() {
        if v.chars.is_super(Supertype::Legendary) {
            let key = per_player.then_some(v.controller);
            // Its name as the layers made it: a copy has the name it copied (707.2).
            let name = g.current_name(c).to_lowercase();
            legendary.entry((key, name)).or_default().push(c);
        }
    }
    for ((player, _), group) in legendary {
        if group.len() < 2 {
            continue;
        }
        match player {
            Some(player) => {
                let (keep, as_written) = kept(g, &group, k.choice);
                let kept = Happened::LegendKept {
                    player,
                    card: keep,
                    as_written,
                };
                k.notes
                    .push(event(kept, vec![Target::Card(keep)], &[cite::R704_5J]));
                for &card in group.iter().filter(|c| **c != keep) {
                    let finding = Finding::LegendRule {
                        player,
                        group: group.clone(),
                        keep,
                        card,
                    };
                    k.card(card, Sba::Graveyard, &[cite::R704_5J], finding);
                }
            }
            None => {
                for &card in &group {
                    let finding = Finding::LegendRuleAll {
                        group: group.clone(),
                        card,
                    };
                    k.card(card, Sba::Graveyard, &[cite::R704_5J], finding);
                }
            }
        }
    }
}

/// The planeswalker uniqueness rule (704.5j until 2017-09-29): planeswalkers sharing a
/// planeswalker type (per controller from 2013-07-13, who keeps one).
pub(super) fn planeswalker_uniqueness(k: &mut Check) {
    let g = k.game;
    let per_player = g.rules.has(Difference::LegendRulePerController);
    let walkers: Vec<(CardId, PlayerId, Vec<String>)> = k
        .permanents()
        .filter(|(_, v)| v.chars.is(CardType::Planeswalker))
        .map(|(c, v)| {
            let types = v.chars.type_line.subtypes.iter();
            (c, v.controller, types.map(|s| s.to_lowercase()).collect())
        })
        .collect();
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
        let keep = per_player.then(|| kept(g, &group, k.choice));
        for &card in group.iter().filter(|c| Some(**c) != keep.map(|k| k.0)) {
            let finding = Finding::Uniqueness {
                player: *ctl,
                group: group.clone(),
                keep,
                card,
            };
            k.card(card, Sba::Graveyard, &[cite::R704_5J_UNIQUENESS], finding);
        }
    }
}

/// When `c` began to have the world supertype (704.5k): as it entered the battlefield,
/// or as the first effect still giving it the supertype began: a type-changing effect, or
/// a copy effect whose copiable values have it (707.2: the copy acquires the supertype as
/// the effect begins, whatever the copy's own timestamp).
fn world_since(g: &Game, c: CardId) -> i64 {
    let card = &g.cards[c];
    if card.printed.is_super(Supertype::World) {
        return card.entered;
    }
    let gives_world = |part: &Part| match part {
        Part::Copy(copiable) => copiable.chars.is_super(Supertype::World),
        Part::Types { supertypes, .. } => supertypes.contains(&Supertype::World),
        _ => false,
    };
    g.effects
        .on_object(c, card.object)
        .filter(|e| match &e.change {
            Change::BecomesTypes(tl, _) => tl.supertypes.contains(&Supertype::World),
            Change::Parts(parts) => parts.iter().any(gives_world),
            _ => false,
        })
        .map(|e| e.timestamp)
        .min()
        .map_or(card.entered, |t| t.max(card.entered))
}

/// 704.5k, the world rule: all world permanents but the one that has had the supertype
/// for the shortest time go (all of them on a tie).
pub(super) fn world_rule(k: &mut Check) {
    let g = k.game;
    let worlds: Vec<(CardId, i64)> = k
        .permanents()
        .filter(|(_, v)| v.chars.is_super(Supertype::World))
        .map(|(c, _)| (c, world_since(g, c)))
        .collect();
    if worlds.len() < 2 {
        return;
    }
    let newest = worlds.iter().map(|w| w.1).max().unwrap_or(0);
    let tied = worlds.iter().filter(|w| w.1 == newest).count() > 1;
    for (card, since) in worlds {
        if tied || since != newest {
            let finding = Finding::WorldRule { card };
            k.card(card, Sba::Graveyard, &[cite::R704_5K], finding);
        }
    }
}
