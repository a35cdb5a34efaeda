//! Long output through a pager, as git does it: only when stdout is a terminal, decided
//! once in `main` before a command runs. The pager is `$ARBITER_PAGER`, else `$PAGER`,
//! else `less -FRX` (`-F`: output that fits on one screen is printed and less quits, so
//! only long output is paged); an empty value or `cat` means no pager. The command line
//! is split as a shell would (`less -R`, `"/opt/my pager" -x`) but run without a shell,
//! so a pager that does not exist fails to start, and the output goes to the terminal
//! as it would without one.
//!
//! While the pager runs, arbiter's stdout is the pager's stdin: every command writes to
//! stdout as usual. [`Pager::finish`] closes it and waits for the pager. Quitting the
//! pager early closes the pipe, which arbiter takes as the end of the output, not an
//! error. Paging needs a Unix; elsewhere output is never paged.

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

/// A pager that is running with arbiter's stdout as its input.
pub struct Pager {
    #[cfg(unix)]
    running: unix::Running,
}

/// Starts the pager when stdout is a terminal and the environment names one. A pager that
/// can't be started is reported on stderr and output goes to stdout as it is.
pub fn start() -> Option<Pager> {
    use std::io::IsTerminal as _;
    if !std::io::stdout().is_terminal() {
        return None;
    }
    let words = command(|name| std::env::var_os(name))?;
    #[cfg(unix)]
    {
        match unix::start(&words) {
            Ok(running) => Some(Pager { running }),
            Err(e) => {
                eprintln!(
                    "arbiter: warning: the pager `{}` could not be started ({e}); printing without it",
                    words.join(" ")
                );
                None
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = words;
        None
    }
}

impl Pager {
    /// Ends the output and waits until the reader quits the pager.
    pub fn finish(self) {
        #[cfg(unix)]
        self.running.finish();
    }
}

#[cfg(unix)]
mod unix {
    use std::io::Write as _;
    use std::os::fd::{AsRawFd as _, OwnedFd};
    use std::process::{Child, Command, Stdio};

    pub struct Running {
        child: Child,
        /// The terminal, to put back as stdout once the output is done.
        terminal: OwnedFd,
    }

    pub fn start(words: &[String]) -> std::io::Result<Running> {
        let (program, args) = words
            .split_first()
            .ok_or_else(|| std::io::Error::other("no command"))?;
        let mut command = Command::new(program);
        command.args(args).stdin(Stdio::piped());
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
        let input = OwnedFd::from(input);
        std::io::stdout().flush()?;
        let stdout = std::io::stdout().as_raw_fd();
        // SAFETY: dup and dup2 on file descriptors this process owns; the new descriptor
        // from dup is owned by the OwnedFd made from it and nothing else.
        let terminal = unsafe {
            let saved = libc::dup(stdout);
            if saved < 0 {
                let e = std::io::Error::last_os_error();
                drop(input);
                let _ = child.wait();
                return Err(e);
            }
            <OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(saved)
        };
        // SAFETY: see above; dup2 replaces stdout with the pipe to the pager.
        if unsafe { libc::dup2(input.as_raw_fd(), stdout) } < 0 {
            let e = std::io::Error::last_os_error();
            drop(input);
            let _ = child.wait();
            return Err(e);
        }
        drop(input);
        // The reader's Ctrl-C belongs to the pager (less uses it to stop a search);
        // arbiter ends when the pager quits and closes the pipe.
        // SAFETY: setting a signal's disposition to SIG_IGN has no handler to be unsafe.
        unsafe {
            libc::signal(libc::SIGINT, libc::SIG_IGN);
            libc::signal(libc::SIGQUIT, libc::SIG_IGN);
        }
        Ok(Running { child, terminal })
    }

    impl Running {
        pub fn finish(mut self) {
            let _ = std::io::stdout().flush();
            // Putting the terminal back as stdout closes the pipe: the pager sees the end.
            // SAFETY: both descriptors are open and owned by this process.
            unsafe {
                libc::dup2(self.terminal.as_raw_fd(), std::io::stdout().as_raw_fd());
            }
            let _ = self.child.wait();
        }
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
