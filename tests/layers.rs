//! The house's rule, checked: the page's code imports one way only, view → session → client → protocol
//! (and the worker → protocol), each layer a folder of `src/`; the engine is a crate below them all. A file
//! may use the layers below its own, never its own layer's siblings in a circle, never a layer above, and
//! `client` and `worker` (the two sides of the page's talk with its workers) never each other.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first, with their rank: a file may import a layer of lower rank only.
const LAYERS: [(&str, u8); 5] = [
    ("protocol", 0),
    ("worker", 1),
    ("client", 1),
    ("session", 2),
    ("view", 3),
];

fn rank(layer: &str) -> Option<u8> {
    LAYERS.iter().find(|(l, _)| *l == layer).map(|&(_, r)| r)
}

/// The source without its comments (line comments and doc comments, where paths are links, not imports)
/// and without the text of string literals.
fn code_of(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    for line in source.lines() {
        let mut in_string = false;
        let mut chars = line.chars().peekable();
        let mut previous = ' ';
        while let Some(c) = chars.next() {
            if !in_string && c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            if c == '"' && previous != '\\' && previous != '\'' {
                in_string = !in_string;
            } else if !in_string {
                out.push(c);
            }
            previous = c;
        }
        out.push('\n');
    }
    out
}

fn ident_at(code: &str, at: usize) -> Option<&str> {
    let rest = &code[at..];
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// Every path the code names from the crate's root (`crate::a::b`, `crate::a::{b, c}`), as its first two
/// names (the second `None` where the path stops at the first, or opens a group of more than names).
fn crate_paths(code: &str) -> Vec<(String, Option<String>)> {
    let mut paths = Vec::new();
    let mut from = 0;
    while let Some(found) = code[from..].find("crate::") {
        let at = from + found;
        from = at + "crate::".len();
        if at > 0 && code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            continue; // `reversi_crate::`, not ours
        }
        let Some(first) = ident_at(code, from) else {
            if let (true, Some(end)) = (code[from..].starts_with('{'), code[from..].find('}')) {
                // `crate::{a::x, b}`: each item's first name.
                let group = &code[from + 1..from + end];
                for item in group.split(',') {
                    let item = item.trim();
                    let name = item.split("::").next().unwrap_or("").trim();
                    if !name.is_empty() {
                        paths.push((name.to_string(), None));
                    }
                }
            }
            continue;
        };
        let after = from + first.len();
        let second = if code[after..].starts_with("::") {
            ident_at(code, after + 2).map(str::to_string)
        } else {
            None
        };
        paths.push((first.to_string(), second));
    }
    paths
}

/// The first names of `super::` paths (sibling modules, seen from a file directly in a layer's folder).
fn super_names(code: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut from = 0;
    while let Some(found) = code[from..].find("super::") {
        let at = from + found + "super::".len();
        from = at;
        if let Some(name) = ident_at(code, at) {
            names.push(name.to_string());
        }
    }
    names
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's place: its layer and the layer's module it belongs to (`None`: the layer's own `mod.rs`, or a
/// private part of it such as `session/engine.rs`, which only the layer's root uses).
struct Place {
    layer: String,
    module: Option<String>,
}

fn place_of(src: &Path, file: &Path) -> Option<Place> {
    let relative = file.strip_prefix(src).ok()?;
    let parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let layer = parts.first()?.clone();
    rank(&layer)?;
    let module = match parts.len() {
        1 => return None,
        2 if parts[1] == "mod.rs" => None,
        _ => Some(parts[1].trim_end_matches(".rs").to_string()),
    };
    Some(Place { layer, module })
}

/// The rule's breaches in the tree under `src`, one line each; empty when the house keeps its rule.
fn breaches(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let is_module = |layer: &str, name: &str| {
        src.join(layer).join(format!("{name}.rs")).is_file() || src.join(layer).join(name).is_dir()
    };
    let mut found = Vec::new();
    // Within each layer: which of its modules uses which (for circles).
    let mut uses: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let Some(place) = place_of(src, file) else {
            continue;
        };
        let code = code_of(&std::fs::read_to_string(file).unwrap());
        let own = rank(&place.layer).unwrap();
        let shown = file.strip_prefix(src).unwrap().display().to_string();
        for (first, second) in crate_paths(&code) {
            if first == place.layer {
                if let (Some(module), Some(second)) = (&place.module, second) {
                    if *module != second && is_module(&place.layer, &second) {
                        uses.entry((place.layer.clone(), module.clone()))
                            .or_default()
                            .insert(second);
                    }
                }
                continue;
            }
            match rank(&first) {
                Some(r) if r >= own => found.push(format!(
                    "src/{shown}: the {} layer imports crate::{first}, {}",
                    place.layer,
                    if r > own {
                        "a layer above it"
                    } else {
                        "a layer beside it"
                    }
                )),
                _ => {}
            }
        }
        // `super::x` in a file directly in the layer's folder names a sibling module.
        let depth = file.strip_prefix(src).unwrap().iter().count();
        if let (Some(module), 2) = (&place.module, depth) {
            for name in super_names(&code) {
                if name != *module && is_module(&place.layer, &name) {
                    uses.entry((place.layer.clone(), module.clone()))
                        .or_default()
                        .insert(name);
                }
            }
        }
    }
    // Circles between the modules of one layer.
    for ((layer, module), used) in &uses {
        for other in used {
            if uses
                .get(&(layer.clone(), other.clone()))
                .is_some_and(|back| back.contains(module))
                && module < other
            {
                found.push(format!(
                    "src/{layer}: {module} and {other} import each other"
                ));
            }
        }
    }
    found
}

#[test]
fn the_page_imports_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = breaches(&src);
    assert!(
        found.is_empty(),
        "imports against the layers (view → session → client → protocol; worker → protocol):\n{}",
        found.join("\n")
    );
}

#[test]
fn a_breach_is_found() {
    let dir = std::env::temp_dir().join(format!("reversi-layers-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in [
        ("protocol/mod.rs", "pub struct Request;\n"),
        // A link in a comment and a string are not imports; the code's path is.
        (
            "client/mod.rs",
            "//! See [`crate::session`].\nconst S: &str = \"crate::view\";\nuse crate::session::Session;\n",
        ),
        ("client/pool.rs", "use crate::worker::Engine;\nuse crate::protocol::Request;\n"),
        ("worker/mod.rs", "use crate::{protocol::Request, view::App};\n"),
        ("session/mod.rs", "pub mod a;\npub mod b;\n"),
        ("session/a.rs", "use super::b::X;\n"),
        ("session/b.rs", "use crate::session::a::Y;\n"),
        ("view/mod.rs", "use crate::session::Session;\nuse crate::client::pool::Pool;\n"),
    ] {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    let found = breaches(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        found,
        [
            "src/client/mod.rs: the client layer imports crate::session, a layer above it",
            "src/client/pool.rs: the client layer imports crate::worker, a layer beside it",
            "src/worker/mod.rs: the worker layer imports crate::view, a layer above it",
            "src/session: a and b import each other",
        ]
    );
}
