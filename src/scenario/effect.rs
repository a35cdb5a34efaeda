//! A continuous effect as a scenario writes it (`static: EFFECT`, or a one-shot effect on
//! a set in `Actions`): the set of objects it applies to ([`Subject`]) and its parts, each
//! in its layer of 613 ([`Part`], [`Layer`]). Read by `parse::statics`, applied by the
//! layer system (`engine::layers`).

use std::collections::BTreeSet;
use std::fmt;

use super::card::{Ability, CardType, Characteristics, Color, PowerToughness, Supertype};
use super::statement::{CardId, PlayerId};

/// `SUBJECT CHANGE[ and CHANGE]...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    /// The effect as written (lower-cased), for reports.
    pub text: String,
    pub subject: Subject,
    pub parts: Vec<Part>,
}

/// What an effect applies to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Subject {
    /// The object the static ability is on.
    This,
    Label(CardId),
    /// `enchanted creature`, `equipped creature`, `fortified land`…: what the source is
    /// attached to.
    Attached,
    Filter(Filter),
    /// `cards in graveyards`, `cards in your graveyard`, `cards in P's graveyard`: the cards
    /// in those zones, not permanents (614.12's Yixlid Jailer). The [`Control`] names whose
    /// graveyard: `Any` every one, `You` the static ability's controller's, `Player` one
    /// player's (`Opponents` is never written).
    Graveyards(Control),
}

/// `[other] [non-WORD]... [COLOR] [SUPERTYPE] NOUN [CONTROL] [with KEYWORD] [with power N or
/// greater]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filter {
    pub other: bool,
    pub not: Vec<Word>,
    /// `nonblack`: colors the object must not have.
    pub not_colors: Vec<Color>,
    /// `nontoken`: the object must be a card, not a token (111.1).
    pub not_token: bool,
    pub colors: Vec<Color>,
    pub supertypes: Vec<Supertype>,
    /// `artifact creatures`, `creature tokens`, `Goblin creatures`: a card type or a subtype
    /// written before the noun, which the object must also have.
    pub also: Vec<Word>,
    pub noun: Noun,
    pub control: Control,
    pub with: Option<Ability>,
    /// `with power N or greater` (a trigger condition's FILTERNOUN): the object's power,
    /// as the layers leave it, is at least N; an object without power fits none.
    pub power_at_least: Option<i32>,
}

impl Filter {
    /// Whether an object with characteristics `ch`, a token or not, controlled by
    /// `controller`, fits everything but `other` (which its caller knows): `you` is the
    /// player the filter's `you` means (none: `you control` fits nothing).
    pub fn fits(
        &self,
        ch: &Characteristics,
        token: bool,
        controller: PlayerId,
        you: Option<PlayerId>,
    ) -> bool {
        if self.not.iter().any(|w| w.matches(ch))
            || self.not_colors.iter().any(|k| ch.colors.contains(k))
            || (self.not_token && token)
        {
            return false;
        }
        if !self.colors.iter().all(|k| ch.colors.contains(k))
            || !self.supertypes.iter().all(|s| ch.is_super(*s))
            || !self.also.iter().all(|w| w.matches(ch))
        {
            return false;
        }
        let noun = match &self.noun {
            Noun::Type(t) => ch.is(*t),
            Noun::Permanent => true,
            Noun::Token => token,
            Noun::Subtype(s) => ch.has_subtype(s),
        };
        let control = match self.control {
            Control::Any => true,
            Control::You => you == Some(controller),
            Control::Opponents => you.is_some_and(|y| y != controller),
            Control::Player(p) => controller == p,
        };
        noun && control
            && self.with.as_ref().is_none_or(|a| ch.has(a))
            && self
                .power_at_least
                .is_none_or(|n| ch.power_toughness.is_some_and(|pt| pt.power >= n))
    }
}

/// A card type, supertype or subtype, as `non-` or `L is a WORD` names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Word {
    Type(CardType),
    Super(Supertype),
    Sub(String),
}

impl Word {
    /// `creature`, `legendary`, `swamp` (any case; a final `s` allowed for types).
    pub fn parse(w: &str) -> Option<Word> {
        let w = w.trim().to_lowercase();
        if let Some(s) = Supertype::from_word(&w) {
            return Some(Word::Super(s));
        }
        if let Some(t) = CardType::from_word(&w) {
            return Some(Word::Type(t));
        }
        let ok = !w.is_empty()
            && w.chars()
                .all(|c| c.is_alphanumeric() || c == '-' || c == '\'');
        ok.then_some(Word::Sub(w))
    }

    pub fn matches(&self, c: &Characteristics) -> bool {
        match self {
            Word::Type(t) => c.is(*t),
            Word::Super(s) => c.is_super(*s),
            Word::Sub(s) => {
                c.has_subtype(s) || s.strip_suffix('s').is_some_and(|x| c.has_subtype(x))
            }
        }
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Word::Type(t) => f.write_str(&t.name().to_lowercase()),
            Word::Super(s) => f.write_str(&s.name().to_lowercase()),
            Word::Sub(s) => f.write_str(&super::card::subtype_name(s)),
        }
    }
}

/// What a filter's noun names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Noun {
    Type(CardType),
    Permanent,
    Token,
    Subtype(String),
}

/// Whose objects a filter takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    Any,
    /// The controller of the static ability's object.
    You,
    Opponents,
    Player(PlayerId),
}

/// The layer (and sublayer) of 613.1–613.4 a part applies in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Layer {
    Copy,
    Control,
    Type,
    Color,
    Ability,
    /// 7a: characteristic-defining abilities.
    PtDefining,
    /// 7b: setting.
    PtSetting,
    /// 7c: modifying (and counters).
    PtModifying,
    /// 7d: switching.
    PtSwitching,
}

impl Layer {
    pub const ALL: [Layer; 9] = [
        Layer::Copy,
        Layer::Control,
        Layer::Type,
        Layer::Color,
        Layer::Ability,
        Layer::PtDefining,
        Layer::PtSetting,
        Layer::PtModifying,
        Layer::PtSwitching,
    ];

    /// `1`, `4`, `7b`.
    pub fn name(self) -> &'static str {
        match self {
            Layer::Copy => "1",
            Layer::Control => "2",
            Layer::Type => "4",
            Layer::Color => "5",
            Layer::Ability => "6",
            Layer::PtDefining => "7a",
            Layer::PtSetting => "7b",
            Layer::PtModifying => "7c",
            Layer::PtSwitching => "7d",
        }
    }
}

/// An object's copiable values (707.2): its name and characteristics as printed, with
/// the copy effects on it applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Copiable {
    pub name: String,
    pub chars: Characteristics,
    /// The copied object was itself a copy: its copiable values are what it copied (707.3).
    pub of_a_copy: bool,
}

/// One part of an effect, in one layer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// 1: becomes a copy (the copiable values taken as the effect began).
    Copy(Box<Copiable>),
    /// 2.
    Control(PlayerId),
    /// 4: `are [SUPERTYPE] TYPES [— SUBTYPES] [in addition to their other types]`, `are
    /// SUBTYPEs`. Without `in addition`, given card types replace the old ones (with
    /// their subtypes); subtypes alone replace those of their kind (305.7 for basic land
    /// types on a land).
    Types {
        supertypes: Vec<Supertype>,
        types: Vec<CardType>,
        subtypes: Vec<String>,
        in_addition: bool,
    },
    /// 4: `stops being a creature`.
    LoseType(CardType),
    /// 4.
    LoseSubtype(String),
    /// 5: empty for colorless.
    Colors(BTreeSet<Color>),
    /// 6.
    Gain(Vec<Ability>),
    Lose(Ability),
    LoseAll,
    /// 7a: power and toughness each equal to the number of objects of a subject.
    PtCount(Box<Subject>),
    /// 7b.
    SetPt(PowerToughness),
    /// 7b: base power and toughness each equal to the object's mana value.
    SetPtManaValue,
    /// 7c.
    Modify(PowerToughness),
    /// 7d.
    Switch,
}

impl Part {
    pub fn layer(&self) -> Layer {
        match self {
            Part::Copy(_) => Layer::Copy,
            Part::Control(_) => Layer::Control,
            Part::Types { .. } | Part::LoseType(_) | Part::LoseSubtype(_) => Layer::Type,
            Part::Colors(_) => Layer::Color,
            Part::Gain(_) | Part::Lose(_) | Part::LoseAll => Layer::Ability,
            Part::PtCount(_) => Layer::PtDefining,
            Part::SetPt(_) | Part::SetPtManaValue => Layer::PtSetting,
            Part::Modify(_) => Layer::PtModifying,
            Part::Switch => Layer::PtSwitching,
        }
    }
}

impl Effect {
    /// Whether it is a characteristic-defining ability (604.3).
    pub fn is_defining(&self) -> bool {
        self.parts.iter().any(|p| matches!(p, Part::PtCount(_)))
    }
}
