//! `replacement:` attributes and the `enters tapped` and `enters with N C counters`
//! attributes (scenario-format.md, "Replacement and prevention effects"): entering
//! (614.1c, 614.1d), destinations (614.1a) and counters (614.1a, 614.16). Damage
//! (`if SOURCE would deal damage …`) and `prevention:` are read elsewhere (issue #27b).

use super::statics::Written;
use super::*;
use crate::scenario::effect::Subject;
use crate::scenario::engine::replace::ability::{
    Counts, Destination, Replacement, ReplacementAbility,
};

const FORMS: &str = "`SUBJECT enter tapped`, `SUBJECT enter with an additional C counter`, `SUBJECT enter as a copy of this creature`, `if a card or token would be put into a graveyard from anywhere, exile it instead`, `if this would die, exile it instead`, `if one or more +1/+1 counters would be put on a creature you control, that many plus 1 +1/+1 counters are put on it instead`";

impl Reader<'_> {
    /// `replacement: REPLACEMENT`.
    pub(super) fn replacement(&self, line: usize, text: &str) -> R<ReplacementAbility> {
        let text = text.trim().trim_end_matches('.').to_lowercase();
        let t = text.as_str();
        let effect = if t.contains(" would deal damage") {
            // Damage replacement: helper 26 (issue #27b) fills this branch.
            return self.err(
                line,
                "`replacement: if SOURCE would deal damage …` is version 3 that this build of the checker doesn't play yet",
            );
        } else if let Some(rest) = t.strip_prefix("if ") {
            self.conditional(line, rest)?
        } else {
            self.entering(line, t)?
        };
        Ok(ReplacementAbility {
            text: text.clone(),
            effect,
        })
    }

    /// The attributes `enters tapped` and `enters with N C counters`: the permanent's own.
    pub(super) fn own_replacement(&self, line: usize, a: &str) -> R<Option<ReplacementAbility>> {
        if a != "enters tapped" && !a.starts_with("enters with ") {
            return Ok(None);
        }
        let effect = self.entering(line, &format!("this {}", a))?;
        Ok(Some(ReplacementAbility {
            text: a.to_string(),
            effect,
        }))
    }

    /// `SUBJECT enter[s] tapped | with … counters | as a copy of this …` (614.1c, 614.1d).
    fn entering(&self, line: usize, t: &str) -> R<Replacement> {
        let Some((subject, rest)) = t.split_once(" enters ").or_else(|| t.split_once(" enter "))
        else {
            return self.err(
                line,
                format!("expected a replacement effect such as {FORMS}, found `{t}`"),
            );
        };
        let words: Vec<&str> = subject.split_whitespace().collect();
        let subject = self.subject(line, &words, Written::Static)?;
        if rest == "tapped" {
            return Ok(Replacement::EntersTapped(subject));
        }
        if let Some(copy) = rest.strip_prefix("as a copy of this") {
            if !matches!(copy.trim(), "" | "creature" | "permanent") {
                return self.err(
                    line,
                    format!(
                        "expected `enter as a copy of this [creature | permanent]`, found `{rest}`"
                    ),
                );
            }
            return Ok(Replacement::EntersAsCopy(subject));
        }
        if let Some(with) = rest.strip_prefix("with ") {
            let (n, kind) = self.counters_written(line, with)?;
            return Ok(Replacement::EntersWith { subject, n, kind });
        }
        self.err(line, format!("expected `tapped`, `with N C counters` or `as a copy of this creature` after `enter`, found `{rest}`"))
    }

    /// `(an | N) [additional] C counter[s]`.
    fn counters_written(&self, line: usize, s: &str) -> R<(i32, CounterKind)> {
        let words: Vec<&str> = s
            .split_whitespace()
            .filter(|w| *w != "additional")
            .collect();
        let n = match words.first() {
            Some(&("a" | "an")) => Some(1),
            Some(w) => w.parse::<i32>().ok().filter(|n| *n >= 0),
            None => None,
        };
        let kind = words.get(1).and_then(|k| counter_kind(k));
        let noun = matches!(words.get(2), Some(&("counter" | "counters"))) && words.len() == 3;
        match (n, kind, noun) {
            (Some(n), Some(kind), true) => Ok((n, kind)),
            _ => self.err(
                line,
                format!("expected `N C counters` (C: +1/+1, -1/-1, loyalty, defense), found `{s}`"),
            ),
        }
    }

    /// `if … would be put into … graveyard …`, `if … would die`, `if … counters would be put …`.
    fn conditional(&self, line: usize, rest: &str) -> R<Replacement> {
        let Some((condition, instead)) = rest.split_once(", ") else {
            return self.err(
                line,
                format!("expected `if EVENT, INSTEAD`, found `if {rest}`"),
            );
        };
        if condition.contains(" counter") {
            return self.counter_replacement(line, condition, instead);
        }
        let instead = self.destination(line, instead)?;
        if let Some(what) = condition.strip_suffix(" would die") {
            let subject = match what {
                "this" => Subject::This,
                "enchanted creature" | "equipped creature" => Subject::Attached,
                _ => Subject::Filter(self.filter_noun(line, strip_article(what))?),
            };
            return Ok(Replacement::Dies { subject, instead });
        }
        for (what, tokens) in [("a card or token", true), ("a card", false)] {
            let Some(into) = condition.strip_prefix(what) else {
                continue;
            };
            let opponents = match into {
                " would be put into a graveyard from anywhere" => false,
                " would be put into an opponent's graveyard from anywhere" => true,
                _ => continue,
            };
            return Ok(Replacement::Graveyard {
                tokens,
                opponents,
                instead,
            });
        }
        self.err(line, format!("expected `if (a card | a card or token) would be put into (a | an opponent's) graveyard from anywhere` or `if (this | enchanted creature | FILTER) would die`, found `if {condition}`"))
    }

    /// DEST: `exile it`, `return it to its owner's hand`, `shuffle it into its owner's
    /// library`, each with `instead` before or after.
    fn destination(&self, line: usize, s: &str) -> R<Destination> {
        let s = s.trim();
        let s = s
            .strip_suffix(" instead")
            .or_else(|| s.strip_prefix("instead "))
            .unwrap_or(s);
        match s {
            "exile it" => Ok(Destination::Exile),
            "return it to its owner's hand" => Ok(Destination::Hand),
            "shuffle it into its owner's library" => Ok(Destination::Library),
            _ => self.err(line, format!("expected `exile it`, `return it to its owner's hand` or `shuffle it into its owner's library`, then `instead`, found `{s}`")),
        }
    }

    /// `[an effect would put] one or more [C] counters [would be put] on X, COUNTS instead`
    /// (614.1a, 614.16, 122.6).
    fn counter_replacement(&self, line: usize, condition: &str, instead: &str) -> R<Replacement> {
        let (kind_and_on, by_effect) =
            match condition.strip_prefix("an effect would put one or more ") {
                Some(r) => (r.to_string(), true),
                None => match condition.strip_prefix("one or more ") {
                    Some(r) => (r.replacen(" would be put on ", " on ", 1), false),
                    None => return self.err(line, format!("expected `if one or more [C] counters would be put on …` or `if an effect would put one or more [C] counters on …`, found `if {condition}`")),
                },
            };
        let _ = by_effect; // Every counter is put by an effect in version 3.
        let Some((kind, on)) = kind_and_on.split_once(" on ") else {
            return self.err(
                line,
                format!("expected `counters … on FILTER`, found `if {condition}`"),
            );
        };
        let kind = match kind.trim().strip_suffix("counters").map(str::trim) {
            Some("") => None,
            Some(k) => match counter_kind(k) {
                Some(k) => Some(k),
                None => {
                    return self.err(
                        line,
                        format!(
                            "unknown counter kind `{k}` (expected +1/+1, -1/-1, loyalty, defense)"
                        ),
                    )
                }
            },
            None => return self.err(line, format!("expected `[C] counters`, found `{kind}`")),
        };
        let on = match on.trim() {
            "this" => Subject::This,
            "enchanted creature" | "equipped creature" => Subject::Attached,
            f => Subject::Filter(self.filter_noun(line, strip_article(f))?),
        };
        let counts = self.counts(line, instead)?;
        Ok(Replacement::Counters { kind, on, counts })
    }

    /// COUNTS.
    fn counts(&self, line: usize, s: &str) -> R<Counts> {
        let s = s.trim().strip_suffix(" instead").unwrap_or(s.trim());
        if s.starts_with("twice that many ") || s.starts_with("it puts twice that many ") {
            return Ok(Counts::Twice);
        }
        let plus = s
            .strip_prefix("that many plus ")
            .or_else(|| s.strip_prefix("it puts that many plus "));
        if let Some(n) = plus.and_then(|r| r.split_whitespace().next()) {
            if let Some(n) = n.parse::<i32>().ok().filter(|n| *n >= 0) {
                return Ok(Counts::Plus(n));
            }
        }
        self.err(line, format!("expected `that many plus N [C] counters are put on it` or `twice that many counters are put on it` (or `it puts …`), then `instead`, found `{s}`"))
    }
}

/// `a creature you control` → `creature you control`.
fn strip_article(s: &str) -> &str {
    s.strip_prefix("a ")
        .or_else(|| s.strip_prefix("an "))
        .unwrap_or(s)
}
