//! One module per subcommand, each with one `run`. This layer is the shell around the
//! pure core: it opens files and the index, calls into `read`, `diff`, `scenario`, and
//! hands the results to `render`.

pub mod check;
pub mod cite_check;
pub mod completions;
pub mod define;
pub mod diff;
pub mod export;
pub mod fetch;
pub mod help;
pub mod hint;
pub mod history;
pub mod ingest;
pub mod man;
pub mod mcp;
pub mod revisions;
pub mod rule;
pub mod search;
pub mod serve;

use std::io::Write as _;
use std::path::PathBuf;

use crate::cli::{Cli, Command, RuleArgs, SearchArgs};
use crate::render::Style;

/// What every command needs from the command line, decided once in `main`.
#[derive(Debug, Clone)]
pub struct Context {
    pub style: Style,
    pub json: bool,
    /// `--index` / `ARBITER_INDEX`, if given.
    pub index: Option<PathBuf>,
}

impl Context {
    /// What a renderer needs of the command line.
    pub fn render(&self) -> crate::render::Options {
        crate::render::Options {
            style: self.style,
            json: self.json,
        }
    }
}

/// The embedded revisions and those ingested in the index this command line names
/// (`--index`, `ARBITER_INDEX`, else the data directory).
pub fn library(ctx: &Context) -> anyhow::Result<crate::library::Library> {
    let location = crate::index::locate(ctx.index.as_deref());
    crate::library::Library::open(&location.dir)
        .map_err(|e| anyhow::anyhow!(e))
        .map_err(|e| {
            e.context(format!(
                "cannot read the index at {}",
                location.dir.display()
            ))
        })
}

/// What to say after "not found" when no revision was ingested: only the built-in
/// fragments answered, where the index was looked for, and one command fixes that.
/// `None` once a revision is ingested.
pub fn first_contact(library: &crate::library::Library) -> Option<String> {
    (!library.has_ingested()).then(|| {
        let built_in: Vec<&str> = library.revisions().iter().map(|i| i.id.as_str()).collect();
        // The folder the library was opened from, chosen by --index or ARBITER_INDEX
        // unless it is the default.
        let default = crate::index::locate(None);
        let location = match library.index_dir() {
            Some(dir) if dir != default.dir => crate::index::Location {
                dir: dir.to_path_buf(),
                chosen_by: crate::index::location::ChosenBy::Explicit,
            },
            _ => default,
        };
        // An index an earlier arbiter wrote in a checkout's `index/` (its default then).
        let older = std::env::current_dir()
            .ok()
            .and_then(|cwd| crate::index::location::checkout_index(&cwd))
            .filter(|old| *old != location.dir && old.join("catalogue.json").is_file())
            .map(|old| {
                format!(
                    "; an index written by an earlier arbiter is at {} (`--index {}` reads it)",
                    old.display(),
                    old.display()
                )
            })
            .unwrap_or_default();
        format!(
            "no revision is ingested in the index at {}, so only the fragments built in answered ({}); `arbiter ingest FILE` adds a rules file you have, `arbiter fetch` downloads the current rules{older}",
            location.described(),
            built_in.join(", ")
        )
    })
}

/// How a command ended when it did not fail: exit status 0 or 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Found / identical / every expectation held: exit 0.
    Success,
    /// Not found / revisions differ / an expectation failed: exit 1.
    Negative,
}

/// Runs the parsed command line.
pub fn run(cli: Cli, ctx: &Context) -> anyhow::Result<Outcome> {
    match cli.command {
        Some(command) => run_command(command, ctx),
        None => {
            // `arbiter 303.4c` looks a rule up; `arbiter some words` searches.
            let words = cli.query;
            let search_flags = cli.all_revisions || cli.section.is_some() || cli.limit.is_some();
            if words.len() == 1 && words[0].parse::<crate::model::RuleNumber>().is_ok() {
                if search_flags {
                    return Err(hint::error(
                        format!("`{}` is a rule number, and --all-revisions, --section and --limit apply to a search", words[0]),
                        format!("`arbiter search {}` searches for the number's text", words[0]),
                    ));
                }
                run_command(
                    Command::Rule {
                        args: RuleArgs {
                            number: words[0].clone(),
                            rev: cli.rev,
                        },
                        global: cli.global,
                    },
                    ctx,
                )
            } else if words.is_empty() {
                Err(hint::error(
                    "no command, rule number or search given",
                    "`arbiter 303.4c` looks a rule up, `arbiter legend rule` searches; `arbiter --help` lists the commands",
                ))
            } else {
                run_command(
                    Command::Search {
                        args: SearchArgs {
                            query: words,
                            rev: cli.rev,
                            all_revisions: cli.all_revisions,
                            section: cli.section,
                            limit: cli.limit.unwrap_or(10),
                        },
                        global: cli.global,
                    },
                    ctx,
                )
            }
        }
    }
}

fn run_command(command: Command, ctx: &Context) -> anyhow::Result<Outcome> {
    match command {
        Command::Rule { args, .. } => rule::run(&args, ctx),
        Command::Revisions { args, .. } => revisions::run(&args, ctx),
        Command::Ingest { args, .. } => ingest::run(&args, ctx),
        Command::Fetch { args, .. } => fetch::run(&args, ctx),
        Command::Search { args, .. } => search::run(&args, ctx),
        Command::Define { args, .. } => define::run(&args, ctx),
        Command::Diff { args, .. } => diff::run(args, ctx),
        Command::History { args, .. } => history::run(args, ctx),
        Command::Check { args, .. } => check::run(&args, ctx),
        Command::CiteCheck { args, .. } => cite_check::run(&args, ctx),
        Command::Serve { args, .. } => serve::run(&args, ctx),
        Command::Mcp { .. } => mcp::run(ctx),
        Command::Export(args) => export::run(&args, ctx),
        Command::Completions(args) => completions::run(&args, ctx),
        Command::Man => man::run(ctx),
        Command::Help(args) => help::run(&args, ctx),
    }
}

/// Whether the command line prints something to read, which goes through a pager on a
/// terminal. Commands that report progress (`ingest`) or print a file to be saved
/// (`completions`, `man`) are not paged. `--json` is never paged.
pub fn pages(cli: &Cli) -> bool {
    let options = cli.options();
    !options.json
        && !options.no_pager
        && match &cli.command {
            None => true,
            Some(command) => {
                matches!(
                    command,
                    Command::Rule { .. }
                        | Command::Revisions { .. }
                        | Command::Search { .. }
                        | Command::Define { .. }
                        | Command::Diff { .. }
                        | Command::History { .. }
                        | Command::Check { .. }
                        | Command::CiteCheck { .. }
                ) || matches!(command, Command::Help(args) if !args.markdown)
            }
        }
}

/// The lineage of the index's current generation, if revisions were ingested: the one
/// stored at ingest, or, when it is missing or damaged, built again (and stored when the
/// index can be written), saying so on stderr. `None` only when it cannot be built (the
/// caller computes what it needs instead).
pub(crate) fn stored_lineage(
    ctx: &Context,
    library: &crate::library::Library,
) -> Option<crate::diff::lineage::Lineage> {
    let location = crate::index::locate(ctx.index.as_deref());
    stored_lineage_in(&location.dir, library)
}

/// [`stored_lineage`] of the index in `dir`.
pub(crate) fn stored_lineage_in(
    dir: &std::path::Path,
    library: &crate::library::Library,
) -> Option<crate::diff::lineage::Lineage> {
    let catalogue = library.catalogue()?;
    match crate::ingest::ensure_lineage(dir, catalogue) {
        Ok((lineage, note)) => {
            if let Some(note) = note {
                crate::output::eprintln(format_args!("arbiter: warning: {note}"));
            }
            Some(lineage)
        }
        Err(e) => {
            crate::output::eprintln(format_args!("arbiter: warning: {e:#}"));
            None
        }
    }
}

/// Writes a command's output to stdout (a closed pipe ends the command quietly).
pub(crate) fn print(text: &str) -> anyhow::Result<()> {
    let mut out = crate::output::stdout();
    out.write_all(text.as_bytes())?;
    if !text.ends_with('\n') {
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(())
}
