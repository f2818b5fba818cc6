//! The builtins that order values: `min`, `max` and `sorted`, by Python's
//! comparisons or a `key`. Over tensors they follow what Dynamo and
//! non-strict export trace: `maximum`/`minimum` between tensors, a clamp
//! between a tensor and a number, a graph break (strict) or a decision on
//! data (non-strict) where a key is a tensor or a symbolic number.

use shapes::SymExpr;
use syntax::ast::CmpOp;

use super::{KnownBuiltin, is_traced_value};
use crate::interp::{Interp, R};
use crate::python::bind::{Args, Signature};
use crate::python::operators::python_compare;
use crate::value::{CmpKind, Value};

/// Calls `min`, `max` or `sorted`.
pub fn call(interp: &mut Interp, builtin: KnownBuiltin, args: Args) -> R<Value> {
    if builtin == KnownBuiltin::Sorted {
        return sorted(interp, args);
    }
    // `min(iterable, *, key=None, default)` / `min(a, b, *args, key=None)`.
    let given = Signature::new(builtin.name(), ["key", "default"])
        .keyword_only(2)
        .star_args()
        .bind(interp, args)?;
    let [key, default] = given.args;
    let key = key.filter(|k| !matches!(k, Value::None));
    let args = given.rest;
    let max = builtin == KnownBuiltin::Max;
    let name = builtin.name();
    let items = if args.len() == 1 {
        interp.iterate(&args[0])?
    } else {
        args
    };
    if items.is_empty() {
        return match default {
            Some(d) => Ok(d),
            None => Err(interp.raise("ValueError", format!("{name}() arg is an empty sequence"))),
        };
    }
    if let Some(key) = &key
        && items.iter().any(|v| matches!(v, Value::Tensor(_)))
    {
        return min_max_by_tensor_key(interp, max, key, items);
    }
    let has_tensor = items.iter().any(|v| matches!(v, Value::Tensor(_)));
    let symbolic = |v: &Value| match v {
        Value::SymInt(e) => e.as_const().is_none(),
        Value::SymFloat(..) => true,
        _ => false,
    };
    if has_tensor && items.iter().any(symbolic) {
        // Neither Dynamo nor non-strict export's `max`/`min` turn a
        // tensor against a symbolic number into an op: Python's own
        // comparison runs, on a fake tensor with symbolic sizes in
        // strict mode (torch's error), on a traced one otherwise.
        if interp.strict_tracing() {
            return Err(interp.torch_error(
                "RuntimeError",
                format!(
                    "Dynamo failed to run {name}() with fake tensors: a tensor against a symbolic number"
                ),
            ));
        }
        let op = if max { CmpOp::Gt } else { CmpOp::Lt };
        let mut best = items[0].clone();
        for v in &items[1..] {
            let better = interp.compare(op, v, &best)?;
            if interp.truthy(&better)? {
                best = v.clone();
            }
        }
        return Ok(best);
    } else if has_tensor {
        // Both trace a tensor against a tensor as `maximum` /
        // `minimum` and a tensor against a number as a clamp from
        // that side, folding a sequence pairwise.
        let op = if max { "maximum" } else { "minimum" };
        let bound = if max { "min" } else { "max" };
        let mut acc = items[0].clone();
        for v in &items[1..] {
            acc = match (acc, v.clone()) {
                (t @ Value::Tensor(_), k @ (Value::Int(_) | Value::Float(_) | Value::Bool(_)))
                | (k @ (Value::Int(_) | Value::Float(_) | Value::Bool(_)), t @ Value::Tensor(_)) => {
                    interp.call_op_function("clamp", vec![t], vec![(bound.to_string(), k)])?
                }
                (a, b) => interp.call_op_function(op, vec![a, b], vec![])?,
            };
        }
        return Ok(acc);
    }
    if items.iter().any(|v| matches!(v, Value::SymInt(_))) {
        return Ok(sym_minmax(interp, max, &items));
    }
    let mut best = items[0].clone();
    let mut best_key = match &key {
        Some(k) => interp.call(k, vec![best.clone()], vec![])?,
        None => best.clone(),
    };
    for v in &items[1..] {
        let k = match &key {
            Some(kf) => interp.call(kf, vec![v.clone()], vec![])?,
            None => v.clone(),
        };
        let op = if max { CmpOp::Gt } else { CmpOp::Lt };
        let better = python_compare(interp, op, &k, &best_key)?;
        if interp.truthy(&better)? {
            best = v.clone();
            best_key = k;
        }
    }
    Ok(best)
}

/// `sorted(iterable, /, *, key=None, reverse=False)`.
fn sorted(interp: &mut Interp, args: Args) -> R<Value> {
    const SORTED: Signature<3> = Signature::new("sorted", ["iterable", "key", "reverse"])
        .positional_only(1)
        .keyword_only(2)
        .required(1);
    let [iterable, key, reverse] = SORTED.bind(interp, args)?.args;
    let items = interp.iterate(&iterable.unwrap_or(Value::None))?;
    Ok(Value::list(sort(interp, items, key, reverse)?))
}

/// `items` in Python's order, by `key` when it is not `None`, reversed
/// when `reverse` is true: what `sorted` returns and `list.sort` keeps.
pub(crate) fn sort(
    interp: &mut Interp,
    mut items: Vec<Value>,
    key: Option<Value>,
    reverse: Option<Value>,
) -> R<Vec<Value>> {
    match key.filter(|k| !matches!(k, Value::None)) {
        Some(key) => {
            let mut keyed = Vec::with_capacity(items.len());
            for v in items {
                keyed.push((interp.call(&key, vec![v.clone()], vec![])?, v));
            }
            if interp.strict_tracing() && keyed.iter().any(|(k, _)| is_traced_value(k)) {
                return Err(interp.graph_break(
                    "GB0207",
                    "sort with non-constant keys: a tensor or symbolic key",
                    "sort by Python numbers, or use torch.sort / torch.argsort",
                ));
            }
            sort_keyed(interp, &mut keyed)?;
            items = keyed.into_iter().map(|(_, v)| v).collect();
        }
        None => sort_values(interp, &mut items)?,
    }
    if matches!(reverse, Some(Value::Bool(true))) {
        items.reverse();
    }
    Ok(items)
}

fn sym_minmax(interp: &mut Interp, max: bool, items: &[Value]) -> Value {
    let mut acc: Option<SymExpr> = None;
    for v in items {
        let e = match v {
            Value::SymInt(e) => e.clone(),
            Value::Int(i) => SymExpr::int(*i),
            Value::Bool(b) => SymExpr::int(i64::from(*b)),
            _ => continue,
        };
        acc = Some(match acc {
            None => e,
            Some(a) => {
                // Decide statically when ranges allow, else keep Max/Min.
                let op = if max { CmpKind::Ge } else { CmpKind::Le };
                match interp.env.static_decide(&a, op, &e) {
                    Some(true) => a,
                    Some(false) => e,
                    None => {
                        if max {
                            a.max(&e)
                        } else {
                            a.min(&e)
                        }
                    }
                }
            }
        });
    }
    acc.map_or(Value::None, |e| interp.sym_value(e))
}

/// `sorted(items, key=...)` on (key, item) pairs, stable: tensor keys are
/// compared as tensors (a decision on their data).
fn sort_keyed(interp: &mut Interp, items: &mut [(Value, Value)]) -> R<()> {
    insertion_sort(interp, items, &|interp, a, b| {
        let lt = interp.compare(CmpOp::Lt, &a.0, &b.0)?;
        interp.truthy(&lt)
    })
}

/// A stable insertion sort by `less` (the lists sorted here are short).
fn insertion_sort<T>(
    interp: &mut Interp,
    items: &mut [T],
    less: &dyn Fn(&mut Interp, &T, &T) -> R<bool>,
) -> R<()> {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && less(interp, &items[j], &items[j - 1])? {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
    Ok(())
}

/// `max(tensors, key=f)` / `min(...)`: Dynamo breaks on keys it cannot
/// compare at compile time; non-strict export decides on their data.
fn min_max_by_tensor_key(
    interp: &mut Interp,
    max: bool,
    key: &Value,
    items: Vec<Value>,
) -> R<Value> {
    let mut keyed = Vec::with_capacity(items.len());
    for v in items {
        keyed.push((interp.call(key, vec![v.clone()], vec![])?, v));
    }
    if interp.strict_tracing() && keyed.iter().any(|(k, _)| is_traced_value(k)) {
        return Err(interp.graph_break(
            "GB5687",
            format!(
                "min/max with non-constant key: {}() over tensor keys",
                if max { "max" } else { "min" }
            ),
            "compare Python numbers, or use torch.max / torch.argmax",
        ));
    }
    let op = if max { CmpOp::Gt } else { CmpOp::Lt };
    let mut best = 0;
    for i in 1..keyed.len() {
        let better = interp.compare(op, &keyed[i].0, &keyed[best].0)?;
        if interp.truthy(&better)? {
            best = i;
        }
    }
    Ok(keyed.swap_remove(best).1)
}

/// `sorted(items)`: Python's ordering of the items.
fn sort_values(interp: &mut Interp, items: &mut [Value]) -> R<()> {
    insertion_sort(interp, items, &|interp, a, b| {
        let lt = python_compare(interp, CmpOp::Lt, a, b)?;
        interp.truthy(&lt)
    })
}
