//! A JSON dump of the rules to text: the rule and glossary objects a rules API serves
//! (Academy Ruins style) become the official layout, for the one grammar to read.
//!
//! The shape read, wherever it sits in the document (a top-level array, or arrays under
//! keys such as `"rules"` and `"glossary"`, nested `"subrules"`/`"children"` arrays), in
//! the document's order:
//! - a rule: an object with a rule number under `ruleNumber`, `number`, `rule` or `id`
//!   (`"100.1"`, `"100.1a"`, `"303"`) and its text under `ruleText`, `text`, `body` or
//!   `content`; a `title` or `name` is a titled rule's title; `examples` (an array of
//!   strings, or one string) its examples;
//! - a section: an object whose number is one digit (`"1"`), with its title;
//! - a glossary entry: an object with `term` (or `name`) and `definition` (or
//!   `text`/`description`) and no rule number;
//! - an object mapping rule numbers to texts (`{"100.1": "These Magic rules …"}`).
//!
//! A top-level `effectiveDate` (or `date`, `YYYY-MM-DD`) dates the text. JSON that holds
//! none of these is not rules; JSON that does not parse is refused with its line and
//! column.
//!
//! A dump has no header or "Credits" to tell a whole revision from an excerpt, so its
//! own content decides ([`Converted::missing`]): a whole revision has rules in each of
//! the nine sections and a glossary that runs to its last entry (every revision's
//! glossary ends at "Zone-Change Triggers", before 2005 at "Zone"); anything less is a fragment.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use crate::model::{Date, RuleNumber};

/// What a JSON dump holds, as text in the official layout.
pub(crate) struct Converted {
    pub text: String,
    pub date: Option<Date>,
    pub rules: usize,
    pub entries: usize,
    /// What a whole revision has and the dump lacks (sections without rules, the
    /// glossary or its end); empty when the dump is a whole revision.
    pub missing: Vec<String>,
    /// For each line of `text` (from 0), the line of the JSON document (from 1) where
    /// its object's number (or term) stands: warnings name the user's lines.
    pub source_lines: Vec<usize>,
}

/// Whether decoded text is a JSON object or array (`{` or `[` first, a quoted key soon
/// after, or an array of strings).
pub(crate) fn is_json(text: &str) -> bool {
    let start = text.trim_start_matches('\u{feff}').trim_start();
    let head: String = start.chars().take(512).collect();
    (head.starts_with('{') && head.contains("\":") && !head.starts_with("{\\rtf"))
        || (head.starts_with('[')
            && head[1..].trim_start().starts_with(['{', '[', '"'])
            && head.contains('"'))
}

/// Reads the dump; `Err` says why it is not a readable JSON document (with its line and
/// column).
pub(crate) fn to_text(text: &str) -> Result<Converted, String> {
    let value: Value = serde_json::from_str(text.trim_start_matches('\u{feff}'))
        .map_err(|e| format!("a JSON document that does not parse: {e}"))?;
    let mut out = Out::default();
    let date = match &value {
        Value::Object(map) => ["effectiveDate", "effective_date", "date"]
            .iter()
            .find_map(|k| map.get(*k).and_then(Value::as_str))
            .and_then(|d| d.get(..10))
            .and_then(|d| d.parse().ok()),
        _ => None,
    };
    out.walk(&value, 0);
    let missing = out.missing();
    let mut source_lines = anchored_lines(&out.rules, &out.rule_anchors, text);
    let mut glossary_lines = anchored_lines(&out.glossary, &out.entry_anchors, text);
    let mut text = out.rules;
    if !out.glossary.is_empty() {
        text.push_str("Glossary\n\n");
        let first = glossary_lines.first().copied().unwrap_or(1);
        source_lines.extend([first, first]);
        text.push_str(&out.glossary);
        source_lines.append(&mut glossary_lines);
    }
    Ok(Converted {
        text,
        date,
        rules: out.rule_count,
        entries: out.entry_count,
        missing,
        source_lines,
    })
}

#[derive(Default)]
struct Out {
    rules: String,
    glossary: String,
    rule_count: usize,
    entry_count: usize,
    /// The sections (1–9) some rule stands in.
    sections: std::collections::BTreeSet<u8>,
    last_term: Option<String>,
    /// Where each object starts in `rules` (a byte offset) and the quoted string that
    /// names it in the JSON document (`"100.1"`), in document order.
    rule_anchors: Vec<(usize, String)>,
    /// The same for the glossary's entries (`"Aura"`).
    entry_anchors: Vec<(usize, String)>,
}

/// For each line of `written` (from 0), the line of the JSON document `json` where the
/// last object that began at or before it is named: each anchor's quoted name is looked
/// for after the previous one's (a name written with escapes is not found, and its
/// lines keep the line before).
fn anchored_lines(written: &str, anchors: &[(usize, String)], json: &str) -> Vec<usize> {
    let mut json_line = 1;
    let mut searched = 0; // bytes of `json` passed, their line breaks counted
    let mut at_anchor = anchors.iter().peekable();
    let mut lines = Vec::new();
    let mut offset = 0;
    for line in written.split_inclusive('\n') {
        while let Some((_, name)) = at_anchor.next_if(|(start, _)| *start <= offset) {
            let needle = format!("\"{name}\"");
            if let Some(found) = json.get(searched..).and_then(|rest| rest.find(&needle)) {
                json_line += json.as_bytes()[searched..searched + found]
                    .iter()
                    .filter(|&&b| b == b'\n')
                    .count();
                searched += found + needle.len();
            }
        }
        lines.push(json_line);
        offset += line.len();
    }
    lines
}

/// The first of `keys` that `map` holds as a string (a number is written as one).
fn string<'a>(map: &'a Map<String, Value>, keys: &[&str]) -> Option<std::borrow::Cow<'a, str>> {
    keys.iter().find_map(|k| match map.get(*k)? {
        Value::String(s) => Some(std::borrow::Cow::Borrowed(s.as_str())),
        Value::Number(n) => Some(std::borrow::Cow::Owned(n.to_string())),
        _ => None,
    })
}

/// A rule number as a dump writes it (`100.1`, `100.1.`, `100.1a`, `303`).
fn rule_number(s: &str) -> Option<RuleNumber> {
    s.trim().trim_end_matches('.').parse().ok()
}

/// The number as the official text prints it: `303.`, `303.4.`, `303.4c`.
fn printed(n: RuleNumber) -> String {
    match n.depth() {
        2 => format!("{n}."),
        _ => n.to_string(),
    }
}

/// One line of text: a dump's text with its line breaks as the official layout's.
fn lines(text: &str) -> String {
    text.replace("\r\n", "\n").trim().to_string()
}

impl Out {
    /// What a whole revision has and this dump lacks.
    fn missing(&self) -> Vec<String> {
        let mut missing = Vec::new();
        let without: Vec<String> = (1..=9u8)
            .filter(|s| !self.sections.contains(s))
            .map(|s| s.to_string())
            .collect();
        if !without.is_empty() {
            missing.push(format!("no rules in section {}", without.join(", ")));
        }
        match &self.last_term {
            None => missing.push("no glossary".to_string()),
            Some(term) => {
                if !super::validate::is_last_glossary_term(term) {
                    missing.push(format!(
                        "a glossary that stops at \"{term}\" (a whole one runs to \"Zone-Change Triggers\")"
                    ));
                }
            }
        }
        missing
    }

    /// Visits every value in document order (bounded depth: a hostile nesting is left
    /// unread, never overflowed).
    fn walk(&mut self, value: &Value, depth: usize) {
        if depth > 64 {
            return;
        }
        match value {
            Value::Array(items) => {
                for item in items {
                    self.walk(item, depth + 1);
                }
            }
            Value::Object(map) => {
                if !self.object(map) {
                    self.number_map(map);
                }
                for (key, child) in map {
                    if matches!(child, Value::Array(_) | Value::Object(_))
                        && !matches!(key.as_str(), "examples" | "example")
                    {
                        self.walk(child, depth + 1);
                    }
                }
            }
            _ => {}
        }
    }

    /// A rule, section or glossary object, written out; false when `map` is none.
    fn object(&mut self, map: &Map<String, Value>) -> bool {
        let number = string(map, &["ruleNumber", "number", "rule", "id", "num"]);
        let text = string(map, &["ruleText", "text", "body", "content"]);
        let title = string(map, &["title", "name"]);
        if let Some(raw) = number.as_deref() {
            let number = raw.trim().trim_end_matches('.');
            if number.len() == 1 && number.as_bytes()[0].is_ascii_digit() {
                self.rule_anchors.push((self.rules.len(), raw.to_string()));
                let heading = title.or(text).unwrap_or_default();
                let _ = writeln!(self.rules, "{number}. {}\n", lines(&heading));
                return true;
            }
            let Some(n) = rule_number(number) else {
                return false;
            };
            self.rule_anchors.push((self.rules.len(), raw.to_string()));
            let first = match (&title, &text) {
                (Some(title), _) if n.depth() <= 2 && !title.is_empty() => lines(title),
                (_, Some(text)) => lines(text),
                (Some(title), None) => lines(title),
                (None, None) => String::new(),
            };
            let _ = writeln!(self.rules, "{} {first}", printed(n));
            if let (Some(_), Some(text)) = (&title, &text) {
                if n.depth() <= 2 && !text.is_empty() && lines(text) != first {
                    let _ = writeln!(self.rules, "{}", lines(text));
                }
            }
            match map.get("examples").or_else(|| map.get("example")) {
                Some(Value::Array(examples)) => {
                    for e in examples.iter().filter_map(Value::as_str) {
                        let _ = writeln!(self.rules, "Example: {}", lines(e));
                    }
                }
                Some(Value::String(e)) => {
                    let _ = writeln!(self.rules, "Example: {}", lines(e));
                }
                _ => {}
            }
            self.rules.push('\n');
            self.rule_count += 1;
            self.sections.insert(n.section_number());
            return true;
        }
        // A card's `name` and `text` are no glossary entry: a `name` needs a `definition`.
        let definition = string(map, &["definition"]);
        let term = string(map, &["term"]).or_else(|| {
            definition
                .is_some()
                .then(|| string(map, &["name"]))
                .flatten()
        });
        let definition = definition.or_else(|| string(map, &["text", "description"]));
        if let (Some(term), Some(definition)) = (term, definition) {
            self.entry_anchors
                .push((self.glossary.len(), term.to_string()));
            let _ = writeln!(self.glossary, "{}\n{}\n", lines(&term), lines(&definition));
            self.entry_count += 1;
            self.last_term = Some(lines(&term));
            return true;
        }
        false
    }

    /// `{"100.1": "These Magic rules …", …}`: keys that are rule numbers, string values.
    fn number_map(&mut self, map: &Map<String, Value>) {
        for (key, value) in map {
            if let (Some(n), Value::String(text)) = (rule_number(key), value) {
                self.rule_anchors.push((self.rules.len(), key.clone()));
                let _ = writeln!(self.rules, "{} {}\n", printed(n), lines(text));
                self.rule_count += 1;
                self.sections.insert(n.section_number());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_and_glossary_objects_become_the_official_layout() {
        let json = r#"{"effectiveDate": "2026-01-16", "rules": [
            {"ruleNumber": "3", "title": "Card Types"},
            {"ruleNumber": "303", "ruleText": "Enchantments"},
            {"ruleNumber": "303.4c", "ruleText": "If an Aura is enchanting…", "examples": ["It is."]}],
            "glossary": [{"term": "Aura", "definition": "An enchantment subtype."}]}"#;
        assert!(is_json(json));
        let got = to_text(json).unwrap();
        assert_eq!(
            got.text,
            "3. Card Types\n\n303. Enchantments\n\n303.4c If an Aura is enchanting…\nExample: It is.\n\nGlossary\n\nAura\nAn enchantment subtype.\n\n"
        );
        assert_eq!(got.date, Date::new(2026, 1, 16));
        assert_eq!((got.rules, got.entries), (2, 1));
        assert_eq!(
            got.missing,
            [
                "no rules in section 1, 2, 4, 5, 6, 7, 8, 9",
                "a glossary that stops at \"Aura\" (a whole one runs to \"Zone-Change Triggers\")"
            ]
        );
    }

    #[test]
    fn a_dump_with_every_section_and_the_whole_glossary_is_whole() {
        let rules: Vec<String> = (1..=9)
            .map(|s| format!(r#"{{"ruleNumber": "{s}01.1", "ruleText": "Rule."}}"#))
            .collect();
        let json = format!(
            r#"{{"rules": [{}], "glossary": [{{"term": "Aura", "definition": "A subtype."}}, {{"term": "Zone-Change Triggers", "definition": "Trigger events."}}]}}"#,
            rules.join(",")
        );
        let got = to_text(&json).unwrap();
        assert!(got.missing.is_empty(), "{:?}", got.missing);
        assert_eq!(got.date, None);
    }

    #[test]
    fn broken_json_says_where() {
        let err = to_text("{\"rules\": [\n{\"ruleNumber\": \"100.1\",")
            .err()
            .unwrap();
        assert!(err.contains("line 2"), "{err}");
    }
}
