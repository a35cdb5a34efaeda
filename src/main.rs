//! `arbiter`: parse the command line, decide colour, width and paging once, dispatch, map
//! the outcome to an exit status (0 found, 1 not found or a check failed, 2 error, as
//! clap's own usage errors). A failure prints `arbiter: error:`, its causes and a `hint:`
//! (see `commands::hint`), or under `--json` one JSON document on stdout whose `kind` a
//! bot can branch on. Writing the output never changes the status: a closed pipe or a
//! quit pager ends the output, and a stderr that can't be written loses only messages
//! (see `arbiter::output`).

use std::io::IsTerminal as _;
use std::process::ExitCode;

use clap::Parser;

use arbiter::cli::Cli;
use arbiter::commands::hint::{self, Kind};
use arbiter::commands::{self, Context, Outcome};
use arbiter::output;
use arbiter::pager;
use arbiter::render::Style;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let options = cli.options();
    let ctx = Context {
        style: Style::decide(options.color.forced()),
        json: options.json,
        index: options.index,
    };
    if std::io::stderr().is_terminal() {
        output::fit_stderr_to(
            terminal_size::terminal_size_of(std::io::stderr())
                .map(|(w, _)| usize::from(w.0))
                .or(Some(output::STDERR_COLUMNS)),
        );
    }
    if !ctx.json && std::io::stdout().is_terminal() {
        output::fit_to(terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)));
    }
    let pager = commands::pages(&cli).then(pager::start).flatten();
    let outcome = commands::run(cli, &ctx);
    if let Some(pager) = pager {
        pager.finish();
    }
    match outcome {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::Negative) => ExitCode::from(1),
        Err(err) => {
            let kind = hint::kind(&err);
            if ctx.json && !output::stdout_used() {
                let doc = hint::json(kind, &err);
                let _ = std::io::Write::write_all(
                    &mut output::stdout(),
                    format!("{doc:#}\n").as_bytes(),
                );
            } else {
                output::eprint(hint::report(&err));
            }
            ExitCode::from(if kind == Kind::NotFound { 1 } else { 2 })
        }
    }
}

/// clap's own errors (an unknown flag, a missing argument): its usual message and exit 2;
/// under `--json`, a `bad_input` document on stdout. `--help` and `--version` print.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    let json = std::env::args().skip(1).any(|a| a == "--json" || a == "-j");
    if !json
        || matches!(
            e.kind(),
            ErrorKind::DisplayHelp
                | ErrorKind::DisplayVersion
                | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
        )
    {
        e.exit();
    }
    let rendered = e.render().to_string();
    let message = rendered
        .lines()
        .next()
        .unwrap_or_default()
        .trim_start_matches("error: ");
    let doc = serde_json::json!({
        "error": {"kind": Kind::BadInput, "message": message, "causes": [], "hint": "`arbiter --help` lists the commands and their flags"}
    });
    let _ = std::io::Write::write_all(&mut output::stdout(), format!("{doc:#}\n").as_bytes());
    ExitCode::from(2)
}
