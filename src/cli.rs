//! The command line: every command and flag, declared with clap's derive API. Nothing
//! here runs anything; `main` parses, and `commands` carries the parsed values out.
//!
//! The help texts live here too, and `--help`, the man page (`arbiter man`) and the shell
//! completions (`arbiter completions`) are all generated from these declarations. Every
//! command ends its help with an `Examples:` block (`after_help`), two-space indented
//! command lines; the man page turns each such block into an EXAMPLES part.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum, ValueHint};

/// Examples for `arbiter -h` (and the start of `arbiter --help`).
const EXAMPLES: &str = "\
Examples:
  arbiter 303.4c                            a rule of the newest revision
  arbiter rule 212.2g --rev 2008            a rule of another revision
  arbiter how many lands can I play         words that are not a number search
  arbiter diff 2017 2018 --section 7        what changed between two revisions
  arbiter check my-board.md                 play a written board under its rules";

/// `arbiter --help` and the man page: the examples, the exit status, the environment.
const LONG_AFTER_HELP: &str = "\
Examples:
  arbiter 303.4c                            a rule of the newest revision
  arbiter rule 212.2g --rev 2008            a rule of another revision
  arbiter how many lands can I play         words that are not a number search
  arbiter diff 2017 2018 --section 7        what changed between two revisions
  arbiter check my-board.md                 play a written board under its rules

Exit status:
  0  found; the revisions are identical; every expectation held
  1  not found; the revisions differ; an expectation failed
  2  an error: the message says what went wrong, and a `hint:` line what to do

Guides:
  arbiter help scenarios        the scenario language `check` reads: a tutorial, then the
                                reference of every form (--markdown: the source)

Environment:
  ARBITER_INDEX   the index folder, as --index (default: arbiter/ in your data
                  directory, ~/.local/share/arbiter on Linux)
  ARBITER_PAGER   the pager for long output on a terminal (else PAGER, else `less -FRX`;
                  empty or `cat`: no pager)
  NO_COLOR        when set and not empty, --color auto does not colour";

/// Read, search, diff and apply every revision of the Magic: The Gathering
/// Comprehensive Rules.
#[derive(Debug, Parser)]
#[command(
    name = "arbiter",
    version,
    about,
    long_about = None,
    max_term_width = 100,
    disable_help_subcommand = true,
    after_help = EXAMPLES,
    after_long_help = LONG_AFTER_HELP
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// A rule number (`arbiter 303.4c`) or, if it is not one, a search.
    #[arg(value_name = "NUMBER|TEXT", num_args = 1..)]
    pub query: Vec<String>,

    /// Revision for a bare `arbiter NUMBER` or search: an id, or a year or prefix (the
    /// newest complete revision that starts with it).
    #[arg(short, long, global = false, value_name = "REV", value_hint = ValueHint::Other)]
    pub rev: Option<String>,

    /// A bare search: every revision, grouping identical text.
    #[arg(short, long, conflicts_with = "rev")]
    pub all_revisions: bool,
    /// A bare search: only rules of this section (1–9) or rule (303).
    #[arg(short, long, value_hint = ValueHint::Other)]
    pub section: Option<String>,
    /// A bare search: how many hits to show (1–1000) [default: 10].
    #[arg(short = 'n', long, value_parser = parse_limit)]
    pub limit: Option<usize>,

    #[command(flatten)]
    pub global: GlobalArgs,
}

/// The most hits a search shows.
pub const MAX_LIMIT: usize = 1000;

/// `--limit`: a whole number from 1 to [`MAX_LIMIT`].
fn parse_limit(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if (1..=MAX_LIMIT).contains(&n) => Ok(n),
        _ => Err(format!("must be a whole number from 1 to {MAX_LIMIT}")),
    }
}

/// Flags every command that reads the rules takes, before or after the command's name
/// (`arbiter --json rule 303.4c`, `arbiter rule 303.4c --json`). `completions` and `man`,
/// which print a file to save, take none, and their `--help` lists none.
#[derive(Debug, Args, Clone, Default)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// When to colour the output (NO_COLOR is honoured by `auto`).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Print one JSON document instead of text.
    #[arg(short, long)]
    pub json: bool,

    /// Never send long output through a pager ($ARBITER_PAGER, $PAGER or `less -FRX`).
    #[arg(long)]
    pub no_pager: bool,

    /// The index folder (else $ARBITER_INDEX, else arbiter/ in your data directory:
    /// ~/.local/share/arbiter on Linux).
    #[arg(
        long,
        value_name = "DIR",
        env = "ARBITER_INDEX",
        hide_env_values = true
    )]
    pub index: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

impl Cli {
    /// The flags of [`GlobalArgs`] as given before the command's name or after it (after
    /// it wins for `--color` and `--index`).
    pub fn options(&self) -> GlobalArgs {
        let Some(after) = self.command.as_ref().and_then(Command::global) else {
            return self.global.clone();
        };
        let before = &self.global;
        GlobalArgs {
            color: match after.color {
                ColorChoice::Auto => before.color,
                chosen => chosen,
            },
            json: before.json || after.json,
            no_pager: before.no_pager || after.no_pager,
            index: after.index.clone().or_else(|| before.index.clone()),
        }
    }
}

impl Command {
    /// The command's own [`GlobalArgs`]; `None` for `completions` and `man`.
    pub fn global(&self) -> Option<&GlobalArgs> {
        match self {
            Command::Rule { global, .. }
            | Command::Revisions { global, .. }
            | Command::Ingest { global, .. }
            | Command::Fetch { global, .. }
            | Command::Search { global, .. }
            | Command::Define { global, .. }
            | Command::Diff { global, .. }
            | Command::History { global, .. }
            | Command::Check { global, .. }
            | Command::CiteCheck { global, .. }
            | Command::Serve { global, .. }
            | Command::Mcp { global, .. }
            | Command::Export(ExportArgs {
                format: ExportFormat::Html { global, .. },
            }) => Some(global),
            Command::Completions(_) | Command::Man | Command::Help(_) => None,
        }
    }
}

impl ColorChoice {
    /// `Some` when the choice is made (`always`, `never`), `None` for `auto`.
    pub fn forced(self) -> Option<bool> {
        match self {
            ColorChoice::Auto => None,
            ColorChoice::Always => Some(true),
            ColorChoice::Never => Some(false),
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a rule with its subrules, examples and the rules it references.
    #[command(after_help = "\
Examples:
  arbiter rule 303.4c
  arbiter rule 303.4 --json
  arbiter rule 212.2g --rev 2008")]
    Rule {
        #[command(flatten)]
        args: RuleArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// List the revisions arbiter knows: embedded and ingested.
    #[command(after_help = "\
Examples:
  arbiter revisions
  arbiter revisions --json")]
    Revisions {
        #[command(flatten)]
        args: RevisionsArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Read rules files of any shape and add them to the index.
    #[command(after_help = "\
Examples:
  arbiter ingest ../shared/corpus/*.txt
  arbiter ingest draft.txt --id 2026-06-01-draft
  arbiter ingest cr-2026-04-17.txt --replace")]
    Ingest {
        #[command(flatten)]
        args: IngestArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Download the current rules text from the publisher, check it, and ingest it.
    #[command(after_help = "\
Examples:
  arbiter fetch
  arbiter fetch \"https://media.wizards.com/2026/downloads/MagicCompRules 20260417.txt\"
  arbiter fetch https://example.org/rules-page --timeout 10 --json")]
    Fetch {
        #[command(flatten)]
        args: FetchArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Full-text search of the rules, ranked by relevance.
    #[command(after_help = "\
Examples:
  arbiter search \"can I equip an opponent's creature\"
  arbiter search legend rule --all-revisions
  arbiter search deathtouch --section 7 --limit 3")]
    Search {
        #[command(flatten)]
        args: SearchArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Look a term up in the glossary.
    #[command(after_help = "\
Examples:
  arbiter define \"equipped creature\"
  arbiter define deathtouch --json")]
    Define {
        #[command(flatten)]
        args: DefineArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Compare two revisions rule by rule.
    #[command(after_help = "\
Examples:
  arbiter diff 2011-07-15 2026-01-16 --section 3
  arbiter diff 2017 2018 --ignore-wording
  arbiter diff 2024-04-12 2024-06-07 --markdown")]
    Diff {
        #[command(flatten)]
        args: DiffArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Follow one rule through every revision, renumbering included.
    #[command(after_help = "\
Examples:
  arbiter history 704.5j
  arbiter history 420.5e --rev 2008-02-01")]
    History {
        #[command(flatten)]
        args: HistoryArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Play scenario files under the rules of a revision and check their expectations.
    #[command(after_help = "\
Scenario language:
  arbiter help scenarios        a tutorial, then the reference of every form, offline

Examples:
  arbiter check tests/check/protection-example.md
  arbiter check tests/scenarios/
  arbiter check my-board.md --explain
  arbiter check tests/compare/legend-rule-two-controllers.md --rules 2011-07-15 --rules 2013-07-13")]
    Check {
        #[command(flatten)]
        args: CheckArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Find rule citations in text and source files that are stale or don't exist.
    #[command(after_help = "\
Examples:
  arbiter cite-check tests/data/cite-check/
  arbiter cite-check tests/data/cite-check/ --as-of 2008-10-01
  arbiter cite-check tests/data/cite-check/ --to 2024 --json")]
    CiteCheck {
        #[command(flatten)]
        args: CiteCheckArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Answer over HTTP on this machine: Academy Ruins' CR routes and arbiter's own.
    #[command(after_help = "\
Examples:
  arbiter serve
  arbiter serve --bind 127.0.0.1:8080
  curl http://127.0.0.1:8080/cr/704.5j")]
    Serve {
        #[command(flatten)]
        args: ServeArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Answer AI assistants over the Model Context Protocol, on stdin and stdout.
    #[command(after_help = "\
Examples:
  arbiter mcp
  claude mcp add arbiter -- arbiter mcp")]
    Mcp {
        #[command(flatten)]
        global: GlobalArgs,
    },
    /// Write the rules as a static, offline website.
    #[command(after_help = "\
Examples:
  arbiter export html site/
  arbiter export html --rev 1999 site-1999/
  arbiter export html --diff 2025-11-14 2026-01-16 site/")]
    Export(ExportArgs),
    /// Print a shell completion script for bash, zsh, fish, elvish or PowerShell.
    #[command(after_help = "\
Examples:
  source <(arbiter completions bash)
  arbiter completions zsh > ~/.zfunc/_arbiter
  arbiter completions fish > ~/.config/fish/completions/arbiter.fish")]
    Completions(CompletionsArgs),
    /// Print the manual page (roff), every command included.
    #[command(after_help = "\
Examples:
  arbiter man | man -l -
  arbiter man > /usr/local/share/man/man1/arbiter.1")]
    Man,
    /// Print a command's help, or a guide built in: `scenarios`, the scenario language.
    #[command(after_help = "\
Guides:
  scenarios            the scenario language: the tutorial, then the reference
  scenario-tutorial    the tutorial alone: a board built step by step
  scenario-reference   the reference alone: every form of version 3

Examples:
  arbiter help scenarios
  arbiter help scenario-reference --markdown
  arbiter help check")]
    Help(HelpArgs),
}

#[derive(Debug, Args)]
pub struct HelpArgs {
    /// A command (`check`, `export html`) or a guide (`scenarios`, `scenario-tutorial`,
    /// `scenario-reference`); nothing: arbiter's own help.
    #[arg(value_name = "COMMAND|GUIDE")]
    pub topic: Vec<String>,
    /// Print a guide's Markdown source instead of rendering it for the terminal.
    #[arg(short, long)]
    pub markdown: bool,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address and port to listen on (loopback unless told otherwise).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8080")]
    pub bind: std::net::SocketAddr,
}

#[derive(Debug, Args, Default)]
pub struct RevisionsArgs {
    /// Only the ids, newest first, one a line: what the shell completions offer for a
    /// revision (hidden: a script's interface, not a reader's).
    #[arg(long, hide = true)]
    pub ids: bool,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// The rule number: 303, 303.4 or 303.4c.
    pub number: String,
    /// The revision: an id (2011-07-15), or a year or prefix (2011: the newest complete
    /// revision that starts with it).
    #[arg(short, long, value_name = "REV", value_hint = ValueHint::Other)]
    pub rev: Option<String>,
}

#[derive(Debug, Args)]
pub struct IngestArgs {
    /// Rules files (official text, reStructuredText, web-page copies, rulings pages).
    /// With none, check the index and repair what its stored revisions can repair.
    pub files: Vec<PathBuf>,
    /// Use this id instead of the file's effective date (one file only).
    #[arg(long)]
    pub id: Option<String>,
    /// Replace a revision already indexed under the same id with different content.
    #[arg(long)]
    pub replace: bool,
    /// List each reading warning (otherwise counted per file).
    #[arg(short, long)]
    pub verbose: bool,
}

#[derive(Debug, Args)]
pub struct FetchArgs {
    /// The rules text file, or a page that links it (default: the publisher's rules page,
    /// https://magic.wizards.com/en/rules).
    #[arg(value_name = "URL")]
    pub url: Option<String>,
    /// Give up when connecting or when the server sends nothing for this many seconds
    /// (the whole download may take ten times as long).
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub timeout: u64,
    /// Replace a revision already indexed under the same id with different content.
    #[arg(long)]
    pub replace: bool,
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Words, a phrase in quotes, or tantivy query syntax (+must -not field:term).
    #[arg(required = true, num_args = 1..)]
    pub query: Vec<String>,
    /// Search this revision (an id, or a year or prefix) instead of the newest complete
    /// one.
    #[arg(short, long, value_name = "REV", value_hint = ValueHint::Other, conflicts_with = "all_revisions")]
    pub rev: Option<String>,
    /// Search every revision, grouping identical text.
    #[arg(short, long)]
    pub all_revisions: bool,
    /// Only rules of this section (1–9) or rule (303).
    #[arg(short, long, value_hint = ValueHint::Other)]
    pub section: Option<String>,
    /// How many hits to show (1–1000).
    #[arg(short = 'n', long, default_value_t = 10, value_parser = parse_limit)]
    pub limit: usize,
}

#[derive(Debug, Args)]
pub struct DefineArgs {
    /// The glossary term; typos are forgiven.
    #[arg(required = true, num_args = 1..)]
    pub term: Vec<String>,
    /// The revision (an id, or a year or prefix).
    #[arg(short, long, value_name = "REV", value_hint = ValueHint::Other)]
    pub rev: Option<String>,
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The older revision (an id, or a year or prefix: the newest complete revision
    /// that starts with it).
    #[arg(value_hint = ValueHint::Other)]
    pub from: String,
    /// The newer revision (an id, or a year or prefix).
    #[arg(value_hint = ValueHint::Other)]
    pub to: String,
    /// Only this section (1–9).
    #[arg(short, long, conflicts_with = "rule")]
    pub section: Option<u8>,
    /// Only this rule and its subrules.
    #[arg(long, value_hint = ValueHint::Other)]
    pub rule: Option<String>,
    /// Fold template changes that changed no rule ("his or her" → "their", quotes…).
    #[arg(short, long)]
    pub ignore_wording: bool,
    /// A Markdown change summary.
    #[arg(short, long, conflicts_with = "json")]
    pub markdown: bool,
}

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The rule number, in the numbering of `--rev`.
    pub number: String,
    /// The revision the number belongs to: an id, or a year or prefix (default: the
    /// newest complete revision).
    #[arg(short, long, value_name = "REV", value_hint = ValueHint::Other)]
    pub rev: Option<String>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Scenario files (Markdown) or folders of them.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Quote each cited rule's text from the revision.
    #[arg(short, long)]
    pub explain: bool,
    /// Play under this revision (a date, or a year or prefix) instead of the file's
    /// `rules:`. Given twice or more: play the board under each and print, side by side,
    /// what differs, and each Expect item's result under each.
    #[arg(long = "rules", value_name = "REV", value_hint = ValueHint::Other)]
    pub rules: Vec<String>,
}

#[derive(Debug, Args)]
pub struct CiteCheckArgs {
    /// Files or folders (walked like ripgrep: .gitignore respected, binary files skipped).
    #[arg(required = true, value_hint = ValueHint::AnyPath)]
    pub paths: Vec<PathBuf>,
    /// When the citations were written (a date, or a year or prefix): a number is read in
    /// the revision in force then (default: any earlier revision that had it).
    #[arg(long, value_name = "REV", value_hint = ValueHint::Other)]
    pub as_of: Option<String>,
    /// The revision to check against (default: the newest).
    #[arg(long, value_name = "REV", value_hint = ValueHint::Other)]
    pub to: Option<String>,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(subcommand)]
    pub format: ExportFormat,
}

#[derive(Debug, Subcommand)]
pub enum ExportFormat {
    /// A static HTML site: a page per section, the glossary, an index, and with
    /// `--diff` a page of changes. Opens offline; no scripts.
    #[command(after_help = "\
Examples:
  arbiter export html site/ && xdg-open site/index.html
  arbiter export html --rev 1999 site-1999/
  arbiter export html --diff 2025-11-14 2026-01-16 site/
  arbiter export html site/ --force --json")]
    Html {
        #[command(flatten)]
        args: ExportHtmlArgs,
        #[command(flatten)]
        global: GlobalArgs,
    },
}

#[derive(Debug, Args)]
pub struct ExportHtmlArgs {
    /// The folder to write (created; a previous export there is replaced).
    #[arg(value_name = "OUT_DIR")]
    pub out_dir: PathBuf,
    /// The revision to export: an id, or a year or prefix (default: the newest complete
    /// revision, or B of `--diff`).
    #[arg(short, long, value_name = "REV", value_hint = ValueHint::Other)]
    pub rev: Option<String>,
    /// Add a page of the changes from revision A to revision B.
    #[arg(long, num_args = 2, value_names = ["A", "B"])]
    pub diff: Option<Vec<String>>,
    /// Replace OUT_DIR even when it holds files that are not an arbiter export.
    #[arg(short, long)]
    pub force: bool,
}
