//! Where the lineage lives on disk: `lineage-g<generation>.bin` in the index folder,
//! written at ingest before the generation it describes is committed (so the current
//! generation always has one), and read by `history`, `diff` and the scenario checker.
//!
//! The file is [`TABLED`], then a head (its length and CRC-32, then where each revision's
//! "last changed" table is, with its length and CRC-32, and the same for the lineage),
//! then the tables (see [`Lineage::last_changes`]), then [`Lineage::to_bytes`] (it loads
//! without parsing text). `arbiter rule` reads the head and one revision's table, a few
//! kilobytes, not the whole file ([`last_change`]). A file written before the tables
//! ([`CHECKED`], the CRC-32 of the rest, then the lineage) or before checksums (the
//! lineage alone) still reads; a damaged one is an error naming it
//! (`crate::ingest::lineage` builds it again).

use std::path::{Path, PathBuf};

use std::io::{Read, Seek, SeekFrom};

use crate::diff::lineage::{LastChanged, LastStep, Lineage};

use super::{fault, IndexError, Repair};

const PREFIX: &str = "lineage-g";
const SUFFIX: &str = ".bin";
/// The first bytes of a lineage file with a checksum and no tables (read, not written).
const CHECKED: &[u8; 16] = b"arbiter-checked\0";
/// The first bytes of a lineage file with its "last changed" tables and checksums.
const TABLED: &[u8; 16] = b"arbiter-lineage2";
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
    if bytes.starts_with(TABLED) {
        let head = read_head(&bytes[TABLED.len()..]).map_err(&damaged)?;
        for part in head.tables.iter().map(|(_, p)| p).chain([&head.lineage]) {
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
    let mut start = [0u8; 24];
    if f.read_exact(&mut start).is_err() || !start.starts_with(TABLED) {
        return Ok(None);
    }
    let head_len = u32::from_le_bytes([start[16], start[17], start[18], start[19]]);
    let size = f.metadata().map_err(io)?.len();
    if head_len > MAX_HEAD || u64::from(head_len) + 24 > size {
        return Err(damaged("its head is cut short".to_string()));
    }
    let mut head_bytes = start[16..].to_vec();
    head_bytes.resize(8 + head_len as usize, 0);
    f.read_exact(&mut head_bytes[8..]).map_err(io)?;
    let head = read_head(&head_bytes).map_err(&damaged)?;
    // A fragment's rules are followed through the complete revision of its date, whose
    // history names that revision, not the fragment: nothing is said of the fragment's.
    let Some((_, part)) = head.tables.iter().find(|(id, _)| id == revision_id) else {
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
        .tables
        .get(last.at as usize)
        .map(|(id, _)| id.clone())
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

/// The head: each complete revision's table, oldest first, and the lineage.
struct Head {
    tables: Vec<(String, Part)>,
    lineage: Part,
}

/// The file as [`save`] writes it.
fn encode(lineage: &Lineage) -> Vec<u8> {
    let tables: Vec<(String, Vec<u8>)> = lineage
        .last_changes()
        .into_iter()
        .map(|(id, rows)| (id, encode_table(&rows)))
        .collect();
    let body = lineage.to_bytes();
    // The head's length depends only on the ids: written once with zero offsets to
    // measure it.
    let head = |start: u64| {
        let mut head = Vec::new();
        let mut at = start;
        put_u32(&mut head, tables.len() as u32);
        for (id, table) in &tables {
            put_str(&mut head, id);
            put_part(&mut head, at, table);
            at += table.len() as u64;
        }
        put_part(&mut head, at, &body);
        head
    };
    let len = head(0).len();
    let head = head((TABLED.len() + 8 + len) as u64);
    let mut bytes = Vec::with_capacity(TABLED.len() + 8 + head.len() + body.len() * 2);
    bytes.extend_from_slice(TABLED);
    put_u32(&mut bytes, head.len() as u32);
    put_u32(&mut bytes, crc32fast::hash(&head));
    bytes.extend_from_slice(&head);
    for (_, table) in &tables {
        bytes.extend_from_slice(table);
    }
    bytes.extend_from_slice(&body);
    bytes
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

/// Reads the head: its length and checksum, then what it says.
fn read_head(bytes: &[u8]) -> Result<Head, String> {
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
    let mut tables = Vec::with_capacity(count.min(head.len() / 20));
    for _ in 0..count {
        let id = h.string()?;
        tables.push((id, h.part()?));
    }
    let lineage = h.part()?;
    Ok(Head { tables, lineage })
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

/// Whether the lineage of `generation` is stored with a checksum (else it is built
/// again by the next writer).
pub fn is_sealed(index: &Path, generation: u64) -> bool {
    is_sealed_file(&path(index, generation))
}

/// Whether a file starts as arbiter writes a lineage with a checksum (so a writer may
/// remove it when its generation is past; a file of the same name without it may be
/// anyone's).
pub fn is_sealed_file(file: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 16];
    std::fs::File::open(file)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| head == *CHECKED || head == *TABLED)
}
