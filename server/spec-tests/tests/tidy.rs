//! Repository hygiene (after rust-analyzer's `xtask/src/tidy.rs`): every
//! Rust module under `server/*/src` opens with a `//!` doc; no test is
//! ignored or skipped; every insta snapshot belongs to a test that still
//! names it; every file under a crate's `tests/` is built (the crates turn
//! off cargo's test discovery, so a file no target names would never run).

use std::path::{Path, PathBuf};

fn files_under(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in rd.filter_map(Result::ok) {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" || name == "node_modules" {
            continue;
        }
        if path.is_dir() {
            files_under(&path, ext, out);
        } else if name.ends_with(ext) {
            out.push(path);
        }
    }
}

fn crates() -> Vec<PathBuf> {
    let server = spec_tests::repo_root().join("server");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&server)
        .expect("server/ exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("Cargo.toml").is_file())
        .collect();
    out.sort();
    assert!(
        out.len() >= 5,
        "expected the workspace crates under {}",
        server.display()
    );
    out
}

fn rel(p: &Path) -> String {
    p.strip_prefix(spec_tests::repo_root())
        .unwrap_or(p)
        .display()
        .to_string()
}

#[test]
fn every_module_has_a_doc_comment() {
    let mut sources = Vec::new();
    for krate in crates() {
        files_under(&krate.join("src"), ".rs", &mut sources);
    }
    assert!(sources.len() > 20);
    let missing: Vec<String> = sources
        .iter()
        .filter(|p| {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
            !first.trim_start().starts_with("//!")
        })
        .map(|p| rel(p))
        .collect();
    assert!(
        missing.is_empty(),
        "modules without a leading `//!` doc comment:\n{}",
        missing.join("\n")
    );
}

#[test]
fn no_test_is_ignored_or_skipped() {
    let root = spec_tests::repo_root();
    let mut files = Vec::new();
    files_under(&root.join("server"), ".rs", &mut files);
    files_under(&root.join("tests"), ".py", &mut files);
    files_under(&root.join("editors"), ".ts", &mut files);
    files_under(&root.join("editors"), ".lua", &mut files);
    // Spelled in pieces so that this file does not match itself.
    let banned = [
        concat!("#[", "ignore"),
        concat!("pytest.mark.", "skip"),
        concat!("pytest.", "skip("),
        concat!("pytest.mark.", "xfail"),
        concat!("pytest.", "xfail("),
        concat!("unittest.", "skip"),
        concat!("it.", "skip("),
        concat!("describe.", "skip("),
        concat!("test.", "skip("),
    ];
    let mut hits = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for (i, line) in text.lines().enumerate() {
            if let Some(b) = banned.iter().find(|b| line.contains(**b)) {
                hits.push(format!("{}:{}: `{b}`: {}", rel(f), i + 1, line.trim()));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "tests must fail rather than be skipped:\n{}",
        hits.join("\n")
    );
}

/// With `autotests = false`, a `tests/*.rs` file runs only as a `[[test]]`
/// target's root or as a `mod` of one.
#[test]
fn every_test_file_is_built() {
    let mut unbuilt = Vec::new();
    let mut checked = 0;
    for krate in crates() {
        let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).unwrap_or_default();
        if !manifest.lines().any(|l| l.trim() == "autotests = false") {
            continue;
        }
        let roots: Vec<String> = manifest
            .lines()
            .filter_map(|l| l.trim().strip_prefix("path = \"tests/"))
            .filter_map(|rest| rest.strip_suffix(".rs\""))
            .map(str::to_string)
            .collect();
        let mut built: Vec<String> = roots.clone();
        for root in &roots {
            let text =
                std::fs::read_to_string(krate.join(format!("tests/{root}.rs"))).unwrap_or_default();
            built.extend(
                text.lines()
                    .filter_map(|l| l.trim().strip_prefix("mod "))
                    .filter_map(|m| m.strip_suffix(';'))
                    .map(str::to_string),
            );
        }
        let Ok(entries) = std::fs::read_dir(krate.join("tests")) else {
            continue;
        };
        for path in entries.filter_map(|e| e.ok().map(|e| e.path())) {
            let Some(stem) = path
                .extension()
                .is_some_and(|e| e == "rs")
                .then(|| path.file_stem().unwrap().to_string_lossy().into_owned())
            else {
                continue;
            };
            checked += 1;
            if !built.contains(&stem) {
                unbuilt.push(rel(&path));
            }
        }
    }
    assert!(
        checked > 50,
        "expected the crates' test files, found {checked}"
    );
    assert!(
        unbuilt.is_empty(),
        "test files no target builds (add `mod NAME;` to the crate's tests/integration.rs):\n{}",
        unbuilt.join("\n")
    );
}

/// `cargo insta test --unreferenced reject`, cheaply: a `.snap` file must
/// name a test source that exists and still mentions the snapshot's name.
#[test]
fn no_orphaned_snapshots() {
    let root = spec_tests::repo_root();
    let mut snaps = Vec::new();
    for krate in crates() {
        files_under(&krate, ".snap", &mut snaps);
    }
    let mut orphans = Vec::new();
    for snap in &snaps {
        let text = std::fs::read_to_string(snap).unwrap_or_default();
        let source = text
            .lines()
            .find_map(|l| l.strip_prefix("source: "))
            .map(|s| s.trim().trim_matches('"'));
        let stem = snap.file_stem().unwrap().to_string_lossy().into_owned();
        let name = stem.rsplit_once("__").map_or(stem.as_str(), |(_, n)| n);
        let ok = source.is_some_and(|s| {
            std::fs::read_to_string(root.join(s))
                .is_ok_and(|src| src.contains(&format!("\"{name}\"")))
        });
        if !ok {
            orphans.push(rel(snap));
        }
    }
    assert!(
        orphans.is_empty(),
        "snapshots no test refers to (delete them):\n{}",
        orphans.join("\n")
    );
}
