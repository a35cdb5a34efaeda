//! reStructuredText (seed 001: section 3 of 2011-07-15, written for Sphinx). The section
//! is an over- and underlined heading (`***`), each three-digit rule a titled heading
//! (`Artifacts` over `===`, its number taken from the subrules below it), each subrule
//! an underlined number (`301.5` over `---`) followed by its paragraph, lettered
//! subrules indented `a.` items, examples `.. admonition:: Example` blocks. Labels
//! (`.. _card-types:`) and options (`:tocdepth:`) are not rules text.
//!
//! Inline markup becomes plain text: `*Magic*` → Magic, `|T|` → {T} (as the official
//! text writes symbols), runs of spaces → one. The copy was damaged by a bad replace of
//! "ref" with ":ref:" ("the:ref:ore", ":ref:ers", ":ref:erring"): a `:ref:` not followed
//! by a backquote is that damage and becomes "ref" again, while a genuine role
//! (`` :ref:`card-types` ``, `` :ref:`Card Types <card-types>` ``) becomes its text.

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::{Captures, Regex};

use super::lines::{self, excerpt};
use super::Parsed;
use crate::model::{Rule, RuleNumber, Section, Warning};

/// A heading's underline (or overline): one punctuation character repeated.
static ADORNMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"^(?:={3,}|\*{3,}|-{3,}|~{3,}|\^{3,}|"{3,}|#{3,}|\+{3,}|`{3,}|'{3,}|\.{3,}|:{3,}|_{3,})\s*$"#)
        .expect("static regex")
});

/// A subrule heading: `301.5` (or `301.5.`).
static SUBRULE_HEADING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{3}\.\d{1,4})\.?$").expect("static regex"));

/// A rule heading that carries its number: `301. Artifacts` or `301`.
static RULE_HEADING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(\d{3})\.?(?:\s+(.*))?$").expect("static regex"));

/// An indented lettered item: `    a. An object that's both…`.
static LETTERED_ITEM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s+([a-z])\.\s+(.*)$").expect("static regex"));

/// `.. _card-types:`
static LABEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\.\.\s+_([^:]+):\s*$").expect("static regex"));

/// `.. admonition:: Example`, `.. note::`…
static DIRECTIVE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\.\.\s+([A-Za-z-]+)::\s*(.*)$").expect("static regex"));

/// `:tocdepth: 2`
static FIELD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^:[A-Za-z-]+:(?:\s.*)?$").expect("static regex"));

/// A genuine interpreted-text role: `` :ref:`text <target>` ``, `` :term:`x` ``.
static ROLE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?::([a-z]+):)?`([^`<]*?)\s*(?:<([^>`]*)>)?`(?:_)?").expect("static regex")
});

/// `|T|` symbol substitutions.
static SUBSTITUTION: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\|([A-Za-z0-9/+]{1,8})\|").expect("static regex"));

/// `**strong**` and `*emphasis*`.
static EMPHASIS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*").expect("static regex"));

/// Undoes the ":ref:" damage, then turns inline markup into plain text. `labels` maps
/// a label to the title of the heading it names.
pub(super) fn plain_text(text: &str, labels: &HashMap<String, String>) -> String {
    // A ":ref:" that does not open a role is the bad replace of "ref".
    let mut repaired = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(":ref:") {
        repaired.push_str(&rest[..at]);
        let after = &rest[at + ":ref:".len()..];
        if after.starts_with('`') {
            repaired.push_str(":ref:");
        } else {
            repaired.push_str("ref");
        }
        rest = after;
    }
    repaired.push_str(rest);
    let roles = ROLE.replace_all(&repaired, |c: &Captures| {
        let shown = c.get(2).map_or("", |m| m.as_str()).trim();
        let target = c.get(3).map(|m| m.as_str().trim());
        if target.is_some() && !shown.is_empty() {
            return shown.to_string();
        }
        let key = target.unwrap_or(shown);
        let is_ref = c.get(1).is_some_and(|m| m.as_str() == "ref");
        match labels.get(key) {
            Some(title) if is_ref => title.clone(),
            _ => key.to_string(),
        }
    });
    let symbols = SUBSTITUTION.replace_all(&roles, "{$1}");
    let plain = EMPHASIS.replace_all(&symbols, |c: &Captures| {
        c.get(1)
            .or_else(|| c.get(2))
            .map_or(String::new(), |m| m.as_str().to_string())
    });
    lines::collapse_spaces(&plain)
}

/// `301.5` alone on a line (a subrule heading, once underlined).
pub(super) fn is_subrule_heading(line: &str) -> bool {
    SUBRULE_HEADING.is_match(line.trim())
}

/// reStructuredText markup that rules text never has: a label (`.. _card-types:`), a
/// directive (`.. note::`) or a field at the start of a line (`:tocdepth: 2`).
pub(super) fn is_markup(line: &str) -> bool {
    let t = line.trim_start();
    LABEL.is_match(t) || DIRECTIVE.is_match(t) || (indent(line) == 0 && FIELD.is_match(line))
}

/// A heading's underline.
pub(super) fn is_underline(line: &str) -> bool {
    is_adornment(line)
}

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn is_adornment(line: &str) -> bool {
    ADORNMENT.is_match(line)
}

/// A heading found at line `at`: its title, its adornment character, whether it is
/// overlined, and how many lines it takes.
struct Heading {
    title: String,
    mark: char,
    overlined: bool,
    len: usize,
}

fn heading_at(lines: &[&str], at: usize) -> Option<Heading> {
    let line = lines.get(at)?;
    let next = lines.get(at + 1);
    let after = lines.get(at + 2);
    if is_adornment(line) {
        let (title, under) = (next?, after?);
        if !title.trim().is_empty() && !is_adornment(title) && is_adornment(under) {
            return Some(Heading {
                title: title.trim().to_string(),
                mark: line.trim().chars().next()?,
                overlined: true,
                len: 3,
            });
        }
        return None;
    }
    let under = next?;
    if !line.trim().is_empty() && indent(line) == 0 && is_adornment(under) {
        return Some(Heading {
            title: line.trim().to_string(),
            mark: under.trim().chars().next()?,
            overlined: false,
            len: 2,
        });
    }
    None
}

/// The labels (`.. _card-types:`) and the titles of the headings they stand before.
fn collect_labels(lines: &[&str]) -> HashMap<String, String> {
    let mut labels = HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(caps) = LABEL.captures(line) else {
            continue;
        };
        let name = caps.get(1).map_or("", |m| m.as_str()).trim().to_string();
        let heading = (i + 1..lines.len())
            .find(|&j| !lines[j].trim().is_empty() && !LABEL.is_match(lines[j]))
            .and_then(|j| heading_at(lines, j));
        if let Some(h) = heading {
            labels.insert(name, h.title);
        }
    }
    labels
}

/// The reader's place in the document.
#[derive(Default)]
struct State {
    section_title: Option<(usize, String)>,
    rule_title: Option<(usize, String)>,
    /// The subrule whose paragraph comes next, and the rule examples attach to.
    current: Option<RuleNumber>,
    last: Option<RuleNumber>,
}

pub(crate) fn read(text: &str) -> Parsed {
    let lines: Vec<&str> = text.lines().collect();
    let labels = collect_labels(&lines);
    let mut parsed = Parsed::default();
    let mut st = State::default();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let line_no = i + 1;
        if line.trim().is_empty() {
            i += 1;
            continue;
        }
        if let Some(h) = heading_at(&lines, i) {
            i += h.len;
            heading(&mut parsed, &mut st, line_no, h);
            continue;
        }
        if line.trim_start().starts_with("..") {
            let block_end = block_end(&lines, i + 1, indent(line));
            if let Some(caps) = DIRECTIVE.captures(line.trim_start()) {
                let name = caps.get(1).map_or("", |m| m.as_str());
                let arg = caps.get(2).map_or("", |m| m.as_str()).trim();
                let is_example =
                    (name == "admonition" && arg.starts_with("Example")) || name == "example";
                if is_example {
                    examples(&mut parsed, &st, &lines, i + 1, block_end, line_no, &labels);
                } else {
                    parsed.warnings.push(Warning {
                        line: line_no,
                        message: format!("the `{name}` directive is not rules text; skipped"),
                    });
                }
            }
            // Labels and comments carry no rules text.
            i = block_end;
            continue;
        }
        if indent(line) == 0 && FIELD.is_match(line) {
            i += 1;
            continue;
        }
        // A paragraph: a lettered item, or the current subrule's text.
        let end = paragraph_end(&lines, i);
        if LETTERED_ITEM.is_match(line) {
            // Items follow each other without blank lines: split them.
            for (j, item) in items(&lines[i..end]) {
                lettered(&mut parsed, &mut st, line_no + j, item, &labels);
            }
        } else {
            body(
                &mut parsed,
                &mut st,
                line_no,
                &lines[i..end].join(" "),
                &labels,
            );
        }
        i = end;
    }
    if let Some((line, title)) = st.rule_title.take() {
        parsed.warnings.push(Warning {
            line,
            message: format!("the heading “{title}” has no numbered rule under it"),
        });
    }
    titles_of_subrules(&mut parsed);
    lines::finish(&mut parsed);
    parsed
}

/// A subrule whose whole paragraph reads like a title (`702.19` over `-----`, then
/// `Trample`) is titled, as the official text's `702.19. Trample` is.
fn titles_of_subrules(parsed: &mut Parsed) {
    for rule in parsed.rules.values_mut() {
        if rule.number.depth() == 2 && rule.title.is_none() && lines::looks_like_title(&rule.text) {
            rule.title = Some(std::mem::take(&mut rule.text));
        }
    }
}

/// The first line after the block of a directive indented `outer` that starts at
/// `from`: the lines indented deeper than the directive. A lettered item (`a. …`) at the
/// block's own indentation ends it: items are never part of an example, and copies put
/// a rule's examples before its lettered subrules at the same depth.
fn block_end(lines: &[&str], from: usize, outer: usize) -> usize {
    let mut end = from;
    let mut j = from;
    let mut content: Option<usize> = None;
    while j < lines.len() {
        if lines[j].trim().is_empty() {
            j += 1;
            continue;
        }
        let depth = indent(lines[j]);
        if depth <= outer {
            break;
        }
        let first = *content.get_or_insert(depth);
        if depth <= first && LETTERED_ITEM.is_match(lines[j]) {
            break;
        }
        j += 1;
        end = j;
    }
    end
}

/// The first blank line (or heading) after a paragraph that starts at `from`.
fn paragraph_end(lines: &[&str], from: usize) -> usize {
    let mut j = from + 1;
    while j < lines.len() && !lines[j].trim().is_empty() && heading_at(lines, j).is_none() {
        j += 1;
    }
    j
}

/// Splits a block of `a.` items (each maybe wrapped) into (offset, item text).
fn items(block: &[&str]) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    for (j, line) in block.iter().enumerate() {
        match out.last_mut() {
            Some((_, text)) if !LETTERED_ITEM.is_match(line) => {
                text.push(' ');
                text.push_str(line.trim());
            }
            _ => out.push((j, line.to_string())),
        }
    }
    out
}

fn heading(parsed: &mut Parsed, st: &mut State, line: usize, h: Heading) {
    if let Some(caps) = SUBRULE_HEADING.captures(&h.title) {
        let Ok(number) = caps.get(1).map_or("", |m| m.as_str()).parse::<RuleNumber>() else {
            parsed.warnings.push(Warning {
                line,
                message: format!("`{}` is not a rule number", h.title),
            });
            return;
        };
        start_rule(parsed, st, line, number);
        lines::insert(parsed, line, Rule::new(number, String::new()));
        st.current = Some(number);
        st.last = Some(number);
        return;
    }
    if !h.overlined && h.mark != '*' {
        if let Some(caps) = RULE_HEADING.captures(&h.title) {
            if let Ok(number) = caps.get(1).map_or("", |m| m.as_str()).parse::<RuleNumber>() {
                let title = caps.get(2).map(|m| m.as_str().trim().to_string());
                let mut rule = Rule::new(number, String::new());
                rule.title = title.filter(|t| !t.is_empty());
                lines::insert(parsed, line, rule);
                st.current = None;
                st.last = Some(number);
                return;
            }
        }
        if let Some((at, old)) = st.rule_title.replace((line, h.title)) {
            parsed.warnings.push(Warning {
                line: at,
                message: format!("the heading “{old}” has no numbered rule under it"),
            });
        }
        return;
    }
    // The section: an overlined heading.
    st.section_title = Some((line, h.title));
}

/// A subrule number was read: give its three-digit rule the pending title, and the
/// section the pending section title.
fn start_rule(parsed: &mut Parsed, st: &mut State, line: usize, number: RuleNumber) {
    if let Some((_, title)) = st.section_title.take() {
        let n = number.section_number();
        if !parsed.sections.iter().any(|s| s.number == n) {
            parsed.sections.push(Section { number: n, title });
        }
    }
    if let (Some((at, title)), Some(rule)) = (st.rule_title.take(), number.rule_part()) {
        let mut titled = Rule::new(RuleNumber::rule(rule), String::new());
        titled.title = Some(title);
        lines::insert(parsed, at.min(line), titled);
    }
}

fn lettered(
    parsed: &mut Parsed,
    st: &mut State,
    line: usize,
    item: String,
    labels: &HashMap<String, String>,
) {
    let parent = st.current.filter(|n| n.depth() == 2);
    let caps = LETTERED_ITEM.captures(&item);
    let (Some(parent), Some(caps)) = (parent, caps) else {
        parsed.warnings.push(Warning {
            line,
            message: format!(
                "a lettered item outside any subrule; dropped: {}",
                excerpt(&item)
            ),
        });
        return;
    };
    let letter = caps.get(1).map_or("a", |m| m.as_str());
    let text = caps.get(2).map_or("", |m| m.as_str());
    let Ok(number) = format!("{parent}{letter}").parse::<RuleNumber>() else {
        return;
    };
    lines::insert(parsed, line, Rule::new(number, plain_text(text, labels)));
    st.last = Some(number);
}

fn body(
    parsed: &mut Parsed,
    st: &mut State,
    line: usize,
    text: &str,
    labels: &HashMap<String, String>,
) {
    let text = plain_text(text, labels);
    // A paragraph that starts like an official rule line (`303.1. …`, `303.4c …`) is a
    // rule pasted in from another shape: it is read as that rule, and said so.
    if let Some((number, rest)) = lines::rule_line(&text).filter(|(n, _)| n.depth() >= 2) {
        parsed.warnings.push(Warning {
            line,
            message: format!(
                "rule {number} is written as an official rule line, not as reStructuredText \
                 (a document of mixed shapes); read as a rule"
            ),
        });
        lines::insert(parsed, line, lines::new_rule(number, rest));
        st.current = Some(number).filter(|n| n.depth() == 2);
        st.last = Some(number);
        return;
    }
    match st.last.and_then(|n| parsed.rules.get_mut(&n)) {
        Some(rule) => {
            if !rule.text.is_empty() {
                rule.text.push(' ');
            }
            rule.text.push_str(&text);
        }
        None => parsed.warnings.push(Warning {
            line,
            message: format!("text before any rule; dropped: {}", excerpt(&text)),
        }),
    }
}

fn examples(
    parsed: &mut Parsed,
    st: &State,
    lines: &[&str],
    from: usize,
    to: usize,
    line: usize,
    labels: &HashMap<String, String>,
) {
    let Some(rule) = st.last.and_then(|n| parsed.rules.get_mut(&n)) else {
        parsed.warnings.push(Warning {
            line,
            message: "an example before any rule; dropped".to_string(),
        });
        return;
    };
    // Each paragraph of the block is one example.
    let block = lines.get(from..to).unwrap_or(&[]);
    for paragraph in block.split(|l| l.trim().is_empty()) {
        if !paragraph.is_empty() {
            rule.examples.push(plain_text(&paragraph.join(" "), labels));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = include_str!("../../rules/001_9bc9fbbbb82b12fd.txt");

    fn rule<'a>(p: &'a Parsed, n: &str) -> &'a Rule {
        &p.rules[&n.parse::<RuleNumber>().unwrap()]
    }

    #[test]
    fn repairs_every_ref_the_bad_replace_left() {
        let p = read(SEED);
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
        let all: String = p.rules.values().map(|r| r.text.clone()).collect();
        assert!(!all.contains(":ref:"));
        assert!(rule(&p, "301.4")
            .text
            .contains("and are therefore colorless."));
        assert!(rule(&p, "301.7")
            .text
            .starts_with("If a non-Equipment permanent has an ability that refers to"));
        assert!(rule(&p, "303.4i")
            .text
            .contains("an ability that refers to the"));
        assert!(rule(&p, "305.6")
            .text
            .contains("it's referring to one of these subtypes"));
    }

    #[test]
    fn genuine_roles_become_their_text() {
        let labels = HashMap::from([("card-types".to_string(), "Card Types".to_string())]);
        assert_eq!(
            plain_text(
                "See :ref:`card-types` and :ref:`the rules <card-general>`.",
                &labels
            ),
            "See Card Types and the rules."
        );
        assert_eq!(plain_text("it's :ref:erring", &labels), "it's referring");
        assert_eq!(
            plain_text("*Magic*  cards; roll |PW| or |T|", &labels),
            "Magic cards; roll {PW} or {T}"
        );
    }

    #[test]
    fn reads_sections_titles_lettered_items_and_examples() {
        let p = read(SEED);
        assert_eq!(
            p.sections,
            [Section {
                number: 3,
                title: "Card Types".into()
            }]
        );
        assert_eq!(rule(&p, "300").title.as_deref(), Some("General"));
        assert_eq!(rule(&p, "308").title.as_deref(), Some("Tribals"));
        assert_eq!(
            rule(&p, "308.1").text,
            "Each tribal card has another card type. Casting and resolving a tribal card \
             follows the rules for casting and resolving a card of the other card type."
        );
        let letters: Vec<String> = p
            .rules
            .keys()
            .filter(|n| n.is_within(&"303.4".parse().unwrap()) && n.depth() == 3)
            .map(|n| n.to_string())
            .collect();
        assert_eq!(letters.len(), 9, "{letters:?}");
        assert_eq!(letters.last().map(String::as_str), Some("303.4i"));
        assert_eq!(
            rule(&p, "302.3").examples,
            ["\"Creature -- Goblin Wizard\" means the card is a creature with the subtypes Goblin and Wizard."]
        );
        assert!(!rule(&p, "302.3").text.contains("Example"));
        assert!(rule(&p, "302.3")
            .text
            .contains("and so on. Creature subtypes"));
    }

    #[test]
    fn a_stray_directive_is_reported_with_its_line() {
        let p = read("300.1\n-----\n\nText.\n\n.. note::\n\n    Aside.\n");
        assert_eq!(p.warnings.len(), 1);
        assert_eq!(p.warnings[0].line, 6);
        assert_eq!(rule(&p, "300.1").text, "Text.");
    }
}
