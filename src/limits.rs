//! The limits on what a command accepts, in one place (and in `docs/limits.md`, which a
//! test keeps in step with this table). Each is far beyond any real use — the longest
//! real rules question of the project's sets is under 300 words, the longest glossary
//! term under 40 characters, the longest scenario a few hundred lines — and low enough
//! that no input, pasted by mistake or sent to a server, can keep arbiter busy for long.
//! An input over a limit is refused at once with a message that names the limit and what
//! to do; nothing is ever cut silently.

use std::fmt;

/// One limit: what it bounds, how much, and what a user over it can do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// What is counted, e.g. "words in a search".
    pub what: &'static str,
    pub most: usize,
    /// What a user over it can do.
    pub advice: &'static str,
}

/// Words in a search question (`search`, a bare `arbiter WORDS…`).
pub const SEARCH_WORDS: Limit = Limit {
    what: "words in a search",
    most: 500,
    advice: "ask the question in fewer words: the rules' own words find the rule",
};

/// Words in a search of every revision (`--all-revisions`): each word is looked up in
/// each of the 80-odd revisions, about 35 ms a word on a release build.
pub const SEARCH_ALL_WORDS: Limit = Limit {
    what: "words in a search of every revision",
    most: 40,
    advice: "ask one revision the whole question (`--rev`), or every revision in fewer words",
};

/// Characters in a search question.
pub const SEARCH_CHARS: Limit = Limit {
    what: "characters in a search",
    most: 5_000,
    advice: "ask the question in fewer words: the rules' own words find the rule",
};

/// Characters in a term to define.
pub const DEFINE_CHARS: Limit = Limit {
    what: "characters in a term to define",
    most: 200,
    advice: "give the term alone (`arbiter define \"last known information\"`), or search for a longer question",
};

/// Bytes of a scenario file.
pub const SCENARIO_BYTES: Limit = Limit {
    what: "bytes in a scenario file",
    most: 4 << 20,
    advice: "split the board into several files",
};

/// Actions in a scenario.
pub const SCENARIO_ACTIONS: Limit = Limit {
    what: "actions in a scenario",
    most: 10_000,
    advice: "split the board into several scenarios",
};

/// Every limit, for `docs/limits.md`.
pub const ALL: [Limit; 6] = [
    SEARCH_WORDS,
    SEARCH_ALL_WORDS,
    SEARCH_CHARS,
    DEFINE_CHARS,
    SCENARIO_BYTES,
    SCENARIO_ACTIONS,
];

/// An input over a limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverLimit {
    pub limit: Limit,
    pub found: usize,
}

impl fmt::Display for OverLimit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}: the limit is {} (docs/limits.md lists every limit)",
            self.found, self.limit.what, self.limit.most
        )
    }
}

impl std::error::Error for OverLimit {}

impl Limit {
    /// `Err` when `found` is over this limit.
    pub fn check(self, found: usize) -> Result<(), OverLimit> {
        if found > self.most {
            Err(OverLimit { limit: self, found })
        } else {
            Ok(())
        }
    }
}

/// Checks a search question against [`SEARCH_WORDS`] (or [`SEARCH_ALL_WORDS`] for a
/// search of every revision) and [`SEARCH_CHARS`].
pub fn check_search(question: &str, every_revision: bool) -> Result<(), OverLimit> {
    let words = question.split_whitespace().count();
    SEARCH_WORDS.check(words)?;
    if every_revision {
        SEARCH_ALL_WORDS.check(words)?;
    }
    SEARCH_CHARS.check(question.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_input_over_a_limit_is_refused_naming_the_limit() {
        assert!(check_search("legend rule", true).is_ok());
        let long = "word ".repeat(501);
        let err = check_search(&long, false).expect_err("too many words");
        assert_eq!(
            err.to_string(),
            "501 words in a search: the limit is 500 (docs/limits.md lists every limit)"
        );
        assert!(check_search(&"x".repeat(5_001), false).is_err());
        assert!(check_search(&"word ".repeat(41), true).is_err());
        assert!(check_search(&"word ".repeat(41), false).is_ok());
    }
}
