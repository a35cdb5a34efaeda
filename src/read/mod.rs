//! Readers: raw bytes of any shape the rules circulate in → one [`Revision`].
//!
//! [`read`] runs one pipeline of stages: [`sniff`] refuses what is not text (a PDF, a
//! Word file, an archive, binary noise) in milliseconds, naming it and what to do; an
//! RTF document becomes its text (`rtf`); [`decode`] turns bytes into text (any encoding
//! and line ending of the last 27 years, mojibake repaired run by run, invisible
//! characters dropped, control characters warned about); a JSON dump's rule and
//! glossary objects are written out in the official layout (`json`); an HTML page
//! becomes the text a browser shows (`html`); quote prefixes and Markdown or MediaWiki
//! marks come off (`decoration`); text extracted from a PDF loses its page furniture
//! and is de-wrapped and de-hyphenated (`pdf_text`); then the
//! content decides the shape and its reader reads it, the official grammar at the end of
//! every shape. [`read_checked`] adds the whole-document check ([`validate`]) that
//! `ingest` and `fetch` run before anything is indexed. Every reader produces the same
//! model. A file that is not rules text is refused with
//! [`ReadError::NotRules`]; a partly unreadable file yields what it can, with warnings
//! that carry line numbers. No input makes a reader panic.

pub mod decode;
pub mod references;
pub mod sniff;
pub mod validate;

mod bbcode;
mod bulleted;
mod decoration;
mod html;
mod json;
mod lines;
mod official;
mod pdf_text;
mod rst;
mod rtf;
mod rulings;
mod runs;
mod webpage;

pub use html::decode_entities;
use sha2::{Digest, Sha256};

use crate::model::{Date, Format, Revision};

/// What the caller knows about a source beyond its bytes.
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {
    /// The effective date, when the text does not state one (the embedded seeds' manifest).
    pub date: Option<Date>,
    /// An id that overrides the one derived from the date (`arbiter ingest --id`).
    pub id: Option<String>,
    /// The shape, when the caller knows it (the embedded seeds' manifest); otherwise it
    /// is told from the content.
    pub format: Option<Format>,
}

/// Why a source could not be read at all.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{name}: this is {}, not rules text; {}", .not_text.what, .not_text.advice)]
    NotText {
        name: String,
        not_text: sniff::NotText,
    },
    #[error("{name}: {refusal}")]
    Refused {
        name: String,
        refusal: validate::Refusal,
    },
    #[error("{name}: the file is empty")]
    Empty { name: String },
    #[error("{name}: this is not Comprehensive Rules text ({why})")]
    NotRules { name: String, why: String },
    #[error("{name}: no effective date found in {where_} (expected {expected}); give one with --id YYYY-MM-DD")]
    NoDate {
        name: String,
        /// Where the date was looked for: the text, or a JSON dump's fields.
        where_: &'static str,
        /// What would have dated it.
        expected: &'static str,
    },
}

/// Reads one source. `name` is what messages call it (a path or `embedded:…`).
pub fn read(name: &str, bytes: &[u8], options: &ReadOptions) -> Result<Revision, ReadError> {
    read_source(name, bytes, options, false).map(|c| c.revision)
}

/// A revision read and checked whole, and what the check found.
#[derive(Debug)]
pub struct Checked {
    /// Complete only when the check found the whole revision; a suspect reading carries
    /// a warning that says so first.
    pub revision: Revision,
    pub verdict: validate::Verdict,
}

/// Reads one source and checks the whole document before anything is indexed
/// ([`validate`]): what is not the rules, a file cut short, two revisions in one file, a
/// table of contents alone or a reading that took too many repairs is refused with
/// [`ReadError::Refused`]; an excerpt is a fragment, never a complete revision.
pub fn read_checked(name: &str, bytes: &[u8], options: &ReadOptions) -> Result<Checked, ReadError> {
    read_source(name, bytes, options, true)
}

fn read_source(
    name: &str,
    bytes: &[u8],
    options: &ReadOptions,
    check: bool,
) -> Result<Checked, ReadError> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(ReadError::Empty {
            name: name.to_string(),
        });
    }
    if let Some(not_text) = sniff::not_text(bytes) {
        return Err(ReadError::NotText {
            name: name.to_string(),
            not_text,
        });
    }
    // Containers that are text underneath: RTF (its control words off), JSON (rule and
    // glossary objects written out in the official layout), HTML (what a browser shows).
    let mut container: Option<&str> = None;
    // For each line of the text as the stages leave it, the line of the file given:
    // warnings about converted text name the user's lines.
    let mut source_lines: Option<Vec<usize>> = None;
    let mut container_date = None;
    // A JSON dump: what it lacks of a whole revision (nothing: it is one).
    let mut dump_missing: Option<Vec<String>> = None;
    let mut text = if rtf::is_rtf(bytes) {
        container = Some("an RTF document");
        let (plain, lines, mut cut) = rtf::to_text(bytes);
        let mut text = decode::decode(plain.as_bytes());
        to_source_lines(&mut text.warnings, &lines);
        text.warnings.append(&mut cut);
        source_lines = Some(lines);
        text
    } else {
        let mut text = decode::decode(bytes);
        if let Some((single, lines)) = decoration::undouble(&text.text) {
            text.text = single;
            source_lines = Some(lines);
        }
        text
    };
    if json::is_json(&text.text) {
        container = Some("a JSON document");
        let dump = json::to_text(&text.text).map_err(|why| ReadError::NotRules {
            name: name.to_string(),
            why,
        })?;
        if dump.rules == 0 && dump.entries == 0 {
            return Err(ReadError::NotRules {
                name: name.to_string(),
                why: "a JSON document with no rule or glossary objects in it; expected objects such as {\"ruleNumber\": \"100.1\", \"ruleText\": \"…\"} or {\"term\": \"…\", \"definition\": \"…\"}".to_string(),
            });
        }
        text.text = dump.text;
        source_lines = Some(through(source_lines.as_deref(), dump.source_lines));
        container_date = dump.date;
        dump_missing = Some(dump.missing);
    } else if html::is_html(&text.text) {
        // Warnings past this point name lines of the page's text, not of its markup.
        let (plain, lines) = html::to_text(&text.text);
        text.text = plain;
        source_lines = Some(through(source_lines.as_deref(), lines));
    }
    if let Some((plain, lines)) = bbcode::unmark(&text.text) {
        text.text = plain;
        source_lines = Some(through(source_lines.as_deref(), lines));
    }
    if let Some((plain, lines)) = decoration::undecorate(&text.text) {
        text.text = plain;
        source_lines = Some(through(source_lines.as_deref(), lines));
    }
    // Text extracted from a PDF: page furniture off, paragraphs rejoined. A form feed
    // anywhere else is a space.
    if let Some(plain) = pdf_text::unpaginate(&text.text) {
        text.text = plain.text;
        let mut stage_warnings = plain.warnings;
        if let Some(earlier) = &source_lines {
            to_source_lines(&mut stage_warnings, earlier);
        }
        text.warnings.extend(stage_warnings);
        source_lines = Some(through(source_lines.as_deref(), plain.source_lines));
    } else if text.text.contains('\u{0C}') {
        text.text = text.text.replace('\u{0C}', " ");
    }
    // A forum post or web clip that lost the line ends between rules.
    if let Some((plain, lines)) = runs::split(&text.text) {
        text.text = plain;
        source_lines = Some(through(source_lines.as_deref(), lines));
    }
    let format = options
        .format
        .or_else(|| detect(&text.text))
        .or_else(|| official::is_glossary_page(&text.text).then_some(Format::OfficialText))
        .ok_or_else(|| ReadError::NotRules {
            name: name.to_string(),
            why: format!(
                "{}no numbered rules such as \"100.1. …\" or \"303.4c …\" were found",
                container.map_or(String::new(), |c| format!("{c} whose text has "))
            ),
        })?;
    let mut parsed = match format {
        Format::OfficialText => official::read(&text.text),
        Format::Rst => rst::read(&text.text),
        Format::WebPage => webpage::read(&text.text),
        Format::Bulleted => bulleted::read(&text.text),
        Format::RulingsPage => rulings::read(&text.text),
    };
    if parsed.rules.is_empty() && parsed.glossary.is_empty() {
        return Err(ReadError::NotRules {
            name: name.to_string(),
            why: format!("it looked like {} but no rule could be read", format.name()),
        });
    }
    let mut warnings = text.warnings;
    let mut read_warnings = std::mem::take(&mut parsed.warnings);
    read_warnings.extend(lines::truncation(&text.text, &parsed.rules));
    if let Some(map) = &source_lines {
        to_source_lines(&mut read_warnings, map);
    }
    warnings.append(&mut read_warnings);
    parsed.warnings = warnings;
    // A dump has no header or "Credits": its own content says whether it is whole.
    match &dump_missing {
        Some(missing) if missing.is_empty() => parsed.complete = true,
        Some(missing) => {
            parsed.complete = false;
            parsed.warnings.insert(
                0,
                crate::model::Warning {
                    line: 1,
                    message: format!(
                        "a JSON dump with {}: read as a fragment, not a whole revision",
                        missing.join(" and ")
                    ),
                },
            );
        }
        None => {}
    }
    let verdict = if check {
        let mut verdict =
            validate::validate(&text.text, &parsed).map_err(|refusal| ReadError::Refused {
                name: name.to_string(),
                refusal,
            })?;
        if dump_missing.as_ref().is_some_and(Vec::is_empty) {
            verdict.extent = validate::Extent::Whole;
        }
        parsed.complete = verdict.extent == validate::Extent::Whole;
        if let Some(summary) = &verdict.suspect {
            let line = parsed.warnings.first().map_or(1, |w| w.line);
            parsed.warnings.insert(
                0,
                crate::model::Warning {
                    line,
                    message: format!(
                        "suspect: reading this took {} repairs; check it against the source ({summary})",
                        verdict.repairs
                    ),
                },
            );
        }
        verdict
    } else {
        validate::Verdict {
            extent: if parsed.complete {
                validate::Extent::Whole
            } else {
                validate::Extent::Excerpt
            },
            repairs: parsed.warnings.len(),
            suspect: None,
        }
    };
    let date = parsed
        .date
        .or(container_date)
        .or(options.date)
        .ok_or_else(|| {
            let (where_, expected) = if dump_missing.is_some() {
                (
                    "the JSON dump",
                    "a top-level field like \"effectiveDate\": \"2026-01-16\"",
                )
            } else {
                (
                    "the text",
                    "a line like \"These rules are effective as of January 16, 2026.\"",
                )
            };
            ReadError::NoDate {
                name: name.to_string(),
                where_,
                expected,
            }
        })?;
    let mut revision = Revision {
        id: String::new(),
        date,
        source: name.to_string(),
        format,
        content_hash: sha256_hex(bytes),
        complete: parsed.complete,
        sections: parsed.sections,
        rules: parsed.rules,
        glossary: parsed.glossary,
        warnings: parsed.warnings,
    };
    revision.id = match &options.id {
        Some(id) => id.clone(),
        None => default_id(&revision),
    };
    Ok(Checked { revision, verdict })
}

/// The line of the file given where line `line` (from 1) of a converted text starts,
/// by the conversion's map (`map[i]` for line `i + 1`); a line past the map is left as
/// it is.
fn line_in(map: &[usize], line: usize) -> usize {
    line.checked_sub(1)
        .and_then(|i| map.get(i))
        .copied()
        .unwrap_or(line)
}

/// A stage's map (`lines`, into the text it was given) carried through the map of the
/// stages before it (`earlier`, into the file given), if any.
fn through(earlier: Option<&[usize]>, mut lines: Vec<usize>) -> Vec<usize> {
    if let Some(earlier) = earlier {
        for line in &mut lines {
            *line = line_in(earlier, *line);
        }
    }
    lines
}

/// Warnings about a converted text made to name the lines of the file given.
fn to_source_lines(warnings: &mut [crate::model::Warning], map: &[usize]) {
    for w in warnings {
        w.line = line_in(map, w.line);
    }
}

/// A complete revision's id is its date; a fragment adds `-s3` (the sections it covers),
/// `-r205` (when it covers a single rule) or `-glossary` (a glossary page).
pub fn default_id(revision: &Revision) -> String {
    if revision.complete {
        return revision.date.to_string();
    }
    let tops: Vec<u16> = {
        let mut v: Vec<u16> = revision
            .rules
            .keys()
            .filter_map(|n| n.rule_part())
            .collect();
        v.dedup();
        v
    };
    if tops.len() == 1 {
        return format!("{}-r{}", revision.date, tops[0]);
    }
    if revision.rules.is_empty() {
        return format!("{}-glossary", revision.date);
    }
    let sections: Vec<String> = revision
        .section_numbers()
        .iter()
        .map(|s| s.to_string())
        .collect();
    format!("{}-s{}", revision.date, sections.join(""))
}

/// sha256 of the bytes, lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// What a shape's reader found, before the revision's identity is settled.
#[derive(Debug, Default)]
pub(crate) struct Parsed {
    pub date: Option<Date>,
    pub complete: bool,
    pub sections: Vec<crate::model::Section>,
    pub rules: std::collections::BTreeMap<crate::model::RuleNumber, crate::model::Rule>,
    pub glossary: Vec<crate::model::GlossaryEntry>,
    pub warnings: Vec<crate::model::Warning>,
}

/// The publisher's own header line, which no copied web page carries: the whole
/// official document (its "Search" glossary term or "previous game" lines are not page
/// chrome).
fn has_official_header(text: &str) -> bool {
    text.contains("These rules are effective as of")
        || text.contains("These rules are current as of")
}

/// Decides the shape by looking at the content, never at a file name; `None` when it is
/// not rules text (fewer than two numbered rule lines of any shape).
///
/// The shapes are told apart by what only they have: a rulings page's entries end in a
/// bracketed source and date (`[CompRules 2007/10/01]`); reStructuredText underlines its
/// rule numbers (`301.5` over `-----`; a single one will do beside other markup such as
/// `.. _label:` or a `:tocdepth:` field); a bulleted copy puts bullets before most of its
/// rule lines; a web-page copy has page chrome ("top of page", "10 views"). Whatever is
/// left with official-style rule lines is the official text.
pub fn detect(text: &str) -> Option<Format> {
    let lines: Vec<&str> = text.lines().collect();
    let (mut plain, mut bulleted, mut underlined, mut entries, mut chrome) = (0, 0, 0, 0, 0);
    let (mut dated, mut rst_markup) = (0, 0);
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if self::lines::rule_line(t).is_some() {
            plain += 1;
        } else if let Some(rest) = t.strip_prefix(['•', '·', '▪', '◦', '‣', '*', '-', '–'])
        {
            if self::lines::rule_line(rest.trim()).is_some() {
                bulleted += 1;
            }
        }
        if rulings::is_entry(t) {
            entries += 1;
        }
        if rulings::is_dated(t) {
            dated += 1;
        }
        if rst::is_subrule_heading(t) && lines.get(i + 1).is_some_and(|u| rst::is_underline(u)) {
            underlined += 1;
        }
        if rst::is_markup(line) {
            rst_markup += 1;
        }
        if webpage::is_chrome(t) {
            chrome += 1;
        }
    }
    if dated >= 1 && entries >= 1 && entries * 2 >= plain + bulleted {
        Some(Format::RulingsPage)
    } else if underlined >= 2 || (underlined == 1 && rst_markup >= 1) {
        Some(Format::Rst)
    } else if bulleted >= 2 && bulleted * 2 >= plain {
        Some(Format::Bulleted)
    } else if plain >= 2 && chrome >= 2 && !has_official_header(text) {
        Some(Format::WebPage)
    } else if plain >= 2 {
        Some(Format::OfficialText)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_seed_shape_from_its_content() {
        let seeds: [(&[u8], Format); 5] = [
            (
                include_bytes!("../../rules/000_14b500ea57cedd8e.txt"),
                Format::OfficialText,
            ),
            (
                include_bytes!("../../rules/001_9bc9fbbbb82b12fd.txt"),
                Format::Rst,
            ),
            (
                include_bytes!("../../rules/002_7223a3f7f333bef2.txt"),
                Format::WebPage,
            ),
            (
                include_bytes!("../../rules/003_3ccca83c0026cc6d.txt"),
                Format::Bulleted,
            ),
            (
                include_bytes!("../../rules/004_16c49dc641144f21.txt"),
                Format::RulingsPage,
            ),
        ];
        for (bytes, format) in seeds {
            let text = decode::decode(bytes).text;
            assert_eq!(detect(&text), Some(format));
        }
    }

    #[test]
    fn refuses_what_is_not_rules_text_naming_the_file() {
        for text in [
            "[package]\nname = \"arbiter\"\n",
            "Just a note.\nSee rule 303.4c for Auras.\n",
            "\u{0}\u{1}binary\u{fffd}",
            "100. Only one numbered line\n",
        ] {
            assert_eq!(detect(text), None, "{text:?}");
        }
        let err = read(
            "notes.txt",
            b"Nothing to see here.\n",
            &ReadOptions::default(),
        )
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
        assert!(
            err.starts_with("notes.txt: this is not Comprehensive Rules text"),
            "{err}"
        );
    }
}
