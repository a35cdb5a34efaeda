//! The sentences of combat events (declarations, damage assignment orders, the combat
//! damage steps and their assignments, the end of combat).

use super::super::engine::combat::CombatEvent;
use super::super::engine::Game;

fn labels(g: &Game, cards: &[usize], sep: &str) -> String {
    cards
        .iter()
        .map(|c| g.label(*c).to_string())
        .collect::<Vec<_>>()
        .join(sep)
}

pub(super) fn words(g: &Game, e: &CombatEvent) -> String {
    match e {
        CombatEvent::AttackersDeclared { attackers, active } => format!(
            "declare attackers step: {}; {} receives priority",
            attackers
                .iter()
                .map(|(c, t, vigilance)| format!(
                    "{} attacks {}{}",
                    g.label(*c),
                    g.target_name(*t),
                    if *vigilance {
                        " (vigilance: it doesn't tap)"
                    } else {
                        ""
                    }
                ))
                .collect::<Vec<_>>()
                .join(", "),
            g.player_name(*active)
        ),
        CombatEvent::NoBlockers { player: Some(p) } => {
            format!("{} declares no blockers", g.player_name(*p))
        }
        CombatEvent::NoBlockers { player: None } => "no blockers are declared".to_string(),
        CombatEvent::BlockersDeclared { blocks, blocked } => format!(
            "declare blockers step: {}; {} {} blocked",
            blocks
                .iter()
                .map(|(b, list)| format!("{} blocks {}", g.label(*b), labels(g, list, " and ")))
                .collect::<Vec<_>>()
                .join(", "),
            if blocked.is_empty() {
                "none".to_string()
            } else {
                labels(g, blocked, ", ")
            },
            if blocked.len() == 1 { "is" } else { "are" }
        ),
        CombatEvent::Ordered { card, order } => format!(
            "{}'s damage assignment order: {}",
            g.label(*card),
            labels(g, order, ", ")
        ),
        CombatEvent::DamageStep { first, sources } => format!(
            "{}: {} assign{} combat damage",
            if *first {
                "first-strike combat damage step"
            } else {
                "combat damage step"
            },
            if sources.is_empty() {
                "no creature".to_string()
            } else {
                labels(g, sources, ", ")
            },
            if sources.len() == 1 { "s" } else { "" }
        ),
        CombatEvent::Assigned {
            source,
            amounts,
            chosen,
        } => format!(
            "{} assigns {} ({})",
            g.label(*source),
            if amounts.is_empty() {
                "nothing".to_string()
            } else {
                amounts
                    .iter()
                    .map(|(n, t)| format!("{n} to {}", g.target_name(*t)))
                    .collect::<Vec<_>>()
                    .join(", ")
            },
            match chosen {
                None => "as given".to_string(),
                Some(why) => format!("chosen by default: {why}"),
            }
        ),
        CombatEvent::DamageToPlayer {
            source,
            player,
            amount,
            now,
        } => format!(
            "{} deals {amount} combat damage to {} (life now {now})",
            g.label(*source),
            g.player_name(*player)
        ),
        CombatEvent::Ends => {
            "the end of combat step ends: every creature is removed from combat".to_string()
        }
    }
}

/// The sentence for a reason of the combat phase.
pub(super) fn why(_g: &Game, w: &super::super::engine::combat::why::Why) -> String {
    match *w {}
}
