//! The methods of `int` and `float` the tracer implements.

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::Value;

known_names! {
    /// The methods of `int` (and of a symbolic int).
    pub enum IntMethod {
        Index = "__index__",
        Int = "__int__",
    }
}

known_names! {
    /// The data attributes of `int` (the others are its methods).
    pub enum IntAttribute {
        Real = "real",
        Numerator = "numerator",
    }
}

known_names! {
    /// The methods of `float`.
    pub enum FloatMethod {
        IsInteger = "is_integer",
    }
}

/// Calls `int.METHOD` on `recv`; `None` when ints have no such method.
pub fn call_int(interp: &mut Interp, recv: &Value, method: &str, args: Args) -> Option<R<Value>> {
    let method = IntMethod::from_name(method)?;
    Some(
        Signature::new(method.name(), [])
            .bind(interp, args)
            .map(|_| recv.clone()),
    )
}

/// Calls `float.METHOD` on `f`; `None` when floats have no such method.
pub fn call_float(interp: &mut Interp, f: f64, method: &str, args: Args) -> Option<R<Value>> {
    let method = FloatMethod::from_name(method)?;
    Some(
        Signature::new(method.name(), [])
            .bind(interp, args)
            .map(|_| Value::Bool(f.fract() == 0.0)),
    )
}
