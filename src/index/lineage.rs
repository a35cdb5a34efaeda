//! Where the lineage lives on disk: `lineage.bin` in the index folder, written at ingest
//! (after every change to the set of revisions) and read by `history`, `diff` and the
//! scenario checker. The file is [`Lineage::to_bytes`]: it loads without parsing text.

use std::path::{Path, PathBuf};

use crate::diff::lineage::{self, Lineage};
use crate::model::Revision;

/// The lineage file's name inside the index folder.
pub const FILE: &str = "lineage.bin";

/// The lineage file of an index folder.
pub fn path(index: &Path) -> PathBuf {
    index.join(FILE)
}

/// Builds the lineage of `revisions` and writes it into the index folder, replacing what
/// was there (written to a temporary file first, so a reader never sees half a file).
pub fn store(index: &Path, revisions: &[&Revision]) -> std::io::Result<Lineage> {
    let lineage = lineage::build(revisions);
    save(index, &lineage)?;
    Ok(lineage)
}

/// Writes a lineage into the index folder.
pub fn save(index: &Path, lineage: &Lineage) -> std::io::Result<()> {
    let target = path(index);
    let partial = index.join(format!("{FILE}.partial"));
    std::fs::write(&partial, lineage.to_bytes())?;
    std::fs::rename(&partial, &target)
}

/// The stored lineage of an index folder: `Ok(None)` when there is none yet.
pub fn load(index: &Path) -> anyhow::Result<Option<Lineage>> {
    let file = path(index);
    let bytes = match std::fs::read(&file) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(anyhow::Error::new(e).context(format!("reading {}", file.display()))),
    };
    let lineage = Lineage::from_bytes(&bytes)
        .map_err(|e| anyhow::Error::new(e).context(format!("reading {}", file.display())))?;
    Ok(Some(lineage))
}
