//! `arbiter export html [--rev R] [--diff A B] [--force] OUT_DIR`: write a revision as
//! a static, offline website. The pages are built by [`crate::render::html`] (pure);
//! this module resolves the revisions, computes the diff, and writes the files.
//!
//! Writing is all or nothing: the site is written into a hidden folder beside OUT_DIR
//! (`.NAME.arbiter-export-PID.tmp`) and renamed into place only when every file is
//! written, so a failed export leaves OUT_DIR as it was. OUT_DIR may be missing, empty,
//! or a previous arbiter export (it holds `arbiter-export.json` and only the files an
//! export writes); anything else is refused unless `--force`, which replaces it whole.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use serde::Serialize;

use super::{hint, Context, Outcome};
use crate::cli::{ExportArgs, ExportFormat, ExportHtmlArgs};
use crate::diff::{self, Changes, Options};
use crate::render::html::{self, Stats};

/// The file that marks a folder as an arbiter export; it holds the export's summary.
pub const MARKER: &str = "arbiter-export.json";

pub fn run(args: &ExportArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    match &args.format {
        ExportFormat::Html { args, .. } => run_html(args, ctx),
    }
}

/// What an export wrote, printed by `--json` and kept in the site as [`MARKER`].
#[derive(Debug, Serialize)]
struct Summary {
    generator: String,
    out_dir: PathBuf,
    revision: String,
    date: String,
    /// Every file written, the marker included.
    files: Vec<String>,
    /// The total size of the files, in bytes.
    bytes: usize,
    #[serde(flatten)]
    stats: Stats,
    /// The two revisions of the diff page, when there is one.
    diff: Option<[String; 2]>,
}

fn run_html(args: &ExportHtmlArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let library = super::library(ctx)?;
    let diff_ids = match args.diff.as_deref() {
        Some([a, b]) => Some((
            library.resolve(Some(a))?.id.clone(),
            library.resolve(Some(b))?.id.clone(),
        )),
        Some(_) => anyhow::bail!("--diff takes two revisions: --diff A B"),
        None => None,
    };
    // Without --rev, the site is of --diff's newer revision, else the default one.
    let id = match (&args.rev, &diff_ids) {
        (Some(rev), _) => library.resolve(Some(rev))?.id.clone(),
        (None, Some((_, b))) => b.clone(),
        (None, None) => library.resolve(None)?.id.clone(),
    };
    let revision = library.load(&id)?;
    let changes = match &diff_ids {
        Some((a, b)) => {
            let (a, b) = (library.load(a)?, library.load(b)?);
            let known = super::stored_lineage(ctx, &library)
                .map(|l| l.pairs(&a.id, &b.id))
                .unwrap_or_default();
            Some(diff::pair_with(&a, &b, &Options::default(), &known))
        }
        None => None,
    };
    let since = match &changes {
        Some(c) if c.to == revision.id => None,
        _ => since_previous(ctx, &library, &revision)?,
    };
    let generator = format!("arbiter {}", env!("CARGO_PKG_VERSION"));
    let site = html::site(&revision, changes.as_ref(), since.as_ref(), &generator);

    let mut files: Vec<(String, String)> = site
        .files
        .into_iter()
        .map(|f| (f.name, f.contents))
        .collect();
    let mut summary = Summary {
        generator,
        out_dir: args.out_dir.clone(),
        revision: revision.id.clone(),
        date: revision.date.to_string(),
        files: files.iter().map(|(name, _)| name.clone()).collect(),
        bytes: files.iter().map(|(_, c)| c.len()).sum(),
        stats: site.stats,
        diff: diff_ids.map(|(a, b)| [a, b]),
    };
    summary.files.push(MARKER.to_string());
    let marker = serde_json::to_string_pretty(&summary)?;
    summary.bytes += marker.len();
    files.push((MARKER.to_string(), marker));
    never_an_index(
        &args.out_dir,
        &crate::index::locate(ctx.index.as_deref()).dir,
    )?;
    write_site(&args.out_dir, &files, args.force)?;

    if ctx.json {
        super::print(&serde_json::to_string_pretty(&summary)?)?;
    } else {
        super::print(&report(&summary))?;
    }
    Ok(Outcome::Success)
}

/// The changes from the complete revision before `revision` (by date) to it, for the
/// marks of what it changed; `None` when it is the first, or a fragment (whose rules
/// would all read as new).
fn since_previous(
    ctx: &Context,
    library: &crate::library::Library,
    revision: &crate::model::Revision,
) -> anyhow::Result<Option<Changes>> {
    if !revision.complete {
        return Ok(None);
    }
    let Some(previous) = library
        .revisions()
        .iter()
        .filter(|info| info.complete && info.date < revision.date)
        .max_by_key(|info| info.date)
    else {
        return Ok(None);
    };
    let previous = library.load(&previous.id)?;
    let known = super::stored_lineage(ctx, library)
        .map(|l| l.pairs(&previous.id, &revision.id))
        .unwrap_or_default();
    Ok(Some(diff::pair_with(
        &previous,
        revision,
        &Options::default(),
        &known,
    )))
}

/// The summary for people.
fn report(summary: &Summary) -> String {
    let s = &summary.stats;
    let out = summary.out_dir.display();
    let mut text = format!(
        "Exported {} to {out}: {} pages, {} rules, {} glossary entries, {} reference links, {} cited-by links",
        summary.revision, s.pages, s.rules, s.glossary_entries, s.reference_links, s.cited_by_links
    );
    if let (Some([a, b]), Some(n)) = (&summary.diff, s.changes) {
        text.push_str(&format!(", {n} changes from {a} to {b}"));
    }
    text.push_str(".\n");
    if s.unresolved > 0 {
        text.push_str(&format!(
            "{} references name rules or sections {} does not have; they are shown as text.\n",
            s.unresolved, summary.revision
        ));
    }
    text.push_str(&format!(
        "Open {} in a browser.\n",
        summary.out_dir.join(html::INDEX_PAGE).display()
    ));
    text
}

/// What OUT_DIR is before an export.
#[derive(Debug, PartialEq, Eq)]
enum Existing {
    Missing,
    Empty,
    /// A previous arbiter export: the marker and only files an export writes.
    Export,
    /// A folder with other things in it; the first one found, to name in the message.
    Other(String),
}

fn existing(dir: &Path) -> anyhow::Result<Existing> {
    // A symbolic link to a folder is followed: the folder it names is replaced.
    let meta = match std::fs::metadata(dir) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Existing::Missing),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", dir.display())),
    };
    if !meta.is_dir() {
        return Err(hint::error(
            format!("{} is not a folder", dir.display()),
            "give the folder to write the site into, e.g. site/",
        ));
    }
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
        let is_file = entry.file_type().is_ok_and(|t| t.is_file());
        names.push((entry.file_name().to_string_lossy().into_owned(), is_file));
    }
    if names.is_empty() {
        return Ok(Existing::Empty);
    }
    names.sort();
    let exported = |(name, is_file): &(String, bool)| {
        *is_file && (name == MARKER || name == "style.css" || name.ends_with(".html"))
    };
    let has_marker = names.iter().any(|(name, f)| *f && name == MARKER);
    match names.iter().find(|n| !exported(n)) {
        None if has_marker => Ok(Existing::Export),
        None => Ok(Existing::Other(MARKER.to_string())),
        Some((name, _)) => Ok(Existing::Other(name.clone())),
    }
}

/// Refuses to write a site into an index folder (this command line's, or any folder with
/// a catalogue or stored revisions) or into a folder that holds this command line's index:
/// `--force` replaces the folder whole, and an index is no export.
fn never_an_index(out: &Path, index: &Path) -> anyhow::Result<()> {
    let refuse = |what: String| {
        Err(hint::error(
            format!("{} {what}", out.display()),
            "give another folder to write the site into, e.g. site/",
        ))
    };
    if out.join(crate::index::store::CATALOGUE).exists() || out.join("revisions").is_dir() {
        return refuse("is an arbiter index, not an export".to_string());
    }
    if let (Ok(out), Ok(index)) = (std::fs::canonicalize(out), std::fs::canonicalize(index)) {
        if index.starts_with(&out) {
            return refuse(format!("holds the index at {}", index.display()));
        }
    }
    Ok(())
}

/// Writes `files` as the folder `out`, all or nothing (see the module's documentation).
fn write_site(out: &Path, files: &[(String, String)], force: bool) -> anyhow::Result<()> {
    let state = existing(out)?;
    if let Existing::Other(name) = &state {
        if !force {
            let what = if name == MARKER {
                format!("it has no {MARKER}, so it is not an arbiter export")
            } else {
                format!("`{name}` is not part of an arbiter export")
            };
            return Err(hint::error(
                format!("{} is not empty and {what}", out.display()),
                "give a new or empty folder, or pass --force to replace it and everything in it",
            ));
        }
    }
    // The folder's real location, so that `.` or `site/..` name it.
    let out = if state == Existing::Missing {
        out.to_path_buf()
    } else {
        let real = std::fs::canonicalize(out)
            .with_context(|| format!("cannot resolve {}", out.display()))?;
        if let Ok(cwd) = std::env::current_dir().and_then(std::fs::canonicalize) {
            if cwd.starts_with(&real) {
                return Err(hint::error(
                    format!("{} is the current folder or contains it", out.display()),
                    "give another folder to write the site into, e.g. site/",
                ));
            }
        }
        real
    };
    let Some(name) = out.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return Err(hint::error(
            format!("{} does not name a folder", out.display()),
            "give the folder to write the site into, e.g. site/",
        ));
    };
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)
        .with_context(|| format!("cannot create the folder {}", parent.display()))?;

    let pid = std::process::id();
    let staging = Staging::create(parent.join(format!(".{name}.arbiter-export-{pid}.tmp")))?;
    for (file, contents) in files {
        let path = staging.path.join(file);
        std::fs::write(&path, contents)
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if state == Existing::Missing {
        std::fs::rename(&staging.path, &out).with_context(|| {
            format!(
                "cannot move the new site from {} to {}",
                staging.path.display(),
                out.display()
            )
        })?;
    } else {
        // Move the old folder aside, the new one in, then delete the old one.
        let old = parent.join(format!(".{name}.arbiter-export-{pid}.old"));
        std::fs::rename(&out, &old).with_context(|| {
            format!(
                "cannot move {} aside to replace it (to {})",
                out.display(),
                old.display()
            )
        })?;
        if let Err(e) = std::fs::rename(&staging.path, &out) {
            let _ = std::fs::rename(&old, &out);
            return Err(e).with_context(|| {
                format!(
                    "cannot move the new site from {} to {}",
                    staging.path.display(),
                    out.display()
                )
            });
        }
        if let Err(e) = std::fs::remove_dir_all(&old) {
            crate::output::eprintln(format_args!(
                "arbiter: warning: the site is written, but the previous one could not be deleted from {}: {e}",
                old.display()
            ));
        }
    }
    staging.keep();
    Ok(())
}

/// The hidden folder a site is written into; deleted when dropped unless kept (moved
/// into place).
struct Staging {
    path: PathBuf,
    kept: bool,
}

impl Staging {
    fn create(path: PathBuf) -> anyhow::Result<Staging> {
        if path.exists() {
            // Left by an earlier export that was killed with the same process id.
            std::fs::remove_dir_all(&path)
                .with_context(|| format!("cannot remove the stale {}", path.display()))?;
        }
        std::fs::create_dir(&path)
            .with_context(|| format!("cannot create the folder {}", path.display()))?;
        Ok(Staging { path, kept: false })
    }

    fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.kept {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files() -> Vec<(String, String)> {
        vec![
            ("index.html".to_string(), "<p>new</p>".to_string()),
            (MARKER.to_string(), "{}".to_string()),
        ]
    }

    #[test]
    fn writes_a_new_folder_and_replaces_a_previous_export() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("site");
        write_site(&out, &files(), false).unwrap();
        assert_eq!(existing(&out).unwrap(), Existing::Export);
        std::fs::write(out.join("section-9.html"), "old page").unwrap();
        write_site(&out, &files(), false).unwrap();
        // The old export is gone whole: no stale page, no hidden folders beside it.
        assert!(!out.join("section-9.html").exists());
        let beside: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().flatten().collect();
        assert_eq!(beside.len(), 1, "{beside:?}");
    }

    #[test]
    fn refuses_a_folder_that_is_not_an_export_unless_forced() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("notes");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("todo.txt"), "keep me").unwrap();
        let err = hint::report(&write_site(&out, &files(), false).unwrap_err());
        assert!(
            err.contains("`todo.txt` is not part of an arbiter export"),
            "{err}"
        );
        assert!(err.contains("--force"), "{err}");
        assert!(out.join("todo.txt").exists());
        write_site(&out, &files(), true).unwrap();
        assert!(!out.join("todo.txt").exists());
        assert!(out.join("index.html").exists());
    }

    #[test]
    fn a_failed_write_leaves_nothing_behind() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("site");
        write_site(&out, &files(), false).unwrap();
        // A file name that cannot be written (a folder of that name cannot exist in
        // the staging folder: the name has a separator and a missing parent).
        let bad = vec![
            ("index.html".to_string(), "<p>newer</p>".to_string()),
            ("missing/page.html".to_string(), String::new()),
        ];
        assert!(write_site(&out, &bad, false).is_err());
        assert_eq!(
            std::fs::read_to_string(out.join("index.html")).unwrap(),
            "<p>new</p>"
        );
        let beside: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().flatten().collect();
        assert_eq!(beside.len(), 1, "{beside:?}");
    }
}
