//! Where the lineage lives on disk: `lineage-g<generation>.bin` in the index folder,
//! written at ingest before the generation it describes is committed (so the current
//! generation always has one), and read by `history`, `diff` and the scenario checker.
//!
//! The file is [`CHAINED`], then a head (its length and CRC-32, then per complete
//! revision its id, where its "last changed" table is with its length and CRC-32, its
//! date and where its columns of numbers and chains lie in the lineage with their CRC-32;
//! then the same for the lineage, the chain directory and the chain records, and where
//! the lineage's text blob starts), then the tables (see [`Lineage::last_changes`]), the
//! chain index ([`encode_chains`]: per chain, from [`Lineage::chain_links`]), then
//! [`Lineage::to_bytes`] (it loads without parsing text). `arbiter rule` reads the head
//! and one revision's table, a few kilobytes, not the whole file ([`last_change`]);
//! `arbiter history` of a number the revision has reads the head, the revision's columns,
//! the chain's directory entry and record, and its texts ([`chain`]). A file written
//! before the chain index ([`TABLED`], the same without it), before the tables
//! ([`CHECKED`], the CRC-32 of the rest, then the lineage) or before checksums (the
//! lineage alone) still reads, and the next `arbiter ingest` writes it again; a damaged
//! one is an error naming it (`crate::ingest::lineage` builds it again).

use std::path::{Path, PathBuf};

use std::io::{Read, Seek, SeekFrom};

use crate::diff::lineage::{LastChanged, LastStep, Lineage};

use super::{fault, IndexError, Repair};

const PREFIX: &str = "lineage-g";
const SUFFIX: &str = ".bin";
/// The first bytes of a lineage file with a checksum and no tables (read, not written).
const CHECKED: &[u8; 16] = b"arbiter-checked\0";
/// The first bytes of a lineage file with its "last changed" tables and checksums and no
/// chain index (read, not written).
const TABLED: &[u8; 16] = b"arbiter-lineage2";
/// The first bytes of a lineage file with its tables, its chain index and checksums.
const CHAINED: &[u8; 16] = b"arbiter-lineage3";
/// Bytes of one entry of the chain directory: where the chain's record lies in the
/// records (4), its length (4), its CRC-32 (4), the CRC-32 of those twelve bytes (4).
const ENTRY: usize = 16;
/// The longest head read (a head longer than this is damage).
const MAX_HEAD: u32 = 16 << 20;

/// The lineage file of one generation of an index folder.
pub fn path(index: &Path, generation: u64) -> PathBuf {
    index.join(format!("{PREFIX}{generation}{SUFFIX}"))
}

/// The generation a file name is the lineage of, if it is one.
pub fn generation_of(file_name: &str) -> Option<u64> {
    file_name
        .strip_prefix(PREFIX)?
        .strip_suffix(SUFFIX)?
        .parse()
        .ok()
}

/// The newest generation with a lineage file in the index folder.
pub fn newest_generation(index: &Path) -> Option<u64> {
    std::fs::read_dir(index)
        .ok()?
        .flatten()
        .filter_map(|item| generation_of(&item.file_name().to_string_lossy()))
        .max()
}

/// Writes a lineage as that of `generation`, through a temporary file so that a reader
/// never sees half a file. Not synced: the writer's commit makes it durable, and a
/// reader that writes a missing lineage may lose it to a crash (it is written again).
/// Lineages of generations before the previous one are removed by the writer's `clean`.
pub fn save(index: &Path, generation: u64, lineage: &Lineage) -> Result<(), IndexError> {
    let target = path(index, generation);
    let partial = index.join(format!(
        "{}{}-lineage",
        super::store::TMP_PREFIX,
        std::process::id()
    ));
    let bytes = encode(lineage);
    fault::write("lineage-write")
        .and_then(|()| std::fs::write(&partial, &bytes))
        .map_err(|e| {
            let _ = std::fs::remove_file(&partial);
            IndexError::io(&partial, e)
        })?;
    std::fs::rename(&partial, &target).map_err(|e| IndexError::io(&target, e))
}

/// The stored lineage of one generation: `Ok(None)` when there is none.
pub fn load(index: &Path, generation: u64) -> Result<Option<Lineage>, IndexError> {
    let file = path(index, generation);
    let bytes = match std::fs::read(&file) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(IndexError::io(&file, e)),
    };
    let damaged = |why: String| IndexError::Damaged {
        path: file.clone(),
        why,
        fix: Repair::Rebuild,
    };
    if let Some(chained) = tabled(&bytes) {
        let head = read_head(&bytes[TABLED.len()..], chained).map_err(&damaged)?;
        let parts = head
            .revisions
            .iter()
            .flat_map(|r| [&r.table].into_iter().chain(&r.columns));
        for part in parts
            .chain([&head.lineage])
            .chain(head.chains.iter().flat_map(|c| [&c.directory, &c.records]))
        {
            part.of(&bytes).map_err(&damaged)?;
        }
        return Lineage::from_bytes(head.lineage.of(&bytes).map_err(&damaged)?)
            .map(Some)
            .map_err(|e| damaged(e.to_string()));
    }
    let body = match bytes.strip_prefix(CHECKED.as_slice()) {
        Some(rest) => {
            let (crc, body) = rest
                .split_at_checked(4)
                .ok_or_else(|| damaged("it is cut short".to_string()))?;
            if crc != crc32fast::hash(body).to_le_bytes() {
                return Err(damaged("its checksum does not match".to_string()));
            }
            body
        }
        None => &bytes[..],
    };
    Lineage::from_bytes(body)
        .map(Some)
        .map_err(|e| damaged(e.to_string()))
}

/// Where a rule last changed, looking back from the complete revision `revision_id`, as
/// the stored tables of `generation` say: the id of
/// the revision and what changed. Reads the file's head and that revision's table only.
/// `Ok(None)`: no table can say (no file, or one written before the tables); `Ok(Some(None))`:
/// the lineage does not follow that rule of that revision. A damaged head or table is an
/// error (the whole lineage, read, says so and is built again).
pub fn last_change(
    index: &Path,
    generation: u64,
    revision_id: &str,
    number: &crate::model::RuleNumber,
) -> Result<Option<Option<(String, LastStep)>>, IndexError> {
    let file = path(index, generation);
    let damaged = |why: String| IndexError::Damaged {
        path: file.clone(),
        why,
        fix: Repair::Rebuild,
    };
    let io = |e| IndexError::io(&file, e);
    let mut f = match std::fs::File::open(&file) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(e)),
    };
    let Some((head, size)) = open_head(&mut f).map_err(|e| e.into_error(&file))? else {
        return Ok(None);
    };
    // A fragment's rules are followed through the complete revision of its date, whose
    // history names that revision, not the fragment: nothing is said of the fragment's.
    let Some(part) = head
        .revisions
        .iter()
        .find(|r| r.id == revision_id)
        .map(|r| &r.table)
    else {
        return Ok(Some(None));
    };
    if part.end() > size {
        return Err(damaged("a table is cut short".to_string()));
    }
    let mut table = vec![0u8; part.len as usize];
    f.seek(SeekFrom::Start(part.offset)).map_err(io)?;
    f.read_exact(&mut table).map_err(io)?;
    if crc32fast::hash(&table) != part.crc {
        return Err(damaged("a table's checksum does not match".to_string()));
    }
    let rows = decode_table(&table).map_err(&damaged)?;
    let packed = crate::diff::lineage::pack(number);
    let Ok(row) = rows.binary_search_by_key(&packed, |(n, _)| *n) else {
        return Ok(Some(None));
    };
    let last = rows[row].1;
    let revision = head
        .revisions
        .get(last.at as usize)
        .map(|r| r.id.clone())
        .ok_or_else(|| damaged("a table names a revision it does not list".to_string()))?;
    Ok(Some(Some((revision, last.step))))
}

/// Where one part of the file is, and its checksum.
struct Part {
    offset: u64,
    len: u32,
    crc: u32,
}

impl Part {
    fn end(&self) -> u64 {
        self.offset + u64::from(self.len)
    }

    /// The part's bytes in the whole file, checked.
    fn of<'b>(&self, bytes: &'b [u8]) -> Result<&'b [u8], String> {
        let part = usize::try_from(self.offset)
            .ok()
            .and_then(|start| bytes.get(start..start.checked_add(self.len as usize)?))
            .ok_or_else(|| "it is cut short".to_string())?;
        if crc32fast::hash(part) != self.crc {
            return Err("its checksum does not match".to_string());
        }
        Ok(part)
    }
}

/// The head: each complete revision, oldest first, and the lineage; and in a file with
/// a chain index, where that lies.
struct Head {
    revisions: Vec<HeadRevision>,
    lineage: Part,
    chains: Option<ChainIndex>,
}

/// One complete revision in the head.
struct HeadRevision {
    id: String,
    /// Its "last changed" table.
    table: Part,
    /// Its date and where its columns of numbers and chains lie in the lineage (a file
    /// with a chain index).
    date: Option<String>,
    columns: Option<Part>,
}

/// Where the chain index lies: the directory (one [`ENTRY`] per chain), the records
/// (per chain, its links and its texts), and the lineage's text blob.
struct ChainIndex {
    directory: Part,
    records: Part,
    texts_at: u64,
}

/// The file as [`save`] writes it: [`CHAINED`], the head's length and CRC-32, the head
/// (per complete revision: its id, its table, its date, where its columns lie in the
/// lineage; the lineage; the directory; the records; where the text blob starts), the
/// tables, the directory, the records, the lineage.
fn encode(lineage: &Lineage) -> Vec<u8> {
    let tables: Vec<(String, Vec<u8>)> = lineage
        .last_changes()
        .into_iter()
        .map(|(id, rows)| (id, encode_table(&rows)))
        .collect();
    let dates: Vec<String> = lineage
        .dated_revisions()
        .map(|(_, d)| d.to_string())
        .collect();
    let (body, columns, blob) = lineage.to_bytes_placed();
    let (directory, records) = encode_chains(lineage);
    // The head's length depends only on the ids and dates: written once with zero
    // offsets to measure it.
    let head = |start: u64| {
        let mut head = Vec::new();
        let mut at = start;
        put_u32(&mut head, tables.len() as u32);
        for ((id, table), date) in tables.iter().zip(&dates) {
            put_str(&mut head, id);
            put_part(&mut head, at, table);
            at += table.len() as u64;
            put_str(&mut head, date);
            // Where its columns lie: filled in below, once the lineage's place is known.
            head.extend_from_slice(&[0; 16]);
        }
        let directory_at = at;
        let records_at = directory_at + directory.len() as u64;
        let body_at = records_at + records.len() as u64;
        put_part(&mut head, body_at, &body);
        put_part(&mut head, directory_at, &directory);
        put_part(&mut head, records_at, &records);
        head.extend_from_slice(&(body_at + blob as u64).to_le_bytes());
        (head, body_at)
    };
    let len = head(0).0.len();
    let (mut head, body_at) = head((CHAINED.len() + 8 + len) as u64);
    // Each revision's columns, now that the lineage's place is known.
    let mut at = 4;
    for (((id, _), date), columns) in tables.iter().zip(&dates).zip(&columns) {
        at += 4 + id.len() + 16 + 4 + date.len();
        let mut part = Vec::with_capacity(16);
        put_part(
            &mut part,
            body_at + columns.start as u64,
            &body[columns.clone()],
        );
        head[at..at + 16].copy_from_slice(&part);
        at += 16;
    }
    let mut bytes = Vec::with_capacity(
        CHAINED.len() + 8 + head.len() + directory.len() + records.len() + body.len(),
    );
    bytes.extend_from_slice(CHAINED);
    put_u32(&mut bytes, head.len() as u32);
    put_u32(&mut bytes, crc32fast::hash(&head));
    bytes.extend_from_slice(&head);
    for (_, table) in &tables {
        bytes.extend_from_slice(table);
    }
    bytes.extend_from_slice(&directory);
    bytes.extend_from_slice(&records);
    bytes.extend_from_slice(&body);
    bytes
}

/// The chain index: the directory (per chain, an [`ENTRY`]) and the records. A chain's
/// record: the position of the first revision that has it, 1 if it was then removed
/// (else 0), its runs (a count, then per run: how many revisions in a row, the packed
/// number, the text as the record numbers it), its texts (a count, then per text: where
/// it starts in the lineage's text blob, its length, its CRC-32).
fn encode_chains(lineage: &Lineage) -> (Vec<u8>, Vec<u8>) {
    let chains = lineage.chain_links();
    let mut directory = Vec::with_capacity(chains.len() * ENTRY);
    let mut records = Vec::new();
    let mut record = Vec::new();
    for chain in &chains {
        record.clear();
        put_u32(&mut record, chain.start);
        put_u32(&mut record, u32::from(chain.removed));
        let mut texts: Vec<u32> = Vec::new();
        let mut runs: Vec<(u32, u32, u32)> = Vec::new();
        for &(number, text) in &chain.links {
            let local = match texts.iter().position(|&t| t == text) {
                Some(i) => i as u32,
                None => {
                    texts.push(text);
                    texts.len() as u32 - 1
                }
            };
            match runs.last_mut() {
                Some(run) if run.1 == number && run.2 == local => run.0 += 1,
                _ => runs.push((1, number, local)),
            }
        }
        put_u32(&mut record, runs.len() as u32);
        for (count, number, text) in runs {
            put_u32(&mut record, count);
            put_u32(&mut record, number);
            put_u32(&mut record, text);
        }
        put_u32(&mut record, texts.len() as u32);
        for text in texts {
            let (start, len) = lineage.text_span(text);
            let (start_at, end) = (start as usize, (start + len) as usize);
            put_u32(&mut record, start);
            put_u32(&mut record, len);
            put_u32(
                &mut record,
                crc32fast::hash(
                    lineage
                        .text_blob_bytes()
                        .get(start_at..end)
                        .unwrap_or_default(),
                ),
            );
        }
        let mut entry = Vec::with_capacity(ENTRY);
        put_u32(&mut entry, records.len() as u32);
        put_u32(&mut entry, record.len() as u32);
        put_u32(&mut entry, crc32fast::hash(&record));
        let own = crc32fast::hash(&entry);
        put_u32(&mut entry, own);
        directory.extend_from_slice(&entry);
        records.extend_from_slice(&record);
    }
    (directory, records)
}

/// Whether the file starts as a lineage with tables: `Some(true)` with a chain index.
fn tabled(bytes: &[u8]) -> Option<bool> {
    if bytes.starts_with(CHAINED) {
        Some(true)
    } else if bytes.starts_with(TABLED) {
        Some(false)
    } else {
        None
    }
}

fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    put_u32(out, s.len() as u32);
    out.extend_from_slice(s.as_bytes());
}

fn put_part(out: &mut Vec<u8>, offset: u64, bytes: &[u8]) {
    out.extend_from_slice(&offset.to_le_bytes());
    put_u32(out, bytes.len() as u32);
    put_u32(out, crc32fast::hash(bytes));
}

/// One revision's table: per rule, its packed number, then the position of the revision
/// it last changed in with what changed in the top byte (0 nothing since the first
/// revision, 1 added, 2 renumbered, 3 modified), and for a renumbered rule its number
/// before.
fn encode_table(rows: &[(u32, LastChanged)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(rows.len() * 12 + 4);
    put_u32(&mut out, rows.len() as u32);
    for (number, last) in rows {
        let (kind, from) = match last.step {
            LastStep::FirstKnown => (0, 0),
            LastStep::Added => (1, 0),
            LastStep::Renumbered { from } => (2, from),
            LastStep::Modified => (3, 0),
        };
        put_u32(&mut out, *number);
        put_u32(&mut out, last.at.min(0xFF_FFFF) | (kind << 24));
        if kind == 2 {
            put_u32(&mut out, from);
        }
    }
    out
}

fn decode_table(bytes: &[u8]) -> Result<Vec<(u32, LastChanged)>, String> {
    let mut r = Cursor { bytes, at: 0 };
    let n = r.u32()? as usize;
    let mut rows = Vec::with_capacity(n.min(bytes.len() / 8));
    for _ in 0..n {
        let number = r.u32()?;
        let word = r.u32()?;
        let at = word & 0xFF_FFFF;
        let step = match word >> 24 {
            0 => LastStep::FirstKnown,
            1 => LastStep::Added,
            2 => LastStep::Renumbered { from: r.u32()? },
            3 => LastStep::Modified,
            other => return Err(format!("a table has an unknown change {other}")),
        };
        rows.push((number, LastChanged { at, step }));
    }
    if !rows.is_sorted_by_key(|(n, _)| *n) {
        return Err("a table is out of order".to_string());
    }
    Ok(rows)
}

/// Reads the head: its length and checksum, then what it says (`chained`: a file with a
/// chain index).
fn read_head(bytes: &[u8], chained: bool) -> Result<Head, String> {
    let mut r = Cursor { bytes, at: 0 };
    let len = r.u32()?;
    let crc = r.u32()?;
    if len > MAX_HEAD {
        return Err("its head is too long".to_string());
    }
    let head = r.take(len as usize)?;
    if crc32fast::hash(head) != crc {
        return Err("its head's checksum does not match".to_string());
    }
    let mut h = Cursor { bytes: head, at: 0 };
    let count = h.u32()? as usize;
    let mut revisions = Vec::with_capacity(count.min(head.len() / 20));
    for _ in 0..count {
        let id = h.string()?;
        let table = h.part()?;
        let (date, columns) = match chained {
            true => (Some(h.string()?), Some(h.part()?)),
            false => (None, None),
        };
        revisions.push(HeadRevision {
            id,
            table,
            date,
            columns,
        });
    }
    let lineage = h.part()?;
    let chains = match chained {
        true => Some(ChainIndex {
            directory: h.part()?,
            records: h.part()?,
            texts_at: h.u64()?,
        }),
        false => None,
    };
    Ok(Head {
        revisions,
        lineage,
        chains,
    })
}

/// Why the head could not be read: an I/O error or damage.
enum HeadError {
    Io(std::io::Error),
    Damaged(String),
}

impl HeadError {
    fn into_error(self, file: &Path) -> IndexError {
        match self {
            HeadError::Io(e) => IndexError::io(file, e),
            HeadError::Damaged(why) => IndexError::Damaged {
                path: file.to_path_buf(),
                why,
                fix: Repair::Rebuild,
            },
        }
    }
}

/// The head of an open lineage file with tables, and the file's size; `None` for a file
/// without tables.
fn open_head(f: &mut std::fs::File) -> Result<Option<(Head, u64)>, HeadError> {
    let mut start = [0u8; 24];
    if f.read_exact(&mut start).is_err() {
        return Ok(None);
    }
    let Some(chained) = tabled(&start) else {
        return Ok(None);
    };
    let head_len = u32::from_le_bytes([start[16], start[17], start[18], start[19]]);
    let size = f.metadata().map_err(HeadError::Io)?.len();
    if head_len > MAX_HEAD || u64::from(head_len) + 24 > size {
        return Err(HeadError::Damaged("its head is cut short".to_string()));
    }
    let mut head_bytes = start[16..].to_vec();
    head_bytes.resize(8 + head_len as usize, 0);
    f.read_exact(&mut head_bytes[8..]).map_err(HeadError::Io)?;
    let head = read_head(&head_bytes, chained).map_err(HeadError::Damaged)?;
    Ok(Some((head, size)))
}

/// Reads `len` bytes at `offset` of the file (of `size` bytes), checked against `crc`.
fn read_checked(
    f: &mut std::fs::File,
    size: u64,
    offset: u64,
    len: usize,
    crc: u32,
    what: &str,
) -> Result<Vec<u8>, HeadError> {
    if offset.checked_add(len as u64).is_none_or(|end| end > size) {
        return Err(HeadError::Damaged(format!("{what} is cut short")));
    }
    let mut bytes = vec![0u8; len];
    f.seek(SeekFrom::Start(offset)).map_err(HeadError::Io)?;
    f.read_exact(&mut bytes).map_err(HeadError::Io)?;
    if crc32fast::hash(&bytes) != crc {
        return Err(HeadError::Damaged(format!(
            "{what}'s checksum does not match"
        )));
    }
    Ok(bytes)
}

/// The history of the rule `number` of the complete revision `revision_id` as the chain
/// index of `generation` stores it: a lineage of that one chain (see
/// [`Lineage::of_one_chain`]), whose [`Lineage::chain`] is the whole lineage's. Reads the
/// head, the revision's columns of numbers and chains, the chain's directory entry and
/// record, and its texts, each checked. `Ok(None)`: the index cannot say (no file, one
/// written before the chain index, a fragment or a revision it does not chain, a number
/// the revision does not have); the caller reads the whole lineage. A damaged part is an
/// error naming the file.
pub fn chain(
    index: &Path,
    generation: u64,
    revision_id: &str,
    number: &crate::model::RuleNumber,
) -> Result<Option<Lineage>, IndexError> {
    let file = path(index, generation);
    let mut f = match std::fs::File::open(&file) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(IndexError::io(&file, e)),
    };
    read_chain(&mut f, revision_id, number).map_err(|e| e.into_error(&file))
}

fn read_chain(
    f: &mut std::fs::File,
    revision_id: &str,
    number: &crate::model::RuleNumber,
) -> Result<Option<Lineage>, HeadError> {
    let damaged = |why: &str| HeadError::Damaged(why.to_string());
    let Some((head, size)) = open_head(f)? else {
        return Ok(None);
    };
    let Some(index) = &head.chains else {
        return Ok(None);
    };
    let Some(revision) = head.revisions.iter().find(|r| r.id == revision_id) else {
        return Ok(None);
    };
    let columns = revision
        .columns
        .as_ref()
        .ok_or_else(|| damaged("a revision has no columns"))?;
    let bytes = read_checked(
        f,
        size,
        columns.offset,
        columns.len as usize,
        columns.crc,
        "a revision's columns",
    )?;
    let mut r = Cursor {
        bytes: &bytes,
        at: 0,
    };
    let numbers = r.u32s().map_err(|e| damaged(&e))?;
    let chains = r.u32s().map_err(|e| damaged(&e))?;
    if numbers.len() != chains.len() {
        return Err(damaged("a revision's columns are of unequal length"));
    }
    let packed = crate::diff::lineage::pack(number);
    let Ok(row) = numbers.binary_search(&packed) else {
        return Ok(None);
    };
    let chain = u64::from(chains[row]);
    // The chain's entry in the directory, checked by its own checksum.
    let entry_at = chain * ENTRY as u64;
    if entry_at + ENTRY as u64 > u64::from(index.directory.len) {
        return Err(damaged("a revision names a chain the directory lacks"));
    }
    let mut entry = [0u8; ENTRY];
    f.seek(SeekFrom::Start(index.directory.offset + entry_at))
        .map_err(HeadError::Io)?;
    f.read_exact(&mut entry).map_err(HeadError::Io)?;
    let mut e = Cursor {
        bytes: &entry,
        at: 0,
    };
    let (at, len, crc, own) = (e.u32(), e.u32(), e.u32(), e.u32());
    let (Ok(at), Ok(len), Ok(crc), Ok(own)) = (at, len, crc, own) else {
        return Err(damaged("a chain's entry is cut short"));
    };
    if crc32fast::hash(&entry[..12]) != own {
        return Err(damaged("a chain's entry's checksum does not match"));
    }
    if u64::from(at) + u64::from(len) > u64::from(index.records.len) {
        return Err(damaged("a chain's record lies outside the records"));
    }
    let record = read_checked(
        f,
        size,
        index.records.offset + u64::from(at),
        len as usize,
        crc,
        "a chain's record",
    )?;
    let mut r = Cursor {
        bytes: &record,
        at: 0,
    };
    let bad = |e: String| HeadError::Damaged(e);
    let start = r.u32().map_err(bad)?;
    let removed = r.u32().map_err(bad)? != 0;
    let runs = r.u32().map_err(bad)? as usize;
    let mut links = Vec::new();
    for _ in 0..runs {
        let count = r.u32().map_err(bad)?;
        let number = r.u32().map_err(bad)?;
        let text = r.u32().map_err(bad)?;
        if links.len() + count as usize > head.revisions.len() {
            return Err(damaged("a chain's record has more links than revisions"));
        }
        links.extend(std::iter::repeat_n((number, text), count as usize));
    }
    let count = r.u32().map_err(bad)? as usize;
    let mut texts = Vec::with_capacity(count.min(head.revisions.len()));
    for _ in 0..count {
        let (at, len, crc) = (
            r.u32().map_err(bad)?,
            r.u32().map_err(bad)?,
            r.u32().map_err(bad)?,
        );
        let bytes = read_checked(
            f,
            size,
            index.texts_at + u64::from(at),
            len as usize,
            crc,
            "a rule's text",
        )?;
        texts.push(String::from_utf8(bytes).map_err(|_| damaged("a rule's text is not UTF-8"))?);
    }
    if start as usize + links.len() > head.revisions.len()
        || links.iter().any(|&(_, t)| t as usize >= texts.len())
    {
        return Err(damaged("a chain's record does not fit the revisions"));
    }
    let mut revisions = Vec::with_capacity(head.revisions.len());
    for r in &head.revisions {
        let date = r
            .date
            .as_deref()
            .unwrap_or_default()
            .parse()
            .map_err(|e: String| HeadError::Damaged(e))?;
        revisions.push((r.id.clone(), date));
    }
    let chain = crate::diff::lineage::ChainLinks {
        start,
        links,
        removed,
    };
    Ok(Some(Lineage::of_one_chain(revisions, &chain, &texts)))
}

struct Cursor<'b> {
    bytes: &'b [u8],
    at: usize,
}

impl<'b> Cursor<'b> {
    fn take(&mut self, n: usize) -> Result<&'b [u8], String> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or_else(|| "it is cut short".to_string())?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, String> {
        let b = self.take(8)?;
        Ok(u64::from_le_bytes([
            b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7],
        ]))
    }

    fn u32s(&mut self) -> Result<Vec<u32>, String> {
        let n = self.u32()? as usize;
        let b = self.take(
            n.checked_mul(4)
                .ok_or_else(|| "a column is too long".to_string())?,
        )?;
        Ok(b.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }

    fn part(&mut self) -> Result<Part, String> {
        let b = self.take(8)?;
        let offset = u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        Ok(Part {
            offset,
            len: self.u32()?,
            crc: self.u32()?,
        })
    }

    fn string(&mut self) -> Result<String, String> {
        let n = self.u32()? as usize;
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| "a name is not UTF-8".to_string())
    }
}

/// Where the chain index (directory and records) lies in the lineage file of
/// `generation`, if it has one: for tests that damage it.
#[doc(hidden)]
pub fn chain_index_span(index: &Path, generation: u64) -> Option<std::ops::Range<u64>> {
    let mut f = std::fs::File::open(path(index, generation)).ok()?;
    let (head, _) = open_head(&mut f).ok()??;
    let chains = head.chains?;
    Some(chains.directory.offset..chains.records.end())
}

/// Whether the lineage of `generation` is stored as this arbiter writes it (checksums,
/// tables and chain index) and intact; else the next writer builds it again.
pub fn is_sealed(index: &Path, generation: u64) -> bool {
    std::fs::read(path(index, generation)).is_ok_and(|bytes| {
        bytes.starts_with(CHAINED)
            && read_head(&bytes[CHAINED.len()..], true).is_ok_and(|head| {
                let mut parts = head
                    .revisions
                    .iter()
                    .flat_map(|r| [&r.table].into_iter().chain(&r.columns))
                    .chain([&head.lineage]);
                head.chains
                    .as_ref()
                    .is_some_and(|c| c.directory.of(&bytes).is_ok() && c.records.of(&bytes).is_ok())
                    && parts.all(|p| p.of(&bytes).is_ok())
            })
    })
}

/// Whether a file starts as arbiter writes a lineage with a checksum (so a writer may
/// remove it when its generation is past; a file of the same name without it may be
/// anyone's).
pub fn is_sealed_file(file: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 16];
    std::fs::File::open(file)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| head == *CHECKED || head == *TABLED || head == *CHAINED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::lineage::build;
    use crate::diff::tests::revision;
    use crate::model::Revision;

    fn revisions() -> Vec<Revision> {
        let a = "
704. State-Based Actions
704.5j If two or more planeswalkers that share a planeswalker type are on the battlefield, all are put into their owners' graveyards.
704.5k If two or more legendary permanents with the same name are on the battlefield, all are put into their owners' graveyards.
704.5m An aura attached to nothing is put into its owner's graveyard.
";
        let b = "
704. State-Based Actions
704.5j If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners' graveyards.
704.5m An Aura attached to nothing is put into its owner's graveyard.
704.5n A new rule.
";
        let c = "
704. State-Based Actions
704.5j If a player controls two or more legendary permanents with the same name, that player chooses one of them, and the rest are put into their owners' graveyards.
704.5n A new rule.
";
        vec![
            revision("2011-07-15", true, a),
            revision("2017-09-29", true, b),
            revision("2019-01-25", true, c),
            revision("2019-01-25-s7", false, c),
        ]
    }

    /// Each link as history shows it, with whether its text is the one before's.
    fn shown(lineage: &Lineage, rev: &str, number: &crate::model::RuleNumber) -> Vec<String> {
        let links = lineage.chain(lineage.chain_of(rev, number).expect("a chain"));
        links
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let same = i > 0 && l.same_text(&links[i - 1]);
                format!(
                    "{} {} {:?} {:?} {:?} {same}",
                    l.revision, l.date, l.number, l.text, l.change
                )
            })
            .collect()
    }

    #[test]
    fn the_chain_index_gives_each_rule_its_whole_lineage_chain_and_damage_is_said() {
        let revisions = revisions();
        let refs: Vec<&Revision> = revisions.iter().collect();
        let lineage = build(&refs);
        let dir = tempfile::tempdir().expect("tempdir");
        save(dir.path(), 3, &lineage).expect("save");
        assert!(is_sealed(dir.path(), 3));
        assert_eq!(load(dir.path(), 3).expect("load"), Some(lineage.clone()));
        let mut asked = 0;
        for id in lineage.revision_ids().collect::<Vec<_>>() {
            for (number, _) in lineage.rules_of(id).collect::<Vec<_>>() {
                let one = chain(dir.path(), 3, id, &number)
                    .expect("read")
                    .expect("a chain");
                assert_eq!(
                    shown(&one, id, &number),
                    shown(&lineage, id, &number),
                    "{id} {number}"
                );
                asked += 1;
            }
            let absent = "999.9z".parse().expect("number");
            assert!(chain(dir.path(), 3, id, &absent).expect("read").is_none());
        }
        assert!(asked >= 10, "{asked}");
        // A fragment and a revision it does not chain: the whole lineage answers.
        let number = "704.5j".parse().expect("number");
        assert!(chain(dir.path(), 3, "2019-01-25-s7", &number)
            .expect("read")
            .is_none());
        assert!(chain(dir.path(), 3, "2020-01-01", &number)
            .expect("read")
            .is_none());
        assert!(chain(dir.path(), 4, "2019-01-25", &number)
            .expect("read")
            .is_none());

        // Any changed byte of what one lookup reads is said; the ingest check sees it.
        let file = path(dir.path(), 3);
        let good = std::fs::read(&file).expect("read");
        let mut said = 0;
        for at in 0..good.len() {
            let mut bad = good.clone();
            bad[at] ^= 0x55;
            std::fs::write(&file, &bad).expect("write");
            assert!(!is_sealed(dir.path(), 3), "byte {at}");
            match chain(dir.path(), 3, "2019-01-25", &number) {
                Err(IndexError::Damaged { .. }) => said += 1,
                Ok(Some(one)) => assert_eq!(
                    shown(&one, "2019-01-25", &number),
                    shown(&lineage, "2019-01-25", &number),
                    "byte {at}"
                ),
                Ok(None) => assert!(at < 16, "byte {at}: not read"),
                Err(e) => panic!("byte {at}: {e}"),
            }
        }
        assert!(said > 0);
        std::fs::write(&file, &good).expect("write");

        // A file written before the chain index (here, before the tables): read whole,
        // not used for one chain, and not sealed (the next ingest writes it again).
        let body = lineage.to_bytes();
        let mut old = CHECKED.to_vec();
        old.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
        old.extend_from_slice(&body);
        std::fs::write(&file, &old).expect("write");
        assert!(!is_sealed(dir.path(), 3));
        assert!(is_sealed_file(&file));
        assert!(chain(dir.path(), 3, "2019-01-25", &number)
            .expect("read")
            .is_none());
        assert_eq!(load(dir.path(), 3).expect("load"), Some(lineage));
    }
}
