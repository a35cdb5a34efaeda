//! Academy Ruins' CR answers (<https://api.academyruins.com>, the routes judge bots and
//! rules apps already call), made from arbiter's rule model: the same JSON keys
//! (camelCase), `examples` null when a rule has none, `navigation`, the `{detail}`
//! errors, the keyword redirect of `/cr/{rule}` unless `exact_match`, and the glossary
//! keyed by lower-cased term.

use serde_json::{json, Value};

use crate::model::{Revision, Rule, RuleNumber};

/// The key and `ruleNumber` of a rule: `100.1a`, `100.1`, `100`.
fn key(number: &RuleNumber) -> String {
    number.short()
}

/// A titled rule's text is its title (`702.2` → "Deathtouch").
fn rule_text(rule: &Rule) -> &str {
    match &rule.title {
        Some(title) if rule.text.is_empty() => title,
        _ => &rule.text,
    }
}

/// `examples`: the list, or null when there are none.
fn examples(rule: &Rule) -> Value {
    if rule.examples.is_empty() {
        Value::Null
    } else {
        json!(rule.examples)
    }
}

/// `/cr`: every rule keyed by number, in the document's order, each `{ruleNumber,
/// ruleText, examples, fragment, navigation: {previousRule, nextRule}}`.
pub fn all_rules(revision: &Revision) -> String {
    let rules: Vec<&Rule> = revision.rules.values().collect();
    let mut out = String::with_capacity(rules.len() * 300);
    out.push('{');
    for (i, rule) in rules.iter().enumerate() {
        let number = key(&rule.number);
        let fragment = number.split_once('.').map(|(_, f)| f).unwrap_or("");
        let value = json!({
            "ruleNumber": number,
            "ruleText": rule_text(rule),
            "examples": examples(rule),
            "fragment": fragment,
            "navigation": {
                "previousRule": i.checked_sub(1).map(|p| key(&rules[p].number)),
                "nextRule": rules.get(i + 1).map(|n| key(&n.number)),
            },
        });
        if i > 0 {
            out.push(',');
        }
        out.push_str(&Value::String(number.clone()).to_string());
        out.push(':');
        out.push_str(&value.to_string());
    }
    out.push('}');
    out
}

/// `/cr/{rule}`: `{ruleNumber, ruleText}`; `None` when the revision has no such rule.
/// Unless `exact`, a keyword action (`701.3`) answers with its first subrule and a
/// keyword ability (`702.2`) with the subrule that defines it, as Academy Ruins does.
pub fn rule(revision: &Revision, asked: &str, exact: bool) -> Option<Value> {
    let number: RuleNumber = asked.parse().ok()?;
    let found = revision.rule(&number)?;
    let best = if exact {
        found
    } else {
        best_rule(revision, found)
    };
    Some(json!({"ruleNumber": key(&best.number), "ruleText": rule_text(best)}))
}

/// Academy Ruins' heuristic for keyword rules: 701.N → 701.Na; 702.N → the first subrule
/// that is not a bare "X is a … ability." sentence (nor one of its two exceptions).
fn best_rule<'a>(revision: &'a Revision, rule: &'a Rule) -> &'a Rule {
    let n = rule.number;
    let is_keyword_rule = |r: u16| n.rule_part() == Some(r) && n.sub_part().is_some_and(|s| s >= 2);
    if is_keyword_rule(701) && n.letter().is_none() {
        let first = RuleNumber::lettered(701, n.sub_part().unwrap_or_default(), 'a');
        return revision.rule(&first).unwrap_or(rule);
    }
    if !is_keyword_rule(702) || n.letter().is_some() {
        return rule;
    }
    let skip = |r: &Rule| {
        let number = key(&r.number);
        r.number.letter().is_none()
            || number == "702.57a"
            || number == "702.22b"
            || is_single_is_a_sentence(rule_text(r))
    };
    let mut at = rule;
    for next in revision.rules.range(n..).map(|(_, r)| r).skip(1) {
        if !skip(at) {
            break;
        }
        if next.number.letter().is_none() {
            break;
        }
        at = next;
    }
    at
}

/// One sentence (a single full stop, at the end) that says "is a" or "is an".
fn is_single_is_a_sentence(text: &str) -> bool {
    let Some(body) = text.strip_suffix('.') else {
        return false;
    };
    !body.contains('.')
        && body
            .split(|c: char| !c.is_alphanumeric())
            .collect::<Vec<_>>()
            .windows(2)
            .any(|w| w[0] == "is" && (w[1] == "a" || w[1] == "an"))
}

/// `/cr/example/{rule}`: `{ruleNumber, examples}` (null when it has none).
pub fn examples_of(revision: &Revision, asked: &str) -> Option<Value> {
    let number: RuleNumber = asked.parse().ok()?;
    let rule = revision.rule(&number)?;
    Some(json!({"ruleNumber": asked, "examples": examples(rule)}))
}

/// `/cr/glossary`: `{lower-cased term: {term, definition}}`, in the glossary's order.
pub fn glossary(revision: &Revision) -> String {
    let mut map = serde_json::Map::new();
    for entry in &revision.glossary {
        map.insert(
            entry.term.to_lowercase(),
            json!({"term": entry.term, "definition": entry.definition}),
        );
    }
    Value::Object(map).to_string()
}

/// `/cr/glossary/{term}`: the entry whose name (or alias) is `term`, ignoring case; with
/// `fuzzy`, the closest entry the glossary look-up finds (as `arbiter define`).
pub fn glossary_term(revision: &Revision, term: &str, fuzzy: bool) -> Option<Value> {
    let wanted = term.to_lowercase();
    let exact = revision.glossary.iter().find(|e| {
        e.term.to_lowercase() == wanted || e.aliases.iter().any(|a| a.to_lowercase() == wanted)
    });
    let entry = match exact {
        Some(e) => e,
        None if fuzzy => {
            let found = crate::index::glossary::lookup(&revision.glossary, term, 1);
            let best = found.first().filter(|m| m.score >= 0.6)?;
            revision
                .glossary
                .iter()
                .find(|e| e.term == best.entry.term)?
        }
        None => return None,
    };
    Some(json!({"term": entry.term, "definition": entry.definition}))
}

/// `/cr/toc`: `[{number, title, subsections: [{number, title}]}]`.
pub fn toc(revision: &Revision) -> Value {
    let sections: Vec<Value> = revision
        .sections
        .iter()
        .map(|s| {
            let subsections: Vec<Value> = revision
                .rules
                .values()
                .filter(|r| r.number.depth() == 1 && r.number.section_number() == s.number)
                .map(|r| json!({"number": r.number.rule_part(), "title": rule_text(r)}))
                .collect();
            json!({"number": s.number, "title": s.title, "subsections": subsections})
        })
        .collect();
    Value::Array(sections)
}
