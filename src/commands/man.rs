//! `arbiter man`: the manual page arbiter(1) in roff, generated from the command line
//! declared in `cli` with clap_mangen, never written by hand.
//!
//! One page holds everything a reader of `man arbiter` looks for: the name, synopsis,
//! description and options of arbiter itself, then a COMMANDS part with each command's
//! synopsis, description, options and examples (clap_mangen's own sections of the
//! command, their headings dropped), then the EXAMPLES, EXIT STATUS and ENVIRONMENT parts
//! of `arbiter --help` and the version. The global options are described once, at the
//! top, not again under every command that takes them (all but `completions` and `man`).

use clap::CommandFactory as _;
use clap_mangen::roff::{roman, Roff};
use clap_mangen::Man;

use super::{hint, Context, Outcome};
use crate::cli::Cli;

pub fn run(ctx: &Context) -> anyhow::Result<Outcome> {
    if ctx.json {
        return Err(hint::error_of(
            hint::Kind::BadInput,
            "`arbiter man` prints a manual page in roff; --json does not apply",
            "run `arbiter man` without --json (`arbiter man | man -l -` reads it)",
        ));
    }
    super::print(&page()?)?;
    Ok(Outcome::Success)
}

/// The whole page, as roff source.
pub fn page() -> std::io::Result<String> {
    let mut cli = Cli::command();
    cli.build();
    let man = Man::new(cli.clone()).title("ARBITER");
    let mut out: Vec<u8> = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    man.render_options_section(&mut out)?;

    heading(&mut out, "COMMANDS")?;
    let globals: Vec<String> = cli
        .get_arguments()
        .filter(|a| is_global(a))
        .map(|a| a.get_id().to_string())
        .collect();
    for (name, sub) in commands_of(&cli, "arbiter") {
        let mut sub = sub.bin_name(&name);
        for id in globals.iter().map(String::as_str).chain(["help"]) {
            if sub.get_arguments().any(|a| a.get_id() == id) {
                sub = sub.mut_arg(id, |a| a.hide(true));
            }
        }
        let has_options = sub.get_arguments().any(|a| !a.is_hide_set());
        let man = Man::new(sub.clone());
        let mut part: Vec<u8> = Vec::new();
        man.render_synopsis_section(&mut part)?;
        paragraph(&mut part)?;
        man.render_description_section(&mut part)?;
        if has_options {
            man.render_options_section(&mut part)?;
        }
        let mut roff = Roff::new();
        roff.control("SS", [name.as_str()]);
        roff.to_writer(&mut out)?;
        out.extend(without_headings(&String::from_utf8_lossy(&part)).as_bytes());
        if let Some(after) = sub.get_after_help() {
            blocks(&mut out, &after.to_string(), false)?;
        }
    }
    if let Some(after) = cli.get_after_long_help() {
        blocks(&mut out, &after.to_string(), true)?;
    }
    man.render_version_section(&mut out)?;
    Ok(preamble_once(&String::from_utf8_lossy(&out)))
}

/// Whether an option is one of the flags most commands take (`--json`, `--index` …),
/// described once at the top of the page.
pub fn is_global(arg: &clap::Arg) -> bool {
    arg.get_help_heading() == Some(GLOBAL_OPTIONS)
}

/// The heading of those options in `--help` (`cli::GlobalArgs`).
pub const GLOBAL_OPTIONS: &str = "Global options";

/// Every command to document, with its full name, nested ones (`arbiter export html`)
/// after the command they belong to.
fn commands_of(command: &clap::Command, prefix: &str) -> Vec<(String, clap::Command)> {
    let mut all = Vec::new();
    // clap's own `help` of a command with subcommands is left out; arbiter's `help`
    // (`arbiter help scenarios`) is a command like the others.
    for sub in command
        .get_subcommands()
        .filter(|s| s.get_name() != "help" || prefix == "arbiter")
    {
        let name = format!("{prefix} {}", sub.get_name());
        all.push((name.clone(), sub.clone()));
        all.extend(commands_of(sub, &name));
    }
    all
}

/// Every piece of roff written starts with the same two lines that define `\*(Aq` (an
/// upright apostrophe); the page needs them once, at the top.
fn preamble_once(roff: &str) -> String {
    const PREAMBLE: [&str; 2] = [".ie \\n(.g .ds Aq \\(aq", ".el .ds Aq '"];
    let mut page = format!("{}\n{}\n", PREAMBLE[0], PREAMBLE[1]);
    for line in roff.lines().filter(|l| !PREAMBLE.contains(l)) {
        page.push_str(line);
        page.push('\n');
    }
    ascii(&page)
}

/// Characters beyond ASCII (`–`, `→`, `…`) as roff's `\[uXXXX]` escapes, which groff and
/// mandoc read whatever the page's encoding is taken to be.
fn ascii(roff: &str) -> String {
    let mut out = String::with_capacity(roff.len());
    for c in roff.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("\\[u{:04X}]", c as u32));
        }
    }
    out
}

fn paragraph(out: &mut Vec<u8>) -> std::io::Result<()> {
    let mut roff = Roff::new();
    roff.control("PP", []);
    roff.to_writer(out)
}

fn heading(out: &mut Vec<u8>, title: &str) -> std::io::Result<()> {
    let mut roff = Roff::new();
    roff.control("SH", [title]);
    roff.to_writer(out)
}

/// clap_mangen's sections of a command without their `.SH` headings, to sit under the
/// command's own `.SS` heading.
fn without_headings(roff: &str) -> String {
    roff.lines()
        .filter(|line| !line.starts_with(".SH"))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The `Heading:` blocks of a help text (`Examples:`, `Exit status:` …), each a part of
/// the page (`.SH` when `top`, else a paragraph under the command), their indented lines
/// kept as they are.
fn blocks(out: &mut Vec<u8>, text: &str, top: bool) -> std::io::Result<()> {
    for block in text.split("\n\n") {
        let mut lines = block.lines();
        let Some(title) = lines.next() else { continue };
        let title = title.trim_end_matches(':');
        let mut roff = Roff::new();
        if top {
            roff.control("SH", [title.to_uppercase().as_str()]);
        } else {
            roff.control("PP", []);
            roff.text([roman(format!("{title}:"))]);
        }
        if !top {
            roff.control("RS", []);
        }
        roff.control("nf", []);
        for line in lines {
            roff.text([roman(line.strip_prefix("  ").unwrap_or(line))]);
        }
        roff.control("fi", []);
        if !top {
            roff.control("RE", []);
        }
        roff.to_writer(out)?;
    }
    Ok(())
}
