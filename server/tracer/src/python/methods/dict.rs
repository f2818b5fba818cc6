//! The methods of `dict`. The views `keys()`, `values()` and `items()` are
//! lists (their set operators give sets, `python/operators.rs`).

use crate::tracked::Tracked;
use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::value::{Dict, Value};

known_names! {
    /// The methods of `dict` the tracer implements.
    pub enum DictMethod {
        Items = "items",
        Keys = "keys",
        Values = "values",
        Get = "get",
        Pop = "pop",
        Setdefault = "setdefault",
        Update = "update",
        Copy = "copy",
    }
}

/// Calls `dict.METHOD` on `d`; `None` when dicts have no such method.
pub fn call(interp: &mut Interp, d: &Tracked<Dict>, method: &str, args: Args) -> Option<R<Value>> {
    let method = DictMethod::from_name(method)?;
    Some(call_method(interp, d, method, args))
}

fn call_method(interp: &mut Interp, d: &Tracked<Dict>, method: DictMethod, args: Args) -> R<Value> {
    use DictMethod as M;
    match method {
        M::Items | M::Keys | M::Values | M::Copy => {
            Signature::new(method.name(), []).bind(interp, args)?;
            let d = d.borrow();
            let entries = d.entries().iter();
            Ok(match method {
                M::Items => Value::list(
                    entries
                        .map(|(k, v)| Value::tuple(vec![k.clone(), v.clone()]))
                        .collect(),
                ),
                M::Keys => Value::list(entries.map(|(k, _)| k.clone()).collect()),
                M::Values => Value::list(entries.map(|(_, v)| v.clone()).collect()),
                _ => Value::Dict(Rc::new(Tracked::new(d.clone()))),
            })
        }
        M::Get | M::Setdefault => {
            let [key, default] = Signature::new(method.name(), ["key", "default"])
                .positional_only(2)
                .required(1)
                .bind(interp, args)?
                .values();
            let existing = d.borrow().get(&key).cloned();
            match existing {
                Some(v) => Ok(v),
                None if method == M::Get => Ok(default),
                None => {
                    d.borrow_mut().insert(key, default.clone());
                    Ok(default)
                }
            }
        }
        M::Pop => {
            const POP: Signature<2> = Signature::new("pop", ["key", "default"])
                .positional_only(2)
                .required(1);
            let [key, default] = POP.bind(interp, args)?.args;
            let r = d.borrow_mut().remove(&key.unwrap_or(Value::None));
            match (r, default) {
                (Some(v), _) => Ok(v),
                (None, Some(default)) => Ok(default),
                (None, None) => Err(interp.raise("KeyError", "key not found")),
            }
        }
        M::Update => {
            const UPDATE: Signature<1> = Signature::new("update", ["other"])
                .positional_only(1)
                .star_kwargs();
            let bound = UPDATE.bind(interp, args)?;
            if let [Some(src)] = &bound.args {
                for (k, v) in interp.dict_items(src)? {
                    d.borrow_mut().insert(k, v);
                }
            }
            for (k, v) in bound.keywords {
                d.borrow_mut().insert(Value::str(&k), v);
            }
            Ok(Value::None)
        }
    }
}
