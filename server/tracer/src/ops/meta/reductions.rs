//! Reductions: sums, means, variance, norms, extrema with and without
//! indices, cumulative ops, and the tuple-returning ops they record.

use std::rc::Rc;

use shapes::SymExpr;

use crate::dtype::DType;
use crate::graph::{Arg, MetaVal};
use crate::interp::{Interp, R};
use crate::ops::OpCall;
use crate::value::{Tensor, Value};

use super::*;

fn reduce_shape(
    interp: &mut Interp,
    shape: &[SymExpr],
    dims: &[i64],
    keepdim: bool,
) -> R<Vec<SymExpr>> {
    let rank = shape.len();
    let mut wrapped = Vec::new();
    for d in dims {
        wrapped.push(wrap_dim(interp, *d, rank)?);
    }
    let mut out = Vec::new();
    for (i, s) in shape.iter().enumerate() {
        if wrapped.contains(&i) {
            if keepdim {
                out.push(SymExpr::int(1));
            }
        } else {
            out.push(s.clone());
        }
    }
    Ok(out)
}

/// `var`/`std` (targets: [`.default`, `.dim`, `.correction`]): torch's
/// argument parser picks `.default` for a positional `unbiased` flag
/// (`var(x, True)`), `.correction` for a `correction=` keyword or for no
/// arguments at all (`var(x)`), `.dim` otherwise. (Their signature defaults
/// `unbiased` and `keepdim` to None, to tell a given flag from none.)
pub fn variance(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let dim = call.get("dim").clone();
    if let Value::Bool(unbiased) = dim {
        let args = vec![
            interp.arg_of(&Value::Tensor(t.clone())),
            Arg::Bool(unbiased),
        ];
        return record_reduction(
            interp,
            call,
            &call.target(0),
            args,
            float_dtype(t.dtype),
            vec![],
        );
    }
    let correction = !call.get("correction").is_none()
        || (dim.is_none() && call.get("unbiased").is_none() && call.get("keepdim").is_none());
    reduce_to(interp, call, t, dim, if correction { 2 } else { 1 })
}

fn float_dtype(dtype: DType) -> DType {
    if dtype.is_floating() || dtype.is_complex() {
        dtype
    } else {
        DType::F32
    }
}

/// `sum`/`mean`/`prod`/`std`/`var`...: targets [full reduction, dim
/// reduction]. Mean-like ops promote integers to float.
pub fn reduce(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let dim = call.get("dim").clone();
    reduce_to(interp, call, t, dim, 1)
}

/// A reduction of `t` over `dim`, recorded as the full reduction (target 0)
/// when no dim is given, else as target `dim_target`; an empty dim list
/// reduces every dim through the dim overload, as torch does.
fn reduce_to(
    interp: &mut Interp,
    call: &OpCall,
    t: Rc<Tensor>,
    dim: Value,
    dim_target: usize,
) -> R<Value> {
    let keepdim = matches!(call.get("keepdim"), Value::Bool(true));
    let float_op = ["mean", "std", "var", "norm", "logsumexp"]
        .iter()
        .any(|n| call.spelling.ends_with(n));
    let mut dtype = match call.get("dtype") {
        Value::DType(d) => *d,
        _ => t.dtype,
    };
    let is_sum = call.spelling.ends_with("sum") || call.spelling.ends_with("prod");
    if is_sum
        && matches!(
            dtype,
            DType::Bool | DType::U8 | DType::I8 | DType::I16 | DType::I32
        )
        && matches!(call.get("dtype"), Value::None)
    {
        dtype = DType::I64;
    }
    if float_op && !dtype.is_floating() {
        dtype = DType::F32;
    }
    let bool_op = call.spelling.ends_with("all") || call.spelling.ends_with("any");
    if bool_op {
        dtype = DType::Bool;
    }
    if dim.is_none() && dim_target == 1 {
        let args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
        let target = call.target(0);
        let shape = if keepdim {
            vec![SymExpr::int(1); t.rank()]
        } else {
            vec![]
        };
        return record_reduction(interp, call, &target, args, dtype, shape);
    }
    let dims = if dim.is_none() {
        vec![]
    } else {
        int_list(interp, &dim)?
    };
    let all_dims: Vec<i64> = (0..t.rank() as i64).collect();
    let reduced = if dims.is_empty() { &all_dims } else { &dims };
    let shape = reduce_shape(interp, &t.shape, reduced, keepdim)?;
    let dim_arg = if matches!(dim, Value::Int(_))
        && call
            .def
            .targets
            .get(1)
            .is_some_and(|t| t.ends_with(".dim") && !t.contains("IntList"))
        && !call.spelling.ends_with("mean")
        && !call.spelling.ends_with("sum")
    {
        Arg::Int(dims[0])
    } else {
        Arg::List(dims.iter().map(|d| Arg::Int(*d)).collect())
    };
    let mut args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
    if !dim.is_none() {
        args.push(dim_arg);
    }
    let target = call.target(dim_target);
    let mut kwargs = Vec::new();
    if target.ends_with(".correction") {
        // `var.correction(self, dim, *, correction, keepdim)`.
        let correction = call.get("correction").clone();
        if !correction.is_none() {
            kwargs.push(("correction".to_string(), interp.arg_of(&correction)));
        }
        if keepdim {
            kwargs.push(("keepdim".to_string(), Arg::Bool(true)));
        }
    } else {
        // `var.dim(self, dim, unbiased=True, keepdim=False)`: the
        // statistics take `unbiased` before `keepdim`.
        let statistic = ["var", "std", "var_mean", "std_mean"].iter().any(|n| {
            target
                .strip_prefix("aten.")
                .is_some_and(|t| t == format!("{n}.dim"))
        });
        if statistic {
            let unbiased = !matches!(call.get("unbiased"), Value::Bool(false));
            args.push(Arg::Bool(unbiased));
        }
        if keepdim || statistic {
            args.push(Arg::Bool(keepdim));
        }
    }
    if is_pair_reduction(call) {
        let pair = vec![
            interp.op_output(dtype, shape.clone()),
            interp.op_output(dtype, shape),
        ];
        return record_tuple_kw(interp, &target, (args, kwargs), pair);
    }
    let output = interp.reduction_output(&shape);
    interp.record_output(&target, args, kwargs, dtype, shape, output)
}

/// `var_mean` / `std_mean`: the reduction returns (statistic, mean).
fn is_pair_reduction(call: &OpCall) -> bool {
    call.def
        .targets
        .first()
        .is_some_and(|t| t.starts_with("aten.var_mean.") || t.starts_with("aten.std_mean."))
}

/// A reduction's node: its tensor, or for [`is_pair_reduction`] ops the
/// pair of tensors of one shape with a `getitem` each.
fn record_reduction(
    interp: &mut Interp,
    call: &OpCall,
    target: &str,
    args: Vec<Arg>,
    dtype: DType,
    shape: Vec<SymExpr>,
) -> R<Value> {
    if is_pair_reduction(call) {
        let pair = vec![
            interp.op_output(dtype, shape.clone()),
            interp.op_output(dtype, shape),
        ];
        return record_tuple(interp, target, args, pair);
    }
    interp.record_tensor_op(target, args, vec![], dtype, shape)
}

/// `torch.norm` / `Tensor.norm` / `torch.linalg.vector_norm`: torch's
/// Python `norm` sends a numeric `p` (and `'fro'`, as 2) to
/// `linalg_vector_norm(input, ord, dim, keepdim)`.
pub fn vector_norm(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let ord = match call.arg(1) {
        Value::Str(s) if &**s == "fro" => Value::Float(2.0),
        Value::Int(_) | Value::Float(_) => call.arg(1).clone(),
        Value::Str(s) => {
            let r = interp.current_range();
            return Ok(interp.incomplete(
                r,
                format!("analysis incomplete: the '{s}' matrix norm is not modelled"),
            ));
        }
        _ => Value::Float(2.0),
    };
    let keepdim = matches!(call.get("keepdim"), Value::Bool(true));
    let dtype = match call.get("dtype") {
        Value::DType(d) => *d,
        _ if t.dtype.is_floating() || t.dtype.is_complex() => t.dtype,
        _ => DType::F32,
    };
    let dim = call.get("dim").clone();
    let dims = if dim.is_none() {
        (0..t.rank() as i64).collect()
    } else {
        int_list(interp, &dim)?
    };
    let shape = reduce_shape(interp, &t.shape, &dims, keepdim)?;
    let mut args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        interp.arg_of(&ord),
    ];
    if !dim.is_none() || keepdim {
        args.push(if dim.is_none() {
            Arg::None
        } else {
            Arg::List(dims.iter().map(|d| Arg::Int(*d)).collect())
        });
    }
    if keepdim {
        args.push(Arg::Bool(true));
    }
    let output = interp.reduction_output(&shape);
    interp.record_output(&call.target(0), args, vec![], dtype, shape, output)
}

/// `linalg.norm(input, ord=None, dim=None, keepdim=False, *, dtype=None)`:
/// targets [`.default`, `.ord_str`] (a string order: `'fro'`, `'nuc'`);
/// the norm over `dim` (every dim when none is given).
pub fn linalg_norm(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let ord = call.arg(1).clone();
    let by_name = matches!(ord, Value::Str(_));
    let keepdim = matches!(call.get("keepdim"), Value::Bool(true));
    let dtype = match call.get("dtype") {
        Value::DType(d) => *d,
        _ if t.dtype.is_complex() => t.dtype.real_part(),
        _ if t.dtype.is_floating() => t.dtype,
        _ => {
            return Err(interp.torch_error(
                "RuntimeError",
                format!(
                    "linalg.vector_norm: Expected a floating point or complex tensor as input. Got {}",
                    t.dtype.torch_name()
                ),
            ));
        }
    };
    let dim = call.get("dim").clone();
    let dims = match &dim {
        Value::None => (0..t.rank() as i64).collect(),
        Value::Int(d) => vec![*d],
        other => int_list(interp, other)?,
    };
    if (by_name || !ord.is_none()) && dim.is_none() && !matches!(t.rank(), 1 | 2) {
        return Err(interp.torch_error(
            "RuntimeError",
            format!(
                "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got {}D.",
                t.rank()
            ),
        ));
    }
    let shape = reduce_shape(interp, &t.shape, &dims, keepdim)?;
    let mut args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        interp.arg_of(&ord),
    ];
    args.push(if dim.is_none() {
        Arg::None
    } else {
        Arg::List(dims.iter().map(|d| Arg::Int(*d)).collect())
    });
    args.push(Arg::Bool(keepdim));
    let kwargs = match call.get("dtype") {
        Value::DType(d) => vec![("dtype".to_string(), Arg::DType(*d))],
        _ => vec![],
    };
    let output = interp.reduction_output(&shape);
    let target = call.target(usize::from(by_name));
    interp.record_output(&target, args, kwargs, dtype, shape, output)
}

/// `argsort(dim=-1, descending=False)` and `argsort(*, stable, dim,
/// descending)`: targets [`.default`, `.stable`]; `int64` indices of the
/// input's shape.
pub fn argsort(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let dim = opt_int(interp, &call.get("dim").clone())?.unwrap_or(-1);
    wrap_dim(interp, dim, t.rank().max(1))?;
    let stable = call.get("stable").clone();
    let mut args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
    if !stable.is_none() {
        args.push(interp.arg_of(&stable));
    }
    args.push(Arg::Int(dim));
    args.push(interp.arg_of(&call.get("descending").clone()));
    let target = call.target(usize::from(!stable.is_none()));
    interp.record_tensor_op(&target, args, vec![], DType::I64, t.shape.clone())
}

/// `max`/`min`: full reduction, a dim reduction returning (values,
/// indices), or the elementwise binary form (targets: [full, dim, binary]).
pub fn max_min(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let other = call.arg(1).clone();
    match &other {
        Value::None => {
            let args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
            let target = call.target(0);
            interp.record_tensor_op(&target, args, vec![], t.dtype, vec![])
        }
        Value::Tensor(o) => {
            let shape = broadcast(interp, &t.shape, &o.shape)?;
            let dtype = DType::promote(t.dtype, o.dtype);
            let args = vec![
                interp.arg_of(&Value::Tensor(t.clone())),
                interp.arg_of(&other),
            ];
            let target = call.target(2);
            interp.record_tensor_op(&target, args, vec![], dtype, shape)
        }
        d => {
            let d = interp.index_int(d)?;
            let keepdim = matches!(call.get("keepdim"), Value::Bool(true));
            let shape = reduce_shape(interp, &t.shape, &[d], keepdim)?;
            let mut args = vec![interp.arg_of(&Value::Tensor(t.clone())), Arg::Int(d)];
            if keepdim {
                args.push(Arg::Bool(true));
            }
            let target = call.target(1);
            values_and_indices(interp, &target, args, t.dtype, shape)
        }
    }
}

/// Ops giving `(values, indices)` over one dim: `kthvalue(k, dim=-1)`,
/// `mode(dim=-1)`, `median(dim)` / `nanmedian(dim)` (without a dim, their
/// first target: the whole tensor's value). The dim is reduced (kept as 1
/// with `keepdim`); a dim equal to the schema's default of -1 is not
/// recorded, as torch drops trailing default arguments.
pub fn values_indices_over_dim(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let keepdim = matches!(call.get("keepdim"), Value::Bool(true));
    let mut args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
    if call.names.contains(&"k") {
        let k = call.get("k").clone();
        args.push(interp.arg_of(&k));
    }
    let dim = call.get("dim").clone();
    if dim.is_none() {
        let target = call.target(0);
        return interp.record_tensor_op(&target, args, vec![], t.dtype, vec![]);
    }
    let d = interp.index_int(&dim)?;
    let shape = reduce_shape(interp, &t.shape, &[d], keepdim)?;
    let dim_defaults_to_last = call.def.targets.len() == 1;
    if !dim_defaults_to_last || d != -1 || keepdim {
        args.push(Arg::Int(d));
    }
    if keepdim {
        args.push(Arg::Bool(true));
    }
    let target = call.target(call.def.targets.len() - 1);
    values_and_indices(interp, &target, args, t.dtype, shape)
}

/// `cummax(dim)` / `cummin(dim)`: running values and their indices, each
/// of the input's shape.
pub fn cumulative_values_indices(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let d = interp.index_int(&call.get("dim").clone())?;
    wrap_dim(interp, d, t.rank())?;
    let args = vec![interp.arg_of(&Value::Tensor(t.clone())), Arg::Int(d)];
    let target = call.target(0);
    values_and_indices(interp, &target, args, t.dtype, t.shape.clone())
}

/// `aminmax(*, dim=None, keepdim=False)`: `(min, max)`, both of the
/// input's dtype, over one dim or the whole tensor; torch records the
/// options as keywords.
pub fn aminmax(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let keepdim = matches!(call.get("keepdim"), Value::Bool(true));
    let mut kwargs = Vec::new();
    let shape = match call.get("dim").clone() {
        Value::None if keepdim => vec![SymExpr::int(1); t.rank()],
        Value::None => vec![],
        dim => {
            let d = interp.index_int(&dim)?;
            kwargs.push(("dim".to_string(), Arg::Int(d)));
            reduce_shape(interp, &t.shape, &[d], keepdim)?
        }
    };
    if keepdim {
        kwargs.push(("keepdim".to_string(), Arg::Bool(true)));
    }
    let args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
    let tensors = vec![
        interp.op_output(t.dtype, shape.clone()),
        interp.op_output(t.dtype, shape),
    ];
    let target = call.target(0);
    record_tuple_kw(interp, &target, (args, kwargs), tensors)
}

/// `argmax`/`argmin`.
pub fn arg_reduce(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let keepdim = matches!(call.get("keepdim"), Value::Bool(true));
    let shape = match opt_int(interp, &call.get("dim").clone())? {
        None => vec![],
        Some(d) => reduce_shape(interp, &t.shape, &[d], keepdim)?,
    };
    let n = if keepdim {
        3
    } else if call.get("dim").is_none() {
        1
    } else {
        2
    };
    emit(interp, call, 0, n, DType::I64, shape)
}

/// An op returning a tuple of tensors: the node's value is the tuple and
/// each item is read with `getitem`.
pub fn tuple_op(
    interp: &mut Interp,
    target: &str,
    args: Vec<Arg>,
    outs: Vec<(DType, Vec<SymExpr>)>,
) -> R<Value> {
    let tensors: Vec<Rc<Tensor>> = outs
        .into_iter()
        .map(|(d, s)| interp.op_output(d, s))
        .collect();
    record_tuple(interp, target, args, tensors)
}

/// Record an op returning the tuple `tensors` (made by the caller): its
/// node and one `getitem` per item.
pub fn record_tuple(
    interp: &mut Interp,
    target: &str,
    args: Vec<Arg>,
    tensors: Vec<Rc<Tensor>>,
) -> R<Value> {
    record_tuple_kw(interp, target, (args, vec![]), tensors)
}

/// [`record_tuple`] of a call with keyword arguments.
pub fn record_tuple_kw(
    interp: &mut Interp,
    target: &str,
    (args, kwargs): (Vec<Arg>, Vec<(String, Arg)>),
    tensors: Vec<Rc<Tensor>>,
) -> R<Value> {
    if interp.tracing {
        let val = MetaVal::Tuple(tensors.iter().map(|t| interp.meta_of(t)).collect());
        let node = interp.record(target, args, kwargs, val);
        for (i, t) in tensors.iter().enumerate() {
            let g = interp.record(
                "_operator.getitem",
                vec![Arg::Node(node), Arg::Int(i as i64)],
                vec![],
                interp.meta_of(t),
            );
            t.node.set(Some(g));
        }
    }
    Ok(Value::tuple(
        tensors.into_iter().map(Value::Tensor).collect(),
    ))
}

/// An op returning `(values, indices)` of one shape (`max.dim`, the
/// max pools): a tuple node and its two `getitem`s.
pub fn values_and_indices(
    interp: &mut Interp,
    target: &str,
    args: Vec<Arg>,
    dtype: DType,
    shape: Vec<SymExpr>,
) -> R<Value> {
    tuple_op(
        interp,
        target,
        args,
        vec![(dtype, shape.clone()), (DType::I64, shape)],
    )
}
