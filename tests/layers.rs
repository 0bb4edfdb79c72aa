//! The library's layers look only down: a module may use modules of its own
//! layer or of the layers below it, never above (the order is in `src/lib.rs`).
//! This test reads every source file under `src/` (the binary's `cli/` and
//! `main.rs` stand on top of everything and are left out) and checks each
//! `crate::<module>` path it names, tests included.

use std::path::{Path, PathBuf};

/// The library's top-level modules, lowest layer first; modules on one line
/// share a layer.
const LAYERS: &[&[&str]] = &[
    &["clock"],
    &["board"],
    &["movegen"],
    &["game"],
    &["notation"],
    &["eval"],
    &["search", "tinue"],
    &["engine"],
    &["annotate", "bench", "tactics", "tei"],
    &["serve"],
];

/// The items `src/lib.rs` re-exports at the crate root, with their home module.
const ROOT_ITEMS: &[(&str, &str)] = &[
    ("Color", "board"),
    ("GameResult", "board"),
    ("Move", "board"),
    ("PieceKind", "board"),
    ("Position", "board"),
    ("Square", "board"),
    ("Game", "game"),
    ("Engine", "engine"),
    ("EngineOptions", "engine"),
    ("Thought", "engine"),
];

fn layer_of(module: &str) -> Option<usize> {
    let home = ROOT_ITEMS
        .iter()
        .find(|(item, _)| *item == module)
        .map_or(module, |(_, home)| home);
    LAYERS.iter().position(|layer| layer.contains(&home))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every module named as `crate::<module>` in `text`.
fn used_modules(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("crate::") {
        let tail = &rest[at + "crate::".len()..];
        let name: String = tail
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.push(name);
        }
        rest = tail;
    }
    out
}

#[test]
fn no_module_uses_a_module_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut checked = 0;
    let mut violations = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("under src");
        let top = relative
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .map(|s| s.trim_end_matches(".rs").to_string())
            .expect("a file name");
        if matches!(top.as_str(), "lib" | "main" | "cli") {
            continue;
        }
        let own = layer_of(&top).unwrap_or_else(|| {
            panic!("src/{top} is in no layer: add it to LAYERS here and to src/lib.rs")
        });
        let text = std::fs::read_to_string(&file).expect("a readable source file");
        for module in used_modules(&text) {
            checked += 1;
            let layer = layer_of(&module).unwrap_or_else(|| {
                panic!(
                    "{}: crate::{module} is neither a module nor a known root item",
                    relative.display()
                )
            });
            if layer > own {
                violations.push(format!("{}: uses crate::{module}", relative.display()));
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} paths found: is the scan right?"
    );
    assert!(
        violations.is_empty(),
        "upward imports:\n{}",
        violations.join("\n")
    );
}

#[test]
fn the_scan_finds_paths() {
    let text = "use crate::board::{Move};\nlet x = crate::eval::evaluate(p);";
    assert_eq!(used_modules(text), ["board", "eval"]);
}
