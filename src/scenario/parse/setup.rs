//! The `Game` section and the zone sections: players, turn, step, life and land plays, then
//! every object line with its attributes (labels are collected first, so a label may be
//! used before the line that defines it).

use super::*;
use crate::scenario::card::CardType;
use crate::scenario::engine::layers::subtypes;
use crate::scenario::engine::triggered::Keyword;

/// The object attributes that hold one value.
const SINGLE_VALUED: [&str; 12] = [
    "controller",
    "owner",
    "damage order",
    "damage",
    "loyalty",
    "defense",
    "timestamp",
    "mana value",
    "attached to",
    "attacking",
    "enchant",
    "protector",
];

impl Reader<'_> {
    pub(super) fn read_game(&mut self) -> R<Setup> {
        let (game_line, items): (usize, Vec<(usize, String)>) = match self.section("Game") {
            Some(s) => (
                s.line,
                s.items
                    .iter()
                    .map(|i| (i.line, normalize(&i.text)))
                    .collect(),
            ),
            None => (1, Vec::new()),
        };
        let mut pairs: Vec<(usize, String, String)> = Vec::new();
        for (line, text) in items {
            let Some((key, value)) = text.split_once(':') else {
                return self.err(
                    line,
                    format!("expected `key: value` in `## Game`, found `{text}`"),
                );
            };
            let key = key.trim().to_lowercase();
            if !GAME_KEYS.contains(&key.as_str()) {
                return self.err(
                    line,
                    format!(
                        "unknown key `{key}` in `## Game`{} (expected one of: {})",
                        super::did_you_mean(&key, GAME_KEYS),
                        GAME_KEYS.join(", ")
                    ),
                );
            }
            if let Some((first, _, _)) = pairs.iter().find(|(_, k, _)| *k == key) {
                return self.err(
                    line,
                    format!("`{key}` is given twice in `## Game` (first on line {first}; expected each key once)"),
                );
            }
            pairs.push((line, key, value.trim().to_string()));
        }
        let Some((pline, _, players)) = pairs.iter().find(|(_, k, _)| k == "players") else {
            return self.err(
                game_line,
                "missing `players:` in `## Game` (expected e.g. `- players: Alice, Bob`)",
            );
        };
        let pline = *pline;
        for name in players.split(',') {
            let name = name.trim();
            let name = name.strip_prefix("and ").unwrap_or(name).trim();
            if name.is_empty() {
                return self.err(pline, "expected player names separated by commas");
            }
            if name.contains(['\'', '"', ';', ':']) {
                return self.err(
                    pline,
                    format!("`{name}` can't be a player name (no quotes, `;` or `:`)"),
                );
            }
            if self.players.iter().any(|p| p.eq_ignore_ascii_case(name)) {
                return self.err(pline, format!("player `{name}` is listed twice"));
            }
            self.players.push(name.to_string());
        }
        let n = self.players.len();
        let mut setup = Setup {
            players: self.players.clone(),
            // The first player written until `turn:` and `priority:` say otherwise.
            active: PlayerId::nth(0),
            priority: PlayerId::nth(0),
            priority_given: false,
            step: Step::PrecombatMain,
            rules: None,
            life: vec![20; n].into(),
            lands_played: vec![0; n].into(),
            extra_land_plays: vec![0; n].into(),
            cards: ById::default(),
        };
        let mut priority = None;
        for (line, key, value) in &pairs {
            let line = *line;
            let lower = value.to_lowercase();
            match key.as_str() {
                "players" => {}
                "turn" => setup.active = self.player(line, &lower)?,
                "priority" => priority = Some(self.player(line, &lower)?),
                "step" => {
                    setup.step = match super::step_named(&lower) {
                        Some(s) => s,
                        None => {
                            return self.err(
                                line,
                                format!(
                                    "unknown step `{value}` (expected one of: {})",
                                    super::STEP_NAMES.map(|(n, _)| n).join(", ")
                                ),
                            )
                        }
                    }
                }
                "rules" => {
                    if !is_revision_spec(&lower) {
                        return self.err(
                            line,
                            format!("`{value}` is not a revision (expected an id such as 2026-01-16 or a unique prefix such as 2011)"),
                        );
                    }
                    setup.rules = Some((lower.clone(), line));
                }
                "life" => {
                    for (p, v) in self.per_player(line, &lower, key)? {
                        setup.life[p] = v;
                    }
                }
                "lands played" | "extra land plays" => {
                    for (p, v) in self.per_player(line, &lower, key)? {
                        if v < 0 {
                            return self
                                .err(line, format!("expected a count of 0 or more in `{key}`"));
                        }
                        if key == "lands played" {
                            setup.lands_played[p] = v as u32;
                        } else {
                            setup.extra_land_plays[p] = v as u32;
                        }
                    }
                }
                _ => {}
            }
        }
        setup.priority_given = priority.is_some();
        setup.priority = priority.unwrap_or(setup.active);
        Ok(setup)
    }

    /// `Alice 20, Bob 7`.
    pub(super) fn per_player(
        &self,
        line: usize,
        value: &str,
        key: &str,
    ) -> R<Vec<(PlayerId, i32)>> {
        let mut out = Vec::new();
        for part in value.split(',') {
            let part = part.trim();
            let Some((name, num)) = part.rsplit_once(' ') else {
                return self.err(
                    line,
                    format!("expected `NAME N` in `{key}`, e.g. `Alice 1`, found `{part}`"),
                );
            };
            let p = self.player(line, name)?;
            let Some(v) = number::<i32>(num) else {
                return self.err(
                    line,
                    format!("expected a number after `{name}` in `{key}`, found `{num}`"),
                );
            };
            out.push((p, v));
        }
        Ok(out)
    }

    pub(super) fn read_objects(&mut self, setup: &mut Setup) -> R<()> {
        // First pass: labels, so a label may be used before the line that defines it.
        struct Pending {
            section: &'static str,
            line: usize,
            label: String,
            name: String,
            rest: String,
        }
        let mut pending: ById<CardId, Pending> = ById::default();
        for section in &self.doc.sections {
            if matches!(section.name, "Game" | "Actions" | "Expect") {
                continue;
            }
            for item in &section.items {
                let text = normalize(&item.text);
                let (count, label, name, rest) = self.split_object(item.line, &text)?;
                let labels: Vec<String> = match count {
                    None => vec![label.clone()],
                    Some(n) => (1..=n).map(|i| format!("{label}-{i}")).collect(),
                };
                for l in labels {
                    if self.labels.contains_key(&l) {
                        return self.err(
                            item.line,
                            format!(
                                "label `{l}` is defined twice (labels must be unique in the file)"
                            ),
                        );
                    }
                    // The one place a label becomes a card's id: the card's place in the file.
                    let id = pending.push(Pending {
                        section: section.name,
                        line: item.line,
                        label: l.clone(),
                        name: name.clone().unwrap_or_else(|| label.clone()),
                        rest: rest.clone(),
                    });
                    self.labels.insert(l, id);
                }
            }
        }
        // Each card's id is its place in `pending`, so the cards keep the file's order.
        for p in pending {
            let spec = self.read_object(p.section, p.line, p.label, p.name, &p.rest)?;
            setup.cards.push(spec);
        }
        Ok(())
    }

    /// `[N x ]label ["Card Name"]: rest` → (N, label, name, rest lower-cased).
    pub(super) fn split_object(
        &self,
        line: usize,
        text: &str,
    ) -> R<(Option<usize>, String, Option<String>, String)> {
        if text.matches('"').count() % 2 == 1 {
            return self.err(
                line,
                "unclosed quote: expected a card name between two `\"`",
            );
        }
        // The first `:` outside quotes.
        let mut in_quote = false;
        let mut colon = None;
        for (i, c) in text.char_indices() {
            match c {
                '"' => in_quote = !in_quote,
                ':' if !in_quote => {
                    colon = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(colon) = colon else {
            return self.err(
                line,
                format!("expected `label: type line` (e.g. `bear \"Grizzly Bears\": Creature — Bear 2/2`), found `{text}`"),
            );
        };
        let left = text[..colon].trim();
        let rest = text[colon + 1..].trim().to_lowercase();
        let (left, name) = match left.find('"') {
            Some(q) => {
                let after = &left[q + 1..];
                // The name runs to the last quote: it may hold quotes itself
                // (`"Kongming, "Sleeping Dragon""`).
                let Some(end) = after.rfind('"') else {
                    return self.err(
                        line,
                        "unclosed quote: expected a card name between two `\"`",
                    );
                };
                if !after[end + 1..].trim().is_empty() {
                    return self.err(
                        line,
                        format!(
                            "expected `:` after the card name, found `{}`",
                            after[end + 1..].trim()
                        ),
                    );
                }
                (left[..q].trim(), Some(after[..end].trim().to_string()))
            }
            None => (left, None),
        };
        let lower = left.to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let (count, label) = match words.as_slice() {
            [l] => (None, *l),
            [n, x, l] if *x == "x" || *x == "×" => {
                let Some(n) = number::<usize>(n).filter(|n| (1..=200).contains(n)) else {
                    return self.err(line, format!("expected a count from 1 to 200 before `x`, found `{n}`"));
                };
                (Some(n), *l)
            }
            [] => return self.err(line, "expected a label before `:`"),
            _ => {
                return self.err(
                    line,
                    format!("expected `label` or `N x label` before `:`, found `{left}` (labels are one word: letters, digits, `-`, `_`)"),
                )
            }
        };
        if !is_label(label) {
            return self.err(
                line,
                format!("label `{label}` may contain only letters, digits, `-` and `_`"),
            );
        }
        if let Some(n) = &name {
            if n.is_empty() {
                return self.err(line, "expected a card name between the quotes");
            }
        }
        Ok((count, label.to_string(), name, rest))
    }

    pub(super) fn read_object(
        &self,
        section: &str,
        line: usize,
        label: String,
        name: String,
        rest: &str,
    ) -> R<CardSpec> {
        let mut parts = rest.split(';');
        let head = parts.next().unwrap_or("").trim();
        let (type_text, pt) = match head.rsplit_once(' ') {
            // `*/*`: a printed 0/0 whose P/T a characteristic-defining ability says (604.3).
            Some((t, "*/*")) => (t, PowerToughness::parse("0/0")),
            Some((t, last)) if last.contains('/') => match PowerToughness::parse(last) {
                Some(pt) => (t, Some(pt)),
                None => {
                    return self.err(
                        line,
                        format!("bad P/T `{last}` (expected power/toughness like 2/3)"),
                    )
                }
            },
            _ if head.contains('/') && !head.contains(' ') => {
                return self.err(
                    line,
                    format!("expected a type line before P/T, found `{head}`"),
                )
            }
            _ => (head, None),
        };
        let type_line = match self.type_line(type_text) {
            Ok(t) => t,
            Err(e) => return self.err(line, e),
        };
        let mut spec = CardSpec {
            label,
            name,
            line,
            zone: Zone::Exile,
            // Set below, from `owner` or the controller.
            owner: PlayerId::nth(0),
            controller: None,
            printed: Characteristics {
                type_line,
                power_toughness: pt,
                ..Characteristics::default()
            },
            token: false,
            tapped: false,
            entered_this_turn: false,
            attached_to: None,
            targets: Vec::new(),
            damage: 0,
            plus_counters: 0,
            minus_counters: 0,
            protector: None,
            timestamp: None,
            combat: Default::default(),
        };
        let mut owner = None;
        let mut given: Vec<&str> = Vec::new();
        for attr in parts {
            let a = attr.trim();
            if a.is_empty() {
                continue;
            }
            // An attribute of one value, given twice, would silently lose one of them.
            if let Some(key) = SINGLE_VALUED.iter().find(|k| {
                a.strip_prefix(**k)
                    .is_some_and(|r| r.is_empty() || r.starts_with(' '))
            }) {
                if given.contains(key) {
                    return self.err(
                        line,
                        format!(
                            "`{key}` is given twice for `{}` (expected it once)",
                            spec.label
                        ),
                    );
                }
                given.push(key);
            }
            self.attribute(line, a, &mut spec, &mut owner)?;
        }
        let needs_controller = matches!(section, "Battlefield" | "Stack");
        if needs_controller && spec.controller.is_none() {
            return self.err(
                line,
                format!(
                    "`{}` is on the {} but has no controller (expected `; controller NAME`)",
                    spec.label,
                    section.to_lowercase()
                ),
            );
        }
        spec.owner = match (owner, spec.controller) {
            (Some(o), _) => o,
            (None, Some(c)) => c,
            (None, None) => {
                return self.err(
                    line,
                    format!(
                        "`{}` is in `## {}` but has no owner (expected `; owner NAME`)",
                        spec.label, section
                    ),
                )
            }
        };
        spec.zone = match section {
            "Battlefield" => Zone::Battlefield,
            "Hand" => Zone::Hand(spec.owner),
            "Graveyard" => Zone::Graveyard(spec.owner),
            "Library" => Zone::Library(spec.owner),
            "Exile" => Zone::Exile,
            "Command" => Zone::Command,
            _ => Zone::Stack,
        };
        let c = &spec.printed;
        // An Aura spell targets what it will enchant (303.4a).
        if spec.zone == Zone::Stack && c.type_line.has_subtype("aura") && spec.targets.is_empty() {
            return self.err(
                line,
                format!(
                    "`{}` is an Aura spell on the stack with no target (expected `; targeting L` or `; targeting player NAME`: an Aura spell targets what it will enchant, 303.4a)",
                    spec.label
                ),
            );
        }
        if c.is(crate::scenario::CardType::Creature) && c.power_toughness.is_none() {
            return self.err(
                line,
                format!(
                    "`{}` is a creature but has no P/T (expected e.g. `Creature — Bear 2/2`)",
                    spec.label
                ),
            );
        }
        Ok(spec)
    }

    pub(super) fn attribute(
        &self,
        line: usize,
        a: &str,
        spec: &mut CardSpec,
        owner: &mut Option<PlayerId>,
    ) -> R<()> {
        let count = |s: &str, what: &str| -> R<i32> {
            match number::<i32>(s) {
                Some(v) if v >= 0 => Ok(v),
                _ => self.err(
                    line,
                    format!("expected a number of 0 or more after `{what}`, found `{s}`"),
                ),
            }
        };
        let cost = |s: &str| -> Option<String> {
            let s = s.trim();
            (!s.is_empty()).then(|| s.to_string())
        };
        if self.combat_attribute(line, a, spec)? {
            return Ok(());
        }
        let abilities = &mut spec.printed.abilities;
        match a {
            "tapped" => spec.tapped = true,
            "untapped" => spec.tapped = false,
            "token" => spec.token = true,
            "entered this turn" => spec.entered_this_turn = true,
            "hexproof" => abilities.push(Ability::Hexproof),
            "shroud" => abilities.push(Ability::Shroud),
            "indestructible" => abilities.push(Ability::Indestructible),
            "flash" => abilities.push(Ability::Flash),
            "haste" => abilities.push(Ability::Haste),
            "colorless" => spec.printed.colors.clear(),
            "can't be enchanted by other auras" | "cannot be enchanted by other auras" => {
                abilities.push(Ability::CantBeEnchantedByOtherAuras)
            }
            "may play lands from graveyard"
            | "may play lands from your graveyard"
            | "may play lands from their graveyard" => {
                abilities.push(Ability::PlayLandsFromGraveyard)
            }
            _ => {
                if let Some(v) = a.strip_prefix("controller ") {
                    spec.controller = Some(self.player(line, v)?);
                } else if let Some(v) = a.strip_prefix("owner ") {
                    *owner = Some(self.player(line, v)?);
                } else if let Some(v) = a
                    .strip_prefix("colors ")
                    .or_else(|| a.strip_prefix("color "))
                {
                    for c in v.split([',', ' ']).filter(|w| !w.is_empty() && *w != "and") {
                        match Color::from_word(c) {
                            Some(c) => {
                                spec.printed.colors.insert(c);
                            }
                            None => {
                                return self.err(line, format!("unknown color `{c}` (expected white, blue, black, red or green)"))
                            }
                        }
                    }
                } else if let Some(v) = a.strip_prefix("enchant ") {
                    match Enchant::parse(v) {
                        Some(e) => {
                            for s in e.subtypes() {
                                self.listed(line, s, s)?;
                            }
                            abilities.push(Ability::Enchant(e))
                        }
                        None => return self.err(line, format!("unknown enchant restriction `{v}`{} (expected e.g. `creature`, `land you control`, `player`, `creature card in a graveyard`)", typo_hint(v))),
                    }
                } else if a == "equip" || a.starts_with("equip ") {
                    abilities.push(Ability::Equip(cost(&a[5..])));
                } else if a == "fortify" || a.starts_with("fortify ") {
                    abilities.push(Ability::Fortify(cost(&a[7..])));
                } else if a == "reconfigure" || a.starts_with("reconfigure ") {
                    abilities.push(Ability::Reconfigure(cost(&a[11..])));
                } else if let Some(v) = a.strip_prefix("attached to ") {
                    spec.attached_to = Some(self.target(line, v)?);
                } else if let Some(v) = a.strip_prefix("targeting ") {
                    for t in v.split(',') {
                        spec.targets.push(self.target(line, t)?);
                    }
                } else if let Some(v) = a.strip_prefix("protection from ") {
                    for q in v.split(" and from ") {
                        match Quality::parse(q) {
                            Some(Quality::Subtype(s)) if !subtypes::listed(&s, self.revision) => {
                                return self.err(line, self.unlisted(q, &s))
                            }
                            Some(q) => abilities.push(Ability::Protection(q)),
                            None => return self.err(line, format!("unknown quality `{q}` after `protection from`{} (expected a color, everything, artifacts, creatures, enchantments, Auras, Equipment)", typo_hint(q))),
                        }
                    }
                } else if let Some(v) = a.strip_prefix("additional land plays ") {
                    abilities.push(Ability::AdditionalLandPlays(
                        count(v, "additional land plays")? as u32,
                    ));
                } else if let Some(v) = a.strip_prefix("loyalty ") {
                    self.of_a(line, spec, "loyalty", CardType::Planeswalker)?;
                    spec.printed.loyalty = Some(count(v, "loyalty")?);
                } else if let Some(v) = a.strip_prefix("defense ") {
                    self.of_a(line, spec, "defense", CardType::Battle)?;
                    spec.printed.defense = Some(count(v, "defense")?);
                } else if let Some(v) = a.strip_prefix("protector ") {
                    self.of_a(line, spec, "protector", CardType::Battle)?;
                    spec.protector = Some(self.player(line, v)?);
                } else if let Some(v) = a.strip_prefix("damage ") {
                    spec.damage = count(v, "damage")?;
                } else if let Some(v) = a.strip_prefix("static:") {
                    let effect = self.effect(line, v, statics::Written::Static)?;
                    spec.printed
                        .abilities
                        .push(Ability::Static(Box::new(effect)));
                } else if let Some(v) = a.strip_prefix("trigger:") {
                    let ability = self.triggered_ability(line, v)?;
                    spec.printed
                        .abilities
                        .push(Ability::Triggered(Box::new(ability)));
                } else if a == "persist" || a == "undying" {
                    let k = if a == "persist" {
                        Keyword::Persist
                    } else {
                        Keyword::Undying
                    };
                    spec.printed
                        .abilities
                        .push(Ability::Triggered(Box::new(k.ability())));
                } else if let Some(v) = a.strip_prefix("prevention:") {
                    let rule = self.prevention_rule(line, v)?;
                    spec.printed.abilities.push(Ability::Damage(Box::new(rule)));
                } else if let Some(rule) = a
                    .strip_prefix("replacement:")
                    .and_then(|v| self.damage_replacement(line, v))
                {
                    spec.printed
                        .abilities
                        .push(Ability::Damage(Box::new(rule?)));
                } else if let Some(v) = a.strip_prefix("replacement:") {
                    let r = self.replacement(line, v)?;
                    spec.printed
                        .abilities
                        .push(Ability::Replacement(Box::new(r)));
                } else if let Some(r) = self.own_replacement(line, a)? {
                    spec.printed
                        .abilities
                        .push(Ability::Replacement(Box::new(r)));
                } else if let Some(v) = a.strip_prefix("mana value ") {
                    spec.printed.mana_value = count(v, "mana value")?;
                } else if let Some(v) = a.strip_prefix("timestamp ") {
                    match number::<i64>(v) {
                        Some(t) => spec.timestamp = Some(t),
                        None => {
                            return self.err(
                                line,
                                format!("expected a number after `timestamp`, found `{v}`"),
                            )
                        }
                    }
                } else if let Some(v) = a.strip_prefix("counters ") {
                    let words: Vec<&str> = v.split_whitespace().collect();
                    let (n, kind) = match words.as_slice() {
                        [n, k] | [n, k, "counters"] | [n, k, "counter"] => (*n, *k),
                        _ => {
                            return self.err(
                                line,
                                format!(
                                "expected `counters N +1/+1` or `counters N -1/-1`, found `{a}`"
                            ),
                            )
                        }
                    };
                    let n = count(n, "counters")?;
                    match super::counter_kind(kind) {
                        Some(CounterKind::PlusOne) => spec.plus_counters = n,
                        Some(CounterKind::MinusOne) => spec.minus_counters = n,
                        Some(CounterKind::Loyalty) => spec.printed.loyalty = Some(n),
                        Some(CounterKind::Defense) => spec.printed.defense = Some(n),
                        None => return self.err(line, format!("unknown counter `{kind}` (expected +1/+1, -1/-1, loyalty or defense)")),
                    }
                } else {
                    return self.err(
                        line,
                        format!(
                            "unknown attribute `{a}`{} (`arbiter help scenario-reference` lists every attribute, under \"Objects\")",
                            super::did_you_mean(
                                a,
                                ATTRIBUTES.split(", ").map(|f| {
                                    let end = f
                                        .find(|c: char| c.is_ascii_uppercase() || c == '[' || c == ':')
                                        .unwrap_or(f.len());
                                    f[..end].trim()
                                })
                            )
                        ),
                    );
                }
            }
        }
        Ok(())
    }

    /// `loyalty N` is a planeswalker's, `defense N` and `protector NAME` a battle's (the
    /// contract's attribute table; 306.5b, 310.4b, 310.8a): on an object whose type line
    /// lacks that card type they would be silently meaningless. Counters of those kinds on
    /// any permanent are written `counters N loyalty`.
    fn of_a(&self, line: usize, spec: &CardSpec, attribute: &str, kind: CardType) -> R<()> {
        if spec.printed.is(kind) {
            return Ok(());
        }
        let example = match kind {
            CardType::Battle => "`Battle — Siege`",
            _ => "`Legendary Planeswalker — Jace`",
        };
        let counters = match attribute {
            "protector" => String::new(),
            _ => format!("; counters on another permanent are written `counters N {attribute}`"),
        };
        self.err(
            line,
            format!(
                "`{attribute}` is for a {} and `{}` is not one (expected a type line such as {example}{counters})",
                kind.name().to_lowercase(),
                spec.label
            ),
        )
    }

    /// The board as the engine can represent it ([`Setup::check`]): what it would have to
    /// ignore or fix in silence is refused here, on the line of the card it is about.
    pub(super) fn check_board(&self, setup: &Setup) -> R<()> {
        use crate::scenario::engine::{SetupError, Status};
        let Err(e) = setup.check() else {
            return Ok(());
        };
        let at = |c: CardId| {
            let spec = &setup.cards[c];
            let place = match spec.zone {
                Zone::Battlefield => "on the battlefield".to_string(),
                Zone::Hand(p) => format!("in {}'s hand", setup.players[p]),
                Zone::Graveyard(p) => format!("in {}'s graveyard", setup.players[p]),
                Zone::Library(p) => format!("in {}'s library", setup.players[p]),
                Zone::Exile => "in exile".to_string(),
                Zone::Command => "in the command zone".to_string(),
                Zone::Stack => "on the stack".to_string(),
                Zone::Nowhere => "nowhere".to_string(),
            };
            (spec.line, spec.label.as_str(), place)
        };
        let (line, message) = match e {
            SetupError::Players | SetupError::NoSuchPlayer => (
                1,
                "the board names a player that isn't in `players:`".to_string(),
            ),
            SetupError::CardsPlayer { card } | SetupError::CardsCard { card } => {
                let (line, label, _) = at(card);
                (
                    line,
                    format!("`{label}` names a player or a card that isn't on the board"),
                )
            }
            SetupError::NotAPermanent { card, status } => {
                let (line, label, place) = at(card);
                let attribute = match status {
                    Status::Tapped => "tapped",
                    Status::EnteredThisTurn => "entered this turn",
                    Status::AttachedTo => "attached to",
                    Status::Damage => "damage",
                    Status::Counters(_) => "counters",
                    Status::Protector => "protector",
                    Status::Attacking => "attacking",
                    Status::Blocking => "blocking",
                    Status::Blocked => "blocked",
                    Status::HadFirstStrike => "had first strike",
                    Status::DamageOrder => "damage order",
                };
                (
                    line,
                    format!(
                        "`{label}` is {place}, and `{attribute}` is written only on the battlefield: a card elsewhere is no permanent and keeps nothing of one (expected `{label}` in `## Battlefield`, or no `{attribute}`)"
                    ),
                )
            }
            SetupError::Controller { card } => {
                let (line, label, place) = at(card);
                (
                    line,
                    format!(
                        "`{label}` is {place}, where a card has an owner and no controller: only a permanent or a spell has one (expected `; owner NAME` instead of `; controller NAME`)"
                    ),
                )
            }
            SetupError::Targets { card } => {
                let (line, label, place) = at(card);
                (
                    line,
                    format!(
                        "`{label}` is {place}, and only a spell on the stack has targets (expected `{label}` in `## Stack`, or no `targeting`)"
                    ),
                )
            }
        };
        self.err(line, message)
    }
}
