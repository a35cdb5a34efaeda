//! Links between rules, both ways: a rule's `references` point forward; [`Revision::cited_by`]
//! answers the other way round, "which rules of this revision cite this one?".

use std::collections::BTreeMap;

use super::number::RuleNumber;
use super::revision::Revision;

impl Revision {
    /// The rules (outside `number`'s own subtree) whose text or examples cite `number` or
    /// one of its subrules, in numeric order.
    pub fn cited_by(&self, number: &RuleNumber) -> Vec<RuleNumber> {
        self.rules
            .values()
            .filter(|rule| !rule.number.is_within(number))
            .filter(|rule| rule.references.iter().any(|r| r.is_within(number)))
            .map(|rule| rule.number)
            .collect()
    }

    /// [`Revision::cited_by`] of every rule of the revision at once (rules no other rule
    /// cites left out), for the table `arbiter ingest` stores: a reference counts for the
    /// number it names and each rule above it, sections aside.
    pub fn cited_by_every_rule(&self) -> BTreeMap<RuleNumber, Vec<RuleNumber>> {
        let mut cited: BTreeMap<RuleNumber, Vec<RuleNumber>> = BTreeMap::new();
        for rule in self.rules.values() {
            for reference in &rule.references {
                let mut at = Some(*reference);
                while let Some(n) = at.filter(|n| !n.is_section()) {
                    if self.rules.contains_key(&n) && !rule.number.is_within(&n) {
                        let citers = cited.entry(n).or_default();
                        // The rules are visited in order: a citer is new or the last one.
                        if citers.last() != Some(&rule.number) {
                            citers.push(rule.number);
                        }
                    }
                    at = n.parent();
                }
            }
        }
        cited
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Date, Format, Revision, Rule, RuleNumber};

    fn n(s: &str) -> RuleNumber {
        s.parse().unwrap()
    }

    #[test]
    fn finds_the_rules_that_cite_a_rule_or_its_subrules() {
        let mut revision = Revision {
            id: "t".into(),
            date: Date::new(2026, 1, 1).unwrap(),
            source: "test".into(),
            format: Format::OfficialText,
            content_hash: String::new(),
            complete: false,
            sections: Vec::new(),
            rules: Default::default(),
            glossary: Vec::new(),
            warnings: Vec::new(),
        };
        let mut add = |num: &str, refs: &[&str]| {
            let mut r = Rule::new(n(num), "text");
            r.references = refs.iter().map(|s| n(s)).collect();
            revision.rules.insert(r.number, r);
        };
        add("704.5", &[]);
        add("704.5m", &["704.5"]);
        add("303.4d", &["704.5m"]);
        add("301.5c", &["704.5"]);
        add("100.1", &["704.5m", "303.4d"]);
        assert_eq!(revision.cited_by(&n("704.5m")), [n("100.1"), n("303.4d")]);
        // 704.5m cites 704.5 but lies within it, so it is not listed.
        assert_eq!(
            revision.cited_by(&n("704.5")),
            [n("100.1"), n("301.5c"), n("303.4d")]
        );
        assert!(revision.cited_by(&n("100.1")).is_empty());
        let every = revision.cited_by_every_rule();
        for number in revision.rules.keys() {
            let one = revision.cited_by(number);
            assert_eq!(
                every.get(number).cloned().unwrap_or_default(),
                one,
                "{number}"
            );
        }
    }
}
