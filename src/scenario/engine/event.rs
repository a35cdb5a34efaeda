//! What happens and why not, each with its citations: [`Event`] (something that happened
//! to objects or players: a typed [`Happened`] carrying its data, never a sentence) and
//! [`Reason`] (why an action or a change can't happen). Everything the engine reports is
//! one of these; the report driver turns them into sentences.

use super::super::card::TypeLine;
use super::prelude::*;
use crate::model::Date;

pub(super) fn cites(numbers: &[Cite]) -> Vec<Cite> {
    numbers.to_vec()
}

/// Why something can't happen, with the rules that say so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason {
    pub cites: Vec<Cite>,
    pub why: Why,
}

/// Why, as data (objects, players, keywords, numbers), never a sentence: the report's
/// `words` module says it in English. One variant per kind of reason; combat and the
/// layer system keep theirs in their own enums.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// A reason of the combat phase (506–511).
    Combat(super::combat::why::Why),
    /// A reason of the layer system (613).
    Layers(super::layers::why::Why),
    /// 303.4f: the Aura can't enchant the object chosen for it, for these reasons.
    CantEnchant {
        aura: CardId,
        chosen: CardId,
        problems: Vec<Reason>,
    },
    // ----- timing and priority (117, 305, 307) ------------------------------------------
    /// 117.1a, 307.1, 305.1: only during its controller's own turn.
    NotOwnTurn {
        doing: Doing,
        active: PlayerId,
    },
    /// 117.1a, 307.1, 305.1: only during a main phase.
    NotMainPhase {
        doing: Doing,
        step: Step,
    },
    /// 117.1a, 307.1, 305.1: only when the stack is empty (its objects, top first).
    StackNotEmpty {
        doing: Doing,
        stack: Vec<StackObject>,
    },
    /// 117.1: another player has priority.
    NoPriority {
        player: PlayerId,
        holder: PlayerId,
        /// What the player tried: casting, activating, playing a land (none for passing).
        doing: Option<Doing>,
    },
    /// 502.4
    NoPriorityInUntap,
    /// 514.3
    NoPriorityInCleanup,
    // ----- playing lands (305) ----------------------------------------------------------
    NotALandCard {
        card: CardId,
    },
    /// In its owner's graveyard, with nothing allowing a land to be played from there.
    LandInGraveyard {
        card: CardId,
        owner: PlayerId,
    },
    LandNotInHand {
        card: CardId,
        zone: Zone,
    },
    /// 305.3: a player plays lands only during their own turn.
    LandNotYourTurn {
        player: PlayerId,
        active: PlayerId,
    },
    /// 305.2: the number of lands a player may play this turn.
    LandLimit {
        player: PlayerId,
        played: u32,
        allowed: u32,
    },
    // ----- casting spells and activating abilities (601, 602) ---------------------------
    /// 601.3: cast only from the hand.
    CastFrom {
        card: CardId,
        zone: Zone,
        player: PlayerId,
    },
    /// 305.9: a land is played, not cast.
    LandIsPlayed {
        card: CardId,
    },
    /// 303.4a: an Aura spell has exactly one target.
    AuraTargetCount {
        given: usize,
    },
    /// 115.5
    TargetsItself,
    /// 702.151: reconfigure doesn't exist in the chosen revision.
    NoReconfigure {
        date: Date,
    },
    /// 702.67: fortify doesn't exist in the chosen revision.
    NoFortify {
        date: Date,
    },
    /// 602.2: the source of an activated ability isn't on the battlefield.
    SourceNotOnBattlefield {
        card: CardId,
        zone: Zone,
    },
    /// 602.2: only its controller activates a permanent's abilities.
    NotItsController {
        card: CardId,
        controller: PlayerId,
    },
    NoSuchAbility {
        card: CardId,
        ability: AbilityKind,
    },
    /// 702.151a: unattach only while attached to a creature.
    NotAttachedToCreature {
        card: CardId,
    },
    // ----- attaching (301.5, 301.6, 303.4, 310.9, 702.5, 702.16) ------------------------
    /// 310.9: a battle can't be attached.
    BattleAttached {
        card: CardId,
    },
    /// 303.4d: an Aura that's also a creature.
    AuraCreature {
        card: CardId,
    },
    /// 303.4d
    AuraItself,
    /// 702.16b–d: protection from a quality the attaching or targeting object has.
    Protection {
        target: CardId,
        quality: Quality,
        from: CardId,
        how: Protected,
    },
    /// 303.4c
    CantBeEnchantedByOtherAuras {
        target: CardId,
    },
    /// 301.5, 301.6: attached only to a creature or a land, not a player.
    AttachmentToPlayer {
        card: CardId,
        kind: Attachment,
        player: PlayerId,
    },
    /// 301.5c
    AttachmentItself {
        kind: Attachment,
    },
    /// Not a permanent on the battlefield (it's in `zone`).
    NotAPermanent {
        target: CardId,
        zone: Zone,
    },
    /// 301.5, 301.6: not a creature, or not a land.
    AttachmentWrongKind {
        card: CardId,
        kind: Attachment,
        target: CardId,
    },
    /// 301.5c, 301.6: an Equipment or Fortification that's also a creature.
    AttachmentCreature {
        card: CardId,
        kind: Attachment,
    },
    /// 701.3b, 704.5p: not an Aura, an Equipment or a Fortification.
    NotAttachable {
        card: CardId,
    },
    /// 303.4a, 702.5: the Aura's enchant ability doesn't allow it.
    Enchant {
        aura: CardId,
        enchant: Enchant,
        problem: EnchantProblem,
    },
    // ----- targeting (115, 702.11, 702.18) ----------------------------------------------
    /// 115.1: a player, where a permanent is required.
    PlayerNotPermanent {
        player: PlayerId,
    },
    /// 115.2: an object that can't be targeted where it is.
    CantTargetIn {
        card: CardId,
        zone: Zone,
    },
    /// Not of the card type the target must be.
    NotA {
        card: CardId,
        kind: CardType,
    },
    /// Controlled by someone else than the player it must be controlled by.
    ControlledBy {
        card: CardId,
        controller: PlayerId,
        not: PlayerId,
    },
    /// 702.151a: reconfigure targets another creature.
    MustTargetAnother {
        card: CardId,
    },
    /// 702.18a
    Shroud {
        card: CardId,
    },
    /// 702.11b
    Hexproof {
        card: CardId,
        player: PlayerId,
    },
    // ----- what changed since (400.7, 608.2b, 704.5m–p, 800.4a) -------------------------
    /// 608.2b, 400.7: the target is a new object since it was targeted.
    ChangedZonesSinceTargeted {
        card: CardId,
    },
    /// 400.7: what it was attached to is a new object.
    ChangedZones {
        target: Target,
    },
    /// 800.4a
    LeftGame {
        player: PlayerId,
    },
    // ----- one-shot effects and the turn (500, 701) -------------------------------------
    /// 701.21a: only a permanent the player controls (`controller` when on the
    /// battlefield, else it is in `zone`).
    CantSacrifice {
        player: PlayerId,
        card: CardId,
        controller: Option<PlayerId>,
        zone: Zone,
    },
    /// 500.1: `go to` names a later step of this turn.
    StepNotLater {
        now: Step,
        step: Step,
    },
    /// 117.4, 500.2: a step ends only when the stack is empty.
    StepStackNotEmpty {
        stack: Vec<StackObject>,
    },
    /// 510.4: a first-strike combat damage step exists only when an attacking or blocking
    /// creature has first strike or double strike as combat damage begins.
    NoFirstStrikeStep,
    /// 104.2a, 104.4a: the game is over (one player remains, who won; or none, a draw), so
    /// nothing more is done in it.
    GameOver {
        winner: Option<PlayerId>,
        /// The winner won by an effect (104.2b), not as the last player left (104.2a).
        by_effect: bool,
    },
}

/// What a player is trying to do, for the timing rules' reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Doing {
    /// Casting a spell without flash.
    Cast(CardId),
    Activate(AbilityKind),
    PlayLand,
}

/// How an object with protection would be affected (702.16b–d).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Protected {
    Enchanted,
    Equipped,
    Fortified,
    Targeted,
}

/// An attachment other than an Aura (301.5, 301.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attachment {
    Equipment,
    Fortification,
}

/// Why an Aura's enchant ability doesn't allow an object or player (303.4a, 702.5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnchantProblem {
    /// Enchant opponent: the player is its controller.
    NotAnOpponent(PlayerId),
    /// 702.5d: an Aura that can enchant a player, on a permanent.
    PermanentForPlayerAura(CardId),
    APlayer(PlayerId),
    NotInAGraveyard(CardId),
    /// A card in a graveyard of the wrong kind (its type line).
    WrongCard {
        card: CardId,
        type_line: TypeLine,
    },
    NotOnBattlefield {
        card: CardId,
        zone: Zone,
    },
    /// A permanent of the wrong kind or controller (its type line).
    WrongPermanent {
        card: CardId,
        type_line: TypeLine,
        controller: PlayerId,
    },
}

/// A reason, with the rules that say so.
pub(super) fn because(numbers: &[Cite], why: Why) -> Reason {
    Reason {
        cites: cites(numbers),
        why,
    }
}

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
            H::DamageToPlayer { .. } => EventKind::Life,
            H::Counters { .. } => EventKind::Counters,
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
