//! `arbiter help [COMMAND|GUIDE] [--markdown]`: a command's help as `--help` prints it, or
//! a guide built into the binary, so that a judge with no network can learn the scenario
//! language: the tutorial and the reference of `docs/scenarios/` (`include_str!`, so the
//! binary carries the very pages of the repository), rendered for the terminal and sent
//! through the pager, or printed as their Markdown source with `--markdown`.

use clap::CommandFactory as _;

use super::{hint, Context, Outcome};
use crate::cli::{Cli, HelpArgs};

/// The scenario tutorial (`docs/scenarios/tutorial.md`).
pub const SCENARIO_TUTORIAL: &str = include_str!("../../docs/scenarios/tutorial.md");
/// The scenario reference (`docs/scenarios/reference.md`).
pub const SCENARIO_REFERENCE: &str = include_str!("../../docs/scenarios/reference.md");

/// The guides `arbiter help` knows, by name.
pub const GUIDES: &[&str] = &["scenarios", "scenario-tutorial", "scenario-reference"];

fn guide(name: &str) -> Option<String> {
    match name {
        "scenarios" | "scenario" => Some(format!("{SCENARIO_TUTORIAL}\n{SCENARIO_REFERENCE}")),
        "scenario-tutorial" | "tutorial" => Some(SCENARIO_TUTORIAL.to_string()),
        "scenario-reference" | "reference" => Some(SCENARIO_REFERENCE.to_string()),
        _ => None,
    }
}

pub fn run(args: &HelpArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    if ctx.json {
        return Err(hint::error_of(
            hint::Kind::BadInput,
            "`arbiter help` prints help and guides as text; --json does not apply",
            "run `arbiter help` without --json (`--markdown` prints a guide's source)",
        ));
    }
    let topic = args.topic.join(" ");
    if let Some(markdown) = guide(&topic) {
        let text = if args.markdown {
            markdown
        } else {
            crate::render::guide::to_terminal(&markdown)
        };
        super::print(&text)?;
        return Ok(Outcome::Success);
    }
    let mut command = Cli::command();
    command.build();
    let mut found = &mut command;
    for word in &args.topic {
        let Some(sub) = found.find_subcommand_mut(word) else {
            return Err(hint::error_of(
                hint::Kind::BadInput,
                format!("no command or guide is called `{topic}`"),
                format!(
                    "the guides are {}; `arbiter --help` lists the commands",
                    GUIDES
                        .iter()
                        .map(|g| format!("`{g}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        };
        found = sub;
    }
    if args.markdown {
        return Err(hint::error_of(
            hint::Kind::BadInput,
            "--markdown prints a guide's source; a command's help has none",
            "`arbiter help scenarios --markdown`",
        ));
    }
    super::print(&found.render_long_help().to_string())?;
    Ok(Outcome::Success)
}
