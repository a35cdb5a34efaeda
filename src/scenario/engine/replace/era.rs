//! The rules of 614 a replaced event cites, each in its revision's own numbering
//! (scenario-format.md, "Revisions", replacement rows; read in the corpus).

use super::super::cite::Cite;
use super::modify::own;
use crate::model::Date;

const fn date(year: u16, month: u8, day: u8) -> Date {
    Date { year, month, day }
}

/// Before 2009-07-11 (419), in 2009-07-11 and 2009-09-04 (613), and after (614).
fn by_chapter(on: Date, old: &str, interim: &str, now: &str) -> Cite {
    let rule = if on < date(2009, 7, 11) {
        old
    } else if on < date(2009, 10, 1) {
        interim
    } else {
        now
    };
    own(on, rule)
}

/// "Instead" (614.1a).
pub fn instead(on: Date) -> Cite {
    by_chapter(on, "419.1a", "613.1a", "614.1a")
}

/// "Enters with" (614.1c).
pub fn enters_with(on: Date) -> Cite {
    by_chapter(on, "419.1b", "613.1c", "614.1c")
}

/// "[Objects] enter" (614.1d).
pub fn enters(on: Date) -> Cite {
    by_chapter(on, "419.1c", "613.1d", "614.1d")
}

/// The rule by which `effect` modifies an event: "enters with" (614.1c), "[objects]
/// enter" (614.1d), any other "instead" (614.1a).
pub fn of_effect(on: Date, effect: &super::ability::Replacement) -> Cite {
    use super::ability::Replacement;
    match effect {
        Replacement::EntersWith { .. } => enters_with(on),
        Replacement::EntersTapped(_) | Replacement::EntersAsCopy(_) => enters(on),
        Replacement::Counters { .. }
        | Replacement::Graveyard { .. }
        | Replacement::Dies { .. }
        | Replacement::Damage(_) => instead(on),
    }
}

/// The effect must exist before the event (614.4).
pub fn exists_before(on: Date) -> Cite {
    by_chapter(on, "419.4", "613.4", "614.4")
}

/// A replaced event never happens (614.6).
pub fn never_happens(on: Date) -> Cite {
    by_chapter(on, "419.5", "613.6", "614.6")
}

/// The entering look-ahead (614.12); none before 2007-05-01, where the checker reads
/// 419.6i of 2008-02-01 and says so.
pub fn look_ahead(on: Date) -> Option<Cite> {
    (on >= date(2007, 5, 1)).then(|| by_chapter(on, "419.6i", "613.12", "614.12"))
}

/// The rule that counts the counters a permanent enters with as put on it, and 614.16
/// from 2017-09-29.
pub fn counters_put(on: Date) -> Vec<Cite> {
    let rule = [
        (date(2008, 10, 1), None),
        (date(2009, 7, 11), Some("200.10c")),
        (date(2009, 9, 4), Some("120.4")),
        (date(2010, 7, 16), Some("120.5")),
        (date(2011, 7, 15), Some("121.5")),
        (date(2019, 10, 4), Some("121.6")),
    ]
    .iter()
    .find(|(until, _)| on < *until)
    .map_or(Some("122.6"), |(_, r)| *r);
    let mut out: Vec<Cite> = rule.map(|r| own(on, r)).into_iter().collect();
    if on >= date(2017, 9, 29) {
        out.push(own(on, "614.16"));
    }
    out
}

/// A replaced event triggers nothing: 410.7 before 2009-07-11, then 603.2f, 603.2g (from
/// 2020-11-20), 603.2h (from 2021-11-19), 603.2g again (from 2025-11-14).
pub fn triggers_nothing(on: Date) -> Cite {
    let rule = [
        (date(2009, 7, 11), "410.7"),
        (date(2020, 11, 20), "603.2f"),
        (date(2021, 11, 19), "603.2g"),
        (date(2025, 11, 14), "603.2h"),
    ]
    .iter()
    .find(|(until, _)| on < *until)
    .map_or("603.2g", |(_, r)| *r);
    own(on, rule)
}
