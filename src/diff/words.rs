//! Word-level diffs of two texts, as runs of kept, deleted and inserted words (the
//! `similar` crate's patience diff over words and the white space between them).

use serde::{Deserialize, Serialize};
use similar::{Algorithm, ChangeTag, TextDiff};

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
    let diff = TextDiff::configure()
        .algorithm(Algorithm::Patience)
        .diff_words(old, new);
    let pieces: Vec<(Op, &str)> = diff
        .iter_all_changes()
        .map(|c| {
            let op = match c.tag() {
                ChangeTag::Equal => Op::Equal,
                ChangeTag::Delete => Op::Delete,
                ChangeTag::Insert => Op::Insert,
            };
            (op, c.value())
        })
        .collect();
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
