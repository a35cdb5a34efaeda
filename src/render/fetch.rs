//! What `arbiter fetch` reports: what was downloaded from where (and from which page's
//! link), then what the ingest made of it, as `arbiter ingest` words it.

use std::io::Write;

use colored::Colorize;
use serde_json::json;

use crate::ingest::FileOutcome;
use crate::render::ingest::{self, Summary};
use crate::render::Options;

/// The downloaded rules text file.
#[derive(Debug, Clone)]
pub struct Fetched {
    /// The text file's URL, after redirects.
    pub url: String,
    /// The page whose link led to it, when the URL given was a page.
    pub page: Option<String>,
    pub bytes: usize,
    pub sha256: String,
    /// The revision the text reads as.
    pub revision: String,
}

/// `added`, `replaced` or `unchanged`: the outcomes a fetch that did not fail can have.
fn status(outcome: &FileOutcome) -> &'static str {
    match outcome {
        FileOutcome::Added { .. } => "added",
        FileOutcome::Replaced { .. } => "replaced",
        FileOutcome::Unchanged { .. } => "unchanged",
        FileOutcome::Refused { .. } => "refused",
        FileOutcome::Failed { .. } => "failed",
    }
}

pub fn print(
    out: &mut impl Write,
    fetched: &Fetched,
    summary: &Summary,
    options: Options,
) -> std::io::Result<()> {
    for report in &summary.reports {
        ingest::warn_about_lines(report, ingest::Warnings::First20);
    }
    if options.json {
        let report = summary.reports.first();
        let warnings = report.and_then(|r| match &r.outcome {
            FileOutcome::Added { warnings, .. } | FileOutcome::Replaced { warnings, .. } => {
                Some(warnings.len())
            }
            _ => None,
        });
        let doc = json!({
            "url": fetched.url,
            "page": fetched.page,
            "bytes": fetched.bytes,
            "sha256": fetched.sha256,
            "revision": fetched.revision,
            "status": report.map(|r| status(&r.outcome)),
            "warnings": warnings,
            "index": summary.index.display().to_string(),
        });
        writeln!(out, "{doc:#}")?;
        return Ok(());
    }
    let from = match &fetched.page {
        Some(page) => format!(", linked from {page}"),
        None => String::new(),
    };
    writeln!(
        out,
        "fetched {} ({} bytes, sha256 {}){from}",
        fetched.url, fetched.bytes, fetched.sha256
    )?;
    for report in &summary.reports {
        writeln!(out, "{}", ingest::line(report))?;
    }
    writeln!(
        out,
        "{} {} now holds {} ingested revision{} (plus {} built in)",
        "index:".bold(),
        summary.index.display(),
        summary.revisions,
        if summary.revisions == 1 { "" } else { "s" },
        summary.embedded
    )?;
    Ok(())
}
