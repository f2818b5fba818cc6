//! The numeric summary of report-schema.md ("Numeric outputs"): for each
//! output tensor its dtype, shape, sum, absolute sum and first 8 values
//! (row-major, as f64); tuples as `tuple`, Python scalars as `const` with
//! their Python repr.

use serde_json::{Value as Json, json};

use tracer::graph::OutputTree;

use crate::error::Res;
use crate::value::RVal;

fn num(f: f64) -> Json {
    // JSON has no NaN or infinities; they become null.
    serde_json::Number::from_f64(f).map_or(Json::Null, Json::Number)
}

/// The OUT document of one runtime value.
pub fn summarize(v: &RVal) -> Res<Json> {
    Ok(match v {
        RVal::Tensor(t) => {
            let vals = t.to_f64()?;
            let sum: f64 = vals.iter().sum();
            let abs: f64 = vals.iter().map(|x| x.abs()).sum();
            json!({
                "kind": "tensor",
                "dtype": t.dt.short(),
                "shape": t.dims(),
                "sum": num(sum),
                "abs_sum": num(abs),
                "first": vals.iter().take(8).map(|x| num(*x)).collect::<Vec<_>>(),
            })
        }
        RVal::List(items) => json!({
            "kind": "tuple",
            "items": items.iter().map(summarize).collect::<Res<Vec<_>>>()?,
        }),
        RVal::Int(i) => json!({"kind": "const", "value": i.to_string()}),
        RVal::Float(f) => json!({"kind": "const", "value": tracer::pyrepr::float_repr(*f)}),
        RVal::Bool(b) => json!({"kind": "const", "value": if *b { "True" } else { "False" }}),
        RVal::None => json!({"kind": "const", "value": "None"}),
        RVal::Str(s) => json!({"kind": "const", "value": format!("'{s}'")}),
        RVal::DType(d) => json!({"kind": "const", "value": d.torch_name()}),
    })
}

/// OUT for a program's user outputs, in the structure `forward` returned
/// them in (`tree`, see [`tracer::graph::OutputTree`]). Without a tree
/// that fits the outputs: one value as itself, several as a tuple.
pub fn outputs(outs: &[RVal], tree: Option<&OutputTree>) -> Res<Json> {
    if let Some(tree) = tree.filter(|tree| tree.leaves() == outs.len()) {
        let mut leaves = outs.iter();
        return structured(tree, &mut leaves);
    }
    if outs.len() == 1 {
        summarize(&outs[0])
    } else {
        summarize(&RVal::List(outs.to_vec()))
    }
}

fn structured<'v>(tree: &OutputTree, leaves: &mut impl Iterator<Item = &'v RVal>) -> Res<Json> {
    Ok(match tree {
        OutputTree::Leaf => match leaves.next() {
            Some(value) => summarize(value)?,
            None => Json::Null,
        },
        OutputTree::Seq(items) | OutputTree::List(items) => json!({
            "kind": "tuple",
            "items": items.iter().map(|item| structured(item, leaves)).collect::<Res<Vec<_>>>()?,
        }),
        OutputTree::Dict(items) => {
            let mut map = serde_json::Map::new();
            for (key, item) in items {
                map.insert(key.to_string(), structured(item, leaves)?);
            }
            json!({"kind": "dict", "items": map})
        }
        OutputTree::Opaque(class) => json!({"kind": "other", "value": class}),
    })
}

/// One line describing a runtime value: dtype, shape, min, max, mean and
/// the first values of a tensor; tuples item by item.
pub fn describe(v: &RVal) -> String {
    match v {
        RVal::Tensor(t) => {
            let vals = t.to_f64().unwrap_or_default();
            let n = vals.len().max(1) as f64;
            let min = vals.iter().copied().fold(f64::INFINITY, f64::min);
            let max = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let mean = vals.iter().sum::<f64>() / n;
            let first: Vec<String> = vals.iter().take(6).map(|x| format!("{x:.6}")).collect();
            format!(
                "{}{:?}  min {min:.6}  max {max:.6}  mean {mean:.6}  first [{}]",
                t.dt.short(),
                t.dims(),
                first.join(", ")
            )
        }
        RVal::List(items) => {
            let parts: Vec<String> = items.iter().map(describe).collect();
            format!("({})", parts.join("; "))
        }
        other => match summarize(other) {
            Ok(j) => j["value"].as_str().unwrap_or("?").to_string(),
            Err(e) => e.message,
        },
    }
}

/// The human-readable report of `exportlens run` (and the editors' Quick
/// Run): per entry, its wall time and one line per output, or why it did
/// not run.
pub fn runs_text(runs: &[crate::EntryRun]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    if runs.is_empty() {
        s.push_str(
            "no entry points found (expected `model` + `example_args`, or a torch.export.export(...) call)\n",
        );
    }
    for r in runs {
        if let Some(note) = &r.note {
            let _ = writeln!(s, "# {} (line {}): note: {note}", r.name, r.line);
        }
        match &r.result {
            Ok(o) => {
                let _ = writeln!(
                    s,
                    "# {} (line {}): ran in {:.1} ms (values {:.1} ms, graph {:.1} ms; live tensors up to {})",
                    r.name,
                    r.line,
                    o.seconds * 1e3,
                    o.values_seconds * 1e3,
                    o.exec_seconds * 1e3,
                    crate::exec::human_bytes(o.peak_bytes)
                );
                for (i, v) in o.outputs.iter().enumerate() {
                    let _ = writeln!(s, "output {i}: {}", describe(v));
                }
            }
            Err(e) => {
                let _ = writeln!(
                    s,
                    "# {} (line {}): {}: {}",
                    r.name,
                    r.line,
                    e.label(),
                    e.message
                );
            }
        }
    }
    s
}
