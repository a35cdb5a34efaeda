//! Legality (115, 301.5, 303.4, 702.5, 702.16…): whether an object can be attached to
//! another or to a player, and whether a spell or ability can target something. Each
//! answer is a list of typed reasons carrying their citations; empty means legal.

use super::prelude::*;

/// What targeting a spell or ability requires of a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Requirement {
    Aura,
    CreatureYouControl,
    AnotherCreatureYouControl,
    LandYouControl,
    Any,
}

impl Game {
    // ----- the one legality function for attachments ----------------------------------

    /// Every reason `att` can't be attached to `to`, by the rules for Auras (303.4, 702.5),
    /// Equipment (301.5), Fortifications (301.6), reconfigure (702.151), protection
    /// (702.16c–d), battles (310.9) and other permanents (704.5p). Empty: it can.
    pub fn attachment_problems(&self, att: CardId, to: Target) -> Vec<Reason> {
        let a = self.view(att);
        let name = self.label(att).to_string();
        let mut out = Vec::new();
        let aura = a.chars.has_subtype("aura");
        let equipment = a.chars.has_subtype("equipment");
        let fortification = a.chars.has_subtype("fortification");
        if a.chars.is(CardType::Battle) && self.rules.has(Difference::Battles) {
            out.push(reason(
                &[cite::R310_9, cite::R704_5P],
                format!("{name} is a battle, which can't be attached to anything"),
            ));
        }
        if aura {
            if a.chars.is(CardType::Creature) {
                out.push(reason(
                    &[cite::R303_4D, cite::R704_5P],
                    format!(
                        "{name} is an Aura that's also a creature, which can't enchant anything"
                    ),
                ));
            }
            if to == Target::Card(att) {
                out.push(reason(
                    &[cite::R303_4D],
                    "an Aura can't enchant itself".to_string(),
                ));
            }
            out.extend(self.enchant_problems(att, &a, to));
            if let Target::Card(t) = to {
                let tv = self.view(t);
                for q in tv.chars.protections() {
                    if a.chars.has_quality(q) {
                        out.push(reason(
                            &protection(q, cite::R702_16C),
                            format!(
                                "{} has protection from {q}, so it can't be enchanted by {name}",
                                self.label(t)
                            ),
                        ));
                    }
                }
                if self.cant_be_enchanted_by_other_auras(t, att) {
                    out.push(reason(
                        &[cite::R303_4C],
                        format!("{} can't be enchanted by other Auras", self.label(t)),
                    ));
                }
            }
        } else if equipment || fortification {
            let (kind, what, rule) = if equipment {
                (CardType::Creature, "Equipment", cite::R301_5)
            } else {
                (CardType::Land, "Fortification", cite::R301_6)
            };
            let kind_name = kind.name().to_lowercase();
            match to {
                Target::Player(p) => out.push(reason(&[rule], format!("{name} is an {what}, which can be attached only to a {kind_name}, not to a player ({})", self.player_name(p)))),
                Target::Card(t) => {
                    if t == att {
                        out.push(reason(&[cite::R301_5C], format!("an {what} can't equip itself")));
                    }
                    let tv = self.view(t);
                    if !self.on_battlefield(t) {
                        out.push(reason(&[rule], format!("{} isn't a permanent on the battlefield (it's {})", self.label(t), self.where_is(self.zone(t)))));
                    } else if !tv.chars.is(kind) {
                        out.push(reason(&[rule], format!("{name} is an {what}, which can be attached only to a {kind_name}; {} is not a {kind_name}", self.label(t))));
                    }
                    for q in tv.chars.protections() {
                        if a.chars.has_quality(q) {
                            out.push(reason(&protection(q, cite::R702_16D), format!("{} has protection from {q}, so it can't be {} by {name}", self.label(t), if equipment { "equipped" } else { "fortified" })));
                        }
                    }
                }
            }
            if a.chars.is(CardType::Creature) {
                let reconfigure = equipment
                    && self.rules.has(Difference::Reconfigure)
                    && a.chars.has(&Ability::Reconfigure(None));
                if !reconfigure {
                    let rules: &[Cite] = if equipment {
                        &[cite::R301_5C, cite::R704_5P]
                    } else {
                        &[cite::R301_6, cite::R704_5P]
                    };
                    out.push(reason(rules, format!("{name} is an {what} that's also a creature, so it can't {} a {kind_name}", if equipment { "equip" } else { "fortify" })));
                }
            }
        } else {
            out.push(reason(&[cite::R701_3B, cite::R704_5P], format!("{name} is not an Aura, an Equipment or a Fortification, so it can't be attached to anything")));
        }
        out
    }

    pub(super) fn cant_be_enchanted_by_other_auras(&self, t: CardId, aura: CardId) -> bool {
        let rule = Ability::CantBeEnchantedByOtherAuras;
        let tv = self.view(t);
        if tv.chars.has(&rule) && !tv.chars.has_subtype("aura") {
            return true;
        }
        (0..self.cards.len()).any(|o| {
            o != aura && self.on_battlefield(o) && self.attached_to(o) == Some(Target::Card(t)) && {
                let v = self.view(o);
                v.chars.has_subtype("aura") && v.chars.has(&rule)
            }
        })
    }

    /// Whether `to` suits the Aura's enchant restriction (702.5a, 303.4a).
    pub(super) fn enchant_problems(&self, att: CardId, a: &View, to: Target) -> Vec<Reason> {
        let name = self.label(att);
        let Some(enchant) = a.chars.enchant() else {
            return Vec::new();
        };
        let says = format!("{name} has enchant {}", enchant.describe());
        let bad = |why: String| {
            vec![reason(
                &[cite::R303_4A, cite::R702_5A],
                format!("{says}; {why}"),
            )]
        };
        match (enchant, to) {
            (Enchant::Player, Target::Player(_)) => Vec::new(),
            (Enchant::Opponent, Target::Player(p)) => {
                if p == a.controller {
                    bad(format!(
                        "{} is its controller, not an opponent",
                        self.player_name(p)
                    ))
                } else {
                    Vec::new()
                }
            }
            (Enchant::Player | Enchant::Opponent, Target::Card(t)) => vec![reason(
                &[cite::R303_4A, cite::R702_5D],
                format!(
                    "{says}; an Aura that can enchant a player can't enchant a permanent ({})",
                    self.label(t)
                ),
            )],
            (_, Target::Player(p)) => bad(format!("{} is a player", self.player_name(p))),
            (Enchant::CardInGraveyard(kinds), Target::Card(t)) => {
                if !matches!(self.zone(t), Zone::Graveyard(_)) {
                    return bad(format!("{} isn't in a graveyard", self.label(t)));
                }
                let tv = self.view(t);
                if !kinds.is_empty() && !kinds.iter().any(|k| tv.chars.is_kind(k)) {
                    return bad(format!("{} is a {}", self.label(t), tv.chars.type_line));
                }
                Vec::new()
            }
            (Enchant::Permanent(alts), Target::Card(t)) => {
                if !self.on_battlefield(t) {
                    return bad(format!(
                        "{} isn't on the battlefield (it's {})",
                        self.label(t),
                        self.where_is(self.zone(t))
                    ));
                }
                let tv = self.view(t);
                let ok = alts.iter().any(|f| {
                    (f.kinds.is_empty() || f.kinds.iter().any(|k| tv.chars.is_kind(k)))
                        && !f.not_types.iter().any(|n| tv.chars.is(*n))
                        && match f.controlled {
                            Controlled::Any => true,
                            Controlled::You => tv.controller == a.controller,
                            Controlled::NotYou => tv.controller != a.controller,
                        }
                });
                if ok {
                    Vec::new()
                } else {
                    bad(format!(
                        "{} is a {} controlled by {}",
                        self.label(t),
                        tv.chars.type_line,
                        self.player_name(tv.controller)
                    ))
                }
            }
        }
    }

    /// Whether `target` may be targeted by a spell or ability from `source` controlled by
    /// `controller` (115, 702.11, 702.16b, 702.18) and suits `req`.
    pub(super) fn target_problems(
        &self,
        source: CardId,
        controller: PlayerId,
        target: Target,
        req: Requirement,
    ) -> Vec<Reason> {
        let sv = self.view(source);
        let sname = self.label(source).to_string();
        let mut out = Vec::new();
        let Target::Card(t) = target else {
            if let Target::Player(p) = target {
                match req {
                    Requirement::Aura => out.extend(self.enchant_problems(source, &sv, target)),
                    Requirement::Any => {}
                    _ => out.push(reason(
                        &[cite::R115_1],
                        format!("{} is a player, not a permanent", self.player_name(p)),
                    )),
                }
            }
            return out;
        };
        let tname = self.label(t).to_string();
        let graveyard_aura = req == Requirement::Aura
            && matches!(sv.chars.enchant(), Some(Enchant::CardInGraveyard(_)));
        let zone = self.zone(t);
        // A spell other than an Aura targets what the statement names, in whatever public
        // zone it is (115.2 (a), (b)): the statement is its text.
        let allowed_zone = zone == Zone::Battlefield
            || (graveyard_aura && matches!(zone, Zone::Graveyard(_)))
            || (req == Requirement::Any
                && t != source
                && matches!(zone, Zone::Stack | Zone::Graveyard(_) | Zone::Exile));
        if !allowed_zone {
            out.push(reason(&[cite::R115_2], format!("{tname} is {}; only permanents, and objects in a graveyard, in exile or on the stack that a spell names, can be targeted", self.where_is(zone))));
            return out;
        }
        let tv = self.view(t);
        match req {
            Requirement::Aura => out.extend(self.enchant_problems(source, &sv, target)),
            Requirement::CreatureYouControl | Requirement::AnotherCreatureYouControl => {
                let rule = if req == Requirement::CreatureYouControl {
                    cite::R702_6A
                } else {
                    cite::R702_151A
                };
                if !tv.chars.is(CardType::Creature) {
                    out.push(reason(&[rule], format!("{tname} is not a creature")));
                }
                if tv.controller != controller {
                    out.push(reason(
                        &[rule],
                        format!(
                            "{tname} is controlled by {}, not by {}",
                            self.player_name(tv.controller),
                            self.player_name(controller)
                        ),
                    ));
                }
                if req == Requirement::AnotherCreatureYouControl && t == source {
                    out.push(reason(
                        &[rule],
                        format!("{sname} must target another creature"),
                    ));
                }
            }
            Requirement::LandYouControl => {
                if !tv.chars.is(CardType::Land) {
                    out.push(reason(&[cite::R702_67A], format!("{tname} is not a land")));
                }
                if tv.controller != controller {
                    out.push(reason(
                        &[cite::R702_67A],
                        format!(
                            "{tname} is controlled by {}, not by {}",
                            self.player_name(tv.controller),
                            self.player_name(controller)
                        ),
                    ));
                }
            }
            Requirement::Any => {}
        }
        if zone == Zone::Battlefield {
            if tv.chars.has(&Ability::Shroud) {
                out.push(reason(&[cite::R702_18A], format!("{tname} has shroud")));
            }
            if tv.chars.has(&Ability::Hexproof) && tv.controller != controller {
                out.push(reason(
                    &[cite::R702_11B],
                    format!(
                        "{tname} has hexproof and {} is an opponent of its controller",
                        self.player_name(controller)
                    ),
                ));
            }
            for q in tv.chars.protections() {
                if sv.chars.has_quality(q) {
                    out.push(reason(
                        &protection(q, cite::R702_16B),
                        format!(
                            "{tname} has protection from {q}, so it can't be the target of {sname}"
                        ),
                    ));
                }
            }
        }
        out
    }
}

/// The rules protection from `q` applies by: `rule`, and for protection from everything
/// also its own rule (702.16j).
pub(super) fn protection(q: &Quality, rule: Cite) -> Vec<Cite> {
    match q {
        Quality::Everything => vec![rule, cite::R702_16J],
        _ => vec![rule],
    }
}
