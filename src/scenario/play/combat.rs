//! The combat claims of `Expect` (`L is attacking`, `L is blocking`, `L is blocked`),
//! checked against the game: what holds, what is the case, and which
//! kinds of event can have made it so.

use super::super::engine::{EventKind, Game};
use super::super::statement::{Claim, Target};
use super::super::words::target_name;
use crate::scenario::engine::CardId;

/// What a combat claim finds: (holds, what is the case, subject, kinds of event).
pub(super) type Found = (bool, String, Option<Target>, &'static [EventKind]);

pub(super) fn check(game: &Game, claim: &Claim) -> Option<Found> {
    const DECLARED: &[EventKind] = &[EventKind::Combat, EventKind::Turn, EventKind::Moved];
    let label = |c: CardId| game.label(c).to_string();
    Some(match claim {
        Claim::Attacking {
            card,
            target,
            negated,
        } => {
            let now = game.attack_target(*card);
            let attacking = game.is_attacking(*card);
            let holds = match target {
                None => attacking,
                Some(t) => attacking && now == Some(*t),
            };
            (
                holds != *negated,
                match (attacking, now) {
                    (false, _) => format!("{} is not attacking", label(*card)),
                    (true, Some(t)) => {
                        format!("{} is attacking {}", label(*card), target_name(game, t))
                    }
                    (true, None) => format!("{} is attacking nothing (506.4c)", label(*card)),
                },
                Some(Target::Card(*card)),
                DECLARED,
            )
        }
        Claim::Blocking {
            card,
            attacker,
            negated,
        } => {
            let blocks = game.blocking(*card);
            let holds = match attacker {
                None => game.is_blocking(*card),
                Some(a) => blocks.contains(a),
            };
            (
                holds != *negated,
                if game.is_blocking(*card) {
                    format!(
                        "{} is blocking {}",
                        label(*card),
                        if blocks.is_empty() {
                            "no creature now".to_string()
                        } else {
                            blocks
                                .iter()
                                .map(|c| label(*c))
                                .collect::<Vec<_>>()
                                .join(", ")
                        }
                    )
                } else {
                    format!("{} is not blocking", label(*card))
                },
                Some(Target::Card(*card)),
                DECLARED,
            )
        }
        Claim::Blocked { card, negated } => {
            let blocked = game.is_blocked(*card);
            (
                blocked != *negated,
                format!(
                    "{} is {}",
                    label(*card),
                    match (game.is_attacking(*card), blocked) {
                        (false, _) => "not attacking",
                        (true, true) => "blocked",
                        (true, false) => "unblocked",
                    }
                ),
                Some(Target::Card(*card)),
                DECLARED,
            )
        }
        _ => return None,
    })
}
