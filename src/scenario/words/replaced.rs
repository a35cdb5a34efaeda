//! The sentence for a replaced event: the effects applied in order, who chose, the
//! deciding step of 616.1, the default when it was used, and every other legal order
//! whose result differs.

use super::super::engine::replace::modify::{Outcome, Replaced};
use super::super::engine::{CardId, Game};
use super::zone_name;
use crate::scenario::{cited_in, RevisionNumbers};

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
        s.push_str(&format!(
            "; warning: {who} named no order, so the default (earliest timestamp first) was used"
        ));
    }
    for (c, cite) in &r.out_of_turn {
        s.push_str(&format!(
            "; {who} named {} out of turn: another had to come first{}",
            l(*c),
            rule(cite)
        ));
    }
    if r.repeated_past_two {
        s.push_str(
            "; 419.9a speaks of two effects: the choice was repeated, as 419.9a of 2008-10-01 says",
        );
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

/// The other legal orders grouped by their result, each result once in the order first
/// met: with six effects (720 orders) the report names one order per result and counts the
/// rest, so that it stays readable.
fn by_result(others: &[(Vec<CardId>, Outcome)]) -> Vec<(&Outcome, Vec<&Vec<CardId>>)> {
    let mut groups: Vec<(&Outcome, Vec<&Vec<CardId>>)> = Vec::new();
    for (order, result) in others {
        match groups.iter_mut().find(|(o, _)| *o == result) {
            Some((_, orders)) => orders.push(order),
            None => groups.push((result, vec![order])),
        }
    }
    groups
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
