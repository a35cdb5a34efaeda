//! The reader of scenario files (format version 1, `scenario-format.md`): Markdown read
//! with pulldown-cmark into sections of list items, each item one statement with its line
//! number; then the `Game` section, every object, the actions and the expectations are
//! read into a validated [`Scenario`]. Every error names the file, the line and what was
//! expected.

use std::collections::HashMap;

use pulldown_cmark::{Event, HeadingLevel, Parser, Tag, TagEnd};

use crate::model::RuleNumber;

use super::card::{Ability, Characteristics, Color, Enchant, PowerToughness, Quality, TypeLine};
use super::statement::{
    ActionItem, CardId, CardSpec, Change, Claim, CounterKind, Expectation, PlayerId, Scenario,
    Setup, Statement, Step, Target, Zone,
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
pub const VERBS: &str = "plays, casts, equips, activates equip/fortify of, fortifies, reconfigures, unattaches, puts, sacrifices, gains control of, gains/loses N life, attach, put, remove, destroy, exile, counter, return, becomes, stops being a creature, gains, loses, gets, is dealt N damage [by M], go to, next turn";

/// The attributes of an object line.
pub const ATTRIBUTES: &str = "controller, owner, tapped, token, entered this turn, color, colors, enchant, equip, fortify, reconfigure, attached to, protection from, hexproof, shroud, indestructible, flash, haste, can't be enchanted by other Auras, additional land plays N, may play lands from graveyard, loyalty N, defense N, protector NAME, damage N, counters N +1/+1, counters N -1/-1, timestamp N, targeting";

/// Reads a scenario. `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Scenario, ParseError> {
    let doc = collect(file, text)?;
    Reader::new(file, doc)?.read()
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
                                    "unknown section `{htext}` (expected one of: {})",
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

struct Reader<'a> {
    file: &'a str,
    doc: Document,
    players: Vec<String>,
    labels: HashMap<String, CardId>,
}

type R<T> = Result<T, ParseError>;

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
            players: Vec::new(),
            labels: HashMap::new(),
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

    fn read(mut self) -> R<Scenario> {
        let mut setup = self.read_game()?;
        self.read_objects(&mut setup)?;
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
        self.players.join(", ")
    }

    /// A player by name (case-insensitive).
    fn player(&self, line: usize, name: &str) -> R<PlayerId> {
        let name = name.trim();
        let name = name.strip_prefix("player ").unwrap_or(name);
        match self
            .players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
        {
            Some(i) => Ok(i),
            None => self.err(
                line,
                format!(
                    "`{name}` is not a player (expected one of: {})",
                    self.players_list()
                ),
            ),
        }
    }

    /// The player whose name starts `s` (followed by a space, `'s` or the end): the
    /// player and the rest.
    fn player_prefix<'s>(&self, s: &'s str) -> Option<(PlayerId, &'s str)> {
        let mut best: Option<(PlayerId, &'s str, usize)> = None;
        for (i, p) in self.players.iter().enumerate() {
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
                format!("label `{word}` is not defined (expected a label from a zone section such as `## Battlefield`)"),
            ),
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

    fn read_game(&mut self) -> R<Setup> {
        let (game_line, items): (usize, Vec<(usize, String)>) = match self.section("Game") {
            Some(s) => (
                s.line,
                s.items
                    .iter()
                    .map(|i| (i.line, normalize(&i.text)))
                    .collect(),
            ),
            None => (1, Vec::new()),
        };
        let mut pairs: Vec<(usize, String, String)> = Vec::new();
        for (line, text) in items {
            let Some((key, value)) = text.split_once(':') else {
                return self.err(
                    line,
                    format!("expected `key: value` in `## Game`, found `{text}`"),
                );
            };
            let key = key.trim().to_lowercase();
            if !GAME_KEYS.contains(&key.as_str()) {
                return self.err(
                    line,
                    format!(
                        "unknown key `{key}` in `## Game` (expected one of: {})",
                        GAME_KEYS.join(", ")
                    ),
                );
            }
            pairs.push((line, key, value.trim().to_string()));
        }
        let Some((pline, _, players)) = pairs.iter().find(|(_, k, _)| k == "players") else {
            return self.err(
                game_line,
                "missing `players:` in `## Game` (expected e.g. `- players: Alice, Bob`)",
            );
        };
        let pline = *pline;
        for name in players.split(',') {
            let name = name.trim();
            let name = name.strip_prefix("and ").unwrap_or(name).trim();
            if name.is_empty() {
                return self.err(pline, "expected player names separated by commas");
            }
            if name.contains(['\'', '"', ';', ':']) {
                return self.err(
                    pline,
                    format!("`{name}` can't be a player name (no quotes, `;` or `:`)"),
                );
            }
            if self.players.iter().any(|p| p.eq_ignore_ascii_case(name)) {
                return self.err(pline, format!("player `{name}` is listed twice"));
            }
            self.players.push(name.to_string());
        }
        let n = self.players.len();
        let mut setup = Setup {
            players: self.players.clone(),
            active: 0,
            priority: 0,
            priority_given: false,
            step: Step::PrecombatMain,
            rules: None,
            life: vec![20; n],
            lands_played: vec![0; n],
            extra_land_plays: vec![0; n],
            cards: Vec::new(),
        };
        let mut priority = None;
        for (line, key, value) in &pairs {
            let line = *line;
            let lower = value.to_lowercase();
            match key.as_str() {
                "players" => {}
                "turn" => setup.active = self.player(line, &lower)?,
                "priority" => priority = Some(self.player(line, &lower)?),
                "step" => {
                    setup.step = match Step::parse(&lower) {
                        Some(s) => s,
                        None => {
                            return self.err(
                                line,
                                format!(
                                    "unknown step `{value}` (expected one of: {})",
                                    Step::NAMES.map(|(n, _)| n).join(", ")
                                ),
                            )
                        }
                    }
                }
                "rules" => {
                    if !is_revision_spec(&lower) {
                        return self.err(
                            line,
                            format!("`{value}` is not a revision (expected an id such as 2026-01-16 or a unique prefix such as 2011)"),
                        );
                    }
                    setup.rules = Some((lower.clone(), line));
                }
                "life" => {
                    for (p, v) in self.per_player(line, &lower, key)? {
                        setup.life[p] = v;
                    }
                }
                "lands played" | "extra land plays" => {
                    for (p, v) in self.per_player(line, &lower, key)? {
                        if v < 0 {
                            return self
                                .err(line, format!("expected a count of 0 or more in `{key}`"));
                        }
                        if key == "lands played" {
                            setup.lands_played[p] = v as u32;
                        } else {
                            setup.extra_land_plays[p] = v as u32;
                        }
                    }
                }
                _ => {}
            }
        }
        setup.priority_given = priority.is_some();
        setup.priority = priority.unwrap_or(setup.active);
        Ok(setup)
    }

    /// `Alice 20, Bob 7`.
    fn per_player(&self, line: usize, value: &str, key: &str) -> R<Vec<(PlayerId, i32)>> {
        let mut out = Vec::new();
        for part in value.split(',') {
            let part = part.trim();
            let Some((name, num)) = part.rsplit_once(' ') else {
                return self.err(
                    line,
                    format!("expected `NAME N` in `{key}`, e.g. `Alice 1`, found `{part}`"),
                );
            };
            let p = self.player(line, name)?;
            let Some(v) = number::<i32>(num) else {
                return self.err(
                    line,
                    format!("expected a number after `{name}` in `{key}`, found `{num}`"),
                );
            };
            out.push((p, v));
        }
        Ok(out)
    }

    fn read_objects(&mut self, setup: &mut Setup) -> R<()> {
        // First pass: labels, so a label may be used before the line that defines it.
        struct Pending {
            section: &'static str,
            line: usize,
            label: String,
            name: String,
            rest: String,
        }
        let mut pending = Vec::new();
        for section in &self.doc.sections {
            if matches!(section.name, "Game" | "Actions" | "Expect") {
                continue;
            }
            for item in &section.items {
                let text = normalize(&item.text);
                let (count, label, name, rest) = self.split_object(item.line, &text)?;
                let labels: Vec<String> = match count {
                    None => vec![label.clone()],
                    Some(n) => (1..=n).map(|i| format!("{label}-{i}")).collect(),
                };
                for l in labels {
                    if self.labels.contains_key(&l) {
                        return self.err(
                            item.line,
                            format!(
                                "label `{l}` is defined twice (labels must be unique in the file)"
                            ),
                        );
                    }
                    self.labels.insert(l.clone(), pending.len());
                    pending.push(Pending {
                        section: section.name,
                        line: item.line,
                        label: l,
                        name: name.clone().unwrap_or_else(|| label.clone()),
                        rest: rest.clone(),
                    });
                }
            }
        }
        let mut stack = Vec::new();
        for p in pending {
            let spec = self.read_object(p.section, p.line, p.label, p.name, &p.rest)?;
            if p.section == "Stack" {
                stack.push(setup.cards.len());
            }
            setup.cards.push(spec);
        }
        // `Stack` is listed top first; keep the file order of the rest.
        let _ = stack;
        Ok(())
    }

    /// `[N x ]label ["Card Name"]: rest` → (N, label, name, rest lower-cased).
    fn split_object(
        &self,
        line: usize,
        text: &str,
    ) -> R<(Option<usize>, String, Option<String>, String)> {
        if text.matches('"').count() % 2 == 1 {
            return self.err(
                line,
                "unclosed quote: expected a card name between two `\"`",
            );
        }
        // The first `:` outside quotes.
        let mut in_quote = false;
        let mut colon = None;
        for (i, c) in text.char_indices() {
            match c {
                '"' => in_quote = !in_quote,
                ':' if !in_quote => {
                    colon = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(colon) = colon else {
            return self.err(
                line,
                format!("expected `label: type line` (e.g. `bear \"Grizzly Bears\": Creature — Bear 2/2`), found `{text}`"),
            );
        };
        let left = text[..colon].trim();
        let rest = text[colon + 1..].trim().to_lowercase();
        let (left, name) = match left.find('"') {
            Some(q) => {
                let after = &left[q + 1..];
                let Some(end) = after.find('"') else {
                    return self.err(
                        line,
                        "unclosed quote: expected a card name between two `\"`",
                    );
                };
                if !after[end + 1..].trim().is_empty() {
                    return self.err(
                        line,
                        format!(
                            "expected `:` after the card name, found `{}`",
                            after[end + 1..].trim()
                        ),
                    );
                }
                (left[..q].trim(), Some(after[..end].trim().to_string()))
            }
            None => (left, None),
        };
        let lower = left.to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let (count, label) = match words.as_slice() {
            [l] => (None, *l),
            [n, x, l] if *x == "x" || *x == "×" => {
                let Some(n) = number::<usize>(n).filter(|n| (1..=200).contains(n)) else {
                    return self.err(line, format!("expected a count from 1 to 200 before `x`, found `{n}`"));
                };
                (Some(n), *l)
            }
            [] => return self.err(line, "expected a label before `:`"),
            _ => {
                return self.err(
                    line,
                    format!("expected `label` or `N x label` before `:`, found `{left}` (labels are one word: letters, digits, `-`, `_`)"),
                )
            }
        };
        if !is_label(label) {
            return self.err(
                line,
                format!("label `{label}` may contain only letters, digits, `-` and `_`"),
            );
        }
        if let Some(n) = &name {
            if n.is_empty() {
                return self.err(line, "expected a card name between the quotes");
            }
        }
        Ok((count, label.to_string(), name, rest))
    }

    fn read_object(
        &self,
        section: &str,
        line: usize,
        label: String,
        name: String,
        rest: &str,
    ) -> R<CardSpec> {
        let mut parts = rest.split(';');
        let head = parts.next().unwrap_or("").trim();
        let (type_text, pt) = match head.rsplit_once(' ') {
            Some((t, last)) if last.contains('/') => match PowerToughness::parse(last) {
                Some(pt) => (t, Some(pt)),
                None => {
                    return self.err(
                        line,
                        format!("bad P/T `{last}` (expected power/toughness like 2/3)"),
                    )
                }
            },
            _ if head.contains('/') && !head.contains(' ') => {
                return self.err(
                    line,
                    format!("expected a type line before P/T, found `{head}`"),
                )
            }
            _ => (head, None),
        };
        let type_line = match TypeLine::parse(type_text) {
            Ok(t) => t,
            Err(e) => return self.err(line, e),
        };
        let mut spec = CardSpec {
            label,
            name,
            line,
            zone: Zone::Exile,
            owner: 0,
            controller: None,
            printed: Characteristics {
                type_line,
                power_toughness: pt,
                ..Characteristics::default()
            },
            token: false,
            tapped: false,
            entered_this_turn: false,
            attached_to: None,
            targets: Vec::new(),
            damage: 0,
            plus_counters: 0,
            minus_counters: 0,
            protector: None,
            timestamp: None,
        };
        let mut owner = None;
        for attr in parts {
            let a = attr.trim();
            if a.is_empty() {
                continue;
            }
            self.attribute(line, a, &mut spec, &mut owner)?;
        }
        let needs_controller = matches!(section, "Battlefield" | "Stack");
        if needs_controller && spec.controller.is_none() {
            return self.err(
                line,
                format!(
                    "`{}` is on the {} but has no controller (expected `; controller NAME`)",
                    spec.label,
                    section.to_lowercase()
                ),
            );
        }
        spec.owner = match (owner, spec.controller) {
            (Some(o), _) => o,
            (None, Some(c)) => c,
            (None, None) => {
                return self.err(
                    line,
                    format!(
                        "`{}` is in `## {}` but has no owner (expected `; owner NAME`)",
                        spec.label, section
                    ),
                )
            }
        };
        spec.zone = match section {
            "Battlefield" => Zone::Battlefield,
            "Hand" => Zone::Hand(spec.owner),
            "Graveyard" => Zone::Graveyard(spec.owner),
            "Library" => Zone::Library(spec.owner),
            "Exile" => Zone::Exile,
            "Command" => Zone::Command,
            _ => Zone::Stack,
        };
        let c = &spec.printed;
        if c.is(super::card::CardType::Creature) && c.power_toughness.is_none() {
            return self.err(
                line,
                format!(
                    "`{}` is a creature but has no P/T (expected e.g. `Creature — Bear 2/2`)",
                    spec.label
                ),
            );
        }
        Ok(spec)
    }

    fn attribute(
        &self,
        line: usize,
        a: &str,
        spec: &mut CardSpec,
        owner: &mut Option<PlayerId>,
    ) -> R<()> {
        let count = |s: &str, what: &str| -> R<i32> {
            match number::<i32>(s) {
                Some(v) if v >= 0 => Ok(v),
                _ => self.err(
                    line,
                    format!("expected a number of 0 or more after `{what}`, found `{s}`"),
                ),
            }
        };
        let abilities = &mut spec.printed.abilities;
        let cost = |s: &str| -> Option<String> {
            let s = s.trim();
            (!s.is_empty()).then(|| s.to_string())
        };
        match a {
            "tapped" => spec.tapped = true,
            "untapped" => spec.tapped = false,
            "token" => spec.token = true,
            "entered this turn" => spec.entered_this_turn = true,
            "hexproof" => abilities.push(Ability::Hexproof),
            "shroud" => abilities.push(Ability::Shroud),
            "indestructible" => abilities.push(Ability::Indestructible),
            "flash" => abilities.push(Ability::Flash),
            "haste" => abilities.push(Ability::Haste),
            "colorless" => spec.printed.colors.clear(),
            "can't be enchanted by other auras" | "cannot be enchanted by other auras" => {
                abilities.push(Ability::CantBeEnchantedByOtherAuras)
            }
            "may play lands from graveyard"
            | "may play lands from your graveyard"
            | "may play lands from their graveyard" => {
                abilities.push(Ability::PlayLandsFromGraveyard)
            }
            _ => {
                if let Some(v) = a.strip_prefix("controller ") {
                    spec.controller = Some(self.player(line, v)?);
                } else if let Some(v) = a.strip_prefix("owner ") {
                    *owner = Some(self.player(line, v)?);
                } else if let Some(v) = a
                    .strip_prefix("colors ")
                    .or_else(|| a.strip_prefix("color "))
                {
                    for c in v.split([',', ' ']).filter(|w| !w.is_empty() && *w != "and") {
                        match Color::from_word(c) {
                            Some(c) => {
                                spec.printed.colors.insert(c);
                            }
                            None => {
                                return self.err(line, format!("unknown color `{c}` (expected white, blue, black, red or green)"))
                            }
                        }
                    }
                } else if let Some(v) = a.strip_prefix("enchant ") {
                    match Enchant::parse(v) {
                        Some(e) => abilities.push(Ability::Enchant(e)),
                        None => return self.err(line, format!("unknown enchant restriction `{v}`{} (expected e.g. `creature`, `land you control`, `player`, `creature card in a graveyard`)", typo_hint(v))),
                    }
                } else if a == "equip" || a.starts_with("equip ") {
                    abilities.push(Ability::Equip(cost(&a[5..])));
                } else if a == "fortify" || a.starts_with("fortify ") {
                    abilities.push(Ability::Fortify(cost(&a[7..])));
                } else if a == "reconfigure" || a.starts_with("reconfigure ") {
                    abilities.push(Ability::Reconfigure(cost(&a[11..])));
                } else if let Some(v) = a.strip_prefix("attached to ") {
                    spec.attached_to = Some(self.target(line, v)?);
                } else if let Some(v) = a.strip_prefix("targeting ") {
                    for t in v.split(',') {
                        spec.targets.push(self.target(line, t)?);
                    }
                } else if let Some(v) = a.strip_prefix("protection from ") {
                    for q in v.split(" and from ") {
                        match Quality::parse(q) {
                            Some(q) => abilities.push(Ability::Protection(q)),
                            None => return self.err(line, format!("unknown quality `{q}` after `protection from`{} (expected a color, everything, artifacts, creatures, enchantments, Auras, Equipment)", typo_hint(q))),
                        }
                    }
                } else if let Some(v) = a.strip_prefix("additional land plays ") {
                    abilities.push(Ability::AdditionalLandPlays(
                        count(v, "additional land plays")? as u32,
                    ));
                } else if let Some(v) = a.strip_prefix("loyalty ") {
                    spec.printed.loyalty = Some(count(v, "loyalty")?);
                } else if let Some(v) = a.strip_prefix("defense ") {
                    spec.printed.defense = Some(count(v, "defense")?);
                } else if let Some(v) = a.strip_prefix("protector ") {
                    spec.protector = Some(self.player(line, v)?);
                } else if let Some(v) = a.strip_prefix("damage ") {
                    spec.damage = count(v, "damage")?;
                } else if let Some(v) = a.strip_prefix("timestamp ") {
                    match number::<i64>(v) {
                        Some(t) => spec.timestamp = Some(t),
                        None => {
                            return self.err(
                                line,
                                format!("expected a number after `timestamp`, found `{v}`"),
                            )
                        }
                    }
                } else if let Some(v) = a.strip_prefix("counters ") {
                    let words: Vec<&str> = v.split_whitespace().collect();
                    let (n, kind) = match words.as_slice() {
                        [n, k] | [n, k, "counters"] | [n, k, "counter"] => (*n, *k),
                        _ => {
                            return self.err(
                                line,
                                format!(
                                "expected `counters N +1/+1` or `counters N -1/-1`, found `{a}`"
                            ),
                            )
                        }
                    };
                    let n = count(n, "counters")?;
                    match CounterKind::parse(kind) {
                        Some(CounterKind::PlusOne) => spec.plus_counters = n,
                        Some(CounterKind::MinusOne) => spec.minus_counters = n,
                        Some(CounterKind::Loyalty) => spec.printed.loyalty = Some(n),
                        Some(CounterKind::Defense) => spec.printed.defense = Some(n),
                        None => return self.err(line, format!("unknown counter `{kind}` (expected +1/+1, -1/-1, loyalty or defense)")),
                    }
                } else {
                    return self.err(
                        line,
                        format!("unknown attribute `{a}` (expected one of: {ATTRIBUTES})"),
                    );
                }
            }
        }
        Ok(())
    }

    fn read_actions(&self) -> R<Vec<ActionItem>> {
        let Some(section) = self.section("Actions") else {
            let last = self.doc.sections.iter().map(|s| s.line).max().unwrap_or(1);
            return self.err(
                last,
                "missing section `## Actions` (expected a list of actions; the section may be empty)",
            );
        };
        let mut out = Vec::new();
        for (i, item) in section.items.iter().enumerate() {
            let text = normalize(&item.text);
            if text.matches('"').count() % 2 == 1 {
                return self.err(item.line, "unclosed quote: expected a closing `\"`");
            }
            let mut s = text.to_lowercase();
            let mut in_response = false;
            if let Some(rest) = s
                .strip_prefix("in response,")
                .or_else(|| s.strip_prefix("in response "))
            {
                in_response = true;
                s = rest.trim().to_string();
            }
            let mut choice = None;
            if s.ends_with(')') {
                if let Some(open) = s.rfind('(') {
                    let inner = s[open + 1..s.len() - 1].trim().to_string();
                    let chosen = inner
                        .strip_prefix("keeping ")
                        .or_else(|| inner.strip_prefix("choosing "));
                    match chosen {
                        Some(l) => {
                            choice = Some(self.label(item.line, l)?);
                            s = s[..open].trim().to_string();
                        }
                        None => {
                            return self.err(item.line, format!("expected `(keeping LABEL)` or `(choosing LABEL)`, found `({inner})`"))
                        }
                    }
                }
            }
            let statement = self.statement(item.line, &s)?;
            out.push(ActionItem {
                n: i + 1,
                line: item.line,
                text,
                in_response,
                statement,
                choice,
            });
        }
        Ok(out)
    }

    fn unknown_verb<T>(&self, line: usize, s: &str, subject: &str) -> R<T> {
        let rest = s[subject.len().min(s.len())..].trim();
        let verb = rest.split_whitespace().next().unwrap_or("");
        if verb.is_empty() {
            return self.err(
                line,
                format!("expected a verb after `{subject}` (known verbs: {VERBS})"),
            );
        }
        self.err(
            line,
            format!("unknown verb `{verb}` in `{s}` (known verbs: {VERBS})"),
        )
    }

    /// One statement of `Actions`, lower-cased.
    fn statement(&self, line: usize, s: &str) -> R<Statement> {
        let (s, until_end_of_turn) = match s.strip_suffix(" until end of turn") {
            Some(r) => (r.trim(), true),
            None => (s, false),
        };
        let eot_only = |st: Statement| -> R<Statement> {
            if until_end_of_turn {
                return self.err(line, "`until end of turn` applies only to becomes, stops being, gains, loses, gets and gains control of");
            }
            Ok(st)
        };
        // Player subjects.
        if let Some((player, rest)) = self.player_prefix(s) {
            let rest = rest.trim();
            let label_named_like_player = s
                .split_whitespace()
                .next()
                .is_some_and(|w| self.labels.contains_key(w));
            if !label_named_like_player || self.player_verb(rest) {
                return self.player_statement(line, s, player, rest, until_end_of_turn);
            }
        }
        let words: Vec<&str> = s.split_whitespace().collect();
        let first = words.first().copied().unwrap_or("");
        match first {
            "attach" => {
                let body = &s[6..];
                let Some((l, t)) = body.split_once(" to ") else {
                    return self.err(
                        line,
                        "expected `attach LABEL to LABEL` or `attach LABEL to player NAME`",
                    );
                };
                return eot_only(Statement::Attach {
                    card: self.label(line, l)?,
                    to: self.target(line, t)?,
                });
            }
            "put" => return eot_only(self.put(line, &s[3..], None)?),
            "remove" => {
                let body = s[6..].trim();
                let Some((what, l)) = body.split_once(" from ") else {
                    return self.err(line, "expected `remove N KIND counters from LABEL`");
                };
                let (kind, amount) = self.counters(line, what)?;
                return eot_only(Statement::RemoveCounters {
                    card: self.label(line, l)?,
                    kind,
                    amount,
                });
            }
            "destroy" => return eot_only(Statement::Destroy(self.label(line, &s[7..])?)),
            "exile" => return eot_only(Statement::Exile(self.label(line, &s[5..])?)),
            "counter" => return eot_only(Statement::Counter(self.label(line, &s[7..])?)),
            "return" => {
                let body = s[6..].trim();
                if let Some(l) = body
                    .strip_suffix(" to its owner's hand")
                    .or_else(|| body.strip_suffix(" to its owners' hand"))
                    .or_else(|| body.strip_suffix(" to hand"))
                {
                    return eot_only(Statement::ReturnToHand(self.label(line, l)?));
                }
                if let Some((l, r)) = body.split_once(" to the battlefield") {
                    let r = r.trim();
                    let under = if r.is_empty() {
                        None
                    } else if let Some(p) = r
                        .strip_prefix("under ")
                        .and_then(|p| p.strip_suffix("'s control"))
                    {
                        Some(self.player(line, p)?)
                    } else {
                        return self.err(line, format!("expected `under NAME's control` after `to the battlefield`, found `{r}`"));
                    };
                    return eot_only(Statement::ReturnToBattlefield {
                        card: self.label(line, l)?,
                        under,
                    });
                }
                return self.err(line, "expected `return LABEL to the battlefield [under NAME's control]` or `return LABEL to its owner's hand`");
            }
            "go" => {
                let Some(step) = s.strip_prefix("go to ") else {
                    return self.err(line, "expected `go to STEP`");
                };
                return match Step::parse(step) {
                    Some(st) => eot_only(Statement::GoTo(st)),
                    None => self.err(
                        line,
                        format!(
                            "unknown step `{step}` (expected one of: {})",
                            Step::NAMES.map(|(n, _)| n).join(", ")
                        ),
                    ),
                };
            }
            "next" if s == "next turn" => return eot_only(Statement::NextTurn),
            _ => {}
        }
        // Label subjects.
        if let Some(&card) = self.labels.get(first) {
            let rest = s[first.len()..].trim();
            return self.label_statement(line, s, card, first, rest, until_end_of_turn);
        }
        // Neither: say which.
        let second = words.get(1).copied().unwrap_or("");
        let label_verbs = ["stops", "becomes", "gains", "loses", "gets", "is"];
        let player_verbs = [
            "plays",
            "casts",
            "equips",
            "activates",
            "fortifies",
            "reconfigures",
            "unattaches",
            "puts",
            "sacrifices",
        ];
        if label_verbs.contains(&second) {
            return self.label(line, first).map(|_| unreachable_statement());
        }
        if player_verbs.contains(&second) {
            return self.player(line, first).map(|_| unreachable_statement());
        }
        self.err(
            line,
            format!("unknown verb `{first}` in `{s}` (known verbs: {VERBS})"),
        )
    }

    fn player_verb(&self, rest: &str) -> bool {
        let verb = rest.split_whitespace().next().unwrap_or("");
        matches!(
            verb,
            "plays"
                | "casts"
                | "equips"
                | "activates"
                | "fortifies"
                | "reconfigures"
                | "unattaches"
                | "puts"
                | "sacrifices"
        ) || rest.starts_with("gains control of")
            || (rest.ends_with(" life")
                && (rest.starts_with("gains ") || rest.starts_with("loses ")))
    }

    fn player_statement(
        &self,
        line: usize,
        s: &str,
        player: PlayerId,
        rest: &str,
        until_end_of_turn: bool,
    ) -> R<Statement> {
        let eot_only = |st: Statement| -> R<Statement> {
            if until_end_of_turn {
                return self.err(line, "`until end of turn` applies only to becomes, stops being, gains, loses, gets and gains control of");
            }
            Ok(st)
        };
        let two = |body: &str, sep: &str, form: &str| -> R<(CardId, CardId)> {
            match body.split_once(sep) {
                Some((a, b)) => Ok((self.label(line, a)?, self.label(line, b)?)),
                None => self.err(line, format!("expected `{form}`")),
            }
        };
        if let Some(l) = rest.strip_prefix("plays ") {
            return eot_only(Statement::Play {
                player,
                card: self.label(line, l)?,
            });
        }
        if let Some(body) = rest.strip_prefix("casts ") {
            let (l, targets) = match body.split_once(" targeting ") {
                Some((l, t)) => {
                    let mut targets = Vec::new();
                    for part in t.split(',').flat_map(|p| p.split(" and ")) {
                        let part = part.trim();
                        if !part.is_empty() {
                            targets.push(self.target(line, part)?);
                        }
                    }
                    (l, targets)
                }
                None => (body, Vec::new()),
            };
            return eot_only(Statement::Cast {
                player,
                card: self.label(line, l)?,
                targets,
            });
        }
        if let Some(body) = rest.strip_prefix("equips ") {
            let (equipment, target) = two(body, " to ", "P equips LABEL to LABEL")?;
            return eot_only(Statement::Equip {
                player,
                equipment,
                target,
            });
        }
        if let Some(body) = rest.strip_prefix("fortifies ") {
            let (fortification, target) = two(body, " to ", "P fortifies LABEL to LABEL")?;
            return eot_only(Statement::Fortify {
                player,
                fortification,
                target,
            });
        }
        if let Some(body) = rest.strip_prefix("reconfigures ") {
            let (equipment, target) = two(body, " to ", "P reconfigures LABEL to LABEL")?;
            return eot_only(Statement::Reconfigure {
                player,
                equipment,
                target,
            });
        }
        if let Some(body) = rest.strip_prefix("activates ") {
            let form = "P activates equip|fortify|reconfigure of LABEL targeting LABEL";
            let Some((ability, body)) = body.split_once(" of ") else {
                return self.err(line, format!("expected `{form}`"));
            };
            let ability = ability.split_whitespace().next().unwrap_or("");
            let (a, b) = two(body, " targeting ", form)?;
            return eot_only(match ability {
                "equip" => Statement::Equip {
                    player,
                    equipment: a,
                    target: b,
                },
                "fortify" => Statement::Fortify {
                    player,
                    fortification: a,
                    target: b,
                },
                "reconfigure" => Statement::Reconfigure {
                    player,
                    equipment: a,
                    target: b,
                },
                _ => {
                    return self.err(
                        line,
                        format!("unknown ability `{ability}` (expected `{form}`)"),
                    )
                }
            });
        }
        if let Some(l) = rest.strip_prefix("unattaches ") {
            return eot_only(Statement::Unattach {
                player,
                equipment: self.label(line, l)?,
            });
        }
        if let Some(body) = rest.strip_prefix("puts ") {
            return eot_only(self.put(line, body, Some(player))?);
        }
        if let Some(l) = rest.strip_prefix("sacrifices ") {
            return eot_only(Statement::Sacrifice {
                player,
                card: self.label(line, l)?,
            });
        }
        if let Some(l) = rest.strip_prefix("gains control of ") {
            return Ok(Statement::Modify {
                card: self.label(line, l)?,
                change: Change::Control(player),
                until_end_of_turn,
            });
        }
        for (verb, gain) in [("gains ", true), ("loses ", false)] {
            if let Some(n) = rest
                .strip_prefix(verb)
                .and_then(|r| r.strip_suffix(" life"))
            {
                let Some(amount) = number::<i32>(n).filter(|v| *v >= 0) else {
                    return self.err(line, format!("expected a number of life, found `{n}`"));
                };
                return eot_only(if gain {
                    Statement::GainLife { player, amount }
                } else {
                    Statement::LoseLife { player, amount }
                });
            }
        }
        let subject = self.players[player].to_lowercase();
        self.unknown_verb(line, s, &subject)
    }

    /// `L onto the battlefield [under P's control] [attached to T]` after `put`/`puts`.
    fn put(&self, line: usize, body: &str, by: Option<PlayerId>) -> R<Statement> {
        let body = body.trim();
        if let Some((what, l)) = body
            .split_once(" counters on ")
            .or_else(|| body.split_once(" counter on "))
        {
            let (kind, amount) = self.counters(line, &format!("{what} counters"))?;
            return Ok(Statement::PutCounters {
                card: self.label(line, l)?,
                kind,
                amount,
            });
        }
        let Some((l, rest)) = body.split_once(" onto the battlefield") else {
            return self.err(line, "expected `put LABEL onto the battlefield [under NAME's control] [attached to TARGET]` or `put N KIND counters on LABEL`");
        };
        let card = self.label(line, l)?;
        let mut rest = rest.trim();
        let mut under = by;
        if let Some(r) = rest.strip_prefix("under ") {
            let Some((p, after)) = r.split_once("'s control") else {
                return self.err(line, "expected `under NAME's control`");
            };
            under = Some(self.player(line, p)?);
            rest = after.trim();
        }
        let attached_to = match rest.strip_prefix("attached to ") {
            Some(t) => Some(self.target(line, t)?),
            None if rest.is_empty() => None,
            None => {
                return self.err(line, format!("expected `attached to LABEL` or nothing after `onto the battlefield`, found `{rest}`"))
            }
        };
        Ok(Statement::PutOntoBattlefield {
            card,
            under,
            attached_to,
        })
    }

    /// `N KIND counters` → (kind, N).
    fn counters(&self, line: usize, what: &str) -> R<(CounterKind, i32)> {
        let words: Vec<&str> = what.split_whitespace().collect();
        let (n, kind) = match words.as_slice() {
            ["a", k, "counter"] => ("1", *k),
            [n, k, "counters" | "counter"] => (*n, *k),
            [k, "counter" | "counters"] => ("1", *k),
            _ => return self.err(line, format!("expected `N KIND counters` (KIND: +1/+1, -1/-1, loyalty, defense), found `{what}`")),
        };
        let Some(n) = number::<i32>(n).filter(|v| *v >= 0) else {
            return self.err(line, format!("expected a number of counters, found `{n}`"));
        };
        match CounterKind::parse(kind) {
            Some(k) => Ok((k, n)),
            None => self.err(
                line,
                format!("unknown counter `{kind}` (expected +1/+1, -1/-1, loyalty or defense)"),
            ),
        }
    }

    fn label_statement(
        &self,
        line: usize,
        s: &str,
        card: CardId,
        subject: &str,
        rest: &str,
        until_end_of_turn: bool,
    ) -> R<Statement> {
        let modify = |change: Change| -> R<Statement> {
            Ok(Statement::Modify {
                card,
                change,
                until_end_of_turn,
            })
        };
        if rest == "stops being a creature" {
            return modify(Change::StopsBeingCreature);
        }
        if let Some(body) = rest.strip_prefix("becomes ") {
            let body = body
                .strip_prefix("a ")
                .or_else(|| body.strip_prefix("an "))
                .unwrap_or(body)
                .trim();
            let (types, pt) = match body.rsplit_once(' ') {
                Some((t, last)) if last.contains('/') => match PowerToughness::parse(last) {
                    Some(pt) => (t.trim(), Some(pt)),
                    None => {
                        return self.err(
                            line,
                            format!("bad P/T `{last}` (expected power/toughness like 2/3)"),
                        )
                    }
                },
                _ if body.contains('/') && !body.contains(' ') => match PowerToughness::parse(body)
                {
                    Some(pt) => ("creature", Some(pt)),
                    None => {
                        return self.err(
                            line,
                            format!("bad P/T `{body}` (expected power/toughness like 2/3)"),
                        )
                    }
                },
                _ => (body, None),
            };
            let types = types
                .strip_suffix(" in addition to its other types")
                .unwrap_or(types);
            if types == "creature" {
                return modify(Change::BecomesCreature(pt));
            }
            return match TypeLine::parse(types) {
                Ok(t) => modify(Change::BecomesTypes(t, pt)),
                Err(e) => self.err(line, e),
            };
        }
        if let Some(sub) = rest.strip_prefix("loses subtype ") {
            return modify(Change::LosesSubtype(sub.trim().to_string()));
        }
        if let Some(sub) = rest.strip_prefix("gains subtype ") {
            return modify(Change::GainsSubtype(sub.trim().to_string()));
        }
        for (verb, gains) in [("gains ", true), ("loses ", false)] {
            if let Some(a) = rest.strip_prefix(verb) {
                let ability = match a.trim() {
                    "hexproof" => Ability::Hexproof,
                    "shroud" => Ability::Shroud,
                    "indestructible" => Ability::Indestructible,
                    "haste" => Ability::Haste,
                    "flash" => Ability::Flash,
                    "reconfigure" => Ability::Reconfigure(None),
                    "equip" => Ability::Equip(None),
                    "can't be enchanted by other auras" => Ability::CantBeEnchantedByOtherAuras,
                    other => match other.strip_prefix("protection from ").and_then(Quality::parse) {
                        Some(q) => Ability::Protection(q),
                        None => {
                            return self.err(line, format!("unknown ability `{other}` (expected protection from Q, hexproof, shroud, indestructible or haste)"))
                        }
                    },
                };
                return modify(if gains {
                    Change::Gains(ability)
                } else {
                    Change::Loses(ability)
                });
            }
        }
        if let Some(pt) = rest.strip_prefix("gets ") {
            return match PowerToughness::parse(pt.trim()) {
                Some(pt) => modify(Change::Gets(pt)),
                None => self.err(
                    line,
                    format!("expected `gets +N/+N` or `gets -N/-N`, found `gets {pt}`"),
                ),
            };
        }
        if until_end_of_turn {
            return self.err(line, "`until end of turn` applies only to becomes, stops being, gains, loses, gets and gains control of");
        }
        if let Some(r) = rest.strip_prefix("is dealt ") {
            let (r, source) = match r.rsplit_once(" damage by ") {
                Some((n, m)) => (format!("{n} damage"), Some(self.label(line, m)?)),
                None => (r.to_string(), None),
            };
            if let Some(n) = r.strip_suffix(" damage") {
                let Some(amount) = number::<i32>(n).filter(|v| *v >= 0) else {
                    return self.err(line, format!("expected a number of damage, found `{n}`"));
                };
                return Ok(Statement::Damage {
                    card,
                    amount,
                    source,
                });
            }
            return self.err(
                line,
                "expected `L is dealt N damage` or `L is dealt N damage by M`",
            );
        }
        self.unknown_verb(line, s, subject)
    }

    fn read_expectations(&self, actions: usize) -> R<Vec<Expectation>> {
        let Some(section) = self.section("Expect") else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for item in &section.items {
            let text = normalize(&item.text);
            let mut s = text.to_lowercase();
            let mut cites = Vec::new();
            let line = item.line;
            if s.ends_with(')') {
                if let Some(open) = s.rfind('(') {
                    let inner = &s[open + 1..s.len() - 1];
                    for part in inner.split([',', '+']).flat_map(|p| p.split(" and ")) {
                        let part = part.trim();
                        let part = part.strip_prefix("rule ").unwrap_or(part);
                        if part.is_empty() {
                            continue;
                        }
                        match part.parse::<RuleNumber>() {
                            Ok(n) => cites.push(n),
                            Err(_) => {
                                return self.err(line, format!("expected rule numbers in parentheses like `(704.5m, 303.4c)`, found `{part}`"))
                            }
                        }
                    }
                    s = s[..open].trim().to_string();
                }
            }
            let claim = self.claim(line, &s, actions, &mut cites)?;
            out.push(Expectation {
                line,
                text,
                claim,
                cites,
            });
        }
        Ok(out)
    }

    fn claim(&self, line: usize, s: &str, actions: usize, cites: &mut Vec<RuleNumber>) -> R<Claim> {
        if let Some(rest) = s.strip_prefix("action ") {
            let (n, verdict) = rest.split_once(' ').unwrap_or((rest, ""));
            let Some(n) = number::<usize>(n) else {
                return self.err(
                    line,
                    format!("expected `action N is legal|illegal`, found `{s}`"),
                );
            };
            if n == 0 || n > actions {
                return self.err(
                    line,
                    format!(
                        "action {n} does not exist (`## Actions` has {actions} item{})",
                        if actions == 1 { "" } else { "s" }
                    ),
                );
            }
            return match verdict.trim() {
                "is legal" => Ok(Claim::ActionLegal { n, legal: true }),
                "is illegal" => Ok(Claim::ActionLegal { n, legal: false }),
                other => self.err(
                    line,
                    format!(
                        "expected `is legal` or `is illegal` after `action {n}`, found `{other}`"
                    ),
                ),
            };
        }
        if let Some(rest) = s
            .strip_prefix("state-based actions cite ")
            .or_else(|| s.strip_prefix("state based actions cite "))
        {
            for part in rest
                .split([',', ' '])
                .filter(|p| !p.is_empty() && *p != "and")
            {
                match part.parse::<RuleNumber>() {
                    Ok(n) => cites.push(n),
                    Err(_) => {
                        return self.err(
                            line,
                            format!("expected rule numbers after `cite`, found `{part}`"),
                        )
                    }
                }
            }
            if cites.is_empty() {
                return self.err(
                    line,
                    "expected rule numbers after `state-based actions cite`",
                );
            }
            return Ok(Claim::StateBasedActionsCite);
        }
        // Player subjects.
        if let Some((player, rest)) = self.player_prefix(s) {
            let rest = rest.trim();
            let first_is_label = s
                .split_whitespace()
                .next()
                .is_some_and(|w| self.labels.contains_key(w));
            if !first_is_label
                || rest.starts_with("'s life")
                || rest.starts_with("has ")
                || rest.starts_with("can ")
            {
                if let Some(n) = rest
                    .strip_prefix("'s life is ")
                    .or_else(|| rest.strip_prefix("'s life total is "))
                {
                    return match number::<i32>(n) {
                        Some(n) => Ok(Claim::Life { player, n }),
                        None => self.err(line, format!("expected a number of life, found `{n}`")),
                    };
                }
                if rest == "has lost the game"
                    || rest == "loses the game"
                    || rest == "lost the game"
                {
                    return Ok(Claim::Lost(player));
                }
                if let Some(r) = rest.strip_prefix("has played ") {
                    let n = r.trim_end_matches(" this turn");
                    let n = n.strip_suffix(" lands").or_else(|| n.strip_suffix(" land"));
                    return match n.and_then(|n| if n == "no" { Some(0) } else { number::<u32>(n) })
                    {
                        Some(n) => Ok(Claim::PlayedLands { player, n }),
                        None => self.err(
                            line,
                            format!("expected `has played N lands`, found `{rest}`"),
                        ),
                    };
                }
                if let Some(r) = rest.strip_prefix("can play ") {
                    let n = r.trim_end_matches(" this turn");
                    let n = n
                        .strip_suffix(" more lands")
                        .or_else(|| n.strip_suffix(" more land"));
                    return match n.and_then(|n| if n == "no" { Some(0) } else { number::<u32>(n) })
                    {
                        Some(n) => Ok(Claim::CanPlayMore { player, n }),
                        None => self.err(
                            line,
                            format!("expected `can play N more lands`, found `{rest}`"),
                        ),
                    };
                }
                return self.err(line, format!("unknown expectation `{s}` (expected e.g. `P's life is N`, `P has lost the game`, `P has played N lands`, `P can play N more lands`)"));
            }
        }
        let first = s.split_whitespace().next().unwrap_or("");
        let card = self.label(line, first)?;
        let rest = s[first.len()..].trim();
        let zone = |z: Zone| Ok(Claim::InZone { card, zone: z });
        match rest {
            "is unattached" | "is not attached" | "is not attached to anything" => {
                return Ok(Claim::Unattached(card))
            }
            "is on the battlefield" => return zone(Zone::Battlefield),
            "is in exile" | "is exiled" => return zone(Zone::Exile),
            "is on the stack" => return zone(Zone::Stack),
            "is in the command zone" => return zone(Zone::Command),
            "no longer exists" | "does not exist" | "ceases to exist" => {
                return Ok(Claim::NoLongerExists(card))
            }
            "is a creature" => {
                return Ok(Claim::IsCreature {
                    card,
                    negated: false,
                })
            }
            "is not a creature" => {
                return Ok(Claim::IsCreature {
                    card,
                    negated: true,
                })
            }
            "is tapped" => {
                return Ok(Claim::IsTapped {
                    card,
                    negated: false,
                })
            }
            "is untapped" | "is not tapped" => {
                return Ok(Claim::IsTapped {
                    card,
                    negated: true,
                })
            }
            _ => {}
        }
        if let Some(t) = rest.strip_prefix("is attached to ") {
            return Ok(Claim::AttachedTo {
                card,
                to: self.target(line, t)?,
                negated: false,
            });
        }
        if let Some(t) = rest.strip_prefix("is not attached to ") {
            return Ok(Claim::AttachedTo {
                card,
                to: self.target(line, t)?,
                negated: true,
            });
        }
        if let Some(p) = rest.strip_prefix("is controlled by ") {
            return Ok(Claim::ControlledBy {
                card,
                player: self.player(line, p)?,
            });
        }
        if let Some(z) = rest.strip_prefix("is in ") {
            if let Some((p, rest_zone)) = self.player_prefix(z) {
                let kind = rest_zone.trim_start_matches("'s").trim();
                return match kind {
                    "graveyard" => zone(Zone::Graveyard(p)),
                    "hand" => zone(Zone::Hand(p)),
                    "library" => zone(Zone::Library(p)),
                    _ => self.err(
                        line,
                        format!(
                            "expected graveyard, hand or library after `{}'s`, found `{kind}`",
                            self.players[p]
                        ),
                    ),
                };
            }
            if let Some(p) = z.split("'s").next() {
                self.player(line, p)?;
            }
        }
        self.err(line, format!("unknown expectation `{s}` (expected e.g. `L is attached to T`, `L is unattached`, `L is on the battlefield`, `L is in P's graveyard`, `L is in exile`, `L no longer exists`, `L is a creature`, `L is tapped`, `L is controlled by P`, `action N is legal`)"))
    }
}

fn unreachable_statement() -> Statement {
    Statement::NextTurn
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

/// `: did you mean `creature`?` when a word of `text` is a misspelling of a known word.
fn typo_hint(text: &str) -> String {
    text.split_whitespace()
        .find_map(|w| super::card::near_miss(w).map(|k| format!(" (`{w}`: did you mean `{k}`?)")))
        .unwrap_or_default()
}
