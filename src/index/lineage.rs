//! Where the lineage lives on disk: `lineage-g<generation>.bin` in the index folder,
//! written at ingest right after the generation it describes is committed, and read by
//! `history`, `diff` and the scenario checker. A generation whose lineage file is missing
//! (an ingest stopped between the two steps) simply has none: readers compute what they
//! need instead. The file is [`Lineage::to_bytes`]: it loads without parsing text.

use std::path::{Path, PathBuf};

use crate::diff::lineage::{self, Lineage};
use crate::model::Revision;

const PREFIX: &str = "lineage-g";
const SUFFIX: &str = ".bin";

/// The lineage file of one generation of an index folder.
pub fn path(index: &Path, generation: u64) -> PathBuf {
    index.join(format!("{PREFIX}{generation}{SUFFIX}"))
}

/// Builds the lineage of `revisions` and writes it as the lineage of `generation`
/// (through a temporary file, so a reader never sees half a file), then removes the
/// lineage files of other generations.
pub fn store(index: &Path, generation: u64, revisions: &[&Revision]) -> std::io::Result<Lineage> {
    let lineage = lineage::build(revisions);
    save(index, generation, &lineage)?;
    Ok(lineage)
}

/// Writes a lineage as that of `generation` and removes older ones.
pub fn save(index: &Path, generation: u64, lineage: &Lineage) -> std::io::Result<()> {
    let target = path(index, generation);
    let partial = index.join(format!(".tmp-{}-lineage", std::process::id()));
    std::fs::write(&partial, lineage.to_bytes())?;
    std::fs::rename(&partial, &target)?;
    if let Ok(entries) = std::fs::read_dir(index) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            let other =
                name.starts_with(PREFIX) && name.ends_with(SUFFIX) && entry.path() != target;
            if other {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    Ok(())
}

/// The stored lineage of one generation: `Ok(None)` when there is none.
pub fn load(index: &Path, generation: u64) -> anyhow::Result<Option<Lineage>> {
    let file = path(index, generation);
    let bytes = match std::fs::read(&file) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(anyhow::Error::new(e).context(format!("reading {}", file.display()))),
    };
    let lineage = Lineage::from_bytes(&bytes)
        .map_err(|e| anyhow::Error::new(e).context(format!("reading {}", file.display())))?;
    Ok(Some(lineage))
}
