//! Types as values, the way library code introspects them: subscripting a
//! typing form or a generic class (`Optional[Tensor]`, `List[int]`,
//! `list[int]`, `collections.abc.Sequence[int]`) and `int | None` build
//! the aliases CPython 3.11 builds, in Python (`prelude/typing.py`,
//! `prelude/types.py`); the bare forms stay the tracer's own values, whose
//! `_name` and `__origin__` the prelude answers too. This module also
//! names the classes the tracer implements as CPython names them
//! (`__module__`, `__qualname__`, `repr`: `<class 'int'>`,
//! `<class 'torch.Tensor'>`, `typing.Optional`).

use std::rc::Rc;

use crate::value::{Class, Value};

use super::{Interp, R};

/// Where CPython defines a class the tracer implements under another name:
/// (registry name, `__module__`, `__qualname__`). Every other class is
/// defined where its registry name says (`torch.Tensor`: `torch`, `Tensor`).
const MOVED_CLASSES: &[(&str, &str, &str)] = &[
    ("torch.nn.Parameter", "torch.nn.parameter", "Parameter"),
    ("torch.nn.Buffer", "torch.nn.parameter", "Buffer"),
    ("torch.export.Dim", "torch.export.dynamic_shapes", "Dim"),
    (
        "torch.export.ShapesCollection",
        "torch.export.dynamic_shapes",
        "ShapesCollection",
    ),
    (
        "torch.autograd.Function",
        "torch.autograd.function",
        "Function",
    ),
    ("torch.no_grad", "torch.autograd.grad_mode", "no_grad"),
    (
        "torch.enable_grad",
        "torch.autograd.grad_mode",
        "enable_grad",
    ),
    (
        "torch.inference_mode",
        "torch.autograd.grad_mode",
        "inference_mode",
    ),
    ("torch.autocast", "torch.amp.autocast_mode", "autocast"),
    ("torch.fx.Proxy", "torch.fx.proxy", "Proxy"),
    ("types.CodeType", "builtins", "code"),
    ("types.FrameType", "builtins", "frame"),
];

/// The `__module__` and `__qualname__` of a class or builtin the tracer
/// implements, from its qualified name (`builtins.int`: `builtins`, `int`).
pub(crate) fn defined_as(full: &str) -> (&str, &str) {
    if let Some((_, module, qualname)) = MOVED_CLASSES.iter().find(|(name, ..)| *name == full) {
        return (module, qualname);
    }
    match full.rsplit_once('.') {
        Some(("typing_extensions", name)) => ("typing", name),
        Some((module, name)) => (module, name),
        None => ("builtins", full),
    }
}

/// The built-in types the tracer keeps as builtins (`int`, `list`,
/// `type(None)`), by their name in `builtins`.
const BUILTIN_TYPES: &[&str] = &[
    "int",
    "float",
    "bool",
    "str",
    "bytes",
    "bytearray",
    "complex",
    "list",
    "tuple",
    "dict",
    "set",
    "frozenset",
    "object",
    "type",
    "NoneType",
    "range",
    "slice",
    "property",
    "staticmethod",
    "classmethod",
    "super",
    "enumerate",
    "zip",
    "map",
    "filter",
    "reversed",
    "memoryview",
];

/// Modules whose capitalised names the tracer keeps as builtins are
/// classes (`collections.abc.Iterable`, `types.SimpleNamespace`).
const CLASS_MODULES: &[&str] = &[
    "collections",
    "collections.abc",
    "types",
    "contextlib",
    "re",
    "enum",
    "torch.return_types",
];

/// Whether the builtin named `full` is a class (`builtins.int`,
/// `collections.abc.Iterable`), not a function.
pub(crate) fn is_builtin_type(full: &str) -> bool {
    match full.rsplit_once('.') {
        Some(("builtins", name)) => BUILTIN_TYPES.contains(&name),
        Some((module, name)) => {
            CLASS_MODULES.contains(&module) && name.starts_with(|c: char| c.is_ascii_uppercase())
        }
        None => false,
    }
}

/// The typing forms that are classes in CPython (`isinstance(Generic,
/// type)`), not special forms or generic aliases.
const TYPING_CLASSES: &[&str] = &["Any", "Generic", "Protocol"];

/// Whether `full` names a typing form that is a class in CPython
/// (`typing.Generic`).
fn is_typing_class(full: &str) -> bool {
    full.strip_prefix("typing.")
        .is_some_and(|name| name != "Any" && TYPING_CLASSES.contains(&name))
}

/// Whether `full` names a typing form (`typing.Optional`,
/// `typing_extensions.Literal`) that is no class in CPython (and no
/// function: those are lower case).
pub(crate) fn is_typing_form(full: &str) -> bool {
    match full.rsplit_once('.') {
        Some(("typing" | "typing_extensions", name)) => {
            name.starts_with(|c: char| c.is_ascii_uppercase()) && !TYPING_CLASSES.contains(&name)
        }
        _ => false,
    }
}

/// The builtins that CPython's `list[int]` subscripts into a
/// `types.GenericAlias`.
const GENERIC_BUILTINS: &[&str] = &[
    "builtins.list",
    "builtins.dict",
    "builtins.tuple",
    "builtins.set",
    "builtins.frozenset",
    "builtins.type",
    "collections.OrderedDict",
    "collections.defaultdict",
    "collections.deque",
    "collections.Counter",
    "collections.ChainMap",
];

/// Typing names that are not subscriptable forms: a subscript leaves
/// them as they are, as before aliases were modelled.
const NOT_SUBSCRIPTED: &[&str] = &["typing.NamedTuple", "typing.Any", "typing.TypedDict"];

/// The qualified name under which `v` is subscripted into an alias
/// (`typing.List`, `builtins.list`, `collections.abc.Sequence`), if it is
/// a typing form or a generic class the tracer keeps as its own value.
fn generic_form_name(v: &Value) -> Option<String> {
    let name = match v {
        Value::Class(c) => match (&c.builtin, c.prelude_namespace) {
            (Some(b), _) => b.to_string(),
            (None, Some("collections.abc")) => format!("collections.abc.{}", c.name),
            _ => return None,
        },
        Value::Builtin(b) if b.receiver.is_none() => b.name.to_string(),
        _ => return None,
    };
    if NOT_SUBSCRIPTED.contains(&name.as_str()) {
        return None;
    }
    let typing = name.starts_with("typing.") || name.starts_with("typing_extensions.");
    let abc = name
        .strip_prefix("collections.abc.")
        .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_uppercase()));
    (typing || abc || GENERIC_BUILTINS.contains(&name.as_str())).then_some(name)
}

impl Interp {
    /// Call the function `name` of the typing prelude.
    pub(crate) fn typing_prelude_call(&mut self, name: &str, args: Vec<Value>) -> R<Value> {
        self.typing_prelude_call_kw(name, args, vec![])
    }

    /// Call the function `name` of the typing prelude, with keywords.
    pub(crate) fn typing_prelude_call_kw(
        &mut self,
        name: &str,
        args: Vec<Value>,
        kwargs: Vec<(String, Value)>,
    ) -> R<Value> {
        let index = crate::prelude::module_index("typing")
            .ok_or_else(|| self.type_error("the prelude has no typing module"))?;
        let function = self.prelude_value(index, name)?;
        self.call(&function, args, kwargs)
    }

    /// `v[index]` of a class or builtin: the alias CPython builds for a
    /// typing form or a generic class; any other class as it is.
    pub(crate) fn subscript_type(&mut self, v: &Value, index: Value) -> R<Value> {
        match generic_form_name(v) {
            Some(name) => {
                self.typing_prelude_call("_subscript", vec![v.clone(), Value::str(&name), index])
            }
            None => Ok(v.clone()),
        }
    }

    /// `form._name`, `form.__origin__` of a bare typing form (`typing.List`).
    pub(crate) fn typing_form_attr(&mut self, form: &Value, full: &str, name: &str) -> R<Value> {
        self.typing_prelude_call(
            "_form_attr",
            vec![form.clone(), Value::str(full), Value::str(name)],
        )
    }

    /// `repr(cls)` of a class: `<class 'module.Name'>` (`<class 'int'>` for
    /// a builtin, `<enum 'Color'>` for an enum), a typing form's own name
    /// (`typing.Optional`).
    pub(crate) fn class_repr(&mut self, c: &Rc<Class>) -> String {
        let (module, qualname) = match &c.builtin {
            Some(b) if b.starts_with("typing.") && !is_typing_class(b) => return b.to_string(),
            Some(b) => {
                let (m, q) = defined_as(b);
                (m.to_string(), q.to_string())
            }
            None => {
                let module = match c.lookup("__module__") {
                    Some((Value::Str(ref s), _)) => s.to_string(),
                    _ => "__main__".to_string(),
                };
                (module, c.qualname.to_string())
            }
        };
        let kind = if c.is_enum { "enum" } else { "class" };
        if module == "builtins" {
            format!("<{kind} '{qualname}'>")
        } else {
            format!("<{kind} '{module}.{qualname}'>")
        }
    }
}

/// `repr` of a builtin the tracer keeps by name that is not a function:
/// `Ellipsis`, a type (`<class 'int'>`), a typing form (`typing.Sequence`).
pub(crate) fn builtin_repr(full: &str) -> Option<String> {
    if full == "builtins.Ellipsis" {
        return Some("Ellipsis".into());
    }
    let (module, qualname) = defined_as(full);
    if is_typing_form(full) {
        return Some(format!("typing.{qualname}"));
    }
    if module == "typing" || is_builtin_type(full) {
        return Some(if module == "builtins" {
            format!("<class '{qualname}'>")
        } else {
            format!("<class '{module}.{qualname}'>")
        });
    }
    None
}
