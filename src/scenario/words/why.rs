//! The sentences of the reasons an action or a change can't happen ([`Why`]), and the
//! names of zones and stack objects they use. The kernel gives the data (objects,
//! players, zones, steps); what it says in English is here.

use super::super::engine::reason::{Attachment, Doing, EnchantProblem, Protected};
use super::super::engine::{Game, Reason, StackObject, Why};
use super::super::statement::{Target, Zone};
use super::{ability_name, combat, layers, plural};
use crate::scenario::engine::{CardId, PlayerId};

/// The sentence for a reason (without its citations).
pub fn why(g: &Game, w: &Why) -> String {
    let l = |c: CardId| g.label(c).to_string();
    let p = |p: PlayerId| g.player_name(p).to_string();
    match w {
        Why::Combat(w) => combat::why(g, w),
        Why::Layers(w) => layers::why(g, w),
        Why::CantEnchant {
            aura,
            chosen,
            problems,
        } => format!(
            "{} can't enchant {}: {}",
            l(*aura),
            l(*chosen),
            joined(g, problems)
        ),
        Why::NotOwnTurn { doing: d, active } => format!(
            "{} only during its controller's own turn, and it is {}'s turn",
            doing(g, *d),
            p(*active)
        ),
        Why::NotMainPhase { doing: d, step } => format!(
            "{} only during a main phase, and it is the {step} step",
            doing(g, *d)
        ),
        Why::StackNotEmpty { doing: d, stack } => format!(
            "{} only when the stack is empty, and it holds {}",
            doing(g, *d),
            stack_labels(g, stack).join(", ")
        ),
        Why::NoPriority {
            player,
            holder,
            doing: Some(Doing::PlayLand),
        } => format!(
            "{} doesn't have priority ({} does); a player plays a land only with priority",
            p(*player),
            p(*holder)
        ),
        Why::NoPriority { player, holder, .. } => format!(
            "{} doesn't have priority ({} does); a player casts spells and activates abilities only with priority",
            p(*player),
            p(*holder)
        ),
        Why::NoPriorityInUntap => "no player receives priority during the untap step".into(),
        Why::NoPriorityInCleanup => {
            "normally no player receives priority during the cleanup step".into()
        }
        Why::NotALandCard { card } => format!(
            "{} is not a land card; only lands are played (cast it instead)",
            l(*card)
        ),
        Why::LandInGraveyard { card, owner } => format!(
            "{} is in {}'s graveyard; a land is played from its owner's hand unless an effect allows another zone (such as Crucible of Worlds)",
            l(*card),
            p(*owner)
        ),
        Why::LandNotInHand { card, zone } => format!(
            "{} is {}; a player plays a land card from their own hand",
            l(*card),
            where_is(g, *zone)
        ),
        Why::LandNotYourTurn { player, active } => format!(
            "{} can't play a land when it isn't their turn (it is {}'s turn)",
            p(*player),
            p(*active)
        ),
        Why::LandLimit {
            player,
            played,
            allowed,
        } => format!(
            "{} has played {played} land{} this turn and can play {allowed}",
            p(*player),
            plural(*played as i32)
        ),
        Why::CastFrom { card, zone, player } => format!(
            "{} is {}; {} may cast it only from their own hand unless an effect allows otherwise",
            l(*card),
            where_is(g, *zone),
            p(*player)
        ),
        Why::LandIsPlayed { card } => {
            format!("{} is a land; it can be played, not cast", l(*card))
        }
        Why::AuraTargetCount { given } => format!(
            "an Aura spell requires exactly one target, defined by its enchant ability; {given} given"
        ),
        Why::TargetsItself => "a spell can't target itself".into(),
        Why::NoReconfigure { date } => format!(
            "reconfigure doesn't exist under the rules of {date} (it exists from 2022-02-18)"
        ),
        Why::NoFortify { date } => format!(
            "fortify doesn't exist under the rules of {date} (it exists from 2007-05-01)"
        ),
        Why::SourceNotOnBattlefield { card, zone } => format!(
            "{} is {}, not on the battlefield",
            l(*card),
            where_is(g, *zone)
        ),
        Why::NotItsController { card, controller } => format!(
            "{} is controlled by {}; only its controller can activate its abilities",
            l(*card),
            p(*controller)
        ),
        Why::NoSuchAbility { card, ability } => {
            format!("{} has no {} ability", l(*card), ability_name(*ability))
        }
        Why::NotAttachedToCreature { card } => format!(
            "{} isn't attached to a creature; its unattach ability can be activated only while it is",
            l(*card)
        ),
        Why::BattleAttached { card } => format!(
            "{} is a battle, which can't be attached to anything",
            l(*card)
        ),
        Why::AuraCreature { card } => format!(
            "{} is an Aura that's also a creature, which can't enchant anything",
            l(*card)
        ),
        Why::AuraItself => "an Aura can't enchant itself".into(),
        Why::Protection {
            target,
            quality,
            from,
            how,
        } => {
            let how = match how {
                Protected::Enchanted => "be enchanted by",
                Protected::Equipped => "be equipped by",
                Protected::Fortified => "be fortified by",
                Protected::Targeted => "be the target of",
            };
            format!(
                "{} has protection from {quality}, so it can't {how} {}",
                l(*target),
                l(*from)
            )
        }
        Why::CantBeEnchantedByOtherAuras { target } => {
            format!("{} can't be enchanted by other Auras", l(*target))
        }
        Why::AttachmentToPlayer { card, kind, player } => format!(
            "{} is an {}, which can be attached only to a {}, not to a player ({})",
            l(*card),
            attachment(*kind),
            attachable(*kind),
            p(*player)
        ),
        Why::AttachmentItself { kind } => {
            format!("an {} can't equip itself", attachment(*kind))
        }
        Why::NotAPermanent { target, zone } => format!(
            "{} isn't a permanent on the battlefield (it's {})",
            l(*target),
            where_is(g, *zone)
        ),
        Why::AttachmentWrongKind { card, kind, target } => {
            let kind_name = attachable(*kind);
            format!(
                "{} is an {}, which can be attached only to a {kind_name}; {} is not a {kind_name}",
                l(*card),
                attachment(*kind),
                l(*target)
            )
        }
        Why::AttachmentCreature { card, kind } => format!(
            "{} is an {} that's also a creature, so it can't {} a {}",
            l(*card),
            attachment(*kind),
            match kind {
                Attachment::Equipment => "equip",
                Attachment::Fortification => "fortify",
            },
            attachable(*kind)
        ),
        Why::NotAttachable { card } => format!(
            "{} is not an Aura, an Equipment or a Fortification, so it can't be attached to anything",
            l(*card)
        ),
        Why::Enchant {
            aura,
            enchant,
            problem,
        } => {
            let says = format!("{} has enchant {}", l(*aura), enchant.describe());
            match problem {
                EnchantProblem::NotAnOpponent(q) => {
                    format!("{says}; {} is its controller, not an opponent", p(*q))
                }
                EnchantProblem::PermanentForPlayerAura(c) => format!(
                    "{says}; an Aura that can enchant a player can't enchant a permanent ({})",
                    l(*c)
                ),
                EnchantProblem::APlayer(q) => format!("{says}; {} is a player", p(*q)),
                EnchantProblem::NotInAGraveyard(c) => {
                    format!("{says}; {} isn't in a graveyard", l(*c))
                }
                EnchantProblem::WrongCard { card, type_line } => {
                    let a = indefinite_article(&type_line.to_string());
                    format!("{says}; {} is {a} {type_line}", l(*card))
                }
                EnchantProblem::NotOnBattlefield { card, zone } => format!(
                    "{says}; {} isn't on the battlefield (it's {})",
                    l(*card),
                    where_is(g, *zone)
                ),
                EnchantProblem::WrongPermanent {
                    card,
                    type_line,
                    controller,
                } => format!(
                    "{says}; {} is {} {type_line} controlled by {}",
                    l(*card),
                    indefinite_article(&type_line.to_string()),
                    p(*controller)
                ),
            }
        }
        Why::PlayerNotPermanent { player } => {
            format!("{} is a player, not a permanent", p(*player))
        }
        Why::CantTargetIn { card, zone } => format!(
            "{} is {}; only permanents, and objects in a graveyard, in exile or on the stack that a spell names, can be targeted",
            l(*card),
            where_is(g, *zone)
        ),
        Why::NotA { card, kind } => format!(
            "{} is not a {}",
            l(*card),
            kind.name().to_lowercase()
        ),
        Why::ControlledBy {
            card,
            controller,
            not,
        } => format!(
            "{} is controlled by {}, not by {}",
            l(*card),
            p(*controller),
            p(*not)
        ),
        Why::MustTargetAnother { card } => {
            format!("{} must target another creature", l(*card))
        }
        Why::Shroud { card } => format!("{} has shroud", l(*card)),
        Why::Hexproof { card, player } => format!(
            "{} has hexproof and {} is an opponent of its controller",
            l(*card),
            p(*player)
        ),
        Why::ChangedZonesSinceTargeted { card } => format!(
            "{} changed zones since it was targeted and is a new object",
            l(*card)
        ),
        Why::ChangedZones { target } => format!(
            "{} changed zones and is a new object",
            target_name(g, *target)
        ),
        Why::LeftGame { player } => format!("{} has left the game", p(*player)),
        Why::CantSacrifice {
            player,
            card,
            controller,
            zone,
        } => format!(
            "{} can sacrifice only a permanent they control; {} is {}",
            p(*player),
            l(*card),
            match controller {
                Some(c) => format!("controlled by {}", p(*c)),
                None => where_is(g, *zone),
            }
        ),
        Why::StepNotLater { now, step } => format!(
            "the turn can't go back or stay: it is the {now} step, \
             and `go to` names a later step of this turn ({step} isn't later)"
        ),
        Why::GameOver {
            winner: Some(w),
            by_effect: true,
        } => format!(
            "the game is over: an effect made {} win it, and every other player lost it",
            p(*w)
        ),
        Why::GameOver {
            winner: Some(w),
            by_effect: false,
        } => format!(
            "the game is over: {} won when every opponent had left the game",
            p(*w)
        ),
        Why::GameOver { winner: None, .. } => {
            "the game is over: every player remaining lost at once, a draw".to_string()
        }
        Why::NoFirstStrikeStep => "this combat has no first-strike combat damage step: \
             no attacking or blocking creature has first strike or double strike"
            .to_string(),
        Why::StepStackNotEmpty { stack } => format!(
            "a step ends only when the stack is empty; it holds {}",
            stack_labels(g, stack).join(", ")
        ),
    }
}

/// The reasons' sentences, joined as one clause list (`a; b`).
pub fn joined(g: &Game, reasons: &[Reason]) -> String {
    reasons
        .iter()
        .map(|r| why(g, &r.why))
        .collect::<Vec<_>>()
        .join("; ")
}

fn doing(g: &Game, d: Doing) -> String {
    match d {
        Doing::Cast(c) => format!("{} (without flash) can be cast", g.label(c)),
        Doing::Activate(a) => format!("{} can be activated", ability_name(a)),
        Doing::PlayLand => "a land is played".into(),
    }
}

fn attachment(kind: Attachment) -> &'static str {
    match kind {
        Attachment::Equipment => "Equipment",
        Attachment::Fortification => "Fortification",
    }
}

/// What an Equipment or a Fortification can be attached to.
fn attachable(kind: Attachment) -> &'static str {
    match kind {
        Attachment::Equipment => "creature",
        Attachment::Fortification => "land",
    }
}

/// The stack's objects as the report names them (`Shock`, `equip ability of Bonesplitter`).
pub fn stack_labels(g: &Game, stack: &[StackObject]) -> Vec<String> {
    stack
        .iter()
        .map(|s| match *s {
            StackObject::Spell(c) => g.label(c).to_string(),
            StackObject::CombatDamage => "combat damage".to_string(),
            StackObject::Trigger {
                source,
                index,
                instance,
            } => super::trigger_name(g, source, index, instance),
            StackObject::Ability { source, ability } => {
                format!("{} ability of {}", ability_name(ability), g.label(source))
            }
        })
        .collect()
}

/// A card or a player by name.
pub fn target_name(g: &Game, t: Target) -> String {
    match t {
        Target::Card(c) => g.label(c).to_string(),
        Target::Player(p) => g.player_name(p).to_string(),
    }
}

/// A zone: `the battlefield`, `Alice's graveyard`.
pub fn zone_name(g: &Game, z: Zone) -> String {
    match z {
        Zone::Battlefield => "the battlefield".into(),
        Zone::Hand(p) => format!("{}'s hand", g.player_name(p)),
        Zone::Graveyard(p) => format!("{}'s graveyard", g.player_name(p)),
        Zone::Library(p) => format!("{}'s library", g.player_name(p)),
        Zone::Exile => "exile".into(),
        Zone::Command => "the command zone".into(),
        Zone::Stack => "the stack".into(),
        Zone::Nowhere => "nowhere (it ceased to exist)".into(),
    }
}

/// Where an object is: `on the battlefield`, `in Alice's hand`.
pub fn where_is(g: &Game, z: Zone) -> String {
    match z {
        Zone::Battlefield => "on the battlefield".into(),
        Zone::Stack => "on the stack".into(),
        Zone::Nowhere => "nowhere (it ceased to exist)".into(),
        z => format!("in {}", zone_name(g, z)),
    }
}

/// "a" or "an" before a type line, by its first letter ("an Artifact", "a Creature"): the
/// words that open type lines (supertypes and card types) have no silent or sounded-out
/// first letters.
fn indefinite_article(type_line: &str) -> &'static str {
    match type_line.chars().next() {
        Some(c) if "AEIOUaeiou".contains(c) => "an",
        _ => "a",
    }
}

#[cfg(test)]
mod article_tests {
    use super::indefinite_article;

    #[test]
    fn an_before_a_vowel_a_before_a_consonant() {
        assert_eq!(indefinite_article("Artifact — Equipment"), "an");
        assert_eq!(indefinite_article("Enchantment — Aura"), "an");
        assert_eq!(indefinite_article("Creature — Wall"), "a");
        assert_eq!(indefinite_article("Legendary Creature — Elf"), "a");
    }
}
