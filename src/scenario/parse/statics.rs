//! The `static:` grammar (`scenario-format.md`, "Static abilities and layers"): `SUBJECT
//! CHANGE[ and CHANGE]...`, read into an [`Effect`] whose parts each name their layer.
//! The same grammar reads one-shot effects on sets in `Actions` (`all creatures get
//! -1/-1`), where `you` is an error and `P controls` names the player.

use std::collections::BTreeSet;

use super::*;
use crate::scenario::card::{singular, CardType, Supertype};
use crate::scenario::effect::{Control, Effect, Filter, Noun, Part, Subject, Word};
use crate::scenario::engine::layers::subtypes;

/// The verbs a CHANGE starts with, either agreement.
const CHANGE_VERBS: [&str; 10] = [
    "get", "gets", "have", "has", "gain", "gains", "are", "is", "lose", "loses",
];

/// Where an effect is written: on an object (`you` is its controller) or in `Actions`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Written {
    Static,
    Action,
}

const EXPECTED_CHANGE: &str = "expected a CHANGE: `get +N/+N`, `have base power and toughness N/N`, `are N/N`, `are TYPES [in addition to their other types]`, `are COLOR`, `are colorless`, `have KEYWORD`, `lose KEYWORD`, `lose all abilities` or `have power and toughness each equal to the number of SUBJECT`";

impl Reader<'_> {
    /// `SUBJECT CHANGE[ and CHANGE]...` (lower-cased).
    pub(super) fn effect(&self, line: usize, text: &str, written: Written) -> R<Effect> {
        let text = text.trim();
        let words: Vec<&str> = text.split_whitespace().collect();
        if written == Written::Action {
            if let Some(w) = words.iter().find(|w| matches!(**w, "you" | "your")) {
                return self.err(line, format!("`{w}` has no meaning in `## Actions` (expected a player's name, e.g. `creatures Alice controls gain hexproof`)"));
            }
        }
        let Some(verb) = words
            .iter()
            .enumerate()
            .skip(1)
            .find(|(_, w)| CHANGE_VERBS.contains(w))
            .map(|(i, _)| i)
        else {
            return self.err(
                line,
                format!("expected `SUBJECT CHANGE` in `{text}`: {EXPECTED_CHANGE}"),
            );
        };
        let subject = self.subject(line, &words[..verb], written)?;
        let mut parts = Vec::new();
        let mut start = verb;
        for i in verb + 1..=words.len() {
            let end = i == words.len();
            if end
                || (words[i] == "and" && words.get(i + 1).is_some_and(|w| CHANGE_VERBS.contains(w)))
            {
                parts.extend(self.change(line, &words[start..i], &subject, written)?);
                start = i + 1;
            }
        }
        Ok(Effect {
            text: text.to_string(),
            subject,
            parts,
        })
    }

    /// SUBJECT.
    pub(super) fn subject(&self, line: usize, words: &[&str], written: Written) -> R<Subject> {
        let joined = words.join(" ");
        match words {
            ["this"] if written == Written::Static => return Ok(Subject::This),
            ["this"] => {
                return self.err(line, "`this` has no meaning in `## Actions` (expected a label or a set such as `all creatures`)")
            }
            [l] if self.labels.contains_key(*l) => return Ok(Subject::Label(self.labels[*l])),
            ["enchanted" | "equipped" | "fortified", _] if written == Written::Static => {
                return Ok(Subject::Attached)
            }
            ["cards", "in", "graveyards"] => return Ok(Subject::Graveyards(Control::Any)),
            ["cards", "in", "your", "graveyard"] if written == Written::Static => {
                return Ok(Subject::Graveyards(Control::You))
            }
            ["cards", "in", whose @ .., "graveyard"] if !whose.is_empty() => {
                let name = whose.join(" ");
                let Some(name) = name.strip_suffix("'s").or_else(|| name.strip_suffix('\'')) else {
                    return self.err(line, format!("expected `cards in graveyards`, `cards in your graveyard` or `cards in P's graveyard`, found `{joined}`"));
                };
                return Ok(Subject::Graveyards(Control::Player(self.player(line, name)?)));
            }
            _ => {}
        }
        let mut i = 0;
        if matches!(words.first(), Some(&("each" | "all"))) {
            i += 1;
        }
        let mut filter = Filter {
            other: false,
            not: Vec::new(),
            not_colors: Vec::new(),
            not_token: false,
            colors: Vec::new(),
            supertypes: Vec::new(),
            also: Vec::new(),
            noun: Noun::Permanent,
            control: Control::Any,
            with: None,
            power_at_least: None,
        };
        if words.get(i) == Some(&"other") {
            filter.other = true;
            i += 1;
        }
        let mut noun = None;
        while let Some(&first) = words.get(i) {
            i += 1;
            if let Some(rest) = first.strip_prefix("non") {
                let w = first;
                let rest = rest.trim_start_matches('-');
                if let Some(c) = Color::from_word(rest) {
                    filter.not_colors.push(c);
                    continue;
                }
                if rest == "token" {
                    filter.not_token = true;
                    continue;
                }
                if super::super::card::near_miss(rest).is_some() {
                    return self.err(
                        line,
                        format!(
                            "`{w}` names no type, supertype, subtype or color{}",
                            typo_hint(rest)
                        ),
                    );
                }
                match Word::parse(&singular(rest)) {
                    Some(Word::Sub(s)) if !subtypes::listed(&s, self.revision) => {
                        return self.err(line, self.unlisted(w, &s))
                    }
                    Some(word) => filter.not.push(word),
                    None => {
                        return self.err(
                            line,
                            format!(
                                "expected a type, supertype, subtype or color after `non` in `{w}`"
                            ),
                        )
                    }
                }
                continue;
            }
            // `Time Lords`: a subtype of two words (205.3m), read as one.
            let two = words
                .get(i)
                .map(|next| format!("{first} {}", singular(next)))
                .filter(|t| subtypes::two_words().any(|w| w == t));
            if let Some(t) = two {
                i += 1;
                if !subtypes::listed(&t, self.revision) {
                    return self.err(line, self.unlisted(&t, &t));
                }
                if before_a_noun(words.get(i).copied()) {
                    filter.also.push(Word::Sub(t));
                    continue;
                }
                noun = Some(Noun::Subtype(t));
                break;
            }
            let w = first;
            if let Some(c) = Color::from_word(w) {
                filter.colors.push(c);
            } else if let Some(s) = Supertype::from_word(w) {
                filter.supertypes.push(s);
            } else if let Some(word) = adjective(w, words.get(i).copied()) {
                if let Word::Sub(s) = &word {
                    if !subtypes::listed(s, self.revision) {
                        return self.err(line, self.unlisted(w, s));
                    }
                }
                filter.also.push(word);
            } else {
                noun = Some(match w {
                    "permanent" | "permanents" => Noun::Permanent,
                    "token" | "tokens" => Noun::Token,
                    _ => match CardType::from_word(w) {
                        Some(t) => Noun::Type(t),
                        None => match Word::parse(&singular(w)) {
                            Some(Word::Sub(s)) if super::super::card::near_miss(w).is_none() => {
                                if !subtypes::listed(&s, self.revision) {
                                    return self.err(line, format!("expected a NOUN in `{joined}` (creatures, lands, artifacts, enchantments, planeswalkers, permanents, tokens or a subtype): {}", self.unlisted(w, &s)));
                                }
                                Noun::Subtype(s)
                            }
                            _ => return self.err(line, format!("expected a NOUN in `{joined}` (creatures, lands, artifacts, enchantments, planeswalkers, permanents, tokens or a subtype), found `{w}`{}", typo_hint(w))),
                        },
                    },
                });
                break;
            }
        }
        let Some(noun) = noun else {
            return self.err(line, format!("expected a SUBJECT (`this`, a label, `enchanted creature` or e.g. `creatures you control`), found `{joined}`"));
        };
        filter.noun = noun;
        let rest = &words[i..];
        let (control, rest) = match rest {
            ["you", "control", r @ ..] if written == Written::Static => (Control::You, r),
            ["your", "opponents", "control", r @ ..] if written == Written::Static => {
                (Control::Opponents, r)
            }
            ["an", "opponent", "controls", r @ ..] if written == Written::Static => {
                (Control::Opponents, r)
            }
            // `P controls`, P's name of one word or more (`Ann Lee controls`).
            r => match r.iter().position(|w| matches!(*w, "controls" | "control")) {
                Some(n) if n > 0 && r[0] != "with" => (
                    Control::Player(self.player(line, &r[..n].join(" "))?),
                    &r[n + 1..],
                ),
                _ => (Control::Any, r),
            },
        };
        filter.control = control;
        match rest {
            [] => {}
            ["with", k @ ..] => match self.keyword(line, &k.join(" "))? {
                Some(a) => filter.with = Some(a),
                None => return self.err(line, format!("unknown keyword `{}` after `with` (expected e.g. hexproof, indestructible, protection from red)", k.join(" "))),
            },
            r => {
                return self.err(line, format!("expected `you control`, `your opponents control`, `P controls` or `with KEYWORD` after the noun, found `{}`", r.join(" ")))
            }
        }
        Ok(Subject::Filter(filter))
    }

    /// Why `written` (read as the subtype `subtype`) names nothing a set can describe: the
    /// rules of the revision played list no such subtype (205.3), with the nearest one
    /// they do list.
    pub(super) fn unlisted(&self, written: &str, subtype: &str) -> String {
        let hint = subtypes::nearest(subtype, self.revision)
            .map(|s| format!("; did you mean `{s}`?"))
            .unwrap_or_default();
        format!(
            "`{written}` is no card type, supertype or color, and the rules of {} list no subtype `{subtype}`{hint}",
            self.revision
        )
    }

    /// `subtype` (as `written`) is one the rules of the revision played list, else an error.
    pub(super) fn listed(&self, line: usize, written: &str, subtype: &str) -> R<()> {
        if subtypes::listed(subtype, self.revision) {
            return Ok(());
        }
        self.err(line, self.unlisted(written, subtype))
    }

    /// A keyword ability as `gains`, `have` and `with` name it; a protection from a subtype
    /// must name one the revision lists (`protection from Goblns` protects from nothing).
    pub(super) fn keyword(&self, line: usize, text: &str) -> R<Option<Ability>> {
        match Ability::keyword(text) {
            Some(Ability::Protection(Quality::Subtype(s))) => {
                let quality = text.strip_prefix("protection from ").unwrap_or(text);
                self.listed(line, quality, &s)?;
                Ok(Some(Ability::Protection(Quality::Subtype(s))))
            }
            other => Ok(other),
        }
    }

    /// One CHANGE: its verb and what follows.
    fn change(
        &self,
        line: usize,
        words: &[&str],
        subject: &Subject,
        written: Written,
    ) -> R<Vec<Part>> {
        let verb = words[0];
        let rest: Vec<&str> = words[1..]
            .iter()
            .map(|w| match *w {
                "its" => "their",
                w => w,
            })
            .collect();
        let body = rest.join(" ");
        let pt = |s: &str| PowerToughness::parse(s);
        match verb {
            "get" | "gets" => match rest.as_slice() {
                [v] if pt(v).is_some() => Ok(vec![Part::Modify(pt(v).unwrap_or(ZERO))]),
                _ => self.err(
                    line,
                    format!("expected `get +N/+N` (any signs), found `{verb} {body}`"),
                ),
            },
            "lose" | "loses" => {
                if body == "all abilities" {
                    return Ok(vec![Part::LoseAll]);
                }
                match self.keyword(line, &body)? {
                    Some(a) => Ok(vec![Part::Lose(a)]),
                    None => self.err(line, format!("unknown keyword `{body}` after `{verb}` (expected `all abilities` or a keyword such as hexproof, indestructible, protection from red)")),
                }
            }
            "have" | "has" | "gain" | "gains" => {
                if let Some(v) = body.strip_prefix("base power and toughness ") {
                    if let Some(p) = pt(v) {
                        return Ok(vec![Part::SetPt(p)]);
                    }
                    if matches!(
                        v,
                        "each equal to their mana value" | "each equal to their mana values"
                    ) {
                        return Ok(vec![Part::SetPtManaValue]);
                    }
                    return self.err(line, format!("expected `base power and toughness N/N` or `base power and toughness each equal to their mana value`, found `{body}`"));
                }
                if let Some(s) =
                    body.strip_prefix("power and toughness each equal to the number of ")
                {
                    if *subject != Subject::This || written != Written::Static {
                        return self.err(line, "a characteristic-defining ability (`have power and toughness each equal to the number of …`) is written with the subject `this` on a static ability (604.3)");
                    }
                    let words: Vec<&str> = s.split_whitespace().collect();
                    let counted = self.subject(line, &words, written)?;
                    return Ok(vec![Part::PtCount(Box::new(counted))]);
                }
                let mut gained = Vec::new();
                for k in body.split(", ").flat_map(|k| k.split(" and ")) {
                    match self.keyword(line, k)? {
                        Some(a) => gained.push(a),
                        None => return self.err(line, format!("unknown keyword `{k}` after `{verb}` (expected e.g. hexproof, shroud, indestructible, haste, protection from red, or `base power and toughness N/N`)")),
                    }
                }
                Ok(vec![Part::Gain(gained)])
            }
            "are" | "is" => self.are(line, &rest),
            _ => self.err(line, EXPECTED_CHANGE),
        }
    }

    /// `are ...`: P/T, colors, types or subtypes.
    fn are(&self, line: usize, rest: &[&str]) -> R<Vec<Part>> {
        let mut words: Vec<&str> = rest.to_vec();
        let mut in_addition = false;
        let tail = ["in", "addition", "to", "their", "other", "types"];
        if words.ends_with(&tail) {
            words.truncate(words.len() - tail.len());
            in_addition = true;
        }
        if matches!(words.first(), Some(&("a" | "an"))) {
            words.remove(0);
        }
        let mut parts = Vec::new();
        if words.as_slice() == ["colorless"] {
            return Ok(vec![Part::Colors(BTreeSet::new())]);
        }
        let mut i = 0;
        if let Some(p) = words.first().and_then(|w| PowerToughness::parse(w)) {
            parts.push(Part::SetPt(p));
            i = 1;
        }
        let mut colors = BTreeSet::new();
        while let Some(c) = words.get(i).and_then(|w| Color::from_word(w)) {
            colors.insert(c);
            i += 1;
            if words.get(i) == Some(&"and") {
                i += 1;
            }
        }
        if !colors.is_empty() {
            parts.push(Part::Colors(colors));
        }
        let mut supertypes = Vec::new();
        let mut types = Vec::new();
        let mut subtypes = Vec::new();
        let mut after_dash = false;
        for w in &words[i..] {
            if *w == "—" {
                after_dash = true;
            } else if !after_dash && Supertype::from_word(w).is_some() {
                supertypes.extend(Supertype::from_word(w));
            } else if !after_dash && CardType::from_word(w).is_some() {
                types.extend(CardType::from_word(w));
            } else if *w == "and" {
            } else if let Some(Word::Sub(s)) = Word::parse(&singular(w)) {
                if super::super::card::near_miss(w).is_some() {
                    return self.err(line, format!("`{w}` is not a type{}", typo_hint(w)));
                }
                self.listed(line, w, &s)?;
                subtypes.push(s);
            } else {
                return self.err(
                    line,
                    format!("expected types, a subtype, colors or N/N after `are`, found `{w}`"),
                );
            }
        }
        if !supertypes.is_empty() || !types.is_empty() || !subtypes.is_empty() {
            parts.push(Part::Types {
                supertypes,
                types,
                subtypes,
                in_addition,
            });
        } else if in_addition {
            return self.err(
                line,
                "expected types before `in addition to their other types`",
            );
        }
        if parts.is_empty() {
            return self.err(line, EXPECTED_CHANGE);
        }
        Ok(parts)
    }
}

const ZERO: PowerToughness = PowerToughness {
    power: 0,
    toughness: 0,
};

impl Reader<'_> {
    /// Whether an `Actions` statement starting with `first`, `second` is a one-shot effect
    /// on a set.
    pub(super) fn is_set_subject(&self, first: &str, second: Option<&str>) -> bool {
        adjective(first, second).is_some()
            || matches!(first, "all" | "each" | "other" | "permanents" | "tokens")
            || (first.starts_with("non") && first.len() > 3)
            || Color::from_word(first).is_some()
            || Supertype::from_word(first).is_some()
            || (CardType::from_word(first).is_some() && first.ends_with('s'))
            || (first == "cards" && second == Some("in"))
    }

    /// The changes of `L CHANGE` that only the `static:` grammar writes (`L is red`, `L
    /// has base power and toughness 1/1`, `L loses all abilities`, `L becomes a copy of
    /// M`, `L becomes colorless`, `L is N/N`); `None` for the older statements.
    pub(super) fn layered_change(
        &self,
        line: usize,
        subject: &str,
        rest: &str,
    ) -> R<Option<Change>> {
        if let Some(m) = rest.strip_prefix("becomes a copy of ") {
            return Ok(Some(Change::BecomesCopy(self.label(line, m)?)));
        }
        if let Some(body) = rest.strip_prefix("becomes ") {
            let words: Vec<&str> = body.split_whitespace().collect();
            let colors: Option<BTreeSet<Color>> = words
                .iter()
                .filter(|w| **w != "and")
                .map(|w| Color::from_word(w.trim_end_matches(',')))
                .collect();
            if body == "colorless" {
                return Ok(Some(Change::Parts(vec![Part::Colors(BTreeSet::new())])));
            }
            return Ok(colors
                .filter(|c| !c.is_empty())
                .map(|c| Change::Parts(vec![Part::Colors(c)])));
        }
        if rest == "loses all abilities" || rest == "lose all abilities" {
            return Ok(Some(Change::Parts(vec![Part::LoseAll])));
        }
        let verb = rest.split_whitespace().next().unwrap_or("");
        let several = rest
            .split(" and ")
            .skip(1)
            .any(|w| CHANGE_VERBS.contains(&w.split_whitespace().next().unwrap_or("")));
        let new_verb =
            matches!(verb, "is" | "are" | "has" | "have") && !rest.starts_with("is dealt");
        if !new_verb && !several {
            return Ok(None);
        }
        let effect = self.effect(line, &format!("{subject} {rest}"), Written::Action)?;
        Ok(Some(Change::Parts(effect.parts)))
    }
}

/// A card type or a subtype written before a noun that names a card type, a permanent or a
/// token (`artifact creatures`, `creature tokens`, `Goblin creatures`): the object must have
/// it too. A near miss of a known word (`Goblim`) is no adjective, so it is reported.
fn adjective(w: &str, next: Option<&str>) -> Option<Word> {
    if !before_a_noun(next) {
        return None;
    }
    if let Some(t) = CardType::from_word(w) {
        return Some(Word::Type(t));
    }
    if super::super::card::near_miss(w).is_some() {
        return None;
    }
    match Word::parse(&singular(w)) {
        Some(Word::Sub(s)) => Some(Word::Sub(s)),
        _ => None,
    }
}

/// Whether `next` is a noun that names a card type, a permanent or a token, so that the word
/// before it narrows it.
fn before_a_noun(next: Option<&str>) -> bool {
    next.is_some_and(|n| {
        CardType::from_word(n).is_some()
            || matches!(n, "permanent" | "permanents" | "token" | "tokens")
    })
}
