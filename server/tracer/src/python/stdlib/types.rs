//! The `types` module's constructors: `FunctionType` (a function made
//! from another's code object, as libraries copy an inherited method per
//! subclass) and `MethodType` (a function bound to an instance), and the
//! code object's `replace`. A code object (`f.__code__`, `attr.rs`) keeps
//! the function it came from, which is what `FunctionType` rebuilds.

use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::{Function, Object, Value};

known_names! {
    /// The callables of `types` the tracer implements.
    pub enum TypesFunction {
        FunctionType = "FunctionType",
        LambdaType = "LambdaType",
        MethodType = "MethodType",
    }
}

/// The attribute of a code object holding the function it was read from.
pub const CODE_FUNCTION: &str = "__exportlens_function__";

/// Call `types.NAME(args, kwargs)`.
pub fn call(interp: &mut Interp, function: TypesFunction, args: Args) -> R<Value> {
    match function {
        TypesFunction::FunctionType | TypesFunction::LambdaType => function_type(interp, args),
        TypesFunction::MethodType => {
            let [func, instance] = Signature::new("method", ["function", "instance"])
                .positional_only(2)
                .required(2)
                .bind(interp, args)?
                .values();
            Ok(Value::BoundMethod(Rc::new((instance, func))))
        }
    }
}

/// `FunctionType(code, globals, name=None, argdefs=None, closure=None)`:
/// the function of `code` under `name`, with `argdefs` as the defaults of
/// its last positional parameters. Its globals and closure stay the
/// original's (the only ones a code object read from a function runs in).
fn function_type(interp: &mut Interp, args: Args) -> R<Value> {
    let [code, _globals, name, argdefs, _closure] = Signature::new(
        "function",
        ["code", "globals", "name", "argdefs", "closure"],
    )
    .required(2)
    .bind(interp, args)?
    .values();
    let original = match &code {
        Value::Object(o) => o.get_attr(CODE_FUNCTION),
        _ => None,
    };
    let Some(Value::Function(ref f)) = original else {
        return Err(interp.type_error(format!(
            "function() argument 'code' must be code, not {}",
            code.type_name()
        )));
    };
    let mut made = f.with_kind(f.kind);
    if let Value::Str(n) = &name {
        made.name = Rc::from(&**n);
    } else if let Value::Object(o) = &code
        && let Some(Value::Str(ref n)) = o.get_attr("co_name")
    {
        made.name = Rc::from(&**n);
    }
    made.attrs.borrow_mut().retain(|k, _| k == "__kwdefaults__");
    match &argdefs {
        Value::None => made.defaults.retain(|k, _| is_keyword_only(f, k)),
        Value::Tuple(values) => {
            made.defaults.retain(|k, _| is_keyword_only(f, k));
            let positional: Vec<&str> = f
                .params
                .posonly
                .iter()
                .chain(&f.params.args)
                .map(|p| p.name.as_str())
                .collect();
            if values.len() > positional.len() {
                return Err(interp.type_error("function() argdefs is longer than the parameters"));
            }
            let first = positional.len() - values.len();
            for (param, value) in positional[first..].iter().zip(values.iter()) {
                made.defaults.insert(param.to_string(), value.clone());
            }
        }
        other => {
            return Err(interp.type_error(format!(
                "arg 5 (defaults) must be None or tuple, not {}",
                other.type_name()
            )));
        }
    }
    Ok(Value::Function(Rc::new(made)))
}

fn is_keyword_only(f: &Function, name: &str) -> bool {
    f.params.kwonly.iter().any(|p| p.name == name)
}

/// `code.replace(**changes)`: a code object of the same function with the
/// given `co_*` fields changed.
pub fn replace(interp: &mut Interp, code: &Value, args: Args) -> R<Value> {
    let bound = Signature::new("replace", [])
        .star_kwargs()
        .bind(interp, args)?;
    let Value::Object(o) = code else {
        return Err(interp.type_error("replace() needs a code object"));
    };
    let mut attrs = o.attrs.borrow().clone();
    for (k, v) in bound.keywords {
        match attrs.iter_mut().find(|(n, _)| *n == k) {
            Some(slot) => slot.1 = v,
            None => attrs.push((k, v)),
        }
    }
    let made = Rc::new(Object {
        id: interp.fresh_id(),
        class: o.class.clone(),
        attrs: crate::tracked::Tracked::new(attrs),
        module: None,
    });
    crate::cycles::register(&made);
    Ok(Value::Object(made))
}
