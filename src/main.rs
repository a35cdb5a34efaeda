//! `arbiter`: parse the command line, decide colour and paging once, dispatch, map the
//! outcome to an exit status (0 found, 1 not found or a check failed, 2 error, as clap's
//! own usage errors; a closed pipe is not an error). A failure prints `arbiter: error:`,
//! its causes and a `hint:` (see `commands::hint`).

use std::process::ExitCode;

use clap::Parser;

use arbiter::cli::Cli;
use arbiter::commands::{self, hint, Context, Outcome};
use arbiter::pager;
use arbiter::render::Style;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let ctx = Context {
        style: Style::decide(cli.global.color),
        json: cli.global.json,
        index: cli.global.index.clone(),
    };
    let pager = commands::pages(&cli).then(pager::start).flatten();
    let outcome = commands::run(cli, &ctx);
    if let Some(pager) = pager {
        pager.finish();
    }
    match outcome {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::Negative) => ExitCode::from(1),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprint!("{}", hint::report(&err));
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
