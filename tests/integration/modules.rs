//! The module graph has no cycles: within each crate, no top-level module
//! reaches back, through `crate::` paths, to one that uses it. A cycle
//! ties modules so that neither can be understood, tested or moved alone.
//!
//! The check reads the `use` lines and paths of the source, not the
//! compiler's view: doc comments and line comments are skipped, and a
//! name the crate root re-exports (`crate::Board`) counts as its module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// One crate's source: its root file and the folder its modules live in.
struct Crate {
    name: &'static str,
    root: &'static str,
}

const CRATES: &[Crate] = &[
    Crate {
        name: "sudoku-engine",
        root: "crates/engine/src/lib.rs",
    },
    Crate {
        name: "sudoku-output",
        root: "crates/output/src/lib.rs",
    },
    Crate {
        name: "sudoku (binary)",
        root: "src/main.rs",
    },
];

/// The folders whose submodules must not form cycles either: modules
/// large enough to be read as crates of their own.
const NESTED: &[&str] = &[
    "crates/engine/src/logic",
    "crates/engine/src/logic/chains",
    "crates/engine/src/generate",
];

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `path` (a file, or a folder read recursively).
fn sources(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = fs::read_dir(path)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for entry in entries {
            sources(&entry, out);
        }
    } else if path.is_file() && path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_path_buf());
    }
}

/// Whether a file holds only tests or test helpers (`tests.rs`,
/// `testing.rs`, declared under `#[cfg(test)]`): like `cargo modules`, the
/// check is of the code that ships.
fn is_test_file(path: &Path) -> bool {
    path.file_stem()
        .is_some_and(|stem| stem == "tests" || stem == "testing")
}

/// The code of a file without its comments (line comments and doc
/// comments; the sources use no block comments) and without its
/// `#[cfg(test)]` items.
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let code = text
        .lines()
        .map(|line| match line.find("//") {
            // A `//` inside a string literal is rare enough in this tree
            // to cut the line there anyway: it can only hide a path.
            Some(at) => &line[..at],
            None => line,
        })
        .collect::<Vec<_>>()
        .join("\n");
    without_tests(&code)
}

/// `code` without each `#[cfg(test)]` item: up to the end of its block,
/// or of its statement when no block comes first.
fn without_tests(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        let (brace, semi) = (item.find('{'), item.find(';'));
        let end = match (brace, semi) {
            (Some(b), Some(s)) if s < b => s + 1,
            (None, Some(s)) => s + 1,
            (Some(b), _) => {
                let mut depth = 0;
                let mut end = item.len();
                for (i, ch) in item[b..].char_indices() {
                    match ch {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = b + i + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                end
            }
            (None, None) => item.len(),
        };
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// The first names of every path that starts with `prefix` in `code`:
/// `crate::board::Board` gives `board`, `crate::{board, reader::Boards}`
/// gives `board` and `reader`.
fn first_names(code: &str, prefix: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let bytes = code.as_bytes();
    let mut from = 0;
    while let Some(at) = code[from..].find(prefix) {
        let start = from + at;
        from = start + prefix.len();
        // `xcrate::` or `$crate::` is not this crate's path.
        if start > 0
            && (bytes[start - 1].is_ascii_alphanumeric() || b"_$".contains(&bytes[start - 1]))
        {
            continue;
        }
        let rest = &code[from..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut token = String::new();
            let mut expecting = true;
            // Each element's first name: the identifier that starts it, up
            // to the first other character.
            for ch in group.chars() {
                let is_name = ch.is_alphanumeric() || ch == '_';
                if expecting && is_name {
                    token.push(ch);
                    continue;
                }
                if !token.is_empty() {
                    names.insert(std::mem::take(&mut token));
                    expecting = false;
                }
                match ch {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => expecting = true,
                    _ => {}
                }
            }
            if !token.is_empty() {
                names.insert(token);
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
    }
    names
}

/// The modules a root file declares (`mod x;`, `pub mod x;`), and the
/// names it re-exports from each (`pub use x::{A, B};`).
fn declared(root_code: &str) -> (BTreeSet<String>, BTreeMap<String, String>) {
    let mut modules = BTreeSet::new();
    let mut reexports = BTreeMap::new();
    for statement in root_code.split(';') {
        let statement = statement.trim();
        let words: Vec<&str> = statement.split_whitespace().collect();
        let mod_at = words.iter().position(|w| *w == "mod");
        if let Some(i) = mod_at {
            if i + 2 == words.len() || (i + 1 < words.len() && !statement.contains('{')) {
                modules.insert(words[i + 1].to_string());
            }
        }
        if let Some(path) = statement.strip_prefix("pub use ") {
            let Some((module, names)) = path.split_once("::") else {
                continue;
            };
            let names = names.trim_start_matches('{').trim_end_matches('}');
            for name in names.split(',') {
                let name = name.trim();
                if !name.is_empty() {
                    reexports.insert(name.to_string(), module.to_string());
                }
            }
        }
    }
    (modules, reexports)
}

/// The graph of one folder's modules: each module to those it uses.
/// `nested` names the folder's module when it is not a crate's root: a
/// file then names a sibling `crate::NAME::x`, or `super::x` one level
/// down (`super::super::x` two levels down, in a submodule's folder).
fn graph(dir: &Path, root: &Path, nested: Option<&str>) -> BTreeMap<String, BTreeSet<String>> {
    let (modules, reexports) = declared(&code(root));
    assert!(!modules.is_empty(), "no modules declared in {root:?}");
    let mut edges = BTreeMap::new();
    for module in &modules {
        let mut files = Vec::new();
        sources(&dir.join(format!("{module}.rs")), &mut files);
        sources(&dir.join(module), &mut files);
        assert!(
            !files.is_empty(),
            "no source for module {module} in {dir:?}"
        );
        files.retain(|file| !is_test_file(file));
        if files.is_empty() {
            continue;
        }
        let mut uses = BTreeSet::new();
        for file in &files {
            let code = code(file);
            let prefixes = match nested {
                None => vec!["crate::".to_string()],
                Some(name) => {
                    // logic/x.rs and logic/x/mod.rs are one level down.
                    let below = file.strip_prefix(dir).unwrap().components().count();
                    let depth = if file.ends_with("mod.rs") {
                        below - 1
                    } else {
                        below
                    };
                    vec![format!("crate::{name}::"), "super::".repeat(depth)]
                }
            };
            for prefix in &prefixes {
                for name in first_names(&code, prefix) {
                    let target = if modules.contains(&name) {
                        name
                    } else if let Some(module) = reexports.get(&name) {
                        module.clone()
                    } else {
                        continue;
                    };
                    if &target != module {
                        uses.insert(target);
                    }
                }
            }
        }
        edges.insert(module.clone(), uses);
    }
    edges
}

/// A cycle of `edges`, if there is one, as the modules along it.
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // 0: unseen, 1: on the current path, 2: done.
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(node.to_string(), 1);
        path.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            match state.get(next.as_str()).copied().unwrap_or(0) {
                1 => {
                    let from = path.iter().position(|n| n == next).unwrap();
                    let mut found = path[from..].to_vec();
                    found.push(next.clone());
                    return Some(found);
                }
                0 => {
                    if let Some(found) = visit(next, edges, state, path) {
                        return Some(found);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for node in edges.keys() {
        if state.get(node.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(found) = visit(node, edges, &mut state, &mut Vec::new()) {
                return Some(found);
            }
        }
    }
    None
}

#[test]
fn top_level_modules_form_no_cycle() {
    for krate in CRATES {
        let root = repo().join(krate.root);
        let dir = root.parent().unwrap();
        let edges = graph(dir, &root, None);
        assert!(
            edges.len() >= 3,
            "{}: too few modules read: {edges:?}",
            krate.name
        );
        if let Some(found) = cycle(&edges) {
            panic!(
                "{}: modules form a cycle: {}",
                krate.name,
                found.join(" -> ")
            );
        }
    }
}

#[test]
fn nested_modules_form_no_cycle() {
    for dir in NESTED {
        let dir = repo().join(dir);
        let name = dir.file_name().unwrap().to_str().unwrap().to_string();
        let root = dir.join("mod.rs");
        let edges = graph(&dir, &root, Some(&name));
        assert!(edges.len() >= 3, "{name}: too few modules read: {edges:?}");
        if let Some(found) = cycle(&edges) {
            panic!(
                "{name}: modules form a cycle: {}\n{edges:#?}",
                found.join(" -> ")
            );
        }
    }
}

#[test]
fn the_check_finds_a_cycle_and_reads_grouped_paths() {
    assert_eq!(
        without_tests("a\n#[cfg(test)]\nmod tests {\n fn f() { crate::x::y(); }\n}\nb\n#[cfg(test)]\nmod testing;\nc"),
        "a\n\nb\n\nc"
    );
    let names = first_names(
        "use crate::{board::Board, reader::{Boards, Entry}, validate};\nlet x = crate::solver::solve(b);\n$crate::no\nuse crate::{a, b,c};",
        "crate::",
    );
    let expected: BTreeSet<String> = ["board", "reader", "validate", "solver", "a", "b", "c"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(names, expected);
    let mut edges = BTreeMap::new();
    edges.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    edges.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    edges.insert("c".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(cycle(&edges).unwrap(), ["a", "b", "c", "a"]);
    edges.get_mut("c").unwrap().clear();
    assert_eq!(cycle(&edges), None);
}
