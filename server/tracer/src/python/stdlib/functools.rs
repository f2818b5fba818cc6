//! The `functools` module: `partial` (flattened as CPython flattens a
//! partial of a partial; `.func`, `.args`, `.keywords` are read in
//! `attr.rs`), `reduce`, `wraps` (the wrapper remembers `__wrapped__`), and
//! `lru_cache`/`cache` as a real cache keyed by the arguments, so a cached
//! factory returns the same object on a second call.

use crate::tracked::Tracked;
use std::rc::Rc;

use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::names::known_names;
use crate::python::objects::KnownObject;
use crate::value::{Dict, Value};

known_names! {
    /// The functions of `functools` the tracer implements.
    pub enum FunctoolsFunction {
        Wraps = "wraps",
        UpdateWrapper = "update_wrapper",
        Partial = "partial",
        Reduce = "reduce",
        LruCache = "lru_cache",
        Cache = "cache",
    }
}

/// Call `functools.NAME(args, kwargs)`.
pub fn call(interp: &mut Interp, function: FunctoolsFunction, args: Args) -> R<Value> {
    match function {
        FunctoolsFunction::Wraps => {
            const WRAPS: Signature<3> =
                Signature::new("wraps", ["wrapped", "assigned", "updated"]).required(1);
            let [wrapped, _, _] = WRAPS.bind(interp, args)?.values();
            Ok(KnownObject::WrapsDecorator.bound(wrapped))
        }
        FunctoolsFunction::UpdateWrapper => {
            const UPDATE_WRAPPER: Signature<4> = Signature::new(
                "update_wrapper",
                ["wrapper", "wrapped", "assigned", "updated"],
            )
            .required(2);
            let [wrapper, wrapped, _, _] = UPDATE_WRAPPER.bind(interp, args)?.values();
            update_wrapper(interp, &wrapper, &wrapped)?;
            Ok(wrapper)
        }
        FunctoolsFunction::Partial => partial(interp, args),
        FunctoolsFunction::Reduce => {
            const REDUCE: Signature<3> =
                Signature::new("reduce", ["function", "iterable", "initial"])
                    .positional_only(3)
                    .required(2);
            let [f, iterable, initial] = REDUCE.bind(interp, args)?.args;
            let f = f.unwrap_or(Value::None);
            let items = interp.iterate(&iterable.unwrap_or(Value::None))?;
            let mut it = items.into_iter();
            let mut acc = match initial {
                Some(init) => init,
                None => it.next().unwrap_or(Value::None),
            };
            for x in it {
                acc = interp.call(&f, vec![acc, x], vec![])?;
            }
            Ok(acc)
        }
        FunctoolsFunction::LruCache | FunctoolsFunction::Cache => {
            // `lru_cache(f)` / `cache(f)` wrap `f`; `lru_cache(maxsize)` and
            // `lru_cache(maxsize=..., typed=...)` return the decorator.
            const LRU_CACHE: Signature<2> = Signature::new("lru_cache", ["maxsize", "typed"]);
            let [first, _] = LRU_CACHE.bind(interp, args)?.args;
            Ok(match first {
                Some(
                    f @ (Value::Function(_)
                    | Value::BoundMethod(_)
                    | Value::Builtin(_)
                    | Value::Class(_)),
                ) => lru_cache_wrapper(f),
                _ => KnownObject::LruCacheDecorator.bound(Value::None),
            })
        }
    }
}

/// `partial(func, /, *args, **keywords)`. A partial of a partial flattens
/// into one, as CPython's does: `.func` is the innermost callable.
fn partial(interp: &mut Interp, args: Args) -> R<Value> {
    const PARTIAL: Signature<1> = Signature::new("partial", ["func"])
        .positional_only(1)
        .required(1)
        .star_args()
        .star_kwargs();
    let bound = PARTIAL.bind(interp, args)?;
    let [f] = bound.args;
    let mut f = f.unwrap_or(Value::None);
    let mut rest = bound.rest;
    let mut d = Dict::default();
    if let Value::Builtin(inner) = &f
        && KnownObject::PartialCall.is(inner)
        && let Some(Value::Tuple(parts)) = &inner.receiver
        && let [func, Value::Tuple(inner_args), Value::Dict(inner_kw)] = &parts[..]
    {
        rest = inner_args.iter().cloned().chain(rest).collect();
        for (k, v) in inner_kw.borrow().entries() {
            d.insert(k.clone(), v.clone());
        }
        f = func.clone();
    }
    for (k, v) in bound.keywords {
        d.insert(Value::str(&k), v);
    }
    let packed = Value::tuple(vec![
        f,
        Value::tuple(rest),
        Value::Dict(Rc::new(Tracked::new(d))),
    ]);
    Ok(KnownObject::PartialCall.bound(packed))
}

/// The attributes `update_wrapper` copies from the wrapped callable.
const WRAPPER_ASSIGNMENTS: [&str; 4] = ["__module__", "__name__", "__qualname__", "__doc__"];

/// `functools.update_wrapper(wrapper, wrapped)` on a Python function: it
/// takes the wrapped callable's module, names, docstring and `__dict__`,
/// and remembers it as `__wrapped__`. Attributes the wrapped callable
/// lacks are skipped, as CPython skips them.
fn update_wrapper(interp: &mut Interp, wrapper: &Value, wrapped: &Value) -> R<()> {
    let Value::Function(f) = wrapper else {
        return Ok(());
    };
    if let Value::Function(inner) = wrapped {
        for (name, value) in inner.attrs.borrow().iter() {
            f.attrs.borrow_mut().insert(name.clone(), value.clone());
        }
    }
    for name in WRAPPER_ASSIGNMENTS {
        if let Ok(value) = interp.get_attr(wrapped, name) {
            f.attrs.borrow_mut().insert(name.into(), value);
        }
    }
    f.attrs
        .borrow_mut()
        .insert("__wrapped__".into(), wrapped.clone());
    Ok(())
}

/// Calls the objects `functools` makes, bound to their state.
pub fn call_object(interp: &mut Interp, object: KnownObject, recv: &Value, args: Args) -> R<Value> {
    match object {
        KnownObject::WrapsDecorator => {
            let wrapper = args.positional.into_iter().next().unwrap_or(Value::None);
            update_wrapper(interp, &wrapper, recv)?;
            Ok(wrapper)
        }
        KnownObject::LruCacheCall => call_lru_cached(interp, recv, args),
        KnownObject::LruCacheClear => {
            if let Value::Tuple(t) = recv
                && let Some(Value::Dict(cache)) = t.get(1)
            {
                cache.borrow_mut().clear();
            }
            Ok(Value::None)
        }
        KnownObject::LruCacheDecorator => match args.positional.into_iter().next() {
            Some(f) => Ok(lru_cache_wrapper(f)),
            None => Err(interp.type_error("lru_cache decorator takes a function")),
        },
        _ => call_partial(interp, recv, args),
    }
}

/// `p(*args, **kwargs)` for a partial bound to (func, args, keywords).
fn call_partial(interp: &mut Interp, recv: &Value, args: Args) -> R<Value> {
    let Args {
        positional: args,
        keywords: kwargs,
    } = args;
    let Value::Tuple(t) = recv else {
        return Err(interp.type_error("bad partial"));
    };
    let f = t[0].clone();
    let mut all: Vec<Value> = match &t[1] {
        Value::Tuple(a) => a.to_vec(),
        _ => vec![],
    };
    all.extend(args);
    let mut kw: Vec<(String, Value)> = match &t[2] {
        Value::Dict(d) => d
            .borrow()
            .entries()
            .iter()
            .filter_map(|(k, v)| match k {
                Value::Str(s) => Some((s.to_string(), v.clone())),
                _ => None,
            })
            .collect(),
        _ => vec![],
    };
    kw.extend(kwargs);
    interp.call(&f, all, kw)
}

fn lru_cache_wrapper(f: Value) -> Value {
    let cache = Value::Dict(Rc::new(Tracked::new(Dict::default())));
    KnownObject::LruCacheCall.bound(Value::tuple(vec![f, cache]))
}

/// Whether `v` is a key the tracer hashes as Python does: `None`, numbers,
/// strings, dtypes, classes, functions, modules and tuples of them. Other
/// values (objects that may define `__eq__`, symbolic ints, tensors,
/// unknowns) are not cached: the call runs again, which gives what a
/// cache hit would.
fn is_plain_key(v: &Value) -> bool {
    match v {
        Value::None
        | Value::Bool(_)
        | Value::Int(_)
        | Value::Float(_)
        | Value::Str(_)
        | Value::DType(_)
        | Value::Class(_)
        | Value::Function(_)
        | Value::PyModule(_) => true,
        Value::Tuple(items) => items.iter().all(is_plain_key),
        _ => false,
    }
}

/// `cached(*args, **kwargs)` for an `lru_cache` wrapper: a hit returns the
/// stored result; an unhashable argument (list, dict, set) is Python's
/// `TypeError`.
fn call_lru_cached(interp: &mut Interp, recv: &Value, args: Args) -> R<Value> {
    let Args {
        positional: args,
        keywords: kwargs,
    } = args;
    let (f, cache) = match recv {
        Value::Tuple(t) => match (t.first(), t.get(1)) {
            (Some(f), Some(Value::Dict(cache))) => (f.clone(), cache.clone()),
            _ => return Err(interp.type_error("bad lru_cache wrapper")),
        },
        _ => return Err(interp.type_error("bad lru_cache wrapper")),
    };
    let parts: Vec<&Value> = args.iter().chain(kwargs.iter().map(|(_, v)| v)).collect();
    if let Some(bad) = parts
        .iter()
        .find(|v| matches!(v, Value::List(_) | Value::Dict(_) | Value::Set(_)))
    {
        return Err(interp.type_error(format!("unhashable type: '{}'", bad.type_name())));
    }
    if !parts.iter().all(|v| is_plain_key(v)) {
        return interp.call(&f, args, kwargs);
    }
    let mut key: Vec<Value> = args.clone();
    if !kwargs.is_empty() {
        // Keyword arguments follow a marker, as in `functools._make_key`.
        key.push(Value::str("<kwargs>"));
        for (k, v) in &kwargs {
            key.push(Value::str(k));
            key.push(v.clone());
        }
    }
    let key = Value::tuple(key);
    let hit = cache.borrow().get(&key).cloned();
    if let Some(v) = hit {
        return Ok(v);
    }
    let v = interp.call(&f, args, kwargs)?;
    cache.borrow_mut().insert(key, v.clone());
    Ok(v)
}
