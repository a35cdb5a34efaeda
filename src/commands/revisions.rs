//! `arbiter revisions`: every revision arbiter knows, embedded and ingested, oldest
//! first, as a table or (`--json`) as `[{"id","date","format","source","complete",
//! "sections","rules"}]`; `--ids` (hidden), the ids alone, newest first, for the shell
//! completions.

use std::io::Write;

use anyhow::Context as _;

use super::{Context, Outcome};
use crate::cli::RevisionsArgs;
use crate::render::revisions;

pub fn run(args: &RevisionsArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let library = super::library(ctx)?;
    if args.ids {
        // For a completion script: no warnings, no table, whatever the index holds.
        let mut out = crate::output::stdout();
        for info in library.revisions().iter().rev() {
            writeln!(out, "{}", info.id).context("writing the revision ids")?;
        }
        return Ok(Outcome::Success);
    }
    for problem in library.problems() {
        crate::output::eprintln(format_args!("arbiter: warning: {problem}"));
    }
    let mut out = crate::output::stdout();
    if ctx.json {
        let doc = serde_json::to_string_pretty(&revisions::json(library.revisions()))?;
        writeln!(out, "{doc}").context("writing the revisions")?;
    } else {
        write!(
            out,
            "{}",
            revisions::table(library.revisions()).write(ctx.style)
        )
        .context("writing the revisions")?;
    }
    Ok(Outcome::Success)
}
