//! 704.5m, 704.5n, 704.5p: Auras, Equipment, Fortifications and other permanents attached
//! to what they can't be attached to.

use super::super::prelude::*;
use super::{Check, Sba};

/// 704.5m, 704.5n, 704.5p: an Aura attached illegally or to nothing goes to its owner's
/// graveyard; an Equipment, Fortification or other permanent attached illegally becomes
/// unattached.
pub(super) fn illegal_attachments(k: &mut Check) {
    let g = k.game;
    let found: Vec<(CardId, View)> = k.permanents().collect();
    for (c, v) in found {
        let aura = v.chars.has_subtype("aura");
        let equipment = v.chars.has_subtype("equipment") || v.chars.has_subtype("fortification");
        let Some((to, obj)) = g.cards[c].attached_to else {
            if aura {
                let cs = [cite::R704_5M, cite::R303_4C];
                k.card(c, Sba::Graveyard, &cs, Finding::AuraUnattached { card: c });
            }
            continue;
        };
        let gone = matches!(to, Target::Card(t) if g.cards.get(t).map(|x| x.object) != Some(obj)
            || (g.zone(t) != Zone::Battlefield
                && !matches!(v.chars.enchant(), Some(Enchant::CardInGraveyard(_)))));
        // What left is a new object (400.7): the rule of the attachment's own kind makes
        // it illegal (303.4c, 301.5c, 301.6).
        let left_rule = if aura {
            cite::R303_4C
        } else if v.chars.has_subtype("equipment") {
            cite::R301_5C
        } else if v.chars.has_subtype("fortification") {
            cite::R301_6
        } else {
            cite::R704_5P
        };
        let mut problems = if gone {
            vec![because(
                &[left_rule, cite::R400_7],
                Why::ChangedZones { target: to },
            )]
        } else {
            of_the_revision(g, g.attachment_problems(c, to))
        };
        if let Target::Player(p) = to {
            if g.players[p].lost {
                problems.push(because(&[cite::R303_4C], Why::LeftGame { player: p }));
            }
        }
        if problems.is_empty() {
            // 704.5n: an Equipment or Fortification attached to an illegal permanent or to a
            // player becomes unattached, whatever else it is: an Aura that may enchant what
            // it is attached to included (704.5m then finds an Aura attached to nothing).
            if aura && equipment {
                let problems = of_the_revision(g, g.equip_problems(c, &v, to));
                if !problems.is_empty() {
                    let mut cs = vec![cite::R704_5N];
                    for r in &problems {
                        cs.extend(r.cites.iter().copied());
                    }
                    dedup(&mut cs);
                    let finding = Finding::IllegallyAttached {
                        card: c,
                        to,
                        problems,
                    };
                    k.card(c, Sba::Unattach(to), &cs, finding);
                }
            }
            continue;
        }
        let mut cs = Vec::new();
        if aura {
            cs.push(cite::R704_5M);
            let cites_303_4 = problems
                .iter()
                .any(|r| r.cites.iter().any(|c| c.rule.is_within(&cite::R303_4.rule)));
            if !gone && !cites_303_4 {
                cs.push(cite::R303_4C);
            }
        } else if equipment {
            cs.push(cite::R704_5N);
        } else {
            cs.push(cite::R704_5P);
        }
        for r in &problems {
            cs.extend(r.cites.iter().copied());
        }
        if v.chars.is(CardType::Battle) {
            cs.push(cite::R704_5P);
        } else if v.chars.is(CardType::Creature) {
            cs.extend(g.creature_attached_rule());
        }
        if equipment && !aura {
            if v.chars.has_subtype("equipment") {
                cs.push(cite::R301_5C);
            } else {
                cs.push(cite::R301_6);
            }
        }
        dedup(&mut cs);
        if aura {
            let finding = Finding::AuraIllegal { card: c, problems };
            k.card(c, Sba::Graveyard, &cs, finding);
        } else {
            let finding = Finding::IllegallyAttached {
                card: c,
                to,
                problems,
            };
            k.card(c, Sba::Unattach(to), &cs, finding);
        }
    }
}

/// The problems a state-based action of the revision acts on: before 2019-10-04 no rule
/// unattaches an Equipment or Fortification from a player, since 704.5n (704.5p until
/// 2017-01-20, 420.5k before 2009-07-11) then speaks only of "an illegal permanent".
fn of_the_revision(g: &Game, mut problems: Vec<Reason>) -> Vec<Reason> {
    if !g.rules.has(Difference::EquipmentOnPlayerUnattaches) {
        problems.retain(|r| !matches!(r.why, Why::AttachmentToPlayer { .. }));
    }
    problems
}
