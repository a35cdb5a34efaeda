//! The house's shape, read from the sources: the top-level modules of `src/` depend on each
//! other one way (`model` ← `read`, `diff`, `scenario` ← `index` ← `render` ← `commands` ←
//! `main`), with no cycle, and the pure core names no terminal, parser or index crate.
//! Inside `scenario/`, the rules kernel (`scenario/engine/`) takes only its own values: it
//! names no statement, item or claim of the reader and imports no reader, lowering, words or
//! report module. A failure names the file and line of every `crate::…` path that breaks it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first: a module may name modules of its own layer or of a lower one.
/// A new top-level module must be placed here.
const LAYERS: &[&[&str]] = &[
    &["model", "limits"],
    &["read", "diff", "citations", "scenario", "fetch"],
    &["index", "library", "ingest"],
    &["output", "pager", "render"],
    &["cli", "commands"],
    &["main"],
];

/// Crates the pure core (rules, readers, diffs, the scenario engine) never names.
const PURE: &[&str] = &["model", "read", "diff", "scenario", "citations"];
const SHELL_CRATES: &[&str] = &["tantivy", "clap", "colored", "terminal_size", "indicatif"];

/// One `crate::module` (or, in `main.rs`, `arbiter::module`) a file names.
#[derive(Debug, Clone)]
struct Use {
    from: String,
    to: String,
    file: PathBuf,
    line: usize,
}

#[test]
fn no_module_names_a_higher_layer() {
    let uses = uses();
    let layer = |m: &str| LAYERS.iter().position(|l| l.contains(&m));
    let mut unplaced = BTreeSet::new();
    let mut upward = Vec::new();
    for u in &uses {
        for m in [&u.from, &u.to] {
            if layer(m).is_none() {
                unplaced.insert(m.clone());
            }
        }
        if let (Some(from), Some(to)) = (layer(&u.from), layer(&u.to)) {
            if to > from {
                upward.push(describe(u));
            }
        }
    }
    assert!(
        unplaced.is_empty(),
        "top-level modules in no layer of tests/it/architecture.rs: {unplaced:?}"
    );
    assert!(
        upward.is_empty(),
        "modules name a higher layer:\n{}",
        upward.join("\n")
    );
}

#[test]
fn top_level_modules_form_no_cycle() {
    let uses = uses();
    let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for u in &uses {
        graph.entry(&u.from).or_default().insert(&u.to);
    }
    if let Some(cycle) = find_cycle(&graph) {
        let edges: Vec<String> = cycle
            .windows(2)
            .filter_map(|w| uses.iter().find(|u| u.from == w[0] && u.to == w[1]))
            .map(describe)
            .collect();
        panic!(
            "the modules {} import each other:\n{}",
            cycle.join(" → "),
            edges.join("\n")
        );
    }
}

#[test]
fn the_pure_core_names_no_terminal_parser_or_index_crate() {
    let mut found = Vec::new();
    for (file, top, code) in sources() {
        if !PURE.contains(&top.as_str()) {
            continue;
        }
        for (i, line) in code.lines().enumerate() {
            for name in SHELL_CRATES {
                if names_crate(line, name) {
                    found.push(format!("{}:{}: names `{name}`", file.display(), i + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_reader_of_uses_sees_groups_super_and_main() {
    // The test's own parser, on made-up sources, so that a cycle can't hide from it.
    let code = "use crate::{model::Rule, index::{self, Store}};\n\
                // use crate::commands::Context;\n\
                let x = crate::render::wrap(\"https://a/crate::b\");\n\
                use super::super::cli::Cli;\n";
    let code = &without_comments(code);
    let found = names_used(
        code,
        &["render".into(), "html".into(), "page".into()],
        "crate",
    );
    let tops: Vec<&str> = found.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(tops, ["model", "index", "render", "render"]);
    let found = names_used(code, &["render".into()], "crate");
    let tops: Vec<&str> = found.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(tops, ["model", "index", "render", "cli"]);
    let main = names_used("use arbiter::commands::{self, Context};", &[], "arbiter");
    assert_eq!(main, [("commands".to_string(), 1)]);
}

/// The modules of `scenario/` around the kernel that the kernel never names: the reader
/// of scenario files and its statements, the lowering into engine values, the report's
/// English and the report.
const OUTSIDE_THE_KERNEL: &[&str] = &[
    "parse",
    "statement",
    "lower",
    "words",
    "play",
    "layers_report",
    "compare",
];

/// The reader's types, which the kernel takes only lowered (`scenario::lower`).
const READER_TYPES: &[&str] = &["Statement", "ActionItem", "Claim"];

#[test]
fn the_scenario_engine_names_no_reader_type_and_imports_no_reader_or_report() {
    let mut found = Vec::new();
    for (file, _, code) in sources() {
        if !file.starts_with("src/scenario/engine") || is_test_code(&file) {
            continue;
        }
        let code = without_inline_tests(&code);
        for (i, line) in code.lines().enumerate() {
            for name in READER_TYPES {
                if names_word(line, name) {
                    found.push(format!("  {}:{}: names `{name}`", file.display(), i + 1));
                }
            }
        }
        for (path, line) in paths_used(code, &module_path(&file)) {
            let inside = match path.as_slice() {
                [top, module, ..] if top == "scenario" => module,
                // Climbed past an inline module (`mod prelude { use super::super::… }`).
                [module, ..] => module,
                [] => continue,
            };
            if OUTSIDE_THE_KERNEL.contains(&inside.as_str()) {
                found.push(format!(
                    "  {}:{line}: names scenario::{inside}",
                    file.display()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the scenario engine reads the reader's syntax or the report (lower statements in \
         src/scenario/lower.rs and hand the engine its own values):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_reader_of_paths_sees_groups_and_super_inside_scenario() {
    let module: Vec<String> = ["scenario", "engine", "actions"].map(String::from).to_vec();
    let code = "use super::super::{lower, words::why};\n\
                use crate::scenario::parse::parse;\n\
                let g = super::state::Game::new();\n\
                use super::prelude::*; // Statement\n";
    let paths: Vec<String> = paths_used(&without_comments(code), &module)
        .into_iter()
        .map(|(p, _)| p.join("::"))
        .collect();
    assert_eq!(
        paths,
        [
            "scenario::lower",
            "scenario::words",
            "scenario::parse",
            "scenario::engine",
            "scenario::engine"
        ]
    );
    assert!(names_word("fn perform(item: &ActionItem)", "ActionItem"));
    assert!(!names_word("fn perform(item: &ActionItems)", "ActionItem"));
    assert!(!names_word("let s = \"a Statement\";", "Statement"));
}

/// Whether `file` is test code: the kernel's unit tests build games from scenario text
/// through the reader, as a judge writes them.
fn is_test_code(file: &Path) -> bool {
    file.components().any(|c| c.as_os_str() == "tests")
}

/// `code` up to its inline unit tests (`#[cfg(test)] mod tests { … }`, last in a file),
/// which build games through the reader as a judge writes them.
fn without_inline_tests(code: &str) -> &str {
    let mut at = 0;
    while let Some(i) = code[at..].find("#[cfg(test)]") {
        let start = at + i;
        at = start + "#[cfg(test)]".len();
        let next = code[at..].trim_start();
        let line = next.lines().next().unwrap_or_default();
        if line.starts_with("mod ") && line.contains('{') {
            return &code[..start];
        }
    }
    code
}

/// Whether a line of code names `word` as a whole identifier, outside strings.
fn names_word(line: &str, word: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    line.match_indices(word).any(|(i, _)| {
        !line[..i].chars().next_back().is_some_and(ident)
            && !line[i + word.len()..].chars().next().is_some_and(ident)
            && !in_string(line, i)
    })
}

/// The first two segments of every module path `code` names (`crate::a::b…`, `super::…`
/// climbing out of `module`, each path of a group), with the line of each.
fn paths_used(code: &str, module: &[String]) -> Vec<(Vec<String>, usize)> {
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let bytes = code.as_bytes();
    let boundary = |at: usize| {
        at == 0
            || !(bytes[at - 1].is_ascii_alphanumeric()
                || bytes[at - 1] == b'_'
                || bytes[at - 1] == b':')
    };
    let mut found = Vec::new();
    for root in ["crate::", "super::"] {
        let mut at = 0;
        while let Some(i) = code[at..].find(root) {
            let start = at + i;
            at = start + root.len();
            if !boundary(start) || in_string(code, start) {
                continue;
            }
            let (prefix, rest) = if root == "crate::" {
                (Vec::new(), &code[at..])
            } else {
                let mut depth = module.len();
                let mut rest = &code[start..];
                while let Some(r) = rest.strip_prefix("super::") {
                    depth = depth.saturating_sub(1);
                    rest = r;
                }
                (module[..depth].to_vec(), rest)
            };
            for path in expand(prefix, rest, 2) {
                found.push((path, line_of(start)));
            }
        }
    }
    found.sort_by_key(|(_, line)| *line);
    found
}

/// `prefix` followed by the path `rest` begins with, up to `want` segments; a group
/// (`{a, b::c}`) gives one path per item.
fn expand(mut prefix: Vec<String>, mut rest: &str, want: usize) -> Vec<Vec<String>> {
    while prefix.len() < want {
        rest = rest.trim_start();
        if let Some(group) = rest.strip_prefix('{') {
            let mut out = Vec::new();
            let mut depth = 0;
            let mut item_start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.extend(expand(prefix.clone(), &group[item_start..i], want));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.extend(expand(prefix.clone(), &group[item_start..i], want));
                        item_start = i + 1;
                    }
                    _ => {}
                }
            }
            return out;
        }
        let ident: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if ident.is_empty() || ident == "self" {
            break;
        }
        rest = &rest[ident.len()..];
        prefix.push(ident);
        match rest.strip_prefix("::") {
            Some(r) => rest = r,
            None => break,
        }
    }
    if prefix.is_empty() {
        Vec::new()
    } else {
        vec![prefix]
    }
}

fn describe(u: &Use) -> String {
    format!(
        "  {}:{}: {} names {}",
        u.file.display(),
        u.line,
        u.from,
        u.to
    )
}

/// Every `crate::…` path between two different top-level modules of `src/`.
fn uses() -> Vec<Use> {
    let sources = sources();
    let modules: BTreeSet<&str> = sources.iter().map(|(_, top, _)| top.as_str()).collect();
    let mut uses = Vec::new();
    for (file, top, code) in &sources {
        let (module, root) = if top == "main" {
            (Vec::new(), "arbiter")
        } else {
            (module_path(file), "crate")
        };
        // A name that is no module of src/ is an item (`super::Date` from a `mod tests`
        // inside a file, which this reader does not count as a level).
        for (to, line) in names_used(code, &module, root) {
            if to != *top && modules.contains(to.as_str()) {
                uses.push(Use {
                    from: top.clone(),
                    to,
                    file: file.clone(),
                    line,
                });
            }
        }
    }
    assert!(
        uses.iter()
            .any(|u| u.from == "commands" && u.to == "render"),
        "the reader of uses found nothing: is src/ where it should be?"
    );
    uses
}

/// Every `.rs` file of `src/` (relative path), its top-level module and its code without
/// comments. `lib.rs` declares the modules and names none.
fn sources() -> Vec<(PathBuf, String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    let mut stack = vec![root.join("src")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/ reads") {
            let path = entry.expect("src/ reads").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|path| {
            let relative = path.strip_prefix(root).unwrap().to_path_buf();
            let inside = relative.strip_prefix("src").unwrap();
            let first = inside.components().next()?.as_os_str().to_string_lossy();
            let top = first.trim_end_matches(".rs").to_string();
            if top == "lib" {
                return None;
            }
            let text = std::fs::read_to_string(&path).expect("a source file reads");
            Some((relative, top, without_comments(&text)))
        })
        .collect()
}

/// The module a file is: `src/render/html/page.rs` is `render::html::page`,
/// `src/render/mod.rs` is `render`.
fn module_path(file: &Path) -> Vec<String> {
    let inside = file.strip_prefix("src").unwrap();
    let mut parts: Vec<String> = inside
        .components()
        .map(|c| {
            c.as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Line comments (`//`, `///`, `//!`) dropped, lines kept; a `//` right after `:` (a URL
/// in a string) is code.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut cut = line.len();
        let bytes = line.as_bytes();
        let mut i = 0;
        while i + 1 < bytes.len() {
            if bytes[i] == b'/' && bytes[i + 1] == b'/' && (i == 0 || bytes[i - 1] != b':') {
                cut = i;
                break;
            }
            i += 1;
        }
        out.push_str(&line[..cut]);
        out.push('\n');
    }
    out
}

/// The top-level modules `code` names, with the line of each: `root::a::…`,
/// `root::{a::…, b}` and `super::…` climbing out of `module` to the crate's root.
fn names_used(code: &str, module: &[String], root: &str) -> Vec<(String, usize)> {
    let line_of = |at: usize| code[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let boundary =
        |at: usize| at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
    let prefix = format!("{root}::");
    let mut at = 0;
    while let Some(i) = code[at..].find(&prefix) {
        let start = at + i;
        at = start + prefix.len();
        if !boundary(start) || in_string(code, start) {
            continue;
        }
        for name in first_segments(&code[at..]) {
            found.push((name, line_of(start)));
        }
    }
    let mut at = 0;
    while let Some(i) = code[at..].find("super::") {
        let start = at + i;
        at = start + "super::".len();
        if !boundary(start) || (start >= 2 && &code[start - 2..start] == "::") {
            continue;
        }
        let mut depth = module.len();
        let mut rest = &code[start..];
        while let Some(r) = rest.strip_prefix("super::") {
            depth = depth.saturating_sub(1);
            rest = r;
        }
        let names = if depth == 0 {
            first_segments(rest)
        } else {
            vec![module[0].clone()]
        };
        for name in names {
            found.push((name, line_of(start)));
        }
    }
    found.sort_by_key(|(_, line)| *line);
    found
}

/// The first segment of a path (`index::Store` → `index`), or of every path of a group
/// (`{model::Rule, index::{self, Store}}` → `model`, `index`).
fn first_segments(rest: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let Some(group) = rest.strip_prefix('{') else {
        return vec![ident(rest)]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect();
    };
    let mut names = Vec::new();
    let mut depth = 0;
    let mut item_start = 0;
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                names.push(ident(&group[item_start..i]));
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                names.push(ident(&group[item_start..i]));
                item_start = i + 1;
            }
            _ => {}
        }
    }
    names
        .into_iter()
        .filter(|s| !s.is_empty() && s != "self")
        .collect()
}

/// Whether `at` is inside a string literal on its line (an odd number of unescaped quotes
/// before it).
fn in_string(code: &str, at: usize) -> bool {
    let line_start = code[..at].rfind('\n').map_or(0, |i| i + 1);
    let before = &code[line_start..at];
    let mut quotes = 0;
    let mut escaped = false;
    for c in before.chars() {
        match c {
            '\\' if !escaped => escaped = true,
            '"' if !escaped => quotes += 1,
            _ => escaped = false,
        }
        if c != '\\' {
            escaped = false;
        }
    }
    quotes % 2 == 1
}

/// Whether a line of code names crate `name` (`use name::…`, `name::…`).
fn names_crate(line: &str, name: &str) -> bool {
    let pattern = format!("{name}::");
    line.match_indices(&pattern).any(|(i, _)| {
        let before = line[..i].chars().next_back();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
            && !in_string(line, i)
    })
}

/// A cycle in `graph` (`[a, b, a]`), if there is one.
fn find_cycle<'a>(graph: &BTreeMap<&'a str, BTreeSet<&'a str>>) -> Option<Vec<&'a str>> {
    fn visit<'a>(
        node: &'a str,
        graph: &BTreeMap<&'a str, BTreeSet<&'a str>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<Vec<&'a str>> {
        if let Some(i) = path.iter().position(|n| *n == node) {
            let mut cycle = path[i..].to_vec();
            cycle.push(node);
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node);
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}
