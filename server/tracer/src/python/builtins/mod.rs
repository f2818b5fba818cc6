//! Python's builtin functions, by name: [`KnownBuiltin`] is every name
//! the tracer resolves in the builtins namespace (and the internal
//! `object.__getattribute__`-style names `super()` reaches), and each
//! group has its file: `attributes.rs`, `conversions.rs`, `iteration.rs`,
//! `ordering.rs`, `numbers.rs`, `types.rs`, `runtime.rs`. Builtin classes
//! are not here: `object` and the exceptions are classes the interpreter
//! builds (`Interp::builtin_class`), `bytearray` is the prelude's.

pub mod attributes;
pub mod conversions;
pub mod iteration;
pub mod numbers;
pub mod ordering;
pub mod runtime;
pub mod types;

use crate::tracked::Tracked;
use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::bind::Args;
use crate::python::names::known_names;
use crate::python::objects::KnownObject;
use crate::value::Value;

known_names! {
    /// The builtin functions (and the builtin types called as functions).
    pub enum KnownBuiltin {
        Len = "len",
        Range = "range",
        Int = "int",
        Float = "float",
        Bool = "bool",
        Str = "str",
        Tuple = "tuple",
        List = "list",
        Dict = "dict",
        Set = "set",
        Frozenset = "frozenset",
        Isinstance = "isinstance",
        Dir = "dir",
        Issubclass = "issubclass",
        Type = "type",
        Getattr = "getattr",
        Hasattr = "hasattr",
        Setattr = "setattr",
        Delattr = "delattr",
        Zip = "zip",
        Enumerate = "enumerate",
        Min = "min",
        Max = "max",
        Abs = "abs",
        Sum = "sum",
        Round = "round",
        Reversed = "reversed",
        Sorted = "sorted",
        Any = "any",
        All = "all",
        Print = "print",
        Id = "id",
        Iter = "iter",
        Next = "next",
        Map = "map",
        Filter = "filter",
        Super = "super",
        Staticmethod = "staticmethod",
        Classmethod = "classmethod",
        Property = "property",
        Repr = "repr",
        Hash = "hash",
        Callable = "callable",
        Divmod = "divmod",
        Pow = "pow",
        Vars = "vars",
        Locals = "locals",
        Globals = "globals",
        Format = "format",
        Chr = "chr",
        Ord = "ord",
        Slice = "slice",
        Bytes = "bytes",
        Open = "open",
        Eval = "eval",
        Exec = "exec",
        Compile = "compile",
        Import = "__import__",
        Complex = "complex",
        NotImplemented = "NotImplemented",
        /// `id(tensor)` in strict mode (`KnownObject::IdFake`), called.
        IdFake = "id.fake",
        /// `object.__getattribute__(self, name)`: past a class's hooks.
        ObjectGetattribute = "object.__getattribute__",
        /// `object.__setattr__(self, name, value)`.
        ObjectSetattr = "object.__setattr__",
        /// `object.__delattr__(self, name)`.
        ObjectDelattr = "object.__delattr__",
    }
}

impl KnownBuiltin {
    /// Whether a bare name resolves to this builtin (the internal dotted
    /// names do not).
    fn is_global(self) -> bool {
        !self.name().contains('.')
    }
}

/// Calls the builtin `builtins.NAME` (`name` without the `builtins.`).
pub fn call(interp: &mut Interp, name: &str, args: Args) -> R<Value> {
    let Some(builtin) = KnownBuiltin::from_name(name) else {
        return Ok(not_modelled(interp, name));
    };
    use KnownBuiltin as B;
    match builtin {
        B::Getattr
        | B::Hasattr
        | B::Setattr
        | B::Delattr
        | B::Dir
        | B::Vars
        | B::Locals
        | B::Globals
        | B::ObjectGetattribute
        | B::ObjectSetattr
        | B::ObjectDelattr => attributes::call(interp, builtin, args),
        B::Int
        | B::Float
        | B::Bool
        | B::Str
        | B::Repr
        | B::Format
        | B::Tuple
        | B::List
        | B::Set
        | B::Frozenset
        | B::Dict
        | B::Bytes
        | B::Chr
        | B::Ord
        | B::Slice
        | B::Complex => conversions::call(interp, builtin, args),
        B::Len
        | B::Range
        | B::Zip
        | B::Enumerate
        | B::Reversed
        | B::Iter
        | B::Next
        | B::Map
        | B::Filter
        | B::Any
        | B::All
        | B::Sum => iteration::call(interp, builtin, args),
        B::Min | B::Max | B::Sorted => ordering::call(interp, builtin, args),
        B::Abs | B::Round | B::Divmod | B::Pow | B::Hash => numbers::call(interp, builtin, args),
        B::Isinstance
        | B::Issubclass
        | B::Type
        | B::Callable
        | B::Super
        | B::Staticmethod
        | B::Classmethod
        | B::Property
        | B::Id
        | B::IdFake => types::call(interp, builtin, args),
        B::Print | B::Open | B::Eval | B::Exec | B::Compile | B::Import | B::NotImplemented => {
            runtime::call(interp, builtin, args)
        }
    }
}

/// A builtin the tracer does not implement: unknown.
fn not_modelled(interp: &mut Interp, name: &str) -> Value {
    let r = interp.current_range();
    interp.incomplete(
        r,
        format!("analysis incomplete: builtin `{name}` is not modelled"),
    )
}

/// Python's built-in exception classes, by qualified name, each with the
/// class it derives from (CPython's hierarchy: `except LookupError` catches
/// a `KeyError`).
pub(crate) const EXCEPTIONS: &[(&str, &str)] = &[
    ("builtins.BaseException", "builtins.object"),
    ("builtins.Exception", "builtins.BaseException"),
    ("builtins.SystemExit", "builtins.BaseException"),
    ("builtins.KeyboardInterrupt", "builtins.BaseException"),
    ("builtins.GeneratorExit", "builtins.BaseException"),
    ("builtins.Warning", "builtins.Exception"),
    ("builtins.UserWarning", "builtins.Warning"),
    ("builtins.FutureWarning", "builtins.Warning"),
    ("builtins.DeprecationWarning", "builtins.Warning"),
    ("builtins.PendingDeprecationWarning", "builtins.Warning"),
    ("builtins.RuntimeWarning", "builtins.Warning"),
    ("builtins.SyntaxWarning", "builtins.Warning"),
    ("builtins.ImportWarning", "builtins.Warning"),
    ("builtins.UnicodeWarning", "builtins.Warning"),
    ("builtins.BytesWarning", "builtins.Warning"),
    ("builtins.ResourceWarning", "builtins.Warning"),
    ("builtins.EncodingWarning", "builtins.Warning"),
    ("builtins.ValueError", "builtins.Exception"),
    ("builtins.UnicodeError", "builtins.ValueError"),
    ("builtins.UnicodeDecodeError", "builtins.UnicodeError"),
    ("builtins.UnicodeEncodeError", "builtins.UnicodeError"),
    ("builtins.UnicodeTranslateError", "builtins.UnicodeError"),
    ("builtins.TypeError", "builtins.Exception"),
    ("builtins.RuntimeError", "builtins.Exception"),
    ("builtins.RecursionError", "builtins.RuntimeError"),
    ("builtins.NotImplementedError", "builtins.RuntimeError"),
    ("builtins.AssertionError", "builtins.Exception"),
    ("builtins.AttributeError", "builtins.Exception"),
    ("builtins.StopIteration", "builtins.Exception"),
    ("builtins.StopAsyncIteration", "builtins.Exception"),
    ("builtins.ArithmeticError", "builtins.Exception"),
    ("builtins.ZeroDivisionError", "builtins.ArithmeticError"),
    ("builtins.OverflowError", "builtins.ArithmeticError"),
    ("builtins.FloatingPointError", "builtins.ArithmeticError"),
    ("builtins.LookupError", "builtins.Exception"),
    ("builtins.KeyError", "builtins.LookupError"),
    ("builtins.IndexError", "builtins.LookupError"),
    ("builtins.NameError", "builtins.Exception"),
    ("builtins.UnboundLocalError", "builtins.NameError"),
    ("builtins.ImportError", "builtins.Exception"),
    ("builtins.ModuleNotFoundError", "builtins.ImportError"),
    ("builtins.SyntaxError", "builtins.Exception"),
    ("builtins.IndentationError", "builtins.SyntaxError"),
    ("builtins.TabError", "builtins.IndentationError"),
    ("builtins.OSError", "builtins.Exception"),
    ("builtins.FileNotFoundError", "builtins.OSError"),
    ("builtins.FileExistsError", "builtins.OSError"),
    ("builtins.PermissionError", "builtins.OSError"),
    ("builtins.IsADirectoryError", "builtins.OSError"),
    ("builtins.NotADirectoryError", "builtins.OSError"),
    ("builtins.TimeoutError", "builtins.OSError"),
    ("builtins.InterruptedError", "builtins.OSError"),
    ("builtins.ProcessLookupError", "builtins.OSError"),
    ("builtins.EOFError", "builtins.Exception"),
    ("builtins.MemoryError", "builtins.Exception"),
    ("builtins.ReferenceError", "builtins.Exception"),
    ("builtins.SystemError", "builtins.Exception"),
    ("builtins.BufferError", "builtins.Exception"),
];

/// The class a built-in exception class derives from, by qualified name.
pub(crate) fn exception_base(full: &str) -> Option<&'static str> {
    EXCEPTIONS
        .iter()
        .find(|(name, _)| *name == full)
        .map(|(_, base)| *base)
}

/// The qualified name of a built-in exception class given its short name.
pub(crate) fn exception_class_name(short: &str) -> Option<&'static str> {
    EXCEPTIONS
        .iter()
        .map(|(name, _)| *name)
        .find(|name| name.strip_prefix("builtins.") == Some(short))
}

/// Resolve a name that is not bound in any scope.
pub fn builtin_name(interp: &mut Interp, name: &str) -> Option<Value> {
    if name == "object" {
        return Some(Value::Class(interp.builtin_class("builtins.object")));
    }
    // `IOError` and `EnvironmentError` are other names of `OSError`.
    let exception = if name == "IOError" || name == "EnvironmentError" {
        "OSError"
    } else {
        name
    };
    if let Some(full) = exception_class_name(exception) {
        return Some(Value::Class(interp.builtin_class(full)));
    }
    if name == "bytearray" {
        // The prelude's class (`prelude/builtins.py`).
        let index = crate::prelude::module_index("exportlens.builtins")?;
        return interp.prelude_value(index, "bytearray").ok();
    }
    if KnownBuiltin::from_name(name).is_some_and(KnownBuiltin::is_global) {
        return Some(Value::builtin(&format!("builtins.{name}")));
    }
    Some(match ModuleConstant::from_name(name)? {
        ModuleConstant::Name => Value::str("__main__"),
        ModuleConstant::File => Value::str(&interp.entry_file.path),
        ModuleConstant::Ellipsis => KnownObject::Ellipsis.value(),
        // Python runs without `-O`.
        ModuleConstant::Debug => Value::Bool(true),
    })
}

known_names! {
    /// The global names every module sees besides the builtins.
    enum ModuleConstant {
        Name = "__name__",
        File = "__file__",
        Ellipsis = "Ellipsis",
        Debug = "__debug__",
    }
}

/// An iterator over `items` (materialised: the tracer unrolls loops).
pub(crate) fn iter_of(items: Vec<Value>) -> Value {
    Value::Iter(Rc::new(Tracked::new(items.into_iter())))
}

/// A tensor or a symbolic number: a value Dynamo cannot compare at
/// compile time.
fn is_traced_value(v: &Value) -> bool {
    matches!(v, Value::Tensor(_) | Value::SymInt(_) | Value::SymFloat(..))
}
