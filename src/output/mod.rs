//! Where a command's output goes, decided once in `main`, so that writing can't fail a
//! command that succeeded:
//!
//! - stdout is written through [`stdout`]: into the pager's input while a pager runs (as
//!   bat does it: the pager is a child with a piped stdin, see `pager`), else to stdout;
//!   on a terminal each line is fitted to its width by [`wrap`] (never when piped,
//!   never for `--json`). Once the reader has gone (`arbiter diff … | head`, a pager quit
//!   early) the rest of the output is dropped and the command finishes, so its exit
//!   status (1 for revisions that differ, a failed check) survives the closed pipe.
//! - messages on stderr go through [`eprintln`]: a stderr that can't be written to loses
//!   the message, never the command (`eprintln!` would panic and exit 101 after a
//!   successful ingest).

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::process::ChildStdin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

pub mod wrap;

/// Set once a write to stdout found its reader gone.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);
/// Set once anything was written to stdout.
static STDOUT_USED: AtomicBool = AtomicBool::new(false);
/// The terminal's width when output is fitted to it; 0 when it is not.
static WIDTH: AtomicUsize = AtomicUsize::new(0);
/// The pager's input while a pager runs.
static PAGER: Mutex<Option<BufWriter<ChildStdin>>> = Mutex::new(None);

/// Fits every line of stdout to `width` columns (`None`: as it is).
pub fn fit_to(width: Option<usize>) {
    WIDTH.store(width.unwrap_or(0), Ordering::Relaxed);
}

/// Sends stdout into a pager's input from now on.
pub(crate) fn page_into(input: ChildStdin) {
    *lock_pager() = Some(BufWriter::new(input));
}

/// Ends the pager's input (the pager sees the end of the output) and goes back to stdout.
pub(crate) fn end_paging() {
    if let Some(mut input) = lock_pager().take() {
        let _ = input.flush();
    }
}

fn lock_pager() -> std::sync::MutexGuard<'static, Option<BufWriter<ChildStdin>>> {
    PAGER
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether stdout's reader went away while a command wrote to it.
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Whether the command wrote anything to stdout (under `--json`, its document: a failure
/// after it is told on stderr, so stdout stays one document).
pub fn stdout_used() -> bool {
    STDOUT_USED.load(Ordering::Relaxed)
}

/// stdout as a command writes it (see the module's doc). Text is passed on line by line
/// (a partial line waits for its end or a flush); errors other than a closed pipe (a full
/// disk) are returned as usual.
pub fn stdout() -> Stdout {
    Stdout {
        pending: Vec::new(),
    }
}

/// See [`stdout`].
pub struct Stdout {
    /// The start of a line not yet ended.
    pending: Vec<u8>,
}

impl Stdout {
    fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        if stdout_closed() || bytes.is_empty() {
            return Ok(());
        }
        STDOUT_USED.store(true, Ordering::Relaxed);
        let safe = terminal_safe_bytes(bytes);
        let bytes: &[u8] = &safe;
        let width = WIDTH.load(Ordering::Relaxed);
        let fitted;
        let bytes = if width > 0 {
            fitted = wrap::wrap_text(&String::from_utf8_lossy(bytes), width);
            fitted.as_bytes()
        } else {
            bytes
        };
        let sent = match lock_pager().as_mut() {
            Some(pager) => pager.write_all(bytes),
            None => io::stdout().lock().write_all(bytes),
        };
        closed(sent)
    }
}

/// A closed pipe ends the output quietly; other errors stay errors.
fn closed(result: io::Result<()>) -> io::Result<()> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
            Ok(())
        }
        other => other,
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match buf.iter().rposition(|&b| b == b'\n') {
            Some(end) => {
                self.pending.extend_from_slice(&buf[..=end]);
                let lines = std::mem::take(&mut self.pending);
                self.pending.extend_from_slice(&buf[end + 1..]);
                self.send(&lines)?;
            }
            None => self.pending.extend_from_slice(buf),
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let rest = std::mem::take(&mut self.pending);
        self.send(&rest)?;
        let flushed = match lock_pager().as_mut() {
            Some(pager) => pager.flush(),
            None => io::stdout().lock().flush(),
        };
        closed(flushed)
    }
}

impl Drop for Stdout {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// The width messages on stderr are fitted to; 0 when they are not (stderr is no
/// terminal: a log or a pipe gets each message on one line, whole).
static STDERR_WIDTH: AtomicUsize = AtomicUsize::new(0);

/// The widest a message on a terminal's stderr is made: 80 columns, or the terminal's
/// width when it is narrower.
pub const STDERR_COLUMNS: usize = 80;

/// Fits messages on stderr to `width` columns, at most [`STDERR_COLUMNS`] (`None`: as
/// they are). Decided once in `main`, when stderr is a terminal.
pub fn fit_stderr_to(width: Option<usize>) {
    let width = width.map_or(0, |w| w.min(STDERR_COLUMNS));
    STDERR_WIDTH.store(width, Ordering::Relaxed);
}

/// A message as stderr shows it: broken between words at `width` (0: not at all), each
/// continuation hanging under the text after `arbiter:` or `hint:`.
pub fn stderr_text(text: &str, width: usize) -> String {
    if width == 0 {
        text.to_string()
    } else {
        wrap::wrap_text(text, width)
    }
}

/// One line on stderr, made [`terminal_safe`] and fitted to the terminal; a stderr that
/// can't be written to drops it.
pub fn eprintln(line: impl fmt::Display) {
    let line = line.to_string();
    let text = stderr_text(&terminal_safe(&line), STDERR_WIDTH.load(Ordering::Relaxed));
    let _ = writeln!(io::stderr().lock(), "{text}");
}

/// Text on stderr (it ends its own lines), made [`terminal_safe`] and fitted to the
/// terminal; dropped if stderr can't be written.
pub fn eprint(text: impl fmt::Display) {
    let text = text.to_string();
    let text = stderr_text(&terminal_safe(&text), STDERR_WIDTH.load(Ordering::Relaxed));
    let _ = write!(io::stderr().lock(), "{text}");
}

/// Text as it may reach a terminal: every control character but line feed and tab (the
/// C0 controls, DEL and the C1 controls, which start the sequences that move the cursor,
/// clear the screen, retitle the window or write to the clipboard) is shown as its escape
/// (`\u{1b}`), except the colour sequences arbiter writes itself (`ESC [ digits;… m`).
/// File names, `--rev` values and text from fetched pages are echoed through this, so no
/// data can drive the user's terminal.
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\u{1b}' {
            let colour = rest[1..].strip_prefix('[').and_then(|after| {
                let params = after
                    .find(|p: char| !(p.is_ascii_digit() || p == ';'))
                    .unwrap_or(after.len());
                after[params..].starts_with('m').then_some(2 + params + 1)
            });
            if let Some(len) = colour {
                out.push_str(&rest[..len]);
                rest = &rest[len..];
                continue;
            }
        }
        if unsafe_char(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    std::borrow::Cow::Owned(out)
}

/// [`terminal_safe`] for bytes on their way to stdout (invalid UTF-8 is passed on as it
/// is: only characters can be control characters).
fn terminal_safe_bytes(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    let suspect = bytes
        .iter()
        .any(|&b| (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f || b == 0xc2);
    if !suspect {
        return std::borrow::Cow::Borrowed(bytes);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => match terminal_safe(text) {
            std::borrow::Cow::Borrowed(_) => std::borrow::Cow::Borrowed(bytes),
            std::borrow::Cow::Owned(safe) => std::borrow::Cow::Owned(safe.into_bytes()),
        },
        Err(_) => std::borrow::Cow::Borrowed(bytes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_on_a_terminal_are_broken_between_words_at_80_columns() {
        // Issue #33: `arbiter ingest FIL` / `E` at the terminal's edge.
        let message = "arbiter: error: /home/judge/rules/cr-2026-04-17.txt: not a rules text: no numbered rule and no glossary was found in it";
        let shown = stderr_text(message, 80);
        assert!(shown.lines().count() > 1);
        for line in shown.lines() {
            assert!(line.chars().count() <= 80, "{line:?}");
        }
        assert_eq!(
            shown.split_whitespace().collect::<Vec<_>>(),
            message.split_whitespace().collect::<Vec<_>>()
        );
        assert!(
            shown.lines().nth(1).unwrap().starts_with("         "),
            "{shown}"
        );
        // Not on a pipe or in a log.
        assert_eq!(stderr_text(message, 0), message);
    }

    #[test]
    fn control_sequences_from_data_are_shown_escaped_and_colours_are_kept() {
        assert_eq!(
            terminal_safe("a\u{1b}]0;owned\u{7}b\u{1b}[2Jc"),
            "a\\u{1b}]0;owned\\u{7}b\\u{1b}[2Jc"
        );
        assert_eq!(
            terminal_safe("\u{1b}[1;31mred\u{1b}[0m\n"),
            "\u{1b}[1;31mred\u{1b}[0m\n"
        );
        assert_eq!(terminal_safe("C1 \u{9b}2J"), "C1 \\u{9b}2J");
        assert_eq!(terminal_safe("tab\tline\n"), "tab\tline\n");
        assert_eq!(
            &*terminal_safe_bytes(b"x\x1b[2J\n"),
            b"x\\u{1b}[2J\n".as_slice()
        );
    }

    #[test]
    fn a_closed_pipe_is_taken_as_the_end_of_the_output() {
        let gone: io::Result<()> = Err(io::Error::from(io::ErrorKind::BrokenPipe));
        assert!(closed(gone).is_ok());
        assert!(stdout_closed());
        let full: io::Result<()> = Err(io::Error::from(io::ErrorKind::StorageFull));
        assert!(closed(full).is_err());
    }
}
