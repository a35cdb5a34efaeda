//! The sentence for a replaced event: the effects applied in order, who chose, the
//! deciding step of 616.1, the default when it was used, and every other legal order
//! whose result differs.

use super::super::engine::replace::modify::{Outcome, Replaced};
use super::super::engine::{CardId, Game};
use super::super::play::{
    Amount, ChoiceReport, OrdersReport, OutOfTurnReport, ReplacedReport, ReplacedStep,
};
use super::zone_name;
use crate::scenario::{cited_in, Cite, RevisionNumbers};

/// `ballista enters with 6 +1/+1 counters: Alice applied …`.
pub fn words(g: &Game, r: &Replaced) -> String {
    let l = |c: CardId| g.label(c).to_string();
    let numbers = RevisionNumbers { to: g.rules.date };
    let rule = |c: &crate::scenario::Cite| {
        cited_in(c, &numbers).map_or_else(String::new, |n| format!(" ({n})"))
    };
    let mut s = format!("{} {}", l(r.affected), outcome(g, &r.result));
    let steps: Vec<String> = r
        .applied
        .iter()
        .map(|a| {
            let step = a.step.as_ref().map(rule).unwrap_or_default();
            if a.source == r.affected {
                format!("{}'s `{}`{step}", l(a.source), a.text)
            } else {
                format!("{}{step}", l(a.source))
            }
        })
        .collect();
    let who = g.player_name(r.chooser);
    s.push_str(&format!(
        " instead: {who} applied {}",
        steps.join(", then ")
    ));
    if r.by_default {
        s.push_str(&format!("; warning: {}", default_warning(who)));
    }
    for (c, cite) in &r.out_of_turn {
        s.push_str(&format!(
            "; {who} named {} out of turn: another had to come first{}",
            l(*c),
            rule(cite)
        ));
    }
    if r.repeated_past_two {
        s.push_str(&format!("; {REPEATED}"));
    }
    if let Some(note) = r.read_as {
        s.push_str(&format!("; {note}"));
    }
    if !r.others.is_empty() {
        let others: Vec<String> = by_result(&r.others)
            .into_iter()
            .map(|(result, orders)| {
                let names: Vec<String> = orders[0].iter().map(|c| l(*c)).collect();
                let more = match orders.len() - 1 {
                    0 => String::new(),
                    1 => " (and 1 other order)".to_string(),
                    n => format!(" (and {n} other orders)"),
                };
                format!("{}{more}: {}", names.join(", "), outcome(g, result))
            })
            .collect();
        s.push_str(&format!("; other legal orders: {}", others.join("; ")));
    }
    s
}

/// The warning when a choice whose orders differ was left to the default.
pub(super) fn default_warning(who: &str) -> String {
    format!("{who} named no order, so the default (earliest timestamp first) was used")
}

/// The remark when 419.9a of 2005-08-01 … 2008-02-01 met three effects or more.
const REPEATED: &str =
    "419.9a speaks of two effects: the choice was repeated, as 419.9a of 2008-10-01 says";

/// The other legal orders grouped by their result, each result once in the order first
/// met: with six effects (720 orders) the report names one order per result and counts the
/// rest, so that it stays readable (`--json` lists every order of each group).
pub(super) fn by_result<N, R: PartialEq>(others: &[(Vec<N>, R)]) -> Vec<(&R, Vec<&Vec<N>>)> {
    let mut groups: Vec<(&R, Vec<&Vec<N>>)> = Vec::new();
    for (order, result) in others {
        match groups.iter_mut().find(|(o, _)| *o == result) {
            Some((_, orders)) => orders.push(order),
            None => groups.push((result, vec![order])),
        }
    }
    groups
}

/// The `--json` account of a replaced event (the shape damage shares, see
/// [`super::prevention::report`]).
pub(super) fn report(g: &Game, r: &Replaced) -> ReplacedReport {
    let l = |c: &CardId| g.label(*c).to_string();
    let numbers = RevisionNumbers { to: g.rules.date };
    let rule = |c: &Cite| cited_in(c, &numbers).map(|n| n.to_string());
    let who = g.player_name(r.chooser).to_string();
    let number = |o: &Outcome| match o {
        Outcome::Counters(_, n) => Some(*n),
        _ => None,
    };
    let applied = r
        .applied
        .iter()
        .map(|a| ReplacedStep {
            effect: l(&a.source),
            text: a.text.clone(),
            rules: rule(&a.rule).into_iter().collect(),
            after: outcome(g, &a.after),
            amount: number(&a.after),
            choice: (!a.among.is_empty() || a.step.is_some()).then(|| ChoiceReport {
                by: who.clone(),
                among: if a.among.is_empty() {
                    vec![l(&a.source)]
                } else {
                    a.among.iter().map(l).collect()
                },
                rule: a.step.as_ref().and_then(rule),
                by_default: a.by_default,
            }),
        })
        .collect();
    let mut notes = Vec::new();
    if r.repeated_past_two {
        notes.push(REPEATED.to_string());
    }
    notes.extend(r.read_as.map(str::to_string));
    ReplacedReport {
        kind: match r.result {
            Outcome::Entered { .. } => "entering",
            Outcome::Zone(_) => "destination",
            Outcome::Counters(..) => "counters",
        },
        affected: l(&r.affected),
        source: None,
        proposed: outcome(g, &r.proposed),
        chooser: who.clone(),
        applied,
        result: outcome(g, &r.result),
        amount: number(&r.proposed)
            .zip(number(&r.result))
            .map(|(proposed, result)| Amount { proposed, result }),
        by_default: r.by_default,
        warning: r.by_default.then(|| default_warning(&who)),
        out_of_turn: r
            .out_of_turn
            .iter()
            .map(|(c, cite)| OutOfTurnReport {
                effect: l(c),
                rule: rule(cite),
            })
            .collect(),
        notes,
        other_orders: by_result(&r.others)
            .into_iter()
            .map(|(result, orders)| OrdersReport {
                result: outcome(g, result),
                amount: number(result),
                orders: orders
                    .into_iter()
                    .map(|o| o.iter().map(l).collect())
                    .collect(),
            })
            .collect(),
    }
}

fn outcome(g: &Game, o: &Outcome) -> String {
    match o {
        Outcome::Entered {
            tapped,
            counters,
            copy_of,
        } => {
            let mut parts = vec![if *tapped { "enters tapped" } else { "enters" }.to_string()];
            if let Some(x) = copy_of {
                parts.push(format!("as a copy of {}", g.label(*x)));
            }
            for (k, n) in counters {
                parts.push(format!(
                    "with {n} {} counter{}",
                    k.name(),
                    if *n == 1 { "" } else { "s" }
                ));
            }
            parts.join(" ")
        }
        Outcome::Zone(z) => format!("goes to {}", zone_name(g, *z)),
        Outcome::Counters(k, n) => format!(
            "gets {n} {} counter{}",
            k.name(),
            if *n == 1 { "" } else { "s" }
        ),
    }
}
