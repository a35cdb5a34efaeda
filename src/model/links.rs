//! Links between rules, both ways: a rule's `references` point forward; [`Revision::cited_by`]
//! answers the other way round, "which rules of this revision cite this one?".

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
    }
}
