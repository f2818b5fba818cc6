//! The methods of `tuple`, `index` and `count`, which `list` shares.

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::Value;

known_names! {
    /// The methods of `tuple`.
    pub enum TupleMethod {
        Index = "index",
        Count = "count",
    }
}

/// Calls `tuple.METHOD` on `recv`; `None` when tuples have no such method.
pub fn call(interp: &mut Interp, recv: &Value, method: &str, args: Args) -> Option<R<Value>> {
    Some(match TupleMethod::from_name(method)? {
        TupleMethod::Index => index(interp, recv, args),
        TupleMethod::Count => count(interp, recv, args),
    })
}

/// `seq.index(value, start=0, stop=sys.maxsize, /)`.
pub fn index(interp: &mut Interp, recv: &Value, args: Args) -> R<Value> {
    const INDEX: Signature<3> = Signature::new("index", ["value", "start", "stop"])
        .positional_only(3)
        .required(1);
    let [target, start, stop] = INDEX.bind(interp, args)?.args;
    let target = target.unwrap_or(Value::None);
    let items = interp.iterate(recv)?;
    let n = items.len() as i64;
    let bound = |interp: &mut Interp, v: Option<Value>, default: i64| -> R<usize> {
        let i = match v {
            Some(v) => interp.index_int(&v)?,
            None => default,
        };
        Ok((if i < 0 { i + n } else { i }).clamp(0, n) as usize)
    };
    let start = bound(interp, start, 0)?;
    let stop = bound(interp, stop, n)?.max(start);
    match items[start..stop].iter().position(|v| v.key_eq(&target)) {
        Some(p) => Ok(Value::Int((start + p) as i64)),
        None => Err(interp.raise("ValueError", "x not in list")),
    }
}

/// `seq.count(value, /)`.
pub fn count(interp: &mut Interp, recv: &Value, args: Args) -> R<Value> {
    const COUNT: Signature<1> = Signature::new("count", ["value"])
        .positional_only(1)
        .required(1);
    let [target] = COUNT.bind(interp, args)?.values();
    let items = interp.iterate(recv)?;
    Ok(Value::Int(
        items.iter().filter(|v| v.key_eq(&target)).count() as i64,
    ))
}
