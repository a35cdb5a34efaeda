//! The report's sentences: what the kernel's typed events say in English. The kernel
//! never writes a sentence; the report driver asks this module, with the game the
//! events happened in (names and labels don't change during a game).

mod combat;
pub(crate) mod layers;
mod prevention;
mod replaced;
mod why;

pub use why::{joined, stack_labels, target_name, where_is, why, zone_name};

use super::engine::revisions::Difference;
use super::engine::AbilityKind;
use super::engine::{Attempt, Cause, Chosen, Event, Finding, Game, Happened, StackObject};
use super::statement::{Change, Step, Target, Zone};
use crate::scenario::engine::{CardId, PlayerId};

/// The `--json` account of an event modified by replacement and prevention effects: the
/// same shape for a permanent entering, counters, a destination and damage.
pub fn replaced_report(g: &Game, e: &Event) -> Option<super::play::ReplacedReport> {
    match &e.what {
        Happened::DamageModified(m) => Some(prevention::report(g, m)),
        Happened::Replaced(r) => Some(replaced::report(g, r)),
        _ => None,
    }
}

/// The sentence for an event.
pub fn event(g: &Game, e: &Event) -> String {
    happened(g, &e.what)
}

/// Whether the chosen revision says "in play" and "state-based effects" (before
/// 2009-07-11) where today's says "the battlefield" and "state-based actions".
pub fn says_in_play(g: &Game) -> bool {
    !g.rules.has(Difference::TheBattlefield)
}

/// A sentence of the report (in today's words) in the words of the rules before
/// 2009-07-11: "in play" where they now say "on the battlefield", "comes into play" for
/// "enters the battlefield", "state-based effects" for "state-based actions". The report's
/// data (JSON, and what `arbiter compare` matches) keeps today's words; the terminal says
/// the revision's.
pub fn in_the_words_before_2009_07_11(text: &str) -> String {
    const OLD: &[(&str, &str)] = &[
        // "X moves from Alice's hand to the battlefield": put into play, as the rules said.
        ("hand to the battlefield", "hand into play"),
        ("graveyard to the battlefield", "graveyard into play"),
        ("library to the battlefield", "library into play"),
        ("exile to the battlefield", "exile into play"),
        ("stack to the battlefield", "stack into play"),
        ("command zone to the battlefield", "command zone into play"),
        ("onto the battlefield", "into play"),
        ("on the battlefield", "in play"),
        ("enters the battlefield", "comes into play"),
        ("enter the battlefield", "come into play"),
        ("the battlefield", "play"),
        ("state-based action", "state-based effect"),
    ];
    OLD.iter()
        .fold(text.to_string(), |t, (today, then)| t.replace(today, then))
}

/// An activated ability by its keyword.
pub fn ability_name(kind: AbilityKind) -> &'static str {
    match kind {
        AbilityKind::Equip => "equip",
        AbilityKind::Fortify => "fortify",
        AbilityKind::Reconfigure => "reconfigure",
        AbilityKind::Unattach => "reconfigure (unattach)",
    }
}

fn plural(n: i32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn names(g: &Game, cards: &[CardId]) -> String {
    cards
        .iter()
        .map(|c| g.label(*c))
        .collect::<Vec<_>>()
        .join(", ")
}

fn stack_object(g: &Game, o: StackObject) -> String {
    match o {
        StackObject::Spell(c) => g.label(c).to_string(),
        StackObject::CombatDamage => "combat damage".to_string(),
        StackObject::Ability { source, ability } => {
            format!(
                "the {} ability of {}",
                ability_name(ability),
                g.label(source)
            )
        }
        StackObject::Trigger {
            source,
            index,
            instance,
        } => trigger_name(g, source, index, instance),
    }
}

/// Why the checker refused a scenario.
pub fn refusal(r: &crate::scenario::engine::triggered::Refusal) -> String {
    use crate::scenario::engine::triggered::Refusal as R;
    match r {
        R::Loop => "1,000 triggered abilities resolved in this statement's span; the checker doesn't decide whether the game has entered a loop of mandatory actions, a draw (104.4b)".into(),
        R::NoSuchKeyword(k) => format!("`{k}` would act here, and the chosen revision has no such keyword"),
        R::TooManyEffects => "more than six replacement and prevention effects apply to one event; the checker orders at most six".into(),
        R::PreventNPerSource => "a static \"prevent N of that damage\" effect meets one source's damage to two or more recipients at once; this revision prevents N \"from any applicable source at any given time\" and doesn't say whose damage is reduced (419.7c; 614.9 of 2009-07-11)".into(),
        R::SacrificeLooksBack => "an ability that triggers on a sacrifice triggers differently looking back in time and not; the chosen revision doesn't say whether it looks back (603.10a of 2026-04-17 made it look back)".into(),
        R::TooManyReplacements(n) => format!("{n} replacement and prevention effects apply, or became applicable, to one event; the checker orders at most six (scenario-format.md, \"Refusals\")"),
    }
}

/// A triggered ability as the contract names it: `L's trigger [N] [for X]`, N where L has
/// several, X where the event's object or player is not L itself.
pub fn trigger_name(g: &Game, source: CardId, index: usize, instance: Option<Target>) -> String {
    let mut out = match crate::scenario::engine::triggered::Keyword::of_index(index) {
        Some(k) => format!("{}'s {}", g.label(source), k.name()),
        None => format!("{}'s trigger", g.label(source)),
    };
    if index < crate::scenario::engine::triggered::KEYWORD_INDEX && g.printed_triggers(source) > 1 {
        out.push_str(&format!(" {index}"));
    }
    match instance {
        Some(Target::Card(c)) if c == source => {}
        Some(x) => out.push_str(&format!(" for {}", target_name(g, x))),
        None => {}
    }
    out
}

fn cause(g: &Game, c: Cause) -> String {
    match c {
        Cause::Unstated => "",
        Cause::PutByEffect => "put by an effect",
        Cause::LandPut => "put, not played: it doesn't count as a land played (305.4)",
        Cause::AuraPut => "an Aura put onto the battlefield",
        Cause::Destroyed => "destroyed",
        Cause::Exiled => "exiled",
        Cause::SacrificedBy(p) => return format!("sacrificed by {}", g.player_name(p)),
        Cause::ReturnedToHand => "returned to its owner's hand",
        Cause::Countered => "a countered spell is put into its owner's graveyard",
        Cause::Cast => "cast",
        Cause::DidntResolve => "it didn't resolve",
        Cause::InstantOrSorceryResolved => {
            "an instant or sorcery goes to its owner's graveyard as it resolves"
        }
        Cause::AuraResolved => "an Aura spell enters attached to its target",
        Cause::PermanentResolved => "a permanent spell enters under its controller's control",
        Cause::PlayedAsLand => "played as a land",
        Cause::ControllerLeftGame(p) => {
            return format!("{} left the game while controlling it", g.player_name(p))
        }
        Cause::DefaultControllerLeftGame(p) => {
            return format!(
                "the effect that gave it to another player ended, and {}, who controlled it by default, has left the game",
                g.player_name(p)
            )
        }
    }
    .to_string()
}

fn chosen(g: &Game, c: Chosen) -> String {
    match c {
        Chosen::AsStated => String::new(),
        Chosen::Targeted => " (the object it targeted)".into(),
        Chosen::By(p, card) => format!(" ({} chooses {})", g.player_name(p), g.label(card)),
        Chosen::Newest(t) => format!(
            " (no `(choosing L)` given: the checker picks the newest legal choice, {})",
            target_name(g, t)
        ),
    }
}

fn happened(g: &Game, h: &Happened) -> String {
    let l = |c: CardId| g.label(c).to_string();
    let p = |p: PlayerId| g.player_name(p).to_string();
    let t = |t: Target| target_name(g, t);
    match h {
        Happened::Combat(c) => combat::words(g, c),
        Happened::DamageModified(m) => prevention::modification(g, m),
        Happened::Shield {
            maker,
            to,
            regenerate,
            n,
        } => prevention::shield(g, maker, *to, *regenerate, *n),
        Happened::PreventionBegins { maker, text } => {
            format!("{}: {text}", prevention::maker(g, maker))
        }
        Happened::Regenerated { card, by, shields } => {
            prevention::regenerated(g, *card, by, *shields)
        }
        Happened::Replaced(r) => replaced::words(g, r),
        Happened::ZoneChange {
            card,
            from,
            to,
            cause: c,
            ..
        } => {
            let why = cause(g, *c);
            let why = if why.is_empty() {
                why
            } else {
                format!(": {why}")
            };
            let (from, to) = (zone_name(g, *from), zone_name(g, *to));
            format!("{} moves from {from} to {to}{why}", l(*card))
        }
        Happened::LeavesGame {
            card, from, owner, ..
        } => format!(
            "{} ({}) leaves the game with its owner, {}",
            l(*card),
            where_is(g, *from),
            p(*owner)
        ),
        Happened::Attached {
            card,
            to,
            chosen: c,
        } => format!(
            "{} becomes attached to {}{}",
            l(*card),
            t(*to),
            chosen(g, *c)
        ),
        Happened::Reconfigured { card } => {
            format!("{} becomes unattached (and is a creature again)", l(*card))
        }
        Happened::ContinuousEffect {
            card,
            change,
            until_end_of_turn,
        } => {
            let until = if *until_end_of_turn {
                " until end of turn"
            } else {
                ""
            };
            let what = layers::change(g, *card, change);
            match change {
                Change::Control(q) => format!("{} gains control of {what}{until}", p(*q)),
                _ => format!("{what}{until}"),
            }
        }
        Happened::ControlEffectEnds { card, from, now } => format!(
            "the effect that gave {} control of {} ends; {} controls it",
            p(*from),
            l(*card),
            p(*now)
        ),
        Happened::Damage {
            card,
            amount,
            source,
            ..
        } => {
            let by = source.map(|s| format!(" by {}", l(s))).unwrap_or_default();
            format!("{} is dealt {amount} damage{by}", l(*card))
        }
        Happened::DamageToPlayer {
            source,
            player,
            amount,
            now,
        } => format!(
            "{} deals {amount} damage to {} (life now {now})",
            l(*source),
            p(*player)
        ),
        Happened::DamagePrevented {
            card,
            amount,
            source,
            quality,
        } => format!(
            "{amount} damage to {} by {} is prevented: it has protection from {quality}",
            l(*card),
            l(*source)
        ),
        Happened::Counters {
            card,
            kind,
            amount,
            put,
        } => {
            let (verb, prep) = if *put {
                ("put", "on")
            } else {
                ("removed", "from")
            };
            format!(
                "{amount} {} counter{} {verb} {prep} {}",
                kind.name(),
                plural(*amount),
                l(*card)
            )
        }
        Happened::Wins { player } => format!(
            "{} wins the game: the game is over, and every other player has lost it",
            p(*player)
        ),
        Happened::Life {
            player,
            amount,
            gained,
            now,
        } => {
            let verb = if *gained { "gains" } else { "loses" };
            format!("{} {verb} {amount} life (now {now})", p(*player))
        }
        Happened::Cast {
            player,
            card,
            targets,
        } => {
            let targeting = if targets.is_empty() {
                String::new()
            } else {
                let ts: Vec<String> = targets.iter().map(|x| t(*x)).collect();
                format!(" targeting {}", ts.join(", "))
            };
            format!(
                "{} casts {}{targeting}; {} receives priority",
                p(*player),
                l(*card),
                p(*player)
            )
        }
        Happened::Activated {
            player,
            source,
            ability,
            target,
        } => {
            let what = match target {
                Some(x) => format!(
                    "activates {} of {} targeting {}",
                    ability_name(*ability),
                    l(*source),
                    l(*x)
                ),
                None => format!("activates the unattach ability of {}", l(*source)),
            };
            format!("{} {what}; {} receives priority", p(*player), p(*player))
        }
        Happened::PlayedLand { player, card } => format!(
            "{} plays {} (a special action; it doesn't use the stack); {} receives priority",
            p(*player),
            l(*card),
            p(*player)
        ),
        Happened::Countered { card } => format!("{} is countered", l(*card)),
        Happened::Triggered {
            ability,
            controller,
            looked_back,
        } => format!(
            "{} triggers, controlled by {}{}",
            stack_object(g, *ability),
            p(*controller),
            if *looked_back {
                " (it looks back in time: the abilities and objects as they were immediately before the event)"
            } else {
                ""
            }
        ),
        Happened::TriggersPut { orders } => {
            let each: Vec<String> = orders
                .iter()
                .map(|(player, order, default)| {
                    format!(
                        "{}'s, first to resolve first: {}{}",
                        p(*player),
                        order
                            .iter()
                            .map(|o| stack_object(g, *o))
                            .collect::<Vec<_>>()
                            .join(", "),
                        if *default && order.len() > 1 {
                            " (default order)"
                        } else {
                            ""
                        }
                    )
                })
                .collect();
            format!(
                "triggered abilities go on the stack in APNAP order: {}",
                each.join("; ")
            )
        }
        Happened::TriggerResolves {
            ability,
            last_known,
        } => format!(
            "{} resolves{}",
            stack_object(g, *ability),
            if *last_known {
                ", using last known information"
            } else {
                ""
            }
        ),
        Happened::TriggerRemoved { ability } => {
            format!("{} is removed from the stack", stack_object(g, *ability))
        }
        Happened::TriggerCountered { ability } => format!(
            "{} is countered: removed from the stack, it doesn't resolve",
            stack_object(g, *ability)
        ),
        Happened::NoLife {
            player,
            gained,
            value,
        } => format!(
            "{} {} no life: the amount is {value}{}",
            g.player_name(*player),
            if *gained { "gains" } else { "loses" },
            if *value < 0 {
                ", and zero is used instead"
            } else {
                ""
            }
        ),
        Happened::NoDamage { source, amount } => format!(
            "{} deals no damage: the amount is {amount}, and a source that would deal 0 damage deals none",
            g.label(*source)
        ),
        Happened::NoTriggerToCounter { source } => format!(
            "no such triggered ability of {} is on the stack: nothing is countered",
            g.label(*source)
        ),
        Happened::CombatDamageNotCountered { on_stack: true } => {
            "combat damage on the stack isn't a spell or an ability: it can't be countered".into()
        }
        Happened::CombatDamageNotCountered { on_stack: false } => {
            "no combat damage is on the stack: nothing is countered".into()
        }
        Happened::Resolves(o) => format!("{} resolves", stack_object(g, *o)),
        Happened::DoesntResolve { object, reasons } => format!(
            "{} doesn't resolve: every target is illegal ({})",
            stack_object(g, *object),
            joined(g, reasons)
        ),
        Happened::SourceGone { source, ability } => {
            let desc = stack_object(
                g,
                StackObject::Ability {
                    source: *source,
                    ability: *ability,
                },
            );
            format!(
                "{desc} resolves but does nothing: {} left the battlefield and is a new object",
                l(*source)
            )
        }
        Happened::StepBegins { step, active } => {
            let who = if *step == Step::Cleanup {
                "normally no player receives priority".to_string()
            } else {
                format!("{} receives priority", p(*active))
            };
            let kind = match step {
                Step::PrecombatMain | Step::PostcombatMain => "phase",
                _ => "step",
            };
            format!("the turn goes to the {step} {kind}; {who}")
        }
        Happened::TurnBegins {
            player,
            untapped,
            in_main,
        } => {
            let list = if untapped.is_empty() {
                "no permanents".to_string()
            } else {
                names(g, untapped)
            };
            let s = if untapped.len() == 1 { "s" } else { "" };
            let main = if *in_main {
                format!("; precombat main phase, {} has priority", p(*player))
            } else {
                String::new()
            };
            format!(
                "{}'s turn begins: {list} untap{s}; no lands have been played{main}",
                p(*player),
            )
        }
        Happened::Cleanup { ended } => {
            let n = *ended as i32;
            format!(
                "cleanup step: damage is removed and {n} \"until end of turn\" effect{} end{}",
                plural(n),
                if n == 1 { "s" } else { "" }
            )
        }
        Happened::StateBased { findings, .. } => findings
            .iter()
            .map(|f| finding(g, f))
            .collect::<Vec<_>>()
            .join("; "),
        Happened::LegendKept {
            player,
            card,
            as_written,
        } => {
            if *as_written {
                format!("{} keeps {} (as written)", p(*player), l(*card))
            } else {
                format!(
                    "{} keeps {}: no `(keeping L)` given, so the checker keeps the newest",
                    p(*player),
                    l(*card)
                )
            }
        }
        Happened::Refused { action } => format!("action {action} was refused"),
        Happened::AlreadyAttached { card, to } => format!(
            "{} is already attached to {}; nothing happens",
            l(*card),
            t(*to)
        ),
        Happened::DoesntMove { card, problems } => {
            format!("{} doesn't move: {}", l(*card), joined(g, problems))
        }
        Happened::AlreadyOnBattlefield { card } => {
            format!(
                "{} is already on the battlefield; nothing happens",
                l(*card)
            )
        }
        Happened::TokenLeftBattlefield { card, again } => format!(
            "{} is a token that left the battlefield; it can't {}",
            l(*card),
            if *again { "move again" } else { "come back" }
        ),
        Happened::NoLongerExists { card } => format!("{} no longer exists", l(*card)),
        Happened::CantEnterBattlefield { card, zone } => format!(
            "{} is an instant or sorcery card and can't enter the battlefield; it stays {}",
            l(*card),
            where_is(g, *zone)
        ),
        Happened::AuraCantEnterAttached {
            card,
            to,
            problems,
            zone,
        } => {
            let stays = if *zone == Zone::Stack {
                "it goes to its owner's graveyard"
            } else {
                "it stays in its zone"
            };
            format!(
                "{} can't enter attached to {}: {}; {stays} ({})",
                l(*card),
                t(*to),
                joined(g, problems),
                zone_name(g, *zone)
            )
        }
        Happened::AuraNothingToEnchant { card, zone } => {
            let stays = if *zone == Zone::Stack {
                "it goes to its owner's graveyard"
            } else {
                "it stays where it is"
            };
            format!(
                "{} has nothing it could legally enchant, so {stays} ({})",
                l(*card),
                zone_name(g, *zone)
            )
        }
        Happened::EntersUnattached { card, problems } => {
            format!("{} enters unattached: {}", l(*card), joined(g, problems))
        }
        Happened::NotAttachable { card } => format!(
            "{} isn't an Aura, Equipment or Fortification, so it enters unattached",
            l(*card)
        ),
        Happened::NotOnBattlefield { card, attempt } => {
            let nothing = match attempt {
                Attempt::Attach => "nothing is attached",
                Attempt::Destroy => "nothing is destroyed",
                Attempt::Damage => "no damage is dealt",
            };
            format!("{} isn't on the battlefield; {nothing}", l(*card))
        }
        Happened::Indestructible { card } => {
            format!("{} is indestructible and isn't destroyed", l(*card))
        }
        Happened::NoControlForPlayerWhoLeft { card, player } => format!(
            "{} has left the game, so {} doesn't change control",
            g.player_name(*player),
            l(*card)
        ),
        Happened::AppliesToNothing => {
            "no object is in the set the effect describes as it begins; nothing changes".into()
        }
        Happened::NotASpell { card, zone } => format!(
            "{} isn't a spell on the stack (it's {}); nothing is countered",
            l(*card),
            where_is(g, *zone)
        ),
    }
}

/// What a state-based action's rule found.
fn finding(g: &Game, f: &Finding) -> String {
    let l = |c: CardId| g.label(c).to_string();
    let p = |p: PlayerId| g.player_name(p).to_string();
    let owner = |c: CardId| g.player_name(g.owner(c)).to_string();
    match f {
        Finding::ZeroLife { player, life } => {
            format!("{} has {life} life and loses the game", p(*player))
        }
        Finding::TokenElsewhere { card, zone } => format!(
            "{} is a token in {} and ceases to exist",
            l(*card),
            zone_name(g, *zone)
        ),
        Finding::ZeroToughness { card, toughness } => format!(
            "{} has toughness {toughness} and is put into {}'s graveyard",
            l(*card),
            owner(*card)
        ),
        Finding::DeathtouchDamage { card } => format!(
            "{} was dealt damage by a source with deathtouch: it is destroyed",
            l(*card)
        ),
        Finding::LethalDamage {
            card,
            damage,
            toughness,
        } => format!(
            "{} has {damage} damage marked and toughness {toughness}: lethal damage, it is destroyed",
            l(*card)
        ),
        Finding::ZeroLoyalty { card } => format!(
            "{} has loyalty 0 and is put into {}'s graveyard",
            l(*card),
            owner(*card)
        ),
        Finding::LegendRule {
            player,
            group,
            keep,
            card,
        } => format!(
            "legend rule: {} controls {} with the same name and keeps {}; {} is put into {}'s graveyard",
            p(*player),
            names(g, group),
            l(*keep),
            l(*card),
            owner(*card)
        ),
        Finding::LegendRuleAll { group, card } => format!(
            "legend rule ({} rules): {} are legendary permanents with the same name on the battlefield, so all are put into their owners' graveyards; {} goes to {}'s graveyard",
            g.rules.date,
            names(g, group),
            l(*card),
            owner(*card)
        ),
        Finding::Uniqueness {
            player,
            group,
            keep,
            card,
        } => match keep {
            Some((k, as_written)) => format!(
                "planeswalker uniqueness rule: {} share a planeswalker type; {} keeps {}{}, and {} is put into its owner's graveyard",
                names(g, group),
                p(*player),
                l(*k),
                if *as_written {
                    ""
                } else {
                    " (the newest: no `(keeping L)` given)"
                },
                l(*card)
            ),
            None => format!(
                "planeswalker uniqueness rule: {} share a planeswalker type, so all are put into their owners' graveyards; {} goes",
                names(g, group),
                l(*card)
            ),
        },
        Finding::WorldRule { card } => format!(
            "world rule: {} isn't the permanent that has had the world supertype for the shortest time; it is put into its owner's graveyard",
            l(*card)
        ),
        Finding::AuraUnattached { card } => format!(
            "{} is an Aura attached to nothing and is put into {}'s graveyard",
            l(*card),
            owner(*card)
        ),
        Finding::AuraIllegal { card, problems } => format!(
            "{} is an Aura attached illegally ({}) and is put into {}'s graveyard",
            l(*card),
            joined(g, problems),
            owner(*card)
        ),
        Finding::IllegallyAttached { card, to, problems } => format!(
            "{} becomes unattached from {} ({}) and remains on the battlefield",
            l(*card),
            target_name(g, *to),
            joined(g, problems)
        ),
        Finding::CountersAnnihilate { card, n } => format!(
            "{n} +1/+1 and {n} -1/-1 counter{} are removed from {}",
            plural(*n),
            l(*card)
        ),
        Finding::ZeroDefense { card } => format!(
            "{} has defense 0 and is put into {}'s graveyard",
            l(*card),
            owner(*card)
        ),
        Finding::NoProtector {
            card,
            controller,
            chosen,
            protector_left,
        } => match chosen {
            Some(q) if *protector_left => format!(
                "{}'s protector has left the game; {} chooses {}",
                l(*card),
                p(*controller),
                p(*q)
            ),
            Some(q) => format!(
                "{} has no protector; {} chooses {}",
                l(*card),
                p(*controller),
                p(*q)
            ),
            None => format!(
                "{} has no protector and none can be chosen; it is put into {}'s graveyard",
                l(*card),
                owner(*card)
            ),
        },
        Finding::SiegeOwnProtector {
            card,
            controller,
            chosen,
        } => match chosen {
            Some(q) => format!(
                "{} is a Siege protected by its controller; {} chooses {} as its protector",
                l(*card),
                p(*controller),
                p(*q)
            ),
            None => format!(
                "{} is a Siege protected by its controller and there is no opponent to choose; it is put into {}'s graveyard",
                l(*card),
                owner(*card)
            ),
        },
        Finding::Roles {
            target,
            player,
            card,
            newest,
        } => format!(
            "{} has more than one Role controlled by {} attached; {} (not the newest, {}) is put into its owner's graveyard",
            l(*target),
            p(*player),
            l(*card),
            l(*newest)
        ),
    }
}
