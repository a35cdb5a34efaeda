//! Pairing, renumbering, word diffs and lineage across revisions: pure functions over the
//! model.
//!
//! [`pair`] compares two revisions rule by rule. Rules are paired by content, not by
//! number alone (see [`matching`](self)): a rule with the same number and text is
//! unchanged (counted, not listed); the same rule with changed text is modified; the same
//! rule under another number is renumbered; the rest is added or removed. Modified text
//! comes with a word diff. Glossary entries are paired by term, then by definition. When
//! one side is a fragment, only what both cover is compared, and [`Coverage`] says so.
//! [`lineage`] chains the pairings of consecutive revisions into each rule's history.

pub mod lineage;
mod matching;
pub mod text;
pub mod words;

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::model::{Revision, RuleNumber, Section};

pub use words::{Op, Segment};

/// What part of the two revisions to compare.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Scope {
    /// Everything both cover.
    #[default]
    All,
    /// One section (1–9), in both revisions.
    Section(u8),
    /// One rule and everything below it, on either side: `--rule 309` of 2011 follows
    /// planes to 311 of 2026.
    Rule(RuleNumber),
}

/// How to compare.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Fold template changes that changed no rule ("his or her" → "their"…).
    pub ignore_wording: bool,
    pub scope: Scope,
}

/// What happened to a rule between the two revisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Added,
    Removed,
    Modified,
    Renumbered,
}

/// One rule that changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Change {
    pub kind: Kind,
    /// Its number in the older revision (`None` when added).
    pub from: Option<RuleNumber>,
    /// Its number in the newer revision (`None` when removed).
    pub to: Option<RuleNumber>,
    /// How alike the two texts are, 0..1 (1 for the same words; 0 when added or removed).
    pub similarity: f32,
    /// The word diff of its text and examples; the whole text when added or removed.
    pub diff: Vec<Segment>,
    /// The text changed only in template wording (quotes, "his or her", "in play"…): what
    /// `--ignore-wording` folds.
    pub wording_only: bool,
}

impl Change {
    /// The number to sort and group by: the newer one, else the older.
    pub fn number(&self) -> Option<RuleNumber> {
        self.to.or(self.from)
    }
}

/// What happened to a glossary entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GlossaryKind {
    Added,
    Removed,
    Modified,
    /// The same definition under another term ("Tribal" → "Kindred").
    Renamed,
}

/// One glossary entry that changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GlossaryChange {
    pub kind: GlossaryKind,
    pub from: Option<String>,
    pub to: Option<String>,
    pub similarity: f32,
    pub diff: Vec<Segment>,
}

/// What was compared: everything, or only what a fragment covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coverage {
    /// True when one side is a fragment and only part of the rules was compared.
    pub partial: bool,
    /// The sections compared (empty when everything was).
    pub sections: Vec<u8>,
    /// Why only part was compared, for people.
    pub note: Option<String>,
}

/// Counts of what happened.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub unchanged: usize,
    pub modified: usize,
    pub renumbered: usize,
    pub added: usize,
    pub removed: usize,
    /// Changes `--ignore-wording` folded into "unchanged" (or out of a renumbering's diff).
    pub folded: usize,
    /// Of the modified and renumbered rules, those whose text changed only in template
    /// wording (what `--ignore-wording` would fold).
    pub wording_only: usize,
    pub glossary: GlossarySummary,
    pub coverage: Option<Coverage>,
}

/// Counts for the glossary.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GlossarySummary {
    pub unchanged: usize,
    pub modified: usize,
    pub renamed: usize,
    pub added: usize,
    pub removed: usize,
    pub folded: usize,
}

/// Everything that changed from one revision to another.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Changes {
    pub from: String,
    pub to: String,
    /// Rule changes in the newer revision's order (removed rules where they stood).
    pub changes: Vec<Change>,
    pub glossary: Vec<GlossaryChange>,
    pub summary: Summary,
    /// Section headings of both revisions (newer first), for grouping a report.
    #[serde(skip)]
    pub sections: Vec<Section>,
}

impl Changes {
    /// True when nothing compared differs.
    pub fn identical(&self) -> bool {
        self.changes.is_empty() && self.glossary.is_empty()
    }
}

/// Compares `a` (older) with `b` (newer).
pub fn pair(a: &Revision, b: &Revision, options: &Options) -> Changes {
    pair_with(a, b, options, &[])
}

/// Like [`pair`], taking `known` pairings (older number, newer number) as given, as a
/// stored lineage provides them; the rest is matched by content.
pub fn pair_with(
    a: &Revision,
    b: &Revision,
    options: &Options,
    known: &[(RuleNumber, RuleNumber)],
) -> Changes {
    let coverage = coverage(a, b);
    let in_scope = |n: &RuleNumber| {
        let covered =
            coverage.sections.is_empty() || coverage.sections.contains(&n.section_number());
        let scoped = match options.scope {
            Scope::Section(s) => n.section_number() == s,
            Scope::All | Scope::Rule(_) => true,
        };
        covered && scoped && !n.is_section()
    };
    let a_texts: Vec<(RuleNumber, String)> = a
        .rules
        .iter()
        .filter(|(n, _)| in_scope(n))
        .map(|(n, r)| (*n, text::full_text(r)))
        .collect();
    let b_texts: Vec<(RuleNumber, String)> = b
        .rules
        .iter()
        .filter(|(n, _)| in_scope(n))
        .map(|(n, r)| (*n, text::full_text(r)))
        .collect();
    fn items(texts: &[(RuleNumber, String)]) -> Vec<matching::Item<'_>> {
        texts
            .iter()
            .map(|(n, t)| matching::Item {
                number: *n,
                text: t,
            })
            .collect()
    }
    let (a_items, b_items) = (items(&a_texts), items(&b_texts));
    let known_indices: Vec<(usize, usize)> = {
        let ai: HashMap<RuleNumber, usize> = a_texts
            .iter()
            .enumerate()
            .map(|(i, (n, _))| (*n, i))
            .collect();
        let bi: HashMap<RuleNumber, usize> = b_texts
            .iter()
            .enumerate()
            .map(|(i, (n, _))| (*n, i))
            .collect();
        known
            .iter()
            .filter_map(|(x, y)| Some((*ai.get(x)?, *bi.get(y)?)))
            .collect()
    };
    let pairing = matching::match_items(&a_items, &b_items, &known_indices);

    let wanted = |from: Option<RuleNumber>, to: Option<RuleNumber>| match options.scope {
        Scope::Rule(r) => {
            from.is_some_and(|n| n.is_within(&r)) || to.is_some_and(|n| n.is_within(&r))
        }
        _ => true,
    };
    let mut summary = Summary {
        coverage: coverage.partial.then(|| coverage.clone()),
        ..Summary::default()
    };
    let mut changes = Vec::new();
    let mut b_paired = vec![false; b_texts.len()];
    let mut similarities = Similarity::default();
    for (i, slot) in pairing.iter().enumerate() {
        let (na, ta) = (&a_texts[i].0, a_texts[i].1.as_str());
        let Some((j, _)) = *slot else {
            if wanted(Some(*na), None) {
                summary.removed += 1;
                changes.push(Change {
                    kind: Kind::Removed,
                    from: Some(*na),
                    to: None,
                    similarity: 0.0,
                    diff: words::whole(Op::Delete, ta),
                    wording_only: false,
                });
            }
            continue;
        };
        b_paired[j] = true;
        let (nb, tb) = (&b_texts[j].0, b_texts[j].1.as_str());
        if !wanted(Some(*na), Some(*nb)) {
            continue;
        }
        let same_text = ta == tb;
        let wording_only = !same_text && text::fold_wording(ta) == text::fold_wording(tb);
        let folded = wording_only && options.ignore_wording;
        if folded {
            summary.folded += 1;
        }
        if wording_only && !folded && na == nb {
            summary.wording_only += 1;
        }
        if na == nb && (same_text || folded) {
            summary.unchanged += 1;
            continue;
        }
        let kind = if na == nb {
            summary.modified += 1;
            Kind::Modified
        } else {
            summary.renumbered += 1;
            Kind::Renumbered
        };
        let (diff, similarity) = if same_text || folded {
            (words::whole(Op::Equal, tb), 1.0)
        } else {
            (words::word_diff(ta, tb), similarities.of_changed(ta, tb))
        };
        changes.push(Change {
            kind,
            from: Some(*na),
            to: Some(*nb),
            similarity,
            diff,
            wording_only,
        });
    }
    for (j, (nb, tb)) in b_texts.iter().enumerate() {
        if !b_paired[j] && wanted(None, Some(*nb)) {
            summary.added += 1;
            changes.push(Change {
                kind: Kind::Added,
                from: None,
                to: Some(*nb),
                similarity: 0.0,
                diff: words::whole(Op::Insert, tb),
                wording_only: false,
            });
        }
    }
    changes.sort_by_key(|c| (c.number(), c.from));

    let glossary = if a.complete && b.complete && options.scope == Scope::All {
        pair_glossary(a, b, options, &mut summary.glossary)
    } else {
        Vec::new()
    };
    let mut sections = b.sections.clone();
    for s in &a.sections {
        if !sections.iter().any(|x| x.number == s.number) {
            sections.push(s.clone());
        }
    }
    Changes {
        from: a.id.clone(),
        to: b.id.clone(),
        changes,
        glossary,
        summary,
        sections,
    }
}

/// [`text::text_similarity`] of many pairs over one vocabulary, without allocating for
/// each pair.
#[derive(Default)]
struct Similarity {
    vocabulary: text::Vocabulary,
    a: Vec<u32>,
    b: Vec<u32>,
}

impl Similarity {
    /// The similarity of two texts that differ, to three decimals and below 1 (a text
    /// with one quote changed is 0.999, never 1).
    fn of_changed(&mut self, a: &str, b: &str) -> f32 {
        self.vocabulary.sorted_ids_into(a, &mut self.a);
        self.vocabulary.sorted_ids_into(b, &mut self.b);
        rounded(text::dice(&self.a, &self.b))
    }
}

/// A similarity to three decimals and below 1.
fn rounded(similarity: f32) -> f32 {
    ((similarity * 1000.0).floor() / 1000.0).min(0.999)
}

/// What both revisions cover: everything when both are complete, else the sections the
/// fragment (or both fragments) hold.
fn coverage(a: &Revision, b: &Revision) -> Coverage {
    if a.complete && b.complete {
        return Coverage {
            partial: false,
            sections: Vec::new(),
            note: None,
        };
    }
    let (sa, sb) = (a.section_numbers(), b.section_numbers());
    let sections: Vec<u8> = match (a.complete, b.complete) {
        (false, false) => sa.iter().copied().filter(|s| sb.contains(s)).collect(),
        (false, true) => sa,
        _ => sb,
    };
    let fragments: Vec<&str> = [a, b]
        .iter()
        .filter(|r| !r.complete)
        .map(|r| r.id.as_str())
        .collect();
    let list = sections
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let what = if fragments.len() == 1 {
        format!("{} is a fragment", fragments.join(""))
    } else {
        format!("{} are fragments", fragments.join(" and "))
    };
    let note = if sections.is_empty() {
        format!("{what} and the two cover no section in common: nothing was compared")
    } else if sections.len() == 1 {
        format!("{what}: only section {list} was compared")
    } else {
        format!("{what}: only sections {list} were compared")
    };
    Coverage {
        partial: true,
        sections: if sections.is_empty() {
            vec![0]
        } else {
            sections
        },
        note: Some(note),
    }
}

/// Glossary entries: the same term (up to case and wording), then the same definition
/// under another term.
fn pair_glossary(
    a: &Revision,
    b: &Revision,
    options: &Options,
    summary: &mut GlossarySummary,
) -> Vec<GlossaryChange> {
    let key = |t: &str| text::fold_wording(t);
    let a_texts: Vec<String> = a.glossary.iter().map(text::glossary_text).collect();
    let b_texts: Vec<String> = b.glossary.iter().map(text::glossary_text).collect();
    let mut b_by_term: HashMap<String, usize> = HashMap::new();
    for (j, e) in b.glossary.iter().enumerate() {
        b_by_term.entry(key(&e.term)).or_insert(j);
    }
    let mut a_to_b: Vec<Option<usize>> = vec![None; a.glossary.len()];
    let mut b_taken = vec![false; b.glossary.len()];
    for (i, e) in a.glossary.iter().enumerate() {
        if let Some(&j) = b_by_term.get(&key(&e.term)) {
            if !b_taken[j] {
                a_to_b[i] = Some(j);
                b_taken[j] = true;
            }
        }
    }
    // Renamed: the best definition match above 0.6 among what is left. Each definition's
    // words become ids once; a pair whose sizes alone keep it below 0.6 is not measured.
    let mut vocabulary = text::Vocabulary::default();
    let a_ids: Vec<Vec<u32>> = (0..a.glossary.len())
        .map(|i| {
            if a_to_b[i].is_none() {
                vocabulary.sorted_ids(&a_texts[i])
            } else {
                Vec::new()
            }
        })
        .collect();
    let b_ids: Vec<Vec<u32>> = (0..b.glossary.len())
        .map(|j| {
            if b_taken[j] {
                Vec::new()
            } else {
                vocabulary.sorted_ids(&b_texts[j])
            }
        })
        .collect();
    for i in 0..a.glossary.len() {
        if a_to_b[i].is_some() {
            continue;
        }
        let best = (0..b.glossary.len())
            .filter(|&j| !b_taken[j])
            .filter(|&j| text::dice_bound(a_ids[i].len(), b_ids[j].len()) >= 0.6)
            .map(|j| (text::dice(&a_ids[i], &b_ids[j]), j))
            .filter(|(s, _)| *s >= 0.6)
            .max_by(|x, y| x.0.total_cmp(&y.0).then(y.1.cmp(&x.1)));
        if let Some((_, j)) = best {
            a_to_b[i] = Some(j);
            b_taken[j] = true;
        }
    }
    let mut out = Vec::new();
    let mut similarities = Similarity::default();
    for (i, slot) in a_to_b.iter().enumerate() {
        let (ea, ta) = (&a.glossary[i], &a_texts[i]);
        let Some(j) = *slot else {
            summary.removed += 1;
            out.push(GlossaryChange {
                kind: GlossaryKind::Removed,
                from: Some(ea.term.clone()),
                to: None,
                similarity: 0.0,
                diff: words::whole(Op::Delete, ta),
            });
            continue;
        };
        let (eb, tb) = (&b.glossary[j], &b_texts[j]);
        let same_term = ea.term == eb.term;
        let same_text = ta == tb;
        let folded_term = !same_term && options.ignore_wording && key(&ea.term) == key(&eb.term);
        let folded_text = !same_text && options.ignore_wording && key(ta) == key(tb);
        if folded_term || folded_text {
            summary.folded += 1;
        }
        if (same_term || folded_term) && (same_text || folded_text) {
            summary.unchanged += 1;
            continue;
        }
        let kind = if same_term || folded_term {
            summary.modified += 1;
            GlossaryKind::Modified
        } else {
            summary.renamed += 1;
            GlossaryKind::Renamed
        };
        out.push(GlossaryChange {
            kind,
            from: Some(ea.term.clone()),
            to: Some(eb.term.clone()),
            similarity: similarities.of_changed(ta, tb),
            diff: words::word_diff(ta, tb),
        });
    }
    for (j, e) in b.glossary.iter().enumerate() {
        if !b_taken[j] {
            summary.added += 1;
            out.push(GlossaryChange {
                kind: GlossaryKind::Added,
                from: None,
                to: Some(e.term.clone()),
                similarity: 0.0,
                diff: words::whole(Op::Insert, &b_texts[j]),
            });
        }
    }
    out.sort_by(|x, y| {
        let k = |c: &GlossaryChange| {
            c.to.clone()
                .or(c.from.clone())
                .unwrap_or_default()
                .to_lowercase()
        };
        k(x).cmp(&k(y))
    });
    out
}

#[cfg(test)]
pub(crate) mod tests;
