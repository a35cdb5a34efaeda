//! The report of `arbiter check` for people: the title and prose, each action with
//! LEGAL or ILLEGAL and its reason, each round of state-based actions, the final board,
//! each expectation, and with `--explain` the text of every cited rule. Written so a
//! judge can paste it into an appeal: every line fits in [`WIDTH`] columns, a long one
//! broken between words and hanging under its own text ([`fit`]), so that a replaced
//! event with its other legal orders reads as one indented paragraph.

use std::fmt::Write as _;

use colored::Colorize;

use crate::model::RuleNumber;
use crate::scenario::Report;

use super::Style;

fn cites(cs: &[String]) -> String {
    if cs.is_empty() {
        String::new()
    } else {
        format!(" ({})", cs.join(", "))
    }
}

/// The columns the report fits in, whatever the terminal: what an appeal, an e-mail or
/// an 80-column terminal shows.
pub const WIDTH: usize = 80;

/// The report as text, fitted to [`WIDTH`]. `rules` holds each cited rule's text for
/// `--explain`.
pub fn text(
    report: &Report,
    explain: bool,
    rules: &[(RuleNumber, String)],
    style: Style,
) -> String {
    fit(&unfitted(report, explain, rules, style))
}

/// Every line of `report` broken at [`WIDTH`] between words ([`crate::output::wrap::fill`]:
/// never inside a rule number, nor inside a quoted card name that fits on a line), its
/// continuation lines hanging under its text so that the report's structure shows: past
/// the marker that heads it (`·` of an event, `-` of a state-based action or of a step of
/// a modified damage event, `1.` of an action, `LEGAL`, `ILLEGAL`, `REFUSED`, `warning:`,
/// a rule number before its text under `--explain`), two columns further in after `PASS` and `FAIL` (whose
/// detail line comes next, at their text's column), and two columns in from the indent of
/// any other line (a card of the board, a detail, a paragraph).
pub fn fit(report: &str) -> String {
    let mut out = String::with_capacity(report.len() + report.len() / 16);
    for (i, line) in report.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&crate::output::wrap::fill(line, WIDTH, hang(line)));
    }
    out
}

/// The column a long line's continuation lines start at (see [`fit`]).
fn hang(line: &str) -> usize {
    let plain = crate::output::wrap::strip_escapes(line);
    let lead = plain.len() - plain.trim_start_matches(' ').len();
    let first = plain[lead..].split(' ').next().unwrap_or("");
    let past = lead + crate::output::wrap::visible_width(first) + 1;
    let numeric = first.starts_with(|c: char| c.is_ascii_digit())
        && first
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c.is_ascii_lowercase());
    // `1.` of an action; a rule number before its text (`704.5j If two…`), not a
    // paragraph of prose that begins with one (`419.9a of 2005-08-01 says…`).
    let next = plain[lead..].split(' ').nth(1).unwrap_or("");
    let numbered = numeric && (first.ends_with('.') || next.starts_with(char::is_uppercase));
    let hang = match first {
        "·" | "-" | "=" | "LEGAL" | "ILLEGAL" | "REFUSED" | "warning:" => past,
        "PASS" | "FAIL" => past + 2,
        _ if numbered => past,
        _ => lead + 2,
    };
    hang.min(WIDTH / 2)
}

fn unfitted(
    report: &Report,
    explain: bool,
    rules: &[(RuleNumber, String)],
    _style: Style,
) -> String {
    let mut o = String::new();
    let title = if report.scenario.is_empty() {
        report.file.as_str()
    } else {
        report.scenario.as_str()
    };
    let _ = writeln!(o, "{}", title.bold());
    let _ = writeln!(o, "  {} · rules of {}", report.file, report.revision);
    for p in &report.prose {
        let _ = writeln!(o, "  {p}");
    }
    for w in &report.warnings {
        let _ = writeln!(o, "  {} {w}", "warning:".yellow().bold());
    }
    if !report.timeline.is_empty() {
        let _ = writeln!(o, "\n{}", "Actions".bold());
    }
    let mut round = 0;
    let mut actions = report.actions.iter();
    // The report's sentences are in today's words; the revision's are said here.
    let said = |text: &str| {
        if report.in_play {
            crate::scenario::in_the_words_before_2009_07_11(text)
        } else {
            text.to_string()
        }
    };
    for t in &report.timeline {
        match t.kind {
            "action" => {
                let _ = writeln!(o, "  {}", t.text);
                if let Some(a) = actions.next() {
                    if a.legal {
                        let _ = writeln!(
                            o,
                            "     {} {}{}",
                            "LEGAL".green().bold(),
                            said(&a.reason),
                            cites(&a.cites)
                        );
                    } else {
                        let _ = writeln!(o, "     {} {}", "ILLEGAL".red().bold(), said(&a.reason));
                    }
                }
            }
            "state-based action" => {
                if t.round != Some(round) {
                    round = t.round.unwrap_or(0);
                    let when = match t.action {
                        None => " (the board as written, before action 1)".to_string(),
                        Some(_) => String::new(),
                    };
                    let rule = report
                        .state_based_rule
                        .as_ref()
                        .map(|r| format!(" ({r})"))
                        .unwrap_or_default();
                    let kind = if report.in_play {
                        "state-based effects"
                    } else {
                        "state-based actions"
                    };
                    let _ = writeln!(o, "     {kind}{rule}, round {round}{when}:");
                }
                let _ = writeln!(o, "       - {}{}", said(&t.text), cites(&t.cites));
            }
            _ => {
                let _ = writeln!(o, "     · {}{}", said(&t.text), cites(&t.cites));
            }
        }
    }
    let b = &report.board;
    let _ = writeln!(
        o,
        "\n{} {}'s turn, {} step; {} has priority",
        "Board:".bold(),
        b.turn,
        b.step,
        b.priority
    );
    for p in &b.players {
        let mut line = format!("  {}: life {}", p.name, p.life);
        if p.lost {
            line.push_str(", has lost the game");
        }
        if p.won {
            line.push_str(", has won the game");
        }
        if p.name == b.turn {
            let _ = write!(
                line,
                ", {} land{} played, {} more can be played",
                p.lands_played,
                if p.lands_played == 1 { "" } else { "s" },
                p.land_plays_left
            );
        }
        let _ = writeln!(o, "{line}");
    }
    if !b.stack.is_empty() {
        let _ = writeln!(o, "  stack (top first): {}", b.stack.join(", "));
    }
    let mut zone = String::new();
    for c in &b.cards {
        if c.zone != zone {
            zone = c.zone.clone();
            let shown = if report.in_play && zone == "battlefield" {
                "in play"
            } else {
                zone.as_str()
            };
            let _ = writeln!(o, "  {}:", capital(shown));
        }
        let name = if c.name == c.label {
            String::new()
        } else {
            format!(" \"{}\"", c.name)
        };
        let mut line = format!("    {}{}: {}", c.label, name, c.type_line);
        if let Some(pt) = &c.power_toughness {
            let _ = write!(line, " {pt}");
        }
        if let Some(ctl) = &c.controller {
            let _ = write!(line, "; controller {ctl}");
        }
        if c.controller.as_deref() != Some(c.owner.as_str()) && c.zone == "battlefield" {
            let _ = write!(line, "; owner {}", c.owner);
        }
        match c.colors.as_slice() {
            [] => {}
            [one] => {
                let _ = write!(line, "; color {one}");
            }
            many => {
                let _ = write!(line, "; colors {}", many.join(", "));
            }
        }
        if c.token {
            line.push_str("; token");
        }
        if c.tapped {
            line.push_str("; tapped");
        }
        if let Some(t) = &c.attached_to {
            let _ = write!(line, "; attached to {t}");
        }
        for a in &c.abilities {
            let _ = write!(line, "; {a}");
        }
        for k in &c.counters {
            let _ = write!(line, "; counters {k}");
        }
        if c.damage != 0 {
            let _ = write!(line, "; damage {}", c.damage);
        }
        let _ = writeln!(o, "{line}");
    }
    if !report.expectations.is_empty() {
        let _ = writeln!(o, "\n{}", "Expect".bold());
        for e in &report.expectations {
            let mark = if e.passed {
                "PASS".green().bold()
            } else {
                "FAIL".red().bold()
            };
            let _ = writeln!(o, "  {mark} {}", e.text);
            let _ = writeln!(o, "       {}", e.detail);
        }
    }
    if explain && !report.layers.is_empty() {
        let rule = report.layer_rule.as_deref().unwrap_or("613");
        let _ = writeln!(o, "\n{}", format!("Layers ({rule})").bold());
        for obj in &report.layers {
            let _ = writeln!(o, "  {}:", obj.label);
            for s in &obj.steps {
                let from = s
                    .source
                    .as_ref()
                    .map(|l| format!("{l}: "))
                    .unwrap_or_default();
                let mut line = format!(
                    "    layer {}, timestamp {}: {from}{}",
                    s.layer, s.timestamp, s.effect
                );
                if !s.waited_for.is_empty() {
                    let _ = write!(
                        line,
                        " (after {}, on which it depends)",
                        s.waited_for.join("; ")
                    );
                }
                if !s.ahead_of.is_empty() {
                    let _ = write!(
                        line,
                        " (before the older {}, which depends on it)",
                        s.ahead_of.join("; ")
                    );
                }
                let _ = writeln!(o, "{line} [{}]", s.cites.join(", "));
            }
        }
    }
    if explain && !rules.is_empty() {
        let _ = writeln!(o, "\n{} ({})", "Rules cited".bold(), report.revision);
        for (n, t) in rules {
            let _ = writeln!(o, "  {} {t}", n.short().bold());
        }
    }
    if let Some(r) = &report.refused {
        let at = r
            .statement
            .map(|n| format!(" at action {n}"))
            .unwrap_or_default();
        let _ = writeln!(
            o,
            "\n{}{at}: {} (no later statement is performed and no expectation is checked)",
            "REFUSED".yellow().bold(),
            r.reason
        );
        return o;
    }
    let held = report.expectations.iter().filter(|e| e.passed).count();
    let verdict = if report.passed {
        "PASSED".green().bold()
    } else {
        "FAILED".red().bold()
    };
    let _ = writeln!(
        o,
        "\n{verdict}: {held} of {} expectation{} hold",
        report.expectations.len(),
        if report.expectations.len() == 1 {
            ""
        } else {
            "s"
        }
    );
    o
}

fn capital(s: &str) -> String {
    crate::scenario::capitalize(s)
}

/// The last line with several files, exactly as the contract writes it: `N passed, N
/// failed` (the scenarios that ran). Files that could not be read are not counted here:
/// each is named on stderr, with their number, and the exit status is 2.
pub fn summary(passed: usize, failed: usize, refused: usize, _style: Style) -> String {
    if refused == 0 {
        format!("{passed} passed, {failed} failed\n")
    } else {
        format!("{passed} passed, {failed} failed, {refused} refused\n")
    }
}
