//! The methods of builtin types, one file per type: `list.rs` (with
//! `deque`'s), `tuple.rs` (`index`/`count`, shared with lists), `dict.rs`,
//! `set.rs`, `str.rs`, `number.rs` (`int`, `float`), `slice.rs`. A method is a
//! `Value::Builtin` named `KIND.method` bound to its receiver
//! (`Value::builtin_method`); the receiver's kind picks the file, whose
//! enum names its methods.

pub mod dict;
pub mod list;
pub mod number;
pub mod set;
pub mod slice;
pub mod str;
pub mod tuple;

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use crate::interp::{Interp, R};
use crate::python::bind::Args;
use crate::value::Value;

/// `dir()` of CPython's built-in types, written by
/// `scripts/gen-python-attributes.py`.
static ATTRIBUTES: &str = include_str!("../../../data/python_attributes.txt");

/// Whether CPython's built-in type `kind` (`str`, `list`, `tuple`, `dict`,
/// `set`, `int`, `float`) has the attribute `name`: what `hasattr` answers
/// and what attribute access finds (the tracer may still not model it).
pub fn type_has_attribute(kind: &str, name: &str) -> bool {
    static TABLE: OnceLock<HashMap<&'static str, HashSet<&'static str>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        ATTRIBUTES
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| line.split_once(": "))
            .map(|(kind, names)| (kind, names.split(' ').collect()))
            .collect()
    });
    table.get(kind).is_some_and(|names| names.contains(name))
}

/// Calls the method `method` of a builtin value `recv` (`kind` names its
/// type, for the message when it has no such method).
pub fn call(interp: &mut Interp, kind: &str, method: &str, recv: &Value, args: Args) -> R<Value> {
    let called = match recv {
        Value::List(l) => list::call(interp, l, recv, method, args),
        Value::Tuple(_) => tuple::call(interp, recv, method, args),
        Value::Dict(d) => dict::call(interp, d, method, args),
        Value::Set(s) => set::call(interp, s, method, args),
        Value::Str(s) => return str::call(interp, s, method, args),
        Value::SymInt(_) | Value::Int(_) => number::call_int(interp, recv, method, args),
        Value::Float(f) => number::call_float(interp, *f, method, args),
        _ => None,
    };
    match called {
        Some(r) => r,
        None => Ok(crate::python::not_modelled(
            interp,
            &format!("{kind}.{method}"),
        )),
    }
}
