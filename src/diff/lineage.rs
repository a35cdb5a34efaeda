//! Each rule's history across revisions: which rule of each revision is the same rule as
//! which rule of the next, chained from the oldest revision to the newest.
//!
//! [`build`] pairs every two consecutive complete revisions (with the same matcher as
//! [`pair`](super::pair)) and gives each rule a chain id: a rule paired with one of the
//! revision before keeps its chain, any other starts a new one. Only complete revisions
//! chain with each other; a fragment is looked up through the complete revision of its
//! date, or not at all.
//!
//! The result is stored at ingest and must load in a few milliseconds, so it is kept
//! compact: rule numbers packed into `u32`s, one chain id and one text id per rule, and
//! each distinct rule text once, in one string with offsets. [`Lineage::to_bytes`] and
//! [`Lineage::from_bytes`] give a binary form that loads without parsing text.

use super::text::FastMap as HashMap;

use serde::{Deserialize, Serialize};

use crate::model::{Date, Revision, RuleNumber};

use super::{matching, text};

/// A chain: one rule followed through the revisions.
pub type ChainId = u32;

/// One complete revision as the lineage knows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineageRevision {
    pub id: String,
    pub date: Date,
    /// Packed rule numbers, sorted (see [`pack`]).
    numbers: Vec<u32>,
    /// The chain of each rule, parallel to `numbers`.
    chains: Vec<ChainId>,
    /// The text id of each rule, parallel to `numbers`.
    texts: Vec<u32>,
}

/// Every complete revision's rules with their chains and texts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineage {
    /// Complete revisions, oldest first.
    revisions: Vec<LineageRevision>,
    /// Fragment id → the complete revision of the same date.
    fragments: Vec<(String, String)>,
    /// Every distinct rule text, one after another.
    text_blob: String,
    /// Where each text ends in `text_blob` (text `i` spans `ends[i-1]..ends[i]`).
    text_ends: Vec<u32>,
    chain_count: u32,
}

/// What happened to a rule in one revision, relative to the revision before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    /// As it was (or the first revision known).
    Same,
    Modified,
    Renumbered,
    Added,
    Removed,
}

/// A rule as it stood in one revision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link<'l> {
    pub revision: &'l str,
    pub date: Date,
    /// `None` for the revision where it was removed.
    pub number: Option<RuleNumber>,
    pub text: Option<&'l str>,
    pub change: Step,
    /// The text id, to tell equal texts apart cheaply.
    text_id: Option<u32>,
}

impl Link<'_> {
    /// Whether this link's text is the same as another's.
    pub fn same_text(&self, other: &Link) -> bool {
        self.text_id == other.text_id
    }
}

/// Builds the lineage of `revisions` (any order; fragments are attached to the complete
/// revision of their date, or left out).
pub fn build(revisions: &[&Revision]) -> Lineage {
    let mut complete: Vec<&Revision> = revisions.iter().copied().filter(|r| r.complete).collect();
    complete.sort_by(|a, b| (a.date, &a.id).cmp(&(b.date, &b.id)));
    complete.dedup_by(|a, b| a.id == b.id);
    let mut fragments: Vec<(String, String)> = revisions
        .iter()
        .filter(|r| !r.complete)
        .filter_map(|f| {
            let host = complete.iter().find(|c| c.date == f.date)?;
            Some((f.id.clone(), host.id.clone()))
        })
        .collect();
    fragments.sort();
    fragments.dedup();
    let mut lineage = chain_revisions(&complete);
    lineage.fragments = fragments;
    lineage
}

/// The lineage of one section through every revision that covers it, fragments
/// included: what `history` falls back on when no complete revision is at hand (the
/// embedded seeds alone).
pub fn build_any(revisions: &[&Revision], section: u8) -> Lineage {
    let mut covering: Vec<Revision> = revisions
        .iter()
        .filter(|r| r.section_numbers().contains(&section))
        .map(|r| {
            let mut only = (*r).clone();
            only.rules.retain(|n, _| n.section_number() == section);
            only.glossary.clear();
            only
        })
        .collect();
    covering.sort_by(|a, b| (a.date, &a.id).cmp(&(b.date, &b.id)));
    covering.dedup_by(|a, b| a.id == b.id);
    let refs: Vec<&Revision> = covering.iter().collect();
    chain_revisions(&refs)
}

/// Chains `revisions`, already in order, each with the next. The pairings of adjacent
/// revisions are independent of one another, so they are computed on every core first;
/// chains are then handed out in order.
fn chain_revisions(revisions: &[&Revision]) -> Lineage {
    let mut lineage = Lineage::default();
    let mut interned: HashMap<String, u32> = HashMap::default();
    let rules: Vec<(Vec<RuleNumber>, Vec<String>)> = on_every_core(revisions.len(), |k| {
        let revision = revisions[k];
        (
            revision.rules.keys().copied().collect(),
            revision.rules.values().map(text::full_text).collect(),
        )
    });
    let items = |k: usize| -> Vec<matching::Item> {
        let (numbers, texts) = &rules[k];
        numbers
            .iter()
            .zip(texts)
            .map(|(n, t)| matching::Item {
                number: *n,
                text: t,
            })
            .collect()
    };
    // pairings[k]: revision k's rules paired with revision k + 1's.
    let pairings: Vec<Vec<Option<(usize, f32)>>> =
        on_every_core(revisions.len().saturating_sub(1), |k| {
            matching::match_items(&items(k), &items(k + 1), &[])
        });
    let mut previous: Option<Vec<ChainId>> = None;
    for (k, revision) in revisions.iter().enumerate() {
        let (numbers, texts) = &rules[k];
        let chains: Vec<ChainId> = match (&previous, k.checked_sub(1)) {
            (Some(prev_chains), Some(p)) => {
                let mut chains: Vec<Option<ChainId>> = vec![None; numbers.len()];
                for (i, slot) in pairings[p].iter().enumerate() {
                    if let Some((j, _)) = slot {
                        chains[*j] = Some(prev_chains[i]);
                    }
                }
                chains
                    .into_iter()
                    .map(|c| c.unwrap_or_else(|| lineage.new_chain()))
                    .collect()
            }
            _ => numbers.iter().map(|_| lineage.new_chain()).collect(),
        };
        let text_ids: Vec<u32> = texts
            .iter()
            .map(|t| {
                if let Some(&id) = interned.get(t) {
                    return id;
                }
                let id = lineage.text_ends.len() as u32;
                lineage.text_blob.push_str(t);
                lineage.text_ends.push(lineage.text_blob.len() as u32);
                interned.insert(t.clone(), id);
                id
            })
            .collect();
        let mut rows: Vec<(u32, ChainId, u32)> = numbers
            .iter()
            .zip(&chains)
            .zip(&text_ids)
            .map(|((n, c), t)| (pack(n), *c, *t))
            .collect();
        rows.sort_unstable();
        lineage.revisions.push(LineageRevision {
            id: revision.id.clone(),
            date: revision.date,
            numbers: rows.iter().map(|r| r.0).collect(),
            chains: rows.iter().map(|r| r.1).collect(),
            texts: rows.iter().map(|r| r.2).collect(),
        });
        previous = Some(chains);
    }
    lineage
}

/// `work(0..n)` on as many threads as there are cores, the results in order.
fn on_every_core<T: Send>(n: usize, work: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |p| p.get())
        .min(n)
        .max(1);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, T)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= n {
                            break mine;
                        }
                        mine.push((i, work(i)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, t)| t).collect()
}

/// Where a rule last changed, looking back from a revision (see
/// [`Lineage::last_changes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastChanged {
    /// The position of the revision it changed in, oldest first (see
    /// [`Lineage::revision_ids`]).
    pub at: u32,
    pub step: LastStep,
}

/// What last changed in a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LastStep {
    /// Nothing since the oldest revision known.
    FirstKnown,
    Added,
    /// Its number, from this one (packed, see [`pack`]).
    Renumbered {
        from: u32,
    },
    /// Its text.
    Modified,
}

impl Lineage {
    fn new_chain(&mut self) -> ChainId {
        self.chain_count += 1;
        self.chain_count - 1
    }

    /// The complete revisions it chains, oldest first.
    pub fn revision_ids(&self) -> impl Iterator<Item = &str> {
        self.revisions.iter().map(|r| r.id.as_str())
    }

    /// The complete revisions it chains, oldest first, with their dates.
    pub fn dated_revisions(&self) -> impl Iterator<Item = (&str, Date)> {
        self.revisions.iter().map(|r| (r.id.as_str(), r.date))
    }

    /// Every rule of the complete revision `revision_id` (or of the complete revision of
    /// a fragment's date) with its chain, in number order; empty when it is not chained.
    pub fn rules_of(&self, revision_id: &str) -> impl Iterator<Item = (RuleNumber, ChainId)> + '_ {
        let revision = self.position(revision_id).map(|p| &self.revisions[p]);
        revision
            .into_iter()
            .flat_map(|r| r.numbers.iter().zip(&r.chains))
            .filter_map(|(n, c)| Some((unpack(*n)?, *c)))
    }

    /// Whether the complete revision `revision_id` has a rule numbered `number`; `None`
    /// when the lineage does not chain that revision (fragments included: a fragment
    /// has fewer rules than the complete revision of its date).
    pub fn has(&self, revision_id: &str, number: &RuleNumber) -> Option<bool> {
        let revision = self.revisions.iter().find(|r| r.id == revision_id)?;
        Some(revision.numbers.binary_search(&pack(number)).is_ok())
    }

    /// Whether it knows this revision (a complete one, or a fragment through its date).
    pub fn knows(&self, revision_id: &str) -> bool {
        self.position(revision_id).is_some()
    }

    /// The position of a revision (a fragment resolves to its complete revision).
    fn position(&self, revision_id: &str) -> Option<usize> {
        let id = self
            .fragments
            .iter()
            .find(|(f, _)| f == revision_id)
            .map(|(_, c)| c.as_str())
            .unwrap_or(revision_id);
        self.revisions.iter().position(|r| r.id == id)
    }

    fn row(&self, position: usize, number: &RuleNumber) -> Option<usize> {
        let rev = self.revisions.get(position)?;
        rev.numbers.binary_search(&pack(number)).ok()
    }

    fn text(&self, id: u32) -> &str {
        let i = id as usize;
        let start = if i == 0 {
            0
        } else {
            self.text_ends.get(i - 1).copied().unwrap_or(0) as usize
        };
        let end = self.text_ends.get(i).copied().unwrap_or(0) as usize;
        self.text_blob.get(start..end).unwrap_or("")
    }

    /// The chain of the rule numbered `number` in `revision_id`.
    pub fn chain_of(&self, revision_id: &str, number: &RuleNumber) -> Option<ChainId> {
        let p = self.position(revision_id)?;
        let row = self.row(p, number)?;
        self.revisions[p].chains.get(row).copied()
    }

    /// The number the rule numbered `number` in `from_rev` has in `to_rev`, if it is there.
    pub fn map_number(
        &self,
        from_rev: &str,
        number: &RuleNumber,
        to_rev: &str,
    ) -> Option<RuleNumber> {
        let chain = self.chain_of(from_rev, number)?;
        let to = self.revisions.get(self.position(to_rev)?)?;
        let row = to.chains.iter().position(|&c| c == chain)?;
        unpack(to.numbers[row])
    }

    /// Every pairing of rules between two revisions that the chains make: (number in
    /// `from_rev`, number in `to_rev`).
    pub fn pairs(&self, from_rev: &str, to_rev: &str) -> Vec<(RuleNumber, RuleNumber)> {
        let (Some(p), Some(q)) = (self.position(from_rev), self.position(to_rev)) else {
            return Vec::new();
        };
        let (from, to) = (&self.revisions[p], &self.revisions[q]);
        let at: HashMap<ChainId, u32> = to
            .chains
            .iter()
            .zip(&to.numbers)
            .map(|(c, n)| (*c, *n))
            .collect();
        from.chains
            .iter()
            .zip(&from.numbers)
            .filter_map(|(c, n)| Some((unpack(*n)?, unpack(*at.get(c)?)?)))
            .collect()
    }

    /// The rule's history: every revision that has the chain, oldest first, and the
    /// revision it disappeared in (if it did).
    pub fn chain(&self, chain: ChainId) -> Vec<Link<'_>> {
        let mut out: Vec<Link> = Vec::new();
        for (p, rev) in self.revisions.iter().enumerate() {
            let row = rev.chains.iter().position(|&c| c == chain);
            match (row, out.last()) {
                (Some(row), last) => {
                    let number = unpack(rev.numbers[row]);
                    let text_id = rev.texts[row];
                    let change = match last {
                        None if p == 0 => Step::Same,
                        None => Step::Added,
                        Some(prev) if prev.number != number => Step::Renumbered,
                        Some(prev) if prev.text_id != Some(text_id) => Step::Modified,
                        Some(_) => Step::Same,
                    };
                    out.push(Link {
                        revision: &rev.id,
                        date: rev.date,
                        number,
                        text: Some(self.text(text_id)),
                        change,
                        text_id: Some(text_id),
                    });
                }
                (None, Some(_)) => {
                    out.push(Link {
                        revision: &rev.id,
                        date: rev.date,
                        number: None,
                        text: None,
                        change: Step::Removed,
                        text_id: None,
                    });
                    break;
                }
                (None, None) => {}
            }
        }
        out
    }

    /// Where each rule of each complete revision last changed, looking back from that
    /// revision: one table per revision, oldest first, its rules in number order (packed,
    /// see [`pack`]). What [`Lineage::chain`] says of the rule's history up to the
    /// revision, computed for every rule in one pass, so that `arbiter rule` reads one
    /// revision's table instead of the whole lineage (stored by `index::lineage`).
    pub fn last_changes(&self) -> Vec<(String, Vec<(u32, LastChanged)>)> {
        // Each chain's number, text and last change in the revision before.
        let mut before: HashMap<ChainId, (u32, u32, LastChanged)> = HashMap::default();
        let mut out = Vec::with_capacity(self.revisions.len());
        for (p, rev) in self.revisions.iter().enumerate() {
            let at = p as u32;
            let mut here: HashMap<ChainId, (u32, u32, LastChanged)> =
                HashMap::with_capacity_and_hasher(rev.numbers.len(), Default::default());
            let mut table = Vec::with_capacity(rev.numbers.len());
            for ((&number, &chain), &text) in rev.numbers.iter().zip(&rev.chains).zip(&rev.texts) {
                // A chain twice in one revision is followed through its first rule, as
                // `chain` follows it.
                if let Some(&(_, _, last)) = here.get(&chain) {
                    table.push((number, last));
                    continue;
                }
                let last = match before.get(&chain) {
                    None if p == 0 => LastChanged {
                        at,
                        step: LastStep::FirstKnown,
                    },
                    None => LastChanged {
                        at,
                        step: LastStep::Added,
                    },
                    Some(&(was, _, _)) if was != number => LastChanged {
                        at,
                        step: LastStep::Renumbered { from: was },
                    },
                    Some(&(_, said, _)) if said != text => LastChanged {
                        at,
                        step: LastStep::Modified,
                    },
                    Some(&(_, _, last)) => last,
                };
                here.insert(chain, (number, text, last));
                table.push((number, last));
            }
            before = here;
            out.push((rev.id.clone(), table));
        }
        out
    }

    /// Every chain's links as [`Lineage::chain`] gives them, computed for every chain in
    /// one pass (so that they can be stored at ingest, each chain apart, and `history`
    /// read one chain instead of the whole lineage; see `index::lineage`). Indexed by
    /// chain id.
    pub fn chain_links(&self) -> Vec<ChainLinks> {
        let mut chains: Vec<ChainLinks> = (0..self.chain_count)
            .map(|_| ChainLinks {
                start: 0,
                links: Vec::new(),
                removed: false,
            })
            .collect();
        // 0: not met yet; 1: open (met in every revision since its first); 2: closed.
        let mut state = vec![0u8; chains.len()];
        let mut open: Vec<ChainId> = Vec::new();
        let mut seen = vec![u32::MAX; chains.len()];
        for (p, rev) in self.revisions.iter().enumerate() {
            let here = p as u32;
            for ((&number, &chain), &text) in rev.numbers.iter().zip(&rev.chains).zip(&rev.texts) {
                let c = chain as usize;
                // `chain` follows a chain through its first rule in each revision.
                if c >= chains.len() || seen[c] == here {
                    continue;
                }
                seen[c] = here;
                match state[c] {
                    0 => {
                        state[c] = 1;
                        chains[c].start = here;
                        chains[c].links.push((number, text));
                        open.push(chain);
                    }
                    1 => chains[c].links.push((number, text)),
                    _ => {}
                }
            }
            open.retain(|&c| {
                let c = c as usize;
                if seen[c] == here {
                    return true;
                }
                state[c] = 2;
                chains[c].removed = true;
                false
            });
        }
        chains
    }

    /// A lineage of the revisions `revisions` (id and date, oldest first, all of them)
    /// holding one chain only, chain 0: `links` (packed number, text) in the revisions
    /// from `start` on, then removed when `removed`; `texts` the texts the links name.
    /// [`Lineage::chain`] of it gives what the whole lineage's chain gave (see
    /// [`Lineage::chain_links`]).
    pub fn of_one_chain(
        revisions: Vec<(String, Date)>,
        chain: &ChainLinks,
        texts: &[String],
    ) -> Lineage {
        let mut lineage = Lineage {
            revisions: revisions
                .into_iter()
                .map(|(id, date)| LineageRevision {
                    id,
                    date,
                    numbers: Vec::new(),
                    chains: Vec::new(),
                    texts: Vec::new(),
                })
                .collect(),
            chain_count: 1,
            ..Lineage::default()
        };
        let start = chain.start as usize;
        for (rev, &(number, text)) in lineage.revisions.iter_mut().skip(start).zip(&chain.links) {
            rev.numbers.push(number);
            rev.chains.push(0);
            rev.texts.push(text);
        }
        for text in texts {
            lineage.text_blob.push_str(text);
            lineage.text_ends.push(lineage.text_blob.len() as u32);
        }
        lineage
    }

    /// [`Lineage::to_bytes`], with where each revision's columns of numbers and chains
    /// lie in it (from the numbers' count to the chains' end) and where the text blob
    /// starts, each text `i` at [`Lineage::text_span`]`(i)` from there.
    pub fn to_bytes_placed(&self) -> (Vec<u8>, Vec<std::ops::Range<usize>>, usize) {
        let mut columns = Vec::with_capacity(self.revisions.len());
        let bytes = self.write_bytes(&mut columns);
        let blob = bytes.len() - self.text_blob.len();
        (bytes, columns, blob)
    }

    /// Every distinct text, one after another (see [`Lineage::text_span`]).
    pub fn text_blob_bytes(&self) -> &[u8] {
        self.text_blob.as_bytes()
    }

    /// Where text `id` lies in the text blob (start, length).
    pub fn text_span(&self, id: u32) -> (u32, u32) {
        let i = id as usize;
        let start = match i {
            0 => 0,
            _ => self.text_ends.get(i - 1).copied().unwrap_or(0),
        };
        let end = self.text_ends.get(i).copied().unwrap_or(0);
        (start, end.saturating_sub(start))
    }

    /// The binary form: what is stored at ingest.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.write_bytes(&mut Vec::new())
    }

    fn write_bytes(&self, columns: &mut Vec<std::ops::Range<usize>>) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.text_blob.len() + 64 * self.revisions.len());
        out.extend_from_slice(MAGIC);
        put_u32(&mut out, self.chain_count);
        put_u32(&mut out, self.revisions.len() as u32);
        for rev in &self.revisions {
            put_str(&mut out, &rev.id);
            put_str(&mut out, &rev.date.to_string());
            let start = out.len();
            put_u32s(&mut out, &rev.numbers);
            put_u32s(&mut out, &rev.chains);
            columns.push(start..out.len());
            put_u32s(&mut out, &rev.texts);
        }
        put_u32(&mut out, self.fragments.len() as u32);
        for (f, c) in &self.fragments {
            put_str(&mut out, f);
            put_str(&mut out, c);
        }
        put_u32s(&mut out, &self.text_ends);
        put_str(&mut out, &self.text_blob);
        out
    }

    /// Reads what [`to_bytes`](Self::to_bytes) wrote.
    pub fn from_bytes(bytes: &[u8]) -> Result<Lineage, BadLineage> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len())? != MAGIC {
            return Err(BadLineage("it does not start like a lineage file".into()));
        }
        let chain_count = r.u32()?;
        let count = r.u32()? as usize;
        let mut revisions = Vec::with_capacity(count.min(10_000));
        for _ in 0..count {
            let id = r.string()?;
            let date = r.string()?.parse().map_err(|e: String| BadLineage(e))?;
            let numbers = r.u32s()?;
            let chains = r.u32s()?;
            let texts = r.u32s()?;
            if chains.len() != numbers.len() || texts.len() != numbers.len() {
                return Err(BadLineage(format!(
                    "revision {id}: columns of unequal length"
                )));
            }
            revisions.push(LineageRevision {
                id,
                date,
                numbers,
                chains,
                texts,
            });
        }
        let count = r.u32()? as usize;
        let mut fragments = Vec::with_capacity(count.min(10_000));
        for _ in 0..count {
            fragments.push((r.string()?, r.string()?));
        }
        let text_ends = r.u32s()?;
        let text_blob = r.string()?;
        Ok(Lineage {
            revisions,
            fragments,
            text_blob,
            text_ends,
            chain_count,
        })
    }
}

/// One chain as [`Lineage::chain`] follows it: the position of the first revision
/// that has it, its (packed number, text id) in that revision and each one after it that
/// has it, and whether it was then removed (the next revision lacks it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainLinks {
    pub start: u32,
    pub links: Vec<(u32, u32)>,
    pub removed: bool,
}

/// Why a stored lineage could not be read.
#[derive(Debug, thiserror::Error)]
#[error("the stored lineage is damaged ({0}); run `arbiter ingest` again")]
pub struct BadLineage(String);

const MAGIC: &[u8] = b"arbiter-lineage-1\n";

fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_u32s(out: &mut Vec<u8>, v: &[u32]) {
    put_u32(out, v.len() as u32);
    for x in v {
        out.extend_from_slice(&x.to_le_bytes());
    }
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_u32(out, s.len() as u32);
    out.extend_from_slice(s.as_bytes());
}

struct Reader<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl<'b> Reader<'b> {
    fn take(&mut self, n: usize) -> Result<&'b [u8], BadLineage> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or_else(|| BadLineage(format!("it ends early, at byte {}", self.at)))?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self) -> Result<u32, BadLineage> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u32s(&mut self) -> Result<Vec<u32>, BadLineage> {
        let n = self.u32()? as usize;
        let b = self.take(
            n.checked_mul(4)
                .ok_or_else(|| BadLineage("a column is too long".into()))?,
        )?;
        Ok(b.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }

    fn string(&mut self) -> Result<String, BadLineage> {
        let n = self.u32()? as usize;
        let b = self.take(n)?;
        String::from_utf8(b.to_vec())
            .map_err(|_| BadLineage(format!("bad text at byte {}", self.at)))
    }
}

/// A rule number in one `u32`, in the same order as [`RuleNumber`]'s: the rule in the top
/// bits, then the subrule, then the letter.
pub fn pack(n: &RuleNumber) -> u32 {
    let rule = u32::from(n.rule_part().unwrap_or(0));
    let sub = n.sub_part().map(|s| u32::from(s.min(0x3FFF)));
    let letter = n
        .letter()
        .filter(char::is_ascii_lowercase)
        .map(|l| u32::from(l as u8 - b'a') + 1)
        .unwrap_or(0);
    (rule << 20) | (sub.unwrap_or(0) << 6) | (letter << 1) | u32::from(sub.is_some())
}

/// The rule number [`pack`] packed.
pub fn unpack(v: u32) -> Option<RuleNumber> {
    let rule = (v >> 20) as u16;
    let sub = ((v >> 6) & 0x3FFF) as u16;
    let letter = ((v >> 1) & 0x1F) as usize;
    if v & 1 == 0 {
        return Some(RuleNumber::rule(rule));
    }
    if letter == 0 {
        return Some(RuleNumber::subrule(rule, sub));
    }
    let c = (b'a' + (letter as u8).checked_sub(1)?) as char;
    c.is_ascii_lowercase()
        .then(|| RuleNumber::lettered(rule, sub, c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::tests::revision;

    const LEGEND_2009: &str = "
420. State-Based Effects
420.5e If two or more legendary permanents with the same name are in play, all are put into their owners' graveyards. This is called the \"legend rule.\"
420.5f If two or more planeswalkers that share a planeswalker type are in play, all are put into their owners' graveyards.
";
    const LEGEND_2011: &str = "
704. State-Based Actions
704.5j If two or more planeswalkers that share a planeswalker type are on the battlefield, all are put into their owners' graveyards.
704.5k If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards. This is called the \"legend rule.\"
";
    const LEGEND_2013: &str = "
704. State-Based Actions
704.5j If two or more planeswalkers that share a planeswalker type are on the battlefield, all are put into their owners' graveyards.
704.5k If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners' graveyards. This is called the \"legend rule.\"
";
    const LEGEND_2017: &str = "
704. State-Based Actions
704.5j If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners' graveyards. This is called the \"legend rule.\"
";

    fn corpus() -> Vec<Revision> {
        vec![
            revision("2017-09-29", true, LEGEND_2017),
            revision("2009-05-01", true, LEGEND_2009),
            revision("2011-07-15", true, LEGEND_2011),
            revision("2013-07-13", true, LEGEND_2013),
            revision("2013-07-13-s7", false, LEGEND_2013),
            revision("2012-01-01-s7", false, LEGEND_2013),
        ]
    }

    fn n(s: &str) -> RuleNumber {
        s.parse().unwrap()
    }

    /// The last change of a rule as read from its chain, link by link.
    fn last_change_by_chain(
        lineage: &Lineage,
        revision: &str,
        number: &RuleNumber,
    ) -> Option<(String, Step, Option<RuleNumber>)> {
        let links = lineage.chain(lineage.chain_of(revision, number)?);
        let here = links.iter().position(|l| l.revision == revision)?;
        let (at, link) = links[..=here]
            .iter()
            .enumerate()
            .rev()
            .find(|(i, l)| l.change != Step::Same || *i == 0)?;
        let before = at.checked_sub(1).and_then(|p| links[p].number);
        Some((link.revision.to_string(), link.change, before))
    }

    #[test]
    fn the_last_change_tables_say_what_each_rules_chain_says() {
        let revisions = corpus();
        let refs: Vec<&Revision> = revisions.iter().collect();
        let lineage = build(&refs);
        let ids: Vec<&str> = lineage.revision_ids().collect();
        let tables = lineage.last_changes();
        assert_eq!(tables.len(), ids.len());
        let mut steps = Vec::new();
        for (id, table) in &tables {
            assert_eq!(table.len(), lineage.rules_of(id).count());
            for (packed, last) in table {
                let number = unpack(*packed).unwrap();
                let (revision, step, before) = last_change_by_chain(&lineage, id, &number).unwrap();
                assert_eq!(ids[last.at as usize], revision, "{id} {number}");
                let expected = match step {
                    Step::Same => LastStep::FirstKnown,
                    Step::Added => LastStep::Added,
                    Step::Renumbered => LastStep::Renumbered {
                        from: pack(&before.unwrap()),
                    },
                    Step::Modified | Step::Removed => LastStep::Modified,
                };
                assert_eq!(last.step, expected, "{id} {number}");
                steps.push(last.step);
            }
        }
        // The legend rule was renumbered (2011), reworded (2013) and renumbered (2017).
        for kind in [LastStep::FirstKnown, LastStep::Modified] {
            assert!(steps.contains(&kind), "{kind:?} in {steps:?}");
        }
        assert!(steps
            .iter()
            .any(|s| matches!(s, LastStep::Renumbered { .. })));
    }

    #[test]
    fn follows_the_legend_rule_from_420_5e_to_704_5j() {
        let revisions = corpus();
        let refs: Vec<&Revision> = revisions.iter().collect();
        let lineage = build(&refs);
        assert_eq!(
            lineage.revision_ids().collect::<Vec<_>>(),
            ["2009-05-01", "2011-07-15", "2013-07-13", "2017-09-29"]
        );
        assert_eq!(
            lineage.map_number("2009-05-01", &n("420.5e"), "2017-09-29"),
            Some(n("704.5j"))
        );
        assert_eq!(
            lineage.map_number("2017-09-29", &n("704.5j"), "2011-07-15"),
            Some(n("704.5k"))
        );
        let chain = lineage.chain_of("2011-07-15", &n("704.5k")).unwrap();
        let steps: Vec<(String, Option<String>, Step)> = lineage
            .chain(chain)
            .iter()
            .map(|l| {
                (
                    l.revision.to_string(),
                    l.number.map(|n| n.short()),
                    l.change,
                )
            })
            .collect();
        assert_eq!(
            steps,
            [
                ("2009-05-01".into(), Some("420.5e".into()), Step::Same),
                ("2011-07-15".into(), Some("704.5k".into()), Step::Renumbered),
                ("2013-07-13".into(), Some("704.5k".into()), Step::Modified),
                ("2017-09-29".into(), Some("704.5j".into()), Step::Renumbered),
            ]
        );
    }

    #[test]
    fn a_removed_rule_ends_its_chain() {
        let revisions = corpus();
        let refs: Vec<&Revision> = revisions.iter().collect();
        let lineage = build(&refs);
        let chain = lineage.chain_of("2013-07-13", &n("704.5j")).unwrap();
        let links = lineage.chain(chain);
        let last = links.last().unwrap();
        assert_eq!(
            (last.revision, last.number, last.change),
            ("2017-09-29", None, Step::Removed)
        );
        assert_eq!(
            lineage.map_number("2013-07-13", &n("704.5j"), "2017-09-29"),
            None
        );
    }

    #[test]
    fn each_chain_alone_follows_as_the_whole_lineage_does() {
        let revisions = corpus();
        let refs: Vec<&Revision> = revisions.iter().collect();
        let lineage = build(&refs);
        let dated: Vec<(String, Date)> = lineage
            .dated_revisions()
            .map(|(id, d)| (id.to_string(), d))
            .collect();
        let all = lineage.chain_links();
        assert_eq!(all.len(), lineage.chain_count as usize);
        assert!(all.iter().any(|c| c.removed));
        let seen = |links: &[Link]| {
            links
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let same = i > 0 && l.same_text(&links[i - 1]);
                    (
                        l.revision.to_string(),
                        l.date,
                        l.number,
                        l.text.map(str::to_string),
                        l.change,
                        same,
                    )
                })
                .collect::<Vec<_>>()
        };
        for (c, chain) in all.iter().enumerate() {
            // The texts renumbered in the order the chain first names them.
            let mut ids: Vec<u32> = Vec::new();
            let mut local = chain.clone();
            for link in &mut local.links {
                let i = ids.iter().position(|&t| t == link.1).unwrap_or_else(|| {
                    ids.push(link.1);
                    ids.len() - 1
                });
                link.1 = i as u32;
            }
            let texts: Vec<String> = ids.iter().map(|&t| lineage.text(t).to_string()).collect();
            let alone = Lineage::of_one_chain(dated.clone(), &local, &texts);
            assert_eq!(
                seen(&alone.chain(0)),
                seen(&lineage.chain(c as u32)),
                "chain {c}"
            );
        }
    }

    #[test]
    fn fragments_are_looked_up_through_the_complete_revision_of_their_date() {
        let revisions = corpus();
        let refs: Vec<&Revision> = revisions.iter().collect();
        let lineage = build(&refs);
        assert!(lineage.knows("2013-07-13-s7"));
        assert!(
            !lineage.knows("2012-01-01-s7"),
            "no complete revision of that date"
        );
        assert_eq!(
            lineage.map_number("2013-07-13-s7", &n("704.5k"), "2017-09-29"),
            Some(n("704.5j"))
        );
    }

    #[test]
    fn the_stored_form_reads_back_and_damage_is_reported() {
        let revisions = corpus();
        let refs: Vec<&Revision> = revisions.iter().collect();
        let lineage = build(&refs);
        let bytes = lineage.to_bytes();
        assert_eq!(Lineage::from_bytes(&bytes).unwrap(), lineage);
        for cut in [0, 5, bytes.len() / 2, bytes.len() - 1] {
            assert!(Lineage::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let json = serde_json::to_string(&lineage).unwrap();
        assert_eq!(serde_json::from_str::<Lineage>(&json).unwrap(), lineage);
    }

    #[test]
    fn packed_numbers_keep_their_order() {
        let numbers = [
            "100",
            "100.1",
            "100.1a",
            "100.1z",
            "100.2",
            "303.4k",
            "702.100",
            "999.9999z",
        ];
        let packed: Vec<u32> = numbers.iter().map(|s| pack(&n(s))).collect();
        assert!(packed.windows(2).all(|w| w[0] < w[1]));
        for s in numbers {
            assert_eq!(unpack(pack(&n(s))), Some(n(s)));
        }
    }

    #[test]
    fn build_any_chains_fragments_of_one_section() {
        let a = revision(
            "2011-07-15-s3",
            false,
            "309. Planes\n309.1 Plane is a card type seen only on nontraditional Magic cards.",
        );
        let b = revision(
            "2026-01-16-s3",
            false,
            "311. Planes\n311.1 Plane is a card type seen only on nontraditional Magic cards.",
        );
        let lineage = build_any(&[&b, &a], 3);
        assert_eq!(
            lineage.map_number("2011-07-15-s3", &n("309.1"), "2026-01-16-s3"),
            Some(n("311.1"))
        );
    }
}
