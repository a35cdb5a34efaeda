//! The `Expect` section: each item one claim about the final board or about an action,
//! with the rule numbers it cites.

use super::*;
use crate::scenario::engine::layers::subtypes;

impl Reader<'_> {
    pub(super) fn read_expectations(&self, actions: usize) -> R<Vec<Expectation>> {
        let Some(section) = self.section("Expect") else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for item in &section.items {
            let text = normalize(&item.text);
            let mut s = self.possessives(&text.to_lowercase());
            let mut cites = Vec::new();
            let line = item.line;
            if s.ends_with(')') {
                if let Some(open) = s.rfind('(') {
                    let inner = &s[open + 1..s.len() - 1];
                    for part in inner.split([',', '+']).flat_map(|p| p.split(" and ")) {
                        let part = part.trim();
                        let part = part.strip_prefix("rule ").unwrap_or(part);
                        if part.is_empty() {
                            continue;
                        }
                        match part.parse::<RuleNumber>() {
                            Ok(n) => cites.push(n),
                            Err(_) => {
                                return self.err(line, format!("expected rule numbers in parentheses like `(704.5m, 303.4c)`, found `{part}`"))
                            }
                        }
                    }
                    s = s[..open].trim().to_string();
                }
            }
            let after = match s.strip_prefix("after action ") {
                Some(rest) => {
                    let Some((n, claim)) = rest.split_once(':') else {
                        return self.err(
                            line,
                            format!("expected `after action N: EXPECTATION`, found `{s}`"),
                        );
                    };
                    let n = match number::<usize>(n) {
                        Some(n) if (1..=actions).contains(&n) => n,
                        _ => return self.err(line, format!("expected an action number from 1 to {actions} after `after action`, found `{}`", n.trim())),
                    };
                    s = claim.trim().to_string();
                    Some(n)
                }
                None => None,
            };
            let claim = self.claim(line, &s, actions, &mut cites)?;
            out.push(Expectation {
                line,
                text,
                claim,
                after,
                cites,
            });
        }
        Ok(out)
    }

    pub(super) fn claim(
        &self,
        line: usize,
        s: &str,
        actions: usize,
        cites: &mut Vec<RuleNumber>,
    ) -> R<Claim> {
        if let Some(rest) = s.strip_prefix("action ") {
            let (n, verdict) = rest.split_once(' ').unwrap_or((rest, ""));
            let Some(n) = number::<usize>(n) else {
                return self.err(
                    line,
                    format!("expected `action N is legal|illegal`, found `{s}`"),
                );
            };
            if n == 0 || n > actions {
                return self.err(
                    line,
                    format!(
                        "action {n} does not exist (`## Actions` has {actions} item{})",
                        if actions == 1 { "" } else { "s" }
                    ),
                );
            }
            return match verdict.trim() {
                "is legal" => Ok(Claim::ActionLegal { n, legal: true }),
                "is illegal" => Ok(Claim::ActionLegal { n, legal: false }),
                other => self.err(
                    line,
                    format!(
                        "expected `is legal` or `is illegal` after `action {n}`, found `{other}`"
                    ),
                ),
            };
        }
        if let Some(rest) = s
            .strip_prefix("state-based actions cite ")
            .or_else(|| s.strip_prefix("state based actions cite "))
        {
            for part in rest
                .split([',', ' '])
                .filter(|p| !p.is_empty() && *p != "and")
            {
                match part.parse::<RuleNumber>() {
                    Ok(n) => cites.push(n),
                    Err(_) => {
                        return self.err(
                            line,
                            format!("expected rule numbers after `cite`, found `{part}`"),
                        )
                    }
                }
            }
            if cites.is_empty() {
                return self.err(
                    line,
                    "expected rule numbers after `state-based actions cite`",
                );
            }
            return Ok(Claim::StateBasedActionsCite);
        }
        if let Some((x, rest)) = s.split_once(" was dealt ") {
            let (n, by) = match rest.split_once(" damage by ") {
                Some((n, m)) => (n, Some(self.label(line, m)?)),
                None => (rest.strip_suffix(" damage").unwrap_or(rest), None),
            };
            let Some(n) = number::<i32>(n) else {
                return self.err(
                    line,
                    format!("expected `X was dealt N damage [by M]`, found `{s}`"),
                );
            };
            return Ok(Claim::Dealt {
                to: self.target(line, x)?,
                n,
                by,
            });
        }
        if let Some(claim) = self.trigger_claim(line, s)? {
            return Ok(claim);
        }
        if let Some(rest) = s.strip_prefix("replacement order ") {
            return self.replacement_order(line, rest, actions);
        }
        // Player subjects.
        if let Some((player, rest)) = self.player_prefix(s) {
            let rest = agreeing_verb(rest.trim());
            let rest = rest.as_str();
            let first_is_label = s
                .split_whitespace()
                .next()
                .is_some_and(|w| self.labels.contains_key(w));
            if !first_is_label
                || rest.starts_with("'s life")
                || rest.starts_with("has ")
                || rest.starts_with("can ")
            {
                if let Some(n) = rest
                    .strip_prefix("'s life is ")
                    .or_else(|| rest.strip_prefix("'s life total is "))
                {
                    return match number::<i32>(n) {
                        Some(n) => Ok(Claim::Life { player, n }),
                        None => self.err(line, format!("expected a number of life, found `{n}`")),
                    };
                }
                for (verb, gained) in [("gained ", true), ("lost ", false)] {
                    if let Some(n) = rest
                        .strip_prefix(verb)
                        .and_then(|r| r.strip_suffix(" life"))
                    {
                        let Some(n) = number::<i32>(n) else {
                            return self
                                .err(line, format!("expected a number of life, found `{n}`"));
                        };
                        return Ok(if gained {
                            Claim::Gained { player, n }
                        } else {
                            Claim::LostLife { player, n }
                        });
                    }
                }
                for (words, won, negated) in [
                    ("has lost the game", false, false),
                    ("loses the game", false, false),
                    ("lost the game", false, false),
                    ("has not lost the game", false, true),
                    ("has won the game", true, false),
                    ("wins the game", true, false),
                    ("won the game", true, false),
                    ("has not won the game", true, true),
                ] {
                    if rest == words {
                        return Ok(if won {
                            Claim::Won { player, negated }
                        } else {
                            Claim::Lost { player, negated }
                        });
                    }
                }
                if let Some(r) = rest.strip_prefix("has played ") {
                    let n = r.trim_end_matches(" this turn");
                    let n = n.strip_suffix(" lands").or_else(|| n.strip_suffix(" land"));
                    return match n.and_then(|n| if n == "no" { Some(0) } else { number::<u32>(n) })
                    {
                        Some(n) => Ok(Claim::PlayedLands { player, n }),
                        None => self.err(
                            line,
                            format!("expected `has played N lands`, found `{rest}`"),
                        ),
                    };
                }
                if let Some(r) = rest.strip_prefix("can play ") {
                    let n = r.trim_end_matches(" this turn");
                    let n = n
                        .strip_suffix(" more lands")
                        .or_else(|| n.strip_suffix(" more land"));
                    return match n.and_then(|n| if n == "no" { Some(0) } else { number::<u32>(n) })
                    {
                        Some(n) => Ok(Claim::CanPlayMore { player, n }),
                        None => self.err(
                            line,
                            format!("expected `can play N more lands`, found `{rest}`"),
                        ),
                    };
                }
                return self.err(line, format!("unknown expectation `{s}` (expected e.g. `P's life is N`, `P has lost the game`, `P has played N lands`, `P can play N more lands`)"));
            }
        }
        let first = s.split_whitespace().next().unwrap_or("");
        let agreed = format!("{first} {}", agreeing_verb(s[first.len()..].trim()));
        let s = agreed.trim_end();
        if first.ends_with("'s") {
            if let Some(claim) = self.characteristic_claim(line, s)? {
                return Ok(claim);
            }
        }
        let card = self.label(line, first)?;
        let rest = s[first.len()..].trim();
        let zone = |z: Zone| Ok(Claim::InZone { card, zone: z });
        match rest {
            "is unattached" | "is not attached" | "is not attached to anything" => {
                return Ok(Claim::Unattached(card))
            }
            "is on the battlefield" => return zone(Zone::Battlefield),
            "is in exile" | "is exiled" => return zone(Zone::Exile),
            "is on the stack" => return zone(Zone::Stack),
            "is in the command zone" => return zone(Zone::Command),
            "no longer exists" | "does not exist" | "ceases to exist" => {
                return Ok(Claim::NoLongerExists(card))
            }
            // Its evidence is the layers' as well as the events' (613.1d).
            "is a creature" | "is not a creature" => {
                return Ok(Claim::Is {
                    card,
                    word: crate::scenario::effect::Word::Type(crate::scenario::CardType::Creature),
                    negated: rest.contains(" not "),
                })
            }
            "is tapped" => {
                return Ok(Claim::IsTapped {
                    card,
                    negated: false,
                })
            }
            "is untapped" | "is not tapped" => {
                return Ok(Claim::IsTapped {
                    card,
                    negated: true,
                })
            }
            _ => {}
        }
        if let Some(t) = rest.strip_prefix("is attached to ") {
            return Ok(Claim::AttachedTo {
                card,
                to: self.target(line, t)?,
                negated: false,
            });
        }
        if let Some(t) = rest.strip_prefix("is not attached to ") {
            return Ok(Claim::AttachedTo {
                card,
                to: self.target(line, t)?,
                negated: true,
            });
        }
        if let Some(p) = rest.strip_prefix("is controlled by ") {
            return Ok(Claim::ControlledBy {
                card,
                player: self.player(line, p)?,
            });
        }
        if let Some(claim) = self.combat_claim(line, card, rest)? {
            return Ok(claim);
        }
        if let Some(z) = rest.strip_prefix("is in ") {
            if let Some((p, rest_zone)) = self.player_prefix(z) {
                let kind = rest_zone.trim_start_matches("'s").trim();
                return match kind {
                    "graveyard" => zone(Zone::Graveyard(p)),
                    "hand" => zone(Zone::Hand(p)),
                    "library" => zone(Zone::Library(p)),
                    _ => self.err(
                        line,
                        format!(
                            "expected graveyard, hand or library after `{}'s`, found `{kind}`",
                            self.players[p]
                        ),
                    ),
                };
            }
            if let Some(p) = z.split("'s").next() {
                self.player(line, p)?;
            }
        }
        if let Some(claim) = self.characteristic_claim(line, s)? {
            return Ok(claim);
        }
        self.err(line, format!("unknown expectation `{s}` (expected e.g. `L is attached to T`, `L is unattached`, `L is on the battlefield`, `L is in P's graveyard`, `L is in exile`, `L no longer exists`, `L is a creature`, `L is tapped`, `L is controlled by P`, `L is a WORD`, `L is N/N`, `L has KEYWORD`, `L is COLOR`, `L has N damage`, `L has N C counters`, `action N is legal`)"))
    }
}

impl Reader<'_> {
    /// The claims about characteristics, damage and counters (`L is a Swamp`, `L is 2/2`,
    /// `L's power is 3`, `L has hexproof`, `L has no abilities`, `L is red`, `L is
    /// colorless`, `L has 2 damage`, `L has 1 +1/+1 counter`); `None` for the others.
    fn characteristic_claim(&self, line: usize, s: &str) -> R<Option<Claim>> {
        use crate::scenario::effect::Word;
        let first = s.split_whitespace().next().unwrap_or("");
        let rest = s[first.len()..].trim();
        if let Some(l) = first.strip_suffix("'s") {
            if let Some(&card) = self.labels.get(l) {
                let value = |v: &str, what: &str| match number::<i32>(v) {
                    Some(n) => Ok(n),
                    None => self.err(
                        line,
                        format!("expected a number after `{what} is`, found `{v}`"),
                    ),
                };
                if let Some(v) = rest.strip_prefix("power is ") {
                    let power = Some(value(v, "power")?);
                    return Ok(Some(Claim::PowerToughness {
                        card,
                        power,
                        toughness: None,
                    }));
                }
                if let Some(v) = rest.strip_prefix("toughness is ") {
                    let toughness = Some(value(v, "toughness")?);
                    return Ok(Some(Claim::PowerToughness {
                        card,
                        power: None,
                        toughness,
                    }));
                }
                return self.err(
                    line,
                    format!("expected `{l}'s power is N` or `{l}'s toughness is N`, found `{s}`"),
                );
            }
        }
        let Some(&card) = self.labels.get(first) else {
            return Ok(None);
        };
        if rest == "is colorless" {
            return Ok(Some(Claim::IsColor {
                card,
                color: None,
                negated: false,
            }));
        }
        if rest == "has no abilities" {
            return Ok(Some(Claim::NoAbilities(card)));
        }
        for (prefix, negated) in [("is not ", true), ("is ", false)] {
            let Some(v) = rest.strip_prefix(prefix) else {
                continue;
            };
            if let Some(color) = Color::from_word(v) {
                return Ok(Some(Claim::IsColor {
                    card,
                    color: Some(color),
                    negated,
                }));
            }
            if !negated {
                if let Some(pt) = PowerToughness::parse(v) {
                    return Ok(Some(Claim::PowerToughness {
                        card,
                        power: Some(pt.power),
                        toughness: Some(pt.toughness),
                    }));
                }
            }
            let article = v.strip_prefix("a ").or_else(|| v.strip_prefix("an "));
            let w = article.unwrap_or(v);
            // A subtype of two words its revision lists (205.3m: `is a Time Lord`).
            if article.is_some() && subtypes::listed(w, self.revision) && w.contains(' ') {
                return Ok(Some(Claim::Is {
                    card,
                    word: Word::Sub(w.to_string()),
                    negated,
                }));
            }
            let known = matches!(w, "tapped" | "untapped" | "unattached") || w.contains(' ');
            if !known {
                // A subtype needs its article (`is a Swamp`); a supertype or type may not
                // (`is legendary`).
                let word =
                    Word::parse(w).filter(|x| article.is_some() || !matches!(x, Word::Sub(_)));
                if let Some(word) = word {
                    if super::super::card::near_miss(w).is_some() {
                        return self.err(line, format!("`{w}` is not a type{}", typo_hint(w)));
                    }
                    if let Word::Sub(s) = &word {
                        self.listed(line, w, s)?;
                    }
                    return Ok(Some(Claim::Is {
                        card,
                        word,
                        negated,
                    }));
                }
            }
        }
        if let Some(v) = rest.strip_prefix("has ") {
            let words: Vec<&str> = v.split_whitespace().collect();
            if let [n, "damage"] = words.as_slice() {
                return match number::<i32>(n) {
                    Some(n) => Ok(Some(Claim::Damage { card, n })),
                    None => self.err(line, format!("expected `has N damage`, found `{rest}`")),
                };
            }
            if let [n, kind, "counter" | "counters"] = words.as_slice() {
                let (kind, n) = self.counters(line, &format!("{n} {kind} counters"))?;
                return Ok(Some(Claim::Counters { card, kind, n }));
            }
            if let Some(a) = self.keyword(line, v)? {
                return Ok(Some(Claim::HasAbility {
                    card,
                    ability: a,
                    negated: false,
                }));
            }
        }
        for prefix in ["doesn't have ", "does not have "] {
            if let Some(v) = rest.strip_prefix(prefix) {
                return match self.keyword(line, v)? {
                    Some(a) => Ok(Some(Claim::HasAbility { card, ability: a, negated: true })),
                    None => self.err(line, format!("unknown keyword `{v}` (expected e.g. hexproof, indestructible, protection from red)")),
                };
            }
        }
        Ok(None)
    }
}

impl Reader<'_> {
    /// `replacement order (matters | doesn't matter) at action N`.
    fn replacement_order(&self, line: usize, rest: &str, actions: usize) -> R<Claim> {
        let (matters, n) = match rest
            .strip_prefix("matters at action ")
            .map(|n| (true, n))
            .or_else(|| rest.strip_prefix("doesn't matter at action ").map(|n| (false, n)))
        {
            Some((m, n)) => (m, number::<usize>(n.trim())),
            None => return self.err(line, format!("expected `replacement order matters at action N` or `replacement order doesn't matter at action N`, found `replacement order {rest}`")),
        };
        match n {
            Some(n) if n >= 1 && n <= actions => Ok(Claim::ReplacementOrder { n, matters }),
            _ => self.err(
                line,
                format!(
                    "expected an action number from 1 to {actions} in `replacement order {rest}`"
                ),
            ),
        }
    }

    /// The Expect items of version 3 about triggered abilities and the stack.
    fn trigger_claim(&self, line: usize, s: &str) -> R<Option<Claim>> {
        if s == "the stack is empty" {
            return Ok(Some(Claim::StackHolds(Vec::new())));
        }
        if let Some(items) = s.strip_prefix("the stack holds ") {
            let mut out = Vec::new();
            for item in items.split(", ") {
                let item = item.trim();
                if item == "combat damage" {
                    out.push(StackName::CombatDamage);
                } else if let Some(&c) = self.labels.get(item) {
                    out.push(StackName::Spell(c));
                } else if let Some(l) = ["'s equip", "'s fortify", "'s reconfigure"]
                    .iter()
                    .find_map(|k| item.strip_suffix(k))
                {
                    out.push(StackName::Ability(self.label(line, l)?));
                } else {
                    out.push(StackName::Trigger(self.trigger_name(line, item)?));
                }
            }
            return Ok(Some(Claim::StackHolds(out)));
        }
        if ![
            "'s trigger",
            "'s persist",
            "'s undying",
            "'s lifelink",
            "'s deathtouch",
        ]
        .iter()
        .any(|k| s.contains(k))
        {
            return Ok(None);
        }
        let times = |t: &str| -> Option<usize> {
            let t = t.trim();
            if t == "once" {
                return Some(1);
            }
            if t == "twice" {
                return Some(2);
            }
            let n = t
                .strip_suffix(" times")
                .or_else(|| t.strip_suffix(" time"))?;
            number::<usize>(n)
        };
        for (verb, kind) in [
            (" triggered ", 0),
            (" resolved ", 1),
            (" is controlled by ", 2),
        ] {
            if let Some((n, rest)) = s.split_once(verb) {
                let name = self.trigger_name(line, n)?;
                return match kind {
                    0 => match times(rest) {
                        Some(times) => Ok(Some(Claim::Triggered { name, times })),
                        None => {
                            self.err(line, format!("expected `triggered K times`, found `{s}`"))
                        }
                    },
                    1 => match times(rest) {
                        Some(k) => Ok(Some(Claim::Resolved {
                            name,
                            times: Some(k),
                        })),
                        None => {
                            self.err(line, format!("expected `resolved [K times]`, found `{s}`"))
                        }
                    },
                    _ => Ok(Some(Claim::TriggerControlledBy {
                        name,
                        player: self.player(line, rest)?,
                    })),
                };
            }
        }
        for (suffix, kind) in [
            (" didn't trigger", 0),
            (" did not trigger", 0),
            (" resolved", 1),
            (" didn't resolve", 2),
            (" did not resolve", 2),
            (" was removed from the stack", 3),
        ] {
            if let Some(n) = s.strip_suffix(suffix) {
                let name = self.trigger_name(line, n)?;
                return Ok(Some(match kind {
                    0 => Claim::Triggered { name, times: 0 },
                    1 => Claim::Resolved { name, times: None },
                    2 => Claim::Resolved {
                        name,
                        times: Some(0),
                    },
                    _ => Claim::Removed(name),
                }));
            }
        }
        self.err(line, format!("unknown expectation about a triggered ability `{s}` (expected `TRIG triggered K times`, `TRIG didn't trigger`, `TRIG resolved [K times]`, `TRIG didn't resolve`, `TRIG was removed from the stack`, `TRIG is controlled by P`)"))
    }
}
