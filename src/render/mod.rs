//! Rendering for people and programs: terminal text, JSON, Markdown. The only place that
//! names colours. Output is first built as styled spans, so it can be tested without
//! escape codes, then written with or without colour as decided once in `main`.

pub mod check;
pub mod define;
pub mod diff;
pub mod fetch;
pub mod history;
pub mod html;
pub mod ingest;
pub mod revisions;
pub mod rule;
pub mod search;
pub mod text;
pub mod wrap;

use std::io::IsTerminal;

use crate::cli::ColorChoice;

/// Whether to colour, decided once from `--color`, `NO_COLOR` and whether stdout is a
/// terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
}

impl Style {
    pub fn decide(choice: ColorChoice) -> Style {
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stdout().is_terminal()
            }
        };
        colored::control::set_override(color);
        Style { color }
    }
}
