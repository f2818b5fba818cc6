//! Every corpus case whose expected file carries `numeric.outputs` is run
//! through the interpreter and compared with eager PyTorch: shapes and
//! dtypes equal, sums, absolute sums and first values within rtol 1e-4 /
//! atol 1e-5. The structure is compared too: tuples and lists (both
//! `tuple`) item by item, dicts key by key, objects export cannot flatten
//! (`other`) by class name. The pass count must not drop below the ratchet.

#![allow(clippy::print_stdout)]

use std::path::{Path, PathBuf};

use serde_json::Value as Json;

/// Passing cases at the last raise; raise it when more pass.
const RATCHET: usize = 97;

const RTOL: f64 = 1e-4;
const ATOL: f64 = 1e-5;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
}

fn close(a: &Json, b: &Json) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => (x - y).abs() <= ATOL + RTOL * y.abs(),
        // NaN and infinities are null in JSON (or strings from Python).
        (None, None) => true,
        _ => false,
    }
}

/// Compare one leaf; `Err` says what differs.
fn compare_leaf(got: &Json, want: &Json) -> Result<(), String> {
    let kind = want["kind"].as_str().unwrap_or("");
    if got["kind"] != want["kind"] {
        return Err(format!("kind {} vs {}", got["kind"], want["kind"]));
    }
    if kind == "const" {
        let (g, w) = (&got["value"], &want["value"]);
        let parse = |v: &Json| v.as_str().and_then(|s| s.parse::<f64>().ok());
        return match (parse(g), parse(w)) {
            (Some(x), Some(y)) if (x - y).abs() <= ATOL + RTOL * y.abs() => Ok(()),
            _ if g == w => Ok(()),
            _ => Err(format!("const {g} vs {w}")),
        };
    }
    if got["dtype"] != want["dtype"] {
        return Err(format!("dtype {} vs {}", got["dtype"], want["dtype"]));
    }
    if got["shape"] != want["shape"] {
        return Err(format!("shape {} vs {}", got["shape"], want["shape"]));
    }
    for k in ["sum", "abs_sum"] {
        if !close(&got[k], &want[k]) {
            return Err(format!("{k} {} vs {}", got[k], want[k]));
        }
    }
    let (gf, wf) = (
        got["first"].as_array().cloned().unwrap_or_default(),
        want["first"].as_array().cloned().unwrap_or_default(),
    );
    if gf.len() != wf.len() || gf.iter().zip(&wf).any(|(a, b)| !close(a, b)) {
        return Err(format!("first values {gf:?} vs {wf:?}"));
    }
    Ok(())
}

fn check_case(py: &Path, want: &Json) -> Result<(), String> {
    let text = std::fs::read_to_string(py).map_err(|e| e.to_string())?;
    let runs = runtime::run_source(
        &py.display().to_string(),
        &text,
        &runtime::RunOptions::default(),
    );
    let Some(run) = runs.iter().find(|r| r.name == "model").or(runs.first()) else {
        return Err("no entry point".into());
    };
    let out = match &run.result {
        Ok(o) => o,
        Err(e) => return Err(format!("[{}] {}", e.label(), e.message)),
    };
    let got = runtime::summary::outputs(&out.outputs, out.tree.as_ref()).map_err(|e| e.message)?;
    compare_tree(&got, want, "output")
}

/// Compare two OUT documents, structure and leaves; `Err` says where the
/// first difference is.
fn compare_tree(got: &Json, want: &Json, at: &str) -> Result<(), String> {
    let kind = want["kind"].as_str().unwrap_or("");
    if got["kind"] != want["kind"] {
        return Err(format!("{at}: kind {} vs {}", got["kind"], want["kind"]));
    }
    match kind {
        "tuple" => {
            let (g, w) = (
                got["items"].as_array().cloned().unwrap_or_default(),
                want["items"].as_array().cloned().unwrap_or_default(),
            );
            if g.len() != w.len() {
                return Err(format!("{at}: {} items vs {}", g.len(), w.len()));
            }
            for (i, (a, b)) in g.iter().zip(&w).enumerate() {
                compare_tree(a, b, &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        "dict" => {
            let (g, w) = (
                got["items"].as_object().cloned().unwrap_or_default(),
                want["items"].as_object().cloned().unwrap_or_default(),
            );
            let (gk, wk): (Vec<&String>, Vec<&String>) = (g.keys().collect(), w.keys().collect());
            if gk != wk {
                return Err(format!("{at}: keys {gk:?} vs {wk:?}"));
            }
            for (k, b) in &w {
                compare_tree(&g[k], b, &format!("{at}[{k:?}]"))?;
            }
            Ok(())
        }
        "other" if got["value"] == want["value"] => Ok(()),
        "other" => Err(format!(
            "{at}: object {} vs {}",
            got["value"], want["value"]
        )),
        _ => compare_leaf(got, want).map_err(|e| format!("{at}: {e}")),
    }
}

#[test]
fn corpus_numeric_outputs_match_torch() {
    let root = corpus();
    if !root.is_dir() {
        println!("corpus not found at {}; nothing to compare", root.display());
        return;
    }
    let mut cases = Vec::new();
    for dir in std::fs::read_dir(&root).expect("corpus dir").flatten() {
        if !dir.path().is_dir() {
            continue;
        }
        for f in std::fs::read_dir(dir.path())
            .expect("corpus subdir")
            .flatten()
        {
            let p = f.path();
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if let Some(stem) = name.strip_suffix(".expected.json") {
                cases.push((p.with_file_name(format!("{stem}.py")), p.clone()));
            }
        }
    }
    cases.sort();
    let (mut pass, mut total) = (0, 0);
    let mut failures = Vec::new();
    for (py, exp) in &cases {
        let text = std::fs::read_to_string(exp).expect("expected file");
        let doc: Json = serde_json::from_str(&text).expect("expected json");
        let Some(want) = doc.get("numeric").and_then(|n| n.get("outputs")) else {
            continue;
        };
        if want.is_null() || !py.is_file() {
            continue;
        }
        total += 1;
        let case = py.strip_prefix(&root).unwrap_or(py).display().to_string();
        match check_case(py, want) {
            Ok(()) => pass += 1,
            Err(e) => failures.push(format!("{case}: {e}")),
        }
    }
    println!("numeric: {pass}/{total} corpus cases match eager PyTorch");
    for f in &failures {
        println!("  FAIL {f}");
    }
    assert!(
        pass >= RATCHET,
        "numeric pass count {pass} dropped below the ratchet {RATCHET}"
    );
}
