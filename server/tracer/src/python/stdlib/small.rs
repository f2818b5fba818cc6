//! The standard-library modules the tracer models by a function or a few:
//! `keyword`, `enum.auto`, `os.getenv` (a clean environment), `sys`,
//! `time` (values of a clean run: non-strict export runs them as Python,
//! strict mode breaks on them, `dynamo_breaks`), `io.StringIO` and
//! `contextlib` (prelude classes; where print output goes changes nothing
//! export records).

use crate::tracked::Tracked;
use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::{Dict, Object, Value};

/// Python's keywords (`keyword.kwlist`).
pub const PY_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Python's soft keywords (`keyword.softkwlist`).
pub const PY_SOFT_KEYWORDS: &[&str] = &["_", "case", "match", "type"];

/// `keyword.kwlist` and `keyword.softkwlist`.
pub fn keyword_list(name: &str) -> Option<Value> {
    const LISTS: &[(&str, &[&str])] = &[("kwlist", PY_KEYWORDS), ("softkwlist", PY_SOFT_KEYWORDS)];
    let (_, words) = LISTS.iter().find(|(n, _)| *n == name)?;
    Some(Value::list(words.iter().map(|k| Value::str(k)).collect()))
}

known_names! {
    /// The functions of these modules, by qualified name.
    pub enum SmallModuleFunction {
        Iskeyword = "keyword.iskeyword",
        Issoftkeyword = "keyword.issoftkeyword",
        Auto = "enum.auto",
        Getenv = "os.getenv",
        Getrefcount = "sys.getrefcount",
        Time = "time.time",
        PerfCounter = "time.perf_counter",
        Monotonic = "time.monotonic",
        ProcessTime = "time.process_time",
        TimeNs = "time.time_ns",
        StringIo = "io.StringIO",
        ExitStack = "contextlib.ExitStack",
        RedirectStdout = "contextlib.redirect_stdout",
        RedirectStderr = "contextlib.redirect_stderr",
    }
}

/// `sys.NAME` for the constants library code branches on: the Python of
/// the environments the tracer reads (CPython 3.11 on 64-bit Linux).
pub fn sys_constant(name: &str) -> Option<Value> {
    Some(match SysConstant::from_name(name)? {
        SysConstant::VersionInfo => Value::tuple(vec![
            Value::Int(3),
            Value::Int(11),
            Value::Int(7),
            Value::str("final"),
            Value::Int(0),
        ]),
        SysConstant::Version => Value::str("3.11.7"),
        SysConstant::Platform => Value::str("linux"),
        SysConstant::Byteorder => Value::str("little"),
        SysConstant::Maxsize => Value::Int(i64::MAX),
    })
}

known_names! {
    /// The constants of `sys` the tracer models.
    enum SysConstant {
        VersionInfo = "version_info",
        Version = "version",
        Platform = "platform",
        Byteorder = "byteorder",
        Maxsize = "maxsize",
    }
}

known_names! {
    /// The attributes of `os` the tracer models.
    pub enum OsAttribute {
        Environ = "environ",
        Getenv = "getenv",
    }
}

/// `os.NAME`: the process environment of a clean run has no variables set,
/// so `os.environ.get(k, default)` and `os.getenv(k, default)` give the
/// default. The rest of `os` is opaque (`None`).
pub fn os_attr(name: &str) -> Option<Value> {
    Some(match OsAttribute::from_name(name)? {
        OsAttribute::Environ => Value::Dict(Rc::new(Tracked::new(Dict::default()))),
        OsAttribute::Getenv => Value::builtin(SmallModuleFunction::Getenv.name()),
    })
}

/// Calls one of these functions.
pub fn call(interp: &mut Interp, function: SmallModuleFunction, args: Args) -> R<Value> {
    use SmallModuleFunction as F;
    match function {
        F::Iskeyword | F::Issoftkeyword => {
            let short = function.name().trim_start_matches("keyword.");
            let [s] = Signature::new(short, ["s"])
                .positional_only(1)
                .required(1)
                .bind(interp, args)?
                .values();
            let words = if function == F::Iskeyword {
                PY_KEYWORDS
            } else {
                PY_SOFT_KEYWORDS
            };
            Ok(Value::Bool(
                matches!(s, Value::Str(ref w) if words.contains(&&**w)),
            ))
        }
        // A fresh int.
        F::Auto => {
            Signature::new("auto", []).bind(interp, args)?;
            Ok(Value::Int(interp.fresh_id() as i64))
        }
        // A clean environment: the default.
        F::Getenv => {
            const GETENV: Signature<2> = Signature::new("getenv", ["key", "default"]).required(1);
            let [_, default] = GETENV.bind(interp, args)?.values();
            Ok(default)
        }
        // The argument's own reference and the caller's name.
        F::Getrefcount => {
            const GETREFCOUNT: Signature<1> = Signature::new("getrefcount", ["object"])
                .positional_only(1)
                .required(1);
            GETREFCOUNT.bind(interp, args)?;
            Ok(Value::Int(2))
        }
        F::Time | F::PerfCounter | F::Monotonic | F::ProcessTime | F::TimeNs => {
            let short = function.name().trim_start_matches("time.");
            Signature::new(short, []).bind(interp, args)?;
            Ok(match function {
                F::Time => Value::Float(1.7e9),
                F::TimeNs => Value::Int(1_700_000_000_000_000_000),
                _ => Value::Float(0.0),
            })
        }
        F::StringIo | F::ExitStack | F::RedirectStdout | F::RedirectStderr => {
            context_class(interp, function, args)
        }
    }
}

/// Instantiates a class of `io` or `contextlib`.
fn context_class(interp: &mut Interp, class: SmallModuleFunction, args: Args) -> R<Value> {
    let prelude_class = match class {
        // In strict mode Dynamo breaks on `io.StringIO()` (`dynamo_breaks`).
        SmallModuleFunction::StringIo => "_StringIO",
        SmallModuleFunction::ExitStack => "_ExitStack",
        _ => {
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
    interp.call(&class, args.positional, args.keywords)
}
