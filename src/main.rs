//! `arbiter`: parse the command line, decide colour once, dispatch, map the outcome to an
//! exit status (0 found, 1 not found or a check failed, 2 error; a closed pipe is not an
//! error).

use std::process::ExitCode;

use clap::Parser;

use arbiter::cli::Cli;
use arbiter::commands::{self, Context, Outcome};
use arbiter::render::Style;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let ctx = Context {
        style: Style::decide(cli.global.color),
        json: cli.global.json,
        index: cli.global.index.clone(),
    };
    match commands::run(cli, &ctx) {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::Negative) => ExitCode::from(1),
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("arbiter: error: {err}");
            for cause in err.chain().skip(1) {
                eprintln!("  caused by: {cause}");
            }
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
