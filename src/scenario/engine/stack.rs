//! The stack (405, 601, 608): casting a spell, and resolving the top object: targets
//! checked again (608.2b), a permanent spell entering the battlefield, an instant or
//! sorcery going to its owner's graveyard, an ability doing what it says.

use super::prelude::*;

impl Game {
    /// The rule by which a permanent spell without targets resolves and enters the
    /// battlefield: 608.3a from 2023-04-14, 608.3 before (607.3 in 2009-07-11).
    fn permanent_spell_resolves(&self) -> Cite {
        if self.rules.has(Difference::PermanentSpellRules) {
            cite::R608_3A
        } else {
            cite::R608_3
        }
    }

    /// The rule by which a permanent spell whose targets are all illegal doesn't resolve:
    /// 608.3b from 2023-04-14, 608.2b before.
    fn permanent_spell_fizzles(&self) -> Cite {
        if self.rules.has(Difference::PermanentSpellRules) {
            cite::R608_3B
        } else {
            cite::R608_2B
        }
    }

    /// Counters a spell (701.6a): it leaves the stack without resolving and goes to its
    /// owner's graveyard.
    pub(super) fn counter(&mut self, c: CardId) -> Vec<Event> {
        if self.zone(c) != Zone::Stack {
            return vec![event(
                Happened::NotASpell {
                    card: c,
                    zone: self.zone(c),
                },
                vec![Target::Card(c)],
                &[cite::R701_6A],
            )];
        }
        let owner = self.owner(c);
        let mut events = vec![event(
            Happened::Countered { card: c },
            vec![Target::Card(c)],
            &[cite::R701_6A],
        )];
        events.extend(self.move_card(
            c,
            Zone::Graveyard(owner),
            None,
            &[cite::R701_6A],
            Cause::Countered,
        ));
        events
    }

    pub(super) fn cast(
        &mut self,
        p: PlayerId,
        c: CardId,
        targets: &[Target],
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let mut out = Vec::new();
        let v = self.view(c);
        match self.zone(c) {
            Zone::Hand(o) if o == p => {}
            zone => out.push(because(
                &[cite::R601_3],
                Why::CastFrom {
                    card: c,
                    zone,
                    player: p,
                },
            )),
        }
        if v.chars.is(CardType::Land) {
            out.push(because(&[cite::R305_9], Why::LandIsPlayed { card: c }));
        }
        let flash = v.chars.has(&Ability::Flash) && self.rules.has(Difference::Flash);
        let instant_speed = v.chars.is(CardType::Instant) || flash;
        // A land is never cast (305.9): no spell timing applies to it.
        if !instant_speed && !v.chars.is(CardType::Land) {
            let rule = [
                (CardType::Sorcery, cite::R307_1),
                (CardType::Creature, cite::R302_1),
                (CardType::Artifact, cite::R301_1),
                (CardType::Enchantment, cite::R303_1),
                (CardType::Planeswalker, cite::R306_1),
                (CardType::Battle, cite::R310_1),
            ]
            .iter()
            .find(|(t, _)| v.chars.is(*t))
            .map(|(_, r)| *r)
            .unwrap_or(cite::R307_1);
            out.extend(self.sorcery_timing(p, &[cite::R117_1A, rule], Doing::Cast(c)));
        }
        out.extend(self.priority_problems(p, Some(Doing::Cast(c))));
        let aura = v.chars.has_subtype("aura");
        if aura {
            if targets.len() != 1 {
                out.push(because(
                    &[cite::R303_4A, cite::R115_1B],
                    Why::AuraTargetCount {
                        given: targets.len(),
                    },
                ));
            }
            for t in targets {
                out.extend(self.target_problems(c, p, *t, Requirement::Aura));
            }
        } else {
            for t in targets {
                if *t == Target::Card(c) {
                    out.push(because(&[cite::R115_5], Why::TargetsItself));
                    continue;
                }
                out.extend(self.target_problems(c, p, *t, Requirement::Any));
            }
        }
        if !out.is_empty() {
            return Err(out);
        }
        let mut subjects = vec![Target::Player(p), Target::Card(c)];
        subjects.extend(targets.iter().copied());
        let mut numbers = vec![cite::R601_2, cite::R117_3C];
        if aura {
            numbers.extend([cite::R303_4A, cite::R115_1B]);
        }
        if v.chars.is(CardType::Instant) {
            numbers.extend([cite::R304_1, cite::R117_1A]);
        } else if v.chars.has(&Ability::Flash) && self.rules.has(Difference::Flash) {
            numbers.extend([cite::R702_8A, cite::R117_1A]);
        }
        let cast = Happened::Cast {
            player: p,
            card: c,
            targets: targets.to_vec(),
        };
        let mut events = vec![self.apply(event(cast, subjects, &numbers))];
        events.extend(self.move_card(c, Zone::Stack, Some(p), &[cite::R601_2A], Cause::Cast));
        Ok(events)
    }

    pub(super) fn object_of(&self, t: Target) -> u32 {
        match t {
            Target::Card(c) => self.cards[c].object,
            // A player is no object: it has no object id to change (400.7).
            Target::Player(_) => 0,
        }
    }

    // ----- the stack (405, 608) -------------------------------------------------------

    pub fn stack_is_empty(&self) -> bool {
        self.stack.is_empty()
    }

    /// Resolves the top object of the stack (608); a permanent that resolving it took
    /// out of combat is removed from combat (506.4).
    pub fn resolve_top(&mut self) -> Vec<Event> {
        if matches!(
            self.stack.last().map(|s| &s.kind),
            Some(StackKind::Trigger(_))
        ) {
            // Each of its effects is observed on its own (608.2c).
            let mut events = self.resolve_trigger();
            self.begin_replaceable();
            let before = self.snapshot();
            let out = self.remove_from_combat();
            self.observe(&before, &out);
            events.extend(out);
            return events;
        }
        self.begin_replaceable();
        let before = self.snapshot();
        let mut events = self.resolve_top_object();
        events.extend(self.remove_from_combat());
        self.observe(&before, &events);
        events
    }

    fn resolve_top_object(&mut self) -> Vec<Event> {
        let Some(item) = self.stack.last().cloned() else {
            return Vec::new();
        };
        // 608.2b: targets still legal?
        let req = match item.kind {
            // 310.4 (before 2009-07-11): combat damage has no targets; it is dealt.
            StackKind::CombatDamage => return self.resolve_combat_damage(),
            StackKind::Trigger(_) => return self.resolve_trigger(),
            StackKind::Spell(c) if self.view(c).chars.has_subtype("aura") => Requirement::Aura,
            StackKind::Spell(_) => Requirement::Any,
            StackKind::Ability { ability, .. } => match ability {
                AbilityKind::Equip => Requirement::CreatureYouControl,
                AbilityKind::Fortify => Requirement::LandYouControl,
                _ => Requirement::AnotherCreatureYouControl,
            },
        };
        let source = match item.kind {
            StackKind::Spell(c) => c,
            StackKind::Ability { source, .. } => source,
            StackKind::CombatDamage | StackKind::Trigger(_) => return Vec::new(),
        };
        let illegal = self.illegal_targets(&item, source, req);
        let all_illegal = !item.targets.is_empty() && illegal.len() == item.targets.len();
        let object = match item.kind {
            StackKind::Spell(c) => StackObject::Spell(c),
            StackKind::Ability {
                source, ability, ..
            } => StackObject::Ability { source, ability },
            StackKind::CombatDamage | StackKind::Trigger(_) => return Vec::new(),
        };
        if all_illegal {
            return self.doesnt_resolve(&item, source, object, illegal);
        }
        match item.kind {
            StackKind::Spell(c) => self.resolve_spell(&item, c, object),
            StackKind::Ability {
                source,
                source_object,
                ability,
            } => self.resolve_ability(&item, source, source_object, ability, object),
            StackKind::CombatDamage | StackKind::Trigger(_) => Vec::new(),
        }
    }

    /// 608.2b: each target of `item` that is illegal now, with why: it changed zones
    /// since it was targeted (400.7), or it no longer meets the requirement `req`.
    fn illegal_targets(
        &self,
        item: &StackItem,
        source: CardId,
        req: Requirement,
    ) -> Vec<(Target, Vec<Reason>)> {
        let mut illegal = Vec::new();
        for (t, obj) in &item.targets {
            let mut why = Vec::new();
            if let Target::Card(tc) = t {
                if self.cards.get(*tc).map(|c| c.object) != Some(*obj) {
                    why.push(because(
                        &[cite::R608_2B, cite::R400_7],
                        Why::ChangedZonesSinceTargeted { card: *tc },
                    ));
                }
            }
            if why.is_empty() {
                why = self.target_problems(source, item.controller, *t, req);
            }
            if !why.is_empty() {
                illegal.push((*t, why));
            }
        }
        illegal
    }

    /// 608.2b (608.3b for a permanent spell from 2023-04-14): every target is illegal, so
    /// the object doesn't resolve; a spell goes to its owner's graveyard.
    fn doesnt_resolve(
        &mut self,
        item: &StackItem,
        source: CardId,
        object: StackObject,
        illegal: Vec<(Target, Vec<Reason>)>,
    ) -> Vec<Event> {
        let mut events = Vec::new();
        let rule = match item.kind {
            StackKind::Spell(c)
                if self
                    .view(c)
                    .chars
                    .type_line
                    .types
                    .iter()
                    .any(|t| t.is_permanent()) =>
            {
                self.permanent_spell_fizzles()
            }
            _ => cite::R608_2B,
        };
        // 608.3b checks legality "as described in 608.2b": both are cited.
        let mut cites_all = cites(&[rule, cite::R608_2B]);
        let mut reasons = Vec::new();
        for (_, why) in illegal {
            for r in why {
                cites_all.extend(r.cites.iter().copied());
                reasons.push(r);
            }
        }
        dedup(&mut cites_all);
        let mut ev = self.apply(Event {
            what: Happened::DoesntResolve { object, reasons },
            cites: cites_all,
            subjects: vec![Target::Card(source)],
            state_based: false,
        });
        if let StackKind::Spell(c) = item.kind {
            ev.subjects.extend(item.targets.iter().map(|(t, _)| *t));
            events.push(ev);
            let owner = self.owner(c);
            events.extend(self.move_card(
                c,
                Zone::Graveyard(owner),
                None,
                &[rule, cite::R608_2B],
                Cause::DidntResolve,
            ));
        } else {
            events.push(ev);
        }
        events
    }

    /// A spell resolves: an instant or sorcery goes to its owner's graveyard (608.2n), an
    /// Aura enters the battlefield attached to its target (608.3c, 303.4b), any other
    /// permanent spell enters the battlefield (608.3a; 608.3 before 2023-04-14).
    fn resolve_spell(&mut self, item: &StackItem, c: CardId, object: StackObject) -> Vec<Event> {
        let mut events = Vec::new();
        let v = self.view(c);
        let owner = self.owner(c);
        if v.chars.is(CardType::Instant) || v.chars.is(CardType::Sorcery) {
            events.push(self.apply(event(
                Happened::Resolves(object),
                vec![Target::Card(c)],
                &[cite::R608_2N],
            )));
            events.extend(self.move_card(
                c,
                Zone::Graveyard(owner),
                None,
                &[cite::R608_2N],
                Cause::InstantOrSorceryResolved,
            ));
        } else if v.chars.has_subtype("aura") {
            let target = item.targets.first().map(|(t, _)| *t);
            events.push(self.apply(event(
                Happened::Resolves(object),
                vec![Target::Card(c)],
                &[cite::R608_3C],
            )));
            events.extend(self.move_card(
                c,
                Zone::Battlefield,
                Some(item.controller),
                &[cite::R608_3C],
                Cause::AuraResolved,
            ));
            if let Some(t) = target {
                events.push(self.attach(c, t, &[cite::R608_3C, cite::R303_4B], Chosen::Targeted));
            }
        } else {
            let rule = self.permanent_spell_resolves();
            events.push(self.apply(event(
                Happened::Resolves(object),
                vec![Target::Card(c)],
                &[rule],
            )));
            events.extend(self.move_card(
                c,
                Zone::Battlefield,
                Some(item.controller),
                &[rule],
                Cause::PermanentResolved,
            ));
        }
        events
    }

    /// An equip (702.6a), fortify (702.67a) or reconfigure (702.151a) ability resolves:
    /// nothing happens if its source has left the battlefield or become a new object
    /// (400.7); unattach stops being attached (702.151b); otherwise the source is
    /// attached to the target.
    fn resolve_ability(
        &mut self,
        item: &StackItem,
        source: CardId,
        source_object: u32,
        ability: AbilityKind,
        object: StackObject,
    ) -> Vec<Event> {
        let mut events = Vec::new();
        let rule = match ability {
            AbilityKind::Equip => cite::R702_6A,
            AbilityKind::Fortify => cite::R702_67A,
            _ => cite::R702_151A,
        };
        if self.cards.get(source).map(|c| c.object) != Some(source_object)
            || !self.on_battlefield(source)
        {
            events.push(self.apply(event(
                Happened::SourceGone { source, ability },
                vec![Target::Card(source)],
                &[rule, cite::R400_7],
            )));
            return events;
        }
        match ability {
            AbilityKind::Unattach => {
                events.push(self.apply(event(
                    Happened::Resolves(object),
                    vec![Target::Card(source)],
                    &[rule],
                )));
                if self.attached_to(source).is_some() {
                    events.push(self.apply(event(
                        Happened::Reconfigured { card: source },
                        vec![Target::Card(source)],
                        &[cite::R702_151A, cite::R702_151B],
                    )));
                }
            }
            _ => {
                let Some((Target::Card(t), _)) = item.targets.first().copied() else {
                    events.push(self.apply(event(
                        Happened::Resolves(object),
                        vec![Target::Card(source)],
                        &[rule],
                    )));
                    return events;
                };
                events.push(self.apply(event(
                    Happened::Resolves(object),
                    vec![Target::Card(source), Target::Card(t)],
                    &[rule],
                )));
                // 702.151b: attached by reconfigure, it stops being a creature.
                let cites: &[_] = match ability {
                    AbilityKind::Reconfigure => &[rule, cite::R702_151B],
                    _ => &[rule],
                };
                events.extend(self.try_attach(source, Target::Card(t), cites));
            }
        }
        events
    }
}
