//! Player actions (116, 305, 602): dispatching an item of `Actions`, playing a land (a
//! special action) and activating the attachment abilities (equip 702.6, fortify
//! 702.67, reconfigure 702.151).

use super::super::effect::Subject;
use super::prelude::*;

impl Game {
    // ----- player actions -------------------------------------------------------------

    /// Performs one action: the events it caused, or why it is illegal (the game is then
    /// untouched).
    pub fn perform(&mut self, action: &Action) -> Result<Vec<Event>, Vec<Reason>> {
        // 104.2a, 104.4a: once the game is over, nothing more happens in it.
        if let Some(winner) = self.game_over() {
            // 102.2a and 102.4a in the checker's oldest revision (2005-08-01) on.
            let by_effect = self.winner_by_effect().is_some();
            let rules: &[Cite] = match winner {
                Some(_) if by_effect => &[cite::R104_2B, cite::R104_1],
                Some(_) => &[cite::R104_2A],
                None => &[cite::R104_4A],
            };
            return Err(vec![because(rules, Why::GameOver { winner, by_effect })]);
        }
        // `in response,`: the players before the responder passed priority in turn until
        // it reached them (117.3d).
        let before = self.priority;
        if action.in_response && !self.stack.is_empty() && self.priority().is_some() {
            if let Some(p) = action.act.actor() {
                self.passes_priority_to(p);
            }
        }
        self.begin_replaceable();
        self.said = (action.choice, action.orders.clone());
        let snapshot = self.snapshot();
        let mut done = self.perform_act(action);
        if let Ok(events) = &mut done {
            // 506.4: what the action took out of combat leaves it for good.
            let removed = self.remove_from_combat();
            // A resolution observes its own effects (608.2c), and moving through the turn
            // each step's (`steps`).
            let observed = matches!(
                action.act,
                Act::AllPlayersPass | Act::Effect(Effect::GoTo(_) | Effect::NextTurn(_))
            );
            events.extend(removed);
            if !observed {
                self.observe(&snapshot, events);
            }
        }
        self.close_ordering(&action.act);
        if done.is_err() {
            self.passes_priority_to(before);
        }
        done
    }

    fn perform_act(&mut self, action: &Action) -> Result<Vec<Event>, Vec<Reason>> {
        match action.act.clone() {
            Act::PlayLand { player, card } => self.play_land(player, card),
            Act::Cast {
                player,
                card,
                targets,
            } => self.cast(player, card, &targets),
            Act::Activate {
                player,
                source,
                target,
                ability,
            } => self.activate(player, source, target, ability),
            Act::PutOntoBattlefield { card, onto } => {
                self.put_onto_battlefield(card, onto, action.choice)
            }
            Act::AffectAll {
                effect,
                until_end_of_turn,
            } => Ok(self.affect_all(None, &effect, until_end_of_turn)),
            Act::Effect(Effect::Modify {
                card,
                change: change @ (Change::BecomesCopy(_) | Change::Parts(_)),
                until_end_of_turn,
            }) => Ok(self.modify_layered(card, change, until_end_of_turn)),
            act @ (Act::Attack { .. }
            | Act::Block { .. }
            | Act::Order { .. }
            | Act::CombatDamage(_)) => self.combat_action(&act),
            Act::AllPlayersPass => self.all_players_pass(),
            Act::DestroyEach { subjects, exile } => Ok(self.destroy_each(None, &subjects, exile)),
            Act::SacrificeEach { player, cards } => self.sacrifice_each(player, &cards),
            Act::DealDamage { source, amount, to } => Ok(self.deals_damage(source, amount, &to)),
            Act::Effect(effect) => self.effect(effect),
        }
    }

    /// `all players pass` (117.4): the top object resolves; with an empty stack the step
    /// ends and the game goes to the next one.
    fn all_players_pass(&mut self) -> Result<Vec<Event>, Vec<Reason>> {
        if self.priority().is_none() {
            return Err(self.priority_problems(self.active, None));
        }
        if !self.stack.is_empty() {
            return Ok(self.resolve_top());
        }
        self.pass_on_an_empty_stack()
    }

    /// `P sacrifices L, L and L` (701.21a): each must be a permanent the player controls;
    /// then all move at once, one event.
    fn sacrifice_each(
        &mut self,
        player: PlayerId,
        cards: &[CardId],
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let reasons: Vec<Reason> = cards
            .iter()
            .filter_map(|&card| self.cant_sacrifice(player, card))
            .collect();
        if !reasons.is_empty() {
            return Err(reasons);
        }
        let mut events = Vec::new();
        for &card in cards {
            events.extend(self.effect(Effect::Sacrifice { player, card })?);
        }
        Ok(events)
    }

    /// `destroy SETLIST`, `exile SETLIST`: every object at once, one event (the set fixed
    /// as the effect begins, 611.2c); `source`, a triggered ability's, is who `you` is.
    pub(super) fn destroy_each(
        &mut self,
        source: Option<CardId>,
        subjects: &[Subject],
        exile: bool,
    ) -> Vec<Event> {
        let mut set: Vec<CardId> = Vec::new();
        for s in subjects {
            let found = match s {
                Subject::Label(c) => vec![*c],
                _ => self.with_board(|board| self.described(s, source, board)),
            };
            for c in found {
                if !set.contains(&c) {
                    set.push(c);
                }
            }
        }
        set.sort_unstable();
        // The set is read as the effect is applied (608.2h): with nothing in it, nothing
        // happens, and the report says so.
        if set.is_empty() {
            return vec![event(
                Happened::AppliesToNothing,
                Vec::new(),
                &[cite::R608_2H],
            )];
        }
        let mut events = Vec::new();
        for c in set {
            let effect = if exile {
                Effect::Exile(c)
            } else {
                Effect::Destroy(c)
            };
            events.extend(self.effect(effect).unwrap_or_default());
        }
        events
    }

    pub(super) fn play_land(&mut self, p: PlayerId, c: CardId) -> Result<Vec<Event>, Vec<Reason>> {
        let mut out = Vec::new();
        let v = self.view(c);
        let zone = self.zone(c);
        if !v.chars.is(CardType::Land) {
            out.push(because(&[cite::R305_1], Why::NotALandCard { card: c }));
        }
        match zone {
            Zone::Hand(o) if o == p => {}
            Zone::Graveyard(o) if o == p && self.may_play_lands_from_graveyard(p) => {}
            Zone::Graveyard(o) if o == p => out.push(because(
                &[cite::R305_1],
                Why::LandInGraveyard { card: c, owner: o },
            )),
            zone => out.push(because(
                &[cite::R305_1],
                Why::LandNotInHand { card: c, zone },
            )),
        }
        if p != self.active {
            out.push(because(
                &[cite::R305_3, cite::R116_2A],
                Why::LandNotYourTurn {
                    player: p,
                    active: self.active,
                },
            ));
        }
        let mut timing = self.main_phase_and_empty_stack(
            &[cite::R305_1, cite::R116_2A, cite::R505_6B],
            Doing::PlayLand,
        );
        // 505.6b speaks of main phases only.
        for r in &mut timing {
            if matches!(r.why, Why::StackNotEmpty { .. }) {
                r.cites.retain(|c| *c != cite::R505_6B);
            }
        }
        out.extend(timing);
        if p == self.active && self.stack.is_empty() {
            for mut r in self.priority_problems(p, Some(Doing::PlayLand)) {
                r.cites.extend([cite::R305_1, cite::R116_2A]);
                out.push(r);
            }
        }
        if p == self.active {
            let allowed = self.land_plays_allowed(p);
            let played = self.lands_played(p);
            if played >= allowed {
                let limit = because(
                    // Before 305.2b, the land limit was part of 305.3 (2011-07-15), and
                    // before 2007-10-01 it was 212.6b.
                    &[
                        cite::R305_2,
                        cite::R305_2B
                            .or_else(cite::R305_3_LAND_LIMIT)
                            .or_else(cite::R212_6B_LAND_LIMIT),
                    ],
                    Why::LandLimit {
                        player: p,
                        played,
                        allowed,
                    },
                );
                out.push(limit);
            }
        }
        if !out.is_empty() {
            return Err(out);
        }
        let mut events = vec![self.apply(event(
            Happened::PlayedLand { player: p, card: c },
            vec![Target::Player(p), Target::Card(c)],
            &[
                cite::R305_1,
                cite::R116_2A,
                cite::R305_2,
                cite::R305_2A,
                cite::R117_3C,
            ],
        ))];
        events.extend(self.move_card(
            c,
            Zone::Battlefield,
            Some(p),
            &[cite::R305_1],
            Cause::PlayedAsLand,
        ));
        Ok(events)
    }

    pub(super) fn may_play_lands_from_graveyard(&self, p: PlayerId) -> bool {
        self.cards.ids().any(|c| {
            self.on_battlefield(c) && {
                let v = self.view(c);
                v.controller == p && v.chars.has(&Ability::PlayLandsFromGraveyard)
            }
        })
    }

    pub(super) fn activate(
        &mut self,
        p: PlayerId,
        src: CardId,
        target: Option<CardId>,
        kind: AbilityKind,
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let mut out = Vec::new();
        let v = self.view(src);
        let (rule, ability, req): (Cite, Ability, Requirement) = match kind {
            AbilityKind::Equip => (
                cite::R702_6A,
                Ability::Equip(None),
                Requirement::CreatureYouControl,
            ),
            AbilityKind::Fortify => (
                cite::R702_67A,
                Ability::Fortify(None),
                Requirement::LandYouControl,
            ),
            AbilityKind::Reconfigure | AbilityKind::Unattach => (
                cite::R702_151A,
                Ability::Reconfigure(None),
                Requirement::AnotherCreatureYouControl,
            ),
        };
        if matches!(kind, AbilityKind::Reconfigure | AbilityKind::Unattach)
            && !self.rules.has(Difference::Reconfigure)
        {
            return Err(vec![because(
                &[cite::R702_151],
                Why::NoReconfigure {
                    date: self.rules.date,
                },
            )]);
        }
        if kind == AbilityKind::Fortify && !self.rules.has(Difference::Fortify) {
            return Err(vec![because(
                &[cite::R702_67],
                Why::NoFortify {
                    date: self.rules.date,
                },
            )]);
        }
        if !self.on_battlefield(src) {
            out.push(because(
                &[cite::R602_2],
                Why::SourceNotOnBattlefield {
                    card: src,
                    zone: self.zone(src),
                },
            ));
        } else if v.controller != p {
            out.push(because(
                &[cite::R602_2, cite::R301_5D],
                Why::NotItsController {
                    card: src,
                    controller: v.controller,
                },
            ));
        }
        if !v.chars.has(&ability) {
            out.push(because(
                &[rule],
                Why::NoSuchAbility {
                    card: src,
                    ability: kind,
                },
            ));
        }
        out.extend(self.sorcery_timing(p, &[rule, cite::R602_5D], Doing::Activate(kind)));
        out.extend(self.priority_problems(p, Some(Doing::Activate(kind))));
        if let Some(t) = target {
            out.extend(self.target_problems(src, p, Target::Card(t), req));
        }
        if kind == AbilityKind::Unattach
            && !matches!(self.attached_to(src), Some(Target::Card(t)) if self.is_creature(t))
        {
            out.push(because(
                &[cite::R702_151A],
                Why::NotAttachedToCreature { card: src },
            ));
        }
        if !out.is_empty() {
            return Err(out);
        }
        let mut subjects = vec![Target::Player(p), Target::Card(src)];
        subjects.extend(target.map(Target::Card));
        let activated = Happened::Activated {
            player: p,
            source: src,
            ability: kind,
            target,
        };
        Ok(vec![self.apply(event(
            activated,
            subjects,
            &[rule, cite::R602_2, cite::R602_5D, cite::R117_3C],
        ))])
    }
}

impl Game {
    /// A continuous change to one object, however it is written: through the layer
    /// system's parts (`loses all abilities`, `becomes a copy of M`, `is red`) or as the
    /// older one-object changes (`gains flying`, `becomes a 3/3 creature`).
    pub(super) fn modify_any(
        &mut self,
        card: CardId,
        change: Change,
        until_end_of_turn: bool,
    ) -> Vec<Event> {
        match change {
            change @ (Change::BecomesCopy(_) | Change::Parts(_)) => {
                self.modify_layered(card, change, until_end_of_turn)
            }
            change => self
                .effect(Effect::Modify {
                    card,
                    change,
                    until_end_of_turn,
                })
                .unwrap_or_default(),
        }
    }
}
