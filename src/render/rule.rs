//! `arbiter rule`: a rule as text (its number, title and text, then its subrules in
//! order with their examples, rulings and dates, then the rules it refers to), as JSON,
//! and the message for a number the revision does not have.

use serde::Serialize;

use super::text::{span, Class, Doc};
use crate::model::{Revision, Rule, RuleNumber};

/// A rule (or section) found in a revision, with what lies below it.
#[derive(Debug)]
pub struct RuleView<'a> {
    pub revision: &'a Revision,
    pub number: RuleNumber,
    /// The rule itself; `None` for a section, which is not a rule.
    pub rule: Option<&'a Rule>,
    /// A section's title.
    pub section_title: Option<&'a str>,
    /// Every rule below it, in order.
    pub below: Vec<&'a Rule>,
    /// Its direct children, in order.
    pub children: Vec<RuleNumber>,
    /// The rules outside it that cite it or a rule below it, in order.
    pub cited_by: Vec<RuleNumber>,
    /// The section and rules above it, outermost first, with their titles.
    pub breadcrumb: Vec<(RuleNumber, String)>,
    /// Where the lineage saw its text or number last change, if the index knows it.
    pub last_change: Option<LastChange>,
}

/// The revision where a rule's text or number last changed, from the lineage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastChange {
    pub revision: String,
    /// What happened there: its text changed, it was renumbered (from this number), or
    /// it first appeared (added, or the oldest revision known).
    pub what: Changed,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Changed {
    Text,
    Renumbered { from: RuleNumber },
    Added,
    FirstKnown,
}

impl RuleView<'_> {
    fn title(&self) -> Option<&str> {
        self.rule
            .and_then(|r| r.title.as_deref())
            .or(self.section_title)
    }

    /// Rules referred to anywhere in the subtree, outside it, in order of first mention.
    fn references(&self) -> Vec<RuleNumber> {
        let mut refs: Vec<RuleNumber> = Vec::new();
        for rule in self.rule.iter().copied().chain(self.below.iter().copied()) {
            for n in &rule.references {
                if !n.is_within(&self.number) && !refs.contains(n) {
                    refs.push(*n);
                }
            }
        }
        refs
    }
}

/// A rule number as the rules print it: `303.`, `303.4.`, `303.4c`.
pub(crate) fn printed(n: &RuleNumber) -> String {
    match n.depth() {
        2 => format!("{n}."),
        _ => n.to_string(),
    }
}

/// The rule as text.
pub fn text(view: &RuleView) -> Doc {
    let mut doc = Doc::new();
    let r = view.revision;
    doc.line().push(span(
        Class::Meta,
        format!(
            "Revision {} (effective {}, {})",
            r.id,
            r.date,
            r.format.name()
        ),
    ));
    if !view.breadcrumb.is_empty() {
        let line = doc.line();
        for (i, (n, title)) in view.breadcrumb.iter().enumerate() {
            if i > 0 {
                line.push(span(Class::Meta, " › "));
            }
            line.push(span(Class::Reference, printed(n)));
            line.push(span(Class::Meta, format!(" {title}")));
        }
    }
    if let Some(change) = &view.last_change {
        let said = match &change.what {
            Changed::Text => format!("text last changed in {}", change.revision),
            Changed::Renumbered { from } => format!(
                "last changed in {}: renumbered from {}",
                change.revision,
                from.short()
            ),
            Changed::Added => format!("added in {}, unchanged since", change.revision),
            Changed::FirstKnown => format!(
                "unchanged since {}, the oldest revision known",
                change.revision
            ),
        };
        doc.line().push(span(
            Class::Meta,
            format!(
                "({said}; `arbiter history {}` shows each change)",
                view.number.short()
            ),
        ));
    }
    doc.blank();
    if view.rule.is_none() {
        let line = doc.line();
        line.push(span(Class::Number, printed(&view.number)));
        if let Some(title) = view.section_title {
            line.extend([span(Class::Plain, " "), span(Class::Title, title)]);
        }
        doc.blank();
    }
    for rule in view.rule.iter().copied().chain(view.below.iter().copied()) {
        rule_entry(&mut doc, rule);
    }
    let refs = view.references();
    if !refs.is_empty() {
        let line = doc.line();
        line.push(span(Class::Label, "References:"));
        for (i, n) in refs.iter().enumerate() {
            line.push(span(Class::Plain, if i == 0 { " " } else { ", " }));
            line.push(span(Class::Reference, n.short()));
        }
    }
    if !view.cited_by.is_empty() {
        let line = doc.line();
        line.push(span(Class::Label, "Cited by:"));
        for (i, n) in view.cited_by.iter().enumerate() {
            line.push(span(Class::Plain, if i == 0 { " " } else { ", " }));
            line.push(span(Class::Reference, n.short()));
        }
    }
    doc
}

fn rule_entry(doc: &mut Doc, rule: &Rule) {
    let number = printed(&rule.number);
    let indent = " ".repeat(number.chars().count() + 1);
    let line = doc.line();
    line.push(span(Class::Number, number));
    if let Some(title) = &rule.title {
        line.extend([span(Class::Plain, " "), span(Class::Title, title.clone())]);
    }
    if !rule.text.is_empty() {
        line.extend([
            span(Class::Plain, " "),
            span(Class::Plain, rule.text.clone()),
        ]);
    }
    for example in &rule.examples {
        doc.line().extend([
            span(Class::Plain, indent.clone()),
            span(Class::Label, "Example:"),
            span(Class::Plain, " "),
            span(Class::Example, example.clone()),
        ]);
    }
    for ruling in &rule.rulings {
        let mut said = Vec::new();
        if let Some(source) = &ruling.source {
            said.push(source.clone());
        }
        if let Some(date) = ruling.date {
            said.push(date.to_string());
        }
        let line = doc.line();
        line.extend([
            span(Class::Plain, indent.clone()),
            span(Class::Label, format!("Ruling {}", ruling.label)),
        ]);
        if !said.is_empty() {
            line.push(span(Class::Meta, format!(" ({})", said.join(", "))));
        }
        line.extend([
            span(Class::Label, ":"),
            span(Class::Plain, " "),
            span(Class::Plain, ruling.text.clone()),
        ]);
    }
    if let Some(date) = rule.last_changed {
        doc.line().extend([
            span(Class::Plain, indent),
            span(Class::Meta, format!("(last changed {date})")),
        ]);
    }
    doc.blank();
}

/// `arbiter rule --json`: one document, its keys in this order.
#[derive(Debug, Serialize)]
pub struct RuleJson<'a> {
    pub revision: &'a str,
    pub number: String,
    pub title: Option<&'a str>,
    pub text: &'a str,
    pub examples: &'a [String],
    /// The direct children's numbers, in order.
    pub children: Vec<String>,
    /// The numbers the rule's own text and examples refer to.
    pub references: Vec<String>,
    /// The rules that cite this one or a rule below it.
    pub cited_by: Vec<String>,
    pub rulings: Vec<RulingJson<'a>>,
}

/// A ruling in `arbiter rule --json`: `source` only when the page names one.
#[derive(Debug, Serialize)]
pub struct RulingJson<'a> {
    pub label: &'a str,
    pub text: &'a str,
    pub date: Option<crate::model::Date>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<&'a str>,
}

/// The rule as one JSON document.
pub fn json<'a>(view: &'a RuleView) -> RuleJson<'a> {
    let rule = view.rule;
    RuleJson {
        revision: &view.revision.id,
        number: view.number.short(),
        title: view.title(),
        text: rule.map_or("", |r| r.text.as_str()),
        examples: rule.map_or(&[][..], |r| r.examples.as_slice()),
        children: view.children.iter().map(RuleNumber::short).collect(),
        references: rule
            .map_or(&[][..], |r| r.references.as_slice())
            .iter()
            .map(RuleNumber::short)
            .collect(),
        cited_by: view.cited_by.iter().map(RuleNumber::short).collect(),
        rulings: rule
            .map_or(&[][..], |r| r.rulings.as_slice())
            .iter()
            .map(|ruling| RulingJson {
                label: &ruling.label,
                text: &ruling.text,
                date: ruling.date,
                source: ruling.source.as_deref(),
            })
            .collect(),
    }
}

/// A number the chosen revision does not have.
#[derive(Debug)]
pub struct Missing<'a> {
    pub number: RuleNumber,
    pub revision: &'a Revision,
    /// The numbers either side of it in that revision, when it covers the section.
    pub before: Option<RuleNumber>,
    pub after: Option<RuleNumber>,
    /// Other revisions that have it.
    pub elsewhere: Vec<String>,
    /// What the rule is numbered in `revision` when the number is an old one: the
    /// revision that had the number, and the number there now (from the lineage).
    pub now_called: Option<(String, RuleNumber)>,
    /// Said instead of the usual hint (only the built-in fragments answered).
    pub advice: Option<String>,
}

/// What to tell the user, for standard error.
pub fn missing(m: &Missing) -> Doc {
    let mut doc = Doc::new();
    doc.line().extend([
        span(Class::Plain, "arbiter: rule "),
        span(Class::Number, m.number.short()),
        span(Class::Plain, " is not in revision "),
        span(Class::Meta, m.revision.id.clone()),
    ]);
    let covers = m.revision.covers(&m.number);
    if covers {
        let nearest: Vec<String> = m
            .before
            .iter()
            .chain(m.after.iter())
            .map(RuleNumber::short)
            .collect();
        if !nearest.is_empty() && m.now_called.is_none() {
            let line = doc.line();
            line.push(span(Class::Label, "nearest:"));
            for (i, n) in nearest.into_iter().enumerate() {
                line.push(span(Class::Plain, if i == 0 { " " } else { ", " }));
                line.push(span(Class::Reference, n));
            }
        }
    } else {
        let sections: Vec<String> = m
            .revision
            .section_numbers()
            .iter()
            .map(u8::to_string)
            .collect();
        doc.line().push(span(
            Class::Plain,
            format!(
                "{} covers only section {}",
                m.revision.id,
                sections.join(", ")
            ),
        ));
    }
    if let Some((then, now)) = &m.now_called {
        doc.line().extend([
            span(Class::Plain, "it was "),
            span(Class::Number, m.number.short()),
            span(Class::Plain, " in "),
            span(Class::Meta, then.clone()),
            span(Class::Plain, "; it is "),
            span(Class::Number, now.short()),
            span(Class::Plain, " in "),
            span(Class::Meta, m.revision.id.clone()),
        ]);
        doc.line().push(span(
            Class::Plain,
            format!(
                "hint: `arbiter rule {}`, or `arbiter history {}` for how it got there",
                now.short(),
                now.short()
            ),
        ));
        return doc;
    }
    if let Some(advice) = &m.advice {
        doc.line()
            .push(span(Class::Plain, format!("hint: {advice}")));
        return doc;
    }
    if m.elsewhere.is_empty() {
        if !covers {
            doc.line().push(span(
                Class::Plain,
                "hint: no known revision has it; add a complete revision with `arbiter ingest FILE`",
            ));
        }
    } else {
        let line = doc.line();
        line.push(span(Class::Label, "in:"));
        for (i, id) in m.elsewhere.iter().enumerate() {
            line.push(span(Class::Plain, if i == 0 { " " } else { ", " }));
            line.push(span(Class::Meta, id.clone()));
        }
        doc.line().push(span(
            Class::Plain,
            format!(
                "hint: `arbiter rule {} --rev {}`",
                m.number.short(),
                m.elsewhere[0]
            ),
        ));
    }
    doc
}
