//! `arbiter ingest [FILE...]`: add rules files of any shape to the index (the pipeline is
//! `crate::ingest`); with no file, check the index and repair what the stored revisions
//! can repair. This shell checks the arguments, shows progress on a terminal, prints the
//! report and sets the exit status.

use std::io::IsTerminal;
use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};

use super::{hint, Context, Outcome};
use crate::cli::IngestArgs;
use crate::index;
use crate::ingest::{self, FileOutcome, Request, Source, Summary};
use crate::render::ingest as render;

pub fn run(args: &IngestArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    if let Some(id) = &args.id {
        if args.files.len() != 1 {
            anyhow::bail!(
                "--id names one revision: give exactly one file with it (got {})",
                args.files.len()
            );
        }
        ingest::check_id(id)?;
    }
    let request = Request {
        sources: args.files.iter().cloned().map(Source::File).collect(),
        id: args.id.clone(),
        replace: args.replace,
    };
    let summary = ingest(&request, ctx)?;
    let warnings = if args.verbose {
        render::Warnings::Every
    } else {
        render::Warnings::Counted
    };
    render::print(
        &mut crate::output::stdout(),
        &summary,
        warnings,
        ctx.render(),
    )?;
    let failed = summary
        .reports
        .iter()
        .filter(|r| {
            matches!(
                r.outcome,
                FileOutcome::Failed { .. } | FileOutcome::Refused { .. }
            )
        })
        .count();
    if failed > 0 {
        anyhow::bail!(
            "{failed} of {} files were not ingested (see above)",
            summary.reports.len()
        );
    }
    if !summary.damaged.is_empty() {
        return Err(hint::error(
            match summary.damaged.len() {
                1 => "a stored revision is damaged (see above)".to_string(),
                n => format!("{n} stored revisions are damaged (see above)"),
            },
            "ingest each again from its file, as said above (the other revisions are intact)",
        ));
    }
    Ok(Outcome::Success)
}

/// Runs the ingest pipeline on the index this command line names, with a progress bar
/// and messages on stderr (also for `arbiter fetch`).
pub fn ingest(request: &Request, ctx: &Context) -> anyhow::Result<Summary> {
    let location = index::locate(ctx.index.as_deref());
    ingest::ingest(&location.dir, request, &Terminal::default())
}

/// What a person at a terminal sees of an ingest: waits and rebuilds said on stderr, a
/// progress bar when several files are read and stderr is a terminal.
#[derive(Default)]
pub(crate) struct Terminal {
    bar: std::sync::OnceLock<ProgressBar>,
}

impl ingest::Progress for Terminal {
    fn waiting(&self, index: &Path) {
        crate::output::eprintln(format_args!(
            "arbiter: another arbiter is writing the index at {}; waiting for it to finish…",
            index.display()
        ));
    }

    fn notice(&self, message: &str) {
        crate::output::eprintln(format_args!("arbiter: {message}"));
    }

    fn start(&self, count: usize) {
        if count > 1 && std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(count as u64);
            if let Ok(style) =
                ProgressStyle::with_template("{spinner} ingesting [{bar:30}] {pos}/{len} {elapsed}")
            {
                bar.set_style(style.progress_chars("=> "));
            }
            let _ = self.bar.set(bar);
        }
    }

    fn tick(&self) {
        if let Some(bar) = self.bar.get() {
            bar.inc(1);
        }
    }

    fn finish(&self) {
        if let Some(bar) = self.bar.get() {
            bar.finish_and_clear();
        }
    }
}
