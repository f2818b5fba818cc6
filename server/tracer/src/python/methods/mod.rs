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

use crate::interp::{Interp, R};
use crate::python::bind::Args;
use crate::value::Value;

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
