//! Which rule of one revision is which rule of another, by content rather than number.
//!
//! The matcher works in stages, each only on what the earlier stages left unpaired:
//!
//! 1. pairs given by the caller (a stored lineage);
//! 2. the same number with the same text (or the same but for typography);
//! 3. the same text, up to wording and the numbers it cites, under any number (a rule that
//!    moved, such as 212.3 "Creatures" → 302 in 2009);
//! 4. the same opening sentence, when no other unpaired rule of either side opens with it:
//!    a rule split in two lives on in the part that keeps its first sentence (212.4e "An
//!    Aura spell requires a target…" of 2006-02-01), and a rule whose inline list became
//!    subrules is the rule that opens as it did (217.1c → 400.7 in 2009);
//! 5. similar text: candidates come from an inverted index of word pairs (so a rule is
//!    compared only with rules that share some of its phrasing, never with all 3000), are
//!    scored by word-multiset similarity (Dice) plus structural hints — the same number,
//!    parents already paired with each other, the same position under paired parents —
//!    and accepted greedily, best first, above a threshold. This stage runs in rounds, so a
//!    pairing of `309.` with `311.` lets `309.1` find `311.1` in the next.

use crate::model::{RuleNumber, SUBRULE_LETTERS};

use super::text;
use super::text::FastMap as HashMap;

/// A rule as the matcher sees it.
pub(crate) struct Item<'a> {
    pub number: RuleNumber,
    /// The text a person reads (title, text, examples).
    pub text: &'a str,
}

/// Similarity (Dice over folded words) a pairing needs on its own, without hints.
const CONFIDENT: f32 = 0.8;
/// Similarity that pairs two rules on its own when each is the other's best match.
const MUTUAL: f32 = 0.6;
/// The least similarity any pairing may have, hints included.
const FLOOR: f32 = 0.25;
/// What similarity plus hints must reach.
const THRESHOLD: f32 = 0.6;
const SAME_NUMBER: f32 = 0.1;
const PARENTS_PAIRED: f32 = 0.15;
const SAME_POSITION: f32 = 0.15;
/// Content candidates kept per rule.
const CANDIDATES: usize = 8;

/// Pairs `a` with `b`. Returns, for each item of `a`, the index in `b` it pairs with and
/// the similarity the matcher saw. `known` pairs (indices) are taken as given.
pub(crate) fn match_items(
    a: &[Item],
    b: &[Item],
    known: &[(usize, usize)],
) -> Vec<Option<(usize, f32)>> {
    let mut m = Matcher::new(a, b);
    for &(i, j) in known {
        if i < a.len() && j < b.len() && m.a_to_b[i].is_none() && !m.b_taken[j] {
            m.link(i, j, 1.0);
        }
    }
    // Same number, same text.
    for (i, item) in a.iter().enumerate() {
        if m.a_to_b[i].is_some() {
            continue;
        }
        if let Some(&j) = m.b_index.get(&item.number) {
            if !m.b_taken[j] && item.text == b[j].text {
                m.link(i, j, 1.0);
            }
        }
    }
    // Same number, same text but for typography (a change of quote style touches every
    // rule at once: this keeps such revisions cheap to pair).
    for (i, item) in a.iter().enumerate() {
        if m.a_to_b[i].is_some() {
            continue;
        }
        if let Some(&j) = m.b_index.get(&item.number) {
            if !m.b_taken[j] && text::typography_key(item.text) == text::typography_key(b[j].text) {
                m.link(i, j, 1.0);
            }
        }
    }
    m.prepare();
    m.exact_keys();
    m.same_opening();
    m.similar();
    m.parents_follow_children();
    m.a_to_b
}

struct Matcher<'s, 'a> {
    a: &'s [Item<'a>],
    b: &'s [Item<'a>],
    a_index: HashMap<RuleNumber, usize>,
    b_index: HashMap<RuleNumber, usize>,
    a_to_b: Vec<Option<(usize, f32)>>,
    b_taken: Vec<bool>,
    /// Match keys (folded, references masked) of unpaired items; empty for paired ones.
    a_keys: Vec<String>,
    b_keys: Vec<String>,
    /// Word ids in text order, and sorted (for Dice).
    a_words: Vec<Vec<u32>>,
    b_words: Vec<Vec<u32>>,
    a_sorted: Vec<Vec<u32>>,
    b_sorted: Vec<Vec<u32>>,
    /// Whether each item is a heading whose title other headings of its revision share
    /// (`General`, the first rule of many sections): such a title says nothing of where a
    /// rule went, so it pairs only where the numbers or the parents agree.
    a_common_title: Vec<bool>,
    b_common_title: Vec<bool>,
}

impl<'s, 'a> Matcher<'s, 'a> {
    fn new(a: &'s [Item<'a>], b: &'s [Item<'a>]) -> Self {
        let index = |items: &[Item]| {
            items
                .iter()
                .enumerate()
                .map(|(i, it)| (it.number, i))
                .collect::<HashMap<_, _>>()
        };
        Matcher {
            a,
            b,
            a_index: index(a),
            b_index: index(b),
            a_to_b: vec![None; a.len()],
            b_taken: vec![false; b.len()],
            a_keys: Vec::new(),
            b_keys: Vec::new(),
            a_words: Vec::new(),
            b_words: Vec::new(),
            a_sorted: Vec::new(),
            b_sorted: Vec::new(),
            a_common_title: common_titles(a),
            b_common_title: common_titles(b),
        }
    }

    /// Whether pairing `i` with `j` would rest on a shared common title alone (2003's
    /// 212.1 "General", under Type, is not 2009's 500 "General", under Turn Structure):
    /// a heading is not a rule's ancestor unless their numbers or parents agree.
    fn title_alone(&self, i: usize, j: usize) -> bool {
        (self.a_common_title[i] || self.b_common_title[j])
            && self.a[i].number != self.b[j].number
            && !self.parents_paired(i, j)
    }

    fn link(&mut self, i: usize, j: usize, similarity: f32) {
        self.a_to_b[i] = Some((j, similarity));
        self.b_taken[j] = true;
    }

    /// Keys and word ids for what is still unpaired (the costly part, skipped for rules
    /// that did not change).
    fn prepare(&mut self) {
        let mut vocabulary: HashMap<String, u32> = HashMap::default();
        let mut side = |items: &[Item], paired: &dyn Fn(usize) -> bool| {
            let mut keys = Vec::with_capacity(items.len());
            let mut seqs = Vec::with_capacity(items.len());
            let mut sorted = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                if paired(i) {
                    keys.push(String::new());
                    seqs.push(Vec::new());
                    sorted.push(Vec::new());
                    continue;
                }
                let key = text::match_key(item.text);
                let seq: Vec<u32> = key
                    .split(' ')
                    .filter(|w| !w.is_empty())
                    .map(|w| {
                        if let Some(&id) = vocabulary.get(w) {
                            return id;
                        }
                        let id = vocabulary.len() as u32;
                        vocabulary.insert(w.to_string(), id);
                        id
                    })
                    .collect();
                let mut s = seq.clone();
                s.sort_unstable();
                keys.push(key);
                seqs.push(seq);
                sorted.push(s);
            }
            (keys, seqs, sorted)
        };
        let a_paired = |i: usize| self.a_to_b[i].is_some();
        let (ak, aw, as_) = side(self.a, &a_paired);
        let b_paired = |j: usize| self.b_taken[j];
        let (bk, bw, bs) = side(self.b, &b_paired);
        self.a_keys = ak;
        self.a_words = aw;
        self.a_sorted = as_;
        self.b_keys = bk;
        self.b_words = bw;
        self.b_sorted = bs;
    }

    /// Whether `i`'s parent is paired with `j`'s parent.
    fn parents_paired(&self, i: usize, j: usize) -> bool {
        let (Some(pa), Some(pb)) = (self.a[i].number.parent(), self.b[j].number.parent()) else {
            return false;
        };
        if pa.is_section() && pb.is_section() {
            return pa == pb;
        }
        match (self.a_index.get(&pa), self.b_index.get(&pb)) {
            (Some(&x), Some(&y)) => self.a_to_b[x].is_some_and(|(p, _)| p == y),
            _ => false,
        }
    }

    /// Whether `i` and `j` are subrules of the same depth whose parents are not paired
    /// with each other while one of them is paired with some other rule: the two rules
    /// are said to be in different places. (A rule that changes depth is restructured,
    /// 101.5 becoming 101.5a under a new 101.5: its parents say nothing.)
    fn under_other_parents(&self, i: usize, j: usize) -> bool {
        let (Some(pa), Some(pb)) = (self.a[i].number.parent(), self.b[j].number.parent()) else {
            return false;
        };
        if self.a[i].number.depth() != self.b[j].number.depth()
            || pa.is_section()
            || pb.is_section()
            || self.parents_paired(i, j)
        {
            return false;
        }
        let a_placed = self
            .a_index
            .get(&pa)
            .is_some_and(|&x| self.a_to_b[x].is_some());
        let b_placed = self.b_index.get(&pb).is_some_and(|&y| self.b_taken[y]);
        a_placed || b_placed
    }

    /// Whether `i` and `j` are subrules of two keywords (subrules of a rule whose title
    /// begins "Keyword", such as 702. Keyword Abilities) of the same depth whose keywords
    /// are not paired with each other, one naming its own keyword where the other doesn't: one keyword's templated sentence is not another's
    /// ("Multiple instances of changeling on the same object are redundant", 702.72b of
    /// 2015-01-23, is not menace's "Multiple instances of menace on the same creature are
    /// redundant", 702.110c of 2015-09-26).
    fn names_another_keyword(&self, i: usize, j: usize) -> bool {
        fn keyword<'t>(
            items: &[Item<'t>],
            index: &HashMap<RuleNumber, usize>,
            n: RuleNumber,
        ) -> Option<&'t str> {
            let parent = n.parent().filter(|p| !p.is_section())?;
            let heading = items[*index.get(&parent.parent()?)?].text.trim_start();
            if !heading.starts_with("Keyword") {
                return None;
            }
            let name = items[*index.get(&parent)?].text.trim();
            (!name.is_empty() && name.split_whitespace().count() <= 3).then_some(name)
        }
        if self.a[i].number.depth() != self.b[j].number.depth() || self.parents_paired(i, j) {
            return false;
        }
        let (Some(ka), Some(kb)) = (
            keyword(self.a, &self.a_index, self.a[i].number),
            keyword(self.b, &self.b_index, self.b[j].number),
        ) else {
            return false;
        };
        if ka.eq_ignore_ascii_case(kb) {
            return false;
        }
        let (a_text, b_text) = (self.a[i].text, self.b[j].text);
        (names(a_text, ka) && !names(b_text, ka)) || (names(b_text, kb) && !names(a_text, kb))
    }

    /// The number `i` would have in `b` if it kept its position under its parent's partner
    /// (`309.1` under `309.` ↔ `311.` is `311.1`; `212.3a` under `212.3` ↔ `302.` is `302.1`).
    fn same_position(&self, i: usize) -> Option<usize> {
        let n = self.a[i].number;
        let parent = n.parent()?;
        let position = match n.depth() {
            1 => n.rule_part()? % 100,
            2 => n.sub_part()?,
            _ => {
                let letter = n.letter()? as u8;
                SUBRULE_LETTERS.iter().position(|&c| c == letter)? as u16 + 1
            }
        };
        let partner = if parent.is_section() {
            parent
        } else {
            let x = *self.a_index.get(&parent)?;
            self.b[self.a_to_b[x]?.0].number
        };
        let candidate = match partner.depth() {
            0 => RuleNumber::rule(partner.section_number() as u16 * 100 + position),
            1 => RuleNumber::subrule(partner.rule_part()?, position),
            2 => {
                let letter = *SUBRULE_LETTERS.get(usize::from(position).checked_sub(1)?)?;
                RuleNumber::lettered(partner.rule_part()?, partner.sub_part()?, letter as char)
            }
            _ => return None,
        };
        self.b_index.get(&candidate).copied()
    }

    /// Stage 3: the same text under another number.
    fn exact_keys(&mut self) {
        let a_keys = std::mem::take(&mut self.a_keys);
        let b_keys = std::mem::take(&mut self.b_keys);
        let mut by_key: HashMap<&str, Vec<usize>> = HashMap::default();
        for (j, key) in b_keys.iter().enumerate() {
            if !self.b_taken[j] {
                by_key.entry(key.as_str()).or_default().push(j);
            }
        }
        let mut a_count: HashMap<&str, usize> = HashMap::default();
        for (i, key) in a_keys.iter().enumerate() {
            if self.a_to_b[i].is_none() {
                *a_count.entry(key.as_str()).or_default() += 1;
            }
        }
        for (i, key) in a_keys.iter().enumerate() {
            if self.a_to_b[i].is_some() || key.is_empty() {
                continue;
            }
            let Some(candidates) = by_key.get(key.as_str()) else {
                continue;
            };
            let free: Vec<usize> = candidates
                .iter()
                .copied()
                .filter(|&j| !self.b_taken[j])
                .collect();
            let unique = free.len() == 1 && a_count.get(key.as_str()) == Some(&1);
            let long_enough = self.a_words[i].len() >= 3;
            if free.is_empty() || !(unique || long_enough) {
                continue;
            }
            let same_number = free
                .iter()
                .copied()
                .find(|&j| self.b[j].number == self.a[i].number);
            let same_parent = free.iter().copied().find(|&j| self.parents_paired(i, j));
            let j = same_number.or(same_parent).unwrap_or(free[0]);
            if self.title_alone(i, j) {
                continue;
            }
            self.link(i, j, 1.0);
        }
        self.a_keys = a_keys;
        self.b_keys = b_keys;
    }

    /// Stage 4: the same opening sentence, unique among the unpaired rules of both sides.
    fn same_opening(&mut self) {
        fn openings(items: &[Item], paired: impl Fn(usize) -> bool) -> HashMap<String, Vec<usize>> {
            let mut out: HashMap<String, Vec<usize>> = HashMap::default();
            for (i, item) in items.iter().enumerate() {
                if paired(i) {
                    continue;
                }
                if let Some(key) = opening_key(item.text) {
                    out.entry(key).or_default().push(i);
                }
            }
            out
        }
        let a_open = openings(self.a, |i| self.a_to_b[i].is_some());
        let b_open = openings(self.b, |j| self.b_taken[j]);
        let mut found: Vec<(usize, usize)> = a_open
            .iter()
            .filter_map(
                |(key, is)| match (is.as_slice(), b_open.get(key)?.as_slice()) {
                    ([i], [j]) => Some((*i, *j)),
                    _ => None,
                },
            )
            .collect();
        found.sort_unstable();
        for (i, j) in found {
            let sim = text::dice(&self.a_sorted[i], &self.b_sorted[j]);
            self.link(i, j, sim);
        }
    }

    /// Stage 5: similar text, with structural hints, in rounds.
    fn similar(&mut self) {
        let content = self.content_candidates();
        // Round 1: confident pairings on content alone: very similar, or similar and each
        // the other's best match (a rule rewritten in place loses to the rule its text
        // moved to: 303.4h of 2011 is 303.4j of 2026, not the new 303.4h).
        let mut best_for_b: HashMap<usize, f32> = HashMap::default();
        let mut best_for_a: Vec<f32> = vec![0.0; self.a.len()];
        for (i, cands) in content.iter().enumerate() {
            for &(j, sim) in cands {
                let b = best_for_b.entry(j).or_insert(0.0);
                *b = b.max(sim);
                best_for_a[i] = best_for_a[i].max(sim);
            }
        }
        // Rules before their subrules (a pairing is as deep as the deeper of its two
        // rules), so that a subrule knows where its parent went: one
        // that is merely the best match of a rule under another parent waits for the
        // later rounds, where its own parent's partner has its say (502.63a "Deathtouch
        // is a triggered ability" is 702.2a "Deathtouch is a static ability", not 502.49a
        // "Substance is a static ability with no effect").
        for depth in 1..=3 {
            let mut scored: Vec<(f32, usize, usize, f32)> = Vec::new();
            for (i, cands) in content.iter().enumerate() {
                if self.a_to_b[i].is_some() {
                    continue;
                }
                for &(j, sim) in cands {
                    let deepest = self.a[i].number.depth().max(self.b[j].number.depth());
                    if deepest.clamp(1, 3) != depth {
                        continue;
                    }
                    let mutual =
                        sim >= best_for_a[i] && best_for_b.get(&j).is_some_and(|&b| sim >= b);
                    let mutual = mutual && !self.under_other_parents(i, j);
                    if self.title_alone(i, j) || self.names_another_keyword(i, j) {
                        continue;
                    }
                    if sim >= CONFIDENT || (mutual && sim >= MUTUAL) {
                        let bonus = if self.b[j].number == self.a[i].number {
                            SAME_NUMBER
                        } else {
                            0.0
                        };
                        scored.push((sim + bonus, i, j, sim));
                    }
                }
            }
            self.accept(scored, MUTUAL);
        }
        // Later rounds: hints from what is paired so far.
        for _ in 0..6 {
            let mut scored = Vec::new();
            for (i, found) in content.iter().enumerate() {
                if self.a_to_b[i].is_some() {
                    continue;
                }
                let mut cands: Vec<usize> = found.iter().map(|&(j, _)| j).collect();
                if let Some(&j) = self.b_index.get(&self.a[i].number) {
                    cands.push(j);
                }
                let position = self.same_position(i);
                if let Some(j) = position {
                    cands.push(j);
                }
                cands.sort_unstable();
                cands.dedup();
                for j in cands {
                    if self.b_taken[j] {
                        continue;
                    }
                    let sim = text::dice(&self.a_sorted[i], &self.b_sorted[j]);
                    if sim < FLOOR
                        || (self.title_alone(i, j) && position != Some(j))
                        || self.names_another_keyword(i, j)
                    {
                        continue;
                    }
                    let mut score = sim;
                    if self.b[j].number == self.a[i].number {
                        score += SAME_NUMBER;
                    }
                    if self.parents_paired(i, j) {
                        score += PARENTS_PAIRED;
                    }
                    if position == Some(j) {
                        score += SAME_POSITION;
                    }
                    scored.push((score, i, j, sim));
                }
            }
            if self.accept(scored, THRESHOLD) == 0 {
                break;
            }
        }
    }

    /// Stage 6: a rule whose subrules went, for the most part, under one rule of `b` that
    /// is still unpaired is that rule, whatever its own text became ("308. Tribals" and
    /// "308. Kindreds").
    fn parents_follow_children(&mut self) {
        let mut votes: HashMap<(usize, usize), usize> = HashMap::default();
        let mut children: HashMap<usize, usize> = HashMap::default();
        for (k, item) in self.a.iter().enumerate() {
            let Some(parent) = item.number.parent().and_then(|p| self.a_index.get(&p)) else {
                continue;
            };
            if self.a_to_b[*parent].is_some() {
                continue;
            }
            *children.entry(*parent).or_default() += 1;
            let partner = self.a_to_b[k]
                .and_then(|(j, _)| self.b[j].number.parent())
                .and_then(|p| self.b_index.get(&p));
            if let Some(&q) = partner {
                if !self.b_taken[q] {
                    *votes.entry((*parent, q)).or_default() += 1;
                }
            }
        }
        let mut ranked: Vec<((usize, usize), usize)> = votes.into_iter().collect();
        ranked.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
        for ((i, j), count) in ranked {
            let total = children.get(&i).copied().unwrap_or(0);
            if count * 2 > total && self.a_to_b[i].is_none() && !self.b_taken[j] {
                let sim = text::dice(&self.a_sorted[i], &self.b_sorted[j]);
                self.link(i, j, sim);
            }
        }
    }

    /// Accepts scored pairings best first; returns how many it made.
    fn accept(&mut self, mut scored: Vec<(f32, usize, usize, f32)>, threshold: f32) -> usize {
        scored.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
        let mut made = 0;
        for (score, i, j, sim) in scored {
            if score < threshold {
                break;
            }
            if self.a_to_b[i].is_none() && !self.b_taken[j] {
                self.link(i, j, sim);
                made += 1;
            }
        }
        made
    }

    /// For each unpaired item of `a`, the unpaired items of `b` that share the most word
    /// pairs with it, with their similarity.
    fn content_candidates(&self) -> Vec<Vec<(usize, f32)>> {
        let shingles = |words: &[u32]| -> Vec<u64> {
            let mut s: Vec<u64> = if words.len() < 2 {
                words
                    .iter()
                    .map(|&w| (u64::from(w) << 32) | 0xFFFF_FFFF)
                    .collect()
            } else {
                words
                    .windows(2)
                    .map(|w| (u64::from(w[0]) << 32) | u64::from(w[1]))
                    .collect()
            };
            s.sort_unstable();
            s.dedup();
            s
        };
        let mut postings: HashMap<u64, Vec<u32>> = HashMap::default();
        for j in 0..self.b.len() {
            if self.b_taken[j] {
                continue;
            }
            for s in shingles(&self.b_words[j]) {
                postings.entry(s).or_default().push(j as u32);
            }
        }
        let free_b = self.b_taken.iter().filter(|t| !**t).count();
        let common = (free_b / 10).max(64);
        let mut counts = vec![0u32; self.b.len()];
        let mut touched: Vec<usize> = Vec::new();
        let mut out = vec![Vec::new(); self.a.len()];
        for (i, slot) in out.iter_mut().enumerate() {
            if self.a_to_b[i].is_some() {
                continue;
            }
            for s in shingles(&self.a_words[i]) {
                let Some(list) = postings.get(&s) else {
                    continue;
                };
                if list.len() > common {
                    continue;
                }
                for &j in list {
                    let j = j as usize;
                    if counts[j] == 0 {
                        touched.push(j);
                    }
                    counts[j] += 1;
                }
            }
            touched.sort_by(|&x, &y| counts[y].cmp(&counts[x]).then(x.cmp(&y)));
            for &j in touched.iter().take(CANDIDATES) {
                let sim = text::dice(&self.a_sorted[i], &self.b_sorted[j]);
                if sim >= FLOOR {
                    slot.push((j, sim));
                }
            }
            for &j in &touched {
                counts[j] = 0;
            }
            touched.clear();
        }
        out
    }
}

/// Words an opening sentence needs to identify a rule on its own.
const OPENING_WORDS: usize = 8;

/// For each item, whether it is a short title (`General`, `Lands`: two words at most)
/// that another item of the same revision has too.
/// Whether `text` holds `title` as whole words, whatever the case (`flash` is not in
/// "flashback").
fn names(text: &str, title: &str) -> bool {
    let (text, title) = (text.to_lowercase(), title.to_lowercase());
    let boundary = |c: Option<char>| !c.is_some_and(char::is_alphanumeric);
    text.match_indices(&title).any(|(at, m)| {
        boundary(text[..at].chars().next_back()) && boundary(text[at + m.len()..].chars().next())
    })
}

fn common_titles(items: &[Item]) -> Vec<bool> {
    let title = |text: &str| {
        let text = text.trim();
        text.split_whitespace()
            .nth(2)
            .is_none()
            .then(|| text.to_lowercase())
    };
    let mut count: HashMap<String, usize> = HashMap::default();
    for item in items {
        if let Some(t) = title(item.text) {
            *count.entry(t).or_default() += 1;
        }
    }
    items
        .iter()
        .map(|item| title(item.text).is_some_and(|t| count.get(&t).copied().unwrap_or(0) > 1))
        .collect()
}

/// The match key of a rule's first sentence (of its first line, so not a title), when it
/// is long enough to identify the rule. The whole sentence: a shared prefix alone pairs
/// wrongly (703.4b of 2021-04-22 and of 2021-11-19 open with the same twelve words and
/// go on to say different things).
fn opening_key(text: &str) -> Option<String> {
    let line = text.lines().next()?;
    let sentence = line.find(". ").map_or(line, |end| &line[..end]);
    let key = text::match_key(sentence);
    (key.split(' ').count() >= OPENING_WORDS).then_some(key)
}
