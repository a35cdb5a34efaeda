//! The pure part of `arbiter fetch`: deciding whether a downloaded body is a web page or
//! a text file, finding the rules text file a page links to ([`page`]), and deciding
//! whether a text file is a whole revision of the rules, fit to ingest, or something
//! else (a page, a fragment, a file cut short). No network here: `commands::fetch` does
//! the downloading and hands the bytes in.

pub mod page;

use crate::model::Revision;
use crate::read::validate::{self, Extent};
use crate::read::{self, ReadError, ReadOptions};

/// The publisher's rules page, which links the current text file.
pub const RULES_PAGE: &str = "https://magic.wizards.com/en/rules";

/// What a downloaded body is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    /// An HTML page: look for the link to the text file in it.
    Html,
    /// Anything else: it may be the rules text itself.
    Text,
}

/// Tells an HTML page from a text file, by the `Content-Type` the server sent and by
/// how the body begins (a server may call a page `text/plain` or a text file
/// `application/octet-stream`). UTF-16 bodies are looked at with their zero bytes
/// dropped.
pub fn body_kind(content_type: Option<&str>, body: &[u8]) -> BodyKind {
    let declared = content_type.unwrap_or("").to_ascii_lowercase();
    if declared.contains("html") {
        return BodyKind::Html;
    }
    let start: Vec<u8> = body
        .iter()
        .take(2048)
        .filter(|&&b| b != 0)
        .map(u8::to_ascii_lowercase)
        .collect();
    let text = String::from_utf8_lossy(&start);
    let text = text
        .trim_start_matches(['\u{feff}', '\u{fffd}'])
        .trim_start();
    let html = ["<!doctype html", "<html", "<head", "<body"]
        .iter()
        .any(|tag| text.starts_with(tag))
        || (text.starts_with("<!--") || text.starts_with("<?xml")) && text.contains("<html");
    if html {
        BodyKind::Html
    } else {
        BodyKind::Text
    }
}

/// Why a downloaded text file is not taken as a revision of the rules. The message says
/// what is wrong; [`Refusal::advice`] what to do about it.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// No reader can read it as rules at all (or it is empty).
    #[error("{0}")]
    NotRules(ReadError),
    /// Rules text that does not say when it took effect.
    #[error("{name}: no effective date found in the text (expected a line like \"These rules are effective as of April 17, 2026.\")")]
    NoDate { name: String },
    /// It reads as part of the rules only: the file was cut short or is an excerpt.
    #[error("{name}: this reads as a fragment of the rules ({what}), not a whole revision: the file is cut short or is an excerpt")]
    Fragment { name: String, what: String },
    /// It begins like the whole rules but stops before their end.
    #[error("{name}: {refusal}")]
    CutShort {
        name: String,
        refusal: validate::Refusal,
    },
}

impl Refusal {
    /// What the user can do about it.
    pub fn advice(&self) -> &'static str {
        match self {
            Refusal::NotRules(_) => {
                "give the URL of the rules text file, or of a page that links it"
            }
            Refusal::NoDate { .. } => {
                "save the file and ingest it with `arbiter ingest FILE --id YYYY-MM-DD`"
            }
            Refusal::Fragment { .. } => {
                "try the download again; to ingest an excerpt on purpose, save it and use `arbiter ingest FILE`"
            }
            Refusal::CutShort { .. } => "try the download again",
        }
    }
}

/// Reads `bytes` with arbiter's readers and the whole-document check
/// (`read::read_checked`: the header, every part to the "Credits" after the glossary,
/// one revision) and accepts them only as a whole revision, so that an excerpt or a file
/// cut inside its glossary is not taken for the whole.
pub fn verify(name: &str, bytes: &[u8]) -> Result<Revision, Refusal> {
    let checked =
        read::read_checked(name, bytes, &ReadOptions::default()).map_err(|e| match e {
            ReadError::NoDate { name, .. } => Refusal::NoDate { name },
            ReadError::Refused {
                name,
                refusal: refusal @ validate::Refusal::CutShort { .. },
            } => Refusal::CutShort { name, refusal },
            other => Refusal::NotRules(other),
        })?;
    let revision = checked.revision;
    if checked.verdict.extent != Extent::Whole {
        let sections: Vec<String> = revision
            .section_numbers()
            .iter()
            .map(|s| s.to_string())
            .collect();
        let what = format!(
            "{} {}, {} rules, {}",
            if sections.len() == 1 {
                "section"
            } else {
                "sections"
            },
            sections.join(", "),
            revision.rules.len(),
            if revision.glossary.is_empty() {
                "no glossary".to_string()
            } else {
                format!("{} glossary entries", revision.glossary.len())
            }
        );
        return Err(Refusal::Fragment {
            name: name.to_string(),
            what,
        });
    }
    Ok(revision)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_a_page_from_a_text_file_by_type_and_by_content() {
        let cases: [(Option<&str>, &[u8], BodyKind); 9] = [
            (
                Some("text/html; charset=utf-8"),
                b"anything",
                BodyKind::Html,
            ),
            (Some("application/xhtml+xml"), b"<x/>", BodyKind::Html),
            (
                Some("text/plain"),
                b"\n  <!DOCTYPE html><html>",
                BodyKind::Html,
            ),
            (None, b"\xef\xbb\xbf<html lang=en>", BodyKind::Html),
            (None, b"<!-- a comment --><html>", BodyKind::Html),
            (None, b"\xff\xfe<\0h\0t\0m\0l\0>\0", BodyKind::Html),
            (
                Some("text/plain"),
                b"Magic: The Gathering Comprehensive Rules\r\n",
                BodyKind::Text,
            ),
            (
                Some("application/octet-stream"),
                b"\xef\xbb\xbfMagic: The Gathering",
                BodyKind::Text,
            ),
            (
                None,
                b"100.1. <html> in a rule is still text",
                BodyKind::Text,
            ),
        ];
        for (content_type, body, kind) in cases {
            assert_eq!(
                body_kind(content_type, body),
                kind,
                "{content_type:?} {:?}",
                String::from_utf8_lossy(body)
            );
        }
    }

    /// A small whole revision in the official shape: its contents, two sections, a
    /// glossary, credits.
    fn whole() -> String {
        "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of April 17, 2030.\n\n\
         Contents\n\n1. Game Concepts\n100. General\n7. Additional Rules\n704. State-Based Actions\nGlossary\nCredits\n\n\
         1. Game Concepts\n\n100. General\n\n100.1. These Magic rules apply to any Magic game.\n\n\
         100.2. To play, each player needs their own deck.\n\n\
         7. Additional Rules\n\n704. State-Based Actions\n\n704.5j If two or more legendary permanents with the same name are controlled by the same player, that player chooses one of them, and the rest are put into their owners' graveyards.\n\n\
         Glossary\n\nActive Player\nThe player whose turn it is.\n\nLegend Rule\nSee rule 704.5j.\n\n\
         Credits\n\nMagic: The Gathering Original Game Design: Richard Garfield\n"
            .to_string()
    }

    #[test]
    fn accepts_a_whole_revision() {
        let revision = verify("whole.txt", whole().as_bytes()).expect("a whole revision");
        assert_eq!(revision.id, "2030-04-17");
        assert!(revision.complete);
    }

    #[test]
    fn refuses_a_file_cut_before_its_glossary_naming_where_it_stops() {
        let text = whole();
        // Cut in the body, after section 1: the contents still promise section 7.
        let cut = &text[..text.rfind("7. Additional").unwrap_or(text.len())];
        let err = verify("cut.txt", cut.as_bytes())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert_eq!(
            err,
            "cut.txt: this begins like the whole rules (effective 2030-04-17), but the text stops in the middle of the rules, after rule 100.2, with no glossary: the file is cut short"
        );
    }

    #[test]
    fn refuses_a_file_cut_inside_its_glossary() {
        let text = whole();
        let cut = &text[..text.rfind("Credits").unwrap_or(text.len())];
        let err = verify("cut.txt", cut.as_bytes())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert_eq!(
            err,
            "cut.txt: this begins like the whole rules (effective 2030-04-17), but the text stops in the glossary (its last entry is \"Legend Rule\") and never reaches the \"Credits\" that end the rules: the file is cut short"
        );
    }

    #[test]
    fn refuses_what_is_not_rules_naming_it() {
        let err = verify("https://example.org/x.txt", b"User-agent: *\nDisallow: /\n")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.starts_with("https://example.org/x.txt: this is not Comprehensive Rules text"),
            "{err}"
        );
        let undated = whole().replace("These rules are effective as of April 17, 2030.", "");
        let err = verify("undated.txt", undated.as_bytes())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.starts_with("undated.txt: no effective date found in the text"),
            "{err}"
        );
    }
}
