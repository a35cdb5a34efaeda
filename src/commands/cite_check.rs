//! `arbiter cite-check PATH... [--as-of REV] [--to REV]`: walks the paths like ripgrep
//! (the `ignore` crate: .gitignore respected, hidden files skipped), reads each text file,
//! and judges every citation it finds ([`crate::citations::finder`]) against the embedded
//! citation table. Exit 0 clean, 1 findings, 2 error.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context as _;

use crate::citations::{self, finder};
use crate::cli::CiteCheckArgs;
use crate::model::{Date, Revision, RuleNumber};
use crate::render::cite_check::{self as out, Finding};

use super::{Context, Outcome};

/// Files larger than this are not read (logs, dumps, generated data).
const MAX_FILE: u64 = 8 << 20;

pub fn run(args: &CiteCheckArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let to = match &args.to {
        Some(spec) => revision(spec)?,
        None => *citations::revisions()
            .last()
            .context("the embedded citation table is empty")?,
    };
    let as_of = args.as_of.as_deref().map(revision).transpose()?;
    for path in &args.paths {
        if !path.exists() {
            return Err(super::hint::error(
                format!("{}: no such file or folder", path.display()),
                "give files or folders to check",
            ));
        }
    }
    let mut walk = ignore::WalkBuilder::new(&args.paths[0]);
    // Files in name order, so the output is the same from run to run.
    walk.sort_by_file_name(|a, b| a.cmp(b));
    for p in &args.paths[1..] {
        walk.add(p);
    }
    // Quotations are compared with the text of the revision checked against, when the
    // index holds it whole; the citation table alone has numbers, not text.
    let mut texts = Texts::new(super::library(ctx).ok());
    let text_of_to = texts.revision(to);
    let mut unchecked_quotations = 0usize;
    let mut findings = Vec::new();
    let mut files = 0usize;
    for entry in walk.build() {
        let entry = entry?;
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        if entry.metadata().is_ok_and(|m| m.len() > MAX_FILE) {
            continue;
        }
        let bytes = std::fs::read(entry.path())
            .with_context(|| format!("cannot read {}", entry.path().display()))?;
        if bytes[..bytes.len().min(8192)].contains(&0) {
            continue;
        }
        files += 1;
        let text = String::from_utf8_lossy(&bytes);
        unchecked_quotations += check_text(
            entry.path(),
            &text,
            as_of,
            to,
            text_of_to.as_deref(),
            &mut texts,
            &mut findings,
        );
    }
    if unchecked_quotations > 0 {
        crate::output::eprintln(format_args!(
            "arbiter: {unchecked_quotations} quotation{} not compared with the rules: revision {to} is not in the index (`arbiter ingest FILE` or `arbiter fetch`)",
            if unchecked_quotations == 1 { "" } else { "s" }
        ));
    }
    let to_s = to.to_string();
    let text = if ctx.json {
        out::json(
            &findings,
            files,
            &to_s,
            as_of.map(|d| d.to_string()).as_deref(),
        )
    } else {
        out::terminal(&findings, files, ctx.style)
    };
    super::print(&text)?;
    Ok(if findings.is_empty() {
        Outcome::Success
    } else {
        Outcome::Negative
    })
}

/// Judges every citation, quotation and obsolete concept of `text` into `findings`;
/// returns how many quotations could not be compared (no text of `to` at hand).
fn check_text(
    path: &Path,
    text: &str,
    as_of: Option<Date>,
    to: Date,
    rules: Option<&Revision>,
    texts: &mut Texts,
    findings: &mut Vec<Finding>,
) -> usize {
    let path_s = path.display().to_string();
    let mut found: Vec<Finding> = Vec::new();
    let cited = finder::find(text);
    let mut unchecked = 0;
    for q in finder::quotations(text, &cited) {
        // The quotation is read in the numbering of `to`: a renumbered citation is
        // compared with the rule it became.
        let written = as_of.unwrap_or(to);
        let Some(number) = citations::translate(q.number, written, to) else {
            continue;
        };
        let Some(revision) = rules else {
            unchecked += 1;
            continue;
        };
        let Some(rule) = revision.rule(&number) else {
            continue;
        };
        if finder::quotes_rule(&q.text, &rule.text) {
            continue;
        }
        let closest = finder::closest_sentence(&q.text, &rule.text);
        found.push(Finding {
            path: path_s.clone(),
            line: q.line,
            column: q.column,
            kind: "misquoted",
            number: Some(number.short()),
            message: out::misquoted_message(&number.short(), &to.to_string(), closest.as_deref()),
            verdict: None,
        });
    }
    let lines: Vec<&str> = text.lines().collect();
    let cited_lines: Vec<usize> = cited.iter().map(|c| c.line).collect();
    for c in cited {
        let number = c.number.short();
        // With no date given, a number that several rules have carried is read in the era
        // whose rule the words beside it quote (a comment copying 702.46c of 2013, Offering,
        // is not Splice's 702.46c of 2021).
        let written = as_of.or_else(|| {
            // Its line and up to five after it, stopping before a line that cites another
            // number (that one's words are its own).
            let next = cited_lines
                .iter()
                .copied()
                .find(|&l| l > c.line)
                .map_or(usize::MAX, |l| l - 1);
            let end = (c.line + 5).min(next).min(lines.len());
            let context = lines.get(c.line.saturating_sub(1)..end)?.join("\n");
            texts.era_of(c.number, &context, to)
        });
        if let Some(verdict) = finder::judge(c.number, c.explicit, written, to) {
            found.push(Finding {
                path: path_s.clone(),
                line: c.line,
                column: c.column,
                kind: verdict.kind(),
                message: out::message(&number, &verdict, &to.to_string()),
                number: Some(number),
                verdict: Some(verdict),
            });
        }
    }
    let source_code = is_source_code(path);
    for m in finder::mentions(text) {
        let concept = &finder::CONCEPTS[m.concept];
        let gone: Date = concept.gone.parse().unwrap_or(to);
        // Still the rules' own term in the revision checked against.
        if to < gone {
            continue;
        }
        // A programmer's own words in a comment ("remove it at end of turn"), not a card's.
        if concept.everyday && m.in_comment && source_code {
            continue;
        }
        found.push(Finding {
            path: path_s.clone(),
            line: m.line,
            column: m.column,
            kind: "obsolete",
            number: None,
            message: out::obsolete_message(concept),
            verdict: None,
        });
    }
    found.sort_by_key(|f| (f.line, f.column));
    findings.extend(found);
    unchecked
}

/// A source file of a programming language, by its extension: its comments are a
/// programmer's prose.
fn is_source_code(path: &Path) -> bool {
    const CODE: &[&str] = &[
        "c", "cc", "cpp", "cs", "cxx", "go", "groovy", "h", "hpp", "java", "js", "jsx", "kt",
        "kts", "m", "php", "rs", "scala", "swift", "ts", "tsx",
    ];
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| CODE.iter().any(|c| c.eq_ignore_ascii_case(e)))
}

/// The index's complete revisions, each loaded once when a citation needs its text.
struct Texts {
    library: Option<crate::library::Library>,
    loaded: std::collections::HashMap<Date, Option<Arc<Revision>>>,
}

impl Texts {
    fn new(library: Option<crate::library::Library>) -> Self {
        Texts {
            library,
            loaded: std::collections::HashMap::new(),
        }
    }

    /// The complete revision dated `date`, if the index holds it.
    fn revision(&mut self, date: Date) -> Option<Arc<Revision>> {
        let library = self.library.as_ref()?;
        self.loaded
            .entry(date)
            .or_insert_with(|| {
                let id = library
                    .revisions()
                    .iter()
                    .rev()
                    .find(|i| i.complete && i.date == date)?
                    .id
                    .clone();
                library.load(&id).ok()
            })
            .clone()
    }

    /// The era `number` was written in, as the words beside it tell, when the number has
    /// stood for more than one rule up to `to` and isn't one in `to` (a number current in
    /// `to` needs no era). `None` when the index lacks their texts or the words don't tell.
    fn era_of(&mut self, number: RuleNumber, context: &str, to: Date) -> Option<Date> {
        if self.library.is_none() || citations::exists(number, to) {
            return None;
        }
        let rules = finder::meanings(number, to);
        if rules.len() < 2 {
            return None;
        }
        // Each rule's text from the newest revision of its run that the index holds; runs
        // that become the same rule of `to` (a number that left and came back to one rule:
        // 726.2b of 2022-10-07 and of 2023-04-14) are one rule, its newest run kept.
        let mut meanings: Vec<(Date, String)> = Vec::new();
        let mut destinations: Vec<Option<RuleNumber>> = Vec::new();
        for run in rules.into_iter().rev() {
            let Some(&newest) = run.last() else { continue };
            let destination = citations::translate(number, newest, to);
            if destinations.contains(&destination) {
                continue;
            }
            let Some(found) = run
                .into_iter()
                .rev()
                .find_map(|d| Some((d, self.revision(d)?.rule(&number)?.text.clone())))
            else {
                continue;
            };
            destinations.push(destination);
            meanings.push(found);
        }
        finder::era_by_context(context, &meanings)
    }
}

/// A revision date from `--as-of`/`--to`: a date, or a year or prefix (the newest covered
/// revision whose date starts with it).
fn revision(spec: &str) -> anyhow::Result<Date> {
    if let Ok(date) = spec.parse::<Date>() {
        return citations::in_force(date).with_context(|| {
            format!("{spec} is before the first revision the citation table covers")
        });
    }
    citations::revisions()
        .iter()
        .rev()
        .find(|d| d.to_string().starts_with(spec))
        .copied()
        .ok_or_else(|| {
            super::hint::error(
                format!("no revision matches `{spec}`"),
                "give a date (2024-11-08) or a year (2013); `arbiter revisions` lists them",
            )
        })
}
