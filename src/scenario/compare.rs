//! One board under several revisions: what differs between the [`Report`]s of the same
//! scenario played under each (`arbiter check FILE --rules A --rules B`).
//!
//! [`compare`] is a pure function over the reports. It keeps a row only where the
//! revisions disagree — an action's legality, reason or cited rules; what an action did
//! (combat damage assignments included); a state-based action that happened under some
//! revisions and not others; a player's life or loss; a card's zone, controller,
//! characteristics, damage, counters or attachment; the scenario's outcome — and lists
//! every Expect item with its result under each revision, since those are the questions
//! the board was written to answer.
//!
//! What happened is compared, not the numbers of the rules cited for it: across the
//! rewrites of 2009 (chapter 4 became chapter 7, 418 became 613) the same rule has a number
//! the lineage can't always follow, so a changed number alone is not a difference. Each
//! row shown still gives every column its own revision's numbers.

use serde::Serialize;

use crate::model::{Date, RuleNumber};

use super::{BoardCard, Report};

/// A report and the date of the revision it was played under.
#[derive(Debug, Clone, Copy)]
pub struct Played<'a> {
    pub report: &'a Report,
    pub date: Date,
}

/// One thing that differs (or, for expectations, one question), with its value under each
/// revision, in the order given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// `outcome`, `action`, `state-based action`, `player`, `card` or `expect`.
    pub section: &'static str,
    /// What the row is about: `action 1: combat damage: …`, `gorger zone`, …
    pub what: String,
    pub values: Vec<String>,
    /// Whether the values differ (always true except for expectations).
    pub differs: bool,
}

/// What differs between the reports of one scenario.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub scenario: String,
    pub file: String,
    /// The revision of each column.
    pub revisions: Vec<String>,
    /// Only what differs.
    pub differences: Vec<Row>,
    /// Every Expect item, with its result under each revision.
    pub expectations: Vec<Row>,
}

/// `text` without the rules it cites at its end (`… (510.1c)`, `… (510.1, 510.2)`): a
/// rule renumbered or rewritten between revisions is not by itself a difference in what
/// happened.
fn without_cites(text: &str) -> &str {
    let Some(open) = text.strip_suffix(')').and_then(|t| t.rfind('(')) else {
        return text;
    };
    let inside = &text[open + 1..text.len() - 1];
    let all_numbers = !inside.is_empty()
        && inside
            .split(',')
            .all(|n| n.trim().parse::<RuleNumber>().is_ok());
    if all_numbers {
        text[..open].trim_end()
    } else {
        text
    }
}

fn with_cites(text: &str, cites: &[String]) -> String {
    if cites.is_empty() {
        text.to_string()
    } else {
        format!("{text} ({})", cites.join(", "))
    }
}

/// Pushes a row when the keys differ; `shown` is what each column prints.
fn push_if_differs(
    rows: &mut Vec<Row>,
    section: &'static str,
    what: String,
    keys: &[impl PartialEq],
    shown: Vec<String>,
) {
    if keys.windows(2).any(|w| w[0] != w[1]) {
        rows.push(Row {
            section,
            what,
            values: shown,
            differs: true,
        });
    }
}

/// What differs between `played` (the same scenario under each revision).
pub fn compare<'a>(played: &[Played<'a>]) -> Comparison {
    let first = played.first().map(|p| p.report);
    let mut rows = Vec::new();

    // A refusal: the checker doesn't play what one revision needs. (Passed or failed is
    // what the Expect items say, listed after the differences.)
    let outcome = |r: &Report| match &r.refused {
        Some(refusal) => format!("refused: {}", refusal.reason),
        None => "played".to_string(),
    };
    let keys: Vec<String> = played.iter().map(|p| outcome(p.report)).collect();
    push_if_differs(&mut rows, "outcome", "refused".into(), &keys, keys.clone());

    // Each action: legality, reason and cited rules; then what it did.
    let most_actions = played
        .iter()
        .map(|p| p.report.actions.len())
        .max()
        .unwrap_or(0);
    for i in 0..most_actions {
        let action = |p: &Played<'a>| p.report.actions.get(i);
        let title = played
            .iter()
            .find_map(&action)
            .map_or_else(String::new, |a| format!("action {}: {}", a.n, a.text));
        let keys: Vec<Option<(bool, &str)>> = played
            .iter()
            .map(|p| action(p).map(|a| (a.legal, without_cites(&a.reason))))
            .collect();
        let shown = played
            .iter()
            .map(|p| match action(p) {
                Some(a) if a.legal => with_cites(&format!("legal: {}", a.reason), &a.cites),
                // An illegal action's reason ends with the rules it cites.
                Some(a) => format!("illegal: {}", a.reason),
                None => "not played".to_string(),
            })
            .collect();
        push_if_differs(&mut rows, "action", title.clone(), &keys, shown);
        let keys: Vec<Vec<&str>> = played
            .iter()
            .map(|p| {
                action(p).map_or_else(Vec::new, |a| {
                    a.events.iter().map(|e| without_cites(&e.event)).collect()
                })
            })
            .collect();
        let shown = played
            .iter()
            .map(|p| {
                let events: Vec<String> = action(p).map_or_else(Vec::new, |a| {
                    a.events
                        .iter()
                        .map(|e| with_cites(&e.event, &e.cites))
                        .collect()
                });
                if events.is_empty() {
                    "nothing".to_string()
                } else {
                    events.join("; ")
                }
            })
            .collect();
        push_if_differs(
            &mut rows,
            "action",
            format!("{title} — what happened"),
            &keys,
            shown,
        );
    }

    // State-based actions: each event that happened under some revisions and not all.
    let mut events: Vec<String> = Vec::new();
    for p in played {
        for s in &p.report.state_based_actions {
            if !events.contains(&s.event) {
                events.push(s.event.clone());
            }
        }
    }
    for event in events {
        let found = |p: &Played<'a>| {
            p.report
                .state_based_actions
                .iter()
                .find(|s| s.event == event)
        };
        let keys: Vec<bool> = played.iter().map(|p| found(p).is_some()).collect();
        let shown = played
            .iter()
            .map(|p| match found(p) {
                Some(s) => with_cites(&format!("yes, {}", s.after), &s.cites),
                None => "no".to_string(),
            })
            .collect();
        push_if_differs(
            &mut rows,
            "state-based action",
            format!("state-based action: {event}"),
            &keys,
            shown,
        );
    }

    // Players: life and loss.
    if let Some(first) = first {
        for player in &first.board.players {
            let find = |p: &Played<'a>| {
                p.report
                    .board
                    .players
                    .iter()
                    .find(|q| q.name == player.name)
            };
            let keys: Vec<Option<(i32, bool)>> = played
                .iter()
                .map(|p| find(p).map(|q| (q.life, q.lost)))
                .collect();
            let shown = played
                .iter()
                .map(|p| match find(p) {
                    Some(q) if q.lost => format!("{} life, lost", q.life),
                    Some(q) => format!("{} life", q.life),
                    None => "—".to_string(),
                })
                .collect();
            push_if_differs(&mut rows, "player", player.name.clone(), &keys, shown);
        }
    }

    // Cards: where each is, and what it is.
    let mut labels: Vec<String> = Vec::new();
    for p in played {
        for c in &p.report.board.cards {
            if !labels.contains(&c.label) {
                labels.push(c.label.clone());
            }
        }
    }
    type Field = (&'static str, fn(&BoardCard) -> String);
    let fields: [Field; 8] = [
        ("zone", |c| match &c.controller {
            Some(who) if c.zone == "battlefield" => format!("battlefield, {who}'s"),
            _ => c.zone.clone(),
        }),
        ("power/toughness", |c| {
            c.power_toughness.clone().unwrap_or_else(|| "—".into())
        }),
        ("damage", |c| c.damage.to_string()),
        ("type", |c| c.type_line.clone()),
        ("colors", |c| {
            if c.colors.is_empty() {
                "colorless".into()
            } else {
                c.colors.join(", ")
            }
        }),
        ("abilities", |c| {
            if c.abilities.is_empty() {
                "none".into()
            } else {
                c.abilities.join(", ")
            }
        }),
        ("counters", |c| {
            if c.counters.is_empty() {
                "none".into()
            } else {
                c.counters.join(", ")
            }
        }),
        ("attached to", |c| {
            c.attached_to.clone().unwrap_or_else(|| "nothing".into())
        }),
    ];
    for label in &labels {
        let card = |p: &Played<'a>| p.report.board.cards.iter().find(|c| &c.label == label);
        // A card in another zone differs in all else as a consequence (its counters,
        // damage and attachments are gone): the zone alone is the difference.
        let mut zone_differs = false;
        for (name, get) in &fields {
            if zone_differs {
                break;
            }
            let values: Vec<String> = played
                .iter()
                .map(|p| card(p).map_or_else(|| "—".to_string(), get))
                .collect();
            zone_differs = *name == "zone" && values.windows(2).any(|w| w[0] != w[1]);
            push_if_differs(
                &mut rows,
                "card",
                format!("{label} {name}"),
                &values,
                values.clone(),
            );
        }
        if zone_differs {
            continue;
        }
        let tapped: Vec<Option<bool>> = played.iter().map(|p| card(p).map(|c| c.tapped)).collect();
        let shown = tapped
            .iter()
            .map(|t| match t {
                Some(true) => "tapped".to_string(),
                Some(false) => "untapped".to_string(),
                None => "—".to_string(),
            })
            .collect();
        push_if_differs(&mut rows, "card", format!("{label} tapped"), &tapped, shown);
    }

    // Every Expect item, under each.
    let most = played
        .iter()
        .map(|p| p.report.expectations.len())
        .max()
        .unwrap_or(0);
    let expectations = (0..most)
        .map(|i| {
            let item = |p: &Played<'a>| p.report.expectations.get(i);
            let what = played
                .iter()
                .find_map(&item)
                .map_or_else(String::new, |e| e.text.clone());
            let keys: Vec<Option<bool>> =
                played.iter().map(|p| item(p).map(|e| e.passed)).collect();
            let values = played
                .iter()
                .map(|p| match item(p) {
                    Some(e) if e.passed => "holds".to_string(),
                    Some(e) => format!("FAILS: {}", e.detail),
                    None => "—".to_string(),
                })
                .collect();
            Row {
                section: "expect",
                what,
                values,
                differs: keys.windows(2).any(|w| w[0] != w[1]),
            }
        })
        .collect();

    Comparison {
        scenario: first.map_or_else(String::new, |r| r.scenario.clone()),
        file: first.map_or_else(String::new, |r| r.file.clone()),
        revisions: played.iter().map(|p| p.report.revision.clone()).collect(),
        differences: rows,
        expectations,
    }
}
