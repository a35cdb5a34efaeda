//! What `arbiter ingest` reports: one line per file, then where the index is and what it
//! holds. Problems go to stderr with what to do about them.

use std::io::Write;

use colored::Colorize;
use serde_json::json;

pub use crate::ingest::Summary;
use crate::ingest::{FileOutcome, FileReport};
use crate::render::Options;

/// The status word and the revision id of an outcome.
fn status(outcome: &FileOutcome) -> (&'static str, Option<&str>) {
    match outcome {
        FileOutcome::Added { entry, .. } => ("added", Some(&entry.id)),
        FileOutcome::Replaced { entry, .. } => ("replaced", Some(&entry.id)),
        FileOutcome::Unchanged { id, .. } => ("unchanged", Some(id)),
        FileOutcome::Refused { id, .. } => ("refused", Some(id)),
        FileOutcome::Failed { .. } => ("failed", None),
    }
}

/// The problem with a file, for stderr, or `None`.
fn problem(report: &FileReport) -> Option<String> {
    let file = report.file.display();
    match &report.outcome {
        FileOutcome::Refused {
            id,
            existing_source,
        } => Some(format!(
            "{file}: revision {id} is already indexed with different content (from {existing_source}); use --replace to replace it"
        )),
        FileOutcome::Failed { why } if why.starts_with(&file.to_string()) => Some(why.clone()),
        FileOutcome::Failed { why } => Some(format!("{file}: {why}")),
        _ => None,
    }
}

/// The line printed for a file.
pub fn line(report: &FileReport) -> String {
    let file = report.file.display();
    match &report.outcome {
        FileOutcome::Added { entry, warnings } | FileOutcome::Replaced { entry, warnings } => {
            let (word, _) = status(&report.outcome);
            let mut s = format!(
                "{word} {} from {file} ({}, {} rules",
                entry.id,
                entry.format.name(),
                entry.rules
            );
            if !warnings.is_empty() {
                s.push_str(&format!(", {} reading warnings", warnings.len()));
            }
            s.push(')');
            s
        }
        FileOutcome::Unchanged { id, embedded: true } => {
            format!("unchanged: {file} is built into arbiter as {id}; nothing to do")
        }
        FileOutcome::Unchanged { id, .. } => {
            format!("unchanged: {file} is already indexed as {id}; nothing to do")
        }
        FileOutcome::Refused { id, .. } => format!("refused {id} from {file}"),
        FileOutcome::Failed { .. } => format!("failed {file}"),
    }
}

/// How much of what a reader could not read goes to stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Warnings {
    /// One line per file: the count and the first (`ingest` without `--verbose`).
    Counted,
    /// `FILE:LINE: message` for the first 20, then a count (`fetch`: one file).
    First20,
    /// Every warning as `FILE:LINE: message` (`ingest --verbose`).
    Every,
}

/// What a reader could not read, on stderr, so a partly unreadable file says where it
/// went wrong without burying the summary under hundreds of typography notes.
pub(crate) fn warn_about_lines(report: &FileReport, detail: Warnings) {
    let (FileOutcome::Added { warnings, .. } | FileOutcome::Replaced { warnings, .. }) =
        &report.outcome
    else {
        return;
    };
    let file = report.file.display();
    if detail == Warnings::Counted {
        if let Some(first) = warnings.first() {
            let more = match warnings.len() {
                1 => String::new(),
                n => format!(" and {} more; `--verbose` lists them", n - 1),
            };
            crate::output::eprintln(format_args!(
                "arbiter: warning: {file}: {} reading warning{} (line {}: {}{more})",
                warnings.len(),
                if warnings.len() == 1 { "" } else { "s" },
                first.line,
                first.message
            ));
        }
        return;
    }
    let shown = if detail == Warnings::Every {
        warnings.len()
    } else {
        20
    };
    for w in warnings.iter().take(shown) {
        crate::output::eprintln(format_args!(
            "arbiter: warning: {file}:{}: {}",
            w.line, w.message
        ));
    }
    if warnings.len() > shown {
        crate::output::eprintln(format_args!(
            "arbiter: warning: {file}: {} more reading warnings",
            warnings.len() - shown
        ));
    }
}

pub fn print(
    out: &mut impl Write,
    summary: &Summary,
    warnings: Warnings,
    options: Options,
) -> std::io::Result<()> {
    let warned: Vec<(&FileReport, &Vec<_>)> = summary
        .reports
        .iter()
        .filter_map(|r| match &r.outcome {
            FileOutcome::Added { warnings, .. } | FileOutcome::Replaced { warnings, .. }
                if !warnings.is_empty() =>
            {
                Some((r, warnings))
            }
            _ => None,
        })
        .collect();
    // Several files with reading warnings (the corpus: mostly the publisher's own
    // typography) are summed up in one line; `--verbose` lists every warning.
    let one_line = warnings == Warnings::Counted && warned.len() > 1;
    for report in &summary.reports {
        if let Some(p) = problem(report) {
            crate::output::eprintln(format_args!("arbiter: {p}"));
        }
        if !one_line {
            warn_about_lines(report, warnings);
        }
    }
    if let Some((first_report, first)) = warned.first().filter(|_| one_line) {
        let total: usize = warned.iter().map(|(_, w)| w.len()).sum();
        let first = &first[0];
        crate::output::eprintln(format_args!(
            "arbiter: warning: {total} reading warnings in {} of {} files (the first: {}:{}: {}); `--verbose` lists them",
            warned.len(),
            summary.reports.len(),
            first_report.file.display(),
            first.line,
            first.message
        ));
    }
    for note in &summary.notes {
        crate::output::eprintln(format_args!("arbiter: {note}"));
    }
    for damaged in &summary.damaged {
        crate::output::eprintln(format_args!("arbiter: {damaged}"));
    }
    if options.json {
        let files: Vec<_> = summary
            .reports
            .iter()
            .map(|r| {
                let (word, id) = status(&r.outcome);
                let warnings = match &r.outcome {
                    FileOutcome::Added { warnings, .. }
                    | FileOutcome::Replaced { warnings, .. } => Some(warnings.len()),
                    _ => None,
                };
                json!({
                    "file": r.file.display().to_string(),
                    "status": word,
                    "revision": id,
                    "warnings": warnings,
                    "message": problem(r),
                })
            })
            .collect();
        let doc = json!({
            "index": summary.index.display().to_string(),
            "files": files,
            "revisions": summary.revisions,
            "embedded": summary.embedded,
            "rebuilt": summary.rebuilt,
        });
        writeln!(out, "{doc:#}")?;
        return Ok(());
    }
    for report in &summary.reports {
        if problem(report).is_none() {
            writeln!(out, "{}", line(report))?;
        }
    }
    let added = summary
        .reports
        .iter()
        .filter(|r| {
            matches!(
                r.outcome,
                FileOutcome::Added { .. } | FileOutcome::Replaced { .. }
            )
        })
        .count();
    writeln!(
        out,
        "{} {} revision{} ingested; {} now holds {} ingested revision{} (plus {} built in)",
        "index:".bold(),
        added,
        if added == 1 { "" } else { "s" },
        summary.index.display(),
        summary.revisions,
        if summary.revisions == 1 { "" } else { "s" },
        summary.embedded
    )?;
    Ok(())
}
