//! The layers in the report: for each object a continuous effect changed, every effect
//! applied in order with its layer, timestamp, and the dependency that moved it
//! (`--explain`); and the expectations about characteristics, damage and counters, whose
//! evidence is the rules of the layers, timestamps and dependencies that produced them.

use crate::scenario::engine::CardId;
use serde::Serialize;

use super::card::CardType;
use super::engine::Game;
use super::play::ExpectationReport;
use super::statement::{Claim, CounterKind, Expectation};
use super::words::layers::named;
use super::Cite;

/// One effect as applied to one object.
#[derive(Debug, Clone, Serialize)]
pub struct LayerStep {
    /// `1`, `2`, `4`, `5`, `6`, `7a`–`7d`.
    pub layer: String,
    pub timestamp: i64,
    /// The object whose static ability generated it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    pub effect: String,
    /// The effects it waited for (613.8b).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub waited_for: Vec<String>,
    /// The older effects it applied before, because they depend on it (613.8b).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ahead_of: Vec<String>,
    pub cites: Vec<String>,
}

/// The effects applied to one object, in order.
#[derive(Debug, Clone, Serialize)]
pub struct ObjectLayers {
    pub label: String,
    pub steps: Vec<LayerStep>,
}

/// Every object a continuous effect changed, with the effects applied to it.
pub fn explain(game: &Game, map: &dyn Fn(&[Cite]) -> Vec<String>) -> Vec<ObjectLayers> {
    game.card_ids()
        .filter_map(|c| {
            let steps: Vec<LayerStep> = game
                .layers_applied(c)
                .into_iter()
                .map(|a| LayerStep {
                    layer: a.layer.name().to_string(),
                    timestamp: a.timestamp,
                    source: a.source.map(|s| game.label(s).to_string()),
                    effect: named(game, &a.effect),
                    waited_for: a.waited_for.iter().map(|n| named(game, n)).collect(),
                    ahead_of: a.ahead_of.iter().map(|n| named(game, n)).collect(),
                    cites: map(&a.cites),
                })
                .collect();
            (!steps.is_empty()).then(|| ObjectLayers {
                label: game.label(c).to_string(),
                steps,
            })
        })
        .collect()
}

/// Checks a claim about characteristics, damage or counters; `None` for other claims.
/// `cited` are the rules of the events about the object.
pub fn check(
    game: &Game,
    e: &Expectation,
    cited_events: &[String],
    map: &dyn Fn(&[Cite]) -> Vec<String>,
) -> Option<ExpectationReport> {
    let label = |c: CardId| game.label(c).to_string();
    let (card, holds, actual) = match &e.claim {
        Claim::Is {
            card,
            word,
            negated,
        } => {
            let v = game.view(*card);
            let is = word.matches(&v.chars);
            let tl = v.chars.type_line.to_string();
            (
                *card,
                is != *negated,
                format!(
                    "{} is {}",
                    label(*card),
                    if tl.is_empty() { "typeless".into() } else { tl }
                ),
            )
        }
        Claim::PowerToughness {
            card,
            power,
            toughness,
        } => {
            let v = game.view(*card);
            let pt = v
                .chars
                .power_toughness
                .filter(|_| v.chars.is(CardType::Creature));
            let holds = pt.is_some_and(|pt| {
                power.is_none_or(|p| p == pt.power) && toughness.is_none_or(|t| t == pt.toughness)
            });
            let actual = match pt {
                Some(pt) => format!("{} is {pt}", label(*card)),
                None => format!(
                    "{} is not a creature and has no power or toughness",
                    label(*card)
                ),
            };
            (*card, holds, actual)
        }
        Claim::HasAbility {
            card,
            ability,
            negated,
        } => {
            let v = game.view(*card);
            let has = v.chars.has(ability);
            (
                *card,
                has != *negated,
                format!(
                    "{} {} {ability}",
                    label(*card),
                    if has { "has" } else { "doesn't have" }
                ),
            )
        }
        Claim::NoAbilities(card) => {
            let v = game.view(*card);
            let names: Vec<String> = v.chars.abilities.iter().map(|a| a.to_string()).collect();
            (
                *card,
                names.is_empty(),
                if names.is_empty() {
                    format!("{} has no abilities", label(*card))
                } else {
                    format!("{} has {}", label(*card), names.join("; "))
                },
            )
        }
        Claim::IsColor {
            card,
            color,
            negated,
        } => {
            let v = game.view(*card);
            let is = match color {
                Some(c) => v.chars.colors.contains(c),
                None => v.chars.colors.is_empty(),
            };
            let names: Vec<&str> = v.chars.colors.iter().map(|c| c.name()).collect();
            (
                *card,
                is != *negated,
                format!(
                    "{} is {}",
                    label(*card),
                    if names.is_empty() {
                        "colorless".to_string()
                    } else {
                        names.join(" and ")
                    }
                ),
            )
        }
        Claim::Damage { card, n } => {
            let d = game.damage(*card);
            (*card, d == *n, format!("{} has {d} damage", label(*card)))
        }
        Claim::Counters { card, kind, n } => {
            let counters = game.counters(*card);
            let [plus, minus, loyalty, defense] = CounterKind::ALL.map(|k| counters.get(k));
            let k = match kind {
                CounterKind::PlusOne => plus,
                CounterKind::MinusOne => minus,
                CounterKind::Loyalty => loyalty,
                CounterKind::Defense => defense,
            };
            (
                *card,
                k == *n,
                format!(
                    "{} has {k} {} counter{}",
                    label(*card),
                    kind.name(),
                    if k == 1 { "" } else { "s" }
                ),
            )
        }
        _ => return None,
    };
    let mut cited: Vec<String> = cited_events.to_vec();
    for a in game.layers_applied(card) {
        for c in map(&a.cites) {
            if !cited.contains(&c) {
                cited.push(c);
            }
        }
    }
    let missing: Vec<String> = e
        .cites
        .iter()
        .filter(|r| {
            !cited.iter().any(|c| {
                c.parse::<crate::model::RuleNumber>()
                    .is_ok_and(|n| n == **r || n.is_within(r))
            })
        })
        .map(|r| r.short())
        .collect();
    let passed = holds && missing.is_empty();
    let detail = if !holds {
        actual
    } else if missing.is_empty() {
        if e.cites.is_empty() {
            actual
        } else {
            format!("{actual} [{}]", cited.join(", "))
        }
    } else {
        format!(
            "{actual}, but what made it so cited {} and not {}",
            if cited.is_empty() {
                "no rules".to_string()
            } else {
                cited.join(", ")
            },
            missing.join(", ")
        )
    };
    Some(ExpectationReport {
        text: e.text.clone(),
        passed,
        detail,
    })
}
