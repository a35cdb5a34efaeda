//! Where the index lives: `--index DIR`, else `$ARBITER_INDEX` (both arrive as the
//! explicit path), else `arbiter/` in the platform's data directory
//! (`~/.local/share/arbiter` on Linux). There is one default, whatever folder a command
//! runs in: an index ingested from a checkout is found from any other folder (before,
//! a checkout's `index/` folder was preferred there, and a command run elsewhere saw
//! only the built-in fragments).

use std::path::{Path, PathBuf};

/// The index folder and how it was chosen (for messages).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub dir: PathBuf,
    pub chosen_by: ChosenBy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChosenBy {
    /// `--index` or `ARBITER_INDEX`.
    Explicit,
    /// The platform's data directory.
    DataDir,
}

/// Decides the index folder.
pub fn locate(explicit: Option<&Path>) -> Location {
    if let Some(dir) = explicit {
        return Location {
            dir: dir.to_path_buf(),
            chosen_by: ChosenBy::Explicit,
        };
    }
    let base = dirs::data_dir().unwrap_or_else(|| PathBuf::from("."));
    Location {
        dir: base.join("arbiter"),
        chosen_by: ChosenBy::DataDir,
    }
}

impl Location {
    /// Where this index was looked for, and why there, for a message: `/x (--index or
    /// ARBITER_INDEX)`, `~/.local/share/arbiter (the default: your data directory)`.
    pub fn described(&self) -> String {
        let why = match self.chosen_by {
            ChosenBy::Explicit => "chosen with --index or ARBITER_INDEX",
            ChosenBy::DataDir => {
                "the default, in your data directory; --index or ARBITER_INDEX chooses another"
            }
        };
        format!("{} ({why})", self.dir.display())
    }
}

/// The `index/` folder beside the `Cargo.toml` of an arbiter checkout at or above `from`
/// (no longer a default; kept to tell a user whose old index is there where it is).
pub fn checkout_index(from: &Path) -> Option<PathBuf> {
    from.ancestors().find_map(|dir| {
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        let index = dir.join("index");
        (is_arbiter_manifest(&manifest) && index.is_dir()).then_some(index)
    })
}

/// True when a `Cargo.toml` declares the package `arbiter`.
fn is_arbiter_manifest(manifest: &str) -> bool {
    let mut in_package = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
        } else if in_package {
            if let Some(value) = line
                .strip_prefix("name")
                .map(str::trim_start)
                .and_then(|r| r.strip_prefix('='))
            {
                return value.trim().trim_matches('"') == "arbiter";
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_only_the_arbiter_package() {
        assert!(is_arbiter_manifest("[package]\nname = \"arbiter\"\n"));
        assert!(!is_arbiter_manifest("[package]\nname = \"arbiter-fuzz\"\n"));
        assert!(!is_arbiter_manifest(
            "[package]\nname = \"x\"\n[dependencies]\nname = \"arbiter\""
        ));
    }

    #[test]
    fn finds_the_index_folder_of_a_checkout_from_below() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(
            tmp.path().join("Cargo.toml"),
            "[package]\nname = \"arbiter\"\n",
        )
        .unwrap();
        std::fs::create_dir_all(tmp.path().join("index")).unwrap();
        std::fs::create_dir_all(tmp.path().join("src/deep")).unwrap();
        assert_eq!(
            checkout_index(&tmp.path().join("src/deep")),
            Some(tmp.path().join("index"))
        );
        assert_eq!(locate(Some(Path::new("/x"))).chosen_by, ChosenBy::Explicit);
    }

    #[test]
    fn one_default_whatever_the_folder_a_command_runs_in() {
        // Without --index or ARBITER_INDEX the index is the data directory's, never a
        // checkout's `index/` (the first-hour problem of issue #33: ingest in the
        // checkout, then `arbiter rule 704.5j` elsewhere found nothing).
        let location = locate(None);
        assert_eq!(location.chosen_by, ChosenBy::DataDir);
        assert!(location.dir.ends_with("arbiter"));
        assert!(location.described().contains("data directory"));
    }
}
