//! The sentences of the layer system (613): its reasons, and the continuous effects as
//! the report names them (`--explain`, the events that begin them).

use super::super::card::subtype_name;
use super::super::effect::Part;
use super::super::engine::layers::why::Why;
use super::super::engine::layers::Named;
use super::super::engine::Game;
use super::super::statement::{CardId, Change};

pub(super) fn why(_g: &Game, w: &Why) -> String {
    match *w {}
}

/// An effect as applied: a static ability as written, or what happened.
pub(crate) fn named(g: &Game, n: &Named) -> String {
    match n {
        Named::Static(text) => text.clone(),
        Named::Change(card, change) => self::change(g, *card, change),
        Named::NotACreatureWhileAttached(c) => {
            format!("{} isn't a creature while attached (702.151b)", g.label(*c))
        }
        Named::Counters(d) => format!("counters ({d:+}/{d:+})"),
    }
}

/// An effect statement's change on `card`: `bear gets +1/+1`, `relic becomes a creature`.
pub(super) fn change(g: &Game, card: CardId, change: &Change) -> String {
    let l = g.label(card);
    match change {
        Change::BecomesCreature(pt) => format!(
            "{l} becomes a creature{}",
            pt.map(|p| format!(" {p}")).unwrap_or_default()
        ),
        Change::BecomesTypes(t, pt) => {
            let t = t.to_string();
            let article = if t.starts_with(['A', 'E', 'I', 'O', 'U']) {
                "an"
            } else {
                "a"
            };
            format!(
                "{l} becomes {article} {t}{}",
                pt.map(|p| format!(" {p}")).unwrap_or_default()
            )
        }
        Change::StopsBeingCreature => format!("{l} stops being a creature"),
        Change::GainsSubtype(s) => format!("{l} gains subtype {s}"),
        Change::LosesSubtype(s) => format!("{l} loses subtype {s}"),
        Change::Gains(a) => format!("{l} gains {a}"),
        Change::Loses(a) => format!("{l} loses {a}"),
        Change::Gets(pt) => format!("{l} gets {:+}/{:+}", pt.power, pt.toughness),
        Change::Control(_) => l.to_string(),
        Change::BecomesCopy(m) => format!("{l} becomes a copy of {}", g.label(*m)),
        Change::Parts(parts) => {
            let words: Vec<String> = parts.iter().map(part).collect();
            format!("{l} {}", words.join(" and "))
        }
    }
}

/// A part of an effect as the report says it: `is red`, `gets +1/+1`.
fn part(part: &Part) -> String {
    match part {
        Part::Copy(c) => format!("becomes a copy of {}", c.name),
        Part::Control(_) => "changes control".into(),
        Part::Types {
            supertypes,
            types,
            subtypes,
            in_addition,
        } => {
            let mut words: Vec<String> = supertypes.iter().map(|s| s.name().to_string()).collect();
            words.extend(types.iter().map(|t| t.name().to_string()));
            let mut text = words.join(" ");
            if !subtypes.is_empty() {
                let subs: Vec<String> = subtypes.iter().map(|s| subtype_name(s)).collect();
                if text.is_empty() {
                    text = subs.join(" ");
                } else {
                    text = format!("{text} — {}", subs.join(" "));
                }
            }
            format!(
                "is {text}{}",
                if *in_addition {
                    " in addition to its other types"
                } else {
                    ""
                }
            )
        }
        Part::LoseType(t) => format!("stops being {}", t.name().to_lowercase()),
        Part::LoseSubtype(s) => format!("loses subtype {}", subtype_name(s)),
        Part::Colors(c) if c.is_empty() => "is colorless".into(),
        Part::Colors(c) => {
            let names: Vec<&str> = c.iter().map(|c| c.name()).collect();
            format!("is {}", names.join(" and "))
        }
        Part::Gain(a) => {
            let names: Vec<String> = a.iter().map(|a| a.to_string()).collect();
            format!("gains {}", names.join(", "))
        }
        Part::Lose(a) => format!("loses {a}"),
        Part::LoseAll => "loses all abilities".into(),
        Part::PtCount(_) => "has power and toughness each equal to a number".into(),
        Part::SetPt(p) => format!("has base power and toughness {p}"),
        Part::SetPtManaValue => "has base power and toughness each equal to its mana value".into(),
        Part::Modify(p) => format!("gets {:+}/{:+}", p.power, p.toughness),
        Part::Switch => "has its power and toughness switched".into(),
    }
}
