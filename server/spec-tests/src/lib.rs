//! Test support for the tracer's spec tests, no-panic tests and tidy checks.
//!
//! Spec fixtures are Python files in `tests/spec/` with inline expectations
//! in comments (see `tests/spec/README.md`); [`check_fixture`] traces one
//! through the public API (`tracer::SourceFile::parse`,
//! `tracer::find_entries`, `tracer::trace_entry`, `export::run_report`) in
//! both modes and reports every expectation that does not hold.

pub mod directives;
pub mod fuzz;
pub mod symexpr;

use std::path::{Path, PathBuf};

use serde_json::Value as Json;
use tracer::{Budget, Mode};

pub use directives::{Directive, DirectiveKind, ErrorSpec, parse_directives};

/// The repository root (`server/spec-tests/../..`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root exists")
}

/// The spec fixture folder, `tests/spec`.
pub fn spec_dir() -> PathBuf {
    repo_root().join("tests/spec")
}

/// Every Python case of the fidelity corpus: `../shared/corpus/*/*.py` and
/// the project's own `tests/corpus/cases/*.py`, sorted.
pub fn corpus_files() -> Vec<PathBuf> {
    let root = repo_root();
    let mut dirs = Vec::new();
    let shared = root.join("../shared/corpus");
    if let Ok(rd) = std::fs::read_dir(&shared) {
        dirs.extend(
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir()),
        );
    }
    dirs.push(root.join("tests/corpus/cases"));
    let mut out: Vec<PathBuf> = dirs
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    out.sort();
    out
}

/// The modes, in report order.
pub const MODES: [Mode; 2] = [Mode::Strict, Mode::NonStrict];

/// Rename symbols as `compare.py` does: backed `s<N>` and unbacked `u<N>`
/// in order of first appearance, inputs first, then nodes; guards follow
/// the same mapping.
pub fn canonicalize_run(run: &mut Json) {
    let mut map = std::collections::HashMap::new();
    let (mut ns, mut nu) = (0, 0);
    let mut rename = |text: &str| -> String {
        rename_symbols(text, &mut |sym: &str| {
            map.entry(sym.to_string())
                .or_insert_with(|| {
                    if sym.starts_with('s') {
                        ns += 1;
                        format!("s{}", ns - 1)
                    } else {
                        nu += 1;
                        format!("u{}", nu - 1)
                    }
                })
                .clone()
        })
    };
    fn walk(v: &mut Json, f: &mut dyn FnMut(&str) -> String) {
        if let Some(obj) = v.as_object_mut() {
            for k in ["shape", "expr"] {
                if let Some(Json::String(s)) = obj.get(k) {
                    let renamed = f(s);
                    obj.insert(k.to_string(), Json::String(renamed));
                }
            }
            if let Some(Json::Array(items)) = obj.get_mut("items") {
                for i in items {
                    walk(i, f);
                }
            }
        }
    }
    for section in ["inputs", "nodes"] {
        if let Some(Json::Array(items)) = run.get_mut(section) {
            for item in items {
                if let Some(v) = item.get_mut("val") {
                    walk(v, &mut rename);
                }
            }
        }
    }
    if let Some(Json::Array(guards)) = run.get_mut("guards") {
        for g in guards {
            if let Some(Json::String(e)) = g.get("expr") {
                let renamed = rename(e);
                g["expr"] = Json::String(renamed);
            }
        }
    }
}

/// Apply `f` to every whole-word `s<digits>` / `u<digits>` in `text`.
pub fn rename_symbols(text: &str, f: &mut dyn FnMut(&str) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String, f: &mut dyn FnMut(&str) -> String| {
        let is_sym = word.len() > 1
            && (word.starts_with('s') || word.starts_with('u'))
            && word[1..].bytes().all(|b| b.is_ascii_digit());
        if is_sym {
            out.push_str(&f(word));
        } else {
            out.push_str(word);
        }
        word.clear();
    };
    for ch in text.chars() {
        if ch.is_alphanumeric() || ch == '_' {
            word.push(ch);
        } else {
            flush(&mut word, &mut out, f);
            out.push(ch);
        }
    }
    flush(&mut word, &mut out, f);
    out
}

/// A node's value as the spec fixtures write it: `f32[s0, 4]`, `u0 + 1`,
/// `(f32[2], i64[2])`, a constant's repr, or `None`.
pub fn render_val(v: &Json) -> String {
    match v.get("kind").and_then(Json::as_str) {
        Some("tensor") => format!(
            "{}{}",
            v["dtype"].as_str().unwrap_or("?"),
            v["shape"].as_str().unwrap_or("?")
        ),
        Some("sym") => v["expr"].as_str().unwrap_or("?").to_string(),
        Some("tuple") => format!(
            "({})",
            v["items"]
                .as_array()
                .map(|items| items.iter().map(render_val).collect::<Vec<_>>().join(", "))
                .unwrap_or_default()
        ),
        Some("const") => v["value"].as_str().unwrap_or("?").to_string(),
        _ => "None".to_string(),
    }
}

/// The canonicalized report of one fixture in both modes, plus the number
/// of lines in the file.
pub fn trace_fixture(path: &Path) -> Result<(Vec<(Mode, Json)>, u32), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let file = tracer::SourceFile::parse(&name, &text);
    if !file.syntax_errors.is_empty() {
        return Err(format!(
            "fixture has syntax errors: {:?}",
            file.syntax_errors
        ));
    }
    let entries = tracer::find_entries(&file);
    let [entry] = entries.as_slice() else {
        return Err(format!(
            "a fixture needs exactly one entry point (ExportDB layout), found {}",
            entries.len()
        ));
    };
    let runs = MODES
        .iter()
        .map(|&mode| {
            let result = tracer::trace_entry(file.clone(), entry, mode, Budget::default());
            let mut report = export::run_report(&result, &file.path);
            canonicalize_run(&mut report);
            (mode, report)
        })
        .collect();
    Ok((runs, text.lines().count() as u32))
}

/// Check one fixture (`tests/spec/NAME.py`); `Err` lists every expectation
/// that does not hold.
pub fn check_fixture_file(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let directives = parse_directives(&text)?;
    if directives.is_empty() {
        return Err("fixture has no expectations".into());
    }
    let (runs, _) = trace_fixture(path)?;
    let mut problems = Vec::new();
    for (mode, run) in &runs {
        check_run(*mode, run, &directives, &mut problems);
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Check `tests/spec/NAME.py`, panicking with every failed expectation.
pub fn check_fixture(name: &str) {
    let path = spec_dir().join(format!("{name}.py"));
    if let Err(problems) = check_fixture_file(&path) {
        panic!("{}:\n{problems}", path.display());
    }
}

fn check_run(mode: Mode, run: &Json, directives: &[Directive], problems: &mut Vec<String>) {
    let m = mode.key();
    let ok = run["ok"].as_bool() == Some(true);
    let errors: Vec<&Directive> = directives
        .iter()
        .filter(|d| d.modes.contains(&mode) && matches!(d.kind, DirectiveKind::Error(_)))
        .collect();
    if errors.len() > 1 {
        problems.push(format!(
            "[{m}] more than one error expectation applies: lines {:?}",
            errors.iter().map(|d| d.line).collect::<Vec<_>>()
        ));
        return;
    }
    if let Some(d) = errors.first() {
        let DirectiveKind::Error(spec) = &d.kind else {
            unreachable!()
        };
        let want_line = d.line.map(|l| format!(" on line {l}")).unwrap_or_default();
        if ok {
            problems.push(format!(
                "[{m}] expected the export to fail ({}{}){want_line}, but it succeeded",
                spec.category,
                spec.code
                    .as_ref()
                    .map(|c| format!(" {c}"))
                    .unwrap_or_default(),
            ));
        } else {
            let cat = run["error_category"].as_str().unwrap_or("?");
            let code = run["gb_code"].as_str();
            let line = run["line"].as_u64().map(|l| l as u32);
            let mut bad = Vec::new();
            if cat != spec.category {
                bad.push(format!("category {cat}, expected {}", spec.category));
            }
            if spec.code.is_some() && code != spec.code.as_deref() {
                bad.push(format!("code {code:?}, expected {:?}", spec.code));
            }
            if d.line.is_some() && line != d.line {
                bad.push(format!("line {line:?}, expected {:?}", d.line));
            }
            if !bad.is_empty() {
                problems.push(format!(
                    "[{m}] failure differs: {} (message: {})",
                    bad.join("; "),
                    first_line(&run["message"])
                ));
            }
        }
    } else if !ok {
        problems.push(format!(
            "[{m}] expected the export to succeed; it failed: {} {} line {}: {}",
            run["error_category"].as_str().unwrap_or("?"),
            run["gb_code"].as_str().unwrap_or(""),
            run["line"],
            first_line(&run["message"])
        ));
        return;
    }
    for d in directives.iter().filter(|d| d.modes.contains(&mode)) {
        match &d.kind {
            DirectiveKind::Shape(want) => {
                let line = d.line.expect("shape directives sit on code lines");
                if !ok {
                    problems.push(format!(
                        "{line} [{m}]: shape expectation in a mode expected to fail (fix the fixture)"
                    ));
                    continue;
                }
                let node = run["nodes"].as_array().and_then(|nodes| {
                    nodes.iter().rev().find(|n| {
                        n["line"].as_u64() == Some(line as u64) && n["val"]["kind"] != "none"
                    })
                });
                match node {
                    None => {
                        let lines: Vec<String> = run["nodes"]
                            .as_array()
                            .map(|ns| ns.iter().map(|n| n["line"].to_string()).collect())
                            .unwrap_or_default();
                        problems.push(format!(
                            "{line} [{m}]: expected {want}, but no node is recorded on this line (node lines: {})",
                            lines.join(", ")
                        ));
                    }
                    Some(n) => {
                        let got = render_val(&n["val"]);
                        if !symexpr::same_value(want, &got) {
                            problems.push(format!(
                                "{line} [{m}]: expected {want}, got {got} ({})",
                                n["target"].as_str().unwrap_or("?")
                            ));
                        }
                    }
                }
            }
            DirectiveKind::Guard(want) => {
                let line = d.line.expect("guard directives sit on code lines");
                let guards: Vec<(String, Option<u64>)> = run["guards"]
                    .as_array()
                    .map(|gs| {
                        gs.iter()
                            .map(|g| {
                                (
                                    g["expr"].as_str().unwrap_or("").to_string(),
                                    g["line"].as_u64(),
                                )
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let found = guards
                    .iter()
                    .any(|(e, l)| *l == Some(line as u64) && symexpr::same_relation(want, e));
                if !found {
                    problems.push(format!(
                        "{line} [{m}]: expected guard {want} on this line; guards: {guards:?}"
                    ));
                }
            }
            DirectiveKind::Ok | DirectiveKind::Error(_) => {}
        }
    }
}

fn first_line(v: &Json) -> String {
    v.as_str()
        .unwrap_or("")
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}
