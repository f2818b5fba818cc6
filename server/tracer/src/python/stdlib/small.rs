//! The standard-library modules the tracer models by a function or a few:
//! `keyword`, `enum.auto`, `os.getenv` (a clean environment), `sys`,
//! `time` (values of a clean run: non-strict export runs them as Python,
//! strict mode breaks on them, `dynamo_breaks`), `io.StringIO` and
//! `contextlib` (prelude classes; where print output goes changes nothing
//! export records).

use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::bind::Signature;
use crate::python::names::known_names;
use crate::value::{Object, Value};

/// Python's keywords (`keyword.kwlist`).
pub const PY_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Python's soft keywords (`keyword.softkwlist`).
pub const PY_SOFT_KEYWORDS: &[&str] = &["_", "case", "match", "type"];

known_names! {
    /// The functions of `keyword`.
    pub enum KeywordFunction {
        Iskeyword = "iskeyword",
        Issoftkeyword = "issoftkeyword",
    }
}

known_names! {
    /// The functions of `time` (each a value of a clean run).
    pub enum TimeFunction {
        Time = "time",
        PerfCounter = "perf_counter",
        Monotonic = "monotonic",
        ProcessTime = "process_time",
        TimeNs = "time_ns",
    }
}

known_names! {
    /// The classes of `io` and `contextlib` the tracer implements.
    pub enum ContextClass {
        StringIo = "io.StringIO",
        ExitStack = "contextlib.ExitStack",
        RedirectStdout = "contextlib.redirect_stdout",
        RedirectStderr = "contextlib.redirect_stderr",
    }
}

/// Call `keyword.NAME(args, kwargs)`.
pub fn call_keyword(
    interp: &mut Interp,
    name: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let Some(function) = KeywordFunction::from_name(name) else {
        return Ok(crate::python::not_modelled(
            interp,
            &format!("keyword.{name}"),
        ));
    };
    let [s] = Signature::new(function.name(), ["s"])
        .positional_only(1)
        .required(1)
        .bind(interp, args, kwargs)?
        .values();
    let words = match function {
        KeywordFunction::Iskeyword => PY_KEYWORDS,
        KeywordFunction::Issoftkeyword => PY_SOFT_KEYWORDS,
    };
    Ok(Value::Bool(
        matches!(s, Value::Str(ref w) if words.contains(&&**w)),
    ))
}

/// Call `enum.NAME(args, kwargs)`: `auto()` is a fresh int.
pub fn call_enum(
    interp: &mut Interp,
    name: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    if name != "auto" {
        return Ok(crate::python::not_modelled(interp, &format!("enum.{name}")));
    }
    Signature::new("auto", []).bind(interp, args, kwargs)?;
    Ok(Value::Int(interp.fresh_id() as i64))
}

/// Call `os.NAME(args, kwargs)`: `getenv` of a clean environment gives the
/// default.
pub fn call_os(
    interp: &mut Interp,
    name: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    if name != "getenv" {
        return Ok(crate::python::not_modelled(interp, &format!("os.{name}")));
    }
    const GETENV: Signature<2> = Signature::new("getenv", ["key", "default"]).required(1);
    let [_, default] = GETENV.bind(interp, args, kwargs)?.values();
    Ok(default)
}

/// Call `sys.NAME(args, kwargs)`: `getrefcount` counts the argument's own
/// reference and the caller's name.
pub fn call_sys(
    interp: &mut Interp,
    name: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    if name != "getrefcount" {
        return Ok(crate::python::not_modelled(interp, &format!("sys.{name}")));
    }
    const GETREFCOUNT: Signature<1> = Signature::new("getrefcount", ["object"])
        .positional_only(1)
        .required(1);
    GETREFCOUNT.bind(interp, args, kwargs)?;
    Ok(Value::Int(2))
}

/// Call `time.NAME(args, kwargs)`.
pub fn call_time(
    interp: &mut Interp,
    name: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let Some(function) = TimeFunction::from_name(name) else {
        return Ok(crate::python::not_modelled(interp, &format!("time.{name}")));
    };
    Signature::new(function.name(), []).bind(interp, args, kwargs)?;
    Ok(match function {
        TimeFunction::Time => Value::Float(1.7e9),
        TimeFunction::TimeNs => Value::Int(1_700_000_000_000_000_000),
        _ => Value::Float(0.0),
    })
}

/// Instantiate a class of `io` or `contextlib` (`qualified`: `io.StringIO`).
pub fn call_context_class(
    interp: &mut Interp,
    qualified: &str,
    args: Vec<Value>,
    kwargs: Vec<(String, Value)>,
) -> R<Value> {
    let Some(class) = ContextClass::from_name(qualified) else {
        return Ok(crate::python::not_modelled(interp, qualified));
    };
    let prelude_class = match class {
        // In strict mode Dynamo breaks on `io.StringIO()` (`dynamo_breaks`).
        ContextClass::StringIo => "_StringIO",
        ContextClass::ExitStack => "_ExitStack",
        ContextClass::RedirectStdout | ContextClass::RedirectStderr => {
            // Where print output goes changes nothing export records.
            return Ok(Value::Object(Rc::new(Object {
                id: interp.fresh_id(),
                class: interp.builtin_class("contextlib.nullcontext"),
                attrs: Default::default(),
                module: None,
            })));
        }
    };
    let index = crate::prelude::module_index("exportlens.builtins")
        .ok_or_else(|| interp.type_error("the prelude has no builtins module"))?;
    let class = interp.prelude_value(index, prelude_class)?;
    interp.call(&class, args, kwargs)
}
