//! What happens, with its citations: [`Event`] (something that happened to objects or
//! players: a typed [`Happened`] carrying its data, never a sentence). Why something can't
//! happen is a [`Reason`](super::reason::Reason). Everything the engine reports is one of
//! these; the report driver turns them into sentences.

use super::prelude::*;

/// An object's id: a new one on every zone change (400.7).
pub type ObjectId = u32;

/// What kind of change an event made, to find "the event that made it true".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    Moved,
    Attached,
    Unattached,
    Control,
    Life,
    Lost,
    Counters,
    Damage,
    Changed,
    /// A combat declaration, or a creature removed from combat (508, 509, 506.4).
    Combat,
    Played,
    Turn,
    Stack,
    /// An attempted change that changed nothing: its rules are evidence for the outcome.
    Note,
    /// An action that was refused: the reasons' rules are the evidence for what it failed
    /// to change.
    Refused,
}

/// An object on the stack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StackObject {
    Spell(CardId),
    Ability {
        source: CardId,
        ability: AbilityKind,
    },
    /// Combat damage on the stack (310.1 before 2009-07-11).
    CombatDamage,
    /// A triggered ability: `L's trigger [N] [for X]`.
    Trigger {
        source: CardId,
        index: usize,
        instance: Option<Target>,
    },
}

/// Why an object changed zones (beyond the rules cited).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// Nothing more to say than the rules cited.
    Unstated,
    PutByEffect,
    /// A land put onto the battlefield, not played (305.4).
    LandPut,
    AuraPut,
    Destroyed,
    Exiled,
    SacrificedBy(PlayerId),
    ReturnedToHand,
    Countered,
    Cast,
    DidntResolve,
    InstantOrSorceryResolved,
    AuraResolved,
    PermanentResolved,
    PlayedAsLand,
    /// Exiled because the player controlling it left the game (800.4a).
    ControllerLeftGame(PlayerId),
    /// 800.4c: the effect that gave it to a player still in the game ended, and the player
    /// who controlled it by default has left the game.
    DefaultControllerLeftGame(PlayerId),
}

/// How an attachment's object was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chosen {
    /// Named by the action itself.
    AsStated,
    /// An Aura spell: the object it targeted (303.4b).
    Targeted,
    /// An Aura put onto the battlefield: the player chose it (`choosing L`, 303.4f).
    By(PlayerId, CardId),
    /// An Aura put onto the battlefield with no `choosing L`: the newest legal choice.
    Newest(Target),
}

/// What an effect that changed nothing would have done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    Attach,
    Destroy,
    Damage,
}

/// One state-based action's finding: the condition its 704.5 rule names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// 704.5a
    ZeroLife { player: PlayerId, life: i32 },
    /// 704.5d
    TokenElsewhere { card: CardId, zone: Zone },
    /// 704.5f
    ZeroToughness { card: CardId, toughness: i32 },
    /// 704.5h
    DeathtouchDamage { card: CardId },
    /// 704.5g
    LethalDamage {
        card: CardId,
        damage: i32,
        toughness: i32,
    },
    /// 704.5i
    ZeroLoyalty { card: CardId },
    /// 704.5j from 2013-07-13: the controller keeps one.
    LegendRule {
        player: PlayerId,
        group: Vec<CardId>,
        keep: CardId,
        card: CardId,
    },
    /// 704.5j before 2013-07-13: all of them go.
    LegendRuleAll { group: Vec<CardId>, card: CardId },
    /// The planeswalker uniqueness rule (until 2017-09-29).
    Uniqueness {
        player: PlayerId,
        group: Vec<CardId>,
        /// Who is kept, and whether the file chose it.
        keep: Option<(CardId, bool)>,
        card: CardId,
    },
    /// 704.5k
    WorldRule { card: CardId },
    /// 704.5m: an Aura attached to nothing.
    AuraUnattached { card: CardId },
    /// 704.5m: an Aura attached illegally.
    AuraIllegal { card: CardId, problems: Vec<Reason> },
    /// 704.5n, 704.5p: an Equipment, Fortification or other permanent attached illegally.
    IllegallyAttached {
        card: CardId,
        to: Target,
        problems: Vec<Reason>,
    },
    /// 704.5q
    CountersAnnihilate { card: CardId, n: i32 },
    /// 704.5v
    ZeroDefense { card: CardId },
    /// 704.5w: a battle with no protector (or whose protector left the game).
    NoProtector {
        card: CardId,
        controller: PlayerId,
        chosen: Option<PlayerId>,
        protector_left: bool,
    },
    /// 704.5x: a Siege protected by its controller.
    SiegeOwnProtector {
        card: CardId,
        controller: PlayerId,
        chosen: Option<PlayerId>,
    },
    /// 704.5y
    Roles {
        target: CardId,
        player: PlayerId,
        card: CardId,
        newest: CardId,
    },
}

/// What a state-based action does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The player loses the game (104.3).
    Loses(PlayerId),
    /// A token ceases to exist (111.7).
    CeasesToExist {
        card: CardId,
        old: ObjectId,
    },
    /// Put into its owner's graveyard (destroyed, for 704.5g), as a new object.
    ToGraveyard {
        card: CardId,
        from: Zone,
        old: ObjectId,
        new: ObjectId,
    },
    Unattached {
        card: CardId,
        from: Target,
    },
    CountersRemoved {
        card: CardId,
        n: i32,
    },
    Protector {
        card: CardId,
        player: Option<PlayerId>,
    },
}

/// Something that happened, with the data a report needs to say it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happened {
    /// Replacement effects modified how an event affected an object (614, 616.1).
    Replaced(Box<super::replace::modify::Replaced>),
    /// A turn-based action of combat or what a combat damage step did (506–511).
    Combat(super::combat::CombatEvent),
    /// 400.7: a card moved to a zone as a new object.
    ZoneChange {
        card: CardId,
        from: Zone,
        to: Zone,
        old: ObjectId,
        new: ObjectId,
        cause: Cause,
    },
    /// 800.4a: an object leaves the game with its owner.
    LeavesGame {
        card: CardId,
        from: Zone,
        old: ObjectId,
        owner: PlayerId,
    },
    Attached {
        card: CardId,
        to: Target,
        chosen: Chosen,
    },
    /// 702.151b: a reconfigured Equipment unattaches and is a creature again.
    Reconfigured {
        card: CardId,
    },
    /// A continuous effect begins (611, 613).
    ContinuousEffect {
        card: CardId,
        change: Change,
        until_end_of_turn: bool,
    },
    /// 800.4a: a control-changing effect ends with the player it benefited.
    ControlEffectEnds {
        card: CardId,
        from: PlayerId,
        now: PlayerId,
    },
    Damage {
        card: CardId,
        amount: i32,
        source: Option<CardId>,
        /// Combat damage (510.2; 310.4 before 2009-07-11).
        combat: bool,
    },
    /// 120.3a: noncombat damage dealt to a player, who loses that much life.
    DamageToPlayer {
        source: CardId,
        player: PlayerId,
        amount: i32,
        now: i32,
    },
    DamagePrevented {
        card: CardId,
        amount: i32,
        source: CardId,
        quality: Quality,
    },
    Counters {
        card: CardId,
        kind: CounterKind,
        /// How many were put on (`put`) or removed.
        amount: i32,
        put: bool,
    },
    /// 104.2b, 104.1: an effect says `player` wins; the game ends, and every other player
    /// has lost it.
    Wins {
        player: PlayerId,
    },
    Life {
        player: PlayerId,
        /// How much was gained (`gained`) or lost.
        amount: i32,
        gained: bool,
        now: i32,
    },
    Cast {
        player: PlayerId,
        card: CardId,
        targets: Vec<Target>,
    },
    Activated {
        player: PlayerId,
        source: CardId,
        ability: AbilityKind,
        target: Option<CardId>,
    },
    PlayedLand {
        player: PlayerId,
        card: CardId,
    },
    Countered {
        card: CardId,
    },
    Resolves(StackObject),
    /// 608.2b: every target is illegal.
    DoesntResolve {
        object: StackObject,
        reasons: Vec<Reason>,
    },
    /// An ability whose source left the battlefield (400.7).
    SourceGone {
        source: CardId,
        ability: AbilityKind,
    },
    StepBegins {
        step: Step,
        active: PlayerId,
    },
    TurnBegins {
        player: PlayerId,
        untapped: Vec<CardId>,
        /// Whether the game went on to the precombat main phase with nothing happening on
        /// the way (the report then says so in the same words).
        in_main: bool,
    },
    /// 514.2
    Cleanup {
        ended: usize,
    },
    /// A state-based action performed (704), for what its rules found.
    StateBased {
        outcome: Outcome,
        findings: Vec<Finding>,
    },
    /// 704.5j: which legendary permanent a player keeps.
    LegendKept {
        player: PlayerId,
        card: CardId,
        as_written: bool,
    },
    /// 603.2: a triggered ability triggered (`looked_back`: 603.10a).
    Triggered {
        ability: StackObject,
        controller: PlayerId,
        looked_back: bool,
    },
    /// 603.3b: the waiting abilities go on the stack, each player's in their order
    /// (`default`: the file gave none), active player first.
    TriggersPut {
        orders: Vec<(PlayerId, Vec<StackObject>, bool)>,
    },
    /// 608.2: a triggered ability resolved; `last_known`: an effect read last known
    /// information (608.2h, 113.7a).
    TriggerResolves {
        ability: StackObject,
        last_known: bool,
    },
    /// 603.3d, 603.4, 608.2b, 701.6a: a triggered ability removed from the stack.
    TriggerRemoved {
        ability: StackObject,
    },
    /// `counter TRIG` (701.6a): removed from the stack without resolving.
    TriggerCountered {
        ability: StackObject,
    },
    /// `P gains|loses life equal to VALUE` read as 0 or less: no life is gained or lost
    /// (107.1b: zero is used for a negative result; 119.9: gaining 0 life is no life gain
    /// event).
    NoLife {
        player: PlayerId,
        gained: bool,
        value: i32,
    },
    /// `M deals N damage to X` with N 0 or less: no damage is dealt (120.8; 107.1b for a
    /// negative amount).
    NoDamage {
        source: CardId,
        amount: i32,
    },
    /// `counter TRIG` with no such ability on the stack: nothing happens.
    NoTriggerToCounter {
        source: CardId,
    },
    /// `counter combat damage`: it can't be countered (310.3 before 2009-07-11), or there is
    /// no such object (`on_stack` false).
    CombatDamageNotCountered {
        on_stack: bool,
    },
    /// An action refused (the reasons are in the action's report).
    Refused {
        action: usize,
    },
    // ----- attempts that changed nothing ------------------------------------------------
    AlreadyAttached {
        card: CardId,
        to: Target,
    },
    DoesntMove {
        card: CardId,
        problems: Vec<Reason>,
    },
    AlreadyOnBattlefield {
        card: CardId,
    },
    TokenLeftBattlefield {
        card: CardId,
        again: bool,
    },
    NoLongerExists {
        card: CardId,
    },
    CantEnterBattlefield {
        card: CardId,
        zone: Zone,
    },
    AuraCantEnterAttached {
        card: CardId,
        to: Target,
        problems: Vec<Reason>,
        zone: Zone,
    },
    AuraNothingToEnchant {
        card: CardId,
        zone: Zone,
    },
    EntersUnattached {
        card: CardId,
        problems: Vec<Reason>,
    },
    NotAttachable {
        card: CardId,
    },
    NotOnBattlefield {
        card: CardId,
        attempt: Attempt,
    },
    Indestructible {
        card: CardId,
    },
    NotASpell {
        card: CardId,
        zone: Zone,
    },
    /// A one-shot effect on a set found no object to apply to as it began (611.2c).
    AppliesToNothing,
    /// Control would change to a player who has left the game: it doesn't (800.4b).
    NoControlForPlayerWhoLeft {
        card: CardId,
        player: PlayerId,
    },
    /// A damage event modified by replacement and prevention effects (120.4a, 616.1).
    DamageModified(Box<super::prevent::modify::Modification>),
    /// A shield made by a statement or a trigger: `regenerate L` (701.19a), or a
    /// prevention shield (615.7) of `n` damage (`None`: all damage).
    Shield {
        maker: super::prevent::Maker,
        to: Target,
        regenerate: bool,
        n: Option<i32>,
    },
    /// A prevention effect of `prevent all … damage M would deal this turn`, or dealt to
    /// several (615.1a).
    PreventionBegins {
        maker: super::prevent::Maker,
        text: String,
    },
    /// A regeneration shield replaced the destruction of `card` (614.8).
    Regenerated {
        card: CardId,
        by: super::prevent::Maker,
        /// How many regeneration shields it had.
        shields: usize,
    },
}

impl Happened {
    /// The kind of change, for the checker's "which event made it true".
    pub fn kind(&self) -> EventKind {
        use Happened as H;
        match self {
            H::ZoneChange { .. } | H::LeavesGame { .. } => EventKind::Moved,
            H::Attached { .. } => EventKind::Attached,
            H::Reconfigured { .. } => EventKind::Unattached,
            H::ContinuousEffect { change, .. } => {
                if matches!(change, Change::Control(_)) {
                    EventKind::Control
                } else {
                    EventKind::Changed
                }
            }
            H::ControlEffectEnds { .. } => EventKind::Control,
            H::Damage { .. } => EventKind::Damage,
            H::Regenerated { .. } => EventKind::Changed,
            H::DamageModified(_) | H::Shield { .. } | H::PreventionBegins { .. } => EventKind::Note,
            H::DamageToPlayer { .. } => EventKind::Life,
            H::Counters { .. } => EventKind::Counters,
            H::Replaced(r) => match &r.result {
                super::replace::modify::Outcome::Counters(..) => EventKind::Counters,
                super::replace::modify::Outcome::Entered { counters, .. }
                    if !counters.is_empty() =>
                {
                    EventKind::Counters
                }
                _ => EventKind::Moved,
            },
            H::Life { .. } => EventKind::Life,
            H::Wins { .. } => EventKind::Lost,
            H::Cast { .. }
            | H::Activated { .. }
            | H::Countered { .. }
            | H::Resolves(_)
            | H::DoesntResolve { .. }
            | H::SourceGone { .. }
            | H::Triggered { .. }
            | H::TriggersPut { .. }
            | H::TriggerResolves { .. }
            | H::TriggerRemoved { .. }
            | H::TriggerCountered { .. } => EventKind::Stack,
            H::PlayedLand { .. } => EventKind::Played,
            H::StepBegins { .. } | H::TurnBegins { .. } | H::Cleanup { .. } => EventKind::Turn,
            H::StateBased { outcome, .. } => match outcome {
                Outcome::Loses(_) => EventKind::Lost,
                Outcome::CeasesToExist { .. } | Outcome::ToGraveyard { .. } => EventKind::Moved,
                Outcome::Unattached { .. } => EventKind::Unattached,
                Outcome::CountersRemoved { .. } => EventKind::Counters,
                Outcome::Protector { .. } => EventKind::Changed,
            },
            H::Refused { .. } => EventKind::Refused,
            H::Combat(c) => c.kind(),
            H::LegendKept { .. }
            | H::AlreadyAttached { .. }
            | H::DoesntMove { .. }
            | H::AlreadyOnBattlefield { .. }
            | H::TokenLeftBattlefield { .. }
            | H::NoLongerExists { .. }
            | H::CantEnterBattlefield { .. }
            | H::AuraCantEnterAttached { .. }
            | H::AuraNothingToEnchant { .. }
            | H::EntersUnattached { .. }
            | H::NotAttachable { .. }
            | H::NotOnBattlefield { .. }
            | H::Indestructible { .. }
            | H::DamagePrevented { .. }
            | H::NotASpell { .. }
            | H::NoControlForPlayerWhoLeft { .. }
            | H::NoTriggerToCounter { .. }
            | H::NoLife { .. }
            | H::NoDamage { .. }
            | H::CombatDamageNotCountered { .. }
            | H::AppliesToNothing => EventKind::Note,
        }
    }
}

/// Something that happened, citing the rules that made it happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    pub what: Happened,
    pub cites: Vec<Cite>,
    /// The objects and players it is about, for the checker's "which event made it true".
    pub subjects: Vec<Target>,
    /// Performed as a state-based action.
    pub state_based: bool,
}

impl Event {
    pub fn kind(&self) -> EventKind {
        self.what.kind()
    }
}

pub(super) fn event(what: Happened, subjects: Vec<Target>, numbers: &[Cite]) -> Event {
    Event {
        what,
        cites: cites(numbers),
        subjects,
        state_based: false,
    }
}

pub(super) fn dedup(cs: &mut Vec<Cite>) {
    let mut seen = Vec::new();
    cs.retain(|c| {
        if seen.contains(c) {
            false
        } else {
            seen.push(*c);
            true
        }
    });
}
