//! Word-level diffs of two texts, as runs of kept, deleted and inserted words (the
//! `similar` crate's patience diff over words and the white space between them).
//!
//! The words are diffed as numbers, one for each distinct token, given out by a fast map:
//! the diff depends only on which tokens are equal, so this is what `similar`'s
//! `TextDiff::diff_words` says, without its hashing of every token with SipHash (twice).

use serde::{Deserialize, Serialize};
use similar::{Algorithm, DiffTag};

use super::text::FastMap;

/// What happened to a run of words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    /// In both texts.
    Equal,
    /// Only in the older text.
    Delete,
    /// Only in the newer text.
    Insert,
}

/// A run of text with what happened to it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Segment {
    pub op: Op,
    pub text: String,
}

/// The word diff from `old` to `new`: consecutive runs with the same fate are merged, and
/// white space between two changed words travels with them, so "a b" → "c d" reads as
/// one deletion and one insertion rather than four pieces.
pub fn word_diff(old: &str, new: &str) -> Vec<Segment> {
    let pieces = pieces(old, new);
    let mut out: Vec<Segment> = Vec::new();
    let (mut deleted, mut inserted) = (String::new(), String::new());
    for (i, &(op, text)) in pieces.iter().enumerate() {
        let changed = |j: Option<usize>| {
            j.and_then(|j| pieces.get(j))
                .is_some_and(|(op, _)| *op != Op::Equal)
        };
        let between_changes = op == Op::Equal
            && text.trim().is_empty()
            && changed(i.checked_sub(1))
            && changed(Some(i + 1));
        match op {
            _ if between_changes => {
                deleted.push_str(text);
                inserted.push_str(text);
            }
            Op::Equal => {
                flush(&mut out, &mut deleted, &mut inserted);
                match out.last_mut() {
                    Some(last) if last.op == Op::Equal => last.text.push_str(text),
                    _ => out.push(Segment {
                        op,
                        text: text.to_string(),
                    }),
                }
            }
            Op::Delete => deleted.push_str(text),
            Op::Insert => inserted.push_str(text),
        }
    }
    flush(&mut out, &mut deleted, &mut inserted);
    out
}

/// The tokens of both texts, each kept, deleted or inserted, in the order `similar`'s
/// `TextDiff::iter_all_changes` gives them (of a replacement, the deleted tokens first).
fn pieces<'t>(old: &'t str, new: &'t str) -> Vec<(Op, &'t str)> {
    let (old_tokens, new_tokens) = (tokens(old), tokens(new));
    let mut ids: FastMap<&str, u32> = FastMap::default();
    let mut id = |token: &'t str| -> u32 {
        let next = ids.len() as u32;
        *ids.entry(token).or_insert(next)
    };
    let old_ids: Vec<u32> = old_tokens.iter().map(|t| id(t)).collect();
    let new_ids: Vec<u32> = new_tokens.iter().map(|t| id(t)).collect();
    let mut pieces: Vec<(Op, &str)> = Vec::with_capacity(old_tokens.len() + new_tokens.len());
    for op in similar::capture_diff_slices(Algorithm::Patience, &old_ids, &new_ids) {
        let (tag, in_old, in_new) = op.as_tag_tuple();
        let (old_op, new_op) = match tag {
            DiffTag::Equal => (Some(Op::Equal), None),
            DiffTag::Delete => (Some(Op::Delete), None),
            DiffTag::Insert => (None, Some(Op::Insert)),
            DiffTag::Replace => (Some(Op::Delete), Some(Op::Insert)),
        };
        if let Some(op) = old_op {
            pieces.extend(old_tokens[in_old].iter().map(|t| (op, *t)));
        }
        if let Some(op) = new_op {
            pieces.extend(new_tokens[in_new].iter().map(|t| (op, *t)));
        }
    }
    pieces
}

/// The tokens `similar` diffs words by: runs of white space and runs of anything else.
fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut space = None;
    for (i, c) in text.char_indices() {
        let is_space = c.is_whitespace();
        if space.is_some_and(|s| s != is_space) {
            out.push(&text[start..i]);
            start = i;
        }
        space = Some(is_space);
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// Ends a run of changes: its deletion, then its insertion. White space that only sat
/// between changed words is dropped from a side that has nothing else.
fn flush(out: &mut Vec<Segment>, deleted: &mut String, inserted: &mut String) {
    let only_space = |s: &str| s.trim().is_empty();
    let keep_deleted = !deleted.is_empty() && (!only_space(deleted) || only_space(inserted));
    let keep_inserted = !inserted.is_empty() && (!only_space(inserted) || only_space(deleted));
    if keep_deleted {
        out.push(Segment {
            op: Op::Delete,
            text: std::mem::take(deleted),
        });
    }
    if keep_inserted {
        out.push(Segment {
            op: Op::Insert,
            text: std::mem::take(inserted),
        });
    }
    deleted.clear();
    inserted.clear();
}

/// Whether a diff changes anything.
pub fn changes_anything(segments: &[Segment]) -> bool {
    segments.iter().any(|s| s.op != Op::Equal)
}

/// The whole of a text as one segment: all inserted (an added rule) or all deleted.
pub fn whole(op: Op, text: &str) -> Vec<Segment> {
    vec![Segment {
        op,
        text: text.to_string(),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(segments: &[Segment]) -> String {
        segments
            .iter()
            .map(|s| match s.op {
                Op::Equal => s.text.clone(),
                Op::Delete => format!("[-{}-]", s.text),
                Op::Insert => format!("{{+{}+}}", s.text),
            })
            .collect()
    }

    #[test]
    fn shows_changed_words_in_place() {
        let d = word_diff(
            "If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards.",
            "If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners' graveyards.",
        );
        assert_eq!(
            show(&d),
            "If {+a player controls +}two or more legendary permanents with the same [-name are on-]{+name, that player chooses one of them, and+} the[- battlefield, all-]{+ rest+} are put into their owners' graveyards."
        );
    }

    /// What `word_diff` was, through `similar`'s own text diff: the two must agree.
    fn through_text_diff(old: &str, new: &str) -> Vec<(Op, String)> {
        use similar::{ChangeTag, TextDiff};
        TextDiff::configure()
            .algorithm(Algorithm::Patience)
            .diff_words(old, new)
            .iter_all_changes()
            .map(|c| {
                let op = match c.tag() {
                    ChangeTag::Equal => Op::Equal,
                    ChangeTag::Delete => Op::Delete,
                    ChangeTag::Insert => Op::Insert,
                };
                (op, c.value().to_string())
            })
            .collect()
    }

    #[test]
    fn tokens_and_diff_are_those_of_similars_text_diff() {
        let texts = [
            "",
            " ",
            "Tap it.",
            "  two  spaces\tand a tab\n",
            "If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards.",
            "If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners' graveyards.",
            "a a a b b a c a b a a\u{a0}b",
            "b a c a a b a b\u{2003}a a c",
        ];
        let long = texts[4..6].join(" ").repeat(4);
        let longer = texts[4..6]
            .iter()
            .rev()
            .copied()
            .collect::<Vec<_>>()
            .join(" ")
            .repeat(3);
        let mut all: Vec<&str> = texts.to_vec();
        all.push(&long);
        all.push(&longer);
        for old in &all {
            for new in &all {
                let ours: Vec<(Op, String)> = pieces(old, new)
                    .into_iter()
                    .map(|(op, t)| (op, t.to_string()))
                    .collect();
                assert_eq!(ours, through_text_diff(old, new), "{old:?} → {new:?}");
                let joined = |op: Op| -> String {
                    ours.iter()
                        .filter(|(o, _)| *o != op)
                        .map(|(_, t)| t.as_str())
                        .collect()
                };
                assert_eq!(joined(Op::Insert), *old);
                assert_eq!(joined(Op::Delete), *new);
            }
        }
    }

    #[test]
    fn equal_texts_change_nothing() {
        let d = word_diff("Tap it.", "Tap it.");
        assert!(!changes_anything(&d));
        assert_eq!(show(&d), "Tap it.");
    }

    #[test]
    fn replaced_runs_are_one_deletion_and_one_insertion() {
        let d = word_diff("his or her hand", "their hand");
        assert_eq!(show(&d), "[-his or her-]{+their+} hand");
    }
}
