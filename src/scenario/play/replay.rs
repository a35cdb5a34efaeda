//! Checking the default trigger orders (scenario-format.md, "Checking the default"): when
//! a player left two or more abilities of one placement in the default order, the scenario
//! is played again from the start with that placement's defaulted abilities in each other
//! order (each such player's permuted, every other placement at its default), and a warning
//! names the placement, one such order and the Expect items that would pass or fail
//! differently. More than 24 orders for one placement: "not checked". The replays change
//! no result.

use super::Report;
use crate::scenario::engine::triggered::Forced;
use crate::scenario::engine::{Event, Game, Happened, PlayerId};
use crate::scenario::words::stack_labels;

/// The most orders of one placement the checker replays.
const MOST: usize = 24;

/// One placement of triggered abilities: for each player who placed some, their names in
/// the order placed (the first resolves first) and whether the file left it to the default.
pub struct Placement {
    pub players: Vec<(PlayerId, String, Vec<String>, bool)>,
}

/// Every placement of the play, in order, from its events.
pub fn placements<'a>(game: &Game, events: impl Iterator<Item = &'a Event>) -> Vec<Placement> {
    events
        .filter_map(|e| match &e.what {
            Happened::TriggersPut { orders } => Some(Placement {
                players: orders
                    .iter()
                    .map(|(p, names, defaulted)| {
                        (
                            *p,
                            game.player_name(*p).to_string(),
                            stack_labels(game, names),
                            *defaulted,
                        )
                    })
                    .collect(),
            }),
            _ => None,
        })
        .collect()
}

/// The warnings of the replays of `report`'s defaulted orders; `replay` plays the scenario
/// again with some orders forced.
pub fn check_defaults(
    report: &Report,
    placements: &[Placement],
    replay: impl Fn(Vec<Forced>) -> Report,
) -> Vec<String> {
    let mut warnings = Vec::new();
    for (k, placement) in placements.iter().enumerate() {
        let defaulted: Vec<&(PlayerId, String, Vec<String>, bool)> = placement
            .players
            .iter()
            .filter(|(_, _, names, d)| *d && names.len() >= 2)
            .collect();
        if defaulted.is_empty() {
            continue;
        }
        let total = defaulted
            .iter()
            .map(|(_, _, names, _)| factorial(names.len()))
            .try_fold(1usize, |a, n| n.and_then(|n| a.checked_mul(n)));
        let Some(total) = total.filter(|t| *t <= MOST) else {
            warnings.push(format!(
                "placement {} of triggered abilities ({}): more than {MOST} orders the file left to the default; the other orders are not checked",
                k + 1,
                describe(&defaulted)
            ));
            continue;
        };
        // Every combination of each defaulted player's permutations, the default excepted.
        let per_player: Vec<Vec<Vec<usize>>> = defaulted
            .iter()
            .map(|(_, _, names, _)| permutations(names.len()))
            .collect();
        for n in 1..total {
            let mut rest = n;
            let mut forced = Vec::new();
            for ((p, _, _, _), perms) in defaulted.iter().zip(&per_player) {
                let order = perms[rest % perms.len()].clone();
                rest /= perms.len();
                forced.push(Forced {
                    placement: k,
                    player: *p,
                    order,
                });
            }
            let other = replay(forced.clone());
            let differ: Vec<String> = report
                .expectations
                .iter()
                .zip(&other.expectations)
                .filter(|(a, b)| a.passed != b.passed)
                .map(|(a, b)| {
                    format!(
                        "`{}` would {}",
                        a.text,
                        if b.passed { "pass" } else { "fail" }
                    )
                })
                .collect();
            let refused = other.refused.is_some() && report.refused.is_none();
            if differ.is_empty() && !refused {
                continue;
            }
            let order = forced
                .iter()
                .zip(&defaulted)
                .map(|(f, (_, name, names, _))| {
                    let named: Vec<&str> = f.order.iter().map(|&i| names[i].as_str()).collect();
                    format!("{name}: {}", named.join(", "))
                })
                .collect::<Vec<_>>()
                .join("; ");
            let what = if refused {
                "the scenario would be refused".to_string()
            } else {
                differ.join(", ")
            };
            warnings.push(format!(
                "placement {} of triggered abilities was left to the default order ({}); in another legal order ({order}), {what}",
                k + 1,
                describe(&defaulted)
            ));
            break;
        }
    }
    warnings
}

fn describe(defaulted: &[&(PlayerId, String, Vec<String>, bool)]) -> String {
    defaulted
        .iter()
        .map(|(_, name, names, _)| format!("{name}: {}", names.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

fn factorial(n: usize) -> Option<usize> {
    (1..=n).try_fold(1usize, |a, k| a.checked_mul(k))
}

/// Every permutation of `0..n` (n ≤ 4 here), the identity first.
fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![(0..n).collect::<Vec<usize>>()];
    let mut i = 0;
    while i < out.len() {
        let p = out[i].clone();
        for a in 0..n {
            for b in a + 1..n {
                let mut q = p.clone();
                q.swap(a, b);
                if !out.contains(&q) {
                    out.push(q);
                }
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_once_the_default_first() {
        let p = permutations(4);
        assert_eq!(p.len(), 24);
        assert_eq!(p[0], vec![0, 1, 2, 3]);
        let mut sorted = p.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 24);
        assert_eq!(factorial(5), Some(120));
    }
}
