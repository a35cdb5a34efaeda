//! Combat in a scenario file: the combat attributes of an object (`attacking`, `blocking`,
//! `blocked`, `had first strike`, `damage order`, the combat keywords and restrictions),
//! the declarations and `combat damage` statements of `Actions`, and the combat claims of
//! `Expect` (`scenario-format.md`, "Combat").

use super::super::statement::Assignment;
use super::*;
use crate::scenario::CardType;

/// The verbs of the combat statements a player takes.
pub(super) const COMBAT_VERBS: [&str; 4] = ["attacks", "blocks", "declares", "orders"];

impl Reader<'_> {
    /// A combat attribute of an object line; `false` when `a` is not one.
    pub(super) fn combat_attribute(&self, line: usize, a: &str, spec: &mut CardSpec) -> R<bool> {
        if let Some(k) = Ability::combat_keyword(a) {
            spec.printed.abilities.push(k);
            return Ok(true);
        }
        let combat = &mut spec.combat;
        match a {
            "attacking" => combat.attacking = Some(None),
            "blocked" => combat.blocked = true,
            "had first strike" | "had double strike" => combat.had_first_strike = true,
            _ => {
                if let Some(t) = a.strip_prefix("attacking ") {
                    combat.attacking = Some(Some(self.target(line, t)?));
                } else if let Some(list) = a.strip_prefix("blocking ") {
                    combat.blocking = self.labels_list(line, list, "blocking LABEL[, LABEL]...")?;
                } else if let Some(list) = a.strip_prefix("damage order ") {
                    combat.damage_order =
                        self.labels_list(line, list, "damage order LABEL[, LABEL]...")?;
                } else {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The combat attributes describe a combat under way: on the battlefield at `step:`
    /// declare attackers through end of combat (511.3 ends it), else an error.
    pub(super) fn check_combat_step(&self, setup: &Setup) -> R<()> {
        if (Step::DeclareAttackers..=Step::EndOfCombat).contains(&setup.step) {
            for spec in setup.cards.iter().filter(|c| c.zone == Zone::Battlefield) {
                self.check_attack_target(setup, spec)?;
            }
            // A blocker blocks attackers (509.1a).
            for spec in setup.cards.iter().filter(|c| c.zone == Zone::Battlefield) {
                for &a in &spec.combat.blocking {
                    let attacker = &setup.cards[a];
                    if attacker.zone != Zone::Battlefield || attacker.combat.attacking.is_none() {
                        return self.err(
                            spec.line,
                            format!(
                                "`{}` is blocking `{}`, which is not attacking (expected `; attacking [T]` on `{}`'s line)",
                                spec.label, attacker.label, attacker.label
                            ),
                        );
                    }
                    // Only the player it attacks (or whose planeswalker it attacks, or the
                    // protector of the battle it attacks) blocks it (509.1a, 310.8c).
                    let blocker = spec.controller.unwrap_or(spec.owner);
                    let defender = defender_of(setup, attacker);
                    if defender != Some(blocker) {
                        return self.err(
                            spec.line,
                            format!(
                                "`{}` is blocking `{}`, but `{}` attacks {} and only {} may block it (509.1a, 310.8c) (expected a blocker controlled by the player defending against `{}`)",
                                spec.label,
                                attacker.label,
                                attacker.label,
                                match attacker.combat.attacking.flatten() {
                                    Some(Target::Card(c)) => format!("`{}`", setup.cards[c].label),
                                    _ => defender.map(|p| setup.players[p].clone()).unwrap_or_default(),
                                },
                                defender.map(|p| setup.players[p].clone()).unwrap_or_default(),
                                attacker.label
                            ),
                        );
                    }
                }
            }
            for (i, spec) in setup.cards.enumerate() {
                self.check_damage_order(setup, i, spec)?;
            }
            return Ok(());
        }
        for spec in setup.cards.iter().filter(|c| c.zone == Zone::Battlefield) {
            let c = &spec.combat;
            let used = [
                ("attacking", c.attacking.is_some()),
                ("blocking", !c.blocking.is_empty()),
                ("blocked", c.blocked),
                ("had first strike", c.had_first_strike),
                ("damage order", !c.damage_order.is_empty()),
            ];
            if let Some((word, _)) = used.iter().find(|(_, on)| *on) {
                return self.err(
                    spec.line,
                    format!(
                        "`{word}` describes a combat under way, but `step:` is {} (expected `step:` declare attackers through end of combat, or declare the combat in `## Actions`)",
                        setup.step
                    ),
                );
            }
        }
        Ok(())
    }

    /// What an attacker on the board attacks is one of its controller's opponents, a
    /// planeswalker another player controls or a battle another player protects (506.2,
    /// 310.8b); `attacking` alone needs a single opponent to attack.
    fn check_attack_target(&self, setup: &Setup, spec: &CardSpec) -> R<()> {
        let Some(t) = spec.combat.attacking else {
            if spec.combat.blocked {
                return self.err(
                    spec.line,
                    format!(
                        "`{}` is `blocked` but not attacking: only an attacker is blocked (509.1h) (expected `; attacking [T]` on its line, or no `blocked`)",
                        spec.label
                    ),
                );
            }
            return Ok(());
        };
        let controller = spec.controller.unwrap_or(spec.owner);
        let who = |p: PlayerId| setup.players[p].clone();
        let wrong = |why: String| {
            self.err(
                spec.line,
                format!(
                    "`{}` can't be attacking {why} (expected `attacking player NAME` naming an opponent of {}, or the label of a planeswalker or battle another player controls or protects)",
                    spec.label,
                    who(controller)
                ),
            )
        };
        match t {
            None if setup.players.len() > 2 => wrong(format!(
                "without a target: {} has {} opponents (`attacking` alone attacks the only opponent)",
                who(controller),
                setup.players.len() - 1
            )),
            None => Ok(()),
            Some(Target::Player(p)) if p == controller => {
                wrong(format!("its own controller, {} (506.2)", who(p)))
            }
            Some(Target::Player(_)) => Ok(()),
            Some(Target::Card(c)) => {
                let target = &setup.cards[c];
                let tl = &target.printed.type_line;
                if target.zone != Zone::Battlefield {
                    wrong(format!("`{}`, which is not on the battlefield", target.label))
                } else if tl.types.contains(&CardType::Battle) {
                    if target.protector == Some(controller) {
                        wrong(format!("`{}`, a battle it protects (310.8b)", target.label))
                    } else {
                        Ok(())
                    }
                } else if tl.types.contains(&CardType::Planeswalker) {
                    if target.controller.unwrap_or(target.owner) == controller {
                        wrong(format!("`{}`, a planeswalker {} controls (506.2)", target.label, who(controller)))
                    } else {
                        Ok(())
                    }
                } else {
                    wrong(format!("`{}`, which is neither a planeswalker nor a battle (506.3)", target.label))
                }
            }
        }
    }

    /// A `damage order` orders exactly the creatures blocking the attacker (509.2), or the
    /// attackers the blocker blocks (509.3), each once.
    fn check_damage_order(&self, setup: &Setup, i: CardId, spec: &CardSpec) -> R<()> {
        let order = &spec.combat.damage_order;
        if order.is_empty() || spec.zone != Zone::Battlefield {
            return Ok(());
        }
        let (mut expected, what): (Vec<CardId>, &str) = if spec.combat.attacking.is_some() {
            let blockers = setup
                .cards
                .enumerate()
                .filter(|(_, b)| b.zone == Zone::Battlefield && b.combat.blocking.contains(&i))
                .map(|(b, _)| b)
                .collect();
            (blockers, "the creatures blocking it (509.2)")
        } else {
            (
                spec.combat.blocking.clone(),
                "the attackers it blocks (509.3)",
            )
        };
        let mut given = order.clone();
        expected.sort_unstable();
        given.sort_unstable();
        if given == expected {
            return Ok(());
        }
        let names = |list: &[CardId]| {
            list.iter()
                .map(|&c| format!("`{}`", setup.cards[c].label))
                .collect::<Vec<_>>()
                .join(", ")
        };
        self.err(
            spec.line,
            format!(
                "the damage order of `{}` names {}, but {what} are {} (expected `damage order` to list each of them once)",
                spec.label,
                names(order),
                if expected.is_empty() { "none".to_string() } else { names(&expected) }
            ),
        )
    }

    /// `L, L and L`: labels, at least one.
    fn labels_list(&self, line: usize, list: &str, form: &str) -> R<Vec<CardId>> {
        let mut out = Vec::new();
        for part in list.split(',').flat_map(|p| p.split(" and ")) {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            out.push(self.label(line, part)?);
        }
        if out.is_empty() {
            return self.err(line, format!("expected `{form}`"));
        }
        Ok(out)
    }

    /// A combat statement of player `player` (`rest` follows the name); `None` when the
    /// verb is not a combat verb.
    pub(super) fn combat_statement(
        &self,
        line: usize,
        player: PlayerId,
        rest: &str,
    ) -> R<Option<Statement>> {
        if let Some(list) = rest.strip_prefix("attacks with ") {
            let form = "P attacks with L [attacking T][, L [attacking T]]...";
            let mut attackers = Vec::new();
            for part in list.split(',').flat_map(|p| p.split(" and ")) {
                let part = part.trim();
                if part.is_empty() {
                    continue;
                }
                let (l, t) = match part.split_once(" attacking ") {
                    Some((l, t)) => (l, Some(self.target(line, t)?)),
                    None => (part, None),
                };
                attackers.push((self.label(line, l)?, t));
            }
            if attackers.is_empty() {
                return self.err(line, format!("expected `{form}`"));
            }
            return Ok(Some(Statement::Attack { player, attackers }));
        }
        if rest == "declares no blockers" || rest == "declares no blocks" {
            return Ok(Some(Statement::Block {
                player,
                blocks: Vec::new(),
            }));
        }
        if let Some(list) = rest.strip_prefix("blocks ") {
            let form = "P blocks A with B[, B]...[; A with B[, B]...]...";
            let mut blocks = Vec::new();
            for part in list.split(';') {
                let part = part.trim();
                if part.is_empty() {
                    continue;
                }
                let Some((a, bs)) = part.split_once(" with ") else {
                    return self.err(line, format!("expected `{form}`, found `{part}`"));
                };
                blocks.push((self.label(line, a)?, self.labels_list(line, bs, form)?));
            }
            if blocks.is_empty() {
                return self.err(line, format!("expected `{form}`"));
            }
            return Ok(Some(Statement::Block { player, blocks }));
        }
        if let Some(body) = rest.strip_prefix("orders ") {
            let form = "P orders blockers of A: B, B... or P orders attackers of B: A, A...";
            let body = body
                .strip_prefix("blockers of ")
                .or_else(|| body.strip_prefix("attackers of "));
            let Some((of, list)) = body.and_then(|b| b.split_once(':')) else {
                return self.err(line, format!("expected `{form}`"));
            };
            return Ok(Some(Statement::Order {
                player,
                of: self.label(line, of)?,
                order: self.labels_list(line, list, form)?,
            }));
        }
        if rest.starts_with("declares ") {
            return self.err(
                line,
                format!("expected `P declares no blockers`, found `{rest}`"),
            );
        }
        Ok(None)
    }

    /// `combat damage[: L assigns N to X[, N to X]...[; L assigns ...]...]`.
    pub(super) fn combat_damage(&self, line: usize, s: &str) -> R<Option<Statement>> {
        let Some(rest) = s.strip_prefix("combat damage") else {
            return Ok(None);
        };
        let rest = rest.trim();
        if rest.is_empty() {
            return Ok(Some(Statement::CombatDamage(Vec::new())));
        }
        let form = "combat damage: L assigns N to X[, N to X]...[; L assigns ...]...";
        let Some(list) = rest.strip_prefix(':') else {
            return self.err(line, format!("expected `{form}`, found `{s}`"));
        };
        let mut out: Vec<Assignment> = Vec::new();
        for part in list.split(';') {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let Some((l, amounts)) = part.split_once(" assigns ") else {
                return self.err(
                    line,
                    format!("expected `L assigns N to X[, N to X]...`, found `{part}`"),
                );
            };
            let source = self.label(line, l)?;
            if out.iter().any(|a| a.source == source) {
                return self.err(
                    line,
                    format!("`{}` assigns twice (expected each creature once)", l.trim()),
                );
            }
            let mut assignment = Assignment {
                source,
                amounts: Vec::new(),
            };
            for piece in amounts.split(',').flat_map(|p| p.split(" and ")) {
                let piece = piece.trim();
                if piece.is_empty() {
                    continue;
                }
                let Some((n, x)) = piece.split_once(" to ") else {
                    return self.err(line, format!("expected `N to X`, found `{piece}`"));
                };
                let Some(n) = number::<i32>(n).filter(|n| *n >= 0) else {
                    return self.err(
                        line,
                        format!("expected a number of damage of 0 or more, found `{n}`"),
                    );
                };
                assignment.amounts.push((n, self.target(line, x)?));
            }
            if assignment.amounts.is_empty() {
                return self.err(line, format!("expected `N to X` after `{l} assigns`"));
            }
            out.push(assignment);
        }
        if out.is_empty() {
            return self.err(line, format!("expected `{form}`"));
        }
        Ok(Some(Statement::CombatDamage(out)))
    }

    /// A combat claim about `card` (`rest` follows its label); `None` when it is not one.
    pub(super) fn combat_claim(&self, line: usize, card: CardId, rest: &str) -> R<Option<Claim>> {
        let claim = match rest {
            "is attacking" => Claim::Attacking {
                card,
                target: None,
                negated: false,
            },
            "is not attacking" => Claim::Attacking {
                card,
                target: None,
                negated: true,
            },
            "is blocking" => Claim::Blocking {
                card,
                attacker: None,
                negated: false,
            },
            "is not blocking" => Claim::Blocking {
                card,
                attacker: None,
                negated: true,
            },
            "is blocked" => Claim::Blocked {
                card,
                negated: false,
            },
            "is unblocked" | "is not blocked" => Claim::Blocked {
                card,
                negated: true,
            },
            "has no damage" => Claim::Damage { card, n: 0 },
            _ => {
                if let Some(t) = rest.strip_prefix("is attacking ") {
                    Claim::Attacking {
                        card,
                        target: Some(self.target(line, t)?),
                        negated: false,
                    }
                } else if let Some(a) = rest.strip_prefix("is blocking ") {
                    Claim::Blocking {
                        card,
                        attacker: Some(self.label(line, a)?),
                        negated: false,
                    }
                } else if let Some(words) = rest
                    .strip_prefix("has ")
                    .and_then(|r| {
                        r.strip_suffix(" counters")
                            .or_else(|| r.strip_suffix(" counter"))
                    })
                    .and_then(|r| r.split_once(' '))
                {
                    let (n, kind) = words;
                    match (number::<i32>(n), super::counter_kind(kind.trim())) {
                        (Some(n), Some(kind)) => Claim::Counters { card, kind, n },
                        _ => {
                            return self.err(
                                line,
                                format!("expected `L has N C counters` (C: +1/+1, -1/-1, loyalty, defense), found `{rest}`"),
                            )
                        }
                    }
                } else if let Some(n) = rest
                    .strip_prefix("has ")
                    .and_then(|r| r.strip_suffix(" damage"))
                    .filter(|n| !n.contains(' '))
                {
                    match number::<i32>(n) {
                        Some(n) => Claim::Damage { card, n },
                        None => {
                            return self
                                .err(line, format!("expected `L has N damage`, found `{rest}`"))
                        }
                    }
                } else {
                    return Ok(None);
                }
            }
        };
        Ok(Some(claim))
    }
}

/// The player defending against an attacker on the board (508.5): the player it attacks,
/// the controller of the planeswalker or the protector of the battle it attacks; with
/// `attacking` alone, its controller's only opponent.
fn defender_of(setup: &Setup, attacker: &CardSpec) -> Option<PlayerId> {
    let controller = attacker.controller.unwrap_or(attacker.owner);
    match attacker.combat.attacking? {
        None => match setup.players.len() {
            2 => setup.players.ids().find(|&p| p != controller),
            _ => None,
        },
        Some(Target::Player(p)) => Some(p),
        Some(Target::Card(c)) => {
            let t = &setup.cards[c];
            if t.printed.type_line.types.contains(&CardType::Battle) {
                t.protector
            } else {
                Some(t.controller.unwrap_or(t.owner))
            }
        }
    }
}
