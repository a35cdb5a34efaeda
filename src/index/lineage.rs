//! Where the lineage lives on disk: `lineage-g<generation>.bin` in the index folder,
//! written at ingest before the generation it describes is committed (so the current
//! generation always has one), and read by `history`, `diff` and the scenario checker.
//!
//! The file is [`CHECKED`], the CRC-32 of the rest, then [`Lineage::to_bytes`] (it loads
//! without parsing text). A file without the header (written before checksums) still
//! reads; a damaged one is an error naming it (`crate::ingest::lineage` builds it again).

use std::path::{Path, PathBuf};

use crate::diff::lineage::Lineage;

use super::{fault, IndexError, Repair};

const PREFIX: &str = "lineage-g";
const SUFFIX: &str = ".bin";
/// The first bytes of a lineage file with a checksum.
const CHECKED: &[u8; 16] = b"arbiter-checked\0";

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
    let body = lineage.to_bytes();
    let mut bytes = Vec::with_capacity(body.len() + CHECKED.len() + 4);
    bytes.extend_from_slice(CHECKED);
    bytes.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
    bytes.extend_from_slice(&body);
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
        .is_ok_and(|()| head == *CHECKED)
}
