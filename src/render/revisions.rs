//! `arbiter revisions`: the known revisions as an aligned table, or as JSON.

use serde_json::Value;

use super::text::{span, Class, Doc};
use crate::library::RevisionInfo;

const HEADERS: [&str; 7] = [
    "ID", "DATE", "FORMAT", "KIND", "SECTIONS", "RULES", "SOURCE",
];

fn cells(info: &RevisionInfo) -> [String; 7] {
    let sections: Vec<String> = info.sections.iter().map(u8::to_string).collect();
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
        sections.join(","),
        info.rules.to_string(),
        info.source.clone(),
    ]
}

/// The table, one revision a row, oldest first.
pub fn table(infos: &[RevisionInfo]) -> Doc {
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
    for (i, h) in HEADERS.iter().enumerate() {
        if i > 0 {
            line.push(span(Class::Plain, "  "));
        }
        line.push(span(Class::Header, pad(i, h)));
    }
    for row in &rows {
        let line = doc.line();
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                line.push(span(Class::Plain, "  "));
            }
            let class = match i {
                0 => Class::Number,
                6 => Class::Meta,
                _ => Class::Plain,
            };
            line.push(span(class, pad(i, cell)));
        }
    }
    doc
}

/// `[{"id","date","format","source","complete","sections","rules"}]`.
pub fn json(infos: &[RevisionInfo]) -> Value {
    serde_json::to_value(infos).unwrap_or(Value::Null)
}
