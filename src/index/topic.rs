//! What a rule is about when that is a name a question would say: the keyword ability or
//! keyword action whose rule it is under (`Trample` for 702.19b, `Sacrifice` for
//! 701.21a), or the multiplayer or casual variant (`Two-Headed Giant Variant` for
//! 810.9b, `Commander` for 903.9a). A question that names neither trample nor
//! Two-Headed Giant is rarely about their rules, but those rules often tell the same
//! story as the question (damage and blockers, life and losing), so a long question's
//! words alone would put them first.

/// The titles of the rules that hold one rule per keyword: 702 and 701 since 2009, 502
/// and 501 before.
const KEYWORD_RULES: &[&str] = &["keyword abilities", "keyword actions"];

/// The sections whose rules are each a variant or an option of play (since 2009:
/// `8. Multiplayer Rules`, `9. Casual Variants`; before 2009 there were six sections and
/// none of these numbers).
const VARIANT_SECTIONS: &[u8] = &[8, 9];

/// Words of a variant's title that name no variant (`Limited Range of Influence
/// Option`, `Free-for-All Variant`).
const NOT_A_NAME: &[&str] = &["variant", "variants", "option", "options", "general"];

/// The name a rule is about, if it is a keyword's or a variant's rule: from its own
/// title and the titles above it (`context`, nearest first, up to its rule's title; the
/// section's title is not among them).
pub fn topic<'a>(section: u8, title: &'a str, context: &[&'a str]) -> Option<&'a str> {
    let chain: Vec<&str> = std::iter::once(title)
        .chain(context.iter().copied())
        .collect();
    let below = if VARIANT_SECTIONS.contains(&section) {
        chain.len()
    } else {
        chain
            .iter()
            .position(|t| KEYWORD_RULES.contains(&t.to_lowercase().as_str()))?
    };
    let name = chain.get(below.checked_sub(1)?)?.trim();
    (!name.is_empty() && !name.eq_ignore_ascii_case("general")).then_some(name)
}

/// The name of the token a rule defines (111.10q "A Wicked Role token is a colorless
/// Aura Role enchantment token…", 111.10f "A Clue token is…"): the predefined tokens'
/// rules tell of dying, sacrificing, Auras and graveyards, and answer only a question
/// that names their token.
pub fn defined_token(text: &str) -> Option<&str> {
    let rest = text
        .strip_prefix("A ")
        .or_else(|| text.strip_prefix("An "))?;
    let end = rest.find(" token is ")?;
    let name = &rest[..end];
    let capitalised = name
        .split(' ')
        .all(|w| w.chars().next().is_some_and(char::is_uppercase));
    (!name.is_empty() && capitalised).then_some(name)
}

/// Whether a question whose terms are `said` names the topic whose terms are `name`:
/// all of the terms that name it (`two`, `head`, `giant`; `first`, `strike`).
pub fn is_named(name: &[String], said: impl Fn(&str) -> bool) -> bool {
    name.iter()
        .filter(|t| !NOT_A_NAME.contains(&t.as_str()))
        .all(|t| said(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keyword_rule_is_about_its_keyword() {
        assert_eq!(
            topic(7, "", &["Trample", "Keyword Abilities"]),
            Some("Trample")
        );
        assert_eq!(topic(7, "Trample", &["Keyword Abilities"]), Some("Trample"));
        assert_eq!(
            topic(7, "", &["Sacrifice", "Keyword Actions"]),
            Some("Sacrifice")
        );
        // 2008's numbering: 502 Keyword Abilities.
        assert_eq!(
            topic(5, "", &["Flanking", "Keyword Abilities"]),
            Some("Flanking")
        );
    }

    #[test]
    fn a_variant_rule_is_about_its_variant() {
        assert_eq!(
            topic(8, "", &["Two-Headed Giant Variant"]),
            Some("Two-Headed Giant Variant")
        );
        assert_eq!(topic(9, "Commander", &[]), Some("Commander"));
        assert_eq!(topic(8, "", &["General"]), None);
    }

    #[test]
    fn a_predefined_token_rule_is_about_its_token() {
        assert_eq!(
            defined_token(
                "A Wicked Role token is a colorless Aura Role enchantment token named Wicked."
            ),
            Some("Wicked Role")
        );
        assert_eq!(
            defined_token("A Clue token is a colorless Clue artifact token."),
            Some("Clue")
        );
        assert_eq!(defined_token("A token is a marker used to represent any permanent that isn’t represented by a card."), None);
        assert_eq!(
            defined_token("A copy of a permanent spell becomes a token as it resolves."),
            None
        );
    }

    #[test]
    fn other_rules_have_no_topic() {
        assert_eq!(topic(7, "", &["State-Based Actions"]), None);
        assert_eq!(topic(7, "Keyword Abilities", &[]), None);
        assert_eq!(topic(6, "", &["Resolving Spells and Abilities"]), None);
        // Before 2009, section 6 was multiplayer: not read as variants.
        assert_eq!(topic(6, "", &["Two-Headed Giant Variant"]), None);
    }

    #[test]
    fn a_topic_is_named_by_all_of_its_words() {
        let name = |s: &[&str]| s.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let said = |words: &'static [&'static str]| move |t: &str| words.contains(&t);
        assert!(is_named(&name(&["trampl"]), said(&["trampl", "block"])));
        assert!(!is_named(&name(&["trampl"]), said(&["block"])));
        assert!(is_named(
            &name(&["two", "head", "giant", "variant"]),
            said(&["two", "head", "giant"])
        ));
        assert!(!is_named(
            &name(&["two", "head", "giant", "variant"]),
            said(&["two", "player", "lose"])
        ));
    }
}
