//! The `Actions` section: each item one statement, read by its subject (a player, a
//! label) and its verb into a [`Statement`].

use super::*;
use crate::scenario::effect::Part;
use crate::scenario::engine::prevent::Choices;
use crate::scenario::engine::triggered::Amount;

/// The player statements by verb, as the contract writes them.
const PLAYER_FORMS: [(&str, &str); 13] = [
    ("plays", "P plays L"),
    ("casts", "P casts L [targeting T[, T]...]"),
    ("equips", "P equips L to C"),
    (
        "activates",
        "P activates equip of L targeting C` or `P activates fortify of L targeting C",
    ),
    ("fortifies", "P fortifies L to C"),
    ("reconfigures", "P reconfigures L to C"),
    ("unattaches", "P unattaches L"),
    ("puts", "P puts L onto the battlefield"),
    ("sacrifices", "P sacrifices L"),
    (
        "attacks",
        "P attacks with L [attacking T][, L [attacking T]]...",
    ),
    ("blocks", "P blocks A with B[, B]...[; A with B[, B]...]..."),
    ("declares", "P declares no blockers"),
    (
        "orders",
        "P orders blockers of A: B, B...` or `P orders attackers of B: A, A...",
    ),
];

/// The effect statements on a label by verb (`get` agrees as `gets`, `are` as `is`).
const LABEL_FORMS: [(&str, &str); 8] = [
    (
        "deals",
        "M deals N damage to X` or `M deals damage equal to VALUE to X",
    ),
    ("gets", "L gets +N/+N"),
    (
        "becomes",
        "L becomes a creature [P/T]`, `L becomes a TYPE LINE [P/T]`, `L becomes COLOR[ and COLOR]...` or `L becomes a copy of M",
    ),
    ("gains", "L gains A` or `L gains subtype S"),
    ("loses", "L loses A`, `L loses all abilities` or `L loses subtype S"),
    ("is", "L is dealt N damage [by M]` or `L is N/N"),
    ("are", "L is dealt N damage [by M]` or `L is N/N"),
    ("stops", "L stops being a creature"),
];

impl Reader<'_> {
    pub(super) fn read_actions(&self) -> R<Vec<ActionItem>> {
        let Some(section) = self.section("Actions") else {
            let last = self.doc.sections.iter().map(|s| s.line).max().unwrap_or(1);
            return self.err(
                last,
                "missing section `## Actions` (expected a list of actions; the section may be empty)",
            );
        };
        let mut out = Vec::new();
        for (i, item) in section.items.iter().enumerate() {
            let text = normalize(&item.text);
            if text.matches('"').count() % 2 == 1 {
                return self.err(item.line, "unclosed quote: expected a closing `\"`");
            }
            let mut s = self.possessives(&text.to_lowercase());
            let mut in_response = false;
            if let Some(rest) = s
                .strip_prefix("in response,")
                .or_else(|| s.strip_prefix("in response "))
            {
                in_response = true;
                s = rest.trim().to_string();
            }
            let mut choice = None;
            let mut orders = Vec::new();
            let mut applies = Vec::new();
            let mut named = Vec::new();
            let mut prevents_first = Vec::new();
            // Choice suffixes, in parentheses at the end; several may follow one another.
            while s.ends_with(')') {
                let Some(open) = s.rfind('(') else { break };
                let inner = s[open + 1..s.len() - 1].trim().to_string();
                let chosen = inner
                    .strip_prefix("keeping ")
                    .or_else(|| inner.strip_prefix("choosing "));
                if let Some(l) = chosen {
                    choice = Some(self.label(item.line, l)?);
                } else if let Some((p, names)) = inner.split_once(" orders triggers:") {
                    orders.insert(0, self.trigger_order(item.line, p, names)?);
                } else if let Some((p, names)) = inner.split_once(" applies:") {
                    let (player, refs) = self.applies_names(item.line, p, names)?;
                    let labels = refs.iter().filter_map(|r| r.label()).collect();
                    applies.insert(0, (player, labels));
                    named.insert(0, (player, refs));
                } else if let Some((p, names)) = inner.split_once(" prevents first:") {
                    prevents_first.insert(0, self.prevents_first(item.line, p, names)?);
                } else {
                    return self.err(item.line, format!("expected `(keeping LABEL)`, `(choosing LABEL)`, `(P orders triggers: T, T...)`, `(P applies: E, E...)` or `(P prevents first: M, M...)`, found `({inner})`"));
                }
                s = s[..open].trim().to_string();
            }
            let statement = self.statement(item.line, &s)?;
            out.push(ActionItem {
                n: i + 1,
                line: item.line,
                text,
                in_response,
                statement,
                choice,
                orders,
                choices: Choices {
                    applies: named,
                    prevents_first,
                },
                applies,
            });
        }
        Ok(out)
    }

    pub(super) fn unknown_verb<T>(&self, line: usize, s: &str, subject: &str) -> R<T> {
        let rest = s[subject.len().min(s.len())..].trim();
        let verb = rest.split_whitespace().next().unwrap_or("");
        if verb.is_empty() {
            return self.err(
                line,
                format!("expected a verb after `{subject}` ({VERB_ADVICE})"),
            );
        }
        // A known verb with the rest of its statement missing: say its form.
        let known = PLAYER_FORMS.iter().chain(&LABEL_FORMS);
        if let Some((_, form)) = known
            .clone()
            .find(|(v, _)| *v == verb || v.strip_suffix('s') == Some(verb))
        {
            return self.err(line, format!("expected `{form}`, found `{s}`"));
        }
        self.err(
            line,
            format!(
                "unknown verb `{verb}` in `{s}`{} ({VERB_ADVICE})",
                verb_hint(verb)
            ),
        )
    }

    /// One statement of `Actions`, lower-cased.
    pub(super) fn statement(&self, line: usize, s: &str) -> R<Statement> {
        let (s, until_end_of_turn) = match s.strip_suffix(" until end of turn") {
            Some(r) => (r.trim(), true),
            None => (s, false),
        };
        let eot_only = |st: Statement| -> R<Statement> {
            if until_end_of_turn {
                return self.err(line, "`until end of turn` applies only to becomes, stops being, gains, loses, gets and gains control of");
            }
            Ok(st)
        };
        if let Some(st) = self.combat_damage(line, s)? {
            return eot_only(st);
        }
        if let Some(spec) = self.shield_statement(line, s) {
            return eot_only(Statement::Shield(spec?));
        }
        // Player subjects.
        if let Some((player, rest)) = self.player_prefix(s) {
            let rest = agreeing_verb(rest.trim());
            let rest = rest.as_str();
            let label_named_like_player = s
                .split_whitespace()
                .next()
                .is_some_and(|w| self.labels.contains_key(w));
            if !label_named_like_player || self.player_verb(rest) {
                return self.player_statement(line, s, player, rest, until_end_of_turn);
            }
        }
        let words: Vec<&str> = s.split_whitespace().collect();
        let first = words.first().copied().unwrap_or("");
        match first {
            "attach" => {
                let body = &s[6..];
                let Some((l, t)) = body.split_once(" to ") else {
                    return self.err(
                        line,
                        "expected `attach LABEL to LABEL` or `attach LABEL to player NAME`",
                    );
                };
                return eot_only(Statement::Attach {
                    card: self.label(line, l)?,
                    to: self.target(line, t)?,
                });
            }
            "put" => return eot_only(self.put(line, &s[3..], None)?),
            "remove" => {
                let body = s[6..].trim();
                let Some((what, l)) = body.split_once(" from ") else {
                    return self.err(line, "expected `remove N KIND counters from LABEL`");
                };
                let (kind, amount) = self.counters(line, what)?;
                return eot_only(Statement::RemoveCounters {
                    card: self.label(line, l)?,
                    kind,
                    amount,
                });
            }
            "destroy" | "exile" => {
                let exile = first == "exile";
                let body = s[first.len()..].trim();
                if self.labels.contains_key(body) {
                    let c = self.label(line, body)?;
                    return eot_only(if exile {
                        Statement::Exile(c)
                    } else {
                        Statement::Destroy(c)
                    });
                }
                let subjects = match self.set_list(line, body, statics::Written::Action) {
                    Ok(subjects) => subjects,
                    // One word that names no set of objects was meant as a label: its
                    // error suggests the label it is one slip from.
                    Err(e) if !body.contains(char::is_whitespace) => {
                        self.label(line, body)?;
                        return Err(e);
                    }
                    Err(e) => return Err(e),
                };
                return eot_only(Statement::DestroyEach { subjects, exile });
            }
            "all" if s == "all players pass" => return eot_only(Statement::AllPlayersPass),
            "counter" => {
                let body = s[7..].trim();
                if body == "combat damage" {
                    return eot_only(Statement::CounterCombatDamage);
                }
                if !self.labels.contains_key(body) && body.contains("'s ") {
                    return eot_only(Statement::CounterTrigger(self.trigger_name(line, body)?));
                }
                return eot_only(Statement::Counter(self.label(line, body)?));
            }
            "return" => {
                let body = s[6..].trim();
                if let Some(l) = body
                    .strip_suffix(" to its owner's hand")
                    .or_else(|| body.strip_suffix(" to its owners' hand"))
                    .or_else(|| body.strip_suffix(" to hand"))
                {
                    return eot_only(Statement::ReturnToHand(self.label(line, l)?));
                }
                if let Some((l, r)) = body.split_once(" to the battlefield") {
                    let (r, counters) = self.with_counters_on_it(line, r.trim())?;
                    let under = if r.is_empty() {
                        None
                    } else if let Some(p) = r
                        .strip_prefix("under ")
                        .and_then(|p| p.strip_suffix("'s control"))
                    {
                        Some(self.player(line, p)?)
                    } else {
                        return self.err(line, format!("expected `under NAME's control` after `to the battlefield`, found `{r}`"));
                    };
                    return eot_only(Statement::ReturnToBattlefield {
                        card: self.label(line, l)?,
                        under,
                        counters,
                    });
                }
                return self.err(line, "expected `return LABEL to the battlefield [under NAME's control]` or `return LABEL to its owner's hand`");
            }
            "go" => {
                let Some(step) = s.strip_prefix("go to ") else {
                    return self.err(line, "expected `go to STEP`");
                };
                return eot_only(Statement::GoTo(self.step(line, step, "")?));
            }
            "next" if s == "next turn" => {
                return eot_only(Statement::NextTurn(Step::PrecombatMain))
            }
            "next" if s.starts_with("next turn:") => {
                let step = s["next turn:".len()..].trim();
                return match self.step(line, step, " in `next turn: STEP`")? {
                    Step::Untap => self.err(
                        line,
                        "`next turn: untap` can't be written: no player receives priority in the untap step (502.4); write `next turn: upkeep` or a later step",
                    ),
                    st => eot_only(Statement::NextTurn(st)),
                };
            }
            _ => {}
        }
        // `L's power and toughness are switched` (613.4d).
        if let Some(l) = first.strip_suffix("'s") {
            if let Some(&card) = self.labels.get(l) {
                if s[first.len()..].trim() == "power and toughness are switched" {
                    return Ok(Statement::Modify {
                        card,
                        change: Change::Parts(vec![Part::Switch]),
                        until_end_of_turn,
                    });
                }
            }
        }
        // Label subjects.
        if let Some(&card) = self.labels.get(first) {
            let rest = agreeing_verb(s[first.len()..].trim());
            return self.label_statement(line, s, card, first, &rest, until_end_of_turn);
        }
        // A one-shot effect on a set (611.2c): `all creatures get -1/-1`.
        if self.is_set_subject(first, s.split_whitespace().nth(1)) {
            return Ok(Statement::AffectAll {
                effect: self.effect(line, s, statics::Written::Action)?,
                until_end_of_turn,
            });
        }
        // Neither: say which.
        let second = words.get(1).copied().unwrap_or("");
        let label_verbs = ["stops", "becomes", "gains", "loses", "gets", "is", "deals"];
        let player_verbs = [
            "plays",
            "casts",
            "equips",
            "activates",
            "fortifies",
            "reconfigures",
            "unattaches",
            "puts",
            "sacrifices",
        ];
        if label_verbs.contains(&second) {
            return self.label(line, first).map(|_| unreachable_statement());
        }
        if player_verbs.contains(&second) {
            return self.player(line, first).map(|_| unreachable_statement());
        }
        self.err(
            line,
            format!(
                "unknown verb `{first}` in `{s}`{} ({VERB_ADVICE})",
                verb_hint(first)
            ),
        )
    }

    pub(super) fn player_verb(&self, rest: &str) -> bool {
        let verb = rest.split_whitespace().next().unwrap_or("");
        matches!(
            verb,
            "plays"
                | "casts"
                | "equips"
                | "activates"
                | "fortifies"
                | "reconfigures"
                | "unattaches"
                | "puts"
                | "sacrifices"
        ) || combat::COMBAT_VERBS.contains(&verb)
            || rest.starts_with("gains control of")
            || rest == "wins the game"
            || ((rest.ends_with(" life") || rest.contains(" life equal to "))
                && (rest.starts_with("gains ") || rest.starts_with("loses ")))
    }

    pub(super) fn player_statement(
        &self,
        line: usize,
        s: &str,
        player: PlayerId,
        rest: &str,
        until_end_of_turn: bool,
    ) -> R<Statement> {
        let eot_only = |st: Statement| -> R<Statement> {
            if until_end_of_turn {
                return self.err(line, "`until end of turn` applies only to becomes, stops being, gains, loses, gets and gains control of");
            }
            Ok(st)
        };
        let two = |body: &str, sep: &str, form: &str| -> R<(CardId, CardId)> {
            match body.split_once(sep) {
                Some((a, b)) => Ok((self.label(line, a)?, self.label(line, b)?)),
                None => self.err(line, format!("expected `{form}`")),
            }
        };
        if let Some(st) = self.combat_statement(line, player, rest)? {
            return eot_only(st);
        }
        if let Some(l) = rest.strip_prefix("plays ") {
            return eot_only(Statement::Play {
                player,
                card: self.label(line, l)?,
            });
        }
        if let Some(body) = rest.strip_prefix("casts ") {
            let (l, targets) = match body.split_once(" targeting ") {
                Some((l, t)) => {
                    let mut targets = Vec::new();
                    for part in t.split(',').flat_map(|p| p.split(" and ")) {
                        let part = part.trim();
                        if !part.is_empty() {
                            targets.push(self.target(line, part)?);
                        }
                    }
                    (l, targets)
                }
                None => (body, Vec::new()),
            };
            return eot_only(Statement::Cast {
                player,
                card: self.label(line, l)?,
                targets,
            });
        }
        if let Some(body) = rest.strip_prefix("equips ") {
            let (equipment, target) = two(body, " to ", "P equips LABEL to LABEL")?;
            return eot_only(Statement::Equip {
                player,
                equipment,
                target,
            });
        }
        if let Some(body) = rest.strip_prefix("fortifies ") {
            let (fortification, target) = two(body, " to ", "P fortifies LABEL to LABEL")?;
            return eot_only(Statement::Fortify {
                player,
                fortification,
                target,
            });
        }
        if let Some(body) = rest.strip_prefix("reconfigures ") {
            let (equipment, target) = two(body, " to ", "P reconfigures LABEL to LABEL")?;
            return eot_only(Statement::Reconfigure {
                player,
                equipment,
                target,
            });
        }
        if let Some(body) = rest.strip_prefix("activates ") {
            let form = "P activates equip|fortify|reconfigure of LABEL targeting LABEL";
            let Some((ability, body)) = body.split_once(" of ") else {
                return self.err(line, format!("expected `{form}`"));
            };
            let ability = ability.split_whitespace().next().unwrap_or("");
            let (a, b) = two(body, " targeting ", form)?;
            return eot_only(match ability {
                "equip" => Statement::Equip {
                    player,
                    equipment: a,
                    target: b,
                },
                "fortify" => Statement::Fortify {
                    player,
                    fortification: a,
                    target: b,
                },
                "reconfigure" => Statement::Reconfigure {
                    player,
                    equipment: a,
                    target: b,
                },
                _ => {
                    return self.err(
                        line,
                        format!("unknown ability `{ability}` (expected `{form}`)"),
                    )
                }
            });
        }
        if let Some(l) = rest.strip_prefix("unattaches ") {
            return eot_only(Statement::Unattach {
                player,
                equipment: self.label(line, l)?,
            });
        }
        if let Some(body) = rest.strip_prefix("puts ") {
            return eot_only(self.put(line, body, Some(player))?);
        }
        if let Some(list) = rest.strip_prefix("sacrifices ") {
            // `P sacrifices L[, L]...[ and L]`: one event; a label named twice counts once.
            let mut cards = Vec::new();
            for l in list.split(", ").flat_map(|p| p.split(" and ")) {
                let c = self.label(line, l.trim())?;
                if !cards.contains(&c) {
                    cards.push(c);
                }
            }
            return eot_only(Statement::Sacrifice { player, cards });
        }
        if let Some(l) = rest.strip_prefix("gains control of ") {
            return Ok(Statement::Modify {
                card: self.label(line, l)?,
                change: Change::Control(player),
                until_end_of_turn,
            });
        }
        for (verb, gain) in [("gains ", true), ("loses ", false)] {
            let Some(r) = rest.strip_prefix(verb) else {
                continue;
            };
            let amount = if let Some(v) = r.strip_prefix("life equal to ") {
                Some(self.life_value(line, v)?)
            } else if let Some(n) = r.strip_suffix(" life") {
                let Some(n) = number::<i32>(n).filter(|v| *v >= 0) else {
                    return self.err(line, format!("expected a number of life, found `{n}`"));
                };
                Some(Amount::Fixed(n))
            } else {
                None
            };
            if let Some(amount) = amount {
                return eot_only(if gain {
                    Statement::GainLife { player, amount }
                } else {
                    Statement::LoseLife { player, amount }
                });
            }
        }
        if rest == "wins the game" {
            return eot_only(Statement::Wins(player));
        }
        let subject = self.players[player].to_lowercase();
        self.unknown_verb(line, s, &subject)
    }

    /// A trailing `with N C counter[s] on it` (122.6), split off what precedes it.
    pub(super) fn with_counters_on_it<'a>(
        &self,
        line: usize,
        r: &'a str,
    ) -> R<(&'a str, Option<(CounterKind, i32)>)> {
        let Some((before, w)) = r
            .rsplit_once("with ")
            .filter(|(b, _)| b.is_empty() || b.ends_with(' '))
        else {
            return Ok((r, None));
        };
        let Some(w) = w
            .strip_suffix(" counters on it")
            .or_else(|| w.strip_suffix(" counter on it"))
        else {
            return Ok((r, None));
        };
        let (n, kind) = w.split_once(' ').unwrap_or((w, ""));
        let n = match n {
            "a" | "an" => Some(1),
            n => number::<i32>(n).filter(|v| *v > 0),
        };
        match (n, super::counter_kind(kind)) {
            (Some(n), Some(k)) => Ok((before.trim(), Some((k, n)))),
            _ => self.err(line, format!("expected `with N C counters on it` (C: +1/+1, -1/-1, loyalty or defense), found `with {w} on it`")),
        }
    }

    /// `L onto the battlefield [under P's control] [attached to T]` after `put`/`puts`.
    pub(super) fn put(&self, line: usize, body: &str, by: Option<PlayerId>) -> R<Statement> {
        let body = body.trim();
        if let Some((what, l)) = body
            .split_once(" counters on ")
            .or_else(|| body.split_once(" counter on "))
        {
            let (kind, amount) = self.counters(line, &format!("{what} counters"))?;
            return Ok(Statement::PutCounters {
                card: self.label(line, l)?,
                kind,
                amount,
            });
        }
        let Some((l, rest)) = body.split_once(" onto the battlefield") else {
            return self.err(line, "expected `put LABEL onto the battlefield [under NAME's control] [attached to TARGET] [as a copy of LABEL]` or `put N KIND counters on LABEL`");
        };
        let card = self.label(line, l)?;
        let mut rest = rest.trim();
        let mut under = by;
        if let Some(r) = rest.strip_prefix("under ") {
            let Some((p, after)) = r.split_once("'s control") else {
                return self.err(line, "expected `under NAME's control`");
            };
            under = Some(self.player(line, p)?);
            rest = after.trim();
        }
        let (rest, as_copy_of) = match rest.split_once("as a copy of ") {
            Some((r, m)) => (r.trim(), Some(self.label(line, m)?)),
            None => (rest, None),
        };
        let attached_to = match rest.strip_prefix("attached to ") {
            Some(t) => Some(self.target(line, t)?),
            None if rest.is_empty() => None,
            None => {
                return self.err(line, format!("expected `attached to LABEL`, `as a copy of LABEL` or nothing after `onto the battlefield`, found `{rest}`"))
            }
        };
        Ok(Statement::PutOntoBattlefield {
            card,
            under,
            attached_to,
            as_copy_of,
        })
    }

    /// `N KIND counters` → (kind, N).
    pub(super) fn counters(&self, line: usize, what: &str) -> R<(CounterKind, i32)> {
        let words: Vec<&str> = what.split_whitespace().collect();
        let (n, kind) = match words.as_slice() {
            ["a", k, "counter"] => ("1", *k),
            [n, k, "counters" | "counter"] => (*n, *k),
            [k, "counter" | "counters"] => ("1", *k),
            _ => return self.err(line, format!("expected `N KIND counters` (KIND: +1/+1, -1/-1, loyalty, defense), found `{what}`")),
        };
        let Some(n) = number::<i32>(n).filter(|v| *v >= 0) else {
            return self.err(line, format!("expected a number of counters, found `{n}`"));
        };
        match super::counter_kind(kind) {
            Some(k) => Ok((k, n)),
            None => self.err(
                line,
                format!("unknown counter `{kind}` (expected +1/+1, -1/-1, loyalty or defense)"),
            ),
        }
    }

    /// The change of `L CHANGE` to one object (`gains flying`, `becomes a 3/3 creature`,
    /// `is red`, `gets +1/+1`), or `None` for a statement that isn't one; `subject` is how
    /// the object is written (a set's words serve where only the change is wanted).
    pub(super) fn one_object_change(
        &self,
        line: usize,
        subject: &str,
        rest: &str,
    ) -> R<Option<Change>> {
        if let Some(change) = self.layered_change(line, subject, rest)? {
            return Ok(Some(change));
        }
        if rest == "stops being a creature" {
            return Ok(Some(Change::StopsBeingCreature));
        }
        if let Some(body) = rest.strip_prefix("becomes ") {
            let body = body
                .strip_prefix("a ")
                .or_else(|| body.strip_prefix("an "))
                .unwrap_or(body)
                .trim();
            let (types, pt) = match body.rsplit_once(' ') {
                Some((t, last)) if last.contains('/') => match PowerToughness::parse(last) {
                    Some(pt) => (t.trim(), Some(pt)),
                    None => {
                        return self.err(
                            line,
                            format!("bad P/T `{last}` (expected power/toughness like 2/3)"),
                        )
                    }
                },
                _ if body.contains('/') && !body.contains(' ') => match PowerToughness::parse(body)
                {
                    Some(pt) => ("creature", Some(pt)),
                    None => {
                        return self.err(
                            line,
                            format!("bad P/T `{body}` (expected power/toughness like 2/3)"),
                        )
                    }
                },
                _ => (body, None),
            };
            let types = types
                .strip_suffix(" in addition to its other types")
                .unwrap_or(types);
            if types == "creature" {
                return Ok(Some(Change::BecomesCreature(pt)));
            }
            return match self.type_line(types) {
                Ok(t) => {
                    // An object's own type line is taken as written; an effect that sets
                    // subtypes sets ones its revision lists.
                    for s in &t.subtypes {
                        self.listed(line, s, s)?;
                    }
                    Ok(Some(Change::BecomesTypes(t, pt)))
                }
                Err(e) => self.err(line, e),
            };
        }
        if let Some(sub) = rest.strip_prefix("loses subtype ") {
            self.listed(line, sub.trim(), sub.trim())?;
            return Ok(Some(Change::LosesSubtype(sub.trim().to_string())));
        }
        if let Some(sub) = rest.strip_prefix("gains subtype ") {
            self.listed(line, sub.trim(), sub.trim())?;
            return Ok(Some(Change::GainsSubtype(sub.trim().to_string())));
        }
        for (verb, gains) in [("gains ", true), ("loses ", false)] {
            if let Some(a) = rest.strip_prefix(verb) {
                let ability = match self.keyword(line, a)? {
                    Some(ability) => ability,
                    None => {
                        return self.err(line, format!("unknown ability `{}` (expected protection from Q, hexproof, shroud, indestructible, haste or a combat keyword such as flying, first strike, trample, deathtouch)", a.trim()))
                    }
                };
                return Ok(Some(if gains {
                    Change::Gains(ability)
                } else {
                    Change::Loses(ability)
                }));
            }
        }
        if let Some(pt) = rest.strip_prefix("gets ") {
            return match PowerToughness::parse(pt.trim()) {
                Some(pt) => Ok(Some(Change::Gets(pt))),
                None => self.err(
                    line,
                    format!("expected `gets +N/+N` or `gets -N/-N`, found `gets {pt}`"),
                ),
            };
        }
        Ok(None)
    }

    /// STEP of `go to STEP` and `next turn: STEP`; `form` says where, in the error.
    fn step(&self, line: usize, step: &str, form: &str) -> R<Step> {
        match super::step_named(step) {
            Some(st) => Ok(st),
            None => self.err(
                line,
                format!(
                    "unknown step `{step}`{form} (expected one of: {})",
                    super::STEP_NAMES.map(|(n, _)| n).join(", ")
                ),
            ),
        }
    }

    pub(super) fn label_statement(
        &self,
        line: usize,
        s: &str,
        card: CardId,
        subject: &str,
        rest: &str,
        until_end_of_turn: bool,
    ) -> R<Statement> {
        let modify = |change: Change| -> R<Statement> {
            Ok(Statement::Modify {
                card,
                change,
                until_end_of_turn,
            })
        };
        if let Some(change) = self.one_object_change(line, subject, rest)? {
            return modify(change);
        }
        if until_end_of_turn {
            return self.err(line, "`until end of turn` applies only to becomes, stops being, gains, loses, gets and gains control of");
        }
        if let Some(r) = rest.strip_prefix("deals ") {
            return self.deal_damage(line, card, r);
        }
        if let Some(r) = rest.strip_prefix("is dealt ") {
            let (r, source) = match r.rsplit_once(" damage by ") {
                Some((n, m)) => (format!("{n} damage"), Some(self.label(line, m)?)),
                None => (r.to_string(), None),
            };
            if let Some(n) = r.strip_suffix(" damage") {
                let Some(amount) = number::<i32>(n).filter(|v| *v >= 0) else {
                    return self.err(line, format!("expected a number of damage, found `{n}`"));
                };
                return Ok(Statement::Damage {
                    card,
                    amount,
                    source,
                });
            }
            return self.err(
                line,
                "expected `L is dealt N damage` or `L is dealt N damage by M`",
            );
        }
        self.unknown_verb(line, s, subject)
    }
}

/// What an unknown verb's message says instead of listing every verb (issue #33: the list
/// took seven lines of a terminal).
const VERB_ADVICE: &str =
    "`arbiter help scenario-reference` lists every statement, under \"Actions\"";

/// ` (did you mean `plays`?)` when `word` is one slip from a verb of [`VERBS`].
fn verb_hint(word: &str) -> String {
    let verbs = VERBS
        .split(", ")
        .filter_map(|form| form.split_whitespace().next())
        .filter(|first| first.chars().all(|c| c.is_ascii_lowercase() || c == '/'))
        .flat_map(|v| v.split('/'));
    super::did_you_mean(word, verbs)
}
