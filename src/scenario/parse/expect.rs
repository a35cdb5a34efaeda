//! The `Expect` section: each item one claim about the final board or about an action,
//! with the rule numbers it cites.

use super::*;

impl Reader<'_> {
    pub(super) fn read_expectations(&self, actions: usize) -> R<Vec<Expectation>> {
        let Some(section) = self.section("Expect") else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for item in &section.items {
            let text = normalize(&item.text);
            let mut s = text.to_lowercase();
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
            let claim = self.claim(line, &s, actions, &mut cites)?;
            out.push(Expectation {
                line,
                text,
                claim,
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
        // Player subjects.
        if let Some((player, rest)) = self.player_prefix(s) {
            let rest = rest.trim();
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
                if rest == "has lost the game"
                    || rest == "loses the game"
                    || rest == "lost the game"
                {
                    return Ok(Claim::Lost(player));
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
            "is a creature" => {
                return Ok(Claim::IsCreature {
                    card,
                    negated: false,
                })
            }
            "is not a creature" => {
                return Ok(Claim::IsCreature {
                    card,
                    negated: true,
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
        self.err(line, format!("unknown expectation `{s}` (expected e.g. `L is attached to T`, `L is unattached`, `L is on the battlefield`, `L is in P's graveyard`, `L is in exile`, `L no longer exists`, `L is a creature`, `L is tapped`, `L is controlled by P`, `action N is legal`)"))
    }
}
