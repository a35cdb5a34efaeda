//! Damage replacement and prevention effects (614.1a, 614.2, 615) and regeneration
//! (614.8, 701.19a), as the contract's "Replacement and prevention effects" writes them.
//!
//! A [`DamageRule`] is a `replacement:` or `prevention:` attribute about damage: a static
//! ability, so it exists while its object is on the battlefield (614.4, 615.4). A
//! [`Shield`] is what a `regenerate` or `prevent …` statement or trigger effect makes. Each
//! damage event (one source, one recipient, one moment: 120.4) is modified by the effects
//! that apply to it ([`modify`]) before it is dealt; a destruction is replaced by a
//! regeneration shield ([`regenerate`]).

pub mod modify;
pub mod regenerate;
pub mod shields;

use super::super::card::Color;
use super::super::effect::{Control, Subject};
use super::prelude::*;

/// How the rule was written: it is named `L's replacement N` or `L's prevention N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Replacement,
    Prevention,
}

/// SOURCE: whose damage a rule watches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceSpec {
    /// `a [COLOR] source [CONTROL]`: any source, the anonymous one included when neither
    /// a color nor a controller is asked for.
    Any {
        color: Option<Color>,
        control: Control,
    },
    /// `this`, a label, `enchanted creature`, or a FILTER.
    Subject(Subject),
}

/// RECIPIENT: what a rule watches damage dealt to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecipientSpec {
    /// `a permanent or player`, or nothing written.
    Anything,
    /// `a player`.
    Player,
    /// `an opponent`.
    Opponent,
    /// `you`.
    You,
    /// `an opponent or a permanent an opponent controls`.
    OpponentOrTheirs,
    /// `this`, a label, `enchanted creature`, or a FILTER.
    Subject(Box<Subject>),
}

/// What a rule does to the damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    /// `it deals double that damage … instead` (614.1a).
    Double,
    /// `it deals that much damage plus N … instead` (614.1a).
    Plus(i32),
    /// `prevent all … damage` (615.1a).
    PreventAll,
    /// `prevent N of that damage` (615.10).
    Prevent(i32),
}

/// A `replacement:` or `prevention:` attribute about damage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageRule {
    /// As written (lower-cased), for reports.
    pub text: String,
    pub written: Written,
    pub source: SourceSpec,
    pub to: RecipientSpec,
    /// `combat damage`.
    pub combat_only: bool,
    pub change: Change,
}

/// Who a shield protects, or whose damage it stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Guard {
    /// `prevent the next N damage that would be dealt to X this turn` (615.7): one shield
    /// per object or player (615.11), with what it has left.
    Next { to: Target, object: u32, left: i32 },
    /// `prevent all [combat] damage that would be dealt [to X] this turn`: X fixed as the
    /// effect happens (611.2c); `None` for all damage.
    AllTo {
        to: Option<Vec<(Target, u32)>>,
        combat_only: bool,
    },
    /// `prevent all [combat] damage M would deal this turn`.
    AllFrom {
        source: CardId,
        object: u32,
        combat_only: bool,
    },
    /// `regenerate L` (701.19a): replaces L's next destruction this turn.
    Regenerate { card: CardId, object: u32 },
}

/// What a `regenerate` or `prevent …` statement or trigger effect protects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shielded {
    Card(CardId),
    Player(PlayerId),
    /// A set, fixed as the effect happens (611.2c, 615.11).
    Set(Subject),
}

/// A `regenerate` or `prevent …` statement or trigger effect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShieldSpec {
    /// `regenerate L` (701.19a).
    Regenerate(CardId),
    /// `prevent the next N damage that would be dealt to X this turn` (615.7).
    Next { to: Shielded, n: i32 },
    /// `prevent all [combat] damage that would be dealt [to X] this turn`.
    AllTo {
        to: Option<Shielded>,
        combat_only: bool,
    },
    /// `prevent all [combat] damage M would deal this turn`.
    AllFrom { source: CardId, combat_only: bool },
}

/// Where a shield came from: its name in suffixes and reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Maker {
    /// `action N`.
    Action(usize),
    /// `L's trigger [N]`.
    Trigger { source: CardId, index: usize },
}

/// A one-shot shield, until the cleanup step (514.2) or until used up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shield {
    pub guard: Guard,
    pub maker: Maker,
    pub timestamp: i64,
}

/// A replacement or prevention effect's name (contract, "Names").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EffectName {
    /// `L's replacement N` / `L's prevention N`; `several` when L has more than one.
    Rule {
        card: CardId,
        written: Written,
        n: usize,
        several: bool,
    },
    /// `L's protection`.
    Protection(CardId),
    /// `action N` or `L's trigger [N]`.
    Shield(Maker),
}

/// A name as a suffix writes it: what it may stand for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameRef {
    /// `L`: any effect of L.
    Label(CardId),
    /// `L's replacement [N]`, `L's prevention [N]`.
    Rule(CardId, Written, Option<usize>),
    Protection(CardId),
    Action(usize),
    Trigger(CardId, Option<usize>),
}

impl NameRef {
    /// The label it names, if any (`action N` names none).
    pub fn label(&self) -> Option<CardId> {
        match self {
            NameRef::Label(c)
            | NameRef::Rule(c, ..)
            | NameRef::Protection(c)
            | NameRef::Trigger(c, _) => Some(*c),
            NameRef::Action(_) => None,
        }
    }

    /// Whether this written name stands for `name`.
    pub fn names(&self, name: &EffectName) -> bool {
        match (self, name) {
            (NameRef::Label(l), EffectName::Rule { card, .. } | EffectName::Protection(card)) => {
                l == card
            }
            (NameRef::Label(l), EffectName::Shield(Maker::Trigger { source, .. })) => l == source,
            (
                NameRef::Rule(l, w, n),
                EffectName::Rule {
                    card,
                    written,
                    n: k,
                    ..
                },
            ) => l == card && w == written && n.is_none_or(|n| n == *k),
            (NameRef::Protection(l), EffectName::Protection(c)) => l == c,
            (NameRef::Action(a), EffectName::Shield(Maker::Action(b))) => a == b,
            (NameRef::Trigger(l, n), EffectName::Shield(Maker::Trigger { source, index })) => {
                l == source && n.is_none_or(|n| n == *index)
            }
            _ => false,
        }
    }
}

/// The order a player gave for the effects on events that affect them or their objects
/// (`(P applies: …)`, 616.1) and the sources whose damage their shields prevent first
/// (`(P prevents first: …)`, 615.7): the current statement's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choices {
    pub applies: Vec<(PlayerId, Vec<NameRef>)>,
    pub prevents_first: Vec<(PlayerId, Vec<CardId>)>,
}

/// The `replacement:` and `prevention:` rules about damage of `chars`, each with its name.
pub fn damage_rules(card: CardId, chars: &Characteristics) -> Vec<(EffectName, &DamageRule)> {
    let rules: Vec<&DamageRule> = chars
        .abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Damage(r) => Some(&**r),
            _ => None,
        })
        .collect();
    let count = |w: Written| {
        chars
            .abilities
            .iter()
            .filter(|a| a.written_as() == Some(w))
            .count()
    };
    let mut seen = [0, 0];
    let mut out = Vec::new();
    for a in &chars.abilities {
        let Some(w) = a.written_as() else { continue };
        let k = usize::from(w == Written::Prevention);
        seen[k] += 1;
        if let Ability::Damage(r) = a {
            out.push((
                EffectName::Rule {
                    card,
                    written: w,
                    n: seen[k],
                    several: count(w) > 1,
                },
                &**r,
            ));
        }
    }
    debug_assert_eq!(out.len(), rules.len());
    out
}

impl Game {
    /// 514.2: shields and `this turn` prevention effects end in the cleanup step.
    pub(in crate::scenario::engine) fn end_shields(&mut self) {
        self.shields.clear();
    }

    /// Where `source` stands in the `prevents first` suffixes (615.7): named sources
    /// first, in the order named; the others after, in file order.
    pub(in crate::scenario::engine) fn prevents_first_rank(&self, source: CardId) -> usize {
        self.choices
            .prevents_first
            .iter()
            .find_map(|(_, list)| list.iter().position(|&s| s == source))
            .unwrap_or(usize::MAX)
    }

    /// The choices of the statement now performed.
    pub fn choose(&mut self, choices: Choices) {
        self.choices = choices;
    }
}
