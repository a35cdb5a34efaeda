//! The command line: every command and flag, declared with clap's derive API. Nothing
//! here runs anything; `main` parses, and `commands` carries the parsed values out.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Read, search, diff and apply every revision of the Magic: The Gathering
/// Comprehensive Rules.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// A rule number (`arbiter 303.4c`) or, if it is not one, a search.
    #[arg(value_name = "NUMBER|TEXT", num_args = 1..)]
    pub query: Vec<String>,

    /// Revision for a bare `arbiter NUMBER`: an id or a unique prefix.
    #[arg(long, global = false)]
    pub rev: Option<String>,

    #[command(flatten)]
    pub global: GlobalArgs,
}

/// Flags every command takes.
#[derive(Debug, Args, Clone)]
pub struct GlobalArgs {
    /// When to colour the output (NO_COLOR is honoured by `auto`).
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,

    /// Print one JSON document instead of text.
    #[arg(long, global = true)]
    pub json: bool,

    /// The index folder (else $ARBITER_INDEX, else index/ of the checkout, else the
    /// platform's data directory).
    #[arg(long, value_name = "DIR", global = true, env = "ARBITER_INDEX")]
    pub index: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print a rule with its subrules, examples and the rules it references.
    #[command(after_help = "Example:\n  arbiter rule 303.4c\n  arbiter rule 212.2g --rev 2008")]
    Rule(RuleArgs),
    /// List the revisions arbiter knows: embedded and ingested.
    #[command(after_help = "Example:\n  arbiter revisions --json")]
    Revisions,
    /// Read rules files of any shape and add them to the index.
    #[command(after_help = "Example:\n  arbiter ingest ../shared/corpus/*.txt")]
    Ingest(IngestArgs),
    /// Download the current rules text from the publisher, check it, and ingest it.
    #[command(
        after_help = "Example:\n  arbiter fetch\n  arbiter fetch \"https://media.wizards.com/2026/downloads/MagicCompRules 20260417.txt\""
    )]
    Fetch(FetchArgs),
    /// Full-text search of the rules, ranked by relevance.
    #[command(after_help = "Example:\n  arbiter search \"can I equip an opponent's creature\"")]
    Search(SearchArgs),
    /// Look a term up in the glossary.
    #[command(after_help = "Example:\n  arbiter define \"equipped creature\"")]
    Define(DefineArgs),
    /// Compare two revisions rule by rule.
    #[command(after_help = "Example:\n  arbiter diff 2011-07-15 2026-01-16 --section 3")]
    Diff(DiffArgs),
    /// Follow one rule through every revision, renumbering included.
    #[command(
        after_help = "Example:\n  arbiter history 704.5j\n  arbiter history 420.5e --rev 2008-02-01"
    )]
    History(HistoryArgs),
    /// Play scenario files under the rules of a revision and check their expectations.
    #[command(after_help = "Example:\n  arbiter check tests/scenarios/")]
    Check(CheckArgs),
}

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// The rule number: 303, 303.4 or 303.4c.
    pub number: String,
    /// The revision: an id (2011-07-15) or a unique prefix (2011).
    #[arg(long)]
    pub rev: Option<String>,
}

#[derive(Debug, Args)]
pub struct IngestArgs {
    /// Rules files (official text, reStructuredText, web-page copies, rulings pages).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Use this id instead of the file's effective date (one file only).
    #[arg(long)]
    pub id: Option<String>,
    /// Replace a revision already indexed under the same id with different content.
    #[arg(long)]
    pub replace: bool,
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
    /// Search this revision (an id or unique prefix) instead of the newest complete one.
    #[arg(long, conflicts_with = "all_revisions")]
    pub rev: Option<String>,
    /// Search every revision, grouping identical text.
    #[arg(long)]
    pub all_revisions: bool,
    /// Only rules of this section (1–9) or rule (303).
    #[arg(long)]
    pub section: Option<String>,
    /// How many hits to show.
    #[arg(long, default_value_t = 10)]
    pub limit: usize,
}

#[derive(Debug, Args)]
pub struct DefineArgs {
    /// The glossary term; typos are forgiven.
    #[arg(required = true, num_args = 1..)]
    pub term: Vec<String>,
    /// The revision (an id or unique prefix).
    #[arg(long)]
    pub rev: Option<String>,
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The older revision (id or unique prefix).
    pub from: String,
    /// The newer revision (id or unique prefix).
    pub to: String,
    /// Only this section (1–9).
    #[arg(long, conflicts_with = "rule")]
    pub section: Option<u8>,
    /// Only this rule and its subrules.
    #[arg(long)]
    pub rule: Option<String>,
    /// Fold template changes that changed no rule ("his or her" → "their", quotes…).
    #[arg(long)]
    pub ignore_wording: bool,
    /// A Markdown change summary.
    #[arg(long, conflicts_with = "json")]
    pub markdown: bool,
}

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The rule number, in the numbering of `--rev`.
    pub number: String,
    /// The revision the number belongs to (default: the newest complete revision).
    #[arg(long)]
    pub rev: Option<String>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Scenario files (Markdown) or folders of them.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Quote each cited rule's text from the revision.
    #[arg(long)]
    pub explain: bool,
}
