//! How a failure reads: `arbiter: error: <what went wrong>`, a `caused by:` line for each
//! cause, and, when the user can do something about it, `hint: <what to do>`.
//!
//! A command attaches the hint where it knows it ([`error`], or [`Hint::hint`] on a
//! `Result`). The typed errors of the library (a `--rev` that names no revision, a rule
//! number that is not one, an index that can't be read, a file with no effective date)
//! get theirs here, by type, wherever they occur in the cause chain; for those whose own
//! message already carries the advice, the advice moves from the message to the hint.

use std::fmt;

use crate::index::IndexError;
use crate::library::ResolveError;
use crate::model::BadRuleNumber;
use crate::read::ReadError;

/// An error with what the user can do about it. It reads as the error it wraps (the
/// same message, the same causes), and the hint is printed on a line of its own.
pub struct Hinted {
    error: anyhow::Error,
    hint: String,
    /// What kind of failure it is, when the command knows better than the cause chain.
    kind: Option<Kind>,
}

impl fmt::Display for Hinted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.error, f)
    }
}

impl fmt::Debug for Hinted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} (hint: {})", self.error, self.hint)
    }
}

impl std::error::Error for Hinted {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.error.source()
    }
}

/// An error saying `what` went wrong, with a `hint` of what to do.
pub fn error(what: impl fmt::Display, hint: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(Hinted {
        error: anyhow::Error::msg(what.to_string()),
        hint: hint.into(),
        kind: None,
    })
}

/// An error of a given kind (what a `--json` reader branches on), with a `hint`.
pub fn error_of(kind: Kind, what: impl fmt::Display, hint: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(Hinted {
        error: anyhow::Error::msg(what.to_string()),
        hint: hint.into(),
        kind: Some(kind),
    })
}

/// Attaches a hint to the error of a `Result`.
pub trait Hint<T> {
    fn hint(self, hint: impl Into<String>) -> anyhow::Result<T>;
}

impl<T, E: Into<anyhow::Error>> Hint<T> for Result<T, E> {
    fn hint(self, hint: impl Into<String>) -> anyhow::Result<T> {
        self.map_err(|e| {
            anyhow::Error::new(Hinted {
                error: e.into(),
                hint: hint.into(),
                kind: None,
            })
        })
    }
}

/// What `main` prints on stderr for a failure: the error, its causes, and the hint.
pub fn report(err: &anyhow::Error) -> String {
    let mut lines = Vec::new();
    let mut hint = None;
    for (i, cause) in err.chain().enumerate() {
        let (what, advice) = explain(cause);
        lines.push(if i == 0 {
            format!("arbiter: error: {what}")
        } else {
            format!("  caused by: {what}")
        });
        if hint.is_none() {
            hint = advice;
        }
    }
    if let Some(hint) = hint {
        lines.push(format!("hint: {hint}"));
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// One error of the chain as it is printed, and its hint if it has one.
fn explain(cause: &(dyn std::error::Error + 'static)) -> (String, Option<String>) {
    if let Some(h) = cause.downcast_ref::<Hinted>() {
        return (h.to_string(), Some(h.hint.clone()));
    }
    if let Some(e) = cause.downcast_ref::<ResolveError>() {
        return match e {
            ResolveError::Unknown { spec } => (
                format!("no revision matches `{spec}`"),
                Some(
                    "`arbiter revisions` lists the revisions arbiter knows; `arbiter ingest FILE` adds one"
                        .to_string(),
                ),
            ),
            ResolveError::Empty => (
                e.to_string(),
                Some("add a revision with `arbiter ingest FILE`".to_string()),
            ),
        };
    }
    if let Some(over) = cause.downcast_ref::<crate::limits::OverLimit>() {
        return (over.to_string(), Some(over.limit.advice.to_string()));
    }
    if let Some(BadRuleNumber(text)) = cause.downcast_ref::<BadRuleNumber>() {
        return (
            format!("`{text}` is not a rule number"),
            Some(
                "give a section (3), a rule (303), a subrule (303.4) or a lettered subrule (303.4c)"
                    .to_string(),
            ),
        );
    }
    if let Some(e) = cause.downcast_ref::<IndexError>() {
        return match e {
            IndexError::Corrupt { path, why } => (
                format!("{}: unreadable ({why})", path.display()),
                Some(rebuild_the_index()),
            ),
            IndexError::Incompatible {
                path,
                found,
                expected,
            } => (
                format!(
                    "{}: written by another version of arbiter (layout {found}, this one reads {expected})",
                    path.display()
                ),
                Some(rebuild_the_index()),
            ),
            IndexError::Damaged { path, why, fix } => (
                format!("{}: damaged ({why})", path.display()),
                Some(fix.advice()),
            ),
            IndexError::MissingCatalogue { path, stored } => (
                format!(
                    "{}: missing, but {stored} revision folders are stored beside it",
                    path.display()
                ),
                Some(crate::index::Repair::Catalogue.advice()),
            ),
            IndexError::Io { .. } | IndexError::Tantivy { .. } => (e.to_string(), None),
        };
    }
    if let Some(e) = cause.downcast_ref::<ReadError>() {
        return match e {
            ReadError::NoDate {
                name,
                where_,
                expected,
            } => (
                format!("{name}: no effective date found in {where_} (expected {expected})"),
                Some("give the revision an id that starts with its date: --id YYYY-MM-DD".to_string()),
            ),
            ReadError::NotRules { .. } | ReadError::Empty { .. } => (
                e.to_string(),
                Some("arbiter reads the Comprehensive Rules as text: the official .txt file, a reStructuredText, web-page or bulleted copy, or a rulings page".to_string()),
            ),
            // Their messages say what the file is and what to do.
            ReadError::NotText { .. } | ReadError::Refused { .. } => (e.to_string(), None),
        };
    }
    (cause.to_string(), None)
}

/// What kind of failure an error is, for a bot reading `--json` output to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// The rule (or entry) asked for is not there: exit 1.
    NotFound,
    /// What was given is not what was expected: a rule number, a file, a flag's value.
    BadInput,
    /// `--rev` (or a diff's revision) names no revision arbiter knows.
    NoRevision,
    /// Anything else: the index, the disk, the network.
    Error,
}

/// The kind of a failure, from the first typed error of its cause chain.
pub fn kind(err: &anyhow::Error) -> Kind {
    for cause in err.chain() {
        if cause.downcast_ref::<ResolveError>().is_some() {
            return Kind::NoRevision;
        }
        if cause.downcast_ref::<BadRuleNumber>().is_some()
            || cause.downcast_ref::<ReadError>().is_some()
            || cause.downcast_ref::<crate::limits::OverLimit>().is_some()
        {
            return Kind::BadInput;
        }
        if let Some(h) = cause.downcast_ref::<Hinted>() {
            if let Some(kind) = h.kind {
                return kind;
            }
        }
    }
    Kind::Error
}

/// A failure as the JSON document printed on stdout under `--json`:
/// `{"error": {"kind", "message", "causes", "hint"}}`.
pub fn json(kind: Kind, err: &anyhow::Error) -> serde_json::Value {
    let mut hint = None;
    let mut said = Vec::new();
    for cause in err.chain() {
        let (what, advice) = explain(cause);
        said.push(what);
        if hint.is_none() {
            hint = advice;
        }
    }
    let message = said.remove(0);
    serde_json::json!({
        "error": {"kind": kind, "message": message, "causes": said, "hint": hint}
    })
}

fn rebuild_the_index() -> String {
    "delete the index folder and ingest the rules again with `arbiter ingest FILE...`".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hinted_error_reads_as_its_error_and_keeps_its_causes() {
        let inner = anyhow::anyhow!("the file is gone").context("cannot read draft.txt");
        let err: anyhow::Result<()> = Err(inner);
        let err = err.hint("check the path").unwrap_err();
        assert_eq!(
            report(&err),
            "arbiter: error: cannot read draft.txt\n  caused by: the file is gone\nhint: check the path\n"
        );
    }

    #[test]
    fn a_typed_error_deep_in_the_chain_gives_its_hint_once() {
        let err = anyhow::Error::new(ResolveError::Unknown {
            spec: "1999".to_string(),
        })
        .context("diff 1999 2026");
        assert_eq!(
            report(&err),
            "arbiter: error: diff 1999 2026\n  caused by: no revision matches `1999`\nhint: `arbiter revisions` lists the revisions arbiter knows; `arbiter ingest FILE` adds one\n"
        );
    }

    #[test]
    fn an_error_with_nothing_to_do_has_no_hint() {
        let err = anyhow::anyhow!("disk full");
        assert_eq!(report(&err), "arbiter: error: disk full\n");
    }
}
