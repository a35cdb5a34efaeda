//! Prints, for every rule the scenario engine cites (`src/scenario/engine/cite.rs`), its
//! counterpart in a few revisions before the 2009 renumbering, with the text of each, as
//! the lineage of the corpus gives them: what a reviewer reads to find a missing or wrong
//! citation in the old numbering.
//!
//! ```sh
//! cargo run --example audit-citations -- ../shared/corpus [2009-05-01 2007-10-01 …]
//! ```

#[path = "../tests/it/common.rs"]
mod common;

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter::diff::lineage;
use arbiter::model::{Date, Revision};
use arbiter::scenario::engine::cite;

/// The revisions looked at when none is named: the last of the old numbering, and one
/// for each large change before it.
const OLD: [&str; 4] = ["2009-05-01", "2008-10-01", "2007-05-01", "2005-08-01"];

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let dir = args.next().map(PathBuf::from).or_else(common::corpus_dir);
    let Some(dir) = dir else {
        eprintln!("audit-citations: no corpus: name its folder (../shared/corpus)");
        return ExitCode::from(2);
    };
    let named: Vec<String> = args.collect();
    let targets: Vec<&str> = if named.is_empty() {
        OLD.to_vec()
    } else {
        named.iter().map(String::as_str).collect()
    };
    let revisions = match common::corpus_revisions(&dir) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("audit-citations: {e}");
            return ExitCode::from(2);
        }
    };
    let refs: Vec<&Revision> = revisions.iter().collect();
    let lineage = lineage::build(&refs);
    let in_force = |date: Date| -> Option<&Revision> {
        revisions
            .iter()
            .filter(|r| r.complete && r.date <= date)
            .max_by_key(|r| r.date)
    };
    let text = |revision: &Revision, number| -> String {
        revision
            .rules
            .get(&number)
            .map_or_else(String::new, |rule| {
                let t = arbiter::diff::text::full_text(rule).replace('\n', " / ");
                t.chars().take(90).collect()
            })
    };
    for (name, c) in cite::TABLE {
        let Some(from) = in_force(c.numbering) else {
            continue;
        };
        println!(
            "{name} {} ({}): {}",
            c.rule.short(),
            from.id,
            text(from, c.rule)
        );
        for target in &targets {
            let Some(to) = revisions.iter().find(|r| r.id == *target) else {
                println!("    {target}: not in the corpus");
                continue;
            };
            match lineage.map_number(&from.id, &c.rule, target) {
                Some(n) => println!("    {target}: {} {}", n.short(), text(to, n)),
                None => println!("    {target}: -"),
            }
        }
    }
    ExitCode::SUCCESS
}
