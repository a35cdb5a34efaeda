//! `arbiter revisions`: every revision arbiter knows, embedded and ingested, oldest
//! first, as a table or (`--json`) as `[{"id","date","format","source","complete",
//! "sections","rules"}]`.

use std::io::Write;

use anyhow::Context as _;

use super::{Context, Outcome};
use crate::render::revisions;

pub fn run(ctx: &Context) -> anyhow::Result<Outcome> {
    let library = super::library(ctx)?;
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
