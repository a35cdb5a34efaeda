//! The damage forms of `replacement:`, every `prevention:`, the statements `regenerate L`
//! and `prevent …`, and the suffixes `(P applies: …)` and `(P prevents first: …)`
//! (scenario-format.md, "Replacement and prevention effects").

use super::statics::Written as Where;
use super::*;
use crate::scenario::effect::{Control, Subject};
use crate::scenario::engine::prevent::{
    Change, DamageRule, NameRef, RecipientSpec, ShieldSpec, Shielded, SourceSpec, Written,
};

const PREVENTION_FORMS: &str = "expected `prevent all [combat] damage that would be dealt to RECIPIENT`, `prevent all [combat] damage that (this | SUBJECT) would deal` or `if a source would deal damage to RECIPIENT, prevent N of that damage`";

impl Reader<'_> {
    /// `prevention: PREVENTION` (615.1a, 615.10).
    pub(super) fn prevention_rule(&self, line: usize, text: &str) -> R<DamageRule> {
        let t = text.trim().trim_end_matches('.').to_lowercase();
        let rule = |source, to, combat_only, change| DamageRule {
            text: t.clone(),
            written: Written::Prevention,
            source,
            to,
            combat_only,
            change,
        };
        let any = SourceSpec::Any {
            color: None,
            control: Control::Any,
        };
        if let Some(rest) = t.strip_prefix("prevent all ") {
            let (combat, rest) = match rest.strip_prefix("combat ") {
                Some(r) => (true, r),
                None => (false, rest),
            };
            if let Some(x) = rest.strip_prefix("damage that would be dealt to ") {
                return Ok(rule(
                    any,
                    self.recipient(line, x)?,
                    combat,
                    Change::PreventAll,
                ));
            }
            if let Some(x) = rest
                .strip_prefix("damage that ")
                .and_then(|r| r.strip_suffix(" would deal"))
            {
                let source = SourceSpec::Subject(self.static_subject(line, x)?);
                return Ok(rule(
                    source,
                    RecipientSpec::Anything,
                    combat,
                    Change::PreventAll,
                ));
            }
        }
        if let Some(rest) = t.strip_prefix("if a source would deal damage to ") {
            if let Some((x, n)) = rest.split_once(", prevent ") {
                if let Some(n) = n
                    .strip_suffix(" of that damage")
                    .and_then(|n| n.parse().ok())
                {
                    return Ok(rule(
                        any,
                        self.recipient(line, x)?,
                        false,
                        Change::Prevent(n),
                    ));
                }
            }
        }
        self.err(line, format!("{PREVENTION_FORMS}, found `{t}`"))
    }

    /// `replacement: if SOURCE would deal damage [to RECIPIENT], it deals …` (614.1a,
    /// 614.2); `None` when the text isn't about damage.
    pub(super) fn damage_replacement(&self, line: usize, text: &str) -> Option<R<DamageRule>> {
        let t = text.trim().trim_end_matches('.').to_lowercase();
        let rest = t.strip_prefix("if ")?;
        let (source, rest) = rest.split_once(" would deal damage")?;
        Some(self.damage_replacement_rest(line, &t, source, rest))
    }

    fn damage_replacement_rest(
        &self,
        line: usize,
        t: &str,
        source: &str,
        rest: &str,
    ) -> R<DamageRule> {
        let form = "expected `if SOURCE would deal damage [to RECIPIENT], it deals (double that damage | that much damage plus N) [to that permanent or player] instead`";
        let Some((to, change)) = rest.split_once(", it deals ") else {
            return self.err(line, format!("{form}, found `{t}`"));
        };
        let to = match to.trim().strip_prefix("to ") {
            Some(x) => self.recipient(line, x)?,
            None if to.trim().is_empty() => RecipientSpec::Anything,
            None => return self.err(line, format!("{form}, found `{t}`")),
        };
        let change = change
            .trim_end_matches(" instead")
            .trim_end_matches(" to that permanent or player")
            .trim_end_matches(" to that creature")
            .trim_end_matches(" to that player");
        let change = if change == "double that damage" {
            Change::Double
        } else if let Some(n) = change
            .strip_prefix("that much damage plus ")
            .and_then(|n| n.parse().ok())
        {
            Change::Plus(n)
        } else {
            return self.err(line, format!("{form}, found `{t}`"));
        };
        Ok(DamageRule {
            text: t.to_string(),
            written: Written::Replacement,
            source: self.damage_source_spec(line, source)?,
            to,
            combat_only: false,
            change,
        })
    }

    /// SOURCE: `a [COLOR] source [CONTROL]`, `this`, or a FILTER.
    fn damage_source_spec(&self, line: usize, s: &str) -> R<SourceSpec> {
        let s = s.trim();
        let words: Vec<&str> = s.split_whitespace().collect();
        if let Some(i) = words.iter().position(|w| *w == "source") {
            if matches!(words.first(), Some(&("a" | "an"))) && i <= 2 {
                let color = match &words[1..i] {
                    [] => None,
                    [c] => match Color::from_word(c) {
                        Some(c) => Some(c),
                        None => {
                            return self.err(
                                line,
                                format!("expected a color before `source`, found `{c}`"),
                            )
                        }
                    },
                    _ => {
                        return self.err(
                            line,
                            format!("expected `a [COLOR] source [CONTROL]`, found `{s}`"),
                        )
                    }
                };
                let control = match words[i + 1..].join(" ").as_str() {
                    "" => Control::Any,
                    "you control" => Control::You,
                    "an opponent controls" | "your opponents control" => Control::Opponents,
                    other => return self.err(line, format!("expected `you control` or `an opponent controls` after `source`, found `{other}`")),
                };
                return Ok(SourceSpec::Any { color, control });
            }
        }
        Ok(SourceSpec::Subject(self.static_subject(line, s)?))
    }

    /// RECIPIENT, or a SUBJECT.
    fn recipient(&self, line: usize, s: &str) -> R<RecipientSpec> {
        Ok(match s.trim() {
            "a permanent or player" | "any permanent or player" => RecipientSpec::Anything,
            "a player" => RecipientSpec::Player,
            "an opponent" => RecipientSpec::Opponent,
            "you" => RecipientSpec::You,
            "an opponent or a permanent an opponent controls" => RecipientSpec::OpponentOrTheirs,
            x => RecipientSpec::Subject(Box::new(self.static_subject(line, x)?)),
        })
    }

    /// `this`, a label, `enchanted creature`, `a FILTERNOUN` or a SUBJECT.
    fn static_subject(&self, line: usize, s: &str) -> R<Subject> {
        let s = s.trim();
        let s = s
            .strip_prefix("a ")
            .or_else(|| s.strip_prefix("an "))
            .unwrap_or(s);
        let words: Vec<&str> = s.split_whitespace().collect();
        self.subject(line, &words, Where::Static)
    }

    /// `regenerate L` and the `prevent …` statements; `None` for any other statement.
    pub(super) fn shield_statement(&self, line: usize, s: &str) -> Option<R<ShieldSpec>> {
        if let Some(l) = s.strip_prefix("regenerate ") {
            return Some(self.label(line, l).map(ShieldSpec::Regenerate));
        }
        let rest = s.strip_prefix("prevent ")?;
        Some(self.prevent_statement(line, s, rest))
    }

    fn prevent_statement(&self, line: usize, s: &str, rest: &str) -> R<ShieldSpec> {
        let form = "expected `prevent the next N damage that would be dealt to X this turn`, `prevent all [combat] damage that would be dealt [to X] this turn` or `prevent all [combat] damage M would deal this turn`";
        let Some(rest) = rest.strip_suffix(" this turn") else {
            return self.err(line, format!("{form}, found `{s}`"));
        };
        if let Some(r) = rest.strip_prefix("the next ") {
            let parsed = r
                .split_once(" damage that would be dealt to ")
                .and_then(|(n, x)| n.parse().ok().map(|n| (n, x)));
            let Some((n, x)) = parsed else {
                return self.err(line, format!("{form}, found `{s}`"));
            };
            return Ok(ShieldSpec::Next {
                to: self.shielded(line, x)?,
                n,
            });
        }
        let Some(r) = rest.strip_prefix("all ") else {
            return self.err(line, format!("{form}, found `{s}`"));
        };
        let (combat_only, r) = match r.strip_prefix("combat ") {
            Some(r) => (true, r),
            None => (false, r),
        };
        if r == "damage that would be dealt" {
            return Ok(ShieldSpec::AllTo {
                to: None,
                combat_only,
            });
        }
        if let Some(x) = r.strip_prefix("damage that would be dealt to ") {
            let to = Some(self.shielded(line, x)?);
            return Ok(ShieldSpec::AllTo { to, combat_only });
        }
        if let Some(m) = r
            .strip_prefix("damage ")
            .and_then(|m| m.strip_suffix(" would deal"))
        {
            let source = self.label(line, m)?;
            return Ok(ShieldSpec::AllFrom {
                source,
                combat_only,
            });
        }
        self.err(line, format!("{form}, found `{s}`"))
    }

    /// X of a shield statement: a label, `player NAME`, or a set.
    fn shielded(&self, line: usize, x: &str) -> R<Shielded> {
        let x = x.trim();
        if x.starts_with("player ") || self.labels.contains_key(x) || self.player(line, x).is_ok() {
            return Ok(match self.target(line, x)? {
                Target::Card(c) => Shielded::Card(c),
                Target::Player(p) => Shielded::Player(p),
            });
        }
        let words: Vec<&str> = x.split_whitespace().collect();
        Ok(Shielded::Set(self.subject(line, &words, Where::Action)?))
    }

    /// `(P prevents first: M, M...)` (615.7).
    pub(super) fn prevents_first(
        &self,
        line: usize,
        p: &str,
        names: &str,
    ) -> R<(PlayerId, Vec<CardId>)> {
        let player = self.player(line, p)?;
        let mut out = Vec::new();
        for n in names.split(',').flat_map(|n| n.split(" and ")) {
            if !n.trim().is_empty() {
                out.push(self.label(line, n)?);
            }
        }
        Ok((player, out))
    }

    /// `(P applies: E, E...)` (616.1): names of replacement and prevention effects.
    pub(super) fn applies_names(
        &self,
        line: usize,
        p: &str,
        names: &str,
    ) -> R<(PlayerId, Vec<NameRef>)> {
        let player = self.player(line, p)?;
        let mut out = Vec::new();
        for n in names.split(',').flat_map(|n| n.split(" and ")) {
            let n = n.trim();
            if !n.is_empty() {
                out.push(self.effect_name(line, n)?);
            }
        }
        Ok((player, out))
    }

    /// `L`, `L's replacement [N]`, `L's prevention [N]`, `L's protection`, `action N`,
    /// `L's trigger [N]`.
    fn effect_name(&self, line: usize, n: &str) -> R<NameRef> {
        if let Some(k) = n.strip_prefix("action ").and_then(|k| k.parse().ok()) {
            return Ok(NameRef::Action(k));
        }
        let Some((l, what)) = n.split_once("'s ") else {
            return Ok(NameRef::Label(self.label(line, n)?));
        };
        let c = self.label(line, l)?;
        let (word, k) = match what.split_once(' ') {
            Some((w, k)) => match k.parse() {
                Ok(k) => (w, Some(k)),
                Err(_) => {
                    return self.err(line, format!("expected a number after `{w}`, found `{k}`"))
                }
            },
            None => (what, None),
        };
        Ok(match word {
            "replacement" => NameRef::Rule(c, Written::Replacement, k),
            "prevention" => NameRef::Rule(c, Written::Prevention, k),
            "protection" => NameRef::Protection(c),
            "trigger" => NameRef::Trigger(c, k),
            _ => return self.err(line, format!("expected `{l}'s replacement N`, `{l}'s prevention N`, `{l}'s protection`, `{l}'s trigger N` or `action N`, found `{n}`")),
        })
    }
}

/// `regenerate OBJ` and the `prevent …` effects of a trigger: OBJ and the shield.
pub(super) fn shield_effect(
    e: &str,
) -> Option<(&str, crate::scenario::engine::triggered::ShieldKind)> {
    use crate::scenario::engine::triggered::ShieldKind as K;
    if let Some(obj) = e.strip_prefix("regenerate ") {
        return Some((obj, K::Regenerate));
    }
    let rest = e.strip_prefix("prevent ")?.strip_suffix(" this turn")?;
    if let Some(r) = rest.strip_prefix("the next ") {
        let (n, obj) = r.split_once(" damage that would be dealt to ")?;
        return Some((obj, K::Next(n.parse().ok()?)));
    }
    let r = rest.strip_prefix("all ")?;
    let (combat_only, r) = match r.strip_prefix("combat ") {
        Some(r) => (true, r),
        None => (false, r),
    };
    if let Some(obj) = r.strip_prefix("damage that would be dealt to ") {
        return Some((obj, K::AllTo { combat_only }));
    }
    let obj = r.strip_prefix("damage ")?.strip_suffix(" would deal")?;
    Some((obj, K::AllFrom { combat_only }))
}
