//! How a rule's text is compared: the text a diff shows (title, text and examples), the
//! template wording that `--ignore-wording` folds, and the normalised word tokens the
//! matcher measures similarity on.
//!
//! Folding is the same transformation the rules themselves went through: curly quotes and
//! long dashes (typography), "his or her" → "their" (2018), "in play" → "the battlefield"
//! (2009), "play a spell" → "cast a spell" (2009), "tribal" → "kindred" (2024) and
//! "enters the battlefield" → "enters" (2024). Two texts that fold to the same words
//! differ only in wording, not in what the rule says.

use std::sync::LazyLock;

use regex::Regex;

use crate::model::{GlossaryEntry, Rule};

/// The text a diff compares and shows for a rule: its title, its text and each example
/// on its own line as "Example: …".
pub fn full_text(rule: &Rule) -> String {
    let mut out = String::new();
    if let Some(title) = &rule.title {
        out.push_str(title.trim());
    }
    let text = rule.text.trim();
    if !text.is_empty() {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(text);
    }
    for example in &rule.examples {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str("Example: ");
        out.push_str(example.trim());
    }
    out
}

/// The text a diff compares and shows for a glossary entry: its definition, "(Obsolete)"
/// when it is marked so.
pub fn glossary_text(entry: &GlossaryEntry) -> String {
    let mut out = entry.definition.trim().to_string();
    if entry.obsolete {
        out.push_str("\n(Obsolete)");
    }
    out
}

/// A template rewrite: a pattern (matched without regard to case) and what it became.
/// The pattern is compiled the first time a text holds one of its needles, strings every
/// match contains (compiling all of them cost `arbiter history` a fifth of its time).
/// Needles hold no `s` or `k`, which match `ſ` and the Kelvin sign without regard to case.
struct Rewrite {
    needles: &'static [&'static str],
    source: String,
    pattern: std::sync::OnceLock<Regex>,
    replacement: &'static str,
}

impl Rewrite {
    /// The rewritten text, `None` when the pattern is not in it.
    fn apply(&self, text: &str) -> Option<String> {
        if !self.needles.iter().any(|n| text.contains(n)) {
            return None;
        }
        // The patterns are literals in this file; a bad one is a programming error that
        // every test run would reveal at once.
        let pattern = self.pattern.get_or_init(|| {
            Regex::new(&format!("(?i){}", self.source)).expect("wording pattern compiles")
        });
        pattern
            .is_match(text)
            .then(|| pattern.replace_all(text, self.replacement).into_owned())
    }
}

fn rewrite(
    needles: &'static [&'static str],
    pattern: impl AsRef<str>,
    replacement: &'static str,
) -> Rewrite {
    Rewrite {
        needles,
        source: pattern.as_ref().to_string(),
        pattern: std::sync::OnceLock::new(),
        replacement,
    }
}

/// What follows "play" when it meant "cast" before 2009: "a spell", "an instant spell".
const SPELL: &str = r"((?:a|an|the|that|this|each|any|another|its|their) (?:\w+ )?spells?)\b";

// Needles as narrow as the patterns allow ("he or" is in every "the order", "play" in every
// "player": the patterns were tried on nearly every rule). Where a match must hold an `s`,
// the needles give it both as `s` and as `ſ`.
const HE_OR: &[&str] = &["he or she", "he or ſhe"];
const OR_HER: &[&str] = &["or her"];
const INTO_PLAY: &[&str] = &["into play"];
const IN_PLAY: &[&str] = &["in play"];
const LEAVE_PLAY: &[&str] = &["leave play", "leaves play", "leaveſ play"];
const LEFT_PLAY: &[&str] = &["left play"];
const FROM_PLAY: &[&str] = &["from play"];
const PLAYS: &[&str] = &["plays ", "playſ "];
const PLAYED: &[&str] = &["played "];
const PLAYING: &[&str] = &["playing "];
const PLAY: &[&str] = &["play "];

/// The template changes, applied in order to lower-cased text.
static REWRITES: LazyLock<Vec<Rewrite>> = LazyLock::new(|| {
    vec![
        // Typography: curly quotes and long dashes.
        rewrite(
            &["\u{2018}", "\u{2019}", "\u{201B}", "\u{2032}", "`"],
            "[\u{2018}\u{2019}\u{201B}\u{2032}`]",
            "'",
        ),
        rewrite(
            &["\u{201C}", "\u{201D}", "\u{201F}", "\u{2033}"],
            "[\u{201C}\u{201D}\u{201F}\u{2033}]",
            "\"",
        ),
        rewrite(
            &["\u{2012}", "\u{2013}", "\u{2014}", "\u{2015}", "--"],
            r"\s*(?:[\u{2012}\u{2013}\u{2014}\u{2015}]|--+)\s*",
            " - ",
        ),
        rewrite(&["\u{2026}"], "\u{2026}", "..."),
        rewrite(&["\u{00A0}"], "\u{00A0}", " "),
        // 2018: "his or her" → "their", with the verbs that agree.
        rewrite(OR_HER, r"\bhimself or herself\b", "themselves"),
        rewrite(OR_HER, r"\bhis or her\b", "their"),
        rewrite(OR_HER, r"\bhim or her\b", "them"),
        rewrite(HE_OR, r"\bhe or she is\b", "they are"),
        rewrite(HE_OR, r"\bhe or she was\b", "they were"),
        rewrite(HE_OR, r"\bhe or she has\b", "they have"),
        rewrite(HE_OR, r"\bhe or she does\b", "they do"),
        rewrite(HE_OR, r"\bhe or she (\w+?)(?:e?s)\b", "they ${1}"),
        rewrite(HE_OR, r"\bhe or she\b", "they"),
        // 2009: "in play" → "the battlefield".
        rewrite(INTO_PLAY, r"\bcomes into play\b", "enters the battlefield"),
        rewrite(INTO_PLAY, r"\bcome into play\b", "enter the battlefield"),
        rewrite(INTO_PLAY, r"\bcame into play\b", "entered the battlefield"),
        rewrite(
            INTO_PLAY,
            r"\bcoming into play\b",
            "entering the battlefield",
        ),
        rewrite(INTO_PLAY, r"\binto play\b", "onto the battlefield"),
        rewrite(IN_PLAY, r"\bin play\b", "on the battlefield"),
        rewrite(LEAVE_PLAY, r"\bleaves? play\b", "leaves the battlefield"),
        rewrite(LEFT_PLAY, r"\bleft play\b", "left the battlefield"),
        rewrite(FROM_PLAY, r"\bfrom play\b", "from the battlefield"),
        // 2009: "play a spell" → "cast a spell".
        rewrite(PLAYS, format!(r"\bplays {SPELL}"), "casts ${1}"),
        rewrite(PLAYED, format!(r"\bplayed {SPELL}"), "cast ${1}"),
        rewrite(PLAYING, format!(r"\bplaying {SPELL}"), "casting ${1}"),
        rewrite(PLAY, format!(r"\bplay {SPELL}"), "cast ${1}"),
        // 2024: tribal → kindred; "enters the battlefield" → "enters".
        rewrite(&["tribal"], r"\btribal\b", "kindred"),
        rewrite(&["tribal"], r"\btribals\b", "kindreds"),
        rewrite(
            &["battlefield"],
            r"\b(enters?|entered|entering) the battlefield\b",
            "${1}",
        ),
    ]
});

/// The text with every template change folded, lower-cased. Two rule texts whose folded
/// forms are equal differ only in wording.
pub fn fold_wording(text: &str) -> String {
    let mut folded = text.to_lowercase();
    for rewrite in REWRITES.iter() {
        if let Some(rewritten) = rewrite.apply(&folded) {
            folded = rewritten;
        }
    }
    // Last, each run of spaces and tabs as one space (what `[ \t]+` → " " did).
    let mut out = String::with_capacity(folded.len());
    let mut run = false;
    for c in folded.chars() {
        if c == ' ' || c == '\t' {
            if !run {
                out.push(' ');
            }
            run = true;
        } else {
            out.push(c);
            run = false;
        }
    }
    out.trim().to_string()
}

/// The text with only its typography normalised (curly quotes, long dashes, runs of white
/// space), without regular expressions: cheap enough to compare every rule of two
/// revisions whose publisher changed quote styles (2014, 2019).
pub fn typography_key(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars() {
        let c = match c {
            '\u{2018}' | '\u{2019}' | '\u{201B}' | '\u{2032}' | '`' => '\'',
            '\u{201C}' | '\u{201D}' | '\u{201F}' | '\u{2033}' => '"',
            '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2015}' => '-',
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if c == ' ' {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push(c);
    }
    out.replace("--", "-").replace(" - ", "-")
}

/// Rule numbers written inside a text ("see rule 301.5a"): they change whenever rules move,
/// so the matcher masks them.
static RULE_REFERENCE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b\d{3}(?:\.\d{1,4}[a-z]?)?\b").expect("reference pattern"));

/// The key two texts share when they say the same thing in the same words, up to wording,
/// case, white space and the numbers of the rules they refer to.
pub fn match_key(text: &str) -> String {
    let folded = fold_wording(text);
    let masked = RULE_REFERENCE.replace_all(&folded, "#");
    words(&masked).collect::<Vec<_>>().join(" ")
}

/// The words of a text: runs of letters, digits and inner apostrophes.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '#'))
        .map(|w| w.trim_matches('\''))
        .filter(|w| !w.is_empty())
}

/// Similarity of two sorted word-id multisets: twice the shared words over all words
/// (Dice's coefficient), 0..1.
pub fn dice(a: &[u32], b: &[u32]) -> f32 {
    if a.is_empty() && b.is_empty() {
        return 1.0;
    }
    let (mut i, mut j, mut shared) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                shared += 1;
                i += 1;
                j += 1;
            }
        }
    }
    (2 * shared) as f32 / (a.len() + b.len()) as f32
}

/// Similarity of two texts as a person reads them: Dice's coefficient over their
/// lower-cased words, nothing folded.
pub fn text_similarity(a: &str, b: &str) -> f32 {
    let mut vocabulary = Vocabulary::default();
    let (x, y) = (vocabulary.sorted_ids(a), vocabulary.sorted_ids(b));
    dice(&x, &y)
}

/// A fast hasher for maps keyed by words and numbers of the rules (FxHash's
/// multiply-and-rotate): the std SipHash guards against keys an adversary picks, which
/// these are not, at several times the cost.
#[derive(Debug, Default, Clone, Copy)]
pub struct FastHasher(u64);

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl std::hash::Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A `HashMap` with [`FastHasher`]. Nothing may depend on its order of iteration (nor did
/// it with the std hasher, whose order changes from run to run).
pub type FastMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<FastHasher>>;

/// Lower-cased words interned to ids, shared by many texts: each text's words become a
/// sorted multiset of ids once, and [`dice`] over two of them is what
/// [`text_similarity`] says of the two texts (the ids only stand for equal words).
#[derive(Debug, Default)]
pub struct Vocabulary {
    ids: FastMap<String, u32>,
    lower: String,
}

impl Vocabulary {
    /// The id of a word, lower-cased as `str::to_lowercase` does.
    fn id(&mut self, word: &str) -> u32 {
        let key: &str = if word
            .bytes()
            .all(|b| b.is_ascii() && !b.is_ascii_uppercase())
        {
            word
        } else {
            self.lower.clear();
            if word.is_ascii() {
                self.lower
                    .extend(word.bytes().map(|b| char::from(b.to_ascii_lowercase())));
            } else {
                self.lower.push_str(&word.to_lowercase());
            }
            &self.lower
        };
        if let Some(&id) = self.ids.get(key) {
            return id;
        }
        let id = self.ids.len() as u32;
        self.ids.insert(key.to_string(), id);
        id
    }

    /// The text's lower-cased words as a sorted multiset of ids.
    pub fn sorted_ids(&mut self, text: &str) -> Vec<u32> {
        let mut out = Vec::new();
        self.sorted_ids_into(text, &mut out);
        out
    }

    /// Like [`Vocabulary::sorted_ids`], into `out` (cleared first).
    pub fn sorted_ids_into(&mut self, text: &str, out: &mut Vec<u32>) {
        out.clear();
        for word in words(text) {
            let id = self.id(word);
            out.push(id);
        }
        out.sort_unstable();
    }
}

/// The most [`dice`] can say of multisets of `a` and `b` elements (all of the smaller
/// shared), computed as `dice` computes it: `dice(x, y) <= dice_bound(x.len(), y.len())`
/// for any `x`, `y` of those sizes.
pub fn dice_bound(a: usize, b: usize) -> f32 {
    if a == 0 && b == 0 {
        return 1.0;
    }
    (2 * a.min(b)) as f32 / (a + b) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_the_template_changes_of_2009_2018_and_2024() {
        let pairs = [
            (
                "A player may cast it from his or her hand when he or she controls it.",
                "A player may cast it from their hand when they control it.",
            ),
            (
                "When Oblivion Ring comes into play, remove target permanent in play.",
                "When Oblivion Ring enters, remove target permanent on the battlefield.",
            ),
            (
                "When it enters the battlefield, return it to its owner\u{2019}s hand.",
                "When it enters, return it to its owner's hand.",
            ),
            (
                "Each tribal card has another card type.",
                "Each kindred card has another card type.",
            ),
            (
                "A player may play an instant spell.",
                "A player may cast an instant spell.",
            ),
            ("Artifact -- Equipment", "Artifact \u{2014} Equipment"),
            ("\u{201C}Casting Spells.\u{201D}", "\"Casting Spells.\""),
        ];
        for (old, new) in pairs {
            assert_eq!(fold_wording(old), fold_wording(new), "{old} / {new}");
        }
    }

    #[test]
    fn folding_keeps_changes_of_meaning() {
        assert_ne!(
            fold_wording("all are put into their owners' graveyards"),
            fold_wording("the rest are put into their owners' graveyards")
        );
    }

    #[test]
    fn typography_key_ignores_quote_styles_and_dashes_only() {
        assert_eq!(
            typography_key("It can\u{2019}t: \u{201C}Artifact \u{2014} Equipment.\u{201D}"),
            typography_key("It can't:  \"Artifact -- Equipment.\"")
        );
        assert_ne!(typography_key("his or her"), typography_key("their"));
    }

    #[test]
    fn match_key_masks_rule_references() {
        assert_eq!(
            match_key("See rule 212.2g, \u{201C}Tribal.\u{201D}"),
            match_key("See rule 308.3, \"Kindred.\"")
        );
    }

    #[test]
    fn dice_counts_repeated_words() {
        assert_eq!(dice(&[1, 1, 2], &[1, 2]), 0.8);
        assert_eq!(dice(&[], &[]), 1.0);
        assert_eq!(dice(&[1], &[]), 0.0);
        assert!((text_similarity("The cat sat", "the cat stood") - 2.0 / 3.0).abs() < 1e-6);
    }
}
