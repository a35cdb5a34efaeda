//! The form of `table.txt`, written by [`write`] and read by [`Table::parse`].
//!
//! One line per revision, oldest first: its date, then how its numbering differs from
//! the revision before (the first line lists every rule). A rule the line does not name
//! keeps its number. Tokens, separated by spaces:
//!
//! | token | meaning |
//! |---|---|
//! | `+N` | rule `N` is new in this revision |
//! | `-A` | rule `A` of the revision before is gone |
//! | `A>B` | rule `A` of the revision before is numbered `B` now |
//! | `-A*k`, `A>B*k` | the same for `k` consecutive rules of the revision before, from `A` on, each renumbered by the shift that takes `A` to `B` (so many rules move at once when one is inserted) |
//!
//! Lines starting with `#` are comments.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use crate::diff::lineage::{ChainId, Lineage};
use crate::model::{Date, RuleNumber, SUBRULE_LETTERS};

/// Why the table does not read: the line and what was wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("citation table, line {line}: {message}")]
pub struct BadTable {
    pub line: usize,
    pub message: String,
}

/// A rule number standing for one chain (one rule followed through the revisions) from
/// revision `from` up to, not including, revision `until` (positions in `revisions`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    number: RuleNumber,
    from: u16,
    until: u16,
    chain: u32,
}

/// The citation table, read.
#[derive(Debug, Clone, Default)]
pub struct Table {
    revisions: Vec<Date>,
    /// Every span, by number, then by revision.
    spans: Vec<Span>,
    /// Positions in `spans`, by chain, then by revision.
    by_chain: Vec<u32>,
}

impl Table {
    /// Reads the form [`write`] writes.
    pub fn parse(text: &str) -> Result<Table, BadTable> {
        let mut table = Table::default();
        // Each rule of the revision being read: its chain, and where its span started.
        let mut current: BTreeMap<RuleNumber, (u32, u16)> = BTreeMap::new();
        let mut chains = 0u32;
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let bad = |message: String| BadTable {
                line: line_no,
                message,
            };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut tokens = line.split_ascii_whitespace();
            let date: Date = tokens.next().unwrap_or_default().parse().map_err(bad)?;
            if table.revisions.last().is_some_and(|&last| last >= date) {
                return Err(bad(format!("{date} is not after the revision before")));
            }
            let k = u16::try_from(table.revisions.len())
                .map_err(|_| bad("too many revisions".to_string()))?;
            let mut gone: Vec<RuleNumber> = Vec::new();
            let mut moved: Vec<(RuleNumber, RuleNumber)> = Vec::new();
            let mut added: Vec<RuleNumber> = Vec::new();
            for token in tokens {
                let (head, count) = match token.split_once('*') {
                    Some((h, c)) => (h, c.parse::<usize>().ok().filter(|&c| c > 0)),
                    None => (token, Some(1)),
                };
                let count = count.ok_or_else(|| bad(format!("`{token}`: bad count")))?;
                let number = |s: &str| {
                    s.parse::<RuleNumber>()
                        .map_err(|e| bad(format!("`{token}`: {e}")))
                };
                let run = |first: RuleNumber| -> Result<Vec<RuleNumber>, BadTable> {
                    let run: Vec<RuleNumber> = current
                        .range(first..)
                        .take(count)
                        .map(|(n, _)| *n)
                        .collect();
                    if run.first() != Some(&first) {
                        return Err(bad(format!(
                            "`{token}`: the revision before has no rule {first}"
                        )));
                    }
                    if run.len() != count {
                        return Err(bad(format!(
                            "`{token}`: the revision before has fewer than {count} rules from {first}"
                        )));
                    }
                    Ok(run)
                };
                if let Some(n) = head.strip_prefix('+') {
                    if count != 1 {
                        return Err(bad(format!("`{token}`: an addition has no count")));
                    }
                    added.push(number(n)?);
                } else if let Some(a) = head.strip_prefix('-') {
                    gone.extend(run(number(a)?)?);
                } else if let Some((a, b)) = head.split_once('>') {
                    let (a, b) = (number(a)?, number(b)?);
                    let shift = Shift::between(a, b);
                    for source in run(a)? {
                        let target = match shift {
                            _ if source == a => Some(b),
                            Some(s) => s.apply(source),
                            None => None,
                        };
                        let target = target.ok_or_else(|| {
                            bad(format!("`{token}`: {source} cannot be shifted as {a} is"))
                        })?;
                        moved.push((source, target));
                    }
                } else {
                    return Err(bad(format!("`{token}` is not `+N`, `-N` or `A>B`")));
                }
            }
            let mut continued: Vec<(RuleNumber, u32)> = Vec::new();
            for (source, target) in gone
                .iter()
                .map(|&g| (g, None))
                .chain(moved.iter().map(|&(s, t)| (s, Some(t))))
            {
                let (chain, from) = current
                    .remove(&source)
                    .ok_or_else(|| bad(format!("{source} is named twice")))?;
                table.spans.push(Span {
                    number: source,
                    from,
                    until: k,
                    chain,
                });
                if let Some(target) = target {
                    continued.push((target, chain));
                }
            }
            for (number, chain) in continued.into_iter().chain(added.into_iter().map(|n| {
                chains += 1;
                (n, chains - 1)
            })) {
                if current.insert(number, (chain, k)).is_some() {
                    return Err(bad(format!("{number} is given to two rules")));
                }
            }
            table.revisions.push(date);
        }
        let end = table.revisions.len() as u16;
        table
            .spans
            .extend(current.into_iter().map(|(number, (chain, from))| Span {
                number,
                from,
                until: end,
                chain,
            }));
        table.spans.sort_unstable_by_key(|s| (s.number, s.from));
        let mut by_chain: Vec<u32> = (0..table.spans.len() as u32).collect();
        by_chain.sort_unstable_by_key(|&i| {
            let s = &table.spans[i as usize];
            (s.chain, s.from)
        });
        table.by_chain = by_chain;
        Ok(table)
    }

    /// The dates of the revisions covered, oldest first.
    pub fn revisions(&self) -> &[Date] {
        &self.revisions
    }

    /// The revision in force on `date`: the newest dated on or before it.
    pub fn in_force(&self, date: Date) -> Option<Date> {
        self.position(date).map(|p| self.revisions[p])
    }

    fn position(&self, date: Date) -> Option<usize> {
        self.revisions
            .partition_point(|&d| d <= date)
            .checked_sub(1)
    }

    /// See [`super::translate`].
    pub fn translate(&self, number: RuleNumber, from: Date, to: Date) -> Option<RuleNumber> {
        let (p, q) = (self.position(from)?, self.position(to)?);
        let covers = |s: &Span, at: usize| usize::from(s.from) <= at && at < usize::from(s.until);
        let start = self.spans.partition_point(|s| s.number < number);
        let chain = self.spans[start..]
            .iter()
            .take_while(|s| s.number == number)
            .find(|s| covers(s, p))?
            .chain;
        let start = self
            .by_chain
            .partition_point(|&i| self.spans[i as usize].chain < chain);
        self.by_chain[start..]
            .iter()
            .map(|&i| &self.spans[i as usize])
            .take_while(|s| s.chain == chain)
            .find(|s| covers(s, q))
            .map(|s| s.number)
    }

    /// Whether revision `date` (the one in force then) has a rule `number`.
    pub fn has(&self, number: RuleNumber, date: Date) -> bool {
        self.translate(number, date, date).is_some()
    }

    /// The newest revision dated on or before `date` that has a rule `number`.
    pub fn last_with(&self, number: RuleNumber, date: Date) -> Option<Date> {
        let p = self.position(date)?;
        let start = self.spans.partition_point(|s| s.number < number);
        self.spans[start..]
            .iter()
            .take_while(|s| s.number == number)
            .filter(|s| usize::from(s.from) <= p)
            .map(|s| (usize::from(s.until) - 1).min(p))
            .max()
            .map(|i| self.revisions[i])
    }

    /// Up to `k` numbers of revision `date` on each side of `number`, nearest first.
    pub fn neighbours(&self, number: RuleNumber, date: Date, k: usize) -> Vec<RuleNumber> {
        let Some(p) = self.position(date) else {
            return Vec::new();
        };
        let alive = |s: &&Span| usize::from(s.from) <= p && p < usize::from(s.until);
        let at = self.spans.partition_point(|s| s.number < number);
        let before = self.spans[..at].iter().rev().filter(alive).take(k);
        let after = self.spans[at..].iter().filter(alive).take(k);
        let mut out: Vec<RuleNumber> = before.map(|s| s.number).collect();
        out.reverse();
        out.extend(after.map(|s| s.number));
        out
    }
}

/// How a run of rules is renumbered at once: the change of each part of the number
/// (the letter counted in [`SUBRULE_LETTERS`], which skip `l` and `o`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shift {
    rule: i32,
    sub: i32,
    letter: i32,
}

fn letter_index(n: RuleNumber) -> Option<Option<i32>> {
    n.letter()
        .map(|l| SUBRULE_LETTERS.iter().position(|&c| char::from(c) == l))
        .map(|p| p.map(|p| p as i32))
        .map_or(Some(None), |p| p.map(Some))
}

impl Shift {
    /// The shift that takes `a` to `b`, when both are numbers of the same depth.
    fn between(a: RuleNumber, b: RuleNumber) -> Option<Shift> {
        if a.depth() != b.depth() || a.is_section() || b.is_section() {
            return None;
        }
        let part =
            |x: Option<u16>, y: Option<u16>| i32::from(y.unwrap_or(0)) - i32::from(x.unwrap_or(0));
        let letter = match (letter_index(a)?, letter_index(b)?) {
            (Some(x), Some(y)) => y - x,
            _ => 0,
        };
        Some(Shift {
            rule: part(a.rule_part(), b.rule_part()),
            sub: part(a.sub_part(), b.sub_part()),
            letter,
        })
    }

    /// `n` shifted: each part it has moves by the shift's change of that part.
    fn apply(self, n: RuleNumber) -> Option<RuleNumber> {
        let moved = |x: u16, by: i32| u16::try_from(i32::from(x) + by).ok();
        let rule = moved(n.rule_part()?, self.rule).filter(|r| (100..1000).contains(r))?;
        let Some(sub) = n.sub_part() else {
            return Some(RuleNumber::rule(rule));
        };
        let sub = moved(sub, self.sub)?;
        match letter_index(n)? {
            None => Some(RuleNumber::subrule(rule, sub)),
            Some(x) => {
                let letter = SUBRULE_LETTERS.get(usize::try_from(x + self.letter).ok()?)?;
                Some(RuleNumber::lettered(rule, sub, char::from(*letter)))
            }
        }
    }
}

/// The table of a lineage, in the form [`Table::parse`] reads.
pub fn write(lineage: &Lineage) -> String {
    let mut out = String::from(HEADER);
    let mut before: Vec<(RuleNumber, ChainId)> = Vec::new();
    for (id, date) in lineage.dated_revisions() {
        let mut now: Vec<(RuleNumber, ChainId)> = lineage.rules_of(id).collect();
        now.sort_unstable();
        let number_now: HashMap<ChainId, RuleNumber> = now.iter().map(|&(n, c)| (c, n)).collect();
        let chains_before: HashMap<ChainId, RuleNumber> =
            before.iter().map(|&(n, c)| (c, n)).collect();
        let _ = write!(out, "{date}");
        // What became of each rule of the revision before, in its order.
        let fate: Vec<(RuleNumber, Option<RuleNumber>)> = before
            .iter()
            .map(|(n, c)| (*n, number_now.get(c).copied()))
            .collect();
        let mut i = 0;
        while i < fate.len() {
            let (a, to) = fate[i];
            let same = |j: usize| -> bool {
                let (source, target) = fate[j];
                match (to, target) {
                    (None, None) => true,
                    (Some(b), Some(t)) => {
                        Shift::between(a, b).and_then(|s| s.apply(source)) == Some(t)
                    }
                    _ => false,
                }
            };
            if to == Some(a) {
                i += 1;
                continue;
            }
            let run = (i + 1..fate.len()).take_while(|&j| same(j)).count() + 1;
            let count = if run > 1 {
                format!("*{run}")
            } else {
                String::new()
            };
            match to {
                None => {
                    let _ = write!(out, " -{}{count}", a.short());
                }
                Some(b) => {
                    let _ = write!(out, " {}>{}{count}", a.short(), b.short());
                }
            }
            i += run;
        }
        for (n, c) in &now {
            if !chains_before.contains_key(c) {
                let _ = write!(out, " +{}", n.short());
            }
        }
        out.push('\n');
        before = now;
    }
    out
}

const HEADER: &str = "\
# arbiter's citation table: the rule lineage of every complete revision of the corpus.
# Generated, do not edit: cargo run --release --example gen-citations -- ../shared/corpus > src/citations/table.txt
# One revision a line, oldest first: its date, then how its numbering differs from the
# revision before (a rule not named keeps its number): +N new, -A gone, A>B renumbered;
# -A*k and A>B*k do the same to k consecutive rules from A on, each shifted as A is.
";
