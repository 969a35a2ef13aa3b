//! Every path the README and the docs give exists: the files and folders named in code spans
//! (`crates/engine/src/tt.rs`, `bash scripts/test.sh`) and the targets of relative links.

use std::path::Path;

/// Where a path the docs name may start; others (`target/`, `dist/`: built, not kept) are not checked.
const ROOTS: [&str; 9] = [
    "crates/",
    "src/",
    "tests/",
    "scripts/",
    "docs/",
    "assets/",
    "styles/",
    ".ci/",
    "index.html",
];

/// The words of `text` that start like a path of the repository.
fn path_words(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace()
        .map(|word| word.trim_end_matches([',', ';', ':', ')', '.']))
        .map(|word| word.split(['#', '?']).next().unwrap_or(""))
        .filter(|word| {
            ROOTS.iter().any(|r| word.starts_with(r))
                && !word.contains(['*', '<', '…', '{', '|', '$'])
        })
}

/// The repository paths named in one page: (the line, the path as written, the path from the root).
fn named_paths(page: &str, page_dir: &str) -> Vec<(usize, String, String)> {
    let mut found = Vec::new();
    let mut in_block = false;
    for (n, line) in page.lines().enumerate() {
        if line.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            // In a code block, the lines that start at the margin (commands, the layout's top entries);
            // indented lines name paths inside the entry above them.
            if !line.starts_with(' ') {
                for word in path_words(line) {
                    found.push((n + 1, word.to_string(), word.to_string()));
                }
            }
            continue;
        }
        // Code spans: each word that starts like a path of the repository.
        for (i, span) in line.split('`').enumerate() {
            if i % 2 == 1 {
                for word in path_words(span) {
                    found.push((n + 1, word.to_string(), word.to_string()));
                }
            }
        }
        // Relative links: [text](target), resolved from the page's folder.
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = rest[..end].split('#').next().unwrap_or("");
            if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
                let resolved = if page_dir.is_empty() {
                    target.to_string()
                } else {
                    format!("{page_dir}/{target}")
                };
                found.push((n + 1, target.to_string(), resolved));
            }
        }
    }
    found
}

/// Lexically resolves `a/b/../c` to `a/c`.
fn normalise(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    parts.join("/")
}

#[test]
fn every_path_in_the_docs_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![("README.md".to_string(), String::new())];
    for entry in std::fs::read_dir(root.join("docs")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            pages.push((format!("docs/{name}"), "docs".to_string()));
        }
    }
    let mut missing = Vec::new();
    let mut checked = 0;
    for (page, dir) in &pages {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        for (line, written, path) in named_paths(&text, dir) {
            checked += 1;
            if !root.join(normalise(&path)).exists() {
                missing.push(format!("{page}:{line}: {written}"));
            }
        }
    }
    assert!(checked > 50, "only {checked} paths found in the docs");
    assert!(
        missing.is_empty(),
        "paths in the docs that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn paths_are_found_in_spans_and_links() {
    let page = "Run `bash scripts/test.sh`, see `crates/engine/src/tt.rs`, not `target/release/reversi`;\n\
                the [engine](engine.md#search) and [site](https://example.org).\n\
                ```\n\
                crates/tools/    the command\n\
                \x20 src/cli/       nested, not checked\n\
                ```";
    let found: Vec<_> = named_paths(page, "docs")
        .into_iter()
        .map(|(line, _, path)| (line, path))
        .collect();
    assert_eq!(
        found,
        [
            (1, "scripts/test.sh".to_string()),
            (1, "crates/engine/src/tt.rs".to_string()),
            (2, "docs/engine.md".to_string()),
            (4, "crates/tools/".to_string()),
        ]
    );
    assert_eq!(normalise("docs/../src/view/"), "src/view");
}
