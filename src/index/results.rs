//! What a search answers: hits grouped into families (a rule and its siblings under one
//! parent), so one family can't fill the page, and across revisions identical text once.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use super::search::Hit;
use crate::model::RuleNumber;

/// A family of hits: the best one and the other members found, best first.
#[derive(Debug, Clone)]
pub struct Family {
    pub best: Hit,
    pub others: Vec<Hit>,
    /// Every revision the best hit's identical text was found in, oldest first.
    pub revisions: Vec<String>,
}

/// What a search answers, best family first.
#[derive(Debug, Clone, Default)]
pub struct Answers {
    pub families: Vec<Family>,
    /// The query did not parse as query syntax and was searched word by word.
    pub lenient: bool,
    /// The words no revision searched knows, as typed, and the word each was read as.
    pub respelt: Vec<(String, String)>,
    /// The obsolete glossary terms the question names (in a revision searched where they
    /// are obsolete), each with its definition.
    pub obsolete: Vec<(String, String)>,
}

/// How many other members of a family are kept under its best hit.
pub const MAX_OTHERS: usize = 3;

/// The family a rule belongs to: a lettered subrule's parent (`704.5j` → `704.5`), else
/// the rule itself (`702.19`, its title rule and its subrules are one family).
pub fn family_of(number: &RuleNumber) -> RuleNumber {
    if number.depth() >= 3 {
        number.parent().unwrap_or(*number)
    } else {
        *number
    }
}

/// Groups hits of one revision (best first) into families, at most `limit`.
pub fn families(hits: Vec<Hit>, limit: usize) -> Vec<Family> {
    let ranked = hits
        .into_iter()
        .map(|hit| (vec![hit.revision.clone()], hit))
        .collect();
    group(ranked, limit)
}

/// [`families`], a sibling that scores about as well as its family's best shown on a
/// line of its own (see [`unfold_close_siblings`]): for a long question, whose answer
/// is as often a family's corner case as its first rule.
pub fn families_unfolded(hits: Vec<Hit>, limit: usize) -> Vec<Family> {
    let ranked = hits
        .into_iter()
        .map(|hit| (vec![hit.revision.clone()], hit))
        .collect();
    unfold_close_siblings(group(ranked, limit), limit)
}

/// Ranks the hits of every revision together by their scores (each revision's own BM25:
/// an old rule that answers beats an unrelated current one), shows identical text of the
/// same rule once with every revision it is in, and groups families, at most `limit`.
pub fn across_revisions(hits: Vec<Hit>, limit: usize) -> Vec<Family> {
    let mut merged: Vec<(Vec<String>, Hit)> = Vec::new();
    let mut by_text: HashMap<(RuleNumber, String), usize> = HashMap::new();
    for hit in hits {
        match by_text.entry((hit.number, hit.text.clone())) {
            Entry::Occupied(at) => {
                let (revisions, best) = &mut merged[*at.get()];
                revisions.push(hit.revision.clone());
                let score = best.score.max(hit.score);
                if hit.revision > best.revision {
                    *best = hit;
                }
                best.score = score;
            }
            Entry::Vacant(at) => {
                at.insert(merged.len());
                merged.push((vec![hit.revision.clone()], hit));
            }
        }
    }
    for (revisions, _) in &mut merged {
        revisions.sort();
    }
    merged.sort_by(|(ra, a), (rb, b)| {
        b.score
            .total_cmp(&a.score)
            .then_with(|| rb.len().cmp(&ra.len()))
            .then_with(|| b.revision.cmp(&a.revision))
            .then_with(|| a.number.cmp(&b.number))
    });
    group(merged, limit)
}

/// Whether a hit is a heading: a rule with a title and no text of its own (`702.9
/// Flying`, `603. Handling Triggered Abilities`).
fn is_heading(hit: &Hit) -> bool {
    hit.text.trim().is_empty()
}

/// A heading answers nothing by itself, yet its short title often outscores the rule
/// under it that answers: its place in the ranking goes to its best descendant found
/// (the most specific rule), which shows the heading's title. The heading follows in
/// its own family only when it is the descendant's family (`702.9` under `702.9b`);
/// a section heading with a descendant found is not listed again.
fn headings_give_way(ranked: Vec<(Vec<String>, Hit)>) -> Vec<(Vec<String>, Hit)> {
    let mut slots: Vec<Option<(Vec<String>, Hit)>> = ranked.into_iter().map(Some).collect();
    let mut out = Vec::with_capacity(slots.len());
    for i in 0..slots.len() {
        let Some(item) = slots[i].take() else {
            continue;
        };
        let heading = item.1.number;
        let below = is_heading(&item.1)
            .then(|| {
                (i + 1..slots.len()).find(|&j| {
                    slots[j].as_ref().is_some_and(|(_, h)| {
                        h.number != heading && h.number.is_within(&heading) && !is_heading(h)
                    })
                })
            })
            .flatten()
            .and_then(|j| slots[j].take());
        match below {
            Some(descendant) => {
                let same_family = family_of(&descendant.1.number) == family_of(&heading);
                out.push(descendant);
                if same_family {
                    out.push(item);
                }
            }
            None => out.push(item),
        }
    }
    out
}

/// Groups ranked hits (each with its revisions) by family, keeping the rank of each
/// family's best hit (a heading's rank going to its best descendant found).
fn group(ranked: Vec<(Vec<String>, Hit)>, limit: usize) -> Vec<Family> {
    let ranked = headings_give_way(ranked);
    let mut out: Vec<Family> = Vec::new();
    let mut index: HashMap<RuleNumber, usize> = HashMap::new();
    for (revisions, hit) in ranked {
        let key = family_of(&hit.number);
        match index.get(&key) {
            Some(&i) => {
                let family = &mut out[i];
                // Another revision's text of a rule already shown is not another member.
                let shown = family.best.number == hit.number
                    || family.others.iter().any(|o| o.number == hit.number);
                if !shown && family.others.len() < MAX_OTHERS {
                    family.others.push(hit);
                }
            }
            None => {
                if out.len() >= limit {
                    continue;
                }
                index.insert(key, out.len());
                out.push(Family {
                    best: hit,
                    others: Vec::new(),
                    revisions,
                });
            }
        }
    }
    for family in &mut out {
        earliest_of_equals(family);
    }
    out
}

/// A sibling that scores this share of its family's best or more is shown on a line of
/// its own (for a long question, see [`families_unfolded`]).
const UNFOLD: f32 = 0.6;
/// At most this many siblings of one family are shown on lines of their own.
const UNFOLDED: usize = 1;

/// Folding a family under its best hit hides a sibling that answers as well (`702.103d`
/// under `702.103b`, `509.1c` under `509.1b`): a sibling scoring [`UNFOLD`] of the
/// best or more follows it on a line of its own (at most [`UNFOLDED`] per family), so the
/// page still shows many families but not only the first of two close answers.
fn unfold_close_siblings(families: Vec<Family>, limit: usize) -> Vec<Family> {
    let mut out = Vec::with_capacity(families.len());
    for mut family in families {
        let bar = family.best.score * UNFOLD;
        let mut pulled = Vec::new();
        family.others.retain(|h| {
            let close = pulled.len() < UNFOLDED && h.score >= bar && !is_heading(h);
            if close {
                pulled.push(h.clone());
            }
            !close
        });
        let revisions = family.revisions.clone();
        out.push(family);
        out.extend(pulled.into_iter().map(|best| Family {
            best,
            others: Vec::new(),
            revisions: revisions.clone(),
        }));
    }
    out.truncate(limit);
    out
}

/// Members of a family whose scores are this close to the best one's are equals.
const EQUALS: f32 = 0.8;

/// Among a family's members that score about as well as its best, the earliest rule
/// answers first: a rule's first subrules say what it is and does, the later ones its
/// corner cases (`702.15b`, what lifelink does, before `702.15d`).
fn earliest_of_equals(family: &mut Family) {
    let bar = family.best.score * EQUALS;
    let earliest = family
        .others
        .iter()
        .enumerate()
        .filter(|(_, h)| h.score >= bar && !is_heading(h) && h.number < family.best.number)
        .min_by(|(_, a), (_, b)| a.number.cmp(&b.number))
        .map(|(i, _)| i);
    if let Some(i) = earliest {
        std::mem::swap(&mut family.best, &mut family.others[i]);
        family.others.sort_by(|a, b| b.score.total_cmp(&a.score));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Snippet;

    fn hit(revision: &str, number: &str, score: f32, text: &str) -> Hit {
        Hit {
            revision: revision.into(),
            number: number.parse().expect("number"),
            title: None,
            score,
            snippet: Snippet::default(),
            text: text.into(),
        }
    }

    fn numbers(families: &[Family]) -> Vec<String> {
        families.iter().map(|f| f.best.number.short()).collect()
    }

    #[test]
    fn one_family_cannot_fill_the_page() {
        let hits = vec![
            hit("r", "704.5j", 9.0, "a"),
            hit("r", "704.5k", 8.0, "b"),
            hit("r", "704.5m", 7.0, "c"),
            hit("r", "702.19b", 6.0, "d"),
            hit("r", "702.19", 4.5, "e"),
            hit("r", "400.7", 4.0, "f"),
        ];
        let f = families(hits, 2);
        assert_eq!(numbers(&f), ["704.5j", "702.19b"]);
        let others: Vec<String> = f[0].others.iter().map(|h| h.number.short()).collect();
        assert_eq!(others, ["704.5k", "704.5m"]);
        assert_eq!(f[1].others[0].number.short(), "702.19");
    }

    #[test]
    fn a_heading_gives_its_place_to_the_rule_under_it_that_answers() {
        let hits = vec![
            hit("r", "702.9", 9.0, ""),
            hit("r", "603", 8.0, ""),
            hit("r", "400.7", 7.0, "new object"),
            hit("r", "603.3b", 6.0, "APNAP order"),
            hit("r", "702.9b", 5.0, "blocked except by flying or reach"),
            hit("r", "114", 4.0, ""),
        ];
        let f = families(hits, 10);
        assert_eq!(numbers(&f), ["702.9b", "603.3b", "400.7", "114"]);
        // The heading follows in its family; the section heading is not listed again.
        assert_eq!(f[0].others[0].number.short(), "702.9");
        assert!(f[1].others.is_empty());
    }

    #[test]
    fn of_a_family_s_equals_the_earliest_rule_answers_first() {
        let hits = vec![
            hit("r", "702.15d", 10.0, "multiple instances"),
            hit("r", "702.15b", 9.0, "lifelink damage gains life"),
            hit("r", "702.15a", 5.0, "lifelink is a static ability"),
        ];
        let f = families(hits, 5);
        assert_eq!(numbers(&f), ["702.15b"]);
        let others: Vec<String> = f[0].others.iter().map(|h| h.number.short()).collect();
        assert_eq!(others, ["702.15d", "702.15a"]);
    }

    #[test]
    fn a_sibling_as_good_as_the_best_is_unfolded_for_a_long_question() {
        let hits = vec![
            hit("r", "702.103b", 10.0, "b"),
            hit("r", "702.103d", 7.0, "d"),
            hit("r", "702.103e", 3.0, "e"),
            hit("r", "509.1c", 6.0, "c"),
        ];
        assert_eq!(numbers(&families(hits.clone(), 5)), ["702.103b", "509.1c"]);
        let f = families_unfolded(hits.clone(), 5);
        assert_eq!(numbers(&f), ["702.103b", "702.103d", "509.1c"]);
        assert_eq!(f[0].others.len(), 1);
        // The limit counts the lines shown.
        assert_eq!(
            numbers(&families_unfolded(hits, 2)),
            ["702.103b", "702.103d"]
        );
    }

    #[test]
    fn across_revisions_real_scores_rank_and_identical_text_is_one() {
        let hits = vec![
            hit("2026-01-16", "704.5j", 3.0, "legend"),
            hit("2025-11-14", "704.5j", 3.5, "legend"),
            hit("2008-02-01", "300.3", 12.0, "mana burn"),
            hit("2026-01-16", "106.4", 2.0, "mana empties"),
        ];
        let f = across_revisions(hits, 10);
        assert_eq!(numbers(&f), ["300.3", "704.5j", "106.4"]);
        assert_eq!(f[1].revisions, ["2025-11-14", "2026-01-16"]);
        assert_eq!(f[1].best.revision, "2026-01-16");
        assert_eq!(f[1].best.score, 3.5);
    }
}
