//! How much of a question a rule says: the share of the question's rarity found in the
//! rule, which scales its score (see [`coverage`]).

use crate::model::RuleNumber;

/// How strongly the share of the question a rule says scales its score (see [`coverage`]).
const COVERAGE_POWER: f32 = 1.0;

/// A term of the question with its IDF, and the terms that say it: itself, or all of the
/// rules' words for it (`etb`: `enters the battlefield`).
pub(super) struct Weighed {
    pub idf: f32,
    pub alternatives: Vec<Vec<String>>,
    /// Words that say it in part, each set with how much (a glossary definition's words
    /// for its term: `trample` is "how a creature assigns combat damage").
    pub partial: Vec<(Vec<String>, f32)>,
}

/// How much of the question a rule says, as a factor of its score: the share of the
/// question's rarity (the IDF of its terms) found in the rule's title, the titles above
/// it and its text (`says` tells how much of a term a rule says: 1 in its words, less
/// in its examples only), raised to [`COVERAGE_POWER`]. BM25 adds up the words a rule matches,
/// so a short rule that says one common word of a long question often beats the long
/// rule that says all of its rare ones; this keeps the rule that answers the whole
/// question ahead. 1 for a question of one word.
pub(super) fn coverage(weighed: &[Weighed], says: impl Fn(&str) -> f32) -> f32 {
    let total: f32 = weighed.iter().map(|w| w.idf).sum();
    if weighed.len() < 2 || total <= 0.0 {
        return 1.0;
    }
    let found: f32 = weighed
        .iter()
        .map(|w| {
            let share = w
                .alternatives
                .iter()
                .map(|a| a.iter().map(|t| says(t)).sum::<f32>() / a.len().max(1) as f32)
                .chain(w.partial.iter().map(|(a, scale)| {
                    scale * a.iter().map(|t| says(t)).sum::<f32>() / a.len().max(1) as f32
                }))
                .fold(0.0, f32::max);
            w.idf * share
        })
        .sum();
    (found / total).powf(COVERAGE_POWER)
}

/// The terms of the question a rule is credited with (see `Plan::credited`).
pub(super) fn credit(credited: &[(String, Vec<String>)], number: &RuleNumber) -> Vec<String> {
    let short = number.short();
    credited
        .iter()
        .filter(|(n, _)| *n == short)
        .flat_map(|(_, terms)| terms.iter().cloned())
        .collect()
}
