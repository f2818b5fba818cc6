//! The builtins over attributes and namespaces: `getattr`, `hasattr`,
//! `setattr`, `delattr`, `object`'s raw `__getattribute__` /
//! `__setattr__` / `__delattr__` (what `super()` and
//! `object.__setattr__(self, ...)` reach, past a class's hooks), `dir`,
//! `vars`, `locals` and `globals` (snapshots of the running namespaces).

use crate::tracked::Tracked;
use std::rc::Rc;

use super::KnownBuiltin;
use crate::interp::{Flow, Interp, R};
use crate::python::bind::{Args, Signature};
use crate::value::{Dict, Value};

/// Calls one of the attribute builtins.
pub fn call(interp: &mut Interp, builtin: KnownBuiltin, args: Args) -> R<Value> {
    use KnownBuiltin as B;
    match builtin {
        B::ObjectGetattribute | B::ObjectSetattr | B::ObjectDelattr => {
            object_protocol(interp, builtin, args)
        }
        B::Getattr => {
            const GETATTR: Signature<3> = Signature::new("getattr", ["object", "name", "default"])
                .positional_only(3)
                .required(2);
            let [object, name, default] = GETATTR.bind(interp, args)?.args;
            let (object, name) = (object.unwrap_or(Value::None), name.unwrap_or(Value::None));
            let Value::Str(attr) = &name else {
                return Err(interp.type_error("getattr(): attribute name must be string"));
            };
            match default {
                Some(default) => Ok(interp.try_get_attr(&object, attr)?.unwrap_or(default)),
                None => interp.get_attr(&object, attr),
            }
        }
        B::Hasattr => {
            const HASATTR: Signature<2> = Signature::new("hasattr", ["obj", "name"])
                .positional_only(2)
                .required(2);
            let [object, name] = HASATTR.bind(interp, args)?.values();
            let Value::Str(attr) = &name else {
                return Err(interp.type_error("hasattr(): attribute name must be string"));
            };
            hasattr(interp, &object, attr)
        }
        B::Setattr => {
            const SETATTR: Signature<3> = Signature::new("setattr", ["obj", "name", "value"])
                .positional_only(3)
                .required(3);
            let [object, name, value] = SETATTR.bind(interp, args)?.values();
            let Value::Str(attr) = &name else {
                return Err(interp.type_error("setattr(): attribute name must be string"));
            };
            interp.set_attr(&object, attr, value)?;
            Ok(Value::None)
        }
        B::Delattr => {
            const DELATTR: Signature<2> = Signature::new("delattr", ["obj", "name"])
                .positional_only(2)
                .required(2);
            let [object, name] = DELATTR.bind(interp, args)?.values();
            let Value::Str(attr) = &name else {
                return Err(interp.type_error("delattr(): attribute name must be string"));
            };
            interp.del_attr(&object, attr)?;
            Ok(Value::None)
        }
        B::Dir => {
            const DIR: Signature<1> = Signature::new("dir", ["object"]).positional_only(1);
            let [object] = DIR.bind(interp, args)?.values();
            dir(interp, &object)
        }
        B::Vars => {
            const VARS: Signature<1> = Signature::new("vars", ["object"]).positional_only(1);
            match VARS.bind(interp, args)?.args {
                [None] => Ok(namespace_dict(interp, false)),
                [Some(object)] => interp.get_attr(&object, "__dict__"),
            }
        }
        _ => {
            let globals = builtin == B::Globals;
            Signature::new(builtin.name(), []).bind(interp, args)?;
            Ok(namespace_dict(interp, globals))
        }
    }
}

/// `object.__getattribute__(self, name)`, `object.__setattr__(self, name,
/// value)`, `object.__delattr__(self, name)`: the raw attribute protocol.
fn object_protocol(interp: &mut Interp, builtin: KnownBuiltin, args: Args) -> R<Value> {
    let setattr = builtin == KnownBuiltin::ObjectSetattr;
    let method = builtin.name().trim_start_matches("object.");
    let [obj, name, value] = Signature::new(method, ["self", "name", "value"])
        .positional_only(3)
        .required(if setattr { 3 } else { 2 })
        .bind(interp, args)?
        .values();
    let (Value::Object(o), Value::Str(attr)) = (&obj, &name) else {
        return Err(interp.type_error(format!("{}() expects an object and a name", builtin.name())));
    };
    match builtin {
        KnownBuiltin::ObjectGetattribute => interp.object_attr_raw(o, &obj, attr),
        KnownBuiltin::ObjectSetattr => interp
            .set_attr_raw(o, &obj, attr, value)
            .map(|()| Value::None),
        _ => {
            if o.module.is_some() {
                return crate::module::call_native(
                    interp,
                    &obj,
                    "__delattr__",
                    vec![Value::Str(attr.clone())],
                );
            }
            let position = o.attrs.borrow().iter().position(|(k, _)| **k == **attr);
            match position {
                Some(k) => {
                    o.attrs.borrow_mut().remove(k);
                    Ok(Value::None)
                }
                None => Err(interp.raise(
                    "AttributeError",
                    format!("'{}' object has no attribute '{attr}'", o.class.name),
                )),
            }
        }
    }
}

/// `hasattr(obj, name)`: whether reading it raises no `AttributeError`.
fn hasattr(interp: &mut Interp, object: &Value, attr: &str) -> R<Value> {
    if interp.strict_tracing()
        && let Value::Object(o) = object
        && let Some(namespace) = o.class.prelude_namespace
        && crate::interp::dynamo_breaks::NO_HASATTR.contains(&namespace)
    {
        return Err(interp.graph_break(
            "GB0150",
            format!(
                "Unsupported hasattr call: hasattr({}, {attr:?})",
                o.class.name
            ),
            "",
        ));
    }
    match interp.try_get_attr(object, attr) {
        // Tensor methods bind by name; only those that exist count.
        Ok(Some(Value::Builtin(ref b)))
            if matches!(object, Value::Tensor(_))
                && b.name.strip_prefix("tensor.") == Some(attr) =>
        {
            Ok(Value::Bool(crate::ops::is_tensor_method(attr)))
        }
        Ok(found) => Ok(Value::Bool(found.is_some())),
        Err(Flow::Raise(_)) => Ok(Value::Bool(false)),
        Err(e) => Err(e),
    }
}

/// `dir(object)` of an instance (its attributes and its classes') or a
/// module (its globals).
fn dir(interp: &mut Interp, object: &Value) -> R<Value> {
    Ok(match object {
        Value::Object(o) => {
            let mut names: Vec<String> = o.attrs.borrow().iter().map(|(k, _)| k.clone()).collect();
            for c in o.class.mro() {
                names.extend(c.attrs.borrow().iter().map(|(k, _)| k.clone()));
            }
            names.sort();
            names.dedup();
            Value::list(names.iter().map(|n| Value::str(n)).collect())
        }
        Value::Module(m) => {
            interp.force_module(m)?;
            let mut names: Vec<String> = m.globals.vars.borrow().keys().cloned().collect();
            names.sort();
            Value::list(names.iter().map(|n| Value::str(n)).collect())
        }
        _ => {
            let r = interp.current_range();
            interp.incomplete(
                r,
                "analysis incomplete: `dir()` of this value is not modelled",
            )
        }
    })
}

/// A snapshot of the running frame's local namespace (`locals()`) or of
/// its module's globals (`globals()`), as a new dict. A function's
/// parameters come first in declaration order, as in CPython; the other
/// names follow sorted (the tracer keeps no assignment order).
fn namespace_dict(interp: &Interp, globals: bool) -> Value {
    let frame = interp.frames.last();
    let scope = frame.and_then(|f| f.scope.clone());
    let function = frame.and_then(|f| f.function.clone());
    let mut d = Dict::default();
    let Some(mut scope) = scope else {
        return Value::Dict(Rc::new(Tracked::new(d)));
    };
    let mut params: Vec<String> = Vec::new();
    if globals {
        while let Some(p) = scope.parent.clone() {
            scope = p;
        }
    } else if let Some(f) = &function {
        let p = &f.params;
        params.extend(p.posonly.iter().map(|x| x.name.clone()));
        params.extend(p.args.iter().map(|x| x.name.clone()));
        params.extend(p.vararg.iter().map(|x| x.name.clone()));
        params.extend(p.kwonly.iter().map(|x| x.name.clone()));
        params.extend(p.kwarg.iter().map(|x| x.name.clone()));
    }
    let vars = scope.vars.borrow();
    let mut rest: Vec<&String> = vars.keys().filter(|k| !params.contains(k)).collect();
    rest.sort();
    for name in params.iter().chain(rest) {
        if let Some(v) = vars.get(name) {
            d.insert(Value::str(name), v.clone());
        }
    }
    Value::Dict(Rc::new(Tracked::new(d)))
}
