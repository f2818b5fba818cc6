//! `typing` (and `typing_extensions`, `abc`, `warnings`) at run time:
//! `cast` is its value, `get_type_hints` merges the classes' annotations
//! over the MRO, and every other function of these modules returns its
//! first argument (decorators such as `typing.overload`, `abc.abstractmethod`
//! or `typing.final` leave the function as it was; `warnings.warn` has no
//! effect export records).

use crate::tracked::Tracked;
use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::{Dict, Value};

known_names! {
    /// The functions of `typing` with behaviour of their own.
    pub enum TypingFunction {
        Cast = "cast",
        GetTypeHints = "get_type_hints",
    }
}

/// Call `typing.NAME(args, kwargs)` (`typing_extensions.cast` too).
pub fn call(interp: &mut Interp, function: TypingFunction, args: Args) -> R<Value> {
    match function {
        TypingFunction::Cast => {
            // cast(type, value) is the value.
            const CAST: Signature<2> = Signature::new("cast", ["typ", "val"]).required(2);
            let [_, value] = CAST.bind(interp, args)?.values();
            Ok(value)
        }
        TypingFunction::GetTypeHints => {
            const GET_TYPE_HINTS: Signature<4> = Signature::new(
                "get_type_hints",
                ["obj", "globalns", "localns", "include_extras"],
            )
            .required(1);
            let [obj, ..] = GET_TYPE_HINTS.bind(interp, args)?.values();
            Ok(type_hints(&obj))
        }
    }
}

/// `typing.NAME`, a constant: `TYPE_CHECKING` is false at run time.
pub fn constant(name: &str) -> Option<Value> {
    (name == "TYPE_CHECKING").then_some(Value::Bool(false))
}

/// What the functions of `typing`, `abc` and `warnings` the tracer does
/// not implement return: their first argument.
pub fn first_argument(args: Args) -> Value {
    args.positional.into_iter().next().unwrap_or(Value::None)
}

/// `get_type_hints(cls)`: merged over the MRO, the class's own last (values
/// as evaluated at class creation, unknown where they could not be).
fn type_hints(obj: &Value) -> Value {
    let mut hints = Dict::default();
    if let Value::Class(c) = obj {
        for k in c.mro().iter().rev() {
            if let Some(Value::Dict(ref own)) = k.own_attr("__annotations__") {
                for (key, v) in own.borrow().entries().iter() {
                    hints.insert(key.clone(), v.clone());
                }
            }
        }
    }
    Value::Dict(Rc::new(Tracked::new(hints)))
}
