//! Lowering: the one place where what a scenario file says becomes what the kernel is
//! asked to do. Each item of `Actions` (a [`Statement`] as the reader wrote it) becomes an
//! engine [`Action`]; the kernel names no statement, item or claim of the reader.

use super::engine::{AbilityKind, Act, Action, Effect, Onto};
use super::statement::{ActionItem, Statement};

/// The action an item of `Actions` asks for, with how it was announced.
pub fn action(item: &ActionItem) -> Action {
    let mut act = act(&item.statement);
    // A shield is named after the statement that made it (`action N`).
    if let Act::Effect(Effect::Shield { action, .. }) = &mut act {
        *action = item.n;
    }
    Action {
        act,
        in_response: item.in_response,
        choice: item.choice,
        orders: item.orders.clone(),
    }
}

/// What a statement does, in the kernel's terms.
pub fn act(statement: &Statement) -> Act {
    let activate = |player, source, target, ability| Act::Activate {
        player,
        source,
        target,
        ability,
    };
    match statement.clone() {
        Statement::Play { player, card } => Act::PlayLand { player, card },
        Statement::Cast {
            player,
            card,
            targets,
        } => Act::Cast {
            player,
            card,
            targets,
        },
        Statement::Equip {
            player,
            equipment,
            target,
        } => activate(player, equipment, Some(target), AbilityKind::Equip),
        Statement::Fortify {
            player,
            fortification,
            target,
        } => activate(player, fortification, Some(target), AbilityKind::Fortify),
        Statement::Reconfigure {
            player,
            equipment,
            target,
        } => activate(player, equipment, Some(target), AbilityKind::Reconfigure),
        Statement::Unattach { player, equipment } => {
            activate(player, equipment, None, AbilityKind::Unattach)
        }
        Statement::PutOntoBattlefield {
            card,
            under,
            attached_to,
            as_copy_of,
        } => Act::PutOntoBattlefield {
            card,
            onto: Onto {
                under,
                attached_to,
                as_copy_of,
                counters: None,
            },
        },
        Statement::ReturnToBattlefield {
            card,
            under,
            counters,
        } => Act::PutOntoBattlefield {
            card,
            onto: Onto {
                under,
                counters,
                ..Onto::default()
            },
        },
        Statement::AffectAll {
            effect,
            until_end_of_turn,
        } => Act::AffectAll {
            effect,
            until_end_of_turn,
        },
        Statement::DestroyEach { subjects, exile } => Act::DestroyEach { subjects, exile },
        Statement::Attack { player, attackers } => Act::Attack { player, attackers },
        Statement::Block { player, blocks } => Act::Block { player, blocks },
        Statement::Order { player, of, order } => Act::Order { player, of, order },
        Statement::CombatDamage(given) => Act::CombatDamage(given),
        Statement::AllPlayersPass => Act::AllPlayersPass,
        Statement::Attach { card, to } => Act::Effect(Effect::Attach { card, to }),
        Statement::Modify {
            card,
            change,
            until_end_of_turn,
        } => Act::Effect(Effect::Modify {
            card,
            change,
            until_end_of_turn,
        }),
        Statement::Destroy(c) => Act::Effect(Effect::Destroy(c)),
        Statement::Shield(spec) => Act::Effect(Effect::Shield { spec, action: 0 }),
        Statement::Exile(c) => Act::Effect(Effect::Exile(c)),
        Statement::Sacrifice { player, cards } => match cards[..] {
            [card] => Act::Effect(Effect::Sacrifice { player, card }),
            _ => Act::SacrificeEach { player, cards },
        },
        Statement::ReturnToHand(c) => Act::Effect(Effect::ReturnToHand(c)),
        Statement::Damage {
            card,
            amount,
            source,
        } => Act::Effect(Effect::Damage {
            card,
            amount,
            source,
        }),
        Statement::Counter(c) => Act::Effect(Effect::Counter(c)),
        Statement::DealDamage { source, amount, to } => Act::DealDamage { source, amount, to },
        Statement::CounterTrigger(name) => Act::Effect(Effect::CounterTrigger(name)),
        Statement::CounterCombatDamage => Act::Effect(Effect::CounterCombatDamage),
        Statement::PutCounters { card, kind, amount } => Act::Effect(Effect::Counters {
            card,
            kind,
            amount,
            put: true,
        }),
        Statement::RemoveCounters { card, kind, amount } => Act::Effect(Effect::Counters {
            card,
            kind,
            amount,
            put: false,
        }),
        Statement::LoseLife { player, amount } => Act::Effect(Effect::Life {
            player,
            amount,
            gained: false,
        }),
        Statement::GainLife { player, amount } => Act::Effect(Effect::Life {
            player,
            amount,
            gained: true,
        }),
        Statement::Wins(player) => Act::Effect(Effect::Win(player)),
        Statement::GoTo(step) => Act::Effect(Effect::GoTo(step)),
        Statement::NextTurn(stop) => Act::Effect(Effect::NextTurn(stop)),
    }
}
