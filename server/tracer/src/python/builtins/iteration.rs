//! The builtins over iterables: `len`, `range`, `iter`, `next`, `zip`,
//! `enumerate`, `reversed`, `map`, `filter`, `any`, `all` and `sum`.
//! Iterators are materialised (the tracer unrolls loops), so each builds
//! its items at once. `range` over a tensor is a graph break in strict
//! mode and the tensor's value otherwise.

use syntax::ast::BinOp;

use super::{KnownBuiltin, iter_of};
use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::value::Value;

/// Calls one of the iteration builtins.
pub fn call(interp: &mut Interp, builtin: KnownBuiltin, args: Args) -> R<Value> {
    use KnownBuiltin as B;
    match builtin {
        B::Len => {
            const LEN: Signature<1> = Signature::new("len", ["obj"])
                .positional_only(1)
                .required(1);
            let [v] = LEN.bind(interp, args)?.values();
            len(interp, v)
        }
        B::Range => {
            const RANGE: Signature<0> = Signature::new("range", []).star_args();
            let bounds = RANGE.bind(interp, args)?.rest;
            range(interp, bounds)
        }
        B::Zip => {
            const ZIP: Signature<1> = Signature::new("zip", ["strict"])
                .keyword_only(1)
                .star_args();
            let iterables = ZIP.bind(interp, args)?.rest;
            let lists: R<Vec<Vec<Value>>> = iterables.iter().map(|a| interp.iterate(a)).collect();
            let lists = lists?;
            let n = lists.iter().map(Vec::len).min().unwrap_or(0);
            let out: Vec<Value> = (0..n)
                .map(|i| Value::tuple(lists.iter().map(|l| l[i].clone()).collect()))
                .collect();
            Ok(iter_of(out))
        }
        B::Enumerate => {
            const ENUMERATE: Signature<2> =
                Signature::new("enumerate", ["iterable", "start"]).required(1);
            let [iterable, start] = ENUMERATE.bind(interp, args)?.args;
            let start = match start {
                Some(v) => interp.index_int(&v)?,
                None => 0,
            };
            let items = interp.iterate(&iterable.unwrap_or(Value::None))?;
            let out = items
                .into_iter()
                .enumerate()
                .map(|(i, v)| Value::tuple(vec![Value::Int(start + i as i64), v]))
                .collect();
            Ok(iter_of(out))
        }
        B::Reversed => {
            const REVERSED: Signature<1> = Signature::new("reversed", ["sequence"])
                .positional_only(1)
                .required(1);
            let [sequence] = REVERSED.bind(interp, args)?.values();
            let mut items = interp.iterate(&sequence)?;
            items.reverse();
            Ok(iter_of(items))
        }
        B::Iter => {
            // `iter(callable, sentinel)` is not modelled: the first
            // argument is iterated.
            const ITER: Signature<2> = Signature::new("iter", ["object", "sentinel"])
                .positional_only(2)
                .required(1);
            let [object, _] = ITER.bind(interp, args)?.values();
            Ok(iter_of(interp.iterate(&object)?))
        }
        B::Next => {
            const NEXT: Signature<2> = Signature::new("next", ["iterator", "default"])
                .positional_only(2)
                .required(1);
            let [iterator, default] = NEXT.bind(interp, args)?.args;
            let Some(Value::Iter(ref it)) = iterator else {
                return Err(interp.type_error("object is not an iterator"));
            };
            let n = it.borrow_mut().next();
            match (n, default) {
                (Some(v), _) => Ok(v),
                (None, Some(default)) => Ok(default),
                (None, None) => Err(interp.raise("StopIteration", "")),
            }
        }
        B::Map => {
            const MAP: Signature<1> = Signature::new("map", ["func"])
                .positional_only(1)
                .required(1)
                .star_args();
            let bound = MAP.bind(interp, args)?;
            let [f] = bound.args;
            let f = f.unwrap_or(Value::None);
            let lists: R<Vec<Vec<Value>>> = bound.rest.iter().map(|a| interp.iterate(a)).collect();
            let lists = lists?;
            let n = lists.iter().map(Vec::len).min().unwrap_or(0);
            let mut out = Vec::with_capacity(n);
            for i in 0..n {
                let a: Vec<Value> = lists.iter().map(|l| l[i].clone()).collect();
                out.push(interp.call(&f, a, vec![])?);
            }
            Ok(iter_of(out))
        }
        B::Filter => {
            const FILTER: Signature<2> = Signature::new("filter", ["function", "iterable"])
                .positional_only(2)
                .required(2);
            let [f, iterable] = FILTER.bind(interp, args)?.values();
            let mut out = Vec::new();
            for v in interp.iterate(&iterable)? {
                let keep = if f.is_none() {
                    v.clone()
                } else {
                    interp.call(&f, vec![v.clone()], vec![])?
                };
                if interp.truthy(&keep)? {
                    out.push(v);
                }
            }
            Ok(iter_of(out))
        }
        B::Any | B::All => {
            let [iterable] = Signature::new(builtin.name(), ["iterable"])
                .positional_only(1)
                .required(1)
                .bind(interp, args)?
                .values();
            let items = interp.iterate(&iterable)?;
            let want = builtin == B::Any;
            for v in items {
                if interp.truthy(&v)? == want {
                    return Ok(Value::Bool(want));
                }
            }
            Ok(Value::Bool(!want))
        }
        _ => {
            const SUM: Signature<2> = Signature::new("sum", ["iterable", "start"])
                .positional_only(1)
                .required(1);
            let [iterable, start] = SUM.bind(interp, args)?.args;
            let items = interp.iterate(&iterable.unwrap_or(Value::None))?;
            let mut acc = start.unwrap_or(Value::Int(0));
            for v in items {
                acc = interp.binop(BinOp::Add, acc, v)?;
            }
            Ok(acc)
        }
    }
}

/// `len(obj)`: a tensor's first size, a class's `__len__`.
fn len(interp: &mut Interp, v: Value) -> R<Value> {
    match &v {
        Value::Tensor(t) => match t.shape.first() {
            Some(d) => Ok(interp.sym_value(d.clone())),
            None => Err(interp.type_error("len() of a 0-d tensor")),
        },
        Value::Str(s) => Ok(Value::Int(s.chars().count() as i64)),
        Value::Range(a, b, s) => Ok(Value::Int(crate::interp::range_len(*a, *b, *s))),
        Value::Object(o) if let Some(f) = crate::interp::attr::python_dunder(o, "__len__") => {
            interp.call_method_value(&f, v.clone(), vec![])
        }
        Value::Object(o) if o.module.is_none() => {
            Err(interp.type_error(format!("object of type '{}' has no len()", o.class.name)))
        }
        Value::Unknown(_) => Ok(v.clone()),
        _ => Ok(Value::Int(interp.iterate(&v)?.len() as i64)),
    }
}

/// `range(stop)`, `range(start, stop[, step])`.
fn range(interp: &mut Interp, bounds: Vec<Value>) -> R<Value> {
    if bounds.iter().any(|a| matches!(a, Value::Tensor(_))) {
        if interp.strict_tracing() {
            return Err(interp.graph_break(
                "GB4841",
                "Unsupported python_type() call: range() of a tensor",
                "pass a Python int, or the tensor's size",
            ));
        }
        // Non-strict: the tensor's value, which a range must specialize.
        let mut ints = Vec::with_capacity(bounds.len());
        for a in &bounds {
            let a = match a {
                Value::Tensor(t) => interp.tensor_item(t)?,
                other => other.clone(),
            };
            ints.push(a);
        }
        return range(interp, ints);
    }
    let ints: R<Vec<i64>> = bounds.iter().map(|a| interp.index_int(a)).collect();
    match ints?.as_slice() {
        [n] => Ok(Value::Range(0, *n, 1)),
        [a, b] => Ok(Value::Range(*a, *b, 1)),
        [a, b, s] if *s != 0 => Ok(Value::Range(*a, *b, *s)),
        _ => Err(interp.type_error("range expected 1 to 3 integer arguments")),
    }
}
