//! The reader of scenario files (format version 1, `scenario-format.md`): Markdown read
//! with pulldown-cmark into sections of list items, each item one statement with its line
//! number; then the `Game` section, every object, the actions and the expectations are
//! read into a validated [`Scenario`]. Every error names the file, the line and what was
//! expected.

use std::collections::HashMap;

use pulldown_cmark::{Event, HeadingLevel, Parser, Tag, TagEnd};

use crate::model::{Date, RuleNumber};

use super::engine::cite::CANONICAL;
use super::engine::layers::subtypes;
use super::engine::{ById, Id};

mod actions;
mod combat;
mod damage;
mod expect;
mod prevention;
mod replacement;
mod setup;
mod statics;
mod trigger_effects;
mod triggers;

use super::card::{Ability, Characteristics, Color, Enchant, PowerToughness, Quality, TypeLine};
use super::statement::{
    ActionItem, CardId, CardSpec, Change, Claim, CounterKind, Expectation, PlayerId, Scenario,
    Setup, StackName, Statement, Step, Target, Zone,
};

/// Why a scenario could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {message}")]
pub struct ParseError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

/// The sections a scenario may have.
pub const SECTIONS: [&str; 10] = [
    "Game",
    "Battlefield",
    "Hand",
    "Graveyard",
    "Library",
    "Exile",
    "Command",
    "Stack",
    "Actions",
    "Expect",
];

/// The keys of the `Game` section.
pub const GAME_KEYS: [&str; 8] = [
    "players",
    "turn",
    "step",
    "priority",
    "rules",
    "life",
    "lands played",
    "extra land plays",
];

/// The verbs of `Actions`, as an unknown verb's error lists them.
pub const VERBS: &str = "plays, casts, equips, activates equip/fortify of, fortifies, reconfigures, unattaches, puts, sacrifices, gains control of, gains/loses N life, attach, put, remove, destroy, exile, counter, return, becomes, stops being a creature, gains, loses, gets, is, has, is dealt N damage [by M], SUBJECT EFFECT (e.g. `all creatures get -1/-1`), go to, next turn, attacks with, blocks, declares no blockers, orders blockers/attackers of, combat damage";

/// The attributes of an object line.
pub const ATTRIBUTES: &str = "controller, owner, tapped, token, entered this turn, color, colors, enchant, equip, fortify, reconfigure, attached to, protection from, hexproof, shroud, indestructible, flash, haste, can't be enchanted by other Auras, additional land plays N, may play lands from graveyard, loyalty N, defense N, protector NAME, damage N, counters N +1/+1, counters N -1/-1, timestamp N, targeting, mana value N, static: EFFECT, trigger: TRIGGER, persist, undying, flying, reach, first strike, double strike, trample, deathtouch, lifelink, vigilance, menace, defender, can't attack, can't block, can block an additional creature, can block any number of creatures, attacking [T], blocking L[, L]..., blocked, had first strike, damage order L[, L]...";

/// The names a file may give a step (`step:`, `go to`), as an unknown one's error lists them.
pub(super) const STEP_NAMES: [(&str, Step); 18] = [
    ("untap", Step::Untap),
    ("upkeep", Step::Upkeep),
    ("draw", Step::Draw),
    ("precombat main", Step::PrecombatMain),
    ("main 1", Step::PrecombatMain),
    ("main1", Step::PrecombatMain),
    ("beginning of combat", Step::BeginningOfCombat),
    ("declare attackers", Step::DeclareAttackers),
    ("declare blockers", Step::DeclareBlockers),
    ("first-strike damage", Step::FirstStrikeDamage),
    ("first strike damage", Step::FirstStrikeDamage),
    ("combat damage", Step::CombatDamage),
    ("end of combat", Step::EndOfCombat),
    ("postcombat main", Step::PostcombatMain),
    ("main 2", Step::PostcombatMain),
    ("main2", Step::PostcombatMain),
    ("end", Step::End),
    ("cleanup", Step::Cleanup),
];

/// The step `text` names (`the end step`, `main 2`…).
pub(super) fn step_named(text: &str) -> Option<Step> {
    let t = text.trim();
    let t = t.strip_suffix(" step").unwrap_or(t);
    let t = t.strip_suffix(" phase").unwrap_or(t);
    let t = t.strip_prefix("the ").unwrap_or(t);
    match t {
        "end of turn" => return Some(Step::End),
        "precombat main phase" | "first main" | "main" => return Some(Step::PrecombatMain),
        "postcombat main phase" | "second main" => return Some(Step::PostcombatMain),
        _ => {}
    }
    STEP_NAMES.iter().find(|(n, _)| *n == t).map(|(_, s)| *s)
}

/// The counter kind `text` names (122.1): `+1/+1`, `-1/-1`, `loyalty`, `defense`.
pub(super) fn counter_kind(text: &str) -> Option<CounterKind> {
    match text {
        "+1/+1" => Some(CounterKind::PlusOne),
        "-1/-1" => Some(CounterKind::MinusOne),
        "loyalty" => Some(CounterKind::Loyalty),
        "defense" => Some(CounterKind::Defense),
        _ => None,
    }
}

/// Reads a scenario. `file` names it in errors. The subtypes a set may name are those of
/// the revision `rules:` writes as a date (else the canonical one, 2026-01-16): the
/// shell, which resolves `rules:` against the library, reads with [`parse_under`].
pub fn parse(file: &str, text: &str) -> Result<Scenario, ParseError> {
    parse_under(file, text, |spec| {
        let written = spec.and_then(|(s, _)| s.get(..10)?.parse::<Date>().ok());
        Ok::<_, ParseError>((written.unwrap_or(CANONICAL), ()))
    })
    .map(|(scenario, ())| scenario)
}

/// Reads a scenario under the revision that `revision` chooses from its `rules:` line (the
/// value and its line, `None` when absent): the date whose lists of subtypes (205.3) a set
/// may name, and whatever else the shell wants back from its choice.
pub fn parse_under<T, E: From<ParseError>>(
    file: &str,
    text: &str,
    revision: impl FnOnce(Option<&(String, usize)>) -> Result<(Date, T), E>,
) -> Result<(Scenario, T), E> {
    let doc = collect(file, text)?;
    let mut reader = Reader::new(file, doc)?;
    let setup = reader.read_game()?;
    let (date, chosen) = revision(setup.rules.as_ref())?;
    reader.revision = date;
    Ok((reader.read(setup)?, chosen))
}

struct RawItem {
    line: usize,
    text: String,
}

struct RawSection {
    /// Canonical name from [`SECTIONS`].
    name: &'static str,
    line: usize,
    items: Vec<RawItem>,
}

struct Document {
    title: String,
    prose: Vec<String>,
    sections: Vec<RawSection>,
}

fn line_of(starts: &[usize], offset: usize) -> usize {
    match starts.binary_search(&offset) {
        Ok(i) => i + 1,
        Err(i) => i.max(1),
    }
}

/// Markdown → title, prose and the items of each section, with their lines.
fn collect(file: &str, text: &str) -> Result<Document, ParseError> {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    let mut doc = Document {
        title: String::new(),
        prose: Vec::new(),
        sections: Vec::new(),
    };
    let mut heading: Option<(HeadingLevel, usize, String)> = None;
    // Open items: (index into the current section's items, text so far).
    let mut open_items: Vec<(usize, String)> = Vec::new();
    let mut paragraph: Option<String> = None;
    let mut have_title = false;
    let mut in_code_block = false;
    for (event, range) in Parser::new(text).into_offset_iter() {
        let line = line_of(&starts, range.start);
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                heading = Some((level, line, String::new()));
            }
            Event::End(TagEnd::Heading(_)) => {
                let Some((level, hline, htext)) = heading.take() else {
                    continue;
                };
                let htext = htext.trim().to_string();
                match level {
                    HeadingLevel::H1 if !have_title => {
                        have_title = true;
                        doc.title = htext;
                    }
                    HeadingLevel::H2 => {
                        let lower = htext.to_lowercase();
                        let lower = lower.trim_end_matches(':').trim();
                        let Some(name) = SECTIONS.iter().find(|s| s.to_lowercase() == lower) else {
                            return Err(ParseError {
                                file: file.to_string(),
                                line: hline,
                                message: format!(
                                    "unknown section `{htext}`{} (expected one of: {})",
                                    did_you_mean(lower, SECTIONS.iter().copied()),
                                    SECTIONS.join(", ")
                                ),
                            });
                        };
                        if doc.sections.iter().any(|s| s.name == *name) {
                            return Err(ParseError {
                                file: file.to_string(),
                                line: hline,
                                message: format!(
                                    "section `{name}` appears twice (expected each section once)"
                                ),
                            });
                        }
                        doc.sections.push(RawSection {
                            name,
                            line: hline,
                            items: Vec::new(),
                        });
                    }
                    _ => doc.prose.push(htext),
                }
            }
            Event::Start(Tag::Item) => {
                if let Some(section) = doc.sections.last_mut() {
                    section.items.push(RawItem {
                        line,
                        text: String::new(),
                    });
                    open_items.push((section.items.len() - 1, String::new()));
                } else {
                    open_items.push((usize::MAX, String::new()));
                }
            }
            Event::End(TagEnd::Item) => {
                if let Some((idx, t)) = open_items.pop() {
                    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
                    match doc.sections.last_mut().and_then(|s| s.items.get_mut(idx)) {
                        Some(item) => item.text = t,
                        None => doc.prose.push(t),
                    }
                }
            }
            // `*/*` read by Markdown as emphasis: the asterisks are the P/T (604.3).
            Event::Start(Tag::Emphasis) | Event::End(TagEnd::Emphasis) => {
                if let Some((_, t)) = open_items.last_mut() {
                    t.push('*');
                }
            }
            Event::Start(Tag::CodeBlock(_)) => in_code_block = true,
            Event::End(TagEnd::CodeBlock) => in_code_block = false,
            Event::Start(Tag::Paragraph) if open_items.is_empty() && heading.is_none() => {
                paragraph = Some(String::new());
            }
            Event::End(TagEnd::Paragraph) => {
                if open_items.is_empty() {
                    if let Some(p) = paragraph.take() {
                        let p = p.split_whitespace().collect::<Vec<_>>().join(" ");
                        if !p.is_empty() {
                            doc.prose.push(p);
                        }
                    }
                } else if let Some((_, t)) = open_items.last_mut() {
                    t.push(' ');
                }
            }
            Event::Text(s) | Event::Code(s) => {
                if in_code_block && open_items.is_empty() {
                    continue;
                }
                if let Some((_, _, h)) = heading.as_mut() {
                    h.push_str(&s);
                } else if let Some((_, t)) = open_items.last_mut() {
                    t.push_str(&s);
                } else if let Some(p) = paragraph.as_mut() {
                    p.push_str(&s);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some((_, t)) = open_items.last_mut() {
                    t.push(' ');
                } else if let Some(p) = paragraph.as_mut() {
                    p.push(' ');
                }
            }
            _ => {}
        }
    }
    Ok(doc)
}

/// Dashes and quotes as the contract accepts them: `--` and ` - ` for `—`, curly quotes
/// and apostrophes for straight ones; white space collapsed; a final period dropped.
pub(crate) fn normalize(text: &str) -> String {
    let t = text
        .replace(['\u{2019}', '\u{2018}'], "'")
        .replace(['\u{201c}', '\u{201d}'], "\"")
        .replace('\u{2013}', "—")
        .replace("--", "—")
        .replace(" - ", " — ");
    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    let t = t.trim();
    t.strip_suffix('.').unwrap_or(t).trim_end().to_string()
}

/// The contract's verbs agree with their subject either way (`gets`/`get`, `gains`/`gain`,
/// `loses`/`lose`…): the first word of `rest` in the form a single subject takes.
pub(crate) fn agreeing_verb(rest: &str) -> String {
    let (verb, tail) = rest.split_once(' ').unwrap_or((rest, ""));
    let verb = match verb {
        "get" => "gets",
        "gain" => "gains",
        "lose" => "loses",
        "have" => "has",
        "are" => "is",
        "become" => "becomes",
        "stop" => "stops",
        "don't" => "doesn't",
        "do" if tail.starts_with("not ") => "does",
        v => v,
    };
    if tail.is_empty() {
        verb.to_string()
    } else {
        format!("{verb} {tail}")
    }
}

struct Reader<'a> {
    file: &'a str,
    doc: Document,
    players: ById<PlayerId, String>,
    labels: HashMap<String, CardId>,
    /// The revision played: its 205.3 lists the subtypes a set may name.
    revision: Date,
}

type R<T> = Result<T, ParseError>;

impl Reader<'_> {
    /// `James' life`, `dogs' power`: the possessive of a player name or label ending in `s`
    /// written with the apostrophe alone reads as `James's` (`s` lower-cased).
    fn possessives(&self, s: &str) -> String {
        let names = self.players.iter().map(|p| p.to_lowercase());
        let mut out = s.to_string();
        for name in names.chain(self.labels.keys().cloned()) {
            if !name.ends_with('s') {
                continue;
            }
            let bare = format!("{name}'");
            let mut from = 0;
            while let Some(i) = out[from..].find(&bare).map(|i| i + from) {
                let end = i + bare.len();
                let starts_word = i == 0 || out[..i].ends_with(' ');
                let ends_word = out[end..].is_empty() || out[end..].starts_with(' ');
                if starts_word && ends_word {
                    out.insert(end, 's');
                }
                from = end;
            }
        }
        out
    }
}

fn is_label(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

fn number<T: std::str::FromStr>(s: &str) -> Option<T> {
    let s = s.trim();
    if s.is_empty() || s.len() > 9 {
        return None;
    }
    s.parse().ok()
}

impl<'a> Reader<'a> {
    fn new(file: &'a str, doc: Document) -> R<Reader<'a>> {
        Ok(Reader {
            file,
            doc,
            players: ById::default(),
            labels: HashMap::new(),
            revision: CANONICAL,
        })
    }

    fn err<T>(&self, line: usize, message: impl Into<String>) -> R<T> {
        Err(ParseError {
            file: self.file.to_string(),
            line,
            message: message.into(),
        })
    }

    fn section(&self, name: &str) -> Option<&RawSection> {
        self.doc.sections.iter().find(|s| s.name == name)
    }

    fn read(mut self, mut setup: Setup) -> R<Scenario> {
        self.read_objects(&mut setup)?;
        self.check_combat_step(&setup)?;
        self.check_board(&setup)?;
        let actions = self.read_actions()?;
        let expectations = self.read_expectations(actions.len())?;
        Ok(Scenario {
            file: self.file.to_string(),
            title: std::mem::take(&mut self.doc.title),
            prose: std::mem::take(&mut self.doc.prose),
            setup,
            actions,
            expectations,
        })
    }

    fn players_list(&self) -> String {
        self.players
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A player by name (case-insensitive).
    fn player(&self, line: usize, name: &str) -> R<PlayerId> {
        let name = name.trim();
        let name = name.strip_prefix("player ").unwrap_or(name);
        match self.players.position(|p| p.eq_ignore_ascii_case(name)) {
            Some(i) => Ok(i),
            None => self.err(
                line,
                format!(
                    "`{name}` is not a player{} (expected one of: {})",
                    did_you_mean(name, self.players.iter().map(String::as_str)),
                    self.players_list()
                ),
            ),
        }
    }

    /// The player whose name starts `s` (followed by a space, `'s` or the end): the
    /// player and the rest.
    fn player_prefix<'s>(&self, s: &'s str) -> Option<(PlayerId, &'s str)> {
        let mut best: Option<(PlayerId, &'s str, usize)> = None;
        for (i, p) in self.players.enumerate() {
            let p = p.to_lowercase();
            if let Some(rest) = s.strip_prefix(p.as_str()) {
                if (rest.is_empty() || rest.starts_with(' ') || rest.starts_with("'s"))
                    && best.is_none_or(|(_, _, len)| p.len() > len)
                {
                    best = Some((i, rest, p.len()));
                }
            }
        }
        best.map(|(i, rest, _)| (i, rest))
    }

    fn label(&self, line: usize, word: &str) -> R<CardId> {
        let word = word.trim();
        match self.labels.get(word) {
            Some(&id) => Ok(id),
            None if is_label(word) => self.err(
                line,
                format!(
                    "label `{word}` is not defined{} (expected a label from a zone section such as `## Battlefield`)",
                    did_you_mean(word, self.labels.keys().map(String::as_str))
                ),
            ),
            None if word.is_empty() => self.err(line, "expected a label, found nothing"),
            None => self.err(line, format!("expected a label, found `{word}`")),
        }
    }

    /// A label or `player NAME`.
    fn target(&self, line: usize, word: &str) -> R<Target> {
        let word = word.trim();
        if let Some(name) = word.strip_prefix("player ") {
            return Ok(Target::Player(self.player(line, name)?));
        }
        if !self.labels.contains_key(word) {
            if let Ok(p) = self.player(line, word) {
                return Ok(Target::Player(p));
            }
        }
        Ok(Target::Card(self.label(line, word)?))
    }
}

impl Reader<'_> {
    /// A type line (`Legendary Creature — Time Lord Doctor`): `Time Lord` is one subtype
    /// in the revisions whose 205.3m lists it ("One creature type is two words long"),
    /// elsewhere two, as the words are written.
    fn type_line(&self, text: &str) -> Result<TypeLine, String> {
        let mut line = TypeLine::parse(text)?;
        let mut i = 0;
        while i + 1 < line.subtypes.len() {
            let two = format!("{} {}", line.subtypes[i], line.subtypes[i + 1]);
            if subtypes::listed(&two, self.revision) {
                line.subtypes[i] = two;
                line.subtypes.remove(i + 1);
            }
            i += 1;
        }
        Ok(line)
    }
}

fn unreachable_statement() -> Statement {
    Statement::AllPlayersPass
}

/// `2026-01-16`, `2011-07-15-s3`, or a prefix of one (`2011`, `2011-07`).
fn is_revision_spec(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 4 || !b[..4].iter().all(u8::is_ascii_digit) {
        return false;
    }
    s.chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '_')
}

/// ` (did you mean `X`?)` when `word` is one slip from one of `known` (two for a word of
/// more than five letters; the nearest, then the first in alphabetical order), else
/// nothing. Case is ignored; a phrase of known (`protection from`) is compared with as
/// many words of `word`.
pub(crate) fn did_you_mean<'k>(word: &str, known: impl IntoIterator<Item = &'k str>) -> String {
    let word = word.trim().to_lowercase();
    known
        .into_iter()
        .filter_map(|k| {
            let n = k.split_whitespace().count().max(1);
            let head: Vec<&str> = word.split_whitespace().take(n).collect();
            let head = head.join(" ");
            let lower = k.to_lowercase();
            let distance = super::card::edits(&head, &lower);
            let limit = if lower.chars().count() <= 5 { 1 } else { 2 };
            (distance > 0 && distance <= limit).then_some((distance, k))
        })
        .min()
        .map(|(_, k)| format!(" (did you mean `{k}`?)"))
        .unwrap_or_default()
}

/// `: did you mean `creature`?` when a word of `text` is a misspelling of a known word.
fn typo_hint(text: &str) -> String {
    text.split_whitespace()
        .find_map(|w| super::card::near_miss(w).map(|k| format!(" (`{w}`: did you mean `{k}`?)")))
        .unwrap_or_default()
}

#[cfg(test)]
mod reference {
    //! The scenario reference (`docs/scenarios/reference.md`) names every form this parser
    //! accepts: its sections, `Game` keys, verbs and attributes (the tables above), and the
    //! words every reader matches, version 3's included (read from the readers' source:
    //! `expect.rs`, `actions.rs`, `replacement.rs`, `triggers.rs`, `setup.rs`, `combat.rs`,
    //! `statics.rs`).

    const REFERENCE: &str = include_str!("../../../docs/scenarios/reference.md");
    const EXPECT_READER: &str = include_str!("expect.rs");
    /// The readers of statements other than Expect, by file name.
    const READERS: [(&str, &str); 8] = [
        ("actions.rs", include_str!("actions.rs")),
        ("replacement.rs", include_str!("replacement.rs")),
        ("trigger_effects.rs", include_str!("trigger_effects.rs")),
        ("damage.rs", include_str!("damage.rs")),
        ("triggers.rs", include_str!("triggers.rs")),
        ("setup.rs", include_str!("setup.rs")),
        ("combat.rs", include_str!("combat.rs")),
        ("statics.rs", include_str!("statics.rs")),
    ];

    /// The words a reader's source matches a statement against
    /// (`strip_prefix("…")`, `ends_with("…")` …).
    fn literals(source: &str) -> Vec<String> {
        let literal = regex::Regex::new(
            r#"(?:strip_prefix|strip_suffix|starts_with|ends_with)\("([^"]{3,})"\)"#,
        )
        .unwrap();
        literal
            .captures_iter(source)
            .map(|c| c[1].trim().to_string())
            .filter(|f| !f.is_empty())
            .collect()
    }

    /// The words of a form before its first placeholder (`N`, `L`, `[by M]`, `NAME`…),
    /// one phrase per alternative of a `a/b` word.
    fn phrases(form: &str) -> Vec<String> {
        let form = form.split(" (").next().unwrap_or(form);
        let mut words: Vec<&str> = Vec::new();
        for word in form.split_whitespace() {
            let placeholder = word.contains('[')
                || (word.chars().any(|c| c.is_ascii_uppercase())
                    && word.chars().all(|c| c.is_ascii_uppercase() || c == ','));
            if placeholder {
                break;
            }
            words.push(word);
        }
        let mut out = vec![String::new()];
        for word in words {
            let alternatives: Vec<&str> = word.split('/').collect();
            // "+1/+1" is one word, not two alternatives.
            let alternatives = if word.starts_with(['+', '-']) {
                vec![word]
            } else {
                alternatives
            };
            out = out
                .iter()
                .flat_map(|head| {
                    alternatives.iter().map(move |alt| {
                        if head.is_empty() {
                            alt.to_string()
                        } else {
                            format!("{head} {alt}")
                        }
                    })
                })
                .collect();
        }
        out.retain(|p| !p.is_empty());
        out
    }

    fn missing(forms: impl IntoIterator<Item = String>) -> Vec<String> {
        let reference = REFERENCE.to_lowercase();
        let mut missing: Vec<String> = forms
            .into_iter()
            .flat_map(|f| phrases(&f))
            .filter(|p| !reference.contains(&p.to_lowercase()))
            .collect();
        missing.sort();
        missing.dedup();
        missing
    }

    #[test]
    fn the_reference_names_every_section_game_key_verb_and_attribute() {
        let forms = super::SECTIONS
            .iter()
            .map(|s| format!("## {s}").replace("## ", ""))
            .chain(super::GAME_KEYS.iter().map(|k| format!("`{k}`")))
            .chain(super::VERBS.split(", ").map(str::to_string))
            .chain(super::ATTRIBUTES.split(", ").map(str::to_string))
            .chain(super::combat::COMBAT_VERBS.iter().map(|v| v.to_string()));
        let missing = missing(forms);
        assert!(
            missing.is_empty(),
            "docs/scenarios/reference.md does not name these forms the parser accepts: {missing:?}"
        );
    }

    #[test]
    fn the_reference_names_every_form_of_actions_objects_and_triggers() {
        for (file, source) in READERS {
            let forms = literals(source);
            assert!(!forms.is_empty(), "the words of {file} were not found");
            let missing = missing(forms);
            assert!(
                missing.is_empty(),
                "docs/scenarios/reference.md does not name these forms {file} accepts: {missing:?}"
            );
        }
    }

    #[test]
    fn the_reference_names_every_expect_form() {
        let forms = literals(EXPECT_READER);
        assert!(forms.len() > 10, "the Expect reader's words were not found");
        let missing = missing(forms);
        assert!(
            missing.is_empty(),
            "docs/scenarios/reference.md does not name these Expect forms the parser accepts: {missing:?}"
        );
    }
}
