//! `arbiter revisions`: the known revisions as an aligned table that fits 80 columns
//! (sections as runs, a source by its file name, no DATE column when the ids say it), or
//! as JSON (everything, whole paths included).

use serde_json::Value;

use super::text::{span, Class, Doc};
use crate::library::RevisionInfo;

const HEADERS: [&str; 7] = [
    "ID", "DATE", "FORMAT", "KIND", "SECTIONS", "RULES", "SOURCE",
];

/// The columns, without DATE when every id begins with its revision's date (the usual
/// case: then it says nothing the id doesn't), so that a row fits 80 columns.
fn shown(infos: &[RevisionInfo]) -> Vec<usize> {
    let dated = infos.iter().all(|i| i.id.starts_with(&i.date.to_string()));
    (0..HEADERS.len()).filter(|&c| c != 1 || !dated).collect()
}

fn cells(info: &RevisionInfo) -> [String; 7] {
    [
        info.id.clone(),
        info.date.to_string(),
        info.format.name().to_string(),
        if info.complete {
            "complete"
        } else {
            "fragment"
        }
        .to_string(),
        sections(&info.sections),
        info.rules.to_string(),
        source(&info.source),
    ]
}

/// `1-9` for 1, 2, … 9; `2`; `1,4`.
fn sections(numbers: &[u8]) -> String {
    let mut runs: Vec<(u8, u8)> = Vec::new();
    for &n in numbers {
        match runs.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(n) => *last = n,
            _ => runs.push((n, n)),
        }
    }
    let runs: Vec<String> = runs
        .into_iter()
        .map(|(a, b)| match b - a {
            0 => a.to_string(),
            1 => format!("{a},{b}"),
            _ => format!("{a}-{b}"),
        })
        .collect();
    runs.join(",")
}

/// The file a revision was read from, by name (`--json` has the whole path); `built in`
/// for the embedded ones.
fn source(source: &str) -> String {
    if source.starts_with("embedded:") {
        return "built in".to_string();
    }
    std::path::Path::new(source)
        .file_name()
        .map_or_else(|| source.to_string(), |n| n.to_string_lossy().into_owned())
}

/// The table, one revision a row, oldest first.
pub fn table(infos: &[RevisionInfo]) -> Doc {
    let columns = shown(infos);
    let rows: Vec<[String; 7]> = infos.iter().map(cells).collect();
    let mut widths = HEADERS.map(|h| h.chars().count());
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    // The rule count is a number: right-aligned; the last column is not padded.
    let pad = |i: usize, text: &str| -> String {
        let fill = widths[i].saturating_sub(text.chars().count());
        match i {
            5 => format!("{}{text}", " ".repeat(fill)),
            6 => text.to_string(),
            _ => format!("{text}{}", " ".repeat(fill)),
        }
    };
    let mut doc = Doc::new();
    let line = doc.line();
    for (k, &i) in columns.iter().enumerate() {
        if k > 0 {
            line.push(span(Class::Plain, "  "));
        }
        line.push(span(Class::Header, pad(i, HEADERS[i])));
    }
    for row in &rows {
        let line = doc.line();
        for (k, &i) in columns.iter().enumerate() {
            if k > 0 {
                line.push(span(Class::Plain, "  "));
            }
            let class = match i {
                0 => Class::Number,
                6 => Class::Meta,
                _ => Class::Plain,
            };
            line.push(span(class, pad(i, &row[i])));
        }
    }
    doc
}

/// `[{"id","date","format","source","complete","sections","rules"}]`.
pub fn json(infos: &[RevisionInfo]) -> Value {
    serde_json::to_value(infos).unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_read_as_runs() {
        assert_eq!(sections(&[1, 2, 3, 4, 5, 6, 7, 8, 9]), "1-9");
        assert_eq!(sections(&[2]), "2");
        assert_eq!(sections(&[1, 4]), "1,4");
        assert_eq!(sections(&[1, 2, 4, 5, 6]), "1,2,4-6");
        assert_eq!(sections(&[]), "");
    }

    #[test]
    fn a_source_is_named_by_its_file() {
        assert_eq!(
            source("/work/shared/corpus/cr-2026-04-17.txt"),
            "cr-2026-04-17.txt"
        );
        assert_eq!(
            source("embedded:rules/000_14b500ea57cedd8e.txt"),
            "built in"
        );
    }
}
