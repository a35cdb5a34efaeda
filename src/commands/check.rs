//! `arbiter check FILE|DIR...`: reads scenario files, picks the revision each names in
//! `rules:` through the library, plays it with the pure engine (`scenario`), and prints
//! the report (text, or `--json`). A folder means its `*.md` files, not its subfolders.
//!
//! Exit status: 0 every expectation held, 1 one failed, 2 a scenario could not be read
//! (the message names file, line and what was expected).
//!
//! `--json` prints one JSON document: the report object for a single file, an array of
//! report objects for several.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context as _;

use crate::cli::CheckArgs;
use crate::library::Library;
use crate::model::{Date, Revision, RuleNumber};
use crate::render::check as render;
use crate::scenario::{self, Report, RevisionNumbers, Rules, CANONICAL};

use super::{Context, Outcome};

/// Why a scenario could not be checked: it names the file and line.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Parse(#[from] scenario::ParseError),
    #[error("{file}:{line}: {message}")]
    Revision {
        file: String,
        line: usize,
        message: String,
    },
    #[error("{file}: {over}; {}", over.limit.advice)]
    OverLimit {
        file: String,
        over: crate::limits::OverLimit,
    },
}

/// The revision a scenario is played under.
#[derive(Debug, Clone)]
pub struct Chosen {
    /// The id reported (an ingested revision's id, or the date as written).
    pub id: String,
    pub rules: Rules,
    /// Whether the library has it (so its rule text can be quoted).
    pub available: bool,
}

/// Resolves `rules:` (or the default) to a revision and the rules in force.
pub fn choose_revision(
    library: &Library,
    file: &str,
    spec: Option<&(String, usize)>,
) -> Result<Chosen, CheckError> {
    let (line, found) = match spec {
        None => (1, library.resolve(None).map(|i| (i.id.clone(), i.date))),
        Some((s, line)) => (
            *line,
            library.resolve(Some(s)).map(|i| (i.id.clone(), i.date)),
        ),
    };
    let bad = |message: String| CheckError::Revision {
        file: file.to_string(),
        line,
        message,
    };
    let (id, date, available) = match (found, spec) {
        (Ok((id, date)), _) => (id, date, true),
        (Err(_), None) => {
            (CANONICAL.to_string(), CANONICAL, false)
        }
        // Any revision the embedded citation table knows plays and cites with no index.
        (Err(_), Some((s, _))) => match s.get(..10).map(str::parse::<Date>) {
            Some(Ok(date)) if date < Rules::FIRST => (s.clone(), date, false),
            Some(Ok(date)) => match crate::citations::in_force(date) {
                Some(known) => (known.to_string(), known, false),
                None => {
                    return Err(bad(format!(
                        "`rules: {s}` is older than every revision the checker knows; give a date from {} on",
                        Rules::FIRST
                    )))
                }
            },
            // A prefix (`2013`, `2011-07`): the newest revision the table knows that it matches.
            _ => match crate::citations::revisions()
                .iter()
                .rev()
                .find(|d| d.to_string().starts_with(s.as_str()))
            {
                Some(&known) => (known.to_string(), known, false),
                None => {
                    return Err(bad(format!(
                    "no revision matches `rules: {s}`; give a full date such as 2011-07-15, or ingest the revision with `arbiter ingest FILE` (`arbiter revisions` lists them)"
                )))
                }
            },
        },
    };
    let rules = Rules::for_date(date).map_err(|e| bad(e.to_string()))?;
    Ok(Chosen {
        id,
        rules,
        available,
    })
}

/// Reads, plays and checks one scenario given as text (the library API `tests/` use).
pub fn check_text(library: &Library, file: &str, text: &str) -> Result<Report, CheckError> {
    check_text_under(library, file, text, None).map(|(report, _)| report)
}

/// Reads, plays and checks one scenario under the revision `rules` names (`None`: the
/// file's own `rules:`, or the default): the report, and the date of the rules played.
pub fn check_text_under(
    library: &Library,
    file: &str,
    text: &str,
    rules: Option<&str>,
) -> Result<(Report, Date), CheckError> {
    let mut written_in: Option<Date> = None;
    let (mut scenario, chosen) = scenario::parse_under(file, text, |spec| {
        let given = rules.map(|r| (r.to_string(), spec.map_or(1, |(_, line)| *line)));
        let chosen = choose_revision(library, file, given.as_ref().or(spec))?;
        // Played under another revision than the file's own: its Expect items' rule
        // numbers are the file's revision's, read in the one played.
        if given.is_some() {
            written_in = spec
                .map(|s| choose_revision(library, file, Some(s)))
                .transpose()?
                .map(|own| own.rules.date);
        }
        Ok::<_, CheckError>((chosen.rules.date, chosen))
    })?;
    if let Some(own) = written_in.filter(|&own| own != chosen.rules.date) {
        for expectation in &mut scenario.expectations {
            for cite in &mut expectation.cites {
                if let Some(there) = crate::citations::translate(*cite, own, chosen.rules.date) {
                    *cite = there;
                }
            }
        }
    }
    crate::limits::SCENARIO_ACTIONS
        .check(scenario.actions.len())
        .map_err(|over| CheckError::OverLimit {
            file: file.to_string(),
            over,
        })?;
    let cites = RevisionNumbers {
        to: chosen.rules.date,
    };
    let mut report = scenario::play(&scenario, chosen.rules, &chosen.id, &cites);
    if !chosen.available {
        report.warnings.push(format!(
            "revision {} is not ingested: its rule text can't be quoted (`arbiter ingest FILE`)",
            chosen.id
        ));
    }
    Ok((report, chosen.rules.date))
}

/// The scenario files named: files as given, folders as their `*.md` files, sorted.
pub fn scenario_files(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("can't read the folder {}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.is_file() && f.extension().is_some_and(|x| x == "md"))
                .filter(|f| {
                    !f.file_name()
                        .is_some_and(|n| n.eq_ignore_ascii_case("README.md"))
                })
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(super::hint::error(
                    format!("{} has no scenario files (`*.md`)", p.display()),
                    "a scenario is a Markdown file; name the files, or a folder that holds them",
                ));
            }
            files.extend(found);
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}

/// A scenario file's text, reading at most [`crate::limits::SCENARIO_BYTES`] (a regular file larger
/// than that is refused before it is read; a device or pipe, once that much has come).
pub fn read_scenario(path: &Path) -> Result<String, String> {
    use std::io::Read as _;
    let limit = crate::limits::SCENARIO_BYTES;
    let most = limit.most as u64;
    let too_large = || {
        format!(
            "too large: the limit of {} is {} MiB (docs/limits.md lists every limit); {}",
            limit.what,
            most >> 20,
            limit.advice
        )
    };
    let file = std::fs::File::open(path).map_err(|e| format!("can't read the file: {e}"))?;
    if file.metadata().is_ok_and(|m| m.is_file() && m.len() > most) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(most + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("can't read the file: {e}"))?;
    if bytes.len() as u64 > most {
        return Err(too_large());
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn display_name(path: &Path) -> String {
    path.display().to_string()
}

pub fn run(args: &CheckArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    if args.rules.len() > 1 {
        return compare(args, ctx);
    }
    let files = scenario_files(&args.paths)?;
    let library = super::library(ctx)?;
    let mut reports = Vec::new();
    let mut unreadable = Vec::new();
    let mut out = String::new();
    let several = files.len() > 1;
    for path in &files {
        let name = display_name(path);
        let text = match read_scenario(path) {
            Ok(text) => text,
            Err(why) => {
                unreadable.push((name.clone(), format!("{name}: {why}")));
                continue;
            }
        };
        match check_text_under(
            &library,
            &name,
            &text,
            args.rules.first().map(String::as_str),
        )
        .map(|(report, _)| report)
        {
            Ok(report) => {
                if !ctx.json {
                    let rules = if args.explain {
                        rule_texts(&library, &report)
                    } else {
                        Vec::new()
                    };
                    out.push_str(&render::text(&report, args.explain, &rules, ctx.style));
                    if several {
                        out.push('\n');
                    }
                }
                reports.push(report);
            }
            Err(e) => unreadable.push((name, e.to_string())),
        }
    }
    let passed = reports.iter().filter(|r| r.passed).count();
    let refused = reports.iter().filter(|r| r.refused.is_some()).count();
    let failed = reports.len() - passed - refused;
    if ctx.json {
        // One document: the report, or with several files an array in which an
        // unreadable file is `{"file", "error"}`. A single unreadable file prints none:
        // the error document says why.
        // `--explain` quotes each cited rule from the revision, under `--json` too
        // (issue #33: the JSON omitted them): `"rules": [{"number", "text"}]`.
        let to_json = |report: &Report| -> anyhow::Result<serde_json::Value> {
            let mut value = serde_json::to_value(report)?;
            if args.explain {
                let quoted: Vec<serde_json::Value> = rule_texts(&library, report)
                    .into_iter()
                    .map(|(n, text)| serde_json::json!({"number": n.short(), "text": text}))
                    .collect();
                if let Some(object) = value.as_object_mut() {
                    object.insert("rules".to_string(), serde_json::Value::Array(quoted));
                }
            }
            Ok(value)
        };
        let doc = if several {
            let mut all: Vec<serde_json::Value> =
                reports.iter().map(to_json).collect::<Result<_, _>>()?;
            all.extend(
                unreadable
                    .iter()
                    .map(|(file, error)| serde_json::json!({"file": file, "error": error})),
            );
            Some(serde_json::to_string_pretty(&all)?)
        } else {
            reports
                .first()
                .map(|r| to_json(r).and_then(|v| Ok(serde_json::to_string_pretty(&v)?)))
                .transpose()?
        };
        if let Some(doc) = doc {
            out.push_str(&doc);
            out.push('\n');
        }
    } else if several {
        out.push_str(&render::summary(passed, failed, refused, ctx.style));
    }
    use std::io::Write;
    crate::output::stdout().write_all(out.as_bytes())?;
    if !unreadable.is_empty() {
        let hint = "the scenario language: `arbiter help scenario-reference` (docs/scenarios/reference.md in the repository)";
        if let [(_, reason)] = unreadable.as_slice() {
            if !several {
                // One file: the reason is the error itself, so `--json`'s error document
                // carries it (it used to say only "1 scenario could not be read").
                return Err(super::hint::error_of(
                    super::hint::Kind::BadInput,
                    reason,
                    hint,
                ));
            }
        }
        for (_, u) in &unreadable {
            crate::output::eprintln(format_args!("arbiter: {u}"));
        }
        return Err(super::hint::error_of(
            super::hint::Kind::BadInput,
            format!(
                "{} scenario{} could not be read",
                unreadable.len(),
                if unreadable.len() == 1 { "" } else { "s" }
            ),
            hint,
        ));
    }
    Ok(if failed == 0 && refused == 0 {
        Outcome::Success
    } else {
        Outcome::Negative
    })
}

/// `check FILE --rules A --rules B…`: each file played under each revision, and what
/// differs printed side by side (or one JSON document: the comparison, or an array of them
/// for several files). Exit 0 when the board plays the same under every revision, 1 when
/// something differs, 2 when a file or revision can't be read.
fn compare(args: &CheckArgs, ctx: &Context) -> anyhow::Result<Outcome> {
    let files = scenario_files(&args.paths)?;
    let library = super::library(ctx)?;
    let mut comparisons = Vec::new();
    for path in &files {
        let name = display_name(path);
        let text = read_scenario(path).map_err(|why| {
            super::hint::error_of(
                super::hint::Kind::BadInput,
                format!("{name}: {why}"),
                "give a scenario file",
            )
        })?;
        let mut played = Vec::new();
        for rev in &args.rules {
            let (report, date) = check_text_under(&library, &name, &text, Some(rev)).map_err(|e| {
                super::hint::error_of(
                    super::hint::Kind::BadInput,
                    e.to_string(),
                    "the scenario language: `arbiter help scenario-reference`; `arbiter revisions` lists the revisions",
                )
            })?;
            played.push((report, date));
        }
        let played: Vec<scenario::compare::Played> = played
            .iter()
            .map(|(report, date)| scenario::compare::Played {
                report,
                date: *date,
            })
            .collect();
        comparisons.push(scenario::compare::compare(&played));
    }
    let mut out = String::new();
    if ctx.json {
        let doc = match comparisons.as_slice() {
            [one] => serde_json::to_string_pretty(one)?,
            all => serde_json::to_string_pretty(all)?,
        };
        out.push_str(&doc);
        out.push('\n');
    } else {
        for (i, c) in comparisons.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&crate::render::compare::text(c, ctx.style));
        }
    }
    use std::io::Write;
    crate::output::stdout().write_all(out.as_bytes())?;
    Ok(if comparisons.iter().all(|c| c.differences.is_empty()) {
        Outcome::Success
    } else {
        Outcome::Negative
    })
}

/// The text of every rule the report cites, from its revision when the library has it.
fn rule_texts(library: &Library, report: &Report) -> Vec<(RuleNumber, String)> {
    let revision: Option<Arc<Revision>> = library
        .resolve(Some(&report.revision))
        .ok()
        .and_then(|i| library.load(&i.id).ok());
    report
        .cited_rules()
        .into_iter()
        .map(|n| {
            let text = match &revision {
                Some(r) => r.rule(&n).map(|r| r.text.clone()).unwrap_or_else(|| {
                    format!(
                        "(not in {}{}; ingest the complete revision with `arbiter ingest FILE`)",
                        r.id,
                        if r.complete { "" } else { ", a fragment" }
                    )
                }),
                None => format!(
                    "(revision {} is not ingested; `arbiter ingest FILE`)",
                    report.revision
                ),
            };
            (n, text)
        })
        .collect()
}
