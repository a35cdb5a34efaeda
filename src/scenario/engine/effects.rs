//! One-shot effects (110.2, 701, 119, 120, 122, 500): what the `Actions` statements that
//! aren't player actions make happen: putting objects onto the battlefield, attaching,
//! continuous changes, destroying, exiling, damage, counters, life, and moving the turn.

use super::legality;
use super::prelude::*;

impl Game {
    // ----- effects --------------------------------------------------------------------

    pub(super) fn put_onto_battlefield(
        &mut self,
        c: CardId,
        under: Option<PlayerId>,
        attached_to: Option<Target>,
        choice: Option<CardId>,
        returning: bool,
    ) -> Result<Vec<Event>, Vec<Reason>> {
        let name = self.label(c).to_string();
        let zone = self.zone(c);
        let v = self.view(c);
        let controller = under.unwrap_or(self.cards[c].owner);
        let note = |numbers: &[Cite], text: String| {
            Ok(vec![event(
                EventKind::Note,
                vec![Target::Card(c)],
                numbers,
                text,
            )])
        };
        if zone == Zone::Battlefield {
            if returning {
                return note(
                    &[cite::R400_7],
                    format!("{name} is already on the battlefield; nothing happens"),
                );
            }
            return note(
                &[cite::R400_7],
                format!("{name} is already on the battlefield; nothing happens"),
            );
        }
        if zone == Zone::Nowhere || (self.cards[c].token && zone != Zone::Battlefield) {
            return note(
                &[cite::R111_8],
                format!("{name} is a token that left the battlefield; it can't come back"),
            );
        }
        if v.chars.is(CardType::Instant) || v.chars.is(CardType::Sorcery) {
            return note(&[cite::R400_4A, cite::R110_4], format!("{name} is an instant or sorcery card and can't enter the battlefield; it stays {}", self.where_is(zone)));
        }
        let put_rules: &[Cite] = if v.chars.is(CardType::Land) {
            &[cite::R305_4, cite::R110_2A]
        } else {
            &[cite::R110_2A]
        };
        let why = if v.chars.is(CardType::Land) {
            "put, not played: it doesn't count as a land played (305.4)"
        } else {
            "put by an effect"
        };
        if v.chars.has_subtype("aura") {
            // 303.4f–i: an Aura entering without being cast.
            let candidate = |g: &Game, t: Target| -> Vec<Reason> {
                let mut sim = g.clone();
                sim.cards[c].zone = Zone::Battlefield;
                sim.cards[c].controller = controller;
                sim.attachment_problems(c, t)
            };
            let chosen = match (attached_to, choice) {
                (Some(t), _) => {
                    let problems = candidate(self, t);
                    if !problems.is_empty() {
                        let stays = if zone == Zone::Stack {
                            "it goes to its owner's graveyard"
                        } else {
                            "it stays in its zone"
                        };
                        let mut cs = cites(&[cite::R303_4I]);
                        for r in &problems {
                            cs.extend(r.cites.iter().copied());
                        }
                        dedup(&mut cs);
                        let mut events = vec![Event {
                            kind: EventKind::Note,
                            text: format!(
                                "{name} can't enter attached to {}: {}; {stays} ({})",
                                self.target_name(t),
                                super::event::joined(&problems),
                                self.zone_name(zone)
                            ),
                            cites: cs,
                            subjects: vec![Target::Card(c), t],
                            state_based: false,
                        }];
                        events.extend(self.aura_spell_to_graveyard(c, zone, cite::R303_4I));
                        return Ok(events);
                    }
                    (t, String::new())
                }
                (None, choice) => {
                    let mut legal: Vec<Target> = (0..self.cards.len())
                        .filter(|&o| {
                            o != c
                                && (self.on_battlefield(o)
                                    || matches!(self.zone(o), Zone::Graveyard(_)))
                        })
                        .map(Target::Card)
                        .filter(|t| candidate(self, *t).is_empty())
                        .collect();
                    legal.extend(
                        (0..self.players.len())
                            .filter(|p| !self.players[*p].lost)
                            .map(Target::Player)
                            .filter(|t| candidate(self, *t).is_empty()),
                    );
                    if legal.is_empty() {
                        let stays = if zone == Zone::Stack {
                            "it goes to its owner's graveyard"
                        } else {
                            "it stays where it is"
                        };
                        let mut events = vec![event(
                            EventKind::Note,
                            vec![Target::Card(c)],
                            &[cite::R303_4G],
                            format!(
                                "{name} has nothing it could legally enchant, so {stays} ({})",
                                self.zone_name(zone)
                            ),
                        )];
                        events.extend(self.aura_spell_to_graveyard(c, zone, cite::R303_4G));
                        return Ok(events);
                    }
                    match choice {
                        Some(ch) if legal.contains(&Target::Card(ch)) => (
                            Target::Card(ch),
                            format!(
                                "{} chooses {}",
                                self.player_name(controller),
                                self.label(ch)
                            ),
                        ),
                        Some(ch) => {
                            return Err(vec![reason(
                                &[cite::R303_4F],
                                format!(
                                    "{name} can't enchant {}: {}",
                                    self.label(ch),
                                    super::event::joined(&candidate(self, Target::Card(ch)))
                                ),
                            )]);
                        }
                        None => {
                            let newest = legal
                                .iter()
                                .copied()
                                .max_by_key(|t| match t {
                                    Target::Card(o) => (1, self.cards[*o].timestamp),
                                    Target::Player(p) => (0, -(*p as i64)),
                                })
                                .unwrap_or(legal[0]);
                            (newest, format!("no `(choosing L)` given: the checker picks the newest legal choice, {}", self.target_name(newest)))
                        }
                    }
                }
            };
            let (t, how) = chosen;
            let mut events = self.move_card(
                c,
                Zone::Battlefield,
                Some(controller),
                &[cite::R303_4F],
                "an Aura put onto the battlefield",
            );
            events.push(self.attach(c, t, &[cite::R303_4F], &how));
            return Ok(events);
        }
        let mut events = self.move_card(c, Zone::Battlefield, Some(controller), put_rules, why);
        if let Some(t) = attached_to {
            let v = self.view(c);
            if v.chars.has_subtype("equipment") || v.chars.has_subtype("fortification") {
                let problems = self.attachment_problems(c, t);
                if problems.is_empty() {
                    events.push(self.attach(c, t, &[cite::R301_5E], ""));
                } else {
                    let mut cs = cites(&[cite::R301_5E]);
                    for r in &problems {
                        cs.extend(r.cites.iter().copied().filter(|c| *c != cite::R704_5P));
                    }
                    dedup(&mut cs);
                    events.push(Event {
                        kind: EventKind::Note,
                        text: format!(
                            "{name} enters unattached: {}",
                            super::event::joined(&problems)
                        ),
                        cites: cs,
                        subjects: vec![Target::Card(c), t],
                        state_based: false,
                    });
                }
            } else {
                events.push(event(
                    EventKind::Note,
                    vec![Target::Card(c), t],
                    &[cite::R303_4H],
                    format!(
                        "{name} isn't an Aura, Equipment or Fortification, so it enters unattached"
                    ),
                ));
            }
        }
        Ok(events)
    }

    pub(super) fn effect(&mut self, st: Statement) -> Result<Vec<Event>, Vec<Reason>> {
        match st {
            Statement::Attach { card, to } => {
                if !self.on_battlefield(card) {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(card)],
                        &[cite::R701_3A],
                        format!(
                            "{} isn't on the battlefield; nothing is attached",
                            self.label(card)
                        ),
                    )]);
                }
                Ok(self.try_attach(card, to, &[cite::R701_3A]))
            }
            Statement::Modify {
                card,
                change,
                until_end_of_turn,
            } => {
                let ts = self.ts();
                let object = self.cards.get(card).map(|c| c.object).unwrap_or(0);
                // The layers the change applies in: becoming a creature with a P/T is a
                // type change (layer 4) that also sets P/T (layer 7b).
                let layers: &[Cite] = match &change {
                    Change::Control(_) => &[cite::R613_1B],
                    Change::BecomesCreature(Some(_)) | Change::BecomesTypes(_, Some(_)) => {
                        &[cite::R613_1D, cite::R613_4B]
                    }
                    Change::BecomesCreature(None)
                    | Change::BecomesTypes(_, None)
                    | Change::StopsBeingCreature
                    | Change::GainsSubtype(_)
                    | Change::LosesSubtype(_) => &[cite::R613_1D],
                    Change::Gains(_) | Change::Loses(_) => &[cite::R613_1F],
                    Change::Gets(_) => &[cite::R613_4C],
                    // Played by `Game::modify_layered` (layers.rs).
                    Change::BecomesCopy(_) | Change::Parts(_) => &[],
                };
                let text = format!(
                    "{} {}{}",
                    match &change {
                        Change::Control(p) => format!("{} gains control of", self.player_name(*p)),
                        _ => String::new(),
                    },
                    self.describe_change(card, &change),
                    if until_end_of_turn {
                        " until end of turn"
                    } else {
                        ""
                    }
                );
                self.effects.add(ContinuousEffect {
                    timestamp: ts,
                    card,
                    object,
                    change: change.clone(),
                    until_end_of_turn,
                });
                let kind = if matches!(change, Change::Control(_)) {
                    EventKind::Control
                } else {
                    EventKind::Changed
                };
                let mut numbers = layers.to_vec();
                numbers.push(cite::R613_7B);
                if until_end_of_turn {
                    numbers.push(cite::R514_2);
                }
                let mut subjects = vec![Target::Card(card)];
                if let Change::Control(p) = change {
                    subjects.push(Target::Player(p));
                }
                Ok(vec![event(
                    kind,
                    subjects,
                    &numbers,
                    text.trim().to_string(),
                )])
            }
            Statement::Destroy(c) => {
                if !self.on_battlefield(c) {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(c)],
                        &[cite::R701_8A],
                        format!(
                            "{} isn't on the battlefield; nothing is destroyed",
                            self.label(c)
                        ),
                    )]);
                }
                if self.view(c).chars.has(&Ability::Indestructible) {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(c)],
                        &[cite::R702_12B],
                        format!("{} is indestructible and isn't destroyed", self.label(c)),
                    )]);
                }
                let owner = self.owner(c);
                Ok(self.move_card(
                    c,
                    Zone::Graveyard(owner),
                    None,
                    &[cite::R701_8A],
                    "destroyed",
                ))
            }
            Statement::Exile(c) => {
                if self.zone(c) == Zone::Nowhere {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(c)],
                        &[cite::R111_8],
                        format!("{} no longer exists", self.label(c)),
                    )]);
                }
                if self.cards[c].token && self.zone(c) != Zone::Battlefield {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(c)],
                        &[cite::R111_8],
                        format!(
                            "{} is a token that left the battlefield; it can't move again",
                            self.label(c)
                        ),
                    )]);
                }
                Ok(self.move_card(c, Zone::Exile, None, &[cite::R701_13A], "exiled"))
            }
            Statement::Sacrifice { player, card } => {
                if !self.on_battlefield(card) || self.controller(card) != player {
                    return Err(vec![reason(
                        &[cite::R701_21A],
                        format!(
                            "{} can sacrifice only a permanent they control; {} is {}",
                            self.player_name(player),
                            self.label(card),
                            if self.on_battlefield(card) {
                                format!("controlled by {}", self.player_name(self.controller(card)))
                            } else {
                                self.where_is(self.zone(card))
                            }
                        ),
                    )]);
                }
                let owner = self.owner(card);
                Ok(self.move_card(
                    card,
                    Zone::Graveyard(owner),
                    None,
                    &[cite::R701_21A],
                    &format!("sacrificed by {}", self.player_name(player)),
                ))
            }
            Statement::ReturnToHand(c) => {
                if self.zone(c) == Zone::Nowhere
                    || (self.cards[c].token && self.zone(c) != Zone::Battlefield)
                {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(c)],
                        &[cite::R111_8],
                        format!(
                            "{} is a token that left the battlefield; it can't move again",
                            self.label(c)
                        ),
                    )]);
                }
                let owner = self.owner(c);
                Ok(self.move_card(
                    c,
                    Zone::Hand(owner),
                    None,
                    &[cite::R400_7],
                    "returned to its owner's hand",
                ))
            }
            Statement::Counter(c) => Ok(self.counter(c)),
            Statement::Damage {
                card,
                amount,
                source,
            } => {
                if !self.on_battlefield(card) {
                    return Ok(vec![event(
                        EventKind::Note,
                        vec![Target::Card(card)],
                        &[cite::R120_3],
                        format!(
                            "{} isn't on the battlefield; no damage is dealt",
                            self.label(card)
                        ),
                    )]);
                }
                let v = self.view(card);
                let by = source
                    .map(|s| format!(" by {}", self.label(s)))
                    .unwrap_or_default();
                // 702.16e: damage from a source with a quality the permanent has protection
                // from is prevented.
                if let Some(s) = source {
                    let sv = self.view(s);
                    if let Some(q) = v.chars.protections().find(|q| sv.chars.has_quality(q)) {
                        let mut numbers = legality::protection(q, cite::R702_16E);
                        numbers.push(cite::R120_1);
                        return Ok(vec![event(
                            EventKind::Note,
                            vec![Target::Card(card), Target::Card(s)],
                            &numbers,
                            format!(
                                "{amount} damage to {}{by} is prevented: it has protection from {q}",
                                self.label(card)
                            ),
                        )]);
                    }
                }
                let mut numbers = Vec::new();
                let c = &mut self.cards[card];
                if v.chars.is(CardType::Creature) {
                    c.damage += amount;
                    numbers.push(cite::R120_3E);
                }
                if v.chars.is(CardType::Planeswalker) {
                    c.loyalty = (c.loyalty - amount).max(0);
                    numbers.push(cite::R120_3C);
                }
                if v.chars.is(CardType::Battle) {
                    c.defense = (c.defense - amount).max(0);
                    numbers.push(cite::R120_3H);
                }
                if numbers.is_empty() {
                    numbers.push(cite::R120_3);
                }
                let mut subjects = vec![Target::Card(card)];
                subjects.extend(source.map(Target::Card));
                Ok(vec![event(
                    EventKind::Damage,
                    subjects,
                    &numbers,
                    format!("{} is dealt {amount} damage{by}", self.label(card)),
                )])
            }
            Statement::PutCounters { card, kind, amount }
            | Statement::RemoveCounters { card, kind, amount } => {
                let sign = if matches!(st, Statement::PutCounters { .. }) {
                    1
                } else {
                    -1
                };
                let Some(c) = self.cards.get_mut(card) else {
                    return Ok(Vec::new());
                };
                let slot = match kind {
                    CounterKind::PlusOne => &mut c.plus,
                    CounterKind::MinusOne => &mut c.minus,
                    CounterKind::Loyalty => &mut c.loyalty,
                    CounterKind::Defense => &mut c.defense,
                };
                let before = *slot;
                *slot = (*slot + sign * amount).max(0);
                let changed = (*slot - before).abs();
                let text = if sign > 0 {
                    format!(
                        "{changed} {} counter{} put on {}",
                        kind.name(),
                        plural(changed as u32),
                        self.label(card)
                    )
                } else {
                    format!(
                        "{changed} {} counter{} removed from {}",
                        kind.name(),
                        plural(changed as u32),
                        self.label(card)
                    )
                };
                Ok(vec![event(
                    EventKind::Counters,
                    vec![Target::Card(card)],
                    &[cite::R122_1],
                    text,
                )])
            }
            Statement::LoseLife { player, amount } => {
                self.players[player].life -= amount;
                Ok(vec![event(
                    EventKind::Life,
                    vec![Target::Player(player)],
                    &[cite::R119_3],
                    format!(
                        "{} loses {amount} life (now {})",
                        self.player_name(player),
                        self.players[player].life
                    ),
                )])
            }
            Statement::GainLife { player, amount } => {
                self.players[player].life += amount;
                Ok(vec![event(
                    EventKind::Life,
                    vec![Target::Player(player)],
                    &[cite::R119_3],
                    format!(
                        "{} gains {amount} life (now {})",
                        self.player_name(player),
                        self.players[player].life
                    ),
                )])
            }
            Statement::GoTo(step) => {
                if step <= self.step {
                    return Err(vec![reason(&[cite::R500_1], format!("the turn can't go back or stay: it is the {} step, and `go to` names a later step of this turn ({step} isn't later)", self.step))]);
                }
                if !self.stack.is_empty() {
                    return Err(vec![reason(
                        &[cite::R117_4, cite::R500_2],
                        format!(
                            "a step ends only when the stack is empty; it holds {}",
                            self.stack_labels().join(", ")
                        ),
                    )]);
                }
                let (rule, who) = if step == Step::Cleanup {
                    (
                        cite::R514_3,
                        "normally no player receives priority".to_string(),
                    )
                } else {
                    (
                        cite::R117_3A,
                        format!("{} receives priority", self.player_name(self.active)),
                    )
                };
                let mut events = vec![event(
                    EventKind::Turn,
                    vec![Target::Player(self.active)],
                    &[cite::R500_1, rule],
                    format!("the turn goes to the {step} step; {who}"),
                )];
                self.step = step;
                self.priority = self.active;
                if step == Step::Cleanup {
                    events.extend(self.cleanup());
                }
                Ok(events)
            }
            Statement::NextTurn => {
                let mut events = Vec::new();
                if !self.cleanup_done {
                    events.extend(self.cleanup());
                }
                let n = self.players.len();
                let next = (1..=n)
                    .map(|k| (self.active + k) % n)
                    .find(|&q| !self.players[q].lost)
                    .unwrap_or(self.active);
                self.active = next;
                self.priority = next;
                self.step = Step::PrecombatMain;
                self.cleanup_done = false;
                for p in &mut self.players {
                    p.lands_played = 0;
                    p.extra_land_plays = 0;
                }
                let mut untapped = Vec::new();
                for c in 0..self.cards.len() {
                    self.cards[c].entered_this_turn = false;
                    if self.on_battlefield(c) && self.controller(c) == next && self.cards[c].tapped
                    {
                        self.cards[c].tapped = false;
                        untapped.push(self.label(c).to_string());
                    }
                }
                events.push(event(EventKind::Turn, vec![Target::Player(next)], &[cite::R500_1, cite::R502_3, cite::R305_2], format!("{}'s turn begins: {} untap{}; no lands have been played; precombat main phase, {} has priority", self.player_name(next), if untapped.is_empty() { "no permanents".to_string() } else { untapped.join(", ") }, if untapped.len() == 1 { "s" } else { "" }, self.player_name(next))));
                Ok(events)
            }
            Statement::Play { .. }
            | Statement::Cast { .. }
            | Statement::Equip { .. }
            | Statement::Fortify { .. }
            | Statement::Reconfigure { .. }
            | Statement::Unattach { .. }
            | Statement::PutOntoBattlefield { .. }
            | Statement::AffectAll { .. }
            | Statement::ReturnToBattlefield { .. } => Ok(Vec::new()),
        }
    }

    /// 514.2: damage is removed and "until end of turn" effects end.
    pub(super) fn cleanup(&mut self) -> Vec<Event> {
        self.cleanup_done = true;
        let ended = self.effects.iter().filter(|e| e.until_end_of_turn).count();
        self.effects.retain(|e| !e.until_end_of_turn);
        let mut subjects = Vec::new();
        for c in 0..self.cards.len() {
            if self.cards[c].damage != 0 {
                subjects.push(Target::Card(c));
            }
            self.cards[c].damage = 0;
        }
        vec![event(
            EventKind::Turn,
            subjects,
            &[cite::R514_2],
            format!(
                "cleanup step: damage is removed and {ended} \"until end of turn\" effect{} end{}",
                plural(ended as u32),
                if ended == 1 { "s" } else { "" }
            ),
        )]
    }
}
