//! Long output through a pager, as git does it: only when stdout is a terminal, decided
//! once in `main` before a command runs. The pager is `$ARBITER_PAGER`, else `$PAGER`,
//! else `less -FRX` (`-F`: output that fits on one screen is printed and less quits, so
//! only long output is paged); an empty value or `cat` means no pager. The command line
//! is split as a shell would (`less -R`, `"/opt/my pager" -x`) but run without a shell,
//! so a pager that does not exist fails to start, and the output goes to the terminal
//! as it would without one.
//!
//! The pager is a child with a piped stdin, as bat runs it: while it runs, the output
//! layer (`output::stdout`) writes into that pipe instead of stdout; [`Pager::finish`]
//! closes it and waits for the reader to quit. Quitting the pager early closes the pipe,
//! which arbiter takes as the end of the output, not an error, and the command's exit
//! status stands.

use std::ffi::OsString;

/// The pager's command line from the environment (`lookup` reads a variable), or `None`
/// when paging is turned off. `less` gets `LESS=FRX` unless `LESS` is set (see [`start`]).
pub fn command(lookup: impl Fn(&str) -> Option<OsString>) -> Option<Vec<String>> {
    let chosen = lookup("ARBITER_PAGER")
        .or_else(|| lookup("PAGER"))
        .map(|v| v.to_string_lossy().into_owned())
        .unwrap_or_else(|| "less -FRX".to_string());
    let words = shlex::split(&chosen)?;
    match words.first().map(String::as_str) {
        None | Some("cat") => None,
        Some(_) => Some(words),
    }
}

/// A pager that is running with arbiter's output as its input.
pub struct Pager {
    child: std::process::Child,
}

/// Starts the pager when stdout is a terminal and the environment names one. A pager that
/// can't be started is reported on stderr and output goes to stdout as it is.
pub fn start() -> Option<Pager> {
    use std::io::IsTerminal as _;
    if !std::io::stdout().is_terminal() {
        return None;
    }
    let words = command(|name| std::env::var_os(name))?;
    match spawn(&words) {
        Ok(pager) => Some(pager),
        Err(e) => {
            crate::output::eprintln(format_args!(
                "arbiter: warning: the pager `{}` could not be started ({e}); printing without it",
                words.join(" ")
            ));
            None
        }
    }
}

fn spawn(words: &[String]) -> std::io::Result<Pager> {
    let (program, args) = words
        .split_first()
        .ok_or_else(|| std::io::Error::other("no command"))?;
    let mut command = std::process::Command::new(program);
    command.args(args).stdin(std::process::Stdio::piped());
    if std::env::var_os("LESS").is_none() {
        command.env("LESS", "FRX");
    }
    if std::env::var_os("LV").is_none() {
        command.env("LV", "-c");
    }
    let mut child = command.spawn()?;
    let Some(input) = child.stdin.take() else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(std::io::Error::other("no pipe to the pager"));
    };
    crate::output::page_into(input);
    ignore_interrupts();
    Ok(Pager { child })
}

/// The reader's Ctrl-C belongs to the pager (less uses it to stop a search); arbiter
/// ends when the pager quits and closes the pipe.
#[cfg(unix)]
fn ignore_interrupts() {
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_IGN);
        libc::signal(libc::SIGQUIT, libc::SIG_IGN);
    }
}

#[cfg(not(unix))]
fn ignore_interrupts() {}

impl Pager {
    /// Ends the output and waits until the reader quits the pager.
    pub fn finish(mut self) {
        crate::output::end_paging();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(vars: &[(&str, &str)]) -> Option<Vec<String>> {
        command(|name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| OsString::from(*v))
        })
    }

    #[test]
    fn less_by_default_arbiter_pager_before_pager() {
        assert_eq!(with(&[]), Some(vec!["less".into(), "-FRX".into()]));
        assert_eq!(with(&[("PAGER", "more")]), Some(vec!["more".to_string()]));
        assert_eq!(
            with(&[("PAGER", "more"), ("ARBITER_PAGER", "less -R")]),
            Some(vec!["less".to_string(), "-R".to_string()])
        );
    }

    #[test]
    fn empty_or_cat_means_no_pager() {
        assert_eq!(with(&[("PAGER", "")]), None);
        assert_eq!(with(&[("PAGER", "cat")]), None);
        assert_eq!(with(&[("ARBITER_PAGER", ""), ("PAGER", "less")]), None);
        assert_eq!(with(&[("ARBITER_PAGER", "  ")]), None);
    }

    #[test]
    fn a_pager_is_split_as_a_shell_would() {
        assert_eq!(
            with(&[("PAGER", "\"/opt/my pager\" -x 'a b'")]),
            Some(vec!["/opt/my pager".into(), "-x".into(), "a b".into()])
        );
        // Unbalanced quotes name no command: no pager rather than a wrong one.
        assert_eq!(with(&[("PAGER", "less \"-R")]), None);
    }
}
