//! State-based actions (704): checked and performed simultaneously, repeatedly, until
//! none apply (704.3). Each 704.5 rule the engine knows is one check here.

use super::prelude::*;

/// One state-based action about to be performed.
pub(super) struct Pending {
    pub(super) card: Option<CardId>,
    pub(super) player: Option<PlayerId>,
    pub(super) what: Sba,
    pub(super) cites: Vec<Cite>,
    pub(super) text: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Sba {
    Lose,
    CeaseToExist,
    Graveyard,
    Destroy,
    Unattach,
    Annihilate,
    Protector(Option<PlayerId>),
}

impl Game {
    // ----- state-based actions (704) --------------------------------------------------

    /// When `c` began to have the world supertype (704.5k): as it entered the battlefield,
    /// or as the first effect still giving it the supertype began.
    fn world_since(&self, c: CardId) -> i64 {
        let card = &self.cards[c];
        if card.printed.is_super(Supertype::World) {
            return card.entered;
        }
        self.effects
            .on_object(c, card.object)
            .filter(|e| {
                matches!(&e.change, Change::BecomesTypes(tl, _)
                    if tl.supertypes.contains(&Supertype::World))
            })
            .map(|e| e.timestamp)
            .min()
            .map_or(card.entered, |t| t.max(card.entered))
    }

    /// The state-based actions that apply now, without performing them.
    pub fn pending_state_based_actions(&self) -> Vec<String> {
        self.collect_sba(None, &mut Vec::new())
            .into_iter()
            .map(|p| p.text)
            .collect()
    }

    pub(super) fn collect_sba(
        &self,
        choice: Option<CardId>,
        notes: &mut Vec<Event>,
    ) -> Vec<Pending> {
        let mut out: Vec<Pending> = Vec::new();
        let push = |out: &mut Vec<Pending>,
                    card: Option<CardId>,
                    player: Option<PlayerId>,
                    what: Sba,
                    cs: Vec<Cite>,
                    text: String| {
            if let Some(existing) = out
                .iter_mut()
                .find(|p| p.card == card && p.player == player && card.is_some() && p.what == what)
            {
                existing.cites.extend(cs);
                dedup(&mut existing.cites);
                if !existing.text.contains(&text) {
                    existing.text = format!("{}; {text}", existing.text);
                }
                return;
            }
            out.push(Pending {
                card,
                player,
                what,
                cites: cs,
                text,
            });
        };
        // 704.5a
        for (i, p) in self.players.iter().enumerate() {
            if !p.lost && p.life <= 0 {
                push(
                    &mut out,
                    None,
                    Some(i),
                    Sba::Lose,
                    cites(&[cite::R704_5A]),
                    format!("{} has {} life and loses the game", p.name, p.life),
                );
            }
        }
        let mut legendary: BTreeMap<(Option<PlayerId>, String), Vec<CardId>> = BTreeMap::new();
        let mut walkers: Vec<(CardId, PlayerId, Vec<String>)> = Vec::new();
        let mut worlds: Vec<CardId> = Vec::new();
        let mut roles: BTreeMap<(CardId, PlayerId), Vec<CardId>> = BTreeMap::new();
        for c in 0..self.cards.len() {
            let card = &self.cards[c];
            // 704.5d
            if card.token && card.zone != Zone::Battlefield && card.zone != Zone::Nowhere {
                push(
                    &mut out,
                    Some(c),
                    None,
                    Sba::CeaseToExist,
                    cites(&[cite::R704_5D, cite::R111_7]),
                    format!(
                        "{} is a token in {} and ceases to exist",
                        card.label,
                        self.zone_name(card.zone)
                    ),
                );
                continue;
            }
            if card.zone != Zone::Battlefield {
                continue;
            }
            let v = self.view(c);
            let name = card.label.clone();
            let owner = self.player_name(card.owner).to_string();
            if v.chars.is(CardType::Creature) {
                let t = v.chars.power_toughness.map(|p| p.toughness).unwrap_or(0);
                if t <= 0 {
                    push(
                        &mut out,
                        Some(c),
                        None,
                        Sba::Graveyard,
                        cites(&[cite::R704_5F]),
                        format!("{name} has toughness {t} and is put into {owner}'s graveyard"),
                    );
                } else {
                    if card.damage >= t && !v.chars.has(&Ability::Indestructible) {
                        // 702.12b: indestructible permanents ignore 704.5g and 704.5h.
                        push(&mut out, Some(c), None, Sba::Destroy, cites(&[cite::R704_5G]), format!("{name} has {} damage marked and toughness {t}: lethal damage, it is destroyed", card.damage));
                    }
                    if card.dealt_deathtouch && !v.chars.has(&Ability::Indestructible) {
                        push(&mut out, Some(c), None, Sba::Destroy, cites(&[cite::R704_5H, cite::R702_2B]), format!("{name} was dealt damage by a source with deathtouch: it is destroyed"));
                    }
                }
            }
            if v.chars.is(CardType::Planeswalker) && card.loyalty <= 0 {
                push(
                    &mut out,
                    Some(c),
                    None,
                    Sba::Graveyard,
                    cites(&[cite::R704_5I]),
                    format!("{name} has loyalty 0 and is put into {owner}'s graveyard"),
                );
            }
            if v.chars.is_super(Supertype::Legendary) {
                let key = if self.rules.has(Difference::LegendRulePerController) {
                    Some(v.controller)
                } else {
                    None
                };
                legendary
                    .entry((key, card.name.to_lowercase()))
                    .or_default()
                    .push(c);
            }
            if v.chars.is(CardType::Planeswalker)
                && self.rules.has(Difference::PlaneswalkerUniqueness)
            {
                walkers.push((
                    c,
                    v.controller,
                    v.chars
                        .type_line
                        .subtypes
                        .iter()
                        .map(|s| s.to_lowercase())
                        .collect(),
                ));
            }
            if v.chars.is_super(Supertype::World) {
                worlds.push(c);
            }
            // Attachments: 704.5m, 704.5n, 704.5p.
            let aura = v.chars.has_subtype("aura");
            let equipment =
                v.chars.has_subtype("equipment") || v.chars.has_subtype("fortification");
            match card.attached_to {
                None if aura => push(
                    &mut out,
                    Some(c),
                    None,
                    Sba::Graveyard,
                    cites(&[cite::R704_5M, cite::R303_4C]),
                    format!(
                        "{name} is an Aura attached to nothing and is put into {owner}'s graveyard"
                    ),
                ),
                None => {}
                Some((to, obj)) => {
                    let gone = matches!(to, Target::Card(t) if self.cards.get(t).map(|x| x.object) != Some(obj) || (self.zone(t) != Zone::Battlefield && !matches!(v.chars.enchant(), Some(Enchant::CardInGraveyard(_)))));
                    // What left is a new object (400.7): the rule of the attachment's own
                    // kind makes it illegal (303.4c, 301.5c, 301.6).
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
                        vec![reason(
                            &[left_rule, cite::R400_7],
                            format!("{} changed zones and is a new object", self.target_name(to)),
                        )]
                    } else {
                        self.attachment_problems(c, to)
                    };
                    if let Target::Player(p) = to {
                        if self.players[p].lost {
                            problems.push(reason(
                                &[cite::R303_4C],
                                format!("{} has left the game", self.player_name(p)),
                            ));
                        }
                    }
                    if !problems.is_empty() {
                        let mut cs = Vec::new();
                        if aura {
                            cs.push(cite::R704_5M);
                            if !gone
                                && !problems.iter().any(|r| {
                                    r.cites.iter().any(|c| c.rule.is_within(&cite::R303_4.rule))
                                })
                            {
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
                        if v.chars.is(CardType::Creature) || v.chars.is(CardType::Battle) {
                            cs.push(cite::R704_5P);
                        }
                        if equipment && !aura {
                            let illegal_rule = if v.chars.has_subtype("equipment") {
                                cite::R301_5C
                            } else {
                                cite::R301_6
                            };
                            cs.push(illegal_rule);
                        }
                        dedup(&mut cs);
                        let why = super::event::joined(&problems);
                        if aura {
                            push(&mut out, Some(c), None, Sba::Graveyard, cs, format!("{name} is an Aura attached illegally ({why}) and is put into {owner}'s graveyard"));
                        } else {
                            push(&mut out, Some(c), None, Sba::Unattach, cs, format!("{name} becomes unattached from {} ({why}) and remains on the battlefield", self.target_name(to)));
                        }
                    }
                    if aura && v.chars.has_subtype("role") && self.rules.has(Difference::Roles) {
                        if let Target::Card(t) = to {
                            roles.entry((t, v.controller)).or_default().push(c);
                        }
                    }
                }
            }
            // 704.5q
            if card.plus > 0 && card.minus > 0 {
                let n = card.plus.min(card.minus);
                push(
                    &mut out,
                    Some(c),
                    None,
                    Sba::Annihilate,
                    cites(&[cite::R704_5Q, cite::R122_3]),
                    format!(
                        "{n} +1/+1 and {n} -1/-1 counter{} are removed from {name}",
                        plural(n as u32)
                    ),
                );
            }
            if v.chars.is(CardType::Battle) && self.rules.has(Difference::Battles) {
                if card.defense <= 0 {
                    push(
                        &mut out,
                        Some(c),
                        None,
                        Sba::Graveyard,
                        cites(&[cite::R704_5V, cite::R310_7]),
                        format!("{name} has defense 0 and is put into {owner}'s graveyard"),
                    );
                } else {
                    let siege = v.chars.has_subtype("siege");
                    match card.protector {
                        None => {
                            let choice = if siege { self.next_opponent(v.controller) } else { Some(v.controller) };
                            match choice {
                                Some(p) => push(&mut out, Some(c), None, Sba::Protector(Some(p)), cites(&[cite::R704_5W, cite::R310_10]), format!("{name} has no protector; {} chooses {}", self.player_name(v.controller), self.player_name(p))),
                                None => push(&mut out, Some(c), None, Sba::Graveyard, cites(&[cite::R704_5W, cite::R310_10]), format!("{name} has no protector and none can be chosen; it is put into {owner}'s graveyard")),
                            }
                        }
                        Some(p) if siege && p == v.controller => match self.next_opponent(v.controller) {
                            Some(q) => push(&mut out, Some(c), None, Sba::Protector(Some(q)), cites(&[cite::R704_5X, cite::R310_11A]), format!("{name} is a Siege protected by its controller; {} chooses {} as its protector", self.player_name(p), self.player_name(q))),
                            None => push(&mut out, Some(c), None, Sba::Graveyard, cites(&[cite::R704_5X]), format!("{name} is a Siege protected by its controller and there is no opponent to choose; it is put into {owner}'s graveyard")),
                        },
                        Some(p) if self.players.get(p).is_none_or(|x| x.lost) => {
                            let choice = if siege { self.next_opponent(v.controller) } else { Some(v.controller) };
                            match choice {
                                Some(q) => push(&mut out, Some(c), None, Sba::Protector(Some(q)), cites(&[cite::R704_5W, cite::R310_10]), format!("{name}'s protector has left the game; {} chooses {}", self.player_name(v.controller), self.player_name(q))),
                                None => push(&mut out, Some(c), None, Sba::Graveyard, cites(&[cite::R704_5W, cite::R310_10]), format!("{name} has no protector and none can be chosen; it is put into {owner}'s graveyard")),
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        // 704.5j: the legend rule.
        for ((per_player, _), group) in &legendary {
            if group.len() < 2 {
                continue;
            }
            let names = group
                .iter()
                .map(|c| self.label(*c))
                .collect::<Vec<_>>()
                .join(", ");
            match per_player {
                Some(p) => {
                    let keep = match choice.filter(|ch| group.contains(ch)) {
                        Some(ch) => {
                            notes.push(event(
                                EventKind::Note,
                                vec![Target::Card(ch)],
                                &[cite::R704_5J],
                                format!(
                                    "{} keeps {} (as written)",
                                    self.player_name(*p),
                                    self.label(ch)
                                ),
                            ));
                            ch
                        }
                        None => {
                            let newest = group
                                .iter()
                                .copied()
                                .max_by_key(|c| self.cards[*c].timestamp)
                                .unwrap_or(group[0]);
                            notes.push(event(EventKind::Note, vec![Target::Card(newest)], &[cite::R704_5J], format!("{} keeps {}: no `(keeping L)` given, so the checker keeps the newest", self.player_name(*p), self.label(newest))));
                            newest
                        }
                    };
                    for &c in group {
                        if c != keep {
                            push(&mut out, Some(c), None, Sba::Graveyard, cites(&[cite::R704_5J]), format!("legend rule: {} controls {names} with the same name and keeps {}; {} is put into {}'s graveyard", self.player_name(*p), self.label(keep), self.label(c), self.player_name(self.cards[c].owner)));
                        }
                    }
                }
                None => {
                    for &c in group {
                        push(&mut out, Some(c), None, Sba::Graveyard, cites(&[cite::R704_5J]), format!("legend rule ({} rules): {names} are legendary permanents with the same name on the battlefield, so all are put into their owners' graveyards; {} goes to {}'s graveyard", self.rules.date, self.label(c), self.player_name(self.cards[c].owner)));
                    }
                }
            }
        }
        // The planeswalker uniqueness rule (until 2017-09-29).
        let uniqueness = cite::R704_5J_UNIQUENESS;
        let per_player = self.rules.has(Difference::LegendRulePerController);
        let mut done: Vec<CardId> = Vec::new();
        for (i, (c, ctl, types)) in walkers.iter().enumerate() {
            if done.contains(c) {
                continue;
            }
            let group: Vec<CardId> = walkers
                .iter()
                .skip(i)
                .filter(|(_, ctl2, t2)| {
                    (!per_player || ctl2 == ctl) && t2.iter().any(|t| types.contains(t))
                })
                .map(|(c2, _, _)| *c2)
                .collect();
            if group.len() < 2 {
                continue;
            }
            done.extend(group.iter().copied());
            let names = group
                .iter()
                .map(|c| self.label(*c))
                .collect::<Vec<_>>()
                .join(", ");
            let keep = if per_player {
                Some(choice.filter(|ch| group.contains(ch)).unwrap_or_else(|| {
                    group
                        .iter()
                        .copied()
                        .max_by_key(|c| self.cards[*c].timestamp)
                        .unwrap_or(group[0])
                }))
            } else {
                None
            };
            for &g in &group {
                if Some(g) == keep {
                    continue;
                }
                push(&mut out, Some(g), None, Sba::Graveyard, vec![uniqueness], match keep {
                    Some(k) => format!("planeswalker uniqueness rule: {names} share a planeswalker type; {} keeps {}{}, and {} is put into its owner's graveyard", self.player_name(*ctl), self.label(k), if choice == Some(k) { "" } else { " (the newest: no `(keeping L)` given)" }, self.label(g)),
                    None => format!("planeswalker uniqueness rule: {names} share a planeswalker type, so all are put into their owners' graveyards; {} goes", self.label(g)),
                });
            }
        }
        // 704.5k: the world rule.
        if worlds.len() > 1 {
            let newest = worlds
                .iter()
                .map(|c| self.world_since(*c))
                .max()
                .unwrap_or(0);
            let tied = worlds
                .iter()
                .filter(|c| self.world_since(**c) == newest)
                .count()
                > 1;
            for &c in &worlds {
                if tied || self.world_since(c) != newest {
                    push(&mut out, Some(c), None, Sba::Graveyard, cites(&[cite::R704_5K]), format!("world rule: {} isn't the permanent that has had the world supertype for the shortest time; it is put into its owner's graveyard", self.label(c)));
                }
            }
        }
        // 704.5y: Roles.
        for ((t, p), group) in &roles {
            if group.len() < 2 {
                continue;
            }
            let newest = group
                .iter()
                .copied()
                .max_by_key(|c| self.cards[*c].timestamp)
                .unwrap_or(group[0]);
            for &c in group {
                if c != newest {
                    push(&mut out, Some(c), None, Sba::Graveyard, cites(&[cite::R704_5Y, cite::R303_7A]), format!("{} has more than one Role controlled by {} attached; {} (not the newest, {}) is put into its owner's graveyard", self.label(*t), self.player_name(*p), self.label(c), self.label(newest)));
                }
            }
        }
        // One object moving to the graveyard isn't also unattached.
        let moving: Vec<CardId> = out
            .iter()
            .filter(|p| matches!(p.what, Sba::Graveyard | Sba::Destroy | Sba::CeaseToExist))
            .filter_map(|p| p.card)
            .collect();
        let mut merged: Vec<Pending> = Vec::new();
        for p in out {
            if p.what == Sba::Unattach && p.card.is_some_and(|c| moving.contains(&c)) {
                continue;
            }
            if matches!(p.what, Sba::Graveyard | Sba::Destroy) {
                if let Some(existing) = merged
                    .iter_mut()
                    .find(|m| m.card == p.card && matches!(m.what, Sba::Graveyard | Sba::Destroy))
                {
                    existing.cites.extend(p.cites);
                    dedup(&mut existing.cites);
                    existing.text = format!("{}; {}", existing.text, p.text);
                    continue;
                }
            }
            merged.push(p);
        }
        merged
    }

    /// Performs state-based actions until none apply (704.3): one round per entry, each
    /// performed simultaneously.
    pub fn state_based_actions(&mut self, choice: Option<CardId>) -> Vec<Vec<Event>> {
        let mut rounds = Vec::new();
        for _ in 0..64 {
            let mut notes = Vec::new();
            let pending = self.collect_sba(choice, &mut notes);
            // 704.5h looks at damage dealt since the last check.
            for card in &mut self.cards {
                card.dealt_deathtouch = false;
            }
            if pending.is_empty() {
                break;
            }
            let mut events: Vec<Event> = notes
                .into_iter()
                .map(|mut e| {
                    e.state_based = true;
                    e
                })
                .collect();
            for p in pending {
                let mut evs = Vec::new();
                let mut subjects = Vec::new();
                if let Some(c) = p.card {
                    subjects.push(Target::Card(c));
                }
                if let Some(pl) = p.player {
                    subjects.push(Target::Player(pl));
                }
                match p.what {
                    Sba::Lose => {
                        evs.push(Event {
                            kind: EventKind::Lost,
                            text: p.text,
                            cites: p.cites,
                            subjects,
                            state_based: true,
                        });
                        if let Some(pl) = p.player {
                            self.players[pl].lost = true;
                            evs.extend(self.leave_game(pl));
                        }
                    }
                    Sba::CeaseToExist => {
                        if let Some(c) = p.card {
                            self.cards[c].zone = Zone::Nowhere;
                            self.cards[c].attached_to = None;
                        }
                        evs.push(Event {
                            kind: EventKind::Moved,
                            text: p.text,
                            cites: p.cites,
                            subjects,
                            state_based: true,
                        });
                    }
                    Sba::Graveyard | Sba::Destroy => {
                        if let Some(c) = p.card {
                            let owner = self.owner(c);
                            let moved = self.move_card(c, Zone::Graveyard(owner), None, &[], "");
                            evs.push(Event {
                                kind: EventKind::Moved,
                                text: p.text,
                                cites: p.cites.clone(),
                                subjects,
                                state_based: true,
                            });
                            for mut e in moved.into_iter().skip(1) {
                                // What was attached becomes unattached because of this SBA.
                                e.cites = p.cites.iter().copied().chain(e.cites).collect();
                                dedup(&mut e.cites);
                                evs.push(e);
                            }
                        }
                    }
                    Sba::Unattach => {
                        if let Some(c) = p.card {
                            self.cards[c].attached_to = None;
                        }
                        evs.push(Event {
                            kind: EventKind::Unattached,
                            text: p.text,
                            cites: p.cites,
                            subjects,
                            state_based: true,
                        });
                    }
                    Sba::Annihilate => {
                        if let Some(c) = p.card {
                            let n = self.cards[c].plus.min(self.cards[c].minus);
                            self.cards[c].plus -= n;
                            self.cards[c].minus -= n;
                        }
                        evs.push(Event {
                            kind: EventKind::Counters,
                            text: p.text,
                            cites: p.cites,
                            subjects,
                            state_based: true,
                        });
                    }
                    Sba::Protector(q) => {
                        if let Some(c) = p.card {
                            self.cards[c].protector = q;
                        }
                        evs.push(Event {
                            kind: EventKind::Changed,
                            text: p.text,
                            cites: p.cites,
                            subjects,
                            state_based: true,
                        });
                    }
                }
                for e in &mut evs {
                    e.state_based = true;
                }
                events.extend(evs);
            }
            rounds.push(events);
        }
        rounds
    }
}
