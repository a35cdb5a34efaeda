//! The sentences of combat events (declarations, damage assignment orders, the combat
//! damage steps and their assignments, the end of combat).

use super::super::engine::combat::why::{BadRecipient, DefaultAssignment, Unattackable, Why};
use super::super::engine::combat::{CombatEvent, Removal};
use super::super::engine::Game;
use super::{stack_labels, target_name};
use crate::scenario::engine::{CardId, PlayerId};

fn labels(g: &Game, cards: &[CardId], sep: &str) -> String {
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
                    target_name(g, *t),
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
        CombatEvent::BlockersDeclared { blocks, blocked, .. } => format!(
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
            // "rograkh assigns", "no creature assigns", "rograkh, giant assign".
            if sources.len() <= 1 { "s" } else { "" }
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
                    .map(|(n, t)| format!("{n} to {}", target_name(g, *t)))
                    .collect::<Vec<_>>()
                    .join(", ")
            },
            match chosen {
                None => "as given".to_string(),
                Some(why) => format!("chosen by default: {}", default_assignment(*why)),
            }
        ),
        CombatEvent::OnTheStack { first, .. } => format!(
            "the {}combat damage goes on the stack as one object, which players may respond to",
            if *first { "first-strike " } else { "" }
        ),
        CombatEvent::DamageResolves { first } => format!(
            "the {}combat damage resolves: it is dealt as assigned",
            if *first { "first-strike " } else { "" }
        ),
        CombatEvent::NotDealt {
            source,
            recipient,
            amount,
        } => format!(
            "{}'s {amount} combat damage to {} isn't dealt: {} has left the battlefield or is neither a creature nor a planeswalker",
            g.label(*source),
            target_name(g, *recipient),
            target_name(g, *recipient)
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
        CombatEvent::RemovedFromCombat { card, cause } => format!(
            "{} {}: it is removed from combat{}",
            g.label(*card),
            match cause {
                Removal::ControllerChanged => "changed controller",
                Removal::NotACreature => "is not a creature",
                Removal::NotAttackable => "is no longer a planeswalker or a battle",
                Removal::Regenerated => "was regenerated",
            },
            if g.was_attacked(*card) {
                ", and what attacked it attacks nothing"
            } else {
                ""
            }
        ),
        CombatEvent::Ends => {
            "the end of combat step ends: every creature is removed from combat".to_string()
        }
    }
}

/// The sentence for a reason of the combat phase.
pub(super) fn why(g: &Game, w: &Why) -> String {
    let l = |c: &CardId| g.label(*c).to_string();
    let p = |q: &PlayerId| g.player_name(*q).to_string();
    match w {
        Why::StackNotEmpty => format!(
            "a step ends only when the stack is empty; it holds {}",
            stack_labels(g, &g.stack_objects()).join(", ")
        ),
        Why::ControlledBy { card, controller } => {
            format!("{} is controlled by {}", l(card), p(controller))
        }
        Why::Tapped { card } => format!("{} is tapped", l(card)),
        Why::IsABattle { card } => format!("{} is a battle", l(card)),
        Why::NotACreatureOnTheBattlefield { card } => {
            format!("{} is not a creature on the battlefield", l(card))
        }
        Why::StepPassed { now, to } => format!(
            "it is the {now} step: the {to} step of this turn {}",
            if now == to {
                "has had its declaration"
            } else {
                "is over"
            }
        ),
        Why::NotTheActivePlayer { player, active } => format!(
            "{} is not the active player; only {} may attack",
            p(player),
            p(active)
        ),
        Why::NamedTwice { card } => format!("{} is named twice", l(card)),
        Why::SummoningSick { card, player } => format!(
            "{} has not been under {}'s control continuously since the turn began and has no haste",
            l(card),
            p(player)
        ),
        Why::Defender { card } => format!("{} has defender", l(card)),
        Why::CantAttack { card } => format!("{} can't attack", l(card)),
        Why::NeedsAnAttackTarget { card } => format!(
            "{} must be declared attacking a player, planeswalker or battle (`attacking T`): there is more than one opponent",
            l(card)
        ),
        Why::CantAttackThat {
            card,
            target,
            because,
        } => format!(
            "{} can't attack {}: {}",
            l(card),
            target_name(g, *target),
            match because {
                Unattackable::NotAnOpponent => "not an opponent in the game".to_string(),
                Unattackable::NotOnTheBattlefield => "it is not on the battlefield".to_string(),
                Unattackable::ItsProtector => "its protector can never attack it".to_string(),
                Unattackable::NoProtector => "it has no protector".to_string(),
                Unattackable::OwnPlaneswalker { player } =>
                    format!("it is {}'s own planeswalker", p(player)),
                Unattackable::NotAPlayerPlaneswalkerOrBattle =>
                    "only a player, a planeswalker or a battle can be attacked".to_string(),
            }
        ),
        Why::NoAttackers { blockers: true } => {
            "no creature is attacking: the declare blockers step is skipped".to_string()
        }
        Why::NoAttackers { blockers: false } => {
            "no creature is attacking: there is no combat damage step".to_string()
        }
        Why::NotADefendingPlayer { player } => format!("{} is not a defending player", p(player)),
        Why::NotAnAttackingCreature { card } => format!("{} is not an attacking creature", l(card)),
        Why::AttacksAnother {
            attacker,
            target,
            player,
        } => format!(
            "{} attacks {}, not {}, a planeswalker they control or a battle they protect",
            l(attacker),
            target_name(g, *target),
            p(player)
        ),
        Why::Menace { card } => format!(
            "{} has menace and can't be blocked except by two or more creatures",
            l(card)
        ),
        Why::CantBlock { card } => format!("{} can't block", l(card)),
        Why::TooManyAttackers {
            blocker,
            named,
            may,
        } => format!(
            "{} is named to block {named} attackers but may block only {may}",
            l(blocker)
        ),
        Why::Flying { attacker, blocker } => format!(
            "{} has flying; {} has neither flying nor reach",
            l(attacker),
            l(blocker)
        ),
        Why::Protection {
            attacker,
            blocker,
            quality,
        } => format!(
            "{} has protection from {quality}; {} can't block it",
            l(attacker),
            l(blocker)
        ),
        Why::NoDamageAssignmentOrder => "these rules have no damage assignment order: a creature divides its combat damage among the creatures blocking it or blocked by it as its controller chooses".to_string(),
        Why::NeitherBlockedNorBlocking { card } => {
            format!("{} is neither a blocked attacker nor a blocker", l(card))
        }
        Why::AlreadyOrdered { card } => format!(
            "{}'s damage assignment order has already been announced",
            l(card)
        ),
        Why::OrderTooLate => {
            "damage assignment orders are announced directly after blockers are declared"
                .to_string()
        }
        Why::ActivePlayerOrders { active } => format!(
            "the active player, {}, orders an attacker's blockers",
            p(active)
        ),
        Why::DefendingPlayerOrders { card, controller } => format!(
            "the defending player who controls {}, {}, orders its attackers",
            l(card),
            p(controller)
        ),
        Why::OrderMustNameEach {
            card,
            attacker,
            creatures,
        } => format!(
            "the order must name each creature {} {} exactly once: {}",
            if *attacker { "blocking" } else { "blocked by" },
            l(card),
            labels(g, creatures, ", ")
        ),
        Why::DoesntAssignInStep { card, step } => format!(
            "{} doesn't assign combat damage in the {step} step",
            l(card)
        ),
        Why::NeitherAttackingNorBlocking { card } => {
            format!("{} is neither attacking nor blocking", l(card))
        }
        Why::NotAfterBlockers { now } => format!(
            "it is the {now} step: combat damage follows the declare blockers step (or the first-strike combat damage step)"
        ),
        Why::TotalNotPower { card, total, power } => format!(
            "{} assigns {total} but its power is {power}: its assignments total its power",
            l(card)
        ),
        Why::CantAssignTo {
            card,
            amount,
            to,
            because,
        } => {
            let (c, t) = (l(card), target_name(g, *to));
            let why = match because {
                BadRecipient::Unblocked => {
                    format!("{c} is unblocked and assigns only to what it attacks")
                }
                BadRecipient::BlockedByNoneWithoutTrample => format!("{c} is blocked, no creature blocks it and it has no trample: it assigns no combat damage"),
                BadRecipient::BlockedWithoutTrample => format!("{c} is blocked and has no trample: it assigns only to the creatures blocking it"),
                BadRecipient::NotBlockingIt => format!("{t} is not blocking {c}"),
                BadRecipient::IsntBlocking => format!("{c} isn't blocking {t}"),
            };
            format!("{why}; it can't assign {amount} to {t}")
        }
        Why::TrampleBeforeLethal { card, to, short } => format!(
            "{} tramples over to {} before lethal damage is assigned to {}",
            l(card),
            target_name(g, *to),
            labels(g, short, ", ")
        ),
        Why::AgainstTheOrder {
            card,
            assigned,
            before,
        } => format!(
            "{c} assigns damage to {} before lethal damage to {}, which precedes it in {c}'s damage assignment order",
            l(assigned),
            l(before),
            c = l(card)
        ),
    }
}

/// How a default assignment was chosen.
fn default_assignment(d: DefaultAssignment) -> &'static str {
    match d {
        DefaultAssignment::AllToWhatItAttacks => "all to what it attacks",
        DefaultAssignment::PowerZeroOrLess => "its power is 0 or less: it assigns no combat damage",
        DefaultAssignment::NothingToAssignTo => "nothing to assign to",
        DefaultAssignment::BlockedByNoneTrample => {
            "blocked, no creature blocks it, trample: all to what it attacks"
        }
        DefaultAssignment::LethalThenTrampleOver => {
            "lethal damage to each blocker in order, the rest to what it attacks (trample)"
        }
        DefaultAssignment::AllToTheOne => "all to the one creature",
        DefaultAssignment::DeathtouchOneEach => {
            "1 to each in order (deathtouch), the rest to the last"
        }
        DefaultAssignment::LethalInOrder => "lethal damage to each in order, the rest to the last",
    }
}
