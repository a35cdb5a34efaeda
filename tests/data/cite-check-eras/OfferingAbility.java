/*
 * A rules engine's comment copying the rule of its day, written in early 2013 when offering
 * was 702.46 (the pattern of XMage's OfferingAbility.java; the words here are the rule's own).
 *
 * 702.46c Generic mana in the sacrificed permanent's mana cost reduces generic
 * mana in the total cost to cast the card with offering. Colored mana in the
 * sacrificed permanent's mana cost reduces mana of the same color in the total
 * cost to cast the card with offering.
 */
class OfferingAbility {
    // A bare number with nothing beside it that tells its era: read as its latest rule.
    // 702.46c
}
