//! Why an action or a change can't happen: [`Reason`], with the rules that say so, and
//! [`Why`] as data (objects, players, keywords, numbers), never a sentence; the report's
//! `words` module says it in English.

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
