//! The `trigger:` grammar (scenario-format.md, "Triggered abilities"), lowered here, in one
//! place, into the engine's own values ([`TriggeredAbility`]); the order suffix
//! `(P orders triggers: …)`, trigger names, and `destroy`/`exile` of a SETLIST.
//!
//! This build reads the events E1, E2, E2', E3, E4, E5, E6, E7, E8, E9 and E10 and the effects that gain and
//! lose life, put and remove counters, destroy, exile, return, pump, deal damage, sacrifice
//! and win the game; any other form of version 3 is an error that names the line and says so.

use super::statics::Written;
use super::*;
use crate::scenario::effect::{Filter, Subject};
use crate::scenario::engine::triggered::{
    Amount, Condition, DamageRecipient, DamageTo, Keyword, ObjectFilter, ObjectRef, PlayerRef,
    Players, TargetKind, TargetSpec, TriggerEffect, TriggerEvent, TriggerName, TriggerOrder,
    TriggeredAbility, Whose,
};

const EVENTS_PLAYED: &str = "`OBJ enters [the battlefield] [under your control]`, `OBJ dies`, `OBJ is put into a graveyard from the battlefield`, `one or more FILTERNOUNS die`, `OBJ leaves the battlefield`, `(enchanted | equipped) (creature | permanent) (dies | leaves the battlefield)`, `(you | a player | an opponent) sacrifice[s] (this | FILTER)`, `OBJ attacks`, `this blocks`, `this becomes blocked`, `OBJ deals [combat] damage [to (a creature | a player | an opponent)]`, `PLAYERS gain life`, `PLAYERS lose life`, `the beginning of (your | each | each opponent's) (upkeep | end step)`";

const EFFECTS_PLAYED: &str = "`PLAYER gains|loses N life`, `PLAYER gains|loses life equal to VALUE`, `put N C counters on OBJ`, `remove N C counters from OBJ`, `destroy OBJ`, `exile OBJ`, `destroy SETLIST`, `exile SETLIST`, `return OBJ to its owner's hand`, `return OBJ to the battlefield [under your control]`, `OBJ gets +N/+N [until end of turn]`, `OBJ gains|loses KEYWORD`, `OBJ becomes …`, `OBJ is COLOR` and the other one-object changes, `SUBJECT CHANGE` (a set, e.g. `creatures you control get +1/+1 until end of turn`), `OBJ deals N damage to X`, `OBJ deals damage equal to VALUE to X`, `PLAYER gains control of OBJ [until end of turn]`, `PLAYER wins the game`, `PLAYER sacrifices OBJ[, OBJ]...[ and OBJ]`, `counter TRIG`, `counter L`";

impl Reader<'_> {
    /// `trigger: TRIGGER`.
    pub(super) fn triggered_ability(&self, line: usize, text: &str) -> R<TriggeredAbility> {
        let original = text.trim().to_lowercase();
        let mut t = original.clone();
        for (old, new) in [
            ("comes into play", "enters"),
            ("come into play", "enter"),
            ("is put into play", "enters"),
            ("from play", "from the battlefield"),
            ("leaves play", "leaves the battlefield"),
            ("leave play", "leave the battlefield"),
        ] {
            t = t.replace(old, new);
        }
        for this in [
            "this creature",
            "this permanent",
            "this enchantment",
            "this artifact",
            "this land",
            "this aura",
        ] {
            t = t.replace(this, "this");
        }
        let form = "expected `trigger: (when | whenever | at) EVENT [, if CONDITION], EFFECTS`";
        let body = if let Some(b) = t
            .strip_prefix("whenever ")
            .or_else(|| t.strip_prefix("when "))
        {
            b
        } else if let Some(b) = t.strip_prefix("at ") {
            if !b.starts_with("the beginning of ") {
                return self.err(
                    line,
                    format!("`at` begins only `at the beginning of …`: {form}, found `{original}`"),
                );
            }
            b
        } else {
            return self.err(line, format!("{form}, found `{original}`"));
        };
        let Some((event_text, rest)) = body.split_once(", ") else {
            return self.err(line, format!("{form}, found `{original}`"));
        };
        let event = self.trigger_event(line, event_text.trim())?;
        let (condition, effects_text) = match rest.strip_prefix("if ") {
            Some(r) => {
                let Some((c, e)) = r.split_once(", ") else {
                    return self.err(
                        line,
                        format!("expected `, EFFECTS` after the condition in `{original}`"),
                    );
                };
                (Some(self.trigger_condition(line, c.trim(), &event)?), e)
            }
            None => (None, rest),
        };
        let mut targets = Vec::new();
        let mut effects = Vec::new();
        let text = effects_text.trim().trim_end_matches('.');
        for piece in text.split(", then ").flat_map(|p| p.split(". ")) {
            let piece = piece.trim();
            if piece.is_empty() {
                continue;
            }
            match self.effects_piece(line, piece, &event, &mut targets)? {
                Some(mut es) => effects.append(&mut es),
                None => {
                    if let Some(e) = self.unplayed_effect(piece) {
                        return self.err(line, e);
                    }
                    return self.err(line, format!("`{piece}` is not an effect this build of the checker plays in a triggered ability (it plays {EFFECTS_PLAYED}; `this`, `it`, `that creature`, `target creature (choosing L)`, a label for OBJ; `you`, `that player`, `its controller`, `each opponent`, `target player (choosing player NAME)`, a name for PLAYER)"));
                }
            }
        }
        if effects.is_empty() {
            return self.err(line, format!("{form}, found `{original}`"));
        }
        Ok(TriggeredAbility {
            text: original,
            event,
            condition,
            effects,
            targets,
            keyword: None,
        })
    }

    fn unplayed_effect(&self, piece: &str) -> Option<String> {
        let later = [
            ("regenerate", "`regenerate OBJ`"),
            ("prevent ", "`prevent the next N damage that would be dealt to OBJ this turn`, `prevent all [combat] damage that would be dealt to OBJ this turn` or `prevent all [combat] damage OBJ would deal this turn`"),
        ];
        later.iter().find(|(w, _)| piece.contains(w)).map(|(_, f)| {
            format!("`{piece}` is not a form this build reads in a triggered ability: expected {f}")
        })
    }

    fn trigger_event(&self, line: usize, ev: &str) -> R<TriggerEvent> {
        if let Some(rest) = ev.strip_prefix("the beginning of ") {
            let (whose, step) = match rest {
                "your upkeep" => (Whose::Yours, Step::Upkeep),
                "each upkeep" => (Whose::Each, Step::Upkeep),
                "each opponent's upkeep" => (Whose::EachOpponents, Step::Upkeep),
                "your end step" => (Whose::Yours, Step::End),
                "each end step" | "the end step" => (Whose::Each, Step::End),
                "each opponent's end step" => (Whose::EachOpponents, Step::End),
                _ => return self.err(line, format!("expected `the beginning of (your | each | each opponent's) (upkeep | end step)`, found `{ev}`")),
            };
            return Ok(TriggerEvent::Beginning { whose, step });
        }
        if ev.starts_with("enchanted ") || ev.starts_with("equipped ") {
            let words: Vec<&str> = ev.splitn(3, ' ').collect();
            let e4 = "`(enchanted | equipped) (creature | permanent) (dies | leaves the battlefield)` (E4)";
            let [how, what, happened] = words[..] else {
                return self.err(line, format!("expected {e4}, found `{ev}`"));
            };
            let creature = match what {
                "creature" => true,
                "permanent" => false,
                _ => return self.err(line, format!("expected {e4}, found `{ev}`")),
            };
            let dies = match happened {
                "dies" | "is put into a graveyard from the battlefield" => true,
                "leaves the battlefield" => false,
                _ => return self.err(line, format!("expected {e4}, found `{ev}`")),
            };
            return Ok(TriggerEvent::AttachedLeaves {
                equipped: how == "equipped",
                creature,
                dies,
            });
        }
        for (who_text, who) in [
            ("you", Players::You),
            ("a player", Players::Any),
            ("an opponent", Players::Opponent),
        ] {
            let Some(rest) = ev.strip_prefix(who_text) else {
                continue;
            };
            let Some(obj) = rest
                .strip_prefix(" sacrifices ")
                .or_else(|| rest.strip_prefix(" sacrifice "))
            else {
                continue;
            };
            let e5 = "`(you | a player | an opponent) sacrifice[s] (this | FILTER)` (E5)";
            let obj = obj.trim();
            if obj.starts_with("this ") {
                return self.err(line, format!("expected {e5}, found `{ev}`"));
            }
            return Ok(TriggerEvent::Sacrifices {
                who,
                what: self.object_filter(line, obj)?,
            });
        }
        if ev.contains(" sacrifice") {
            return self.err(line, format!("expected `(you | a player | an opponent) sacrifice[s] (this | FILTER)` (E5), found `{ev}`"));
        }
        for suffix in [" attacks", " attack"] {
            if let Some(obj) = ev.strip_suffix(suffix) {
                return Ok(TriggerEvent::Attacks(self.object_filter(line, obj)?));
            }
        }
        match ev {
            "this blocks" => return Ok(TriggerEvent::Blocks),
            "this becomes blocked" => return Ok(TriggerEvent::BecomesBlocked),
            _ if ev.ends_with(" blocks") || ev.ends_with(" becomes blocked") => {
                return self.err(
                    line,
                    format!("expected `this blocks` or `this becomes blocked` (E7), found `{ev}`"),
                )
            }
            _ => {}
        }
        if let Some((obj, rest)) = ev.split_once(" deals ").or_else(|| ev.split_once(" deal ")) {
            let e8 = "`OBJ deals [combat] damage [to (a creature | a player | an opponent)]`";
            let (combat, rest) = match rest.strip_prefix("combat damage") {
                Some(r) => (true, r),
                None => match rest.strip_prefix("damage") {
                    Some(r) => (false, r),
                    None => return self.err(line, format!("expected {e8}, found `{ev}`")),
                },
            };
            let to = match rest.trim() {
                "" => None,
                "to a creature" => Some(DamageTo::Creature),
                "to a player" => Some(DamageTo::Player),
                "to an opponent" => Some(DamageTo::Opponent),
                _ => return self.err(line, format!("expected {e8}, found `{ev}`")),
            };
            return Ok(TriggerEvent::Deals {
                what: self.object_filter(line, obj)?,
                combat,
                to,
            });
        }
        for (suffix, gained) in [
            (" gains life", true),
            (" gain life", true),
            (" loses life", false),
            (" lose life", false),
        ] {
            if let Some(who) = ev.strip_suffix(suffix) {
                let who = match who {
                    "you" => Players::You,
                    "a player" => Players::Any,
                    "an opponent" => Players::Opponent,
                    name => Players::Named(self.player(line, name)?),
                };
                return Ok(TriggerEvent::Life { who, gained });
            }
        }
        if let Some(rest) = ev.strip_prefix("one or more ") {
            let Some(what) = rest
                .strip_suffix(" die")
                .or_else(|| rest.strip_suffix(" are put into a graveyard from the battlefield"))
            else {
                return self.err(
                    line,
                    format!("expected `one or more FILTERNOUNS die`, found `{ev}`"),
                );
            };
            return Ok(TriggerEvent::OneOrMoreDie(self.filter_noun(line, what)?));
        }
        for suffix in [
            " enters the battlefield under your control",
            " enters under your control",
            " enter the battlefield under your control",
            " enter under your control",
        ] {
            if let Some(obj) = ev.strip_suffix(suffix) {
                return Ok(TriggerEvent::Enters {
                    what: self.object_filter(line, obj)?,
                    under_your_control: true,
                });
            }
        }
        for suffix in [
            " enters the battlefield",
            " enters",
            " enter the battlefield",
            " enter",
        ] {
            if let Some(obj) = ev.strip_suffix(suffix) {
                return Ok(TriggerEvent::Enters {
                    what: self.object_filter(line, obj)?,
                    under_your_control: false,
                });
            }
        }
        for suffix in [
            " dies",
            " die",
            " is put into a graveyard from the battlefield",
        ] {
            if let Some(obj) = ev.strip_suffix(suffix) {
                return Ok(TriggerEvent::Dies(self.object_filter(line, obj)?));
            }
        }
        for suffix in [" leaves the battlefield", " leave the battlefield"] {
            if let Some(obj) = ev.strip_suffix(suffix) {
                return Ok(TriggerEvent::Leaves(self.object_filter(line, obj)?));
            }
        }
        self.err(
            line,
            format!("no trigger event in `{ev}` (this build plays {EVENTS_PLAYED})"),
        )
    }

    /// OBJ: `this`, `a FILTERNOUN`, `another FILTERNOUN`, `this or another FILTERNOUN`.
    fn object_filter(&self, line: usize, obj: &str) -> R<ObjectFilter> {
        let obj = obj.trim();
        if obj == "this" {
            return Ok(ObjectFilter::This);
        }
        if let Some(rest) = obj.strip_prefix("this or another ") {
            return Ok(ObjectFilter::ThisOrAnother(self.filter_noun(line, rest)?));
        }
        if let Some(rest) = obj.strip_prefix("another ") {
            return Ok(ObjectFilter::Another(self.filter_noun(line, rest)?));
        }
        if let Some(rest) = obj.strip_prefix("a ").or_else(|| obj.strip_prefix("an ")) {
            return Ok(ObjectFilter::Any(self.filter_noun(line, rest)?));
        }
        self.err(line, format!("expected `this`, `a FILTERNOUN`, `another FILTERNOUN` or `this or another FILTERNOUN`, found `{obj}`"))
    }

    /// FILTERNOUN, singular or plural.
    pub(super) fn filter_noun(&self, line: usize, text: &str) -> R<Filter> {
        let (text, power_at_least) = match text.split_once(" with power ") {
            Some((noun, n)) => {
                let Some(n) = n
                    .strip_suffix(" or greater")
                    .and_then(|n| n.trim().parse::<i32>().ok())
                else {
                    return self.err(
                        line,
                        format!("expected `with power N or greater` (N a number) in `{text}`"),
                    );
                };
                (noun, Some(n))
            }
            None => (text, None),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        match self.subject(line, &words, Written::Static)? {
            Subject::Filter(f) => Ok(Filter {
                power_at_least,
                ..f
            }),
            _ => self.err(
                line,
                format!("expected a FILTERNOUN such as `creature you control`, found `{text}`"),
            ),
        }
    }

    fn trigger_condition(&self, line: usize, c: &str, event: &TriggerEvent) -> R<Condition> {
        if let Some(rest) = c.strip_prefix("it had ") {
            if !matches!(
                event,
                TriggerEvent::Dies(_)
                    | TriggerEvent::Leaves(_)
                    | TriggerEvent::AttachedLeaves { .. }
                    | TriggerEvent::Sacrifices { .. }
            ) {
                return self.err(line, format!("`it had …` may follow only an event whose object left the battlefield (E2, E3, E4, E5), not `{c}`"));
            }
            let rest = rest.trim_end_matches(" on it");
            let words: Vec<&str> = rest.split_whitespace().collect();
            let (at_least, kind) = match words.as_slice() {
                ["no", k, "counters" | "counter"] => (0, *k),
                ["a" | "an", k, "counter"] => (1, *k),
                [n, "or", "more", k, "counters" | "counter"] => match number::<i32>(n) {
                    Some(n) if n > 0 => (n, *k),
                    _ => return self.err(line, format!("expected a number in `{c}`")),
                },
                _ => return self.err(line, format!("expected `it had no C counters on it`, `it had a C counter on it` or `it had N or more C counters on it`, found `{c}`")),
            };
            let Some(kind) = super::counter_kind(kind) else {
                return self.err(
                    line,
                    format!("unknown counter `{kind}` (expected +1/+1, -1/-1, loyalty or defense)"),
                );
            };
            return Ok(Condition::ItHad { kind, at_least });
        }
        if let Some(rest) = c.strip_prefix("you have ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            if let [n, "or", more @ ("more" | "less"), "life"] = words.as_slice() {
                if let Some(n) = number::<i32>(n) {
                    return Ok(Condition::Life {
                        n,
                        more: *more == "more",
                    });
                }
            }
            return self.err(
                line,
                format!(
                    "expected `you have N or more life` or `you have N or less life`, found `{c}`"
                ),
            );
        }
        if let Some(rest) = c.strip_prefix("you control ") {
            if let Some(what) = rest.strip_prefix("no ") {
                return Ok(Condition::ControlNo(self.filter_noun(line, what)?));
            }
            let words: Vec<&str> = rest.split_whitespace().collect();
            let (n, skip) = match words.as_slice() {
                ["a" | "an", ..] => (1, 1),
                [n, "or", "more", ..] => match number::<u32>(n) {
                    Some(n) => (n, 3),
                    None => return self.err(line, format!("expected a number in `{c}`")),
                },
                _ => return self.err(line, format!("expected `you control (a | an | N or more) FILTERNOUN` or `you control no FILTERNOUNS`, found `{c}`")),
            };
            let filter = self.filter_noun(line, &words[skip..].join(" "))?;
            return Ok(Condition::Control {
                filter,
                at_least: n,
            });
        }
        self.err(line, format!("unknown condition `{c}` (expected `you have N or more|less life`, `you control …`, `it had … counters on it`)"))
    }

    /// A piece between separators: one effect, else split at the leftmost ` and ` after
    /// which both sides read.
    fn effects_piece(
        &self,
        line: usize,
        piece: &str,
        event: &TriggerEvent,
        targets: &mut Vec<TargetSpec>,
    ) -> R<Option<Vec<TriggerEffect>>> {
        let mut trial = targets.clone();
        if let Some(e) = self.trigger_effect(line, piece, event, &mut trial)? {
            *targets = trial;
            return Ok(Some(vec![e]));
        }
        let mut from = 0;
        while let Some(i) = piece[from..].find(" and ").map(|i| i + from) {
            let mut trial = targets.clone();
            if let Some(left) = self.trigger_effect(line, &piece[..i], event, &mut trial)? {
                if let Some(mut right) =
                    self.effects_piece(line, &piece[i + 5..], event, &mut trial)?
                {
                    *targets = trial;
                    right.insert(0, left);
                    return Ok(Some(right));
                }
            }
            from = i + 5;
        }
        Ok(None)
    }

    /// One effect, or `None` if the text isn't one this build reads.
    fn trigger_effect(
        &self,
        line: usize,
        e: &str,
        event: &TriggerEvent,
        targets: &mut Vec<TargetSpec>,
    ) -> R<Option<TriggerEffect>> {
        let e = e.trim();
        let it_allowed = !matches!(event, TriggerEvent::OneOrMoreDie(_));
        let uses_it = e
            .split_whitespace()
            .any(|w| matches!(w, "it" | "its" | "it's"))
            || e.contains("that creature")
            || e.contains("that permanent")
            || e.contains("that card");
        if uses_it && !it_allowed {
            return self.err(line, format!("`it`, `its` and `that creature` have no meaning after `one or more … die` (in `{e}`)"));
        }
        // Sacrifice, counter, win the game.
        if let Some(effect) = self.game_effect(line, e, event, targets)? {
            return Ok(Some(effect));
        }
        // `you gain control of target creature until end of turn` (613.1b).
        for verb in [" gains control of ", " gain control of "] {
            let Some((who, obj)) = e.split_once(verb) else {
                continue;
            };
            let (obj, until_end_of_turn) = match obj.strip_suffix(" until end of turn") {
                Some(o) => (o, true),
                None => (obj, false),
            };
            let mut trial = targets.clone();
            let Some(who) = self.player_ref(line, who, &mut trial)? else {
                return Ok(None);
            };
            let Some(what) = self.object_ref(line, obj, event, &mut trial)? else {
                return Ok(None);
            };
            *targets = trial;
            return Ok(Some(TriggerEffect::GainControl {
                who,
                what,
                until_end_of_turn,
            }));
        }
        // Life.
        for (verb, gained) in [
            (" gains ", true),
            (" gain ", true),
            (" loses ", false),
            (" lose ", false),
        ] {
            let Some(at) = e.find(verb) else { continue };
            let (who, rest) = (&e[..at], &e[at + verb.len()..]);
            let Some(who) = self.player_ref(line, who, targets)? else {
                continue;
            };
            let amount = if let Some(v) = rest.strip_prefix("life equal to ") {
                match self.value(line, v)? {
                    Some(a) => a,
                    None => return Ok(None),
                }
            } else if rest == "that much life" {
                Amount::ThatMuch
            } else if let Some(n) = rest.strip_suffix(" life") {
                match number::<i32>(n).filter(|n| *n >= 0) {
                    Some(n) => Amount::Fixed(n),
                    None => return Ok(None),
                }
            } else {
                return Ok(None);
            };
            return Ok(Some(TriggerEffect::Life {
                who,
                gained,
                amount,
            }));
        }
        if let Some(body) = e.strip_prefix("put ") {
            let Some((what, obj)) = body
                .split_once(" counters on ")
                .map(|(w, o)| (format!("{w} counters"), o))
                .or_else(|| {
                    body.split_once(" counter on ")
                        .map(|(w, o)| (format!("{w} counter"), o))
                })
            else {
                return Ok(None);
            };
            let (kind, amount) = self.counters(line, &what)?;
            let Some(on) = self.object_ref(line, obj, event, targets)? else {
                return Ok(None);
            };
            return Ok(Some(TriggerEffect::Counters {
                on,
                kind,
                amount,
                put: true,
            }));
        }
        if let Some(body) = e.strip_prefix("remove ") {
            let Some((what, obj)) = body.split_once(" from ") else {
                return Ok(None);
            };
            let (kind, amount) = self.counters(line, what)?;
            let Some(on) = self.object_ref(line, obj, event, targets)? else {
                return Ok(None);
            };
            return Ok(Some(TriggerEffect::Counters {
                on,
                kind,
                amount,
                put: false,
            }));
        }
        if let Some((obj, kind)) = super::prevention::shield_effect(e) {
            return Ok(self
                .object_ref(line, obj, event, targets)?
                .map(|on| TriggerEffect::Shield { on, kind }));
        }
        for (verb, make) in [
            (
                "destroy ",
                TriggerEffect::Destroy as fn(ObjectRef) -> TriggerEffect,
            ),
            ("exile ", TriggerEffect::Exile),
        ] {
            if let Some(obj) = e.strip_prefix(verb) {
                if let Some(one) = self.object_ref(line, obj, event, targets)? {
                    return Ok(Some(make(one)));
                }
                // `destroy all creatures`, `exile each creature an opponent controls`.
                let mut words = obj.split_whitespace();
                let (first, second) = (words.next().unwrap_or(""), words.next());
                if self.is_set_subject(first, second) {
                    return Ok(Some(TriggerEffect::DestroyEach {
                        subjects: self.set_list(line, obj, Written::Static)?,
                        exile: verb == "exile ",
                    }));
                }
                return Ok(None);
            }
        }
        if let Some(body) = e.strip_prefix("return ") {
            if let Some(obj) = body
                .strip_suffix(" to its owner's hand")
                .or_else(|| body.strip_suffix(" to its owners' hand"))
            {
                return Ok(self
                    .object_ref(line, obj, event, targets)?
                    .map(TriggerEffect::ReturnToHand));
            }
            if let Some((obj, r)) = body.split_once(" to the battlefield") {
                let (r, counters) = self.with_counters_on_it(line, r.trim())?;
                let under_you = match r.trim() {
                    "" | "under its owner's control" => false,
                    "under your control" => true,
                    _ => return Ok(None),
                };
                return Ok(self.object_ref(line, obj, event, targets)?.map(|what| {
                    TriggerEffect::ReturnToBattlefield {
                        what,
                        under_you,
                        counters,
                    }
                }));
            }
            return Ok(None);
        }
        if let Some(effect) = self.damage_effect(line, e, event, targets)? {
            return Ok(Some(effect));
        }
        let (body, until_end_of_turn) = match e.strip_suffix(" until end of turn") {
            Some(b) => (b.trim(), true),
            None => (e, false),
        };
        // `creatures you control get +1/+1 until end of turn`: a one-shot effect on a set.
        let mut words = body.split_whitespace();
        let (first, second) = (words.next().unwrap_or(""), words.next());
        if self.is_set_subject(first, second) {
            return Ok(Some(TriggerEffect::AffectAll {
                effect: self.effect(line, body, super::statics::Written::Static)?,
                until_end_of_turn,
            }));
        }
        // `it gains flying until end of turn`, `this becomes a 4/4 artifact creature`.
        for verb in [
            " gains ",
            " gain ",
            " loses ",
            " lose ",
            " becomes ",
            " become ",
            " stops being ",
            " is ",
            " has base ",
        ] {
            let Some(at) = body.find(verb) else { continue };
            let (obj, rest) = (&body[..at], &body[at + 1..]);
            let mut trial = targets.clone();
            let Some(what) = self.object_ref(line, obj, event, &mut trial)? else {
                continue;
            };
            let rest = super::agreeing_verb(rest);
            // The object is bound as the ability resolves; a set's words stand for it.
            let Some(change) = self.one_object_change(line, "each permanent", &rest)? else {
                return Ok(None);
            };
            *targets = trial;
            return Ok(Some(TriggerEffect::Modify {
                what,
                change,
                until_end_of_turn,
            }));
        }
        for verb in [" gets ", " get "] {
            if let Some((obj, rest)) = e.split_once(verb) {
                let (pt, eot) = match rest.strip_suffix(" until end of turn") {
                    Some(p) => (p, true),
                    None => (rest, false),
                };
                let Some(pt) = PowerToughness::parse(pt) else {
                    return Ok(None);
                };
                let Some(what) = self.object_ref(line, obj, event, targets)? else {
                    return Ok(None);
                };
                return Ok(Some(TriggerEffect::Gets {
                    what,
                    pt,
                    until_end_of_turn: eot,
                }));
            }
        }
        Ok(None)
    }

    /// `M deals N damage to X`, `M deals that much damage to X`, `M deals damage equal to
    /// VALUE to X` (X: an object or player reference, `any target`, `target creature or
    /// player`, each followed by `(choosing X)` or not).
    fn damage_effect(
        &self,
        line: usize,
        e: &str,
        event: &TriggerEvent,
        targets: &mut Vec<TargetSpec>,
    ) -> R<Option<TriggerEffect>> {
        let Some((m, rest)) = e.split_once(" deals ").or_else(|| e.split_once(" deal ")) else {
            return Ok(None);
        };
        let mut trial = targets.clone();
        let Some(source) = self.object_ref(line, m, event, &mut trial)? else {
            return Ok(None);
        };
        let (amount, x) = if let Some(r) = rest.strip_prefix("damage equal to ") {
            let Some((v, x)) = r.split_once(" to ") else {
                return Ok(None);
            };
            match self.value(line, v)? {
                Some(a) => (a, x),
                None => return Ok(None),
            }
        } else {
            let Some((n, x)) = rest.split_once(" damage to ") else {
                return Ok(None);
            };
            match n {
                "that much" => (Amount::ThatMuch, x),
                n => match number::<i32>(n).filter(|n| *n >= 0) {
                    Some(n) => (Amount::Fixed(n), x),
                    None => return Ok(None),
                },
            }
        };
        let x = x.trim();
        for (word, kind) in [
            ("any target", TargetKind::Any),
            ("target creature or player", TargetKind::CreatureOrPlayer),
        ] {
            if let Some(rest) = x.strip_prefix(word).filter(|r| is_choice(r)) {
                let choosing = self.choosing(line, rest)?;
                trial.push(TargetSpec { kind, choosing });
                *targets = trial;
                return Ok(Some(TriggerEffect::Damage {
                    source,
                    amount,
                    to: DamageRecipient::Target(targets.len() - 1),
                }));
            }
        }
        let to = if let Some(o) = self.object_ref(line, x, event, &mut trial)? {
            DamageRecipient::Object(o)
        } else if let Some(p) =
            self.player_ref(line, x.strip_prefix("player ").unwrap_or(x), &mut trial)?
        {
            DamageRecipient::Player(p)
        } else {
            let words: Vec<&str> = x.split_whitespace().collect();
            let (Some(first), second) = (words.first(), words.get(1).copied()) else {
                return Ok(None);
            };
            if !self.is_set_subject(first, second) {
                return Ok(None);
            }
            DamageRecipient::Set(self.subject(line, &words, Written::Static)?)
        };
        *targets = trial;
        Ok(Some(TriggerEffect::Damage { source, amount, to }))
    }

    /// A player reference, registering a target.
    pub(super) fn player_ref(
        &self,
        line: usize,
        who: &str,
        targets: &mut Vec<TargetSpec>,
    ) -> R<Option<PlayerRef>> {
        let who = who.trim();
        Ok(Some(match who {
            "you" => PlayerRef::You,
            "that player" => PlayerRef::ThatPlayer,
            "its controller" => PlayerRef::ItsController,
            "its owner" => PlayerRef::ItsOwner,
            "each opponent" => PlayerRef::EachOpponent,
            "each player" => PlayerRef::EachPlayer,
            _ => {
                for (word, kind) in [
                    ("target player", TargetKind::Player),
                    ("target opponent", TargetKind::Opponent),
                ] {
                    if let Some(rest) = who.strip_prefix(word).filter(|r| is_choice(r)) {
                        let choosing = self.choosing(line, rest)?;
                        targets.push(TargetSpec { kind, choosing });
                        return Ok(Some(PlayerRef::Target(targets.len() - 1)));
                    }
                }
                match self.players.position(|p| p.eq_ignore_ascii_case(who)) {
                    Some(p) => PlayerRef::Named(p),
                    None => return Ok(None),
                }
            }
        }))
    }

    /// An object reference, registering a target.
    pub(super) fn object_ref(
        &self,
        line: usize,
        obj: &str,
        event: &TriggerEvent,
        targets: &mut Vec<TargetSpec>,
    ) -> R<Option<ObjectRef>> {
        let obj = obj.trim();
        // After `… deals damage to a creature`, `that creature` is the creature dealt the
        // damage (502.63a of 2009-05-01: "destroy that creature").
        let to_creature = matches!(
            event,
            TriggerEvent::Deals {
                to: Some(DamageTo::Creature),
                ..
            }
        );
        Ok(Some(match obj {
            "this" => ObjectRef::This,
            "that creature" if to_creature => ObjectRef::Recipient,
            "it" | "that creature" | "that permanent" | "that card" => ObjectRef::It,
            _ => {
                for (word, kind) in [
                    ("target creature", TargetKind::Creature),
                    ("target permanent", TargetKind::Permanent),
                ] {
                    if let Some(rest) = obj.strip_prefix(word).filter(|r| is_choice(r)) {
                        let choosing = self.choosing(line, rest)?;
                        targets.push(TargetSpec { kind, choosing });
                        return Ok(Some(ObjectRef::Target(targets.len() - 1)));
                    }
                }
                match self.labels.get(obj) {
                    Some(&c) => ObjectRef::Label(c),
                    None => return Ok(None),
                }
            }
        }))
    }

    /// `(choosing X)` after `target KIND`, or nothing.
    fn choosing(&self, line: usize, rest: &str) -> R<Option<Target>> {
        let rest = rest.trim();
        if rest.is_empty() {
            return Ok(None);
        }
        match rest
            .strip_prefix("(choosing ")
            .and_then(|r| r.strip_suffix(')'))
        {
            Some(x) => Ok(Some(self.target(line, x)?)),
            None => self.err(
                line,
                format!("expected `(choosing X)` after a target, found `{rest}`"),
            ),
        }
    }

    /// VALUE: `POSS (power | toughness | mana value)`, `the number of C counters on REF`.
    pub(super) fn value(&self, line: usize, v: &str) -> R<Option<Amount>> {
        let v = v.trim();
        if let Some(rest) = v.strip_prefix("the number of ") {
            let Some((what, r)) = rest.split_once(" counters on ") else {
                return Ok(None);
            };
            let Some(kind) = super::counter_kind(what) else {
                return self.err(
                    line,
                    format!("unknown counter `{what}` (expected +1/+1, -1/-1, loyalty or defense)"),
                );
            };
            let r = match r {
                "it" => ObjectRef::It,
                "this" => ObjectRef::This,
                l => ObjectRef::Label(self.label(line, l)?),
            };
            return Ok(Some(Amount::Counters(kind, r)));
        }
        let Some((poss, what)) = v.split_once(' ') else {
            return Ok(None);
        };
        let r = match poss {
            "its" => ObjectRef::It,
            "this's" => ObjectRef::This,
            p => match p.strip_suffix("'s").and_then(|l| self.labels.get(l)) {
                Some(&c) => ObjectRef::Label(c),
                None => return Ok(None),
            },
        };
        Ok(match what {
            "power" => Some(Amount::Power(r)),
            "toughness" => Some(Amount::Toughness(r)),
            "mana value" => Some(Amount::ManaValue(r)),
            _ => None,
        })
    }

    /// `(P orders triggers: T, T...)`.
    pub(super) fn trigger_order(&self, line: usize, p: &str, names: &str) -> R<TriggerOrder> {
        let player = self.player(line, p)?;
        let mut out = Vec::new();
        for n in names.split(',').flat_map(|n| n.split(" and ")) {
            let n = n.trim();
            if !n.is_empty() {
                out.push(self.trigger_name(line, n)?);
            }
        }
        Ok(TriggerOrder { player, names: out })
    }

    /// `L`, `L's trigger [N] [for X]`.
    pub(super) fn trigger_name(&self, line: usize, n: &str) -> R<TriggerName> {
        let n = n.trim();
        if let Some(&source) = self.labels.get(n) {
            return Ok(TriggerName {
                source,
                index: None,
                instance: None,
                every: true,
            });
        }
        let Some((l, rest)) = n.split_once("'s ") else {
            return self.err(
                line,
                format!("expected a label or `L's trigger [N] [for X]`, found `{n}`"),
            );
        };
        let source = self.label(line, l)?;
        let (rest, instance) = match rest.split_once(" for ") {
            Some((r, x)) => (r, Some(self.target(line, x)?)),
            None => (rest, None),
        };
        let mut words = rest.split_whitespace();
        let index = match (words.next(), words.next(), words.next()) {
            (Some("trigger"), None, _) => None,
            (Some("trigger"), Some(k), None) => match number::<usize>(k) {
                Some(k) if k >= 1 => Some(k),
                _ => {
                    return self.err(
                        line,
                        format!("expected `L's trigger N` with N from 1, found `{n}`"),
                    )
                }
            },
            (Some("persist"), None, _) => Some(Keyword::Persist.index()),
            (Some("undying"), None, _) => Some(Keyword::Undying.index()),
            (Some("lifelink"), None, _) => Some(Keyword::Lifelink.index()),
            (Some("deathtouch"), None, _) => Some(Keyword::Deathtouch.index()),
            _ => {
                return self.err(
                    line,
                    format!("expected `L's trigger [N] [for X]`, found `{n}`"),
                )
            }
        };
        Ok(TriggerName {
            source,
            index,
            instance,
            every: false,
        })
    }

    /// SETLIST: labels and SUBJECTs separated by `,` and `and`; a later item may drop the
    /// determiner, and a CONTROL after the last applies to every item.
    pub(super) fn set_list(&self, line: usize, body: &str, written: Written) -> R<Vec<Subject>> {
        let items: Vec<&str> = body
            .split(", ")
            .flat_map(|p| p.split(" and "))
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect();
        let control = items.last().and_then(|last| {
            let words: Vec<&str> = last.split_whitespace().collect();
            let at = words
                .iter()
                .position(|w| *w == "controls" || *w == "control")?;
            // `Bob controls`, `you control`, `an opponent controls`, `your opponents control`.
            let from = match words[..at] {
                [.., "an", "opponent"] | [.., "your", "opponents"] => at - 2,
                _ => at.checked_sub(1)?,
            };
            Some(words[from..].join(" "))
        });
        let mut out = Vec::new();
        for (i, item) in items.iter().enumerate() {
            if let Some(&c) = self.labels.get(*item) {
                out.push(Subject::Label(c));
                continue;
            }
            let mut text = item.to_string();
            if let Some(ctl) = &control {
                if i + 1 < items.len() && !text.contains(" control") {
                    text = format!("{text} {ctl}");
                }
            }
            let words: Vec<&str> = text.split_whitespace().collect();
            out.push(self.subject(line, &words, written)?);
        }
        if out.is_empty() {
            return self.err(
                line,
                "expected what to destroy or exile: labels or a set such as `all creatures`",
            );
        }
        Ok(out)
    }
}

/// Whether what follows `target KIND` is nothing or one `(choosing X)`.
fn is_choice(rest: &str) -> bool {
    let rest = rest.trim();
    rest.is_empty()
        || (rest.starts_with("(choosing ") && rest.ends_with(')') && rest.matches('(').count() == 1)
}
