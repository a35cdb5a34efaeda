//! Rendering for people and programs: terminal text, JSON, Markdown. The only place that
//! names colours. Output is first built as styled spans, so it can be tested without
//! escape codes, then written with or without colour as decided once in `main`.

pub mod check;
pub mod cite_check;
pub mod compare;
pub mod define;
pub mod diff;
pub mod fetch;
pub mod guide;
pub mod history;
pub mod html;
pub mod ingest;
pub mod official;
pub mod revisions;
pub mod rule;
pub mod search;
pub mod text;

use std::io::IsTerminal;

/// Whether to colour, decided once from `--color`, `NO_COLOR` and whether stdout is a
/// terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
}

impl Style {
    /// `forced`: `Some` when `--color always|never` decided it, `None` for `auto` (colour
    /// when stdout is a terminal and `NO_COLOR` is unset or empty).
    pub fn decide(forced: Option<bool>) -> Style {
        let color = forced.unwrap_or_else(|| {
            std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::io::stdout().is_terminal()
        });
        colored::control::set_override(color);
        Style { color }
    }
}

/// How a renderer writes what it is given, decided once in `main` from the command line:
/// renderers take result types, a writer and these, never the command's context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub style: Style,
    /// `--json`: one JSON document instead of text.
    pub json: bool,
}
