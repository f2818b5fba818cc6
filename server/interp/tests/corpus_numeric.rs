//! Every corpus case whose expected file carries `numeric.outputs` is run
//! through the interpreter and compared with eager PyTorch: shapes and
//! dtypes equal, sums, absolute sums and first values within rtol 1e-4 /
//! atol 1e-5. Outputs are compared as flat lists of leaves (the traced
//! program does not keep the pytree structure of forward's return value).
//! The pass count must not drop below the ratchet.

#![allow(clippy::print_stdout)]

use std::path::{Path, PathBuf};

use serde_json::Value as Json;

/// Passing cases at the last raise; raise it when more pass.
const RATCHET: usize = 96;

const RTOL: f64 = 1e-4;
const ATOL: f64 = 1e-5;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus")
}

/// Leaves of an OUT document, in order. Dict items come in the order of
/// `keys` (serde_json sorts object keys; the file's order is the output's).
fn leaves(v: &Json, keys: &mut dyn Iterator<Item = Vec<String>>, out: &mut Vec<Json>) {
    match v.get("kind").and_then(Json::as_str) {
        Some("tuple") => {
            for i in v["items"].as_array().into_iter().flatten() {
                leaves(i, keys, out);
            }
        }
        Some("dict") => {
            let order = keys.next().unwrap_or_default();
            if let Some(m) = v["items"].as_object() {
                let mut names: Vec<&String> = m.keys().collect();
                names.sort_by_key(|k| order.iter().position(|o| o == *k).unwrap_or(usize::MAX));
                for k in names {
                    leaves(&m[k], keys, out);
                }
            }
        }
        _ => out.push(v.clone()),
    }
}

/// The keys of every `"kind": "dict"` object's `items`, in file order, in
/// the pre-order in which `leaves` visits dicts.
fn dict_key_orders(text: &str) -> Vec<Vec<String>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let pat = "\"kind\": \"dict\"";
    let mut from = 0;
    while let Some(off) = text[from..].find(pat) {
        let at = from + off;
        from = at + pat.len();
        let Some(items) = text[from..].find("\"items\"") else {
            break;
        };
        let mut i = from + items + 7;
        while i < b.len() && b[i] != b'{' {
            i += 1;
        }
        // Walk the object: top-level keys are strings at depth 1 followed by ':'.
        let mut depth = 0;
        let mut keys = Vec::new();
        let mut in_str = false;
        let mut start = 0;
        let mut j = i;
        while j < b.len() {
            let c = b[j];
            if in_str {
                if c == b'\\' {
                    j += 1;
                } else if c == b'"' {
                    in_str = false;
                    if depth == 1 {
                        let rest = text[j + 1..].trim_start();
                        if rest.starts_with(':') {
                            keys.push(text[start..j].to_string());
                        }
                    }
                }
            } else if c == b'"' {
                in_str = true;
                start = j + 1;
            } else if c == b'{' || c == b'[' {
                depth += 1;
            } else if c == b'}' || c == b']' {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            j += 1;
        }
        out.push(keys);
    }
    out
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

fn check_case(py: &Path, want: &Json, text_of_expected: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(py).map_err(|e| e.to_string())?;
    let runs = interp::run_source(
        &py.display().to_string(),
        &text,
        &interp::RunOptions::default(),
    );
    let Some(run) = runs.iter().find(|r| r.name == "model").or(runs.first()) else {
        return Err("no entry point".into());
    };
    let out = match &run.result {
        Ok(o) => o,
        Err(e) => return Err(format!("[{}] {}", e.label(), e.message)),
    };
    let got = interp::summary::outputs(&out.outputs).map_err(|e| e.message)?;
    let (mut g, mut w) = (Vec::new(), Vec::new());
    leaves(&got, &mut std::iter::empty(), &mut g);
    let numeric = text_of_expected
        .find("\"numeric\"")
        .map_or("", |i| &text_of_expected[i..]);
    leaves(want, &mut dict_key_orders(numeric).into_iter(), &mut w);
    if g.len() != w.len() {
        return Err(format!("{} outputs vs {} expected", g.len(), w.len()));
    }
    for (i, (a, b)) in g.iter().zip(&w).enumerate() {
        compare_leaf(a, b).map_err(|e| format!("output {i}: {e}"))?;
    }
    Ok(())
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
        match check_case(py, want, &text) {
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
