use super::*;

fn n(s: &str) -> RuleNumber {
    s.parse().unwrap()
}

#[test]
fn rule_lines_with_official_typos() {
    let r = parse_rule_line("100.1a These rules").unwrap();
    assert_eq!(
        (r.number, r.rest, r.typo),
        (n("100.1a"), "These rules", None)
    );
    assert_eq!(
        parse_rule_line("119.1d. Text").unwrap().typo,
        Some("a period after the letter")
    );
    assert_eq!(
        parse_rule_line("606.5 Text").unwrap().typo,
        Some("no period after the number")
    );
    let r = parse_rule_line("901.4.All plane cards").unwrap();
    assert_eq!((r.number, r.rest), (n("901.4"), "All plane cards"));
    assert_eq!(
        parse_rule_line("303. Enchantments").unwrap().number,
        n("303")
    );
    assert!(parse_rule_line("212.2c).").is_none());
    assert!(parse_rule_line("406.1, \"Mana Abilities.\")").is_none());
    assert!(parse_rule_line("2013. A year").is_none());
    assert!(parse_rule_line("100.1ab").is_none());
    let r = parse_rule_line("606. 8b Players win").unwrap();
    assert_eq!((r.number, r.rest), (n("606.8b"), "Players win"));
    assert_eq!(
        parse_rule_line("702. Keyword Abilities").unwrap().number,
        n("702")
    );
}

#[test]
fn a_sentence_ending_inside_quotes_is_not_a_title() {
    assert!(looks_like_title("Deathtouch"));
    assert!(looks_like_title("For Mirrodin!"));
    assert!(!looks_like_title(
        "Some Aura enchantments also have the subtype “Role.”"
    ));
    assert!(!looks_like_title("Some have the subtype \"Role.\""));
}

#[test]
fn dates_from_header_lines_and_the_1999_banner() {
    assert_eq!(
        effective_date("These rules are effective as of February 2, 2024").map(|d| d.to_string()),
        Some("2024-02-02".into())
    );
    assert_eq!(
        effective_date("These rules are current as of November 1, 1999.").map(|d| d.to_string()),
        Some("1999-11-01".into())
    );
    assert_eq!(
        effective_date("COMPREHENSIVE RULES                 04/23/99\n").map(|d| d.to_string()),
        Some("1999-04-23".into())
    );
    assert_eq!(effective_date("no date here"), None);
}

const MODERN: &str = "Magic: The Gathering Comprehensive Rules

These rules are effective as of January 16, 2026.

Contents

1. Game Concepts
100. General
3. Card Types
303. Enchantments
Glossary
Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.1a A two-player game is a game that begins with only two players.
Example: An example, kept apart.

3. Card Types

303. Enchantments

303.4. Auras

303.4a An Aura spell requires a target, see rule 115.1 and rules 601.2c–e.

303.4j If an Aura is entering the battlefield
     A second paragraph.

Glossary

Active Player, Nonactive Player
The active player is the player whose turn it is. See rule 102.1.

Interrupt (Obsolete)
1. An old card type.
2. Another sense.

Credits

Magic: The Gathering Original Game Design: Richard Garfield
";

/// The same document with its empty lines removed (a copy through an editor's
/// "remove empty lines", or a page of `<br>` lines).
const UNSPACED: &str = "These rules are effective as of January 16, 2026.\n\
Contents\n1. Game Concepts\n100. General\n3. Card Types\n301. Artifacts\nGlossary\nCredits\n\
1. Game Concepts\n100. General\n100.1. These Magic rules apply to any Magic game.\n\
100.1a A two-player game is a game that begins with only two players.\nExample: An example, kept apart.\n\
3. Card Types\n300. General\n300.1. The card types are artifact, battle, conspiracy, creature, dungeon, enchantment, instant, kindred, land, phenomenon, plane, planeswalker.\n\
301. Artifacts\n301.1. An artifact is a card type.\n\
Glossary\nActive Player, Nonactive Player\nThe active player is the player whose turn it is. See rule 102.1.\n\
“As Though”\nText that treats the game as if a condition were true.\n\
Intervening “If” Clause\nA specially worded condition. See rule 603.4\n\
Interrupt (Obsolete)\n1. An old card type.\n2. Another sense.\nSee rule 117.\n\
Island\nOne of the five basic land types. The basic land types are:\nForest\nIsland\nMountain\nSee rule 305.6.\n\
Stack\nA zone.\nTeam vs. Team Variant\nA multiplayer variant.\nCredits\nDesigners";

/// A reading's warnings as `LINE: message`.
fn notes(p: &Parsed) -> Vec<String> {
    p.warnings
        .iter()
        .map(|w| format!("{}: {}", w.line, w.message))
        .collect()
}

#[test]
fn a_document_without_blank_lines_keeps_its_sections_and_glossary_entries() {
    let p = read(UNSPACED);
    let titles: Vec<_> = p.sections.iter().map(|s| s.number).collect();
    assert_eq!(titles, [1, 3]);
    let numbers: Vec<String> = p.rules.keys().map(|k| k.short()).collect();
    assert_eq!(
        numbers,
        ["100", "100.1", "100.1a", "300", "300.1", "301", "301.1"]
    );
    assert_eq!(p.rules[&n("100.1a")].examples, ["An example, kept apart."]);
    let terms: Vec<&str> = p.glossary.iter().map(|e| e.term.as_str()).collect();
    assert_eq!(
        terms,
        [
            "Active Player",
            "As Though",
            "Intervening “If” Clause",
            "Interrupt",
            "Island",
            "Stack",
            "Team vs. Team Variant"
        ]
    );
    assert_eq!(
        p.glossary[3].definition,
        "1. An old card type.\n2. Another sense.\nSee rule 117."
    );
    assert_eq!(
            p.glossary[4].definition,
            "One of the five basic land types. The basic land types are:\nForest\nIsland\nMountain\nSee rule 305.6."
        );
    assert_eq!(p.glossary[5].definition, "A zone.");
    let notes = notes(&p);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].starts_with("19: the glossary has no blank lines"),
        "{notes:?}"
    );
}

#[test]
fn a_definitions_closing_reference_set_apart_by_a_blank_line_stays_in_it() {
    let p = read("1. Game Concepts\n\n100. General\n\n100.1. These rules.\n\n100.2. More.\n\nGlossary\n\nAnte\n\n1. A zone.\n\n2. To put a card into the ante zone.\n\nSee rule 407, “Ante.”\n\n\n\nAny Target\n\nA phrase.\n");
    let terms: Vec<&str> = p.glossary.iter().map(|e| e.term.as_str()).collect();
    assert_eq!(terms, ["Ante", "Any Target"]);
    assert_eq!(
        p.glossary[0].definition,
        "1. A zone.\n2. To put a card into the ante zone.\nSee rule 407, “Ante.”"
    );
}

#[test]
fn a_term_printed_right_under_the_previous_definition_starts_its_own_entry() {
    // 2022-06-10 prints "Affinity" with no blank line after "Adventurer Card"
    // (2008's "Floor Rules" and 2020's "Concede" likewise).
    let p = read("1. Game Concepts\n\n100. General\n\n100.1. These rules.\n\n100.2. More.\n\nGlossary\n\nAdventurer Card\nCards with a two-part card frame. See rule 716, “Adventurer Cards.”\nAffinity\nA keyword ability. See rule 702.41, “Affinity.”\n\nBasic Land Type\nThere are five basic land types:\nForest\nIsland\nSee rule 305.6.\n\nStack\nA zone.\n");
    let terms: Vec<&str> = p.glossary.iter().map(|e| e.term.as_str()).collect();
    assert_eq!(
        terms,
        ["Adventurer Card", "Affinity", "Basic Land Type", "Stack"]
    );
    assert_eq!(
        p.glossary[0].definition,
        "Cards with a two-part card frame. See rule 716, “Adventurer Cards.”"
    );
    assert_eq!(
        p.glossary[1].definition,
        "A keyword ability. See rule 702.41, “Affinity.”"
    );
    assert_eq!(
        p.glossary[2].definition,
        "There are five basic land types:\nForest\nIsland\nSee rule 305.6."
    );
    let notes = notes(&p);
    assert_eq!(
            notes,
            ["13: the glossary term \"Affinity\" follows the previous definition with no blank line between them: read as a new entry"]
        );
}

/// Twelve numbered rules with a subrule each, every number ended by `end` (`""` for
/// none, `)`) rather than the official period.
fn twelve_rules(end: &str) -> String {
    let mut text = String::from("1. Game Concepts\n\n100. General\n\n");
    for i in 1..=12 {
        text.push_str(&format!(
            "100.{i}{end} Rule {i} of the game.\n\n100.{i}a{end} A subrule.\n\n"
        ));
    }
    text
}

#[test]
fn a_copy_that_writes_every_number_without_its_period_warns_once() {
    let text = twelve_rules("");
    let p = read(&text);
    assert_eq!(p.rules.len(), 25);
    let notes = notes(&p);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].starts_with("5: the rule numbers are written without the period"),
        "{notes:?}"
    );
    // One such line among many with the period is the official typo, warned.
    let p = read(
        &text
            .replace(" Rule", ". Rule")
            .replacen("100.12. Rule", "100.12 Rule", 1),
    );
    assert_eq!(p.warnings.len(), 1);
    assert!(
        p.warnings[0]
            .message
            .contains("rule 100.12 is printed with no period"),
        "{:?}",
        p.warnings
    );
}

#[test]
fn a_copy_that_writes_a_parenthesis_after_every_number_warns_once() {
    let text = twelve_rules(")");
    let p = read(&text);
    assert_eq!(p.rules.len(), 25);
    let rule = &p.rules[&"100.7a".parse().unwrap()];
    assert_eq!(rule.text, "A subrule.");
    let notes = notes(&p);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].starts_with("5: the rule numbers are written with a parenthesis"),
        "{notes:?}"
    );
    // One such line among many with the period is a typo, warned.
    let p = read(
        &text
            .replace(") Rule", ". Rule")
            .replace("a) A", "a A")
            .replacen("100.12. Rule", "100.12) Rule", 1),
    );
    assert!(
        p.warnings.iter().any(|w| w
            .message
            .contains("rule 100.12 is printed with a parenthesis")),
        "{:?}",
        p.warnings
    );
}

#[test]
fn a_modern_document() {
    let p = read(MODERN);
    assert_eq!(p.date.map(|d| d.to_string()), Some("2026-01-16".into()));
    assert!(p.complete);
    let titles: Vec<_> = p
        .sections
        .iter()
        .map(|s| (s.number, s.title.as_str()))
        .collect();
    assert_eq!(titles, [(1, "Game Concepts"), (3, "Card Types")]);
    let numbers: Vec<String> = p.rules.keys().map(|k| k.short()).collect();
    assert_eq!(
        numbers,
        ["100", "100.1", "100.1a", "303", "303.4", "303.4a", "303.4j"]
    );
    assert_eq!(p.rules[&n("303")].title.as_deref(), Some("Enchantments"));
    assert_eq!(p.rules[&n("303.4")].title.as_deref(), Some("Auras"));
    let r = &p.rules[&n("100.1a")];
    assert_eq!(
        r.text,
        "A two-player game is a game that begins with only two players."
    );
    assert_eq!(r.examples, ["An example, kept apart."]);
    assert_eq!(
        p.rules[&n("303.4j")].text,
        "If an Aura is entering the battlefield\nA second paragraph."
    );
    let refs: Vec<String> = p.rules[&n("303.4a")]
        .references
        .iter()
        .map(|r| r.short())
        .collect();
    assert_eq!(refs, ["115.1", "601.2c", "601.2d", "601.2e"]);
    assert_eq!(p.glossary.len(), 2);
    assert_eq!(p.glossary[0].term, "Active Player");
    assert_eq!(p.glossary[0].aliases, ["Nonactive Player"]);
    assert_eq!(p.glossary[0].references, [n("102.1")]);
    assert!(p.glossary[1].obsolete);
    assert_eq!(p.glossary[1].term, "Interrupt");
    assert_eq!(
        p.glossary[1].definition,
        "1. An old card type.\n2. Another sense."
    );
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
}

const WRAPPED: &str = "1. The Game

100. General

100.1. These Magic rules assume a game between two players. Optional rules
allow for more players. The state-
based effects and the controller—
chooses. It’s written “Forecast —
[Activated ability].”

100.2. A player may concede a game at any time, even if his or her turn is
controlled by another player. See rule
100.1.
EXAMPLE: Merfolk or Wizard is acceptable, but not Merfolk Wizard. Words
like \"opponent\" can't be chosen.

100.3. Text.
";

#[test]
fn hard_wrapped_lines_are_joined_and_wrapped_references_stay_text() {
    let mut text = WRAPPED.to_string();
    for _ in 0..20 {
        text.push_str("\nfiller line to make the file look hard-wrapped\n");
    }
    let p = read(&text);
    let numbers: Vec<String> = p.rules.keys().map(|k| k.short()).collect();
    assert_eq!(numbers, ["100", "100.1", "100.2", "100.3"]);
    assert_eq!(
            p.rules[&n("100.1")].text,
            "These Magic rules assume a game between two players. Optional rules allow for more players. The state-based effects and the controller—chooses. It’s written “Forecast — [Activated ability].”"
        );
    let r = &p.rules[&n("100.2")];
    assert_eq!(
            r.text,
            "A player may concede a game at any time, even if his or her turn is controlled by another player. See rule 100.1."
        );
    assert_eq!(
            r.examples,
            ["Merfolk or Wizard is acceptable, but not Merfolk Wizard. Words like \"opponent\" can't be chosen."]
        );
}

#[test]
fn a_duplicated_rule_keeps_both_texts_with_a_warning() {
    let p = read("702.30d First text.\n\n702.30d Second text.\n\n702.30e Next.\n");
    assert_eq!(p.rules[&n("702.30d")].text, "First text.\nSecond text.");
    assert_eq!(p.warnings.len(), 1);
    assert_eq!(p.warnings[0].line, 3);
}

#[test]
fn glossary_names_aliases_and_quotes() {
    let names = |t: &str| glossary_term(t);
    assert_eq!(names("Control, Controller").1, ["Controller"]);
    assert_eq!(
        names("Partner, “Partner—[text],” “Partner with [name]”").1,
        ["Partner—[text]", "Partner with [name]"]
    );
    assert_eq!(
        names("Active Player, Nonactive Player Order").0,
        "Active Player, Nonactive Player Order"
    );
    assert_eq!(
        names("Interrupt (Obsolete)"),
        ("Interrupt".into(), vec![], true)
    );
    assert_eq!(names(", ,x, “").1, ["“"]);
}

const SBA: &str = "704.4. Unlike triggered abilities, state-based actions pay no attention to what happens during the resolution of a spell or ability.

PARENT

704.5a If a player has 0 or less life, that player loses the game.

704.5b If a player attempted to draw a card from a library with no cards in it, that player loses the game.

704.5c If a player has ten or more poison counters, that player loses the game.

704.6. In a Two-Headed Giant game, these state-based actions apply.
";

fn numbers(p: &Parsed) -> Vec<String> {
    p.rules.keys().map(|k| k.short()).collect()
}

/// An invisible or stray character before `704.5.` once made the "misprint" repair
/// read 704.5a–c as 704.4a–c. Number order is evidence, never a licence to renumber.
#[test]
fn a_damaged_parent_line_never_moves_its_subrules_under_another_number() {
    let expected = ["704.4", "704.5", "704.5a", "704.5b", "704.5c", "704.6"];
    // The parent's line damaged at its start: found inside 704.4 and read on its own.
    let p = read(&SBA.replace("PARENT", "§704.5. The state-based actions are as follows:"));
    assert_eq!(numbers(&p), expected);
    assert_eq!(
        p.rules[&n("704.5")].text,
        "The state-based actions are as follows:"
    );
    assert!(p.rules[&n("704.4")].text.ends_with("spell or ability."));
    assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
    // The parent's line lost: its subrules keep their numbers, with a warning.
    let p = read(&SBA.replace("PARENT", ""));
    assert_eq!(
        numbers(&p),
        ["704.4", "704.5a", "704.5b", "704.5c", "704.6"]
    );
    assert!(
        p.warnings[0].message.contains("without its rule 704.5"),
        "{:?}",
        p.warnings
    );
}

#[test]
fn garbage_reads_to_nothing_without_panicking() {
    for text in [
        "",
        "\n\n",
        "100.",
        "1. \n100.1",
        "Glossary\nCredits",
        "999.9999z x\n",
    ] {
        let _ = read(text);
    }
}
