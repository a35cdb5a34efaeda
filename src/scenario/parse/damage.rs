//! `M deals N damage to X` and `M deals damage equal to VALUE to X` as statements of
//! Actions (scenario-format.md, "Actions"): X is a label, `player NAME`, `each opponent`,
//! `each player` or a set (`each creature [CONTROL]`, any SUBJECT), all dealt at once.

use super::statics::Written;
use super::*;
use crate::scenario::engine::triggered::{Amount, ObjectRef};
use crate::scenario::engine::Recipients;

const FORM: &str = "expected `M deals N damage to X` or `M deals damage equal to VALUE to X` (X: a label, `player NAME`, `each opponent`, `each player` or a set such as `each creature`; VALUE: `LABEL's power`, `LABEL's toughness`, `LABEL's mana value` or `the number of C counters on LABEL`)";

impl Reader<'_> {
    /// A VALUE of Actions (`LABEL's power`, `the number of C counters on LABEL`): it names
    /// its object by label, since `it` and `this` mean nothing outside an ability. `form`
    /// is the statement's expected form, for the error.
    fn action_value(&self, line: usize, v: &str, form: &str) -> R<Amount> {
        let Some(amount) = self.value(line, v)? else {
            return self.err(line, format!("{form}, found `{v}`"));
        };
        match amount {
            Amount::Power(o) | Amount::Toughness(o) | Amount::ManaValue(o) | Amount::Counters(_, o)
                if !matches!(o, ObjectRef::Label(_)) =>
            {
                self.err(line, format!("`{v}` has no meaning in `## Actions`: name the object by its label (`LABEL's power`, `the number of C counters on LABEL`)"))
            }
            _ => Ok(amount),
        }
    }

    /// What follows `P gains life equal to ` or `P loses life equal to `.
    pub(super) fn life_value(&self, line: usize, v: &str) -> R<Amount> {
        self.action_value(line, v, "expected `P gains|loses life equal to VALUE` (VALUE: `LABEL's power`, `LABEL's toughness`, `LABEL's mana value` or `the number of C counters on LABEL`)")
    }

    /// What follows `M deals `.
    pub(super) fn deal_damage(&self, line: usize, source: CardId, r: &str) -> R<Statement> {
        let (amount, x) = if let Some(r) = r.strip_prefix("damage equal to ") {
            let Some((v, x)) = r.split_once(" to ") else {
                return self.err(line, format!("{FORM}, found `deals {r}`"));
            };
            (self.action_value(line, v, FORM)?, x)
        } else {
            let Some((n, x)) = r.split_once(" damage to ") else {
                return self.err(line, format!("{FORM}, found `deals {r}`"));
            };
            let Some(n) = number::<i32>(n).filter(|v| *v >= 0) else {
                return self.err(line, format!("expected a number of damage, found `{n}`"));
            };
            (Amount::Fixed(n), x)
        };
        let x = x.trim();
        let to = if let Some(&c) = self.labels.get(x) {
            Recipients::Card(c)
        } else if let Some(p) = x.strip_prefix("player ") {
            Recipients::Player(self.player(line, p)?)
        } else if x == "each opponent" {
            Recipients::EachOpponent
        } else if x == "each player" {
            Recipients::EachPlayer
        } else {
            let words: Vec<&str> = x.split_whitespace().collect();
            let (Some(first), second) = (words.first(), words.get(1).copied()) else {
                return self.err(line, format!("{FORM}, found `deals {r}`"));
            };
            if !self.is_set_subject(first, second) {
                // One word was meant as a label: its error suggests the label it is one
                // slip from.
                if words.len() == 1 {
                    self.label(line, first)?;
                }
                return self.err(line, format!("{FORM}, found `{x}` after `damage to`"));
            }
            Recipients::Set(self.subject(line, &words, Written::Action)?)
        };
        Ok(Statement::DealDamage { source, amount, to })
    }
}
