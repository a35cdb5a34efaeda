//! Which replacement and prevention effects must be chosen first, by revision: the steps of
//! 616.1 (615.1 in 2009-07-11 and 2009-09-04, 419.9a before), each with that revision's own
//! number, read in the corpus:
//!
//! | revisions | steps that must come first | any | repeated | contained |
//! |---|---|---|---|---|
//! | 2005-08-01 … 2008-02-01 | self-replacement (419.9a) | 419.9a | 419.9a ("Then the other effect applies if it is still appropriate") | — |
//! | 2008-10-01 … 2009-05-01 | self, control (419.9a) | 419.9a | 419.9a | — |
//! | 2009-07-11, 2009-09-04 | 615.1a self, 615.1b control | 615.1c | 615.1d | — |
//! | 2009-10-01 … 2011-07-15 | 616.1a self, 616.1b control | 616.1c | 616.1d | — |
//! | 2011-09-30 … 2017-01-20 | 616.1a, 616.1b, 616.1c copy | 616.1d | 616.1e | — |
//! | 2017-09-29 … 2021-11-19 | 616.1a, 616.1b, 616.1c copy | 616.1d | 616.1e | 616.1f |
//! | 2022-02-18 on | 616.1a, 616.1b, 616.1c copy, 616.1d back face | 616.1e | 616.1f | 616.1g |
//!
//! A category that a revision doesn't name is one of its "any" effects.

use crate::model::{Date, RuleNumber};

use super::super::cite::Cite;

/// What 616.1 sorts an effect as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Category {
    /// A self-replacement effect (614.15; 419.6d before 2009-07-11).
    SelfReplacement,
    /// It modifies under whose control an object would enter the battlefield.
    Control,
    /// It makes an object enter as a copy of another (616.1c from 2011-09-30).
    Copy,
    /// It makes a card enter with its back face up (616.1d from 2022-02-18).
    BackFace,
    /// Any other effect.
    Any,
    /// An effect on an event contained in another event, which waits until an effect on
    /// the outer event has been chosen (616.1f from 2017-09-29, 616.1g from 2022-02-18).
    Contained,
}

/// The 616.1 of one revision: its steps, in order, with their numbers in that revision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Order {
    /// The revision whose rules and numbering these are.
    pub date: Date,
    /// The categories that must be chosen first, in the order they are checked, each
    /// with the rule that says so.
    pub first: Vec<(Category, RuleNumber)>,
    /// The rule that lets any applicable effect be chosen.
    pub any: RuleNumber,
    /// The rule that repeats the choice among the effects that now apply.
    pub repeat: RuleNumber,
    /// The rule that makes an effect on a contained event wait, where the revision has one.
    pub contained: Option<RuleNumber>,
    /// The rule that says who chooses (616.1, 615.1, 419.9a).
    pub chooser: RuleNumber,
    /// The rule by which an effect becomes applicable through another (616.2, 615.2, 419.9b).
    pub becomes_applicable: RuleNumber,
    /// The rule by which an effect applies once per event (614.5, 613.5, 419.6a).
    pub once: RuleNumber,
    /// 419.9a of 2005-08-01 … 2008-02-01 speaks of two effects ("Then the other effect
    /// applies"); with three or more the choice is repeated as 419.9a of 2008-10-01 says.
    pub speaks_of_two: bool,
}

const fn date(year: u16, month: u8, day: u8) -> Date {
    Date { year, month, day }
}

const fn lettered(rule: u16, sub: u16, letter: char) -> RuleNumber {
    RuleNumber::lettered(rule, sub, letter)
}

impl Order {
    /// The 616.1 of the revision in force on `on`.
    pub fn of(on: Date) -> Order {
        if on < date(2008, 10, 1) {
            return Order::of_419(on, false);
        }
        if on < date(2009, 7, 11) {
            return Order::of_419(on, true);
        }
        if on < date(2009, 10, 1) {
            return Order::of_615(on);
        }
        Order::of_616(on)
    }

    /// 419.9a: one paragraph; the control step from 2008-10-01.
    fn of_419(on: Date, control: bool) -> Order {
        let rule = lettered(419, 9, 'a');
        let mut first = vec![(Category::SelfReplacement, rule)];
        if control {
            first.push((Category::Control, rule));
        }
        Order {
            date: on,
            first,
            any: rule,
            repeat: rule,
            contained: None,
            chooser: rule,
            becomes_applicable: lettered(419, 9, 'b'),
            once: lettered(419, 6, 'a'),
            speaks_of_two: !control,
        }
    }

    /// 615.1a–d of 2009-07-11 and 2009-09-04.
    fn of_615(on: Date) -> Order {
        Order {
            date: on,
            first: vec![
                (Category::SelfReplacement, lettered(615, 1, 'a')),
                (Category::Control, lettered(615, 1, 'b')),
            ],
            any: lettered(615, 1, 'c'),
            repeat: lettered(615, 1, 'd'),
            contained: None,
            chooser: RuleNumber::subrule(615, 1),
            becomes_applicable: RuleNumber::subrule(615, 2),
            once: RuleNumber::subrule(613, 5),
            speaks_of_two: false,
        }
    }

    /// 616.1 from 2009-10-01: copy from 2011-09-30, contained events from 2017-09-29,
    /// back face from 2022-02-18.
    fn of_616(on: Date) -> Order {
        let mut categories = vec![Category::SelfReplacement, Category::Control];
        if on >= date(2011, 9, 30) {
            categories.push(Category::Copy);
        }
        if on >= date(2022, 2, 18) {
            categories.push(Category::BackFace);
        }
        let letter = |i: usize| lettered(616, 1, (b'a' + i as u8) as char);
        let n = categories.len();
        let first = categories
            .into_iter()
            .enumerate()
            .map(|(i, c)| (c, letter(i)))
            .collect();
        Order {
            date: on,
            first,
            any: letter(n),
            repeat: letter(n + 1),
            contained: (on >= date(2017, 9, 29)).then(|| letter(n + 2)),
            chooser: RuleNumber::subrule(616, 1),
            becomes_applicable: RuleNumber::subrule(616, 2),
            once: RuleNumber::subrule(614, 5),
            speaks_of_two: false,
        }
    }

    /// `rule` as this revision numbers it.
    pub fn cite(&self, rule: RuleNumber) -> Cite {
        Cite {
            rule,
            numbering: self.date,
            otherwise: None,
            otherwise_older: None,
        }
    }

    /// The step of 616.1 that decided a choice, from the rules a step cited and the number
    /// of effects that could be chosen at it (`None` when there was no choice): the step
    /// of a category that must come first, or the one that lets any applicable effect be
    /// chosen. Where one paragraph says who chooses and how (419.9a before 2009-07-11), it
    /// is that paragraph when two or more could be chosen.
    pub fn deciding(&self, cites: &[Cite], choosable: usize) -> Option<Cite> {
        let a_step = |r: RuleNumber| r == self.any || self.first.iter().any(|(_, f)| *f == r);
        cites
            .iter()
            .find(|c| c.rule != self.chooser && a_step(c.rule))
            .copied()
            .or_else(|| (choosable >= 2 && a_step(self.chooser)).then(|| self.cite(self.chooser)))
    }

    /// The step of this revision that `category` falls under: the rule that makes it come
    /// first, or `None` for an "any" effect (a category the revision doesn't name included).
    pub fn step_of(&self, category: Category) -> Option<(usize, RuleNumber)> {
        self.first
            .iter()
            .position(|(c, _)| *c == category)
            .map(|i| (i, self.first[i].1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(o: &Order) -> Vec<String> {
        let mut v: Vec<String> = o.first.iter().map(|(_, r)| r.to_string()).collect();
        v.push(o.any.to_string());
        v.push(o.repeat.to_string());
        v.extend(o.contained.map(|r| r.to_string()));
        v
    }

    #[test]
    fn each_revision_cites_its_own_letters() {
        let today = Order::of(date(2026, 4, 17));
        assert_eq!(
            letters(&today),
            ["616.1a", "616.1b", "616.1c", "616.1d", "616.1e", "616.1f", "616.1g"]
        );
        let o = Order::of(date(2017, 9, 29));
        assert_eq!(
            letters(&o),
            ["616.1a", "616.1b", "616.1c", "616.1d", "616.1e", "616.1f"]
        );
        let o = Order::of(date(2011, 9, 30));
        assert_eq!(
            letters(&o),
            ["616.1a", "616.1b", "616.1c", "616.1d", "616.1e"]
        );
        let o = Order::of(date(2011, 7, 15));
        assert_eq!(letters(&o), ["616.1a", "616.1b", "616.1c", "616.1d"]);
        let o = Order::of(date(2009, 9, 4));
        assert_eq!(letters(&o), ["615.1a", "615.1b", "615.1c", "615.1d"]);
        assert_eq!(o.once.to_string(), "613.5");
        let o = Order::of(date(2008, 10, 1));
        assert_eq!(o.first.len(), 2);
        assert!(!o.speaks_of_two);
        let o = Order::of(date(2008, 2, 1));
        assert_eq!(o.first.len(), 1);
        assert!(o.speaks_of_two);
    }

    #[test]
    fn copy_is_an_any_effect_before_2011_09_30() {
        assert_eq!(Order::of(date(2011, 7, 15)).step_of(Category::Copy), None);
        let o = Order::of(date(2011, 9, 30));
        assert_eq!(
            o.step_of(Category::Copy).map(|(_, r)| r.to_string()),
            Some("616.1c".into())
        );
    }
}
