//! Triggered abilities (603) and the last known information they read (608.2h, 113.7a).
//!
//! The vocabulary is the engine's own: a [`TriggeredAbility`] is an event to watch for, an
//! optional intervening `if` and effects written with references (`this`, `it`, `you`,
//! a target) that are bound only as the ability resolves. Every statement the engine
//! performs, every round of state-based actions and every resolution is observed
//! ([`observe`]): the events it applied, with a [`Snapshot`] of the battlefield taken
//! immediately before them, are matched against the abilities that exist immediately after
//! (or, for the abilities that look back in time, immediately before: 603.10). What
//! triggered waits until a player would receive priority; [`place`] then puts it on the
//! stack in APNAP order (603.3b) and [`resolve`] resolves it (608.2).
//!
//! The pipeline, in order: a statement's effect *proposes* its events, the modification
//! step (`engine::replace`: entering, destinations and counters, called from `move_card`
//! and the counters effect) may change them, `apply` performs them, and [`observe`] matches triggers from what was applied.

pub mod counter;
pub mod damage;
pub mod observe;
pub mod place;
pub mod resolve;

pub use place::{Forced, Refusal, Settled};

use super::super::effect::Filter;
use super::prelude::*;

/// `trigger: WHEN EVENT [, if CONDITION], EFFECTS` (603.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TriggeredAbility {
    /// As written (lower-cased), for reports.
    pub text: String,
    pub event: TriggerEvent,
    /// An intervening `if` (603.4).
    pub condition: Option<Condition>,
    pub effects: Vec<TriggerEffect>,
    /// `target KIND (choosing X)`, in the order written.
    pub targets: Vec<TargetSpec>,
    /// Persist or undying: a keyword, named `L's persist`.
    pub keyword: Option<Keyword>,
}

/// The object an event names: `this`, `a FILTER`, `another FILTER`, `this or another FILTER`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ObjectFilter {
    This,
    /// `a creature`: any that fits, this one included.
    Any(Filter),
    /// `another creature`.
    Another(Filter),
    /// `this or another creature`.
    ThisOrAnother(Filter),
}

/// The events of version 3 this build plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TriggerEvent {
    /// E1: `OBJ enters [the battlefield] [under your control]` (603.6a).
    Enters {
        what: ObjectFilter,
        under_your_control: bool,
    },
    /// E2: `OBJ dies`, `OBJ is put into a graveyard from the battlefield` (700.4, 603.6c).
    Dies(ObjectFilter),
    /// E2': `one or more FILTERNOUNS die` (603.2c).
    OneOrMoreDie(Filter),
    /// E3: `OBJ leaves the battlefield` (603.6c).
    Leaves(ObjectFilter),
    /// E4: `(enchanted | equipped) (creature | permanent) (dies | leaves the battlefield)`
    /// (603.6e): once for the permanent the Aura or Equipment was attached to immediately
    /// before the event.
    AttachedLeaves {
        equipped: bool,
        creature: bool,
        dies: bool,
    },
    /// E5: `(you | a player | an opponent) sacrifice[s] (this | FILTER)` (701.21a): once
    /// for each sacrificed permanent that fits. It looks back from 2026-04-17 (603.10a);
    /// before, [`observe`] judges it both ways.
    Sacrifices { who: Players, what: ObjectFilter },
    /// E6: `OBJ attacks` (508.3a): declared as an attacker.
    Attacks(ObjectFilter),
    /// E7: `this blocks` (509.3a): declared as a blocker, once each combat.
    Blocks,
    /// E7: `this becomes blocked` (509.3c): blocked by creatures declared as blockers.
    BecomesBlocked,
    /// E8: `OBJ deals [combat] damage [to (a creature | a player | an opponent)]`.
    Deals {
        what: ObjectFilter,
        combat: bool,
        to: Option<DamageTo>,
    },
    /// E9: `PLAYERS gain life`, `PLAYERS lose life` (119.9).
    Life { who: Players, gained: bool },
    /// E10: `the beginning of (your | each | each opponent's) (upkeep | end step)` (603.2b).
    Beginning { whose: Whose, step: Step },
}

impl TriggerEvent {
    /// A leaves-the-battlefield ability, which looks back in time (603.10a; 603.6d of
    /// 2009-07-11 … 2016-09-30; 410.10d before).
    pub fn looks_back(&self) -> bool {
        matches!(
            self,
            TriggerEvent::Dies(_)
                | TriggerEvent::OneOrMoreDie(_)
                | TriggerEvent::Leaves(_)
                | TriggerEvent::AttachedLeaves { .. }
        )
    }

    /// Whether `it` means the event's object (E1, E2, E3, E5, E6, E8) rather than `this`.
    pub fn has_object(&self) -> bool {
        matches!(
            self,
            TriggerEvent::Enters { .. }
                | TriggerEvent::Dies(_)
                | TriggerEvent::Leaves(_)
                | TriggerEvent::AttachedLeaves { .. }
                | TriggerEvent::Sacrifices { .. }
                | TriggerEvent::Attacks(_)
                | TriggerEvent::Deals { .. }
        )
    }
}

/// The recipient an E8 event names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DamageTo {
    Creature,
    Player,
    Opponent,
}

/// A keyword that is a triggered ability (702.79a persist, 702.93a undying; lifelink and
/// deathtouch in 2007-05-01 … 2009-05-01, 502.68a and 502.63a of then).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keyword {
    Persist,
    Undying,
    Lifelink,
    Deathtouch,
}

impl Keyword {
    /// Its index in names: after every `trigger:` attribute.
    pub fn index(self) -> usize {
        match self {
            Keyword::Persist => KEYWORD_INDEX,
            Keyword::Undying => KEYWORD_INDEX + 1,
            Keyword::Lifelink => KEYWORD_INDEX + 2,
            Keyword::Deathtouch => KEYWORD_INDEX + 3,
        }
    }

    pub fn of_index(i: usize) -> Option<Keyword> {
        [
            Keyword::Persist,
            Keyword::Undying,
            Keyword::Lifelink,
            Keyword::Deathtouch,
        ]
        .into_iter()
        .find(|k| k.index() == i)
    }

    pub fn name(self) -> &'static str {
        match self {
            Keyword::Persist => "persist",
            Keyword::Undying => "undying",
            Keyword::Lifelink => "lifelink",
            Keyword::Deathtouch => "deathtouch",
        }
    }

    /// "When this permanent is put into a graveyard from the battlefield, if it had no
    /// -1/-1 (+1/+1) counters on it, return it to the battlefield under its owner's control
    /// with a -1/-1 (+1/+1) counter on it."
    ///
    /// Lifelink: "Whenever this permanent deals damage, you gain that much life." (502.68a
    /// of 2009-05-01); deathtouch: "Whenever this permanent deals damage to a creature,
    /// destroy that creature." (502.63a).
    pub fn ability(self) -> TriggeredAbility {
        let deals = |to: Option<DamageTo>, effect: TriggerEffect| TriggeredAbility {
            text: self.name().to_string(),
            event: TriggerEvent::Deals {
                what: ObjectFilter::This,
                combat: false,
                to,
            },
            condition: None,
            effects: vec![effect],
            targets: Vec::new(),
            keyword: Some(self),
        };
        let kind = match self {
            Keyword::Persist => CounterKind::MinusOne,
            Keyword::Undying => CounterKind::PlusOne,
            Keyword::Lifelink => {
                return deals(
                    None,
                    TriggerEffect::Life {
                        who: PlayerRef::You,
                        gained: true,
                        amount: Amount::ThatMuch,
                    },
                )
            }
            Keyword::Deathtouch => {
                return deals(
                    Some(DamageTo::Creature),
                    TriggerEffect::Destroy(ObjectRef::Recipient),
                )
            }
        };
        TriggeredAbility {
            text: self.name().to_string(),
            event: TriggerEvent::Dies(ObjectFilter::This),
            condition: Some(Condition::ItHad { kind, at_least: 0 }),
            effects: vec![
                // "return it ... with a C counter on it": put as it enters (122.6).
                TriggerEffect::ReturnToBattlefield {
                    what: ObjectRef::It,
                    under_you: false,
                    counters: Some((kind, 1)),
                },
            ],
            targets: Vec::new(),
            keyword: Some(self),
        }
    }
}

/// Keyword triggers are numbered from here, so `L's trigger N` never names one.
pub const KEYWORD_INDEX: usize = 1000;

/// `you`, `a player`, `an opponent`, a player's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Players {
    You,
    Any,
    Opponent,
    Named(PlayerId),
}

/// Whose step an E10 ability watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    Yours,
    Each,
    EachOpponents,
}

/// An intervening `if` (603.4).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Condition {
    /// `you have N or more life` (`more`), `you have N or less life`.
    Life { n: i32, more: bool },
    /// `you control a FILTERNOUN`, `you control N or more FILTERNOUNS`.
    Control { filter: Filter, at_least: u32 },
    /// `you control no FILTERNOUNS`.
    ControlNo(Filter),
    /// `it had no C counters on it` (`at_least` 0 means none), `it had a C counter on it`,
    /// `it had N or more C counters on it`: read from its last known information.
    ItHad { kind: CounterKind, at_least: i32 },
}

/// An object an effect names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ObjectRef {
    /// The ability's source (113.7).
    This,
    /// The event's object (`it`, `that creature`, …).
    It,
    Label(CardId),
    /// The N-th target written (0-based).
    Target(usize),
    /// The creature dealt damage in an E8 event `… damage to a creature` (`that creature`).
    Recipient,
}

/// A player an effect names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerRef {
    /// The ability's controller (603.3a).
    You,
    /// The player of an E9 event.
    ThatPlayer,
    /// The controller of the event's object (of `this` where `it` means `this`).
    ItsController,
    ItsOwner,
    Named(PlayerId),
    Target(usize),
    EachOpponent,
    EachPlayer,
}

/// A number an effect reads when it happens (608.2h).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    Fixed(i32),
    Power(ObjectRef),
    Toughness(ObjectRef),
    ManaValue(ObjectRef),
    Counters(CounterKind, ObjectRef),
    /// `that much`: the life gained or lost (E9), the damage dealt (E8).
    ThatMuch,
}

/// What a target may be (115.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    Creature,
    Permanent,
    Player,
    Opponent,
    /// `any target`: a creature, player, planeswalker or battle (115.4).
    Any,
    /// `target creature or player`.
    CreatureOrPlayer,
}

/// What `M deals N damage to X` deals its damage to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DamageRecipient {
    Object(ObjectRef),
    Player(PlayerRef),
    /// `any target`, `target creature or player`: the N-th target written (0-based).
    Target(usize),
    /// `each creature [CONTROL]` or any SUBJECT (`you` the source's controller): the set
    /// fixed as the damage is dealt (611.2c).
    Set(super::super::effect::Subject),
}

/// `target KIND [(choosing X)]`: a fixed written choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetSpec {
    pub kind: TargetKind,
    pub choosing: Option<Target>,
}

/// An effect of a triggered ability: an effect statement of Actions with references.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TriggerEffect {
    Life {
        who: PlayerRef,
        gained: bool,
        amount: Amount,
    },
    Counters {
        on: ObjectRef,
        kind: CounterKind,
        amount: i32,
        put: bool,
    },
    Destroy(ObjectRef),
    Exile(ObjectRef),
    ReturnToHand(ObjectRef),
    /// `return it to the battlefield [under your control | under its owner's control]`.
    ReturnToBattlefield {
        what: ObjectRef,
        under_you: bool,
        /// `with N C counters on it` (122.6).
        counters: Option<(CounterKind, i32)>,
    },
    /// `OBJ gets +N/+N [until end of turn]`.
    Gets {
        what: ObjectRef,
        pt: PowerToughness,
        until_end_of_turn: bool,
    },
    /// `OBJ gains KEYWORD`, `OBJ loses …`, `OBJ becomes …`, `OBJ is COLOR` … [until end of
    /// turn]: a continuous effect on one object (611.2, 613).
    Modify {
        what: ObjectRef,
        change: Change,
        until_end_of_turn: bool,
    },
    /// `PLAYER gains control of OBJ [until end of turn]` (layer 2, 613.1b).
    GainControl {
        who: PlayerRef,
        what: ObjectRef,
        until_end_of_turn: bool,
    },
    /// `SUBJECT CHANGE [until end of turn]` (`creatures you control get +1/+1 until end of
    /// turn`): a one-shot effect on a set fixed as it begins (611.2c); `you` is the ability's
    /// source's controller.
    AffectAll {
        effect: super::super::effect::Effect,
        until_end_of_turn: bool,
    },
    /// `destroy SETLIST`, `exile SETLIST` (`destroy all creatures`): every object at once,
    /// one event.
    DestroyEach {
        subjects: Vec<super::super::effect::Subject>,
        exile: bool,
    },
    /// `M deals N damage to X`, `M deals damage equal to VALUE to X` (120.2b).
    Damage {
        source: ObjectRef,
        amount: Amount,
        to: DamageRecipient,
    },
    /// `PLAYER wins the game` (104.2b).
    Win(PlayerRef),
    /// `counter TRIG` (701.6a): the topmost triggered ability on the stack it names.
    CounterTrigger(TriggerName),
    /// `counter L`: a spell on the stack (701.6a).
    CounterSpell(CardId),
    /// `PLAYER sacrifices OBJ[, OBJ]...[ and OBJ]` (701.21a): all at once, one event.
    Sacrifice {
        who: PlayerRef,
        what: Vec<ObjectRef>,
    },
    /// `regenerate OBJ`, `prevent … OBJ … this turn` (701.19a, 615.7, 615.1a): the
    /// shield, with OBJ bound as it resolves.
    Shield {
        on: ObjectRef,
        kind: ShieldKind,
    },
}

/// Which shield a trigger's `regenerate` or `prevent …` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShieldKind {
    Regenerate,
    /// `prevent the next N damage that would be dealt to OBJ this turn`.
    Next(i32),
    /// `prevent all [combat] damage that would be dealt to OBJ this turn`.
    AllTo {
        combat_only: bool,
    },
    /// `prevent all [combat] damage OBJ would deal this turn`.
    AllFrom {
        combat_only: bool,
    },
}

impl TriggerEffect {
    /// Whether its words read the event (`it`, `that player`, `that much`…).
    pub fn reads_event(&self) -> bool {
        let obj = |o: &ObjectRef| matches!(o, ObjectRef::It | ObjectRef::Recipient);
        let amount = |a: &Amount| match a {
            Amount::ThatMuch => true,
            Amount::Power(o)
            | Amount::Toughness(o)
            | Amount::ManaValue(o)
            | Amount::Counters(_, o) => obj(o),
            Amount::Fixed(_) => false,
        };
        match self {
            TriggerEffect::Life { who, amount: a, .. } => {
                matches!(
                    who,
                    PlayerRef::ThatPlayer | PlayerRef::ItsController | PlayerRef::ItsOwner
                ) || amount(a)
            }
            TriggerEffect::Counters { on, .. } => obj(on),
            TriggerEffect::CounterTrigger(_) | TriggerEffect::CounterSpell(_) => false,
            TriggerEffect::Win(who) => matches!(
                who,
                PlayerRef::ThatPlayer | PlayerRef::ItsController | PlayerRef::ItsOwner
            ),
            TriggerEffect::Sacrifice { who, what } => {
                matches!(
                    who,
                    PlayerRef::ThatPlayer | PlayerRef::ItsController | PlayerRef::ItsOwner
                ) || what.iter().any(obj)
            }
            TriggerEffect::Destroy(o)
            | TriggerEffect::Exile(o)
            | TriggerEffect::ReturnToHand(o)
            | TriggerEffect::Shield { on: o, .. } => obj(o),
            TriggerEffect::ReturnToBattlefield { what, .. } => obj(what),
            TriggerEffect::Gets { what, .. } | TriggerEffect::Modify { what, .. } => obj(what),
            TriggerEffect::AffectAll { .. } | TriggerEffect::DestroyEach { .. } => false,
            TriggerEffect::GainControl { who, what, .. } => {
                matches!(
                    who,
                    PlayerRef::ThatPlayer | PlayerRef::ItsController | PlayerRef::ItsOwner
                ) || obj(what)
            }
            TriggerEffect::Damage {
                source,
                amount: a,
                to,
            } => {
                obj(source)
                    || amount(a)
                    || match to {
                        DamageRecipient::Object(o) => obj(o),
                        DamageRecipient::Player(p) => matches!(
                            p,
                            PlayerRef::ThatPlayer | PlayerRef::ItsController | PlayerRef::ItsOwner
                        ),
                        DamageRecipient::Target(_) | DamageRecipient::Set(_) => false,
                    }
            }
        }
    }
}

/// A triggered ability by name: `L's trigger [N] [for X]` (scenario-format "Names").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TriggerName {
    pub source: CardId,
    /// Which of its `trigger:` attributes (1-based); `None`: any of them.
    pub index: Option<usize>,
    /// The event's object or player; `None`: any instance.
    pub instance: Option<Target>,
    /// A bare label in an order suffix: all of its abilities being placed, in the default
    /// order among themselves.
    pub every: bool,
}

impl TriggerName {
    /// Whether `self` names the instance `inst`.
    pub fn names(&self, source: CardId, index: usize, instance: Option<Target>) -> bool {
        self.source == source
            && match self.index {
                Some(i) => i == index,
                // `L's trigger` counts its `trigger:` attributes, not its keywords.
                None => self.every || index < KEYWORD_INDEX,
            }
            && self.instance.is_none_or(|x| Some(x) == instance)
    }
}

/// `(P orders triggers: T, T...)`: the first named resolves first (603.3b).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TriggerOrder {
    pub player: PlayerId,
    pub names: Vec<TriggerName>,
}

/// One occurrence of a triggered ability: waiting, then on the stack.
#[derive(Debug, Clone)]
pub struct Instance {
    pub source: CardId,
    /// The source's object when it triggered (400.7).
    pub source_object: u32,
    /// Which of the source's `trigger:` attributes (1-based).
    pub index: usize,
    pub ability: TriggeredAbility,
    /// 603.3a: who controlled the source when it triggered (immediately before the event
    /// for an ability that looks back).
    pub controller: PlayerId,
    /// The source as it was when it triggered: its last known information if it leaves.
    pub source_view: View,
    /// The event's object: the card, its object in the zone it moved to, and what it looked
    /// like (immediately before the event if it left, else as it is after it).
    pub object: Option<EventObject>,
    /// The player of an E9 event, or the player dealt damage in an E8 event.
    pub player: Option<PlayerId>,
    /// The recipient of an E8 event's damage, with the object it was then; the instance's
    /// `for X`.
    pub recipient: Option<(Target, u32)>,
    /// How much life was gained or lost (E9), or damage dealt (E8).
    pub amount: i32,
    pub looked_back: bool,
    /// Whether the source had left the battlefield in the event that made it trigger: its
    /// last known information is then `source_view` (603.10, 608.2h).
    pub source_left: bool,
    /// The targets chosen as it was put on the stack, with the object each was then.
    pub targets: Vec<(Target, u32)>,
    /// The rules that made it trigger.
    pub cites: Vec<Cite>,
}

impl Instance {
    /// Its `for X` in a name: the event's object or player.
    pub fn instance(&self) -> Option<Target> {
        if let Some((t, _)) = self.recipient {
            return Some(t);
        }
        match (&self.object, self.player) {
            (Some(o), _) => Some(Target::Card(o.card)),
            (None, Some(p)) => Some(Target::Player(p)),
            _ => None,
        }
    }
}

/// The object an event happened to.
#[derive(Debug, Clone)]
pub struct EventObject {
    pub card: CardId,
    /// Its object after the event (in the zone it moved to).
    pub object: u32,
    /// Where it went (the battlefield for E1).
    pub zone: Zone,
    pub view: View,
    /// Its counters then (+1/+1, -1/-1, loyalty, defense).
    pub counters: Counters,
    pub token: bool,
}

/// What happened to a triggered ability, for the report and for Expect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TriggerFate {
    Triggered,
    Resolved,
    /// Removed from the stack, by the rule cited.
    Removed(Cite),
}

/// One line of the record of triggered abilities.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TriggerRecord {
    pub source: CardId,
    pub index: usize,
    pub instance: Option<Target>,
    pub controller: PlayerId,
    pub fate: TriggerFate,
}

/// The battlefield immediately before an event: what looking back sees (603.10), and the
/// last known information of what leaves in it (608.2h).
#[derive(Debug, Clone, Default)]
pub struct Snapshot {
    pub objects: Vec<Seen>,
    /// (attachment, its object, the permanent it was attached to, that permanent's object).
    pub attached: Vec<(CardId, u32, CardId, u32)>,
    pub life: ById<PlayerId, i32>,
}

/// One permanent as it was.
#[derive(Debug, Clone)]
pub struct Seen {
    pub card: CardId,
    pub object: u32,
    pub view: View,
    pub counters: Counters,
    pub token: bool,
}

impl Seen {
    /// This object as the event's object: it moved to `zone` as object `object` (its
    /// last known information, 608.2h).
    pub fn moved(&self, object: u32, zone: Zone) -> EventObject {
        EventObject {
            card: self.card,
            object,
            zone,
            view: self.view.clone(),
            counters: self.counters,
            token: self.token,
        }
    }
}

impl Snapshot {
    pub fn find(&self, card: CardId, object: u32) -> Option<&Seen> {
        self.objects
            .iter()
            .find(|s| s.card == card && s.object == object)
    }
}

/// The triggered abilities of a view: `trigger:` attributes numbered from 1 in the order
/// written, keywords by [`Keyword::index`].
pub fn triggered_abilities(chars: &Characteristics) -> Vec<(usize, &TriggeredAbility)> {
    let mut n = 0;
    chars
        .abilities
        .iter()
        .filter_map(|a| match a {
            Ability::Triggered(t) => Some(&**t),
            _ => None,
        })
        .map(|t| match t.keyword {
            Some(k) => (k.index(), t),
            None => {
                n += 1;
                (n, t)
            }
        })
        .collect()
}

/// Whether `view` (of `card`, a token or not) fits `f`, `you` being the ability's controller.
pub fn fits(f: &Filter, view: &View, token: bool, you: PlayerId) -> bool {
    f.fits(&view.chars, token, view.controller, Some(you))
}
