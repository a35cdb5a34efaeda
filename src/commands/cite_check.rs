//! `arbiter cite-check PATH... [--as-of REV] [--to REV]`: walks the paths like ripgrep
//! (the `ignore` crate: .gitignore respected, hidden files skipped), reads each text file,
//! and judges every citation it finds ([`crate::citations::finder`]) against the embedded
//! citation table. Exit 0 clean, 1 findings, 2 error.

use std::path::Path;

use anyhow::Context as _;

use crate::citations::{self, finder};
use crate::cli::CiteCheckArgs;
use crate::model::Date;
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
    for p in &args.paths[1..] {
        walk.add(p);
    }
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
        check_text(entry.path(), &text, as_of, to, &mut findings);
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

fn check_text(path: &Path, text: &str, as_of: Option<Date>, to: Date, findings: &mut Vec<Finding>) {
    let path_s = path.display().to_string();
    let mut found: Vec<Finding> = Vec::new();
    for c in finder::find(text) {
        let number = c.number.short();
        if let Some(verdict) = finder::judge(c.number, c.explicit, as_of, to) {
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
    for m in finder::mentions(text) {
        let concept = &finder::CONCEPTS[m.concept];
        let gone: Date = concept.gone.parse().unwrap_or(to);
        if as_of.is_some_and(|d| d < gone) && to < gone {
            continue;
        }
        if to < gone {
            continue;
        }
        found.push(Finding {
            path: path_s.clone(),
            line: m.line,
            column: m.column,
            kind: "obsolete",
            number: None,
            message: format!(
                "{} left the rules on {}: {} (rule {})",
                concept.name, concept.gone, concept.replaced_by, concept.rule
            ),
            verdict: None,
        });
    }
    found.sort_by_key(|f| (f.line, f.column));
    findings.extend(found);
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
