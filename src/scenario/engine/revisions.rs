//! What changed when: one table of the differences between revisions that the rules
//! consult ([`Rules::has`]), instead of comparisons of dates scattered through the
//! engine. Each row says what the rule is, from which revision it applies and until
//! which (the first revision without it). Found by diffing the corpus (`arbiter diff`).

use crate::model::Date;

/// A rule that some revisions have and others don't.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Difference {
    /// 704.5j: the legend rule applies per controller, who chooses which to keep. Before,
    /// every legendary permanent sharing a name went to its owner's graveyard.
    LegendRulePerController,
    /// 704.5j from 2022-10-07 reads "If two or more legendary permanents with the same
    /// name are controlled by the same player" where 2013-07-13 to 2022-06-10 read "If a
    /// player controls two or more legendary permanents with the same name": a rewording
    /// (diffed in the corpus) that changes no outcome, so no check consults it; the rule
    /// is 704.5j on both sides, and the citation table cites it so.
    LegendRuleReworded,
    /// 704.5j until 2017-09-29: the planeswalker uniqueness rule.
    PlaneswalkerUniqueness,
    /// 702.151: reconfigure.
    Reconfigure,
    /// 310, 704.5v–x: battles.
    Battles,
    /// 303.7a, 704.5y: Roles.
    Roles,
    /// 608.3a/608.3b: a permanent spell resolving, or not for want of a legal target, has
    /// its own rules. Before, 608.3 and 608.2b said it.
    PermanentSpellRules,
    /// 509.2, 509.3, 510.1c–d (2009-07-11 to 2024-09-20): each blocked attacker and each
    /// blocker of several has a damage assignment order; damage follows it.
    DamageAssignmentOrder,
    /// 702.2a, 704.5h (from 2009-07-11): deathtouch is a static ability, and a creature
    /// dealt damage by a source with deathtouch is destroyed as a state-based action.
    /// Before, deathtouch was a triggered ability (502.63a of 2009-05-01).
    DeathtouchStateBased,
    /// 702.2b (2009-07-11 to 2010-02-01): a creature with deathtouch divides its combat
    /// damage freely among the creatures blocking or blocked by it.
    DeathtouchDividesFreely,
    /// 702.2c (702.2b in 2010-07-16): any nonzero combat damage from a source with
    /// deathtouch counts as lethal damage when assigning.
    DeathtouchLethalForAssignment,
    /// 702.2c from 2025-11-14 reads "lethal damage for the purposes of determining if
    /// excess damage is being dealt" where 2010-07-16 to 2025-09-19 read "… if a proposed
    /// combat damage assignment is valid, regardless of that creature's toughness" (diffed
    /// in the corpus): a rewording that changes no outcome (trample's excess, 702.19b, and
    /// free division, 510.1c, decide the same either way), so no check consults it; the
    /// rule is 702.2c on both sides and the citation table cites it so.
    DeathtouchLethalReworded,
    /// 702.8 (502.57 when it began, 2006-10-01): flash. Before, no rule gives the word a
    /// meaning, and a card written with it is cast at its usual time.
    Flash,
    /// 702.11 (from 2011-07-15): hexproof. Before, no rule gives the word a meaning, and
    /// an object written with it may be targeted.
    Hexproof,
    /// 702.15b, 120.3f (from 2009-07-11): lifelink is a static ability, so any damage its
    /// source deals, combat or not, gains its controller that much life. Before, lifelink
    /// was a triggered ability (502.68a of 2009-05-01), which the checker plays as one.
    LifelinkStatic,
    /// 702.2 (502.63 when it began, 2007-05-01): deathtouch. Before, a creature written
    /// with it has no such ability.
    Deathtouch,
    /// 702.15 (502.68 when it began, 2007-05-01): lifelink. Before, a creature written
    /// with it has no such ability.
    Lifelink,
    /// 702.67 (502.65 when it began, 2007-05-01): fortify. Before, it can't be activated.
    Fortify,
    /// 702.17 (502.70 when it began, 2007-05-01): reach. Before, a creature written with it
    /// blocks a flyer only if it has flying.
    Reach,
    /// 702.18 (502.36 when it began, 2007-05-01): shroud. Before, a permanent written with
    /// it may be targeted.
    Shroud,
    /// 702.111 (702.110 when it began; the first revision of the corpus with it is
    /// 2015-09-26, and 2015-01-23 has none): menace. Before, a creature written with it
    /// may be blocked by one creature.
    Menace,
    /// 310 (before 2009-07-11): combat damage is assigned as the step begins and put on
    /// the stack as one object, dealt as assigned when it resolves (310.4).
    CombatDamageOnTheStack,
    /// 613.4c: counters apply with the other modifying effects in layer 7c, and
    /// switching is 7d. Before, counters had their own sublayer (613.3d) and switching
    /// was 7e (613.3e).
    CountersWithModifications,
    /// 418.5 (before 2009-07-11): six layers, colors and abilities together in layer 5
    /// ("all other continuous effects"), power and toughness in layer 6.
    LayersOf418,
    /// 418.5b of 2005-08-01: a type-changing effect is applied whole in layer 4, and
    /// layer 6 has no sublayers (from 2005-10-01, 6a–6e).
    TypeChangingEffectsWholeInLayerFour,
    /// 613.7a (2012-10-01 on): an effect from a characteristic-defining ability may depend
    /// on another from one ("neither or both"); before, on none ("neither").
    DefiningAbilitiesDependOnEachOther,
    /// 704.5q (420.5n when it began; the first revision of the corpus with it is
    /// 2006-10-01, and 420.5 of 2006-07-15 has none): +1/+1 and -1/-1 counters on one
    /// permanent are removed in pairs. Before, both kinds stay.
    CountersAnnihilate,
    /// 205.1b (2019-10-04 on): an effect that makes an object a "[creature type] artifact
    /// creature" keeps its other card types and subtypes and replaces only its creature
    /// types. Before, 205.1b spoke only of a plain "artifact creature" (which keeps all),
    /// and such an effect sets the type line (205.1a).
    CreatureTypesArtifactCreature,
    /// 800.4c (2019-10-04 on): when the effect that gave a permanent to a player still in
    /// the game ends and its controller by default has left the game, it is exiled. Before,
    /// no rule says what becomes of it, and the checker leaves it where it is.
    ExileWhatNoOneInTheGameControls,
    /// 205.3d (2011-09-30 on): an object can't gain a subtype that doesn't correspond to
    /// one of its types. Before, no rule forbids it.
    SubtypesCorrespondToTypes,
    /// 603 (2009-07-11 on): triggered abilities are rule 603 and leaves-the-battlefield
    /// abilities look back by 603.6d; before, 404 and 410 (410.10d).
    TriggeredAbilitiesIn603,
    /// 110, 704 (2009-07-11 on): the rules say "the battlefield" and "state-based
    /// actions"; before, "in play" (217.5 of 2009-05-01, "In Play": "the in-play zone")
    /// and "state-based effects" (420). Words only, no outcome: the terminal report says
    /// the chosen revision's (the JSON keeps today's).
    TheBattlefield,
    /// 704.5q (2009-09-04 on; 704.5p today): a creature attached to an object or player
    /// becomes unattached. Before (704.5q of 2009-07-11, 420.5m before), the rule unattached
    /// only a permanent that's neither an Aura, an Equipment nor a Fortification, so an Aura
    /// or Equipment that became a creature fell off by its own rules alone.
    CreatureAttachedUnattaches,
    /// 212.9 (2007-10-01 on; 306 from 2009-07-11): planeswalkers. Before, no rule speaks of
    /// one: an attack on a planeswalker written on such a board assigns its damage with no
    /// rule cited (310.2b then gave an unblocked attacker's damage to the defending player).
    Planeswalkers,
    /// 701.3b (2010-07-16 on): an Aura, Equipment or Fortification that an effect tries to
    /// attach to what it can't be attached to doesn't move. Before, 701.3b (501.2b in
    /// 2007-05-01 … 2009-05-01) said only that attaching it to what it is already attached
    /// to does nothing; an Aura's own rule said it doesn't move (303.4h, 212.4k).
    AttachingWhereItCantDoesntMove,
    /// 701.3b (2012-10-01 on): an effect that tries to attach what isn't an Aura, Equipment
    /// or Fortification does nothing. Before, no rule said so.
    AttachingANonAttachmentDoesNothing,
    /// 603.10, 603.10a (2017-01-20 on): the abilities that look back in time have their
    /// own rule. Before, 603.6d (410.10d before 2009-07-11).
    LookBackIn603_10,
    /// 603.10a (2026-04-17 on): abilities that trigger when a player sacrifices a
    /// permanent look back in time.
    SacrificeLooksBack,
    /// A rule for a static "prevent N of that damage" (419.7c from 2007-05-01; 615.10
    /// today). Before, no rule speaks of it.
    StaticPreventN,
    /// 419.7c (2007-05-01 … 2009-05-01) and 614.9 of 2009-07-11: a static "prevent N"
    /// prevents N "from any applicable source at any given time", not per damage event.
    PreventNPerSource,
    /// 702.79 (502.79 when it began, 2008-10-01): persist.
    Persist,
    /// 702.93 (702.91 when it began, 2012-02-01): undying.
    Undying,
    /// 704.5n (2019-10-04 on): an Equipment or Fortification attached "to a player" becomes
    /// unattached. Before, 704.5n (704.5p until 2017-01-20; 420.5k before 2009-07-11)
    /// speaks only of "an illegal permanent", and no rule unattaches one attached to a
    /// player: it stays.
    EquipmentOnPlayerUnattaches,
}

const fn date(year: u16, month: u8, day: u8) -> Date {
    Date { year, month, day }
}

/// One row: a difference, the first revision that has it and the first that doesn't.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    pub difference: Difference,
    pub from: Option<Date>,
    pub until: Option<Date>,
}

/// The table.
pub const DIFFERENCES: &[Row] = &[
    Row {
        difference: Difference::Planeswalkers,
        from: Some(date(2007, 10, 1)),
        until: None,
    },
    Row {
        difference: Difference::EquipmentOnPlayerUnattaches,
        from: Some(date(2019, 10, 4)),
        until: None,
    },
    Row {
        difference: Difference::CreatureAttachedUnattaches,
        from: Some(date(2009, 9, 4)),
        until: None,
    },
    Row {
        difference: Difference::AttachingWhereItCantDoesntMove,
        from: Some(date(2010, 7, 16)),
        until: None,
    },
    Row {
        difference: Difference::AttachingANonAttachmentDoesNothing,
        from: Some(date(2012, 10, 1)),
        until: None,
    },
    Row {
        difference: Difference::TheBattlefield,
        from: Some(date(2009, 7, 11)),
        until: None,
    },
    Row {
        difference: Difference::TriggeredAbilitiesIn603,
        from: Some(date(2009, 7, 11)),
        until: None,
    },
    Row {
        difference: Difference::LookBackIn603_10,
        from: Some(date(2017, 1, 20)),
        until: None,
    },
    Row {
        difference: Difference::Persist,
        from: Some(date(2008, 10, 1)),
        until: None,
    },
    Row {
        difference: Difference::Undying,
        from: Some(date(2012, 2, 1)),
        until: None,
    },
    Row {
        difference: Difference::StaticPreventN,
        from: Some(date(2007, 5, 1)),
        until: None,
    },
    Row {
        difference: Difference::PreventNPerSource,
        from: Some(date(2007, 5, 1)),
        until: Some(date(2009, 9, 4)),
    },
    Row {
        difference: Difference::SacrificeLooksBack,
        from: Some(date(2026, 4, 17)),
        until: None,
    },
    Row {
        difference: Difference::LegendRulePerController,
        from: Some(date(2013, 7, 13)),
        until: None,
    },
    Row {
        difference: Difference::LegendRuleReworded,
        from: Some(date(2022, 10, 7)),
        until: None,
    },
    Row {
        difference: Difference::PlaneswalkerUniqueness,
        from: None,
        until: Some(date(2017, 9, 29)),
    },
    Row {
        difference: Difference::Reconfigure,
        from: Some(date(2022, 2, 18)),
        until: None,
    },
    Row {
        difference: Difference::Battles,
        from: Some(date(2023, 4, 14)),
        until: None,
    },
    Row {
        difference: Difference::Roles,
        from: Some(date(2023, 9, 1)),
        until: None,
    },
    Row {
        difference: Difference::PermanentSpellRules,
        from: Some(date(2023, 4, 14)),
        until: None,
    },
    Row {
        difference: Difference::DamageAssignmentOrder,
        from: Some(date(2009, 7, 11)),
        until: Some(date(2024, 11, 8)),
    },
    Row {
        difference: Difference::DeathtouchStateBased,
        from: Some(date(2009, 7, 11)),
        until: None,
    },
    Row {
        difference: Difference::DeathtouchDividesFreely,
        from: Some(date(2009, 7, 11)),
        until: Some(date(2010, 7, 16)),
    },
    Row {
        difference: Difference::DeathtouchLethalForAssignment,
        from: Some(date(2010, 7, 16)),
        until: None,
    },
    Row {
        difference: Difference::DeathtouchLethalReworded,
        from: Some(date(2025, 11, 14)),
        until: None,
    },
    Row {
        difference: Difference::Flash,
        from: Some(date(2006, 10, 1)),
        until: None,
    },
    Row {
        difference: Difference::Hexproof,
        from: Some(date(2011, 7, 15)),
        until: None,
    },
    Row {
        difference: Difference::LifelinkStatic,
        from: Some(date(2009, 7, 11)),
        until: None,
    },
    Row {
        difference: Difference::Reach,
        from: Some(date(2007, 5, 1)),
        until: None,
    },
    Row {
        difference: Difference::Deathtouch,
        from: Some(date(2007, 5, 1)),
        until: None,
    },
    Row {
        difference: Difference::Lifelink,
        from: Some(date(2007, 5, 1)),
        until: None,
    },
    Row {
        difference: Difference::Fortify,
        from: Some(date(2007, 5, 1)),
        until: None,
    },
    Row {
        difference: Difference::Shroud,
        from: Some(date(2007, 5, 1)),
        until: None,
    },
    Row {
        difference: Difference::Menace,
        from: Some(date(2015, 9, 26)),
        until: None,
    },
    Row {
        difference: Difference::CombatDamageOnTheStack,
        from: None,
        until: Some(date(2009, 7, 11)),
    },
    Row {
        difference: Difference::CountersWithModifications,
        from: Some(date(2020, 6, 1)),
        until: None,
    },
    Row {
        difference: Difference::LayersOf418,
        from: None,
        until: Some(date(2009, 7, 11)),
    },
    Row {
        difference: Difference::TypeChangingEffectsWholeInLayerFour,
        from: None,
        until: Some(date(2005, 10, 1)),
    },
    Row {
        difference: Difference::DefiningAbilitiesDependOnEachOther,
        from: Some(date(2012, 10, 1)),
        until: None,
    },
    Row {
        difference: Difference::CountersAnnihilate,
        from: Some(date(2006, 10, 1)),
        until: None,
    },
    Row {
        difference: Difference::CreatureTypesArtifactCreature,
        from: Some(date(2019, 10, 4)),
        until: None,
    },
    Row {
        difference: Difference::ExileWhatNoOneInTheGameControls,
        from: Some(date(2019, 10, 4)),
        until: None,
    },
    Row {
        difference: Difference::SubtypesCorrespondToTypes,
        from: Some(date(2011, 9, 30)),
        until: None,
    },
];

/// Why the checker can't play a revision.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the checker supports the rules from 2005-08-01 on (the first revision whose Auras are enchantments with the subtype Aura, 212.4d); {date} is older, when Auras were \"local enchantments\" — choose a later revision with `rules:`")]
pub struct Unsupported {
    pub date: Date,
}

/// The rules in force: those of the revision of `date`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    pub date: Date,
}

impl Rules {
    /// The first revision the checker supports: Auras are enchantments with the subtype
    /// Aura (212.4d of 2005-08-01; before, "local enchantments"). Its rules are cited in
    /// that revision's numbering (state-based effects 420.5, keywords 502, layers 418.5)
    /// through the citation table.
    pub const FIRST: Date = date(2005, 8, 1);

    pub fn for_date(d: Date) -> Result<Rules, Unsupported> {
        if d < Self::FIRST {
            return Err(Unsupported { date: d });
        }
        Ok(Rules { date: d })
    }

    /// Today's rules.
    pub fn canonical() -> Rules {
        Rules {
            date: super::cite::CANONICAL,
        }
    }

    /// Whether these rules have `difference`, by the table.
    pub fn has(&self, difference: Difference) -> bool {
        DIFFERENCES
            .iter()
            .filter(|r| r.difference == difference)
            .any(|r| r.from.is_none_or(|f| self.date >= f) && r.until.is_none_or(|u| self.date < u))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_damage_assignment_order_lived_from_2009_07_11_to_2024_09_20() {
        let has = |y, m, d| {
            Rules::for_date(date(y, m, d))
                .unwrap()
                .has(Difference::DamageAssignmentOrder)
        };
        assert!(has(2009, 7, 11));
        assert!(has(2024, 9, 20));
        assert!(!has(2024, 11, 8));
    }

    #[test]
    fn the_rows_of_the_third_hunt_begin_where_the_corpus_first_has_their_rules() {
        let has = |d: Date, difference| Rules::for_date(d).unwrap().has(difference);
        let rows = [
            (
                Difference::SubtypesCorrespondToTypes,
                date(2011, 7, 15),
                date(2011, 9, 30),
            ),
            (
                Difference::CreatureTypesArtifactCreature,
                date(2019, 5, 3),
                date(2019, 10, 4),
            ),
            (
                Difference::ExileWhatNoOneInTheGameControls,
                date(2019, 5, 3),
                date(2019, 10, 4),
            ),
        ];
        for (difference, before, from) in rows {
            assert!(!has(before, difference), "{difference:?} in {before}");
            assert!(has(from, difference), "{difference:?} in {from}");
        }
    }

    #[test]
    fn refuses_rules_from_before_the_aura_subtype() {
        assert!(Rules::for_date(date(2005, 2, 1)).is_err());
        assert!(Rules::for_date(date(2005, 8, 1)).is_ok());
        assert!(Rules::for_date(date(2009, 5, 1)).is_ok());
    }

    #[test]
    fn the_legend_rule_changed_on_2013_07_13() {
        let before = Rules::for_date(date(2013, 4, 15)).unwrap();
        let after = Rules::for_date(date(2013, 7, 13)).unwrap();
        assert!(!before.has(Difference::LegendRulePerController));
        assert!(after.has(Difference::LegendRulePerController));
    }

    #[test]
    fn the_legend_rule_was_reworded_on_2022_10_07() {
        let before = Rules::for_date(date(2022, 6, 10)).unwrap();
        let after = Rules::for_date(date(2022, 10, 7)).unwrap();
        assert!(!before.has(Difference::LegendRuleReworded));
        assert!(after.has(Difference::LegendRuleReworded));
        assert!(before.has(Difference::LegendRulePerController));
    }

    #[test]
    fn planeswalker_uniqueness_ended_on_2017_09_29() {
        assert!(Rules::for_date(date(2017, 4, 28))
            .unwrap()
            .has(Difference::PlaneswalkerUniqueness));
        assert!(!Rules::for_date(date(2017, 9, 29))
            .unwrap()
            .has(Difference::PlaneswalkerUniqueness));
    }

    #[test]
    fn deathtouch_lethal_was_reworded_on_2025_11_14() {
        let before = Rules::for_date(date(2025, 9, 19)).unwrap();
        let after = Rules::for_date(date(2025, 11, 14)).unwrap();
        assert!(!before.has(Difference::DeathtouchLethalReworded));
        assert!(after.has(Difference::DeathtouchLethalReworded));
        assert!(before.has(Difference::DeathtouchLethalForAssignment));
        assert!(after.has(Difference::DeathtouchLethalForAssignment));
    }

    #[test]
    fn every_difference_has_a_row() {
        use Difference::*;
        for d in [
            LegendRulePerController,
            LegendRuleReworded,
            PlaneswalkerUniqueness,
            Reconfigure,
            Battles,
            Roles,
            PermanentSpellRules,
            DamageAssignmentOrder,
            DeathtouchStateBased,
            DeathtouchDividesFreely,
            DeathtouchLethalForAssignment,
            DeathtouchLethalReworded,
            Flash,
            Hexproof,
            LifelinkStatic,
            Reach,
            Deathtouch,
            Lifelink,
            Fortify,
            Shroud,
            Menace,
            CombatDamageOnTheStack,
            CountersWithModifications,
            LayersOf418,
            TypeChangingEffectsWholeInLayerFour,
            DefiningAbilitiesDependOnEachOther,
            CountersAnnihilate,
            StaticPreventN,
            PreventNPerSource,
        ] {
            assert!(DIFFERENCES.iter().any(|r| r.difference == d), "{d:?}");
        }
    }
}
