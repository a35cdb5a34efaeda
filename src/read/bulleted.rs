//! A bulleted copy of the rules (seed 003: rule 205 of 2021-04-22): official-style rule
//! lines behind bullets (`  • 205.1a Some effects…`), under a page heading. Its
//! apostrophes were stripped on the way ("cant", "doesnt", "cards card type",
//! "objects card type"); when a copy has no apostrophe at all, they are restored from a
//! list of contractions, of possessives in a pattern that cannot be a plural
//! ("an objects card type"), and of the names in the type lists ("Urzas"). Ambiguous
//! words ("its", "lets", "well") are left as they are. Quotation marks stripped with the
//! apostrophes cannot be restored and are not.

use std::sync::LazyLock;

use regex::{Captures, Regex};

use super::lines;
use super::Parsed;

/// A bullet at the start of a line.
static BULLET: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*[•·▪◦‣*\-–]\s+").expect("static regex"));

/// Page headings that come before the first rule.
static HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(?:magic:?\s+the\s+gathering\b.*|.*comprehensive\s+rules.*|(?:table\s+of\s+)?contents)$")
        .expect("static regex")
});

/// Contractions whose apostrophe is never in doubt in rules text.
const CONTRACTIONS: &[(&str, &str)] = &[
    ("cant", "can’t"),
    ("doesnt", "doesn’t"),
    ("dont", "don’t"),
    ("wont", "won’t"),
    ("isnt", "isn’t"),
    ("arent", "aren’t"),
    ("wasnt", "wasn’t"),
    ("werent", "weren’t"),
    ("hasnt", "hasn’t"),
    ("havent", "haven’t"),
    ("hadnt", "hadn’t"),
    ("didnt", "didn’t"),
    ("couldnt", "couldn’t"),
    ("wouldnt", "wouldn’t"),
    ("shouldnt", "shouldn’t"),
    ("thats", "that’s"),
    ("theres", "there’s"),
    ("whats", "what’s"),
    ("theyre", "they’re"),
    ("youre", "you’re"),
    ("theyve", "they’ve"),
    ("youve", "you’ve"),
    ("theyll", "they’ll"),
    ("youll", "you’ll"),
    // Names in the type lists (205.3i, 205.3n) and in examples.
    ("Urzas", "Urza’s"),
    ("Bolass", "Bolas’s"),
    ("Serras", "Serra’s"),
    ("Arbors", "Arbor’s"),
];

static WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b[A-Za-z]+\b").expect("static regex"));

/// "an objects card type": a singular determiner, a game noun with an `s`, then what it
/// owns. A plural never follows "a", "an", "each" or "that", and "the objects card
/// type" reads only as a possessive. "its owners graveyard" and "the players life total"
/// read the same way: a noun with an `s` between a singular determiner and a thing owned.
/// Nouns that are also verbs ("that costs mana", "that turns face up") are left out: after
/// a relative "that" they are verbs.
static POSSESSIVE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?x)\b((?i:a|an|the|that|this|each|another|any|one|its|your|his|her|target|enchanted
            |equipped)\s+)
        (card|object|player|permanent|spell|creature|opponent|token|source|ability|effect|land
            |artifact|Aura|Equipment|owner|controller|team|copy|planeswalker|battle|Saga
            |archenemy|deck|game|blocker|attacker|monarch|commander|emblem|plane|scheme
            |dungeon|keyword|symbol|step|subgame|sticker|contraption|attraction)s
        (\s+(?:card|cards|type|types|subtype|subtypes|subtype\(s\)|supertype|supertypes|prior
            |controller|owner|name|power|toughness|mana|text|ability|abilities|hand|library
            |graveyard|characteristics|color|colors|loyalty|value|own|life|turn|team
            |opponent|opponents|deck|mana\ cost|copiable|counters|controllers|owners|defense
            |face|faces|timestamp|total|resolution)\b)",
    )
    .expect("static regex")
});

/// "its a", "its not", "its put": the possessive "its" is always followed by what it
/// owns, never by an article, a negation, an adverb or a participle, so before these
/// words the stripped word was "it’s".
const AFTER_ITS: &[&str] = &[
    "a",
    "an",
    "the",
    "not",
    "no",
    "neither",
    "never",
    "on",
    "in",
    "there",
    "too",
    "also",
    "always",
    "still",
    "currently",
    "already",
    "just",
    "often",
    "instead",
    "being",
    "been",
    "put",
    "cast",
    "removed",
    "countered",
    "turned",
    "expected",
    "affected",
    "phased",
    "moved",
    "created",
    "tapped",
    "untapped",
    "blocked",
    "blocking",
    "attacking",
    "attached",
    "copying",
    "spliced",
    "paired",
    "written",
    "exiled",
    "possible",
    "impossible",
    "banned",
    "drawn",
    "depicted",
    "relevant",
    "checking",
    "allowed",
    "illegal",
    "declared",
    "dealt",
    "modifying",
    "applied",
    "customary",
    "treated",
    "cycled",
    "clear",
    "controlled",
    "seated",
    "considered",
    "representing",
    "enchanting",
    "revealed",
    "doubled",
    "melded",
    "kicked",
    "protected",
    "referring",
    "physically",
    "visible",
];

/// "its" before one of [`AFTER_ITS`].
static ITS_CONTRACTION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b([Ii])ts(\s+)([a-z]+)\b").expect("static regex"));

/// Restores the apostrophes of `text` (see the module documentation).
pub(super) fn restore_apostrophes(text: &str) -> String {
    let text = POSSESSIVE.replace_all(text, |c: &Captures| {
        format!("{}{}’s{}", &c[1], &c[2], &c[3])
    });
    let text = ITS_CONTRACTION.replace_all(&text, |c: &Captures| {
        if AFTER_ITS.contains(&&c[3]) {
            format!("{}t’s{}{}", &c[1], &c[2], &c[3])
        } else {
            c[0].to_string()
        }
    });
    WORD.replace_all(&text, |c: &Captures| {
        let word = &c[0];
        let at = c.get(0).map_or(0, |m| m.start());
        // A capitalised "Cant" or "Dont" is a contraction only where a sentence starts;
        // elsewhere it is a name (a card called "Cant" keeps its name).
        let before = text.get(..at).unwrap_or("").trim_end();
        let sentence_start =
            before.is_empty() || before.ends_with(['.', '!', '?', ':', '(', '"', '“', '—']);
        let capitalised = sentence_start && word.chars().next().is_some_and(char::is_uppercase);
        let lower = word.to_ascii_lowercase();
        for (bare, restored) in CONTRACTIONS {
            if word == *bare {
                return (*restored).to_string();
            }
            let is_common_word = bare.starts_with(|ch: char| ch.is_ascii_lowercase());
            if is_common_word && capitalised && lower == *bare {
                // "Cant" → "Can’t".
                let mut chars = restored.chars();
                let first = chars.next().map(|f| f.to_uppercase().to_string());
                return first.unwrap_or_default() + chars.as_str();
            }
        }
        word.to_string()
    })
    .into_owned()
}

pub(crate) fn read(text: &str) -> Parsed {
    let stripped = !text.contains(['\'', '’']);
    // Bullets and the page heading go; line numbers stay the source's.
    let mut cleaned = String::with_capacity(text.len());
    let mut seen_rule = false;
    // The first subrule line without a bullet, when others have one: a mixed document.
    let (mut with_bullet, mut without_bullet) = (0, None);
    for (i, raw) in text.lines().enumerate() {
        let bullet = BULLET.find(raw);
        let body = match bullet {
            Some(m) => &raw[m.end()..],
            None => raw,
        };
        let trimmed = body.trim();
        let rule = lines::rule_line(trimmed);
        let is_rule = rule.is_some();
        if rule.is_some_and(|(n, _)| n.depth() >= 2) {
            match bullet {
                Some(_) => with_bullet += 1,
                None => {
                    without_bullet.get_or_insert(i + 1);
                }
            }
        }
        seen_rule |= is_rule;
        let heading = !seen_rule && !trimmed.is_empty() && HEADING.is_match(trimmed);
        if !heading {
            let body = body.trim_end();
            if stripped {
                cleaned.push_str(&restore_apostrophes(body));
            } else {
                cleaned.push_str(body);
            }
        }
        cleaned.push('\n');
    }
    // What is left is official-style rule lines: the official reader's logic reads them.
    let mut parsed = super::official::read(&cleaned);
    if let (true, Some(line)) = (with_bullet > 0, without_bullet) {
        parsed.warnings.push(crate::model::Warning {
            line,
            message: "rule lines with bullets and without them (a document of mixed shapes); \
                      both are read as rules"
                .to_string(),
        });
    }
    parsed.complete = false;
    parsed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::RuleNumber;

    const SEED: &str = include_str!("../../rules/003_3ccca83c0026cc6d.txt");

    fn text(p: &Parsed, n: &str) -> String {
        p.rules[&n.parse::<RuleNumber>().unwrap()].text.clone()
    }

    #[test]
    fn restores_contractions_and_possessives_but_not_plurals() {
        let cases = [
            ("It contains the cards card type(s).", "It contains the card’s card type(s)."),
            ("An object cant gain a subtype that doesnt correspond to one of that objects types.",
             "An object can’t gain a subtype that doesn’t correspond to one of that object’s types."),
            ("Changing an objects card types wont change its supertypes.",
             "Changing an object’s card types won’t change its supertypes."),
            ("Cant. Bolass Meditation Realm, Urzas", "Can’t. Bolas’s Meditation Realm, Urza’s"),
            ("Some objects have more than one card type. Tokens have card types.",
             "Some objects have more than one card type. Tokens have card types."),
            ("the subtypes of each card type; its types", "the subtypes of each card type; its types"),
            // Words that are also words without an apostrophe stay as they are.
            ("its controller lets ill wed were well shell hell", "its controller lets ill wed were well shell hell"),
            ("A card named Cant Stop. Cant block.", "A card named Cant Stop. Can’t block."),
            ("If its a creature, its not blocking; its owners graveyard",
             "If it’s a creature, it’s not blocking; its owner’s graveyard"),
            ("all players hands and their owners graveyards", "all players hands and their owners graveyards"),
            ("an ability that costs mana; a permanent that turns face up",
             "an ability that costs mana; a permanent that turns face up"),
        ];
        for (from, to) in cases {
            assert_eq!(restore_apostrophes(from), to);
        }
    }

    #[test]
    fn reads_the_seed_with_every_apostrophe_back() {
        let p = read(SEED);
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
        assert_eq!(p.rules.len(), 32);
        assert_eq!(
            text(&p, "205.1"),
            "The type line is printed directly below the illustration. It contains the card’s \
             card type(s). It also contains the card’s subtype(s) and supertype(s), if applicable."
        );
        assert_eq!(
            text(&p, "205.3d"),
            "An object can’t gain a subtype that doesn’t correspond to one of that object’s types."
        );
        let all: String = p.rules.values().map(|r| r.text.clone()).collect();
        for word in [
            " cant ",
            "doesnt",
            "wont",
            "arent",
            "objects card",
            "cards card",
            "Urzas",
        ] {
            assert!(!all.contains(word), "{word} was left stripped");
        }
        assert_eq!(all.matches("object’s").count(), 11);
        assert_eq!(all.matches("card’s").count(), 4);
    }

    #[test]
    fn leaves_a_copy_with_apostrophes_alone() {
        let p = read("• 205.3d An object can’t gain… (cant is a typo here)\n");
        assert!(text(&p, "205.3d").contains("(cant is a typo here)"));
    }

    #[test]
    fn keeps_examples_apart() {
        let p = read("  • 205.3c If a card…\n    Example: Dryad Arbors type line.\n");
        let rule = &p.rules[&"205.3c".parse::<RuleNumber>().unwrap()];
        assert_eq!(rule.text, "If a card…");
        assert_eq!(rule.examples, ["Dryad Arbor’s type line."]);
    }
}
