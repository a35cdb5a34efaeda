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
        let mut out = Vec::new();
        let aura = a.chars.has_subtype("aura");
        let equipment = a.chars.has_subtype("equipment");
        let fortification = a.chars.has_subtype("fortification");
        if a.chars.is(CardType::Battle) && self.rules.has(Difference::Battles) {
            out.push(because(
                &[cite::R310_9, cite::R704_5P],
                Why::BattleAttached { card: att },
            ));
        }
        if aura {
            if a.chars.is(CardType::Creature) {
                let mut rules = vec![cite::R303_4D];
                rules.extend(self.creature_attached_rule());
                out.push(because(&rules, Why::AuraCreature { card: att }));
            }
            if to == Target::Card(att) {
                out.push(because(&[cite::R303_4D], Why::AuraItself));
            }
            out.extend(self.enchant_problems(att, &a, to));
            if let Target::Card(t) = to {
                let tv = self.view(t);
                for q in tv.chars.protections() {
                    if a.chars.has_quality(q) {
                        out.push(because(
                            &protection(q, cite::R702_16C),
                            Why::Protection {
                                target: t,
                                quality: q.clone(),
                                from: att,
                                how: Protected::Enchanted,
                            },
                        ));
                    }
                }
                if self.cant_be_enchanted_by_other_auras(t, att) {
                    out.push(because(
                        &[cite::R303_4C],
                        Why::CantBeEnchantedByOtherAuras { target: t },
                    ));
                }
            }
        } else if equipment || fortification {
            out.extend(self.equip_problems(att, &a, to));
        } else {
            let mut rules = Vec::new();
            if self
                .rules
                .has(Difference::AttachingANonAttachmentDoesNothing)
            {
                rules.push(cite::R701_3B);
            }
            rules.push(cite::R704_5P);
            out.push(because(&rules, Why::NotAttachable { card: att }));
        }
        out
    }

    /// Why an Equipment or Fortification `att` (seen as `a`) can't equip or fortify `to`
    /// (301.5, 301.6), whatever else it is.
    pub(super) fn equip_problems(&self, att: CardId, a: &View, to: Target) -> Vec<Reason> {
        let mut out = Vec::new();
        let equipment = a.chars.has_subtype("equipment");
        let (kind, attachment, rule, how) = if equipment {
            (
                CardType::Creature,
                Attachment::Equipment,
                cite::R301_5,
                Protected::Equipped,
            )
        } else {
            (
                CardType::Land,
                Attachment::Fortification,
                cite::R301_6,
                Protected::Fortified,
            )
        };
        match to {
            Target::Player(p) => out.push(because(
                &[rule],
                Why::AttachmentToPlayer {
                    card: att,
                    kind: attachment,
                    player: p,
                },
            )),
            Target::Card(t) => {
                if t == att {
                    out.push(because(
                        &[cite::R301_5C],
                        Why::AttachmentItself { kind: attachment },
                    ));
                }
                let tv = self.view(t);
                if !self.on_battlefield(t) {
                    out.push(because(
                        &[rule],
                        Why::NotAPermanent {
                            target: t,
                            zone: self.zone(t),
                        },
                    ));
                } else if !tv.chars.is(kind) {
                    out.push(because(
                        &[rule],
                        Why::AttachmentWrongKind {
                            card: att,
                            kind: attachment,
                            target: t,
                        },
                    ));
                }
                for q in tv.chars.protections() {
                    if a.chars.has_quality(q) {
                        out.push(because(
                            &protection(q, cite::R702_16D),
                            Why::Protection {
                                target: t,
                                quality: q.clone(),
                                from: att,
                                how,
                            },
                        ));
                    }
                }
            }
        }
        if a.chars.is(CardType::Creature) {
            let reconfigure = equipment
                && self.rules.has(Difference::Reconfigure)
                && a.chars.has(&Ability::Reconfigure(None));
            if !reconfigure {
                let mut rules = vec![if equipment {
                    cite::R301_5C
                } else {
                    cite::R301_6
                }];
                rules.extend(self.creature_attached_rule());
                out.push(because(
                    &rules,
                    Why::AttachmentCreature {
                        card: att,
                        kind: attachment,
                    },
                ));
            }
        }
        out
    }

    /// The rule that unattaches a creature attached to an object or player (704.5p; 704.5q
    /// from 2009-09-04), where the revision has it: before, none (420.5m and 2009-07-11's
    /// 704.5q spared Auras, Equipment and Fortifications).
    pub(super) fn creature_attached_rule(&self) -> Option<Cite> {
        self.rules
            .has(Difference::CreatureAttachedUnattaches)
            .then_some(cite::R704_5P)
    }

    pub(super) fn cant_be_enchanted_by_other_auras(&self, t: CardId, aura: CardId) -> bool {
        let rule = Ability::CantBeEnchantedByOtherAuras;
        let tv = self.view(t);
        if tv.chars.has(&rule) && !tv.chars.has_subtype("aura") {
            return true;
        }
        self.cards.ids().any(|o| {
            o != aura && self.on_battlefield(o) && self.attached_to(o) == Some(Target::Card(t)) && {
                let v = self.view(o);
                v.chars.has_subtype("aura") && v.chars.has(&rule)
            }
        })
    }

    /// Whether `to` suits the Aura's enchant restriction (702.5a, 303.4a).
    pub(super) fn enchant_problems(&self, att: CardId, a: &View, to: Target) -> Vec<Reason> {
        let Some(enchant) = a.chars.enchant() else {
            return Vec::new();
        };
        let says = |numbers: &[Cite], problem: EnchantProblem| {
            vec![because(
                numbers,
                Why::Enchant {
                    aura: att,
                    enchant: enchant.clone(),
                    problem,
                },
            )]
        };
        let bad = |problem| says(&[cite::R303_4A, cite::R702_5A], problem);
        match (enchant, to) {
            (Enchant::Player, Target::Player(_)) => Vec::new(),
            (Enchant::Opponent, Target::Player(p)) => {
                if p == a.controller {
                    bad(EnchantProblem::NotAnOpponent(p))
                } else {
                    Vec::new()
                }
            }
            (Enchant::Player | Enchant::Opponent, Target::Card(t)) => says(
                &[cite::R303_4A, cite::R702_5D],
                EnchantProblem::PermanentForPlayerAura(t),
            ),
            (_, Target::Player(p)) => bad(EnchantProblem::APlayer(p)),
            (Enchant::CardInGraveyard(kinds), Target::Card(t)) => {
                if !matches!(self.zone(t), Zone::Graveyard(_)) {
                    return bad(EnchantProblem::NotInAGraveyard(t));
                }
                let tv = self.view(t);
                if !kinds.is_empty() && !kinds.iter().any(|k| tv.chars.is_kind(k)) {
                    return bad(EnchantProblem::WrongCard {
                        card: t,
                        type_line: tv.chars.type_line.clone(),
                    });
                }
                Vec::new()
            }
            (Enchant::Permanent(alts), Target::Card(t)) => {
                if !self.on_battlefield(t) {
                    return bad(EnchantProblem::NotOnBattlefield {
                        card: t,
                        zone: self.zone(t),
                    });
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
                    bad(EnchantProblem::WrongPermanent {
                        card: t,
                        type_line: tv.chars.type_line.clone(),
                        controller: tv.controller,
                    })
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
        let mut out = Vec::new();
        let Target::Card(t) = target else {
            if let Target::Player(p) = target {
                match req {
                    Requirement::Aura => out.extend(self.enchant_problems(source, &sv, target)),
                    Requirement::Any => {}
                    _ => out.push(because(
                        &[cite::R115_1],
                        Why::PlayerNotPermanent { player: p },
                    )),
                }
            }
            return out;
        };
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
            out.push(because(
                &[cite::R115_2],
                Why::CantTargetIn { card: t, zone },
            ));
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
                out.extend(self.kind_and_controller(t, &tv, CardType::Creature, controller, rule));
                if req == Requirement::AnotherCreatureYouControl && t == source {
                    out.push(because(&[rule], Why::MustTargetAnother { card: source }));
                }
            }
            Requirement::LandYouControl => {
                out.extend(self.kind_and_controller(
                    t,
                    &tv,
                    CardType::Land,
                    controller,
                    cite::R702_67A,
                ));
            }
            Requirement::Any => {}
        }
        if zone == Zone::Battlefield {
            if tv.chars.has(&Ability::Shroud) && self.rules.has(Difference::Shroud) {
                out.push(because(&[cite::R702_18A], Why::Shroud { card: t }));
            }
            if tv.chars.has(&Ability::Hexproof)
                && tv.controller != controller
                && self.rules.has(Difference::Hexproof)
            {
                out.push(because(
                    &[cite::R702_11B],
                    Why::Hexproof {
                        card: t,
                        player: controller,
                    },
                ));
            }
            for q in tv.chars.protections() {
                if sv.chars.has_quality(q) {
                    out.push(because(
                        &protection(q, cite::R702_16B),
                        Why::Protection {
                            target: t,
                            quality: q.clone(),
                            from: source,
                            how: Protected::Targeted,
                        },
                    ));
                }
            }
        }
        out
    }

    /// A target that must be a `kind` its spell's or ability's controller controls
    /// (702.6a, 702.67a, 702.151a).
    fn kind_and_controller(
        &self,
        t: CardId,
        tv: &View,
        kind: CardType,
        controller: PlayerId,
        rule: Cite,
    ) -> Vec<Reason> {
        let mut out = Vec::new();
        if !tv.chars.is(kind) {
            out.push(because(&[rule], Why::NotA { card: t, kind }));
        }
        if tv.controller != controller {
            out.push(because(
                &[rule],
                Why::ControlledBy {
                    card: t,
                    controller: tv.controller,
                    not: controller,
                },
            ));
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
