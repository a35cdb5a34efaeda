//! Understanding a judge's question before it is searched: is it written in query syntax
//! or in words; which of its words are judge vocabulary (`ETB`, `fizzle`, `blink`: the
//! table `vocabulary.tsv`, each entry with where the rules use its words); which glossary
//! names it says (whole, or by the initials of a name of three words or more) and where
//! those entries point (rules, and for an obsolete term the term that replaced it). Pure
//! functions over the question and the glossary's text.

use std::collections::HashSet;
use std::sync::LazyLock;

use regex::Regex;

use super::analysis;
use crate::model::RuleNumber;

/// The most brackets a query in query syntax may hold: deeper nesting is read as words
/// (tantivy's parsers recurse once per bracket and would overflow the stack).
pub const MAX_BRACKETS: usize = 32;

/// Words a question is phrased with that say nothing of the rules it asks about ("can I
/// still…", "is it allowed…", "what exactly happens…", "does this work"). They are not stop
/// words of the index (the rules use some of them, rarely, which makes them look rare and
/// lets them pull a long question toward the few rules that happen to say them); a
/// question drops them unless they are all it says.
const FILLER: &[&str] = &[
    "actually",
    "allowed",
    "anyway",
    "anything",
    "away",
    "basically",
    "correct",
    "correctly",
    "define",
    "definition",
    "even",
    "ever",
    "exactly",
    "explain",
    "get",
    "gets",
    "getting",
    "got",
    "gonna",
    "happened",
    "happening",
    "hey",
    "hi",
    "know",
    "mean",
    "meaning",
    "means",
    "okay",
    "ok",
    "please",
    "possible",
    "really",
    "something",
    "still",
    "thanks",
    "think",
    "thought",
    "try",
    "tries",
    "tried",
    "trying",
    "want",
    "wants",
    "wanted",
    "wanna",
    "wonder",
    "wondering",
    "work",
    "works",
    "working",
];

/// Whether a lower-cased word is question filler (see [`FILLER`]).
pub fn is_filler(word: &str) -> bool {
    FILLER.contains(&word)
}

/// The judge vocabulary table, built into the binary.
const VOCABULARY: &str = include_str!("vocabulary.tsv");

/// One entry of the judge vocabulary: the words said and the rules' words for them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Said {
    /// The parts that must each be said, as consecutive words, anywhere in the question: one
    /// for a term (`summoning sick`), more for a situation (`target + in response`).
    pub parts: Vec<Vec<String>>,
    /// The stem of each word of each part, as [`find_stems`] compares them.
    pub stems: Vec<Vec<String>>,
    pub meaning: String,
    pub source: String,
}

impl Said {
    /// All the words said, of every part.
    pub fn words(&self) -> impl Iterator<Item = &String> {
        self.parts.iter().flatten()
    }
}

/// The judge vocabulary, parsed once.
pub fn vocabulary() -> &'static [Said] {
    static TABLE: LazyLock<Vec<Said>> = LazyLock::new(|| {
        VOCABULARY
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let mut cols = l.split('\t');
                let said = cols.next()?;
                let parts: Vec<Vec<String>> = said.split(" + ").map(words).collect();
                Some(Said {
                    stems: parts.iter().map(|p| stems(p)).collect(),
                    parts,
                    meaning: cols.next()?.to_string(),
                    source: cols.next().unwrap_or_default().to_string(),
                })
            })
            .collect()
    });
    &TABLE
}

/// The terms of the words the judge vocabulary says (`mull` → `mull`), for telling them
/// from misspellings.
pub fn vocabulary_terms() -> &'static HashSet<String> {
    static TERMS: LazyLock<HashSet<String>> = LazyLock::new(|| {
        vocabulary()
            .iter()
            .flat_map(|v| v.words().map(|w| analysis::stem_word(w)))
            .collect()
    });
    &TERMS
}

/// The words of a text as typed, lower-cased, apostrophes dropped (`can't` → `cant`);
/// everything that is not a letter or digit separates words (`+1/+1` → `1 1`).
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_alphanumeric() {
            word.extend(c.to_lowercase());
        } else if analysis::is_apostrophe(c)
            && i > 0
            && chars[i - 1].is_alphabetic()
            && chars.get(i + 1).is_some_and(|n| n.is_alphabetic())
        {
            continue;
        } else if !word.is_empty() {
            out.push(std::mem::take(&mut word));
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// Whether the query is written in tantivy's query syntax: a quoted phrase, a `field:`,
/// `+word` or `-word` (not `+1/+1` or `-1/-1`), or an upper-case `AND`/`OR`/`NOT`.
/// Anything else is words, searched as words (so `-1/-1` is not "must not").
pub fn is_query_syntax(query: &str) -> bool {
    static SYNTAX: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r#"(?x)
            "[^"]+"                                   # a phrase
            | \b(?:title|text|examples|number):\S     # a field
            | (?:^|\s)[+-][\p{L}("]                   # must / must not
            | \s(?:AND|OR|NOT)\s                      # operators
            "#,
        )
        .expect("the query-syntax pattern compiles")
    });
    // Every part of the pattern needs one of these: most questions hold none, and are
    // answered without compiling it (a millisecond of a search's process).
    let may = query.contains(['"', ':', '+', '-'])
        || ["AND", "OR", "NOT"].iter().any(|op| query.contains(op));
    may && SYNTAX.is_match(query) && brackets(query) <= MAX_BRACKETS
}

/// How many brackets the query holds.
pub fn brackets(query: &str) -> usize {
    query.chars().filter(|c| "()[]{}".contains(*c)).count()
}

/// Whether `name` occurs in `said` as consecutive words (each compared as a stem, so
/// `mulligans` says `Mulligan`); returns where.
pub fn find_words(said: &[String], name: &[String]) -> Option<usize> {
    find_stems(&stems(said), &stems(name))
}

/// The stem of each word (see [`find_stems`]).
pub fn stems(words: &[String]) -> Vec<String> {
    words.iter().map(|w| analysis::stem_word(w)).collect()
}

/// [`find_words`] over words already stemmed (a question is stemmed once, not once for
/// each name it is compared with).
pub fn find_stems(said: &[String], name: &[String]) -> Option<usize> {
    if name.is_empty() || name.len() > said.len() {
        return None;
    }
    (0..=said.len() - name.len()).find(|&i| said[i..i + name.len()] == name[..])
}

/// The vocabulary entries the question says, with how many of its words each covers.
pub fn vocabulary_said(said: &[String]) -> Vec<(&'static Said, usize)> {
    let said = stems(said);
    vocabulary()
        .iter()
        .filter(|v| v.stems.iter().all(|part| find_stems(&said, part).is_some()))
        .map(|v| (v, v.words().count()))
        .collect()
}

/// The initials of a name of three words or more (`Last Known Information` → `lki`,
/// `State-Based Actions` → `sba`); shorter names have none (two letters are too often a
/// word of their own).
pub fn initials(name: &str) -> Option<String> {
    let w = words(name);
    (w.len() >= 3).then(|| w.iter().filter_map(|w| w.chars().next()).collect())
}

/// The glossary terms a definition sends the reader to: "See Battlefield.", "See also
/// Haste.", "An obsolete term for mana value."
pub fn see_terms(definition: &str) -> Vec<String> {
    static SEE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?:\bSee(?: also)?|obsolete term for(?: the)?) [“"]?([A-Za-z][A-Za-z ,'’/-]*?)[.”"]*(?:\.|$| See)"#)
            .expect("the see pattern compiles")
    });
    // The pattern needs one of these words (most definitions have neither, and are read
    // without compiling it).
    if !definition.contains("See") && !definition.contains("obsolete term for") {
        return Vec::new();
    }
    SEE.captures_iter(definition)
        .filter_map(|c| c.get(1))
        .map(|m| m.as_str().trim().to_string())
        .filter(|t| !t.starts_with("rule") && !t.starts_with("section"))
        .collect()
}

/// The rule number a term of the question is (`303.4c`, `702.19`, `704.5j`), as the index
/// writes it; `None` for any other term (a bare `303` or `2` is a number, not a rule).
pub fn rule_number(term: &str) -> Option<String> {
    term.contains('.')
        .then(|| term.parse::<RuleNumber>().ok())
        .flatten()
        .filter(|n| n.depth() >= 2)
        .map(|n| n.short())
}

/// Whether a word, after the text `before` it, is part of a name (a card's: `Blood
/// Moon`, `Swords to Plowshares`): capitalised inside a sentence, not all capitals (`ETB`,
/// `SBA` are judge vocabulary).
pub fn is_name(word: &str, before: &str) -> bool {
    let opens_sentence = before
        .trim_end()
        .chars()
        .next_back()
        .is_none_or(|c| matches!(c, '.' | '?' | '!' | ':' | '"' | '“'));
    let mut letters = word.chars().filter(|c| c.is_alphabetic());
    letters.next().is_some_and(|c| c.is_uppercase())
        && letters.any(|c| c.is_lowercase())
        && !opens_sentence
}

/// The names of a question (see [`is_name`]) as runs of consecutive words, lower-cased:
/// `Doubling Season`, `Exalted Angel` (a word of the rules inside a card's name is part
/// of the name), `Swords to Plowshares` (a short joining word between two capitalised
/// words belongs to the name).
pub fn name_runs(question: &str) -> Vec<Vec<String>> {
    const JOINING: &[&str] = &[
        "of", "to", "the", "and", "from", "in", "on", "with", "for", "a",
    ];
    let mut runs: Vec<Vec<String>> = Vec::new();
    let mut run: Vec<String> = Vec::new();
    // A joining word waits for the capitalised word that continues the name.
    let mut pending: Vec<String> = Vec::new();
    let mut end = 0;
    for word in question.split(|c: char| !c.is_alphanumeric() && !analysis::is_apostrophe(c)) {
        if word.is_empty() {
            continue;
        }
        let start = word.as_ptr() as usize - question.as_ptr() as usize;
        // Only spaces (or a hyphen) between two words of one name.
        let gap = &question[end..start];
        end = start + word.len();
        let joined = gap.chars().all(|c| c == ' ' || c == '-');
        if !joined && !run.is_empty() {
            runs.push(std::mem::take(&mut run));
            pending.clear();
        }
        if is_name(word, &question[..start]) {
            run.append(&mut pending);
            run.push(word.to_lowercase());
        } else if !run.is_empty() && JOINING.contains(&word.to_lowercase().as_str()) {
            pending.push(word.to_lowercase());
        } else if !run.is_empty() {
            runs.push(std::mem::take(&mut run));
            pending.clear();
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    runs
}

/// A question's `die` read as the verb (a creature dies, rule 700.4), not as the dice
/// noun (rule 706), unless it follows a word that makes it a thing (`a die`, `the die`,
/// `roll`, `six-sided`): "do we both die", "does it die", "will my creature die" become
/// `dies`. The rules' own text is not changed: only the question is read this way.
pub fn die_as_verb(question: &str) -> std::borrow::Cow<'_, str> {
    const DICE: &[&str] = &[
        "a", "the", "one", "each", "that", "this", "sided", "roll", "rolls", "rolled", "rolling",
        "same", "another", "other", "planar", "20", "6", "six", "twenty",
    ];
    const ROLLED: &[&str] = &[
        "roll", "rolls", "rolled", "result", "results", "face", "faces",
    ];
    static DIE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)(?:([\p{L}\d]+)([\s-]+))?\b(die)\b(?:([\s-]+)([\p{L}]+))?")
            .expect("the die pattern compiles")
    });
    if !question.to_lowercase().contains("die") {
        return std::borrow::Cow::Borrowed(question);
    }
    DIE.replace_all(question, |c: &regex::Captures| {
        let part = |i| c.get(i).map_or("", |m| m.as_str());
        let thing = DICE.contains(&part(1).to_lowercase().as_str())
            || ROLLED.contains(&part(5).to_lowercase().as_str());
        let die = if thing { part(3) } else { "dies" };
        format!("{}{}{die}{}{}", part(1), part(2), part(4), part(5))
    })
}

/// The words a question opens with.
const ASKING: &[&str] = &[
    "what", "how", "when", "who", "whose", "which", "where", "why", "does", "do", "did", "is",
    "are", "am", "can", "could", "will", "would", "should", "was", "were", "may", "must", "has",
    "have",
];

/// A bare name of at most this many words asks what it is.
const BARE_NAME: usize = 3;

/// What a question asks the definition of, as its words: "what is a token", "what are
/// replacement effects", "what does trample mean", "how does ward work", "define
/// priority", "meaning of LKI", or a bare name ("the command zone", "layers")
/// (`None` for any other question). A question that asks what something *is* is answered
/// by the rule that defines it (111.1 "A token is a marker…"), not by whichever rule of
/// its family says its word most often.
pub fn defined_subject(question: &str) -> Option<Vec<String>> {
    const ARTICLES: &[&str] = &["a", "an", "the"];
    let said = words(question);
    let s: Vec<&str> = said.iter().map(String::as_str).collect();
    let subject: &[&str] = match s.as_slice() {
        ["what" | "who", "is" | "are", rest @ ..] | ["whats" | "whos", rest @ ..] => rest,
        ["what", "does" | "do", rest @ .., "mean" | "do"] => rest,
        ["how", "does" | "do", rest @ .., "work"] => rest,
        ["define" | "explain", rest @ ..] => rest,
        ["definition" | "meaning", "of", rest @ ..] => rest,
        [rest @ .., "definition" | "meaning" | "defined"] => rest,
        // A bare name of three words or fewer ("replacement effects", "commander")
        // asks what it is.
        rest if rest.len() <= BARE_NAME && rest.first().is_some_and(|w| !ASKING.contains(w)) => {
            rest
        }
        _ => return None,
    };
    let subject = match subject {
        [article, rest @ ..] if ARTICLES.contains(article) => rest,
        rest => rest,
    };
    (1..=4)
        .contains(&subject.len())
        .then(|| subject.iter().map(|w| w.to_string()).collect())
}

/// The clause a question of several clauses asks in: the last one that opens with a
/// question word ("…, what happens to their spell when it tries to resolve"; "…, can I
/// cast an instant then"), after any joining word (`and`, `but`, `so`). `None` when the
/// question is one clause, or asks in its first: then all of it is the question.
pub fn asked(question: &str) -> Option<&str> {
    const JOINING: &[&str] = &["and", "but", "so", "or", "then", "now"];
    let starts = question
        .char_indices()
        .filter(|(_, c)| matches!(c, ',' | ';' | '?' | '.' | ':' | '!'))
        .map(|(i, c)| i + c.len_utf8());
    let starts: Vec<usize> = std::iter::once(0).chain(starts).collect();
    starts.into_iter().rev().find_map(|start| {
        let clause = &question[start..];
        let first = words(clause)
            .into_iter()
            .find(|w| !JOINING.contains(&w.as_str()))?;
        ASKING
            .contains(&first.as_str())
            .then_some((start > 0).then_some(clause))
    })?
}

/// The fewest words a story must have for its asking sentence to be told from the rest.
const STORY: usize = 20;

/// The fewest words that carry meaning an asking sentence must have to stand alone: "Is
/// that true?", "Who is correct?", "What happens?" ask about the sentence before them.
const ASKING_WORDS: usize = 3;

/// The sentence a story asks in: the last that ends with a question mark (the last
/// sentence when none does), with the sentences before it while it says fewer than
/// [`ASKING_WORDS`] words that carry meaning ("… untaps the Seeker again. Is that
/// true?"). `None` for a question shorter than [`STORY`] words or of one sentence: all
/// of it asks. A long question tells what happened first and asks last; its story's
/// rare words (the cards, the board) are not what it asks about.
pub fn asking_sentences(question: &str) -> Option<&str> {
    if words(question).len() < STORY {
        return None;
    }
    // Where each sentence ends: after `.`, `?` or `!` (runs of them) and a space.
    let chars: Vec<(usize, char)> = question.char_indices().collect();
    let mut ends: Vec<(usize, bool)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (_, c) = chars[i];
        if matches!(c, '.' | '?' | '!') {
            let mut j = i;
            let mut asks = false;
            while j < chars.len() && matches!(chars[j].1, '.' | '?' | '!' | '"' | '”' | ')') {
                asks |= chars[j].1 == '?';
                j += 1;
            }
            let at = chars.get(j).map_or(question.len(), |&(b, _)| b);
            if j >= chars.len() || chars[j].1.is_whitespace() {
                ends.push((at, asks));
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    if ends
        .last()
        .is_none_or(|&(at, _)| !question[at..].trim().is_empty())
    {
        ends.push((question.len(), false));
    }
    if ends.len() < 2 {
        return None;
    }
    let last = ends
        .iter()
        .rposition(|&(_, asks)| asks)
        .unwrap_or(ends.len() - 1);
    let meaningful = |s: &str| {
        words(s)
            .iter()
            .filter(|w| !analysis::is_stop_word(w) && !is_filler(w))
            .count()
    };
    let end = ends[last].0;
    let mut first = last;
    loop {
        let start = if first == 0 { 0 } else { ends[first - 1].0 };
        if first == 0 || meaningful(&question[start..end]) >= ASKING_WORDS {
            return (start > 0).then(|| question[start..end].trim());
        }
        first -= 1;
    }
}

/// One sense of a glossary entry of several ("Counter: 1. To cancel a spell… See rule
/// 701.6. 2. A marker placed on an object… See rule 122."): its words and the rules it
/// sends the reader to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sense {
    pub text: String,
    pub references: Vec<String>,
}

/// The senses of a glossary definition that are numbered `1.`, `2.`… each with rules of
/// its own (a homonym: `Counter`, `Draw`); empty when the definition has one
/// sense, or when its senses share their rules (`Exile`: the zone and the action, rule
/// 406 for both).
pub fn senses(definition: &str) -> Vec<Sense> {
    static START: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?:^|\s)[1-9]\.\s+").expect("the sense pattern compiles"));
    static RULE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\brules? (\d{3}(?:\.\d+[a-z]?)?)").expect("the rule pattern compiles")
    });
    if !definition.trim_start().starts_with("1.") {
        return Vec::new();
    }
    let starts: Vec<(usize, usize)> = START
        .find_iter(definition)
        .map(|m| (m.start(), m.end()))
        .collect();
    let senses: Vec<Sense> = starts
        .iter()
        .enumerate()
        .map(|(i, &(_, from))| {
            let to = starts.get(i + 1).map_or(definition.len(), |&(s, _)| s);
            let text = definition[from..to].trim().to_string();
            let references = RULE
                .captures_iter(&text)
                .filter_map(|c| c.get(1))
                .map(|m| m.as_str().to_string())
                .collect();
            Sense { text, references }
        })
        .collect();
    let distinct = senses.len() >= 2
        && senses.iter().all(|s| !s.references.is_empty())
        && senses.iter().enumerate().all(|(i, s)| {
            senses[..i]
                .iter()
                .all(|o| o.references.iter().all(|r| !s.references.contains(r)))
        });
    if distinct {
        senses
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_senses_of_a_homonym() {
        let counter = "1. To cancel a spell or ability so it doesn’t resolve and none of its effects occur. See rule 701.6, “Counter.”\n2. A marker placed on an object or player that modifies its characteristics or interacts with a rule or ability. See rule 122, “Counters.”";
        let s = senses(counter);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].references, ["701.6"]);
        assert_eq!(s[1].references, ["122"]);
        assert!(s[1].text.starts_with("A marker"));
        // The same text without its line breaks.
        assert_eq!(senses(&counter.replace('\n', " ")), s);
        // Senses that share their rule are one topic.
        let exile = "1. A zone. Exile is essentially a holding area for cards.\n2. To put an object into the exile zone. See rule 406, “Exile.”";
        assert!(senses(exile).is_empty());
        assert!(senses("A card type. See rule 305.").is_empty());
    }

    #[test]
    fn the_sentence_a_story_asks_in() {
        let story = "A friend has an Elf wearing Vulshok Gauntlets and it is tapped. I finish my turn and he taps his Seeker of Skybreak to untap his Elf and untaps the Seeker again. Is that true?";
        assert_eq!(
            asking_sentences(story),
            Some("I finish my turn and he taps his Seeker of Skybreak to untap his Elf and untaps the Seeker again. Is that true?")
        );
        let story = "My opponent attacks with a 4/4 Myr Enforcer, and I block with my 4/4 Ravenous Baloth. Can I put damage on the stack, then sacrifice the Baloth for 4 life, and still kill the Enforcer?";
        assert_eq!(
            asking_sentences(story),
            Some("Can I put damage on the stack, then sacrifice the Baloth for 4 life, and still kill the Enforcer?")
        );
        // No question mark: the last sentence.
        let story = "One of the cards rumored to be in the set is an artifact that stops you losing. I was wondering if this would allow you to go into negative life.";
        assert_eq!(
            asking_sentences(story),
            Some("I was wondering if this would allow you to go into negative life.")
        );
        // Short, or one sentence: all of it asks.
        assert_eq!(asking_sentences("Do tokens have summoning sickness?"), None);
        assert_eq!(asking_sentences("If I have crewed a Vehicle and it's currently a creature, can I crew it again or do I have to wait for it to stop being a creature?"), None);
    }

    /// The rules' words the judge vocabulary gives a question.
    fn said(q: &str) -> Vec<String> {
        vocabulary_said(&words(q))
            .into_iter()
            .map(|(v, _)| v.meaning.clone())
            .collect()
    }

    #[test]
    fn a_situation_is_said_when_each_of_its_parts_is() {
        let fizzle = "targets no longer legal illegal doesn't resolve".to_string();
        assert!(
            said("they cast Murder targeting my bear and I sacrificed it in response")
                .contains(&fizzle)
        );
        // One part alone is not the situation.
        assert!(!said("I cast a spell targeting my bear").contains(&fizzle));
        assert!(!said("can I respond in response to a trigger").contains(&fizzle));
    }

    #[test]
    fn the_clause_a_question_asks_in() {
        assert_eq!(
            asked("my opponent cast a removal spell on my creature and I sacrificed it in response, what happens to their spell when it tries to resolve"),
            Some(" what happens to their spell when it tries to resolve")
        );
        assert_eq!(
            asked("something triggers in my cleanup step, can I cast an instant then, and does the cleanup step happen again"),
            Some(" and does the cleanup step happen again")
        );
        // One clause, or the question first: all of it is asked.
        assert_eq!(asked("can a spell be cast with no legal targets"), None);
        assert_eq!(asked("who wins, if both players lose at once"), None);
        assert_eq!(asked("the legend rule, two copies"), None);
        assert_eq!(asked(""), None);
    }

    #[test]
    fn words_of_a_question() {
        assert_eq!(words("Can't I ETB?"), ["cant", "i", "etb"]);
        assert_eq!(
            words("+1/+1 and -1/-1 counters"),
            ["1", "1", "and", "1", "1", "counters"]
        );
    }

    #[test]
    fn query_syntax_is_recognised_and_counters_are_not_operators() {
        assert!(is_query_syntax("\"legend rule\""));
        assert!(is_query_syntax("first strike -double"));
        assert!(is_query_syntax("title:deathtouch"));
        assert!(is_query_syntax("trample AND deathtouch"));
        assert!(!is_query_syntax("+1/+1 and -1/-1 counters"));
        assert!(!is_query_syntax("what does (the) aura do"));
        assert!(!is_query_syntax("can't block"));
        let deep = format!("\"a\" {}", "(".repeat(5000));
        assert!(!is_query_syntax(&deep));
    }

    #[test]
    fn judge_vocabulary_is_found_by_its_words() {
        assert!(said("ETB trigger").contains(&"enters the battlefield".to_string()));
        assert!(said("my spell fizzled")
            .iter()
            .any(|m| m.contains("resolve")));
        assert!(said("cards in play").contains(&"battlefield".to_string()));
        assert!(said("playing a card").is_empty());
        for v in vocabulary() {
            assert!(!v.source.is_empty(), "{:?} names no source", v.parts);
        }
    }

    #[test]
    fn initials_and_see_references() {
        assert_eq!(initials("Last Known Information").as_deref(), Some("lki"));
        assert_eq!(initials("State-Based Actions").as_deref(), Some("sba"));
        assert_eq!(initials("Mana Value"), None);
        assert_eq!(see_terms("An obsolete term for mana value. Cards printed with this term have received errata."), ["mana value"]);
        assert_eq!(
            see_terms("An obsolete term for the battlefield. Cards … errata. See Battlefield."),
            ["battlefield", "Battlefield"]
        );
        assert_eq!(
            see_terms("A card type. See rule 305."),
            Vec::<String>::new()
        );
        assert_eq!(
            see_terms("See Active Player, Nonactive Player Order."),
            ["Active Player, Nonactive Player Order"]
        );
    }

    #[test]
    fn rule_numbers_in_a_question() {
        assert_eq!(rule_number("303.4c").as_deref(), Some("303.4c"));
        assert_eq!(rule_number("702.19").as_deref(), Some("702.19"));
        assert_eq!(rule_number("303"), None);
        assert_eq!(rule_number("1.5"), None);
        assert_eq!(rule_number("trample"), None);
    }

    #[test]
    fn capitalised_words_inside_a_sentence_are_names() {
        let names = |q: &str| {
            let mut v: Vec<String> = name_runs(q).into_iter().flatten().collect();
            v.sort();
            v.join(" ")
        };
        assert_eq!(
            names("My opponent played Blood Moon. Do my lands tap for black? Urborg says so"),
            "blood moon"
        );
        assert_eq!(names("Can I respond to an ETB with my SBA trick"), "");
        // A quotation opens a sentence: its first word may be capitalised for that.
        assert_eq!(names("\"Swords to Plowshares\" exiles it"), "plowshares");
        assert_eq!(
            names("they cast Swords to Plowshares"),
            "plowshares swords to"
        );
    }

    #[test]
    fn names_are_runs_of_capitalised_words() {
        let runs = |q: &str| {
            name_runs(q)
                .into_iter()
                .map(|r| r.join(" "))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            runs("I control Doubling Season and cast Exalted Angel, then Swords to Plowshares"),
            ["doubling season", "exalted angel", "swords to plowshares"]
        );
        assert_eq!(runs("they Fling my creature"), ["fling"]);
        assert_eq!(runs("Can I respond to an ETB"), Vec::<String>::new());
    }

    #[test]
    fn die_is_the_verb_unless_it_is_a_thing() {
        assert_eq!(die_as_verb("do we both die?"), "do we both dies?");
        assert_eq!(die_as_verb("does it die"), "does it dies");
        assert_eq!(die_as_verb("I roll a die"), "I roll a die");
        assert_eq!(
            die_as_verb("roll the six-sided die"),
            "roll the six-sided die"
        );
        assert_eq!(die_as_verb("a die roll"), "a die roll");
        assert_eq!(die_as_verb("die roll"), "die roll");
        assert_eq!(die_as_verb("if they die, I win"), "if they dies, I win");
        assert_eq!(die_as_verb("it dies"), "it dies");
    }

    #[test]
    fn what_a_question_asks_the_definition_of() {
        let subject = |q: &str| defined_subject(q).map(|w| w.join(" "));
        assert_eq!(subject("What is a token?").as_deref(), Some("token"));
        assert_eq!(
            subject("what are replacement effects").as_deref(),
            Some("replacement effects")
        );
        assert_eq!(
            subject("what does trample mean").as_deref(),
            Some("trample")
        );
        assert_eq!(subject("What's LKI").as_deref(), Some("lki"));
        assert_eq!(subject("how do sagas work").as_deref(), Some("sagas"));
        assert_eq!(subject("define the stack").as_deref(), Some("stack"));
        assert_eq!(subject("meaning of priority").as_deref(), Some("priority"));
        assert_eq!(
            subject("what is the starting life total in a normal game"),
            None
        );
        assert_eq!(subject("can I equip an opponent's creature"), None);
        assert_eq!(subject("what is"), None);
        assert_eq!(subject("the command zone").as_deref(), Some("command zone"));
        assert_eq!(subject("layers").as_deref(), Some("layers"));
        assert_eq!(subject("who can be attacked"), None);
        assert_eq!(subject("protection from red blocking"), None);
    }
}
