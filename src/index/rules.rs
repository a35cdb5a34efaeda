//! A revision's rule table, `rules.bin` beside its `model.bin`: where each rule lies in
//! the model and which rules cite it, computed at ingest so that `arbiter rule` reads one
//! rule (with what lies below it and the rules above it) instead of decoding the whole
//! revision.
//!
//! The file is [`MAGIC`], then the head's length and CRC-32, then the head: the CRC-32 of
//! the `model.bin` it describes, the revision's id, date, source, format, hash,
//! completeness and sections (postcard), one row per rule in numeric order (its
//! [`RuleNumber::sort_key`], where its entry lies in `model.bin`, that entry's CRC-32,
//! and where its citers are), then the citers (row positions). A rule's entry in the
//! model is the `(number, rule)` pair postcard writes for the model's map of rules, so
//! it decodes alone. A lookup reads the head, checks its checksum and that it describes
//! the model the catalogue vouches for, then reads the entries it needs and checks each
//! one's checksum: a mismatch is an error, and the caller answers from the whole model
//! (which then says whether the model itself is damaged). A table that is missing (an
//! index written before tables), damaged or stale is written again by `arbiter ingest`.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{IndexError, Repair};
use crate::model::{Date, Format, Revision, Rule, RuleNumber, Section};

/// The file's name in a revision's folder.
pub const FILE: &str = "rules.bin";
/// The first bytes of a rule table.
const MAGIC: &[u8; 16] = b"arbiter-rules-1\0";
/// Bytes of one row: key (8), offset (4), length (4), CRC-32 (4), first citer (4),
/// citers (4).
const ROW: usize = 28;
/// The longest head read (a head longer than this is damage).
const MAX_HEAD: u32 = 64 << 20;

/// What a revision is, without its rules: the fields of [`Revision`] before them.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Meta {
    id: String,
    date: Date,
    source: String,
    format: Format,
    content_hash: String,
    complete: bool,
    sections: Vec<Section>,
}

/// What the table gives for one number.
#[derive(Debug)]
pub enum Lookup {
    /// The rule, in a revision holding only it, what lies below it and the rules above
    /// it (enough for its view), and the rules that cite it or a rule below it.
    Found {
        revision: Revision,
        cited_by: Vec<RuleNumber>,
    },
    /// The revision has no rule with this number.
    Absent,
}

/// The table of a revision whose `model.bin` is `model` (its bytes as stored; `body` is
/// where the postcard body starts). `None` when the model is not laid out as the table
/// expects (never for a model arbiter wrote: a test holds every seed to it).
pub fn encode(revision: &Revision, model: &[u8], body: usize) -> Option<Vec<u8>> {
    let meta = postcard::to_stdvec(&Meta {
        id: revision.id.clone(),
        date: revision.date,
        source: revision.source.clone(),
        format: revision.format,
        content_hash: revision.content_hash.clone(),
        complete: revision.complete,
        sections: revision.sections.clone(),
    })
    .ok()?;
    let count = postcard::to_stdvec(&revision.rules.len()).ok()?;
    let mut at = body;
    for part in [&meta, &count] {
        model.get(at..at + part.len()).filter(|b| b == part)?;
        at += part.len();
    }
    let position: std::collections::HashMap<RuleNumber, u32> = revision
        .rules
        .keys()
        .enumerate()
        .map(|(i, n)| (*n, i as u32))
        .collect();
    let cited = revision.cited_by_every_rule();
    let mut rows = Vec::with_capacity(revision.rules.len() * ROW);
    let mut citers: Vec<u8> = Vec::new();
    for (number, rule) in &revision.rules {
        let entry = postcard::to_stdvec(&(number, rule)).ok()?;
        let stored = model.get(at..at + entry.len()).filter(|b| *b == entry)?;
        let first = (citers.len() / 4) as u32;
        let by = cited.get(number).map_or(&[][..], Vec::as_slice);
        for n in by {
            citers.extend_from_slice(&position.get(n)?.to_le_bytes());
        }
        rows.extend_from_slice(&number.sort_key().to_le_bytes());
        rows.extend_from_slice(&u32::try_from(at).ok()?.to_le_bytes());
        rows.extend_from_slice(&(entry.len() as u32).to_le_bytes());
        rows.extend_from_slice(&crc32fast::hash(stored).to_le_bytes());
        rows.extend_from_slice(&first.to_le_bytes());
        rows.extend_from_slice(&(by.len() as u32).to_le_bytes());
        at += entry.len();
    }
    let mut head = Vec::with_capacity(12 + meta.len() + rows.len() + citers.len());
    head.extend_from_slice(&crc32fast::hash(model).to_le_bytes());
    head.extend_from_slice(&(meta.len() as u32).to_le_bytes());
    head.extend_from_slice(&meta);
    head.extend_from_slice(&(revision.rules.len() as u32).to_le_bytes());
    head.extend_from_slice(&rows);
    head.extend_from_slice(&citers);
    let mut file = MAGIC.to_vec();
    file.extend_from_slice(&(head.len() as u32).to_le_bytes());
    file.extend_from_slice(&crc32fast::hash(&head).to_le_bytes());
    file.extend_from_slice(&head);
    Some(file)
}

/// Whether the table at `path` is whole and describes the model whose CRC-32 is
/// `model_crc` (what `arbiter ingest` checks before it trusts it).
pub fn is_intact(path: &Path, model_crc: u32) -> bool {
    std::fs::read(path).is_ok_and(|bytes| {
        Head::read(&bytes).is_ok_and(|head| head.model_crc == model_crc && head.len == bytes.len())
    })
}

/// Looks `number` up in the table at `table`, reading its entries from `model`, whose
/// CRC-32 the catalogue records as `model_crc`. `Ok(None)`: there is no table (an index
/// written before them). A damaged or stale table, or a damaged entry of the model, is an
/// error naming the file.
pub fn lookup(
    table: &Path,
    model: &Path,
    model_crc: u32,
    number: &RuleNumber,
) -> Result<Option<Lookup>, IndexError> {
    let damaged = |path: &Path, why: &str| IndexError::Damaged {
        path: path.to_path_buf(),
        why: why.to_string(),
        fix: Repair::Rebuild,
    };
    let io = |path: &Path, e| IndexError::io(path, e);
    let mut file = match File::open(table) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(table, e)),
    };
    let mut start = [0u8; 24];
    file.read_exact(&mut start)
        .map_err(|_| damaged(table, "it is cut short"))?;
    let head_len = u32::from_le_bytes([start[16], start[17], start[18], start[19]]);
    if !start.starts_with(MAGIC) || head_len > MAX_HEAD {
        return Err(damaged(table, "it is not a rule table"));
    }
    let mut bytes = start.to_vec();
    bytes.resize(24 + head_len as usize, 0);
    file.read_exact(&mut bytes[24..])
        .map_err(|_| damaged(table, "it is cut short"))?;
    let head = Head::read(&bytes).map_err(|why| damaged(table, &why))?;
    if head.model_crc != model_crc {
        return Err(damaged(table, "it describes another model"));
    }
    let key = number.sort_key();
    let Some(at) = head.find(key) else {
        return Ok(Some(Lookup::Absent));
    };
    // The rule and what lies below it (consecutive rows), then the rules above it.
    let mut wanted = vec![at];
    wanted.extend((at + 1..head.count).take_while(|&i| {
        RuleNumber::from_sort_key(head.key(i)).is_some_and(|n| n.is_within(number))
    }));
    let mut above = number.parent();
    while let Some(n) = above.filter(|n| !n.is_section()) {
        wanted.extend(head.find(n.sort_key()));
        above = n.parent();
    }
    let mut model_file = File::open(model).map_err(|e| io(model, e))?;
    let mut revision = Revision {
        id: head.meta.id.clone(),
        date: head.meta.date,
        source: head.meta.source.clone(),
        format: head.meta.format,
        content_hash: head.meta.content_hash.clone(),
        complete: head.meta.complete,
        sections: head.meta.sections.clone(),
        rules: Default::default(),
        glossary: Vec::new(),
        warnings: Vec::new(),
    };
    // The rule and its subtree lie side by side in the model: read at once.
    let below = &wanted[..wanted.len() - wanted.iter().rev().take_while(|&&i| i < at).count()];
    let span = |rows: &[usize]| -> Option<(u64, u64)> {
        let first = head.row(*rows.first()?);
        let last = head.row(*rows.last()?);
        Some((
            u64::from(first.offset),
            u64::from(last.offset) + u64::from(last.len),
        ))
    };
    let mut read_rows = |rows: &[usize]| -> Result<(), IndexError> {
        let Some((from, to)) = span(rows) else {
            return Ok(());
        };
        if to < from {
            return Err(damaged(table, "its rows are out of order"));
        }
        let mut bytes = vec![0u8; (to - from) as usize];
        model_file
            .seek(SeekFrom::Start(from))
            .and_then(|_| model_file.read_exact(&mut bytes))
            .map_err(|_| damaged(model, "it is cut short"))?;
        for &i in rows {
            let row = head.row(i);
            let start = (u64::from(row.offset) - from) as usize;
            let entry = bytes
                .get(start..start + row.len as usize)
                .ok_or_else(|| damaged(table, "its rows are out of order"))?;
            if crc32fast::hash(entry) != row.crc {
                return Err(damaged(model, "a rule's checksum does not match"));
            }
            let (n, rule): (RuleNumber, Rule) =
                postcard::from_bytes(entry).map_err(|e| damaged(model, &e.to_string()))?;
            if n.sort_key() != row.key || rule.number != n {
                return Err(damaged(table, "a row names another rule"));
            }
            revision.rules.insert(n, rule);
        }
        Ok(())
    };
    read_rows(below)?;
    for &i in &wanted[below.len()..] {
        read_rows(&[i])?;
    }
    let cited_by = head
        .citers(at)
        .map(|i| {
            (i < head.count)
                .then(|| RuleNumber::from_sort_key(head.key(i)))
                .flatten()
                .ok_or_else(|| damaged(table, "a citer is not one of its rules"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(Lookup::Found { revision, cited_by }))
}

/// One row of the head.
struct Row {
    key: u64,
    offset: u32,
    len: u32,
    crc: u32,
    first_citer: u32,
    citers: u32,
}

/// The head of a table, checked: its rows and citers left as bytes, searched in place.
struct Head<'b> {
    model_crc: u32,
    meta: Meta,
    count: usize,
    rows: &'b [u8],
    citers: &'b [u8],
    /// The length of the whole file as the head describes it.
    len: usize,
}

impl<'b> Head<'b> {
    /// Reads and checks the head of a table's bytes (at least the head).
    fn read(bytes: &'b [u8]) -> Result<Head<'b>, String> {
        let short = || "it is cut short".to_string();
        if !bytes.starts_with(MAGIC) {
            return Err("it is not a rule table".to_string());
        }
        let word = |at: usize| -> Result<u32, String> {
            let b = bytes.get(at..at + 4).ok_or_else(short)?;
            Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        let head_len = word(16)? as usize;
        let head = bytes.get(24..24 + head_len).ok_or_else(short)?;
        if crc32fast::hash(head) != word(20)? {
            return Err("its head's checksum does not match".to_string());
        }
        let model_crc = word(24)?;
        let meta_len = word(28)? as usize;
        let meta_bytes = bytes.get(32..32 + meta_len).ok_or_else(short)?;
        let meta: Meta = postcard::from_bytes(meta_bytes).map_err(|e| e.to_string())?;
        let count = word(32 + meta_len)? as usize;
        let rows_at = 36 + meta_len;
        let rows = bytes
            .get(rows_at..rows_at + count.checked_mul(ROW).ok_or_else(short)?)
            .ok_or_else(short)?;
        let citers = bytes
            .get(rows_at + rows.len()..24 + head_len)
            .ok_or_else(short)?;
        let head = Head {
            model_crc,
            meta,
            count,
            rows,
            citers,
            len: 24 + head_len,
        };
        if !(1..count).all(|i| head.key(i - 1) < head.key(i)) {
            return Err("its rows are out of order".to_string());
        }
        Ok(head)
    }

    fn word(&self, row: usize, at: usize) -> u32 {
        let b = &self.rows[row * ROW + at..row * ROW + at + 4];
        u32::from_le_bytes([b[0], b[1], b[2], b[3]])
    }

    fn key(&self, row: usize) -> u64 {
        u64::from(self.word(row, 0)) | (u64::from(self.word(row, 4)) << 32)
    }

    fn row(&self, row: usize) -> Row {
        Row {
            key: self.key(row),
            offset: self.word(row, 8),
            len: self.word(row, 12),
            crc: self.word(row, 16),
            first_citer: self.word(row, 20),
            citers: self.word(row, 24),
        }
    }

    /// The row of the rule with this key.
    fn find(&self, key: u64) -> Option<usize> {
        let (mut lo, mut hi) = (0, self.count);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.key(mid).cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(mid),
            }
        }
        None
    }

    /// The rows of the rules citing row `row`'s rule (out of range: damage, said by the
    /// caller).
    fn citers(&self, row: usize) -> impl Iterator<Item = usize> + '_ {
        let r = self.row(row);
        let from = r.first_citer as usize * 4;
        let to = from.saturating_add(r.citers as usize * 4);
        let slice = self.citers.get(from..to).unwrap_or(&[]);
        let missing = self.citers.get(from..to).is_none();
        slice
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
            .chain(missing.then_some(usize::MAX))
    }
}

/// Where a revision folder's table is.
pub fn path(folder: &Path) -> PathBuf {
    folder.join(FILE)
}
