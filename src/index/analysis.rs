//! Text analysis for the rules: how text becomes search terms.
//!
//! Rules text comes from sources that disagree on punctuation: straight and curly quotes,
//! hyphens and en or em dashes, and copies that lost their apostrophes ("cant"). The
//! tokenizer here splits on everything that is not part of a word, joins a word across its
//! apostrophes of any kind (`can't`, `can’t` and `cant` are all the term `cant`), keeps a
//! rule number such as `704.5j` as one term, lower-cases, and brings irregular verb forms
//! to their base (`has` → `have`, `dealt` → `deal`), drops the words of a question that
//! carry no meaning (`what`, `the`, `I`…) and stems English, except for a few words whose
//! forms the stemmer would confuse ([`FIXED`]: `dies` is not the dice noun `die`). It is
//! registered under [`ANALYZER`] every time an index is opened or created.

use tantivy::tokenizer::{RemoveLongFilter, TextAnalyzer, Token, TokenStream, Tokenizer};

/// The name the analyzer is registered under in every index.
pub const ANALYZER: &str = "arbiter_en";

/// Words that carry no meaning in a question or a rule: articles, pronouns, question
/// words, auxiliaries. Negations (`no`, `not`, `cant`…) and numbers are kept.
pub const STOP_WORDS: &[&str] = &[
    "a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "with", "by", "from", "as",
    "into", "about", "is", "are", "was", "were", "be", "been", "being", "am", "it", "its",
    "itself", "this", "that", "these", "those", "there", "i", "me", "my", "mine", "you", "your",
    "we", "us", "our", "what", "which", "who", "whom", "whose", "how", "when", "where", "why",
    "do", "can", "could", "would", "should", "will", "shall", "may", "might", "must", "if", "then",
    "so", "just", "also", "happen", "happens",
];

/// Irregular forms that the stemmer does not bring to their base.
const IRREGULAR: &[(&str, &str)] = &[
    ("has", "have"),
    ("had", "have"),
    ("having", "have"),
    ("does", "do"),
    ("did", "do"),
    ("done", "do"),
    ("dealt", "deal"),
    ("drew", "draw"),
    ("drawn", "draw"),
    ("paid", "pay"),
    ("lost", "lose"),
    ("won", "win"),
    ("chose", "choose"),
    ("chosen", "choose"),
    ("became", "become"),
    ("began", "begin"),
    ("begun", "begin"),
    ("gave", "give"),
    ("given", "give"),
    ("took", "take"),
    ("taken", "take"),
    ("made", "make"),
    ("spent", "spend"),
    ("held", "hold"),
    ("countered", "counter"),
];

/// Words whose term is fixed rather than stemmed, because the stemmer would merge them
/// with a word of another meaning or split one word's forms: "dies" (a creature put into
/// a graveyard from the battlefield, rule 700.4) is not "die" (the dice of rule 706); the
/// forms of "sacrifice" and "block" (and "blocker", as judges say it) are one term each.
const FIXED: &[(&str, &str)] = &[
    ("dies", "dies"),
    ("died", "dies"),
    ("dying", "dies"),
    ("sacrifice", "sacrific"),
    ("sacrificed", "sacrific"),
    ("sacrifices", "sacrific"),
    ("sacrificing", "sacrific"),
    ("block", "block"),
    ("blocks", "block"),
    ("blocked", "block"),
    ("blocking", "block"),
    ("blocker", "block"),
    ("blockers", "block"),
    ("attacker", "attack"),
    ("attackers", "attack"),
];

/// The analyzer: [`RulesTokenizer`] (words, lower-cased, irregular forms to their base,
/// question words dropped, stemmed with the [`FIXED`] exceptions), long tokens dropped.
pub fn analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(RulesTokenizer::default())
        .filter(RemoveLongFilter::limit(64))
        .build()
}

/// The term of one lower-cased word: its fixed term, else its base form stemmed; `None`
/// for a word that carries no meaning.
fn term_of(word: &str, stemmer: &frostem::Stemmer) -> Option<String> {
    if let Some((_, fixed)) = FIXED.iter().find(|(w, _)| *w == word) {
        return Some(fixed.to_string());
    }
    let base = IRREGULAR
        .iter()
        .find(|(form, _)| *form == word)
        .map_or(word, |(_, base)| base);
    if STOP_WORDS.contains(&base) {
        return None;
    }
    Some(stemmer.stem(base).into_owned())
}

/// A text with its enumerations taken out (`None` when it has none): a run of five or
/// more short items (one to three words) separated by commas, such as 122.1b's "flying,
/// first strike, double strike, deathtouch, … and vigilance" or 205.3m's creature types.
/// A word a rule only names in such a list is not what the rule is about.
///
/// The pattern ([`enumeration`]) takes a word to be letters (`\p{L}`), apostrophes and
/// hyphens. Compiled with Unicode classes it cost a search about 8 ms of a process's life
/// (its letter class is copied into every repetition); it runs instead over the text with
/// each character replaced by one byte of the same class (an ASCII character is itself,
/// any other word character `x`, anything else a byte no part of the pattern matches), so
/// it finds the same runs at the same characters (a test holds it to the Unicode form).
pub fn without_enumerations(text: &str) -> Option<String> {
    static LIST: std::sync::LazyLock<regex::bytes::Regex> = std::sync::LazyLock::new(|| {
        regex::bytes::RegexBuilder::new(&enumeration("[A-Za-z'-]"))
            .unicode(false)
            .build()
            .expect("the enumeration pattern compiles")
    });
    // Most rules have fewer than four commas: no list to look for.
    if text.matches(", ").count() < 4 {
        return None;
    }
    // One byte per character, and where each character starts in `text`.
    let mut bytes = Vec::with_capacity(text.len());
    let mut starts = Vec::with_capacity(text.len() + 1);
    for (at, c) in text.char_indices() {
        starts.push(at);
        bytes.push(if c.is_ascii() {
            c as u8
        } else if is_word_letter(c) {
            b'x'
        } else {
            0
        });
    }
    starts.push(text.len());
    let mut found = LIST.find_iter(&bytes).peekable();
    found.peek()?;
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for m in found {
        out.push_str(&text[starts[last]..starts[m.start()]]);
        out.push(' ');
        last = m.end();
    }
    out.push_str(&text[starts[last]..]);
    Some(out)
}

/// The enumeration pattern, with `word` the class of a word's characters.
fn enumeration(word: &str) -> String {
    let item = format!("{word}+(?: {word}+){{0,2}}");
    format!("(?:{item}, ){{4,}}(?:and |or )?{item}")
}

/// Whether a character outside ASCII is part of an enumerated word: `’` or a letter
/// (`\p{L}`: general category Letter, a subset of what Rust calls alphabetic; the class
/// alone compiles in a fraction of a millisecond, and only when such a character is met).
fn is_word_letter(c: char) -> bool {
    static LETTER: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^\p{L}$").expect("the letter class compiles")
    });
    c == '’' || (c.is_alphabetic() && LETTER.is_match(c.encode_utf8(&mut [0; 4])))
}

/// Whether a lower-cased word carries no meaning (`what`, `the`, `does`).
pub fn is_stop_word(word: &str) -> bool {
    let base = IRREGULAR
        .iter()
        .find(|(form, _)| *form == word)
        .map_or(word, |(_, base)| base);
    STOP_WORDS.contains(&base)
}

/// The term of one word as typed, stop words included (the glossary and the judge
/// vocabulary compare names word by word with it).
pub fn stem_word(word: &str) -> String {
    static STEMMER: std::sync::LazyLock<frostem::Stemmer> =
        std::sync::LazyLock::new(|| frostem::Stemmer::new(frostem::Algorithm::English));
    let lower = word.to_lowercase();
    if let Some((_, fixed)) = FIXED.iter().find(|(w, _)| *w == lower) {
        return fixed.to_string();
    }
    let base = IRREGULAR
        .iter()
        .find(|(form, _)| *form == lower)
        .map_or(lower.as_str(), |(_, base)| base);
    STEMMER.stem(base).into_owned()
}

/// Registers the analyzer in an index (created or opened).
pub fn register(index: &tantivy::Index) {
    index.tokenizers().register(ANALYZER, analyzer());
}

/// The terms a text is analysed into, in order (for tests and for the glossary matcher).
pub fn terms(text: &str) -> Vec<String> {
    terms_with(&mut analyzer(), text)
}

/// The terms a text is analysed into by an analyzer made once for many texts.
pub fn terms_with(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

/// The terms of a text with their positions (a dropped word keeps its place, so phrases
/// keep their gaps).
pub fn positions(text: &str) -> Vec<(String, usize)> {
    typed_positions(text)
        .into_iter()
        .map(|(term, position, _)| (term, position))
        .collect()
}

/// The terms of a text with their positions and the word each was typed as, lower-cased
/// (a misspelling is corrected from what was typed: the stem of `prowes` is `prow`).
pub fn typed_positions(text: &str) -> Vec<(String, usize, String)> {
    let mut analyzer = analyzer();
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        let t = stream.token();
        let typed = text
            .get(t.offset_from..t.offset_to)
            .unwrap_or(&t.text)
            .to_lowercase();
        out.push((t.text.clone(), t.position, typed));
    }
    out
}

/// Apostrophes of every kind a source may use, straight, curly, modifier or grave.
pub fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '’' | '‘' | 'ʼ' | '`' | '´' | '′')
}

/// Splits text into words: runs of letters and digits, joined across apostrophes inside a
/// word (which are dropped) and across a period between digits and a digit or letter
/// (`704.5j`). Everything else — spaces, quotes, dashes, brackets — separates words.
#[derive(Clone)]
pub struct RulesTokenizer {
    token: Token,
    stemmer: std::sync::Arc<frostem::Stemmer>,
}

impl Default for RulesTokenizer {
    fn default() -> Self {
        RulesTokenizer {
            token: Token::default(),
            stemmer: std::sync::Arc::new(frostem::Stemmer::new(frostem::Algorithm::English)),
        }
    }
}

/// The token stream of [`RulesTokenizer`].
pub struct RulesTokenStream<'a> {
    text: &'a str,
    offset: usize,
    token: &'a mut Token,
    stemmer: &'a frostem::Stemmer,
}

impl Tokenizer for RulesTokenizer {
    type TokenStream<'a> = RulesTokenStream<'a>;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> RulesTokenStream<'a> {
        self.token.reset();
        RulesTokenStream {
            text,
            offset: 0,
            token: &mut self.token,
            stemmer: &self.stemmer,
        }
    }
}

impl TokenStream for RulesTokenStream<'_> {
    fn advance(&mut self) -> bool {
        loop {
            if !self.next_word() {
                return false;
            }
            // A word that carries no meaning keeps its position, so phrases keep their gaps.
            if let Some(term) = term_of(&self.token.text, self.stemmer) {
                self.token.text = term;
                return true;
            }
        }
    }

    fn token(&self) -> &Token {
        self.token
    }

    fn token_mut(&mut self) -> &mut Token {
        self.token
    }
}

impl RulesTokenStream<'_> {
    /// The next word, lower-cased, into the token; false at the end of the text.
    fn next_word(&mut self) -> bool {
        self.token.text.clear();
        let rest = &self.text[self.offset..];
        let Some((start_rel, _)) = rest.char_indices().find(|(_, c)| c.is_alphanumeric()) else {
            self.offset = self.text.len();
            return false;
        };
        let start = self.offset + start_rel;
        let mut end = start;
        let mut chars = self.text[start..].char_indices().peekable();
        let mut prev: Option<char> = None;
        while let Some((i, c)) = chars.next() {
            let at = start + i;
            if c.is_alphanumeric() {
                self.token.text.extend(c.to_lowercase());
                end = at + c.len_utf8();
                prev = Some(c);
                continue;
            }
            let next = chars.peek().map(|&(_, n)| n);
            let joins = match (prev, next) {
                (Some(p), Some(n)) if is_apostrophe(c) => p.is_alphabetic() && n.is_alphabetic(),
                (Some(p), Some(n)) if c == '.' => p.is_ascii_digit() && n.is_ascii_alphanumeric(),
                _ => false,
            };
            if !joins {
                break;
            }
            if c == '.' {
                self.token.text.push('.');
            }
            prev = Some(c);
        }
        self.offset = end;
        self.token.offset_from = start;
        self.token.offset_to = end;
        self.token.position = self.token.position.wrapping_add(1);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn apostrophes_of_every_kind_make_one_term() {
        assert_eq!(terms("can't"), ["cant"]);
        assert_eq!(terms("can’t"), ["cant"]);
        assert_eq!(terms("cant"), ["cant"]);
        assert_eq!(terms("CAN‘T"), ["cant"]);
        assert_eq!(terms("the creature's owner"), terms("the creatures owner"));
    }

    #[test]
    fn quotes_and_dashes_separate_words_whatever_their_shape() {
        assert_eq!(terms("“legend rule”"), terms("\"legend rule\""));
        assert_eq!(terms("non‑creature—spell"), terms("non-creature - spell"));
        assert_eq!(terms("'legend'"), ["legend"]);
    }

    #[test]
    fn lower_cases_and_stems_english() {
        assert_eq!(terms("Creatures Attacking"), ["creatur", "attack"]);
        assert_eq!(terms("creature attacks"), ["creatur", "attack"]);
    }

    #[test]
    fn questions_lose_their_empty_words_and_verbs_their_irregular_forms() {
        assert_eq!(
            terms("What happens if I have 0 life?"),
            terms("a player has 0 or less life")
                .into_iter()
                .filter(|t| t != "player" && t != "less")
                .collect::<Vec<_>>()
        );
        assert_eq!(terms("damage dealt"), ["damag", "deal"]);
        assert_eq!(terms("can't not no"), ["cant", "not", "no"]);
    }

    #[test]
    fn dies_is_not_the_dice_and_sacrifice_and_block_are_one_term_each() {
        assert_eq!(terms("dies"), terms("died"));
        assert_ne!(terms("dies"), terms("roll a die"));
        assert_eq!(terms("sacrifice"), terms("sacrificed"));
        assert_eq!(terms("sacrificing"), terms("sacrifices"));
        assert_eq!(terms("blockers"), terms("blocking"));
        assert_eq!(terms("blocked"), ["block"]);
    }

    #[test]
    fn enumerations_are_taken_out() {
        let rule = "The keywords that a keyword counter can be are flying, first strike, double strike, deathtouch, haste, and vigilance.";
        let out = without_enumerations(rule).expect("a list");
        assert!(
            !out.contains("deathtouch") && out.contains("keyword counter"),
            "{out}"
        );
        assert_eq!(
            without_enumerations("If a spell, ability, or effect would deal damage, prevent it."),
            None
        );
    }

    /// What the pattern compiled with Unicode classes finds, which `without_enumerations`
    /// must find over its one-byte-per-character copy of the text.
    fn with_unicode_classes(text: &str) -> Option<String> {
        let list = regex::Regex::new(&enumeration("[\\p{L}’'-]")).expect("compiles");
        (text.matches(", ").count() >= 4 && list.is_match(text))
            .then(|| list.replace_all(text, " ").into_owned())
    }

    #[test]
    fn enumerations_are_found_as_the_unicode_pattern_finds_them() {
        let mut texts: Vec<String> = [
            "Dûl, Jötun, Æther, Lim-Dûl’s, and Ⅻ, ǅ, x, y, z",
            "a, b, c, d, e, f",
            "one two three four, b, c, d, e, f g h i j",
            "Angel, Archon, Avatar, Cat’s, Dragon, or Zombie; Elf, Goblin, Human, Merfolk, and Ork.",
            "x, y, z, w,  v, u, t, s, r and q, p",
            "types—artifact, battle, creature, enchantment, instant, land, and sorcery",
            "\u{301}a, \u{345}b, ́c, ͅd, e, f, g, h, i",
            "a,b, c, d, e, f, g, h, i, j, and k, l, m, n, o",
        ]
        .map(String::from)
        .to_vec();
        // The embedded seeds, read from `rules/` (the library, a layer up, is not used
        // here).
        let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let mut files: Vec<_> = std::fs::read_dir(&seeds)
            .expect("rules/ is readable")
            .map(|e| e.expect("a directory entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        files.sort();
        assert_eq!(files.len(), 5, "the five seeds in {}", seeds.display());
        for file in files {
            let bytes = std::fs::read(&file).expect("a seed is readable");
            let options = crate::read::ReadOptions {
                date: Some(crate::model::Date::new(2000, 1, 1).expect("a date")),
                ..Default::default()
            };
            let revision = crate::read::read(&file.display().to_string(), &bytes, &options)
                .expect("a seed reads");
            texts.extend(revision.rules.values().map(|r| r.text.clone()));
            texts.extend(revision.glossary.iter().map(|g| g.definition.clone()));
        }
        let lists = texts
            .iter()
            .filter(|t| with_unicode_classes(t).is_some())
            .count();
        assert!(lists >= 8, "only {lists} texts have a list");
        for text in &texts {
            assert_eq!(
                without_enumerations(text),
                with_unicode_classes(text),
                "{text}"
            );
        }
    }

    #[test]
    fn rule_numbers_stay_whole() {
        assert_eq!(terms("see rule 704.5j."), ["see", "rule", "704.5j"]);
        assert_eq!(terms("rules 305.2 and 305.2a"), ["rule", "305.2", "305.2a"]);
        assert_eq!(terms("end. Next"), ["end", "next"]);
    }

    #[test]
    fn offsets_point_into_the_original_text() {
        let text = "A player can’t play lands.";
        let mut analyzer = analyzer();
        let mut stream = analyzer.token_stream(text);
        let mut spans = Vec::new();
        while stream.advance() {
            let t = stream.token();
            spans.push(&text[t.offset_from..t.offset_to]);
        }
        assert_eq!(spans, ["player", "can’t", "play", "lands"]);
    }
}
