//! State-based actions (704) as a table: one [`Row`] per 704.5 rule, each a pure function
//! from the game to the actions it finds, existing in the revisions [`revisions`] says.
//! All rows are checked against the same state, their findings performed simultaneously
//! through [`apply`](super::apply), and the check repeated until none apply (704.3).

mod attachments;
mod uniqueness;

use super::prelude::*;
use attachments::illegal_attachments;
use uniqueness::{kept, legend_rule, planeswalker_uniqueness, world_rule};

/// What a state-based action does, before it is done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sba {
    Lose,
    CeaseToExist,
    Graveyard,
    Destroy,
    Unattach(Target),
    Annihilate(i32),
    Protector(Option<PlayerId>),
}

/// One state-based action about to be performed, with what its rules found.
#[derive(Debug, Clone)]
pub(super) struct Pending {
    pub(super) card: Option<CardId>,
    pub(super) player: Option<PlayerId>,
    pub(super) what: Sba,
    pub(super) cites: Vec<Cite>,
    pub(super) findings: Vec<Finding>,
}

/// What a row sees: the game, and the choice the file made (`keeping L`).
pub(super) struct Check<'a> {
    game: &'a Game,
    choice: Option<CardId>,
    /// Choices made while checking (which legend is kept), reported as events.
    notes: Vec<Event>,
    found: Vec<Pending>,
}

impl Check<'_> {
    fn card(&mut self, card: CardId, what: Sba, cs: &[Cite], finding: Finding) {
        self.push(Some(card), None, what, cs, finding);
    }

    /// Adds a finding; a second finding of the same action on the same card joins it.
    fn push(
        &mut self,
        card: Option<CardId>,
        player: Option<PlayerId>,
        what: Sba,
        cs: &[Cite],
        finding: Finding,
    ) {
        if let Some(existing) = self
            .found
            .iter_mut()
            .find(|p| card.is_some() && p.card == card && p.player == player && p.what == what)
        {
            existing.cites.extend_from_slice(cs);
            dedup(&mut existing.cites);
            if !existing.findings.contains(&finding) {
                existing.findings.push(finding);
            }
            return;
        }
        self.found.push(Pending {
            card,
            player,
            what,
            cites: cs.to_vec(),
            findings: vec![finding],
        });
    }

    /// Those of `found` that `rule` destroys: an indestructible one is spared (702.12b),
    /// and noted once, when damage was dealt to it since the last check.
    fn spare_indestructible<T>(
        &mut self,
        found: Vec<T>,
        card: impl Fn(&T) -> CardId,
        rule: Cite,
    ) -> Vec<T> {
        let g = self.game;
        let (spared, destroyed): (Vec<T>, Vec<T>) = found
            .into_iter()
            .partition(|x| g.view(card(x)).chars.has(&Ability::Indestructible));
        for c in spared.iter().map(card).filter(|&c| g.cards[c].dealt_damage) {
            let what = Happened::Indestructible { card: c };
            match self.notes.iter_mut().find(|e| e.what == what) {
                // Spared from both 704.5g and 704.5h: one note citing both.
                Some(e) => e.cites.insert(e.cites.len() - 1, rule),
                None => self.notes.push(event(
                    what,
                    vec![Target::Card(c)],
                    &[rule, cite::INDESTRUCTIBLE],
                )),
            }
        }
        destroyed
    }

    /// The permanents on the battlefield, with their current characteristics.
    fn permanents(&self) -> impl Iterator<Item = (CardId, View)> + '_ {
        let g = self.game;
        g.cards
            .ids()
            .filter(|&c| g.cards[c].zone == Zone::Battlefield)
            .map(|c| (c, g.view(c)))
    }
}

/// One 704.5 rule: its number, the revisions it exists in, and its check.
pub(super) struct Row {
    /// The row's rule (the table's order and its tests read it).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) rule: Cite,
    /// `None`: every revision the checker plays has it.
    pub(super) exists: Option<Difference>,
    check: fn(&mut Check),
}

/// The state-based actions, in the order of 704.5.
pub(super) const ROWS: &[Row] = &[
    Row {
        rule: cite::R704_5A,
        exists: None,
        check: zero_life,
    },
    Row {
        rule: cite::R704_5D,
        exists: None,
        check: tokens_elsewhere,
    },
    Row {
        rule: cite::R704_5F,
        exists: None,
        check: zero_toughness,
    },
    Row {
        rule: cite::R704_5G,
        exists: None,
        check: lethal_damage,
    },
    Row {
        rule: cite::R704_5H,
        // Before 2009-07-11 deathtouch was a triggered ability (502.63a of 2009-05-01).
        exists: Some(Difference::DeathtouchStateBased),
        check: deathtouch_damage,
    },
    Row {
        rule: cite::R704_5I,
        exists: None,
        check: zero_loyalty,
    },
    Row {
        rule: cite::R704_5J,
        exists: None,
        check: legend_rule,
    },
    Row {
        rule: cite::R704_5J_UNIQUENESS,
        exists: Some(Difference::PlaneswalkerUniqueness),
        check: planeswalker_uniqueness,
    },
    Row {
        rule: cite::R704_5K,
        exists: None,
        check: world_rule,
    },
    Row {
        rule: cite::R704_5M,
        exists: None,
        check: illegal_attachments,
    },
    Row {
        rule: cite::R704_5Q,
        // 420.5n from 2006-10-01; before, the two kinds of counters stayed side by side.
        exists: Some(Difference::CountersAnnihilate),
        check: counters_annihilate,
    },
    Row {
        rule: cite::R704_5V,
        exists: Some(Difference::Battles),
        check: battles,
    },
    Row {
        rule: cite::R704_5Y,
        exists: Some(Difference::Roles),
        check: roles,
    },
];

/// 704.5a: a player with 0 or less life loses the game.
fn zero_life(k: &mut Check) {
    for (i, p) in k.game.players.enumerate() {
        if !p.lost && p.life <= 0 {
            let finding = Finding::ZeroLife {
                player: i,
                life: p.life,
            };
            k.push(None, Some(i), Sba::Lose, &[cite::R704_5A], finding);
        }
    }
}

/// 704.5d: a token in a zone other than the battlefield ceases to exist.
fn tokens_elsewhere(k: &mut Check) {
    for (c, card) in k.game.cards.enumerate() {
        if card.token && card.zone != Zone::Battlefield && card.zone != Zone::Nowhere {
            let finding = Finding::TokenElsewhere {
                card: c,
                zone: card.zone,
            };
            let cs = [cite::R704_5D, cite::R111_7];
            k.card(c, Sba::CeaseToExist, &cs, finding);
        }
    }
}

fn toughness(v: &View) -> i32 {
    v.chars.power_toughness.map(|p| p.toughness).unwrap_or(0)
}

/// 704.5f: a creature with toughness 0 or less goes to its owner's graveyard.
fn zero_toughness(k: &mut Check) {
    let found: Vec<(CardId, i32)> = k
        .permanents()
        .filter(|(_, v)| v.chars.is(CardType::Creature) && toughness(v) <= 0)
        .map(|(c, v)| (c, toughness(&v)))
        .collect();
    for (c, t) in found {
        let finding = Finding::ZeroToughness {
            card: c,
            toughness: t,
        };
        k.card(c, Sba::Graveyard, &[cite::R704_5F], finding);
    }
}

/// 704.5g: a creature with lethal damage is destroyed (not an indestructible one, 702.12b).
fn lethal_damage(k: &mut Check) {
    let found: Vec<(CardId, i32, i32)> = k
        .permanents()
        .filter(|(c, v)| {
            let t = toughness(v);
            v.chars.is(CardType::Creature) && t > 0 && k.game.cards[*c].damage >= t
        })
        .map(|(c, v)| (c, k.game.cards[c].damage, toughness(&v)))
        .collect();
    let found = k.spare_indestructible(found, |&(c, _, _)| c, cite::R704_5G);
    for (c, damage, toughness) in found {
        let finding = Finding::LethalDamage {
            card: c,
            damage,
            toughness,
        };
        k.card(c, Sba::Destroy, &[cite::R704_5G], finding);
    }
}

/// 704.5h: a creature dealt damage by a source with deathtouch since the last check is
/// destroyed (702.2b); indestructible ignores it (702.12b).
fn deathtouch_damage(k: &mut Check) {
    let found: Vec<CardId> = k
        .permanents()
        .filter(|(c, v)| {
            v.chars.is(CardType::Creature) && toughness(v) > 0 && k.game.cards[*c].dealt_deathtouch
        })
        .map(|(c, _)| c)
        .collect();
    let found = k.spare_indestructible(found, |&c| c, cite::R704_5H);
    for c in found {
        let finding = Finding::DeathtouchDamage { card: c };
        k.card(c, Sba::Destroy, &[cite::R704_5H, cite::R702_2B], finding);
    }
}

/// 704.5i: a planeswalker with loyalty 0 goes to its owner's graveyard.
fn zero_loyalty(k: &mut Check) {
    let found: Vec<CardId> = k
        .permanents()
        .filter(|(c, v)| {
            v.chars.is(CardType::Planeswalker)
                && k.game.cards[*c].counters(CounterKind::Loyalty) <= 0
        })
        .map(|(c, _)| c)
        .collect();
    for c in found {
        let finding = Finding::ZeroLoyalty { card: c };
        k.card(c, Sba::Graveyard, &[cite::R704_5I], finding);
    }
}

/// 704.5q: +1/+1 and -1/-1 counters on the same permanent are removed in pairs.
fn counters_annihilate(k: &mut Check) {
    let found: Vec<(CardId, i32)> = k
        .permanents()
        .map(|(c, _)| (c, &k.game.cards[c]))
        .map(|(c, card)| {
            let plus = card.counters(CounterKind::PlusOne);
            (c, plus.min(card.counters(CounterKind::MinusOne)))
        })
        .filter(|(_, n)| *n > 0)
        .collect();
    for (card, n) in found {
        let finding = Finding::CountersAnnihilate { card, n };
        let cs = [cite::R704_5Q, cite::R122_3];
        k.card(card, Sba::Annihilate(n), &cs, finding);
    }
}

/// 704.5v–x: a battle with defense 0 goes to its owner's graveyard; one with no
/// protector, or a Siege its controller protects, gets a new protector (310.10, 310.11a).
fn battles(k: &mut Check) {
    let g = k.game;
    let found: Vec<(CardId, View)> = k
        .permanents()
        .filter(|(_, v)| v.chars.is(CardType::Battle))
        .collect();
    for (card, v) in found {
        let state = &g.cards[card];
        if state.counters(CounterKind::Defense) <= 0 {
            let cs = [cite::R704_5V, cite::R310_7];
            k.card(card, Sba::Graveyard, &cs, Finding::ZeroDefense { card });
            continue;
        }
        let controller = v.controller;
        let siege = v.chars.has_subtype("siege");
        let choose = || {
            if siege {
                g.next_opponent(controller)
            } else {
                Some(controller)
            }
        };
        let (cs, finding) = match state.protector {
            None => (
                [cite::R704_5W, cite::R310_10],
                Finding::NoProtector {
                    card,
                    controller,
                    chosen: choose(),
                    protector_left: false,
                },
            ),
            Some(p) if siege && p == controller => (
                [cite::R704_5X, cite::R310_11A],
                Finding::SiegeOwnProtector {
                    card,
                    controller,
                    chosen: g.next_opponent(controller),
                },
            ),
            Some(p) if g.players.get(p).is_none_or(|x| x.lost) => (
                [cite::R704_5W, cite::R310_10],
                Finding::NoProtector {
                    card,
                    controller,
                    chosen: choose(),
                    protector_left: true,
                },
            ),
            _ => continue,
        };
        let chosen = match &finding {
            Finding::NoProtector { chosen, .. } | Finding::SiegeOwnProtector { chosen, .. } => {
                *chosen
            }
            _ => None,
        };
        let siege_alone = matches!(finding, Finding::SiegeOwnProtector { .. }) && chosen.is_none();
        let cs: &[Cite] = if siege_alone { &cs[..1] } else { &cs };
        match chosen {
            Some(p) => k.card(card, Sba::Protector(Some(p)), cs, finding),
            None => k.card(card, Sba::Graveyard, cs, finding),
        }
    }
}

/// 704.5y: a permanent with more than one Role a player controls attached keeps the
/// newest.
fn roles(k: &mut Check) {
    let g = k.game;
    let mut roles: BTreeMap<(CardId, PlayerId), Vec<CardId>> = BTreeMap::new();
    for (c, v) in k.permanents() {
        if !(v.chars.has_subtype("aura") && v.chars.has_subtype("role")) {
            continue;
        }
        if let Some((Target::Card(t), _)) = g.cards[c].attached_to {
            roles.entry((t, v.controller)).or_default().push(c);
        }
    }
    for ((target, player), group) in roles {
        if group.len() < 2 {
            continue;
        }
        let (newest, _) = kept(g, &group, None);
        for &card in group.iter().filter(|c| **c != newest) {
            let finding = Finding::Roles {
                target,
                player,
                card,
                newest,
            };
            let cs = [cite::R704_5Y, cite::R303_7A];
            k.card(card, Sba::Graveyard, &cs, finding);
        }
    }
}

impl Game {
    // ----- state-based actions (704) --------------------------------------------------

    /// The state-based actions that apply now, without performing them: the events they
    /// would cause.
    pub fn pending_state_based_actions(&self) -> Vec<Event> {
        let (pending, _) = self.check_state_based_actions(None);
        pending.into_iter().map(|p| self.sba_event(p)).collect()
    }

    /// Every row of the table checked against this state (704.3): the actions found,
    /// one per object (a permanent going to the graveyard isn't also unattached), and the
    /// choices made.
    pub(super) fn check_state_based_actions(
        &self,
        choice: Option<CardId>,
    ) -> (Vec<Pending>, Vec<Event>) {
        let mut k = Check {
            game: self,
            choice,
            notes: Vec::new(),
            found: Vec::new(),
        };
        for row in ROWS {
            if row.exists.is_none_or(|d| self.rules.has(d)) {
                (row.check)(&mut k);
            }
        }
        let leaving = |w: Sba| matches!(w, Sba::Graveyard | Sba::Destroy | Sba::CeaseToExist);
        let moving: Vec<CardId> = k
            .found
            .iter()
            .filter(|p| leaving(p.what))
            .filter_map(|p| p.card)
            .collect();
        let mut merged: Vec<Pending> = Vec::new();
        for p in k.found {
            if matches!(p.what, Sba::Unattach(_)) && p.card.is_some_and(|c| moving.contains(&c)) {
                continue;
            }
            let to_graveyard = |w: Sba| matches!(w, Sba::Graveyard | Sba::Destroy);
            if to_graveyard(p.what) {
                if let Some(existing) = merged
                    .iter_mut()
                    .find(|m| m.card == p.card && to_graveyard(m.what))
                {
                    existing.cites.extend(p.cites);
                    dedup(&mut existing.cites);
                    existing.findings.extend(p.findings);
                    continue;
                }
            }
            merged.push(p);
        }
        (merged, k.notes)
    }

    /// The event a pending action would cause, before it is applied (its outcome has
    /// no new object id yet).
    fn sba_event(&self, p: Pending) -> Event {
        let outcome = match (p.what, p.card, p.player) {
            (Sba::Lose, _, Some(player)) => Outcome::Loses(player),
            (what, Some(card), _) => self.sba_outcome(what, card),
            _ => unreachable!("a player loses; every other state-based action is on a card"),
        };
        let mut subjects: Vec<Target> = p.card.map(Target::Card).into_iter().collect();
        subjects.extend(p.player.map(Target::Player));
        Event {
            what: Happened::StateBased {
                outcome,
                findings: p.findings,
            },
            cites: p.cites,
            subjects,
            state_based: true,
        }
    }

    /// What a state-based action on `card` does.
    fn sba_outcome(&self, what: Sba, card: CardId) -> Outcome {
        let old = self.cards[card].object;
        match what {
            Sba::Lose => unreachable!("704.5a–c: a player loses, not a card"),
            Sba::CeaseToExist => Outcome::CeasesToExist { card, old },
            Sba::Graveyard | Sba::Destroy => Outcome::ToGraveyard {
                card,
                from: self.zone(card),
                old,
                new: old,
            },
            Sba::Unattach(from) => Outcome::Unattached { card, from },
            Sba::Annihilate(n) => Outcome::CountersRemoved { card, n },
            Sba::Protector(player) => Outcome::Protector { card, player },
        }
    }

    /// Performs state-based actions until none apply (704.3): one round per entry, each
    /// performed simultaneously.
    pub fn state_based_actions(&mut self, choice: Option<CardId>) -> Vec<Vec<Event>> {
        let mut rounds = Vec::new();
        for _ in 0..64 {
            let (pending, notes) = self.check_state_based_actions(choice);
            self.state_based_actions_checked();
            if pending.is_empty() {
                // What the check found but didn't do (an indestructible creature spared).
                if !notes.is_empty() {
                    rounds.push(
                        notes
                            .into_iter()
                            .map(|e| Event {
                                state_based: true,
                                ..e
                            })
                            .collect(),
                    );
                }
                break;
            }
            let mut events: Vec<Event> = notes;
            let mut pending = pending;
            // 104.4a: every player remaining loses at once — the game is a draw.
            let losing: std::collections::BTreeSet<PlayerId> = pending
                .iter()
                .filter(|p| p.what == Sba::Lose)
                .filter_map(|p| p.player)
                .collect();
            let remaining = self.players.iter().filter(|p| !p.lost).count();
            if remaining >= 2 && losing.len() == remaining {
                for p in pending.iter_mut().filter(|p| p.what == Sba::Lose) {
                    p.cites.push(cite::R104_4A);
                }
            }
            self.begin_replaceable();
            let before = self.snapshot();
            let mut applied = Vec::new();
            for p in pending {
                // 614.8: a regeneration shield replaces a destruction (704.5g, 704.5h).
                if let (Sba::Destroy, Some(c)) = (p.what, p.card) {
                    if let Some(mut es) = self.regenerates(c) {
                        es[0].cites.splice(0..0, p.cites.iter().copied());
                        applied.extend(es);
                        continue;
                    }
                }
                let e = self.sba_event(p);
                applied.extend(self.apply_state_based(e));
            }
            self.observe(&before, &applied);
            events.extend(applied);
            for e in &mut events {
                e.state_based = true;
            }
            rounds.push(events);
        }
        rounds
    }
}
