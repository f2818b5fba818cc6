//! The numeric summary of report-schema.md ("Numeric outputs"): for each
//! output tensor its dtype, shape, sum, absolute sum and first 8 values
//! (row-major, as f64); tuples as `tuple`, Python scalars as `const` with
//! their Python repr.

use serde_json::{Value as Json, json};

use crate::error::Res;
use crate::value::RVal;

/// Python's `repr` of a float.
pub fn py_float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if f == f.trunc() && f.abs() < 1e16 {
        return format!("{f:.1}");
    }
    let a = f.abs();
    if (1e-4..1e16).contains(&a) {
        return format!("{f}");
    }
    // Exponent form: Python prints `1e-05`, `1.5e+20`.
    let s = format!("{f:e}");
    match s.split_once('e') {
        Some((m, e)) => {
            let (sign, digits) = match e.strip_prefix('-') {
                Some(d) => ("-", d),
                None => ("+", e),
            };
            format!("{m}e{sign}{digits:0>2}")
        }
        None => s,
    }
}

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
        RVal::Float(f) => json!({"kind": "const", "value": py_float_repr(*f)}),
        RVal::Bool(b) => json!({"kind": "const", "value": if *b { "True" } else { "False" }}),
        RVal::None => json!({"kind": "const", "value": "None"}),
        RVal::Str(s) => json!({"kind": "const", "value": format!("'{s}'")}),
        RVal::DType(d) => json!({"kind": "const", "value": d.torch_name()}),
    })
}

/// OUT for a program's user outputs: one value as itself, several as a tuple.
pub fn outputs(outs: &[RVal]) -> Res<Json> {
    if outs.len() == 1 {
        summarize(&outs[0])
    } else {
        summarize(&RVal::List(outs.to_vec()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_repr_follows_python() {
        assert_eq!(py_float_repr(3.0), "3.0");
        assert_eq!(py_float_repr(0.1), "0.1");
        assert_eq!(py_float_repr(1e-5), "1e-05");
        assert_eq!(py_float_repr(-2.5), "-2.5");
    }
}
