//! Meta functions: the dtype and shape rules of op families (elementwise
//! with broadcasting and type promotion, reductions, views, matmul family,
//! convolution and pooling, normalization, constructors), each recording
//! its node and adding the guards torch would add.

use std::rc::Rc;

use shapes::{SymError, SymExpr};

use super::OpCall;
use crate::dtype::{Category, DType, Operand, result_type};
use crate::failure::FailureKind;
use crate::graph::{Arg, MetaVal};
use crate::interp::{Interp, R};
use crate::python::objects::KnownObject;
use crate::value::{CmpKind, Tensor, Value};

// ----- argument helpers ---------------------------------------------------------

pub fn tensor(interp: &mut Interp, call: &OpCall, i: usize) -> R<Rc<Tensor>> {
    match call.arg(i) {
        Value::Tensor(t) => Ok(t.clone()),
        other => Err(interp.type_error(format!(
            "{}(): argument {} must be a Tensor, not {}",
            call.spelling,
            call.names.get(i).copied().unwrap_or("?"),
            other.type_name()
        ))),
    }
}

pub fn opt_int(interp: &mut Interp, v: &Value) -> R<Option<i64>> {
    match v {
        Value::None => Ok(None),
        other => Ok(Some(interp.index_int(other)?)),
    }
}

/// A size argument: a Python int or a symbolic one.
pub fn size_expr(interp: &mut Interp, v: &Value) -> R<SymExpr> {
    match v {
        Value::Int(i) => Ok(SymExpr::int(*i)),
        Value::Bool(b) => Ok(SymExpr::int(i64::from(*b))),
        Value::SymInt(e) => Ok(e.clone()),
        Value::Tensor(t) if t.rank() == 0 => {
            let item = interp.tensor_item(t)?;
            size_expr(interp, &item)
        }
        other => Err(interp.type_error(format!("expected an int size, got {}", other.type_name()))),
    }
}

pub fn sizes(interp: &mut Interp, v: &Value) -> R<Vec<SymExpr>> {
    match v {
        Value::Tuple(_) | Value::List(_) => {
            let items = interp.iterate(v)?;
            items.iter().map(|x| size_expr(interp, x)).collect()
        }
        other => Ok(vec![size_expr(interp, other)?]),
    }
}

pub fn int_list(interp: &mut Interp, v: &Value) -> R<Vec<i64>> {
    crate::interp::torch_natives::ints_of(interp, v)
}

/// Wrap a possibly negative dim into `0..rank`.
/// Ops making one output per piece (`unbind`, `split`, `chunk`): `n`
/// pieces, unless that is more than the graph may hold (a size of 10**12
/// would allocate without bound).
pub fn check_piece_count(interp: &mut Interp, n: i64) -> R<()> {
    let limit = interp.budget.nodes;
    if usize::try_from(n).is_ok_and(|n| n > limit) {
        return Err(interp.fail(
            crate::failure::FailureKind::Incomplete,
            format!("analysis incomplete: this op would make {n} outputs, more than the graph may hold ({limit} nodes)"),
        ));
    }
    Ok(())
}

/// [`wrap_dim`] for ops that index the tensor's sizes by the dim, which a
/// 0-d tensor does not have: torch's `IndexError` for it.
pub fn wrap_existing_dim(interp: &mut Interp, d: i64, rank: usize) -> R<usize> {
    if rank == 0 {
        return Err(interp.torch_error(
            "IndexError",
            format!("dimension specified as {d} but tensor has no dimensions"),
        ));
    }
    wrap_dim(interp, d, rank)
}

pub fn wrap_dim(interp: &mut Interp, d: i64, rank: usize) -> R<usize> {
    let r = rank.max(1) as i64;
    let w = if d < 0 { d + r } else { d };
    if w < 0 || w >= r {
        return Err(shape_error(
            interp,
            format!(
                "Dimension out of range (expected to be in range of [{}, {}], but got {d})",
                -r,
                r - 1
            ),
        ));
    }
    Ok(w as usize)
}

/// A shape error eager PyTorch would raise too.
pub fn shape_error(interp: &Interp, message: impl Into<String>) -> crate::interp::Flow {
    interp.torch_error("RuntimeError", message)
}

pub fn args_of(interp: &mut Interp, call: &OpCall, n: usize) -> Vec<Arg> {
    call.args.iter().take(n).map(|v| interp.arg_of(v)).collect()
}

/// Record an op producing one tensor, with the first `n_args` bound arguments.
pub fn emit(
    interp: &mut Interp,
    call: &OpCall,
    target_idx: usize,
    n_args: usize,
    dtype: DType,
    shape: Vec<SymExpr>,
) -> R<Value> {
    let output = crate::interp::record::Output::Fresh;
    emit_as(interp, call, (target_idx, n_args), dtype, shape, output)
}

/// Record `call`'s target `target_idx` with its first `n_args` arguments,
/// its result living where `output` says.
fn emit_as(
    interp: &mut Interp,
    call: &OpCall,
    (target_idx, n_args): (usize, usize),
    dtype: DType,
    shape: Vec<SymExpr>,
    output: crate::interp::record::Output,
) -> R<Value> {
    let args = args_of(interp, call, n_args);
    let target = call.target(target_idx);
    interp.record_output(&target, args, vec![], dtype, shape, output)
}

/// [`emit`] for an op whose meta allocates its output with `new_empty`
/// (`make_contiguous_strides_for` strides, `Max(1, size)` where a size may
/// be 0), as a convolution's does.
fn emit_allocated(
    interp: &mut Interp,
    call: &OpCall,
    target_and_args: (usize, usize),
    dtype: DType,
    shape: Vec<SymExpr>,
) -> R<Value> {
    let output = match crate::layout::Layout::allocated_empty(&interp.env, &shape) {
        Ok(layout) if interp.tracing => crate::interp::record::Output::Allocated(layout),
        _ => crate::interp::record::Output::Fresh,
    };
    emit_as(interp, call, target_and_args, dtype, shape, output)
}

/// Finish an in-place op: the receiver now lives at the new node.
pub fn emit_inplace(
    interp: &mut Interp,
    call: &OpCall,
    target_idx: usize,
    n_args: usize,
) -> R<Value> {
    let recv = tensor(interp, call, 0)?;
    let args = args_of(interp, call, n_args);
    let target = call.target(target_idx);
    if interp.tracing {
        let val = interp.meta_of(&recv);
        let node = interp.record(&target, args, vec![], val);
        recv.node.set(Some(node));
        if let crate::value::Provenance::Buffer { .. } = &*recv.provenance.borrow() {
            interp.mutated_buffers.push(recv.id);
        }
    }
    Ok(Value::Tensor(recv))
}

pub fn operand(v: &Value) -> Option<Operand> {
    Some(match v {
        Value::Tensor(t) if t.rank() == 0 => Operand::ZeroDim(t.dtype),
        Value::Tensor(t) => Operand::Tensor(t.dtype),
        Value::Bool(_) | Value::SymBool(_) => Operand::Scalar(Category::Bool),
        Value::Int(_) | Value::SymInt(_) => Operand::Scalar(Category::Int),
        Value::Float(_) | Value::SymFloat(_, _) => Operand::Scalar(Category::Float),
        _ => return None,
    })
}

fn shape_of(v: &Value) -> Vec<SymExpr> {
    match v {
        Value::Tensor(t) => t.shape.clone(),
        _ => vec![],
    }
}

/// Broadcast two shapes, guarding symbolic sizes equal where torch does.
pub fn broadcast(interp: &mut Interp, a: &[SymExpr], b: &[SymExpr]) -> R<Vec<SymExpr>> {
    let n = a.len().max(b.len());
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let x = (i + a.len())
            .checked_sub(n)
            .map(|j| interp.env.simplify(&a[j]));
        let y = (i + b.len())
            .checked_sub(n)
            .map(|j| interp.env.simplify(&b[j]));
        out.push(match (x, y) {
            (None, Some(y)) => y,
            (Some(x), None) => x,
            (Some(x), Some(y)) => broadcast_dim(interp, x, y)?,
            (None, None) => unreachable!("i < n"),
        });
    }
    Ok(out)
}

fn broadcast_dim(interp: &mut Interp, x: SymExpr, y: SymExpr) -> R<SymExpr> {
    // torch asks whether a symbolic size is 1; when its range allows 1
    // (`s - 1` with s >= 2) that is a guard decided by the example value.
    // A derived size the example makes 1 (`s - ((s + 1)//2)` at s = 3)
    // broadcasts, though no replacement makes it the constant.
    let mut one = [x.as_const() == Some(1), y.as_const() == Some(1)];
    for (k, e) in [&x, &y].into_iter().enumerate() {
        let unbacked = e.symbols().iter().any(|s| interp.env.info(*s).unbacked);
        if !e.is_const() && !unbacked && interp.env.range_of(e).contains(1) {
            let line = interp.guard_line();
            match interp.env.evaluate(e, CmpKind::Eq, &SymExpr::int(1), line) {
                Ok(b) => one[k] = b,
                Err(dd) => return Err(interp.data_dependent(&dd.expr)),
            }
        }
    }
    if x == y {
        return Ok(x);
    }
    if one[0] {
        return Ok(y);
    }
    if one[1] {
        return Ok(x);
    }
    // Size-oblivious: a symbolic size is never taken to be 1 here.
    expect_eq(interp, &x, &y, "broadcast")?;
    Ok(interp.env.simplify(&x))
}

/// The first checks of torch's `expand` decomposition, from `shape` to
/// `target` (aligned at the last dim): each symbolic size must be 1 or the
/// size asked for, one compound guard `Eq(x, 1) | Eq(requested, x)` each,
/// before any of the plain equalities that follow.
pub fn expand_checks(interp: &mut Interp, shape: &[SymExpr], target: &[SymExpr]) -> R<()> {
    let Some(off) = target.len().checked_sub(shape.len()) else {
        return Ok(());
    };
    let line = interp.guard_line();
    for (x, r) in shape.iter().zip(&target[off..]) {
        let x = interp.env.simplify(x);
        if x.is_const() || r.as_const() == Some(-1) {
            continue;
        }
        // `requested == x`: a constant request compares from the size's side.
        let asked = match r.is_const() {
            true => (x.clone(), r.clone()),
            false => (r.clone(), x.clone()),
        };
        let alts = [(x.clone(), SymExpr::int(1)), asked];
        if !interp.env.assume_any_eq(&alts, line) {
            let (xs, rs) = (interp.env.render(&x), interp.env.render(r));
            return Err(shape_error(
                interp,
                format!("expand: attempting to expand a dimension of length {xs} -> {rs}!"),
            ));
        }
    }
    // Each length requested for an input dim is checked not negative (a
    // runtime assertion for one read from data).
    for r in &target[off..] {
        let unbacked = r.symbols().iter().any(|s| interp.env.info(*s).unbacked);
        if unbacked && !interp.torch_check(r, CmpKind::Ge, &SymExpr::int(0))? {
            let text = format!("expand: invalid size {}", interp.env.render(r));
            return Err(shape_error(interp, text));
        }
    }
    Ok(())
}

/// Require two sizes equal (an op's precondition): guard, or fail as eager would.
pub fn expect_eq(interp: &mut Interp, x: &SymExpr, y: &SymExpr, what: &str) -> R<()> {
    if interp.torch_check(x, CmpKind::Eq, y)? {
        return Ok(());
    }
    let (xs, ys) = (interp.env.render(x), interp.env.render(y));
    Err(shape_error(
        interp,
        format!("{what}: the size {xs} must match the size {ys}"),
    ))
}

// ----- elementwise --------------------------------------------------------------

/// Unary op keeping the input dtype (targets: [op]).
pub fn unary(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    if call.inplace {
        return emit_inplace(interp, call, 0, last_explicit(call));
    }
    emit_elementwise(interp, call, &t, t.dtype)
}

/// Record a one-input elementwise op on `t`, laid out like `t`.
fn emit_elementwise(interp: &mut Interp, call: &OpCall, t: &Rc<Tensor>, dtype: DType) -> R<Value> {
    let output = elementwise_output(interp, &[&Value::Tensor(t.clone())], &t.shape);
    let args = args_of(interp, call, last_explicit(call));
    let target = call.target(0);
    interp.record_output(&target, args, vec![], dtype, t.shape.clone(), output)
}

/// `fill(x, value)` (targets: [`.Scalar`, `.Tensor`]): a tensor value picks
/// the Tensor overload.
pub fn fill(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let idx = usize::from(matches!(call.arg(1), Value::Tensor(_)));
    if call.inplace {
        return emit_inplace(interp, call, idx, 2);
    }
    emit(interp, call, idx, 2, t.dtype, t.shape.clone())
}

/// Unary op promoting integer inputs to the default float dtype.
pub fn unary_float(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    if call.inplace {
        return emit_inplace(interp, call, 0, last_explicit(call));
    }
    let dtype = if t.dtype.is_floating() || t.dtype.is_complex() {
        t.dtype
    } else {
        DType::F32
    };
    emit_elementwise(interp, call, &t, dtype)
}

/// Unary predicate returning bool (`isnan`, `logical_not`).
pub fn unary_bool(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    emit(interp, call, 0, 1, DType::Bool, t.shape.clone())
}

/// The number of leading arguments that differ from their defaults (so that
/// recorded nodes carry the arguments torch prints).
fn last_explicit(call: &OpCall) -> usize {
    call.args.len()
}

/// Binary arithmetic with broadcasting and type promotion
/// (targets: [Tensor overload, Scalar overload]; the Scalar overload is used
/// only when it is listed and `other` is a Python number).
pub fn binary(interp: &mut Interp, call: &OpCall) -> R<Value> {
    binary_with(interp, call, None, None)
}

/// Comparisons: like [`binary`] but the result is bool.
pub fn compare(interp: &mut Interp, call: &OpCall) -> R<Value> {
    binary_with(interp, call, Some(DType::Bool), None)
}

/// Division (targets: [`.Tensor`, `.Tensor_mode`]): true division promotes
/// integer inputs to float; a `rounding_mode` picks the `_mode` overload,
/// also for a Python number divisor.
pub fn true_divide(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = call.arg(0).clone();
    let b = call.arg(1).clone();
    let ops: Vec<Operand> = [&a, &b].iter().filter_map(|v| operand(v)).collect();
    let mut dt = result_type(&ops);
    let rounding = !call.get("rounding_mode").is_none();
    if !dt.is_floating() && !dt.is_complex() && !rounding {
        dt = DType::F32;
    }
    binary_with(interp, call, Some(dt), Some(usize::from(rounding)))
}

/// `target`: the overload to record; by default the Scalar overload (index
/// 1, when listed) for a Python number `other`, the one for a Python number
/// `self` (index 2, when listed: `2 ** x` is `aten.pow.Scalar`), else index 0.
fn binary_with(
    interp: &mut Interp,
    call: &OpCall,
    fixed: Option<DType>,
    target: Option<usize>,
) -> R<Value> {
    let a = call.arg(0).clone();
    let b = call.arg(1).clone();
    if matches!(b, Value::Unknown(_)) {
        return Ok(b);
    }
    if KnownObject::of(&b) == Some(KnownObject::IdFake) {
        return Err(interp.graph_break(
            "GB0055",
            "TorchDynamo cannot put the result of `id(tensor)` into the graph (failed to convert args to proxy)",
            "compute with tensor values only; `id()` of a tensor has no graph equivalent",
        ));
    }
    let ops: Vec<Operand> = [&a, &b].iter().filter_map(|v| operand(v)).collect();
    if ops.len() < 2 {
        return Err(interp.type_error(format!(
            "{}(): unsupported operand type {}",
            call.spelling,
            b.type_name()
        )));
    }
    let dtype = fixed.unwrap_or_else(|| result_type(&ops));
    // torch's fast binary impl starts from the first operand's own shape
    // (`infer_size(shape, shape)`): each of its sizes is asked whether 1.
    let first = shape_of(&a);
    broadcast(interp, &first, &first)?;
    let shape = broadcast(interp, &first, &shape_of(&b))?;
    let scalar_other = !matches!(b, Value::Tensor(_));
    let scalar_self = !matches!(a, Value::Tensor(_));
    let idx = target.unwrap_or(if scalar_self && call.def.targets.len() > 2 {
        2
    } else {
        usize::from(scalar_other && call.def.targets.len() > 1)
    });
    let n = if matches!(call.get("alpha"), Value::Int(1) | Value::None) {
        2
    } else {
        3
    };
    if call.inplace {
        let recv = tensor(interp, call, 0)?;
        if shape.len() != recv.rank() {
            return Err(shape_error(
                interp,
                "output with a smaller shape cannot be broadcast in place",
            ));
        }
        return emit_inplace(interp, call, idx, n);
    }
    let output = elementwise_output(interp, &[&a, &b], &shape);
    let args = args_of(interp, call, n);
    let kwargs = match call.get("rounding_mode") {
        Value::Str(mode) => vec![("rounding_mode".to_string(), Arg::Str(mode.to_string()))],
        _ => vec![],
    };
    let target = call.target(idx);
    interp.record_output(&target, args, kwargs, dtype, shape, output)
}

/// `where(cond, a, b)`.
pub fn where_(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let c = call.arg(0).clone();
    let a = call.arg(1).clone();
    let b = call.arg(2).clone();
    if call.passed.0 + call.passed.1 == 1 {
        // `where(condition)` (`aten.where.default`) is
        // `nonzero(condition, as_tuple=True)`.
        return crate::ops::call_torch_function(
            interp,
            "torch.nonzero",
            vec![c],
            vec![("as_tuple".to_string(), Value::Bool(true))],
        );
    }
    if matches!(a, Value::None) || matches!(b, Value::None) {
        return Err(interp
            .type_error("where() takes a condition alone, or a condition, an input and an other"));
    }
    let ops: Vec<Operand> = [&a, &b].iter().filter_map(|v| operand(v)).collect();
    let dtype = result_type(&ops);
    let s = broadcast(interp, &shape_of(&c), &shape_of(&a))?;
    let s = broadcast(interp, &s, &shape_of(&b))?;
    // A Python number in either branch picks a `Scalar` overload.
    let target = match (matches!(a, Value::Tensor(_)), matches!(b, Value::Tensor(_))) {
        (true, true) => 0,
        (false, true) => 1,
        (true, false) => 2,
        (false, false) => 3,
    };
    let output = elementwise_output(interp, &[&c, &a, &b], &s);
    let args = args_of(interp, call, 3);
    let target = call.target(target);
    interp.record_output(&target, args, vec![], dtype, s, output)
}

/// `addcmul(input, tensor1, tensor2, *, value=1)` and `addcdiv`: pointwise
/// over three broadcast operands (`value` recorded when not 1).
pub fn pointwise3(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let operands: Vec<Value> = (0..3).map(|i| call.arg(i).clone()).collect();
    let ops: Vec<Operand> = operands.iter().filter_map(operand).collect();
    if ops.len() < 3 {
        return Err(interp.type_error(format!("{}(): expected three tensors", call.spelling)));
    }
    let dtype = result_type(&ops);
    let mut shape = shape_of(&operands[0]);
    for o in &operands[1..] {
        shape = broadcast(interp, &shape, &shape_of(o))?;
    }
    let n = if matches!(call.get("value"), Value::Int(1) | Value::None) {
        3
    } else {
        4
    };
    if call.inplace {
        return emit_inplace(interp, call, 0, n);
    }
    emit(interp, call, 0, n, dtype, shape)
}

/// `masked_fill(mask, value)`: targets [Scalar, Tensor].
pub fn masked_fill(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let m = call.arg(1).clone();
    let idx = if matches!(call.arg(2), Value::Tensor(_)) {
        1
    } else {
        0
    };
    let s = broadcast(interp, &t.shape, &shape_of(&m))?;
    if s.len() != t.rank() {
        return Err(shape_error(
            interp,
            "masked_fill: mask has more dimensions than the tensor",
        ));
    }
    if call.inplace {
        return emit_inplace(interp, call, idx, 3);
    }
    emit(interp, call, idx, 3, t.dtype, t.shape.clone())
}

/// `clamp(min, max)`, `clip`, `clamp_min(min)`, `clamp_max(max)`: one target each.
pub fn clamp(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let (lo, hi) = (call.arg(1).clone(), call.arg(2).clone());
    if [&lo, &hi].iter().any(|v| matches!(v, Value::Tensor(_))) {
        return clamp_by_tensors(interp, call, &t, &lo, &hi);
    }
    let dtype = if matches!(lo, Value::Float(_)) || matches!(hi, Value::Float(_)) {
        result_type(&[Operand::Tensor(t.dtype), Operand::Scalar(Category::Float)])
    } else {
        t.dtype
    };
    // `clamp(min=a)` records `(x, a)`, `clamp(max=b)` records `(x, None, b)`.
    let mut args = vec![interp.arg_of(&Value::Tensor(t.clone())), interp.arg_of(&lo)];
    if !hi.is_none() {
        args.push(interp.arg_of(&hi));
    }
    if call.inplace {
        return emit_inplace(interp, call, 0, 3);
    }
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], dtype, t.shape.clone())
}

/// `clamp(x, min_tensor, max_tensor)`: the `.Tensor` overload (targets:
/// [Scalar overload, Tensor overload]); the bounds broadcast with `x`.
fn clamp_by_tensors(
    interp: &mut Interp,
    call: &OpCall,
    t: &Rc<Tensor>,
    lo: &Value,
    hi: &Value,
) -> R<Value> {
    let x = Value::Tensor(t.clone());
    let mut shape = t.shape.clone();
    let mut operands = vec![Operand::Tensor(t.dtype)];
    for bound in [lo, hi] {
        if !bound.is_none() {
            shape = broadcast(interp, &shape, &shape_of(bound))?;
            operands.extend(operand(bound));
        }
    }
    if call.inplace {
        return emit_inplace(interp, call, 1, 3);
    }
    let mut args = vec![interp.arg_of(&x), interp.arg_of(lo)];
    if !hi.is_none() {
        args.push(interp.arg_of(hi));
    }
    let output = elementwise_output(interp, &[&x, lo, hi], &shape);
    let target = call.target(1);
    interp.record_output(&target, args, vec![], result_type(&operands), shape, output)
}

/// `softmax(dim)` / `log_softmax(dim)`.
pub fn softmax(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let d = match call.get("dim") {
        Value::None => {
            if t.rank() <= 1 || t.rank() == 3 {
                0
            } else {
                1
            }
        }
        v => interp.index_int(v)?,
    };
    wrap_dim(interp, d, t.rank())?;
    let dtype = match call.get("dtype") {
        Value::DType(d) => *d,
        _ => t.dtype,
    };
    let args = vec![interp.arg_of(&Value::Tensor(t.clone())), Arg::Int(d)];
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], dtype, t.shape.clone())
}

// ----- reductions ----------------------------------------------------------------

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

// ----- matmul family ---------------------------------------------------------------

pub fn matmul_shape(interp: &mut Interp, a: &[SymExpr], b: &[SymExpr]) -> R<Vec<SymExpr>> {
    match (a.len(), b.len()) {
        (0, _) | (_, 0) => Err(shape_error(
            interp,
            "both arguments to matmul need to be at least 1D",
        )),
        (1, 1) => {
            expect_eq(interp, &a[0], &b[0], "matmul")?;
            Ok(vec![])
        }
        (2, 1) => {
            expect_eq(interp, &a[1], &b[0], "matmul")?;
            Ok(vec![a[0].clone()])
        }
        (1, 2) => {
            expect_eq(interp, &a[0], &b[0], "matmul")?;
            Ok(vec![b[1].clone()])
        }
        (n, m) => {
            let (ka, kb) = (&a[n - 1], if m == 1 { &b[0] } else { &b[m - 2] });
            expect_eq(interp, ka, kb, "matmul")?;
            let batch_a = if n >= 2 { &a[..n - 2] } else { &a[..0] };
            let batch_b = if m >= 2 { &b[..m - 2] } else { &b[..0] };
            let mut out = broadcast(interp, batch_a, batch_b)?;
            if n >= 2 {
                out.push(a[n - 2].clone());
            }
            if m >= 2 {
                out.push(b[m - 1].clone());
            }
            Ok(out)
        }
    }
}

pub fn matmul(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let b = tensor(interp, call, 1)?;
    // torch's matmul folds the batch of a 3-d or larger left operand times
    // a matrix or vector into rows: `a.reshape(-1, k)`, then `mm`/`mv`
    // (whose checks come after the fold's).
    if a.rank() >= 3 && b.rank() <= 2 && matmul_should_fold(interp, &a) {
        super::views::internal_flatten_guards(interp, &a)?;
    }
    let shape = matmul_shape(interp, &a.shape, &b.shape)?;
    emit(interp, call, 0, 2, DType::promote(a.dtype, b.dtype), shape)
}

/// The contiguity test of torch's `should_fold` (`_decomp/decompositions.py`)
/// on the left operand, from its first dim: each dim is skipped when
/// `guard_or_false(size == 1)` or `guard_or_false(stride == expected)`
/// holds; the first that neither holds for stops the fold.
fn matmul_should_fold(interp: &mut Interp, a: &Tensor) -> bool {
    let Ok(layout) = a.layout() else {
        return false;
    };
    let Ok(expected) = crate::layout::contiguous_strides(&a.shape) else {
        return false;
    };
    let one = SymExpr::int(1);
    let line = interp.guard_line();
    for ((size, stride), want) in a.shape.iter().zip(&layout.strides).zip(&expected) {
        if interp
            .env
            .guard_or(size, CmpKind::Eq, &one, line, false, false)
        {
            continue;
        }
        if interp.env.simplify(stride) == interp.env.simplify(want) {
            continue;
        }
        if !interp
            .env
            .guard_or(stride, CmpKind::Eq, want, line, false, false)
        {
            return false;
        }
    }
    true
}

/// `mm`/`bmm`: strict ranks.
pub fn mm(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let b = tensor(interp, call, 1)?;
    let want = if call.spelling.ends_with("bmm") { 3 } else { 2 };
    if a.rank() != want || b.rank() != want {
        return Err(shape_error(
            interp,
            format!("{} expects {want}-D tensors", call.spelling),
        ));
    }
    let shape = matmul_shape(interp, &a.shape, &b.shape)?;
    if want == 3 {
        expect_eq(interp, &a.shape[0], &b.shape[0], "bmm")?;
    }
    emit(interp, call, 0, 2, a.dtype, shape)
}

pub fn linear(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let w = tensor(interp, call, 1)?;
    if w.rank() != 2 || x.rank() == 0 {
        return Err(shape_error(
            interp,
            "linear: weight must be 2-D and input at least 1-D",
        ));
    }
    super::views::internal_flatten_guards(interp, &x)?;
    let k = x.shape[x.rank() - 1].clone();
    expect_eq(interp, &k, &w.shape[1], "linear: input features")?;
    let mut shape = x.shape[..x.rank() - 1].to_vec();
    shape.push(w.shape[0].clone());
    let bias = match call.arg(2).is_none() {
        true => None,
        false => Some(tensor(interp, call, 2)?),
    };
    // ATen's linear: `addmm` for a 2-d input, and for a contiguous 3-d one
    // flattened; otherwise `matmul` (an `mm` too for 2-d and more) and an
    // in-place bias add, which broadcasts the bias to the output.
    let contiguous = x.rank() == 2
        || (x.rank() == 3
            && x.layout().is_ok_and(|l| {
                crate::layout::contiguous_strides(&x.shape).is_ok_and(|c| {
                    c.iter()
                        .zip(&l.strides)
                        .all(|(a, b)| interp.env.known_equal(a, b))
                })
            }));
    let fused_bias = bias.as_ref().filter(|_| contiguous);
    if x.rank() >= 2 {
        mm_guards(
            interp,
            &shape[..shape.len() - 1],
            &w.shape[0],
            fused_bias.map(|b| b.shape.as_slice()),
        )?;
    }
    if let Some(b) = &bias
        && fused_bias.is_none()
        && interp.tracing
    {
        bias_checks(interp, &b.shape, &shape)?;
    }
    let n = if bias.is_some() { 3 } else { 2 };
    emit(interp, call, 0, n, x.dtype, shape)
}

/// The guards of the `mm` linear runs on its input flattened to `rows`:
/// the cache rebuilding the fresh `[rows, out]` output (rows symbolic);
/// with `addmm` (run as its decomposition, `alpha * mm(x, w.t()) + beta *
/// bias.expand_as(out)`), the bias's, then broadcasting two `[rows, out]`
/// operands, which asks `guard_or_false(rows == 1)`. `bias` is the bias's
/// shape with `addmm`.
fn mm_guards(
    interp: &mut Interp,
    batch: &[SymExpr],
    out: &SymExpr,
    bias: Option<&[SymExpr]>,
) -> R<()> {
    if !interp.tracing {
        return Ok(());
    }
    let Ok(rows) = crate::layout::numel(batch) else {
        return Ok(());
    };
    let rows = interp.env.simplify(&rows);
    let symbolic = !rows.is_const();
    let line = interp.guard_line();
    if symbolic {
        crate::layout::fresh_cache_checks(&mut interp.env, &[rows.clone(), out.clone()], line);
    }
    if let Some(bias) = bias {
        bias_checks(interp, bias, &[rows.clone(), out.clone()])?;
        if symbolic {
            let one = SymExpr::int(1);
            interp
                .env
                .guard_or(&rows, CmpKind::Eq, &one, line, false, false);
        }
    }
    Ok(())
}

/// A linear bias expanded to the output `target` (its last size the
/// output features): each size 1 or the target's, then equal to it.
fn bias_checks(interp: &mut Interp, bias: &[SymExpr], target: &[SymExpr]) -> R<()> {
    expand_checks(interp, bias, target)?;
    match (bias.last(), target.last()) {
        (Some(b), Some(out)) => expect_eq(interp, b, out, "linear: bias"),
        _ => Ok(()),
    }
}

pub fn addmm(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let bias = tensor(interp, call, 0)?;
    let a = tensor(interp, call, 1)?;
    let b = tensor(interp, call, 2)?;
    let shape = matmul_shape(interp, &a.shape, &b.shape)?;
    // The decomposition expands the bias to the product's shape.
    expand_checks(interp, &bias.shape, &shape)?;
    let shape = broadcast(interp, &shape, &bias.shape)?;
    emit(interp, call, 0, 3, a.dtype, shape)
}

pub fn outer(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let b = tensor(interp, call, 1)?;
    let (Some(x), Some(y)) = (a.shape.first(), b.shape.first()) else {
        return Err(shape_error(interp, "outer expects 1-D tensors"));
    };
    emit(
        interp,
        call,
        0,
        2,
        DType::promote(a.dtype, b.dtype),
        vec![x.clone(), y.clone()],
    )
}

/// `einsum(equation, *operands)`.
pub fn einsum(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let Value::Str(ref eq) = call.arg(0).clone() else {
        return Err(interp.type_error("einsum(): equation must be a string"));
    };
    let ops = interp.iterate(call.arg(1))?;
    let ops: Vec<Value> = if ops.len() == 1 && matches!(ops[0], Value::List(_) | Value::Tuple(_)) {
        interp.iterate(&ops[0])?
    } else {
        ops
    };
    let eq: String = eq.chars().filter(|c| !c.is_whitespace()).collect();
    let (lhs, rhs) = match eq.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (eq.clone(), None),
    };
    let specs: Vec<&str> = lhs.split(',').collect();
    if specs.len() != ops.len() {
        return Err(shape_error(
            interp,
            "einsum(): operand count does not match the equation",
        ));
    }
    let mut sizes: Vec<(char, SymExpr)> = Vec::new();
    let mut dtype: Option<DType> = None;
    for (spec, op) in specs.iter().zip(&ops) {
        let Value::Tensor(t) = op else {
            return Err(interp.type_error("einsum(): operands must be tensors"));
        };
        dtype = Some(dtype.map_or(t.dtype, |d| DType::promote(d, t.dtype)));
        if spec.chars().count() != t.rank() {
            return Err(shape_error(
                interp,
                format!(
                    "einsum(): subscript `{spec}` does not match a tensor of rank {}",
                    t.rank()
                ),
            ));
        }
        for (c, s) in spec.chars().zip(&t.shape) {
            match sizes.iter().find(|(k, _)| *k == c).map(|(_, v)| v.clone()) {
                Some(prev) => {
                    if prev.as_const() == Some(1) {
                        if let Some(slot) = sizes.iter_mut().find(|(k, _)| *k == c) {
                            slot.1 = s.clone();
                        }
                    } else if s.as_const() != Some(1) {
                        expect_eq(interp, &prev, s, "einsum")?;
                    }
                }
                None => sizes.push((c, s.clone())),
            }
        }
    }
    let out: String = match rhs {
        Some(r) => r,
        None => {
            let mut counts: Vec<(char, usize)> = Vec::new();
            for c in lhs.chars().filter(|c| c.is_alphabetic()) {
                match counts.iter_mut().find(|(k, _)| *k == c) {
                    Some(e) => e.1 += 1,
                    None => counts.push((c, 1)),
                }
            }
            let mut v: Vec<char> = counts
                .into_iter()
                .filter(|(_, n)| *n == 1)
                .map(|(c, _)| c)
                .collect();
            v.sort();
            v.into_iter().collect()
        }
    };
    let shape: Vec<SymExpr> = out
        .chars()
        .map(|c| {
            sizes
                .iter()
                .find(|(k, _)| *k == c)
                .map(|(_, v)| v.clone())
                .unwrap_or(SymExpr::int(1))
        })
        .collect();
    let args = vec![
        Arg::Str(eq.clone()),
        Arg::List(ops.iter().map(|o| interp.arg_of(o)).collect()),
    ];
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], dtype.unwrap_or(DType::F32), shape)
}

// ----- convolution, pooling, normalization -----------------------------------------

/// Output size of a sliding window: `(L + 2p - d*(k-1) - 1) // s + 1`.
pub fn window_out(
    interp: &mut Interp,
    len: &SymExpr,
    k: i64,
    s: i64,
    p: i64,
    d: i64,
    ceil: bool,
) -> R<SymExpr> {
    window_out_sym(interp, len, &SymExpr::int(k), s, p, d, ceil)
}

/// [`window_out`] for a kernel size that may be symbolic (a convolution
/// whose weight has a dynamic spatial size).
pub fn window_out_sym(
    interp: &mut Interp,
    len: &SymExpr,
    k: &SymExpr,
    s: i64,
    p: i64,
    d: i64,
    ceil: bool,
) -> R<SymExpr> {
    if s <= 0 {
        return Err(shape_error(interp, "stride must be positive"));
    }
    // len + 2p - (d * (k - 1) + 1), checked: window sizes come from user
    // code, and a result outside i64 is the size overflow torch reports.
    let num = padded_and_span(len, k, p, d).and_then(|(padded, span)| padded.checked_sub(&span));
    let num = if ceil {
        num.and_then(|n| n.checked_add(&SymExpr::int(s - 1)))
    } else {
        num
    };
    let out = num
        .and_then(|n| n.checked_floordiv(&SymExpr::int(s)))
        .and_then(|n| n.checked_add(&SymExpr::int(1)));
    let mut out = interp.env.simplify(&interp.size_arith(out)?);
    if ceil {
        // The last window must start inside the input or its left padding
        // (`(out - 1) * s >= len + p` drops it): a guard on dynamic sizes.
        let start = out
            .checked_sub(&SymExpr::int(1))
            .and_then(|o| o.checked_mul(&SymExpr::int(s)));
        let start = interp.size_arith(start)?;
        let limit = interp.size_arith(len.checked_add(&SymExpr::int(p)))?;
        let line = interp.guard_line();
        match interp.env.evaluate(&start, CmpKind::Ge, &limit, line) {
            Ok(true) => {
                out = interp.size_arith(out.checked_sub(&SymExpr::int(1)))?;
                out = interp.env.simplify(&out);
            }
            Ok(false) => {}
            Err(dd) => return Err(interp.data_dependent(&dd.expr)),
        }
    }
    let out = out;
    if let Some(c) = out.as_const()
        && c <= 0
    {
        return Err(shape_error(
            interp,
            format!("computed output size is {c}: the input is too small for this kernel"),
        ));
    }
    Ok(out)
}

/// A window's padded length `len + 2*p` and the dilated kernel's span
/// `d*(k - 1) + 1`, or the overflow torch reports past int64.
fn padded_and_span(
    len: &SymExpr,
    k: &SymExpr,
    p: i64,
    d: i64,
) -> shapes::SymResult<(SymExpr, SymExpr)> {
    let pad = i64::try_from(2 * i128::from(p)).map_err(|_| SymError::Overflow)?;
    let span = k
        .checked_add(&SymExpr::int(-1))?
        .checked_mul(&SymExpr::int(d))?
        .checked_add(&SymExpr::int(1))?;
    Ok((len.checked_add(&SymExpr::int(pad))?, span))
}

/// A per-dimension argument (`stride`, `padding`, ...) as `n` ints: a
/// single value repeats, a list must have `n` values (torch's RuntimeError
/// otherwise).
fn per_dim(interp: &mut Interp, v: &Value, n: usize, default: i64) -> R<Vec<i64>> {
    match v {
        Value::None => Ok(vec![default; n]),
        Value::Str(_) => Ok(vec![default; n]),
        other => {
            let l = int_list(interp, other)?;
            match l.len() {
                1 => Ok(vec![l[0]; n]),
                len if len == n => Ok(l),
                _ => Err(shape_error(
                    interp,
                    format!(
                        "expected a single integer value or a list of {n} values to match the \
                         dimensions, but got {l:?}"
                    ),
                )),
            }
        }
    }
}

/// `conv{1,2,3}d(input, weight, bias, stride, padding, dilation, groups)`;
/// `padding` may be 'same' (the output keeps the input's spatial sizes)
/// or 'valid' (no padding).
pub fn conv(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let w = tensor(interp, call, 1)?;
    let nd = w.rank().saturating_sub(2);
    if nd == 0 || (x.rank() != nd + 2 && x.rank() != nd + 1) {
        return Err(shape_error(
            interp,
            format!(
                "conv{nd}d: expected a {}-D or {}-D input, got {}-D",
                nd + 1,
                nd + 2,
                x.rank()
            ),
        ));
    }
    let batched = x.rank() == nd + 2;
    let off = usize::from(batched);
    let stride = per_dim(interp, &call.get("stride").clone(), nd, 1)?;
    let dilation = per_dim(interp, &call.get("dilation").clone(), nd, 1)?;
    let groups = opt_int(interp, &call.get("groups").clone())?.unwrap_or(1);
    let same = matches!(call.get("padding"), Value::Str(s) if &**s == "same");
    let padding = per_dim(interp, &call.get("padding").clone(), nd, 0)?;
    conv_groups_check(interp, &w.shape[0], groups)?;
    let cin = &x.shape[off];
    let expect_cin = interp.size_arith(w.shape[1].checked_mul(&SymExpr::int(groups)))?;
    expect_eq(interp, cin, &expect_cin, "conv: input channels")?;
    // The backend selection (an unbatched input too: `conv{n}d` batches
    // it before `convolution`) checks the bias and the kernel against the
    // input, then asks about the input's element count.
    bias_size_check(interp, call, &w.shape[0], "conv")?;
    if !same {
        kernel_fits_guards(interp, &x, &w, off, &padding, &dilation)?;
    }
    conv_input_guards(interp, &x, nd);
    let mut shape = Vec::new();
    if batched {
        shape.push(x.shape[0].clone());
    }
    shape.push(w.shape[0].clone());
    for i in 0..nd {
        let k = interp.env.simplify(&w.shape[2 + i]);
        let len = &x.shape[off + 1 + i];
        shape.push(if same {
            len.clone()
        } else {
            window_out_sym(interp, len, &k, stride[i], padding[i], dilation[i], false)?
        });
    }
    conv_output_checks(interp, &shape[shape.len() - nd..]);
    // A string padding ('same', 'valid') is the `.padding` overload.
    if matches!(call.get("padding"), Value::Str(_)) {
        let n = 7.min(call.args.len());
        return emit_conv_output(interp, call, (1, n), x.dtype, shape, batched);
    }
    let n = if call.arg(2).is_none() && matches!(call.get("stride"), Value::None | Value::Int(1)) {
        2
    } else {
        7
    };
    emit_conv_output(
        interp,
        call,
        (0, n.min(call.args.len())),
        x.dtype,
        shape,
        batched,
    )
}

/// A convolution's output. Its fake kernel, every size known, converts
/// the output to the memory format the input suggests, which asks the
/// output's strides whether they are channels-last (4-d and 5-d outputs,
/// [`crate::layout::strides_like_channels_last`]). An unbatched input is
/// batched by the composite op, convolved (a fresh output of batch 1,
/// rebuilt by the fake-tensor cache) and squeezed back: the result is a
/// view of that output, its strides `Max(1, size)` products without the
/// batch's.
fn emit_conv_output(
    interp: &mut Interp,
    call: &OpCall,
    target_and_args: (usize, usize),
    dtype: DType,
    shape: Vec<SymExpr>,
    batched: bool,
) -> R<Value> {
    if !interp.tracing {
        return emit_allocated(interp, call, target_and_args, dtype, shape);
    }
    let mut inner = shape.clone();
    if !batched {
        inner.insert(0, SymExpr::int(1));
    }
    let unbacked = inner
        .iter()
        .any(|d| d.symbols().iter().any(|s| interp.env.info(*s).unbacked));
    let layout = crate::layout::Layout::allocated_empty(&interp.env, &inner);
    if !unbacked && let Ok(layout) = &layout {
        let line = interp.guard_line();
        let strides = layout.strides.clone();
        let _ = crate::layout::strides_like_channels_last(&mut interp.env, &inner, &strides, line);
    }
    if batched {
        return emit_allocated(interp, call, target_and_args, dtype, shape);
    }
    if !unbacked {
        let line = interp.guard_line();
        crate::layout::fresh_cache_checks(&mut interp.env, &inner, line);
    }
    let output = match layout {
        Ok(layout) => crate::interp::record::Output::View(crate::layout::squeezed(&layout, 0)),
        Err(_) => crate::interp::record::Output::Fresh,
    };
    emit_as(interp, call, target_and_args, dtype, shape, output)
}

/// A convolution's check of its weight's first size against `groups`:
/// at least `groups`, and divisible by it (on a dynamic size, guards).
fn conv_groups_check(interp: &mut Interp, w0: &SymExpr, groups: i64) -> R<()> {
    if groups <= 0 {
        return Err(shape_error(interp, "non-positive groups is not supported"));
    }
    let g = SymExpr::int(groups);
    if !interp.torch_check(w0, CmpKind::Ge, &g)? {
        let w = interp.env.render(w0);
        return Err(shape_error(
            interp,
            format!(
                "Given groups={groups}, expected weight to be at least {groups} at dimension 0, but got weight of size {w} instead"
            ),
        ));
    }
    let rem = interp.size_arith(w0.checked_modulo(&g))?;
    if !interp.torch_check(&rem, CmpKind::Eq, &SymExpr::int(0))? {
        let w = interp.env.render(w0);
        return Err(shape_error(
            interp,
            format!(
                "Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, but got weight of size {w} instead"
            ),
        ));
    }
    Ok(())
}

/// A convolution's backend selection checks a bias's one size
/// against the output channels (`weight.size(0)`, for a transposed one
/// `weight.size(1) * groups`): on dynamic sizes an equality guard.
fn bias_size_check(interp: &mut Interp, call: &OpCall, channels: &SymExpr, op: &str) -> R<()> {
    let Value::Tensor(ref bias) = call.get("bias").clone() else {
        return Ok(());
    };
    match bias.shape.as_slice() {
        [size] => expect_eq(interp, size, channels, &format!("{op}: bias size")),
        _ => Err(shape_error(
            interp,
            format!("{op}: expected a 1-D bias, got {}-D", bias.rank()),
        )),
    }
}

/// A convolution's check that each padded spatial size holds the dilated
/// kernel (`len + 2*p >= d*(k - 1) + 1`): torch asks whether it is smaller,
/// so on a dynamic size the answer is a guard that narrows its range
/// (`x.size()[2] >= 3` for a 3-wide kernel without padding).
fn kernel_fits_guards(
    interp: &mut Interp,
    x: &Tensor,
    w: &Tensor,
    off: usize,
    padding: &[i64],
    dilation: &[i64],
) -> R<()> {
    let line = interp.guard_line();
    for (i, (&p, &d)) in padding.iter().zip(dilation).enumerate() {
        let (Some(len), Some(k)) = (x.shape.get(off + 1 + i), w.shape.get(2 + i)) else {
            continue;
        };
        let (padded, span) = interp.size_arith(padded_and_span(len, k, p, d))?;
        match interp.env.evaluate(&padded, CmpKind::Lt, &span, line) {
            Ok(false) => {}
            Ok(true) => {
                let (p, k) = (interp.env.render(&padded), interp.env.render(&span));
                return Err(shape_error(
                    interp,
                    format!(
                        "the padded input size {p} is smaller than the kernel size {k}: \
                         the kernel cannot be larger than the input"
                    ),
                ));
            }
            // An unbacked size is assumed to fit, checked at runtime.
            Err(_) => {}
        }
    }
    Ok(())
}

/// What a convolution asks of its input's element count when the ranges
/// leave it open (`32*s0*(((s1//5)) - 1)`, expanded): a batched 1-d input
/// is first viewed as 2-d (`view4d`, a view the fake-tensor cache rebuilds:
/// its element count asked whether 0, suppressed), then the fake kernel's
/// backend selection asks `guard_or_false(input.numel() == 0)`.
fn conv_input_guards(interp: &mut Interp, x: &Tensor, nd: usize) {
    if !interp.tracing || x.shape.iter().all(SymExpr::is_const) {
        return;
    }
    let Ok(numel) = crate::layout::numel(&x.shape) else {
        return;
    };
    let line = interp.guard_line();
    if nd == 1 && x.rank() == 3 {
        let mut shape = x.shape.clone();
        shape.insert(2, SymExpr::int(1));
        if let Ok(layout) = crate::layout::Layout::contiguous(&shape) {
            let itemsize = x.dtype.size_of() as i64;
            let _ =
                crate::layout::view_cache_checks(&mut interp.env, &shape, &layout, itemsize, line);
        }
    }
    let zero = SymExpr::int(0);
    interp
        .env
        .guard_or(&numel, CmpKind::Eq, &zero, line, false, false);
}

/// `conv_transpose{1,2,3}d`.
pub fn conv_transpose(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let w = tensor(interp, call, 1)?;
    let nd = w.rank().saturating_sub(2);
    if nd == 0 || x.rank() < nd + 1 {
        return Err(shape_error(interp, "conv_transpose: bad input rank"));
    }
    let batched = x.rank() == nd + 2;
    let off = usize::from(batched);
    let stride = per_dim(interp, &call.get("stride").clone(), nd, 1)?;
    let padding = per_dim(interp, &call.get("padding").clone(), nd, 0)?;
    let out_pad = per_dim(interp, &call.get("output_padding").clone(), nd, 0)?;
    let dilation = per_dim(interp, &call.get("dilation").clone(), nd, 1)?;
    let groups = opt_int(interp, &call.get("groups").clone())?.unwrap_or(1);
    conv_groups_check(interp, &w.shape[0], groups)?;
    expect_eq(
        interp,
        &x.shape[off],
        &w.shape[0],
        "conv_transpose: input channels",
    )?;
    let channels = interp.size_arith(w.shape[1].checked_mul(&SymExpr::int(groups)))?;
    bias_size_check(interp, call, &channels, "conv_transpose")?;
    conv_input_guards(interp, &x, nd);
    let mut shape = Vec::new();
    if batched {
        shape.push(x.shape[0].clone());
    }
    shape.push(channels);
    for i in 0..nd {
        let k = interp.env.simplify(&w.shape[2 + i]);
        let len = &x.shape[off + 1 + i];
        let wide = |v: i64| i128::from(v);
        // (len - 1)*stride - 2*padding + dilation*(k - 1) + output_padding + 1
        let shift = -2 * wide(padding[i]) + wide(out_pad[i]) + 1;
        let o = i64::try_from(shift)
            .map_err(|_| SymError::Overflow)
            .and_then(|shift| {
                let span = k
                    .checked_sub(&SymExpr::int(1))?
                    .checked_mul(&SymExpr::int(dilation[i]))?;
                len.checked_sub(&SymExpr::int(1))?
                    .checked_mul(&SymExpr::int(stride[i]))?
                    .checked_add(&span)?
                    .checked_add(&SymExpr::int(shift))
            });
        let o = interp.size_arith(o)?;
        shape.push(interp.env.simplify(&o));
    }
    conv_output_checks(interp, &shape[shape.len() - nd..]);
    emit_conv_output(interp, call, (0, call.args.len()), x.dtype, shape, batched)
}

/// What a convolution's meta asks of its spatial output sizes: on CPU
/// that one of them is positive (`_check(sym_or(o > 0, ...))`, a guard
/// when a single one is open), then, allocating the output, that each is
/// at least 0. Both are guards of their own: over several symbols a
/// guard `o > 0` does not decide `o >= 0` for torch.
fn conv_output_checks(interp: &mut Interp, spatial: &[SymExpr]) {
    if !interp.tracing {
        return;
    }
    let zero = SymExpr::int(0);
    let line = interp.guard_line();
    let open: Vec<&SymExpr> = spatial
        .iter()
        .filter(|o| interp.env.static_decide(o, CmpKind::Gt, &zero) != Some(true))
        .collect();
    if open.len() == spatial.len()
        && let [only] = open[..]
    {
        interp.env.assume(only, CmpKind::Gt, &zero, line);
    }
    for o in spatial {
        interp.env.assume(o, CmpKind::Ge, &zero, line);
    }
}

/// `max_pool{1,2,3}d` / `avg_pool{1,2,3}d` (kernel_size, stride, padding, ...).
pub fn pool(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let nd = if call.spelling.contains("1d") {
        1
    } else if call.spelling.contains("3d") {
        3
    } else {
        2
    };
    if x.rank() < nd + 1 {
        return Err(shape_error(
            interp,
            format!("pool{nd}d: input rank too small"),
        ));
    }
    let k = per_dim(interp, &call.get("kernel_size").clone(), nd, 1)?;
    let stride = match call.get("stride") {
        Value::None => k.clone(),
        Value::Tuple(t) if t.is_empty() => k.clone(),
        v => per_dim(interp, &v.clone(), nd, 1)?,
    };
    let padding = per_dim(interp, &call.get("padding").clone(), nd, 0)?;
    let dilation = per_dim(interp, &call.get("dilation").clone(), nd, 1)?;
    let ceil = matches!(call.get("ceil_mode"), Value::Bool(true));
    let with_indices = matches!(call.get("return_indices"), Value::Bool(true));
    let off = x.rank() - nd;
    let mut lengths = x.shape[off..].to_vec();
    // `max_pool1d` without indices runs a kernel that reads the length as a
    // plain int: a dynamic length is specialized.
    if nd == 1 && !with_indices && call.spelling.contains("max") {
        lengths[0] = SymExpr::int(interp.specialize_int(&lengths[0])?);
    }
    let mut shape = x.shape[..off].to_vec();
    for i in 0..nd {
        shape.push(window_out(
            interp,
            &lengths[i],
            k[i],
            stride[i],
            padding[i],
            dilation[i],
            ceil,
        )?);
    }
    if nd == 3 && !call.spelling.contains("max") {
        avg_pool3d_input_checks(interp, &lengths, &k)?;
    }
    pool_output_check(interp, &shape[off..])?;
    let ints = |v: &[i64]| Arg::List(v.iter().map(|i| Arg::Int(*i)).collect());
    // A stride the caller left out is passed as `[]` (the schema's
    // default), which the kernel reads as the kernel size.
    let stride_given = match call.get("stride") {
        Value::None => false,
        Value::Tuple(t) => !t.is_empty(),
        _ => true,
    };
    let mut args = vec![
        interp.arg_of(&Value::Tensor(x.clone())),
        ints(&k),
        if stride_given {
            ints(&stride)
        } else {
            Arg::List(Vec::new())
        },
    ];
    // The rest of the schema, as torch records it: trailing defaults
    // dropped.
    let mut rest: Vec<(Arg, bool)> = vec![(ints(&padding), padding.iter().all(|p| *p == 0))];
    if call.spelling.contains("max") {
        rest.push((ints(&dilation), dilation.iter().all(|d| *d == 1)));
        rest.push((Arg::Bool(ceil), !ceil));
    } else {
        let include_pad = !matches!(call.get("count_include_pad"), Value::Bool(false));
        rest.push((Arg::Bool(ceil), !ceil));
        rest.push((Arg::Bool(include_pad), include_pad));
        if nd > 1 {
            let divisor = call.get("divisor_override").clone();
            rest.push((interp.arg_of(&divisor), divisor.is_none()));
        }
    }
    while rest.last().is_some_and(|(_, default)| *default) {
        rest.pop();
    }
    args.extend(rest.into_iter().map(|(a, _)| a));
    if with_indices {
        let target = call.target(1);
        return values_and_indices(interp, &target, args, x.dtype, shape);
    }
    let target = call.target(0);
    // ATen's `avg_pool1d` is `avg_pool2d` between `unsqueeze(-2)` and
    // `squeeze(-2)`: two views the fake-tensor cache rebuilds.
    let through_2d = nd == 1 && !call.spelling.contains("max");
    if through_2d {
        pool1d_view_checks(interp, &x.shape, &x.layout().ok(), x.dtype)?;
    }
    let out = interp.record_tensor_op(&target, args, vec![], x.dtype, shape.clone())?;
    if through_2d {
        let mut wide = shape.clone();
        wide.insert(shape.len() - 1, SymExpr::int(1));
        if let Ok(fresh) = crate::layout::Layout::contiguous(&wide) {
            let line = interp.guard_line();
            let itemsize = x.dtype.size_of() as i64;
            let view = crate::layout::squeezed(&fresh, wide.len() - 2);
            let _ =
                crate::layout::view_cache_checks(&mut interp.env, &shape, &view, itemsize, line);
        }
    }
    Ok(out)
}

/// `avg_pool3d`'s shape check: each unpadded spatial size at least the
/// kernel (on dynamic sizes a guard that narrows their ranges:
/// `x.size()[4] >= 4`).
fn avg_pool3d_input_checks(interp: &mut Interp, lengths: &[SymExpr], kernel: &[i64]) -> R<()> {
    sizes_at_least(interp, lengths, kernel, |sizes| {
        format!("avg_pool3d: the input sizes {sizes} are smaller than the kernel size {kernel:?}")
    })
}

/// The pools' shape check that every output size is at least 1, so a
/// dynamic output size such as `(s//6)` guards `((s//6)) >= 1`, which
/// narrows `s` to at least 6.
fn pool_output_check(interp: &mut Interp, sizes: &[SymExpr]) -> R<()> {
    sizes_at_least(interp, sizes, &vec![1; sizes.len()], |sizes| {
        format!("the calculated output sizes {sizes} are too small")
    })
}

/// A pool's `torch._check(sym_and(size >= bound, ...))`: one conjunction
/// of the sizes' bounds; `message` names the sizes when it fails.
fn sizes_at_least(
    interp: &mut Interp,
    sizes: &[SymExpr],
    bounds: &[i64],
    message: impl FnOnce(&str) -> String,
) -> R<()> {
    let line = interp.guard_line();
    let checks: Vec<_> = sizes
        .iter()
        .zip(bounds)
        .map(|(d, &b)| (d.clone(), CmpKind::Ge, SymExpr::int(b)))
        .collect();
    if interp.env.assume_all(&checks, line) {
        return Ok(());
    }
    let sizes: Vec<String> = sizes.iter().map(|d| interp.env.render(d)).collect();
    Err(shape_error(interp, message(&sizes.join(", "))))
}

/// The fake-tensor cache's checks of `x.unsqueeze(-2)`, the view a 1-d pool
/// made of its 2-d kernel reads.
fn pool1d_view_checks(
    interp: &mut Interp,
    shape: &[SymExpr],
    layout: &Option<crate::layout::Layout>,
    dtype: DType,
) -> R<()> {
    let (Some(layout), Some(at)) = (layout, shape.len().checked_sub(1)) else {
        return Ok(());
    };
    let Ok(view) = crate::layout::unsqueezed(shape, layout, at) else {
        return Ok(());
    };
    let mut wide = shape.to_vec();
    wide.insert(at, SymExpr::int(1));
    let line = interp.guard_line();
    let itemsize = dtype.size_of() as i64;
    let _ = crate::layout::view_cache_checks(&mut interp.env, &wide, &view, itemsize, line);
    Ok(())
}

/// `adaptive_{avg,max}_pool{1,2,3}d(input, output_size)`.
pub fn adaptive_pool(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let nd = if call.spelling.contains("1d") {
        1
    } else if call.spelling.contains("3d") {
        3
    } else {
        2
    };
    let off = x.rank().saturating_sub(nd);
    let sizes_v = call.get("output_size").clone();
    let items = match &sizes_v {
        Value::Tuple(_) | Value::List(_) => interp.iterate(&sizes_v)?,
        v => vec![v.clone(); nd],
    };
    // The max variants take `int[]` sizes, the avg ones `SymInt[]`: a
    // dynamic size (an output size of `None` keeps the input's) is
    // specialized for the former.
    let concrete = call.spelling.contains("max");
    let mut shape = x.shape[..off].to_vec();
    for (i, it) in items.iter().enumerate().take(nd) {
        let size = match it {
            Value::None => x.shape[off + i].clone(),
            v => size_expr(interp, v)?,
        };
        shape.push(if concrete {
            SymExpr::int(interp.specialize_int(&size)?)
        } else {
            size
        });
    }
    let args = vec![
        interp.arg_of(&Value::Tensor(x.clone())),
        Arg::List(
            shape[off..]
                .iter()
                .map(|d| Arg::Int(d.as_const().unwrap_or(1)))
                .collect(),
        ),
    ];
    if call.spelling.contains("max") {
        // torch records the (values, indices) pair either way.
        let target = call.target(0);
        let pair = values_and_indices(interp, &target, args, x.dtype, shape)?;
        if matches!(call.get("return_indices"), Value::Bool(true)) {
            return Ok(pair);
        }
        return interp.get_item(&pair, Value::Int(0));
    }
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], x.dtype, shape)
}

/// `batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)`.
pub fn batch_norm(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    if x.rank() < 2 {
        return Err(shape_error(interp, "batch_norm expects at least 2-D input"));
    }
    for i in [1, 2, 3, 4] {
        if let Value::Tensor(p) = call.arg(i)
            && let Some(c) = p.shape.first()
        {
            expect_eq(interp, &x.shape[1], c, "batch_norm: channels")?;
        }
    }
    // functional's order is (input, running_mean, running_var, weight,
    // bias, ...); aten's (input, weight, bias, running_mean, running_var,
    // training, momentum, eps, cudnn_enabled).
    let bound = args_of(interp, call, 8);
    let mut args: Vec<Arg> = [0, 3, 4, 1, 2, 5, 6, 7]
        .iter()
        .map(|&i| bound.get(i).cloned().unwrap_or(Arg::None))
        .collect();
    args.push(Arg::Bool(false));
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], x.dtype, x.shape.clone())
}

/// `layer_norm(input, normalized_shape, weight, bias, eps)`.
pub fn layer_norm(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    affine_shape_checks(interp, call, &[2, 3], "layer_norm")?;
    trailing_shape(interp, call, &x, "layer_norm")?;
    let normalized = sizes(interp, &call.arg(1).clone())?.len();
    layer_norm_stats_guards(interp, &x, normalized);
    // `F.layer_norm` passes every argument, `cudnn_enable` as False on the
    // export path; the exporter leaves out what equals the schema default.
    let mut args = args_of(interp, call, 5);
    args.push(Arg::Bool(false));
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], x.dtype, x.shape.clone())
}

/// What layer_norm's decomposition (`native_layer_norm` through
/// `var_mean(keepdim=True)`) asks of its statistics, shaped like the input
/// with each normalized dim 1, when the ranges leave their element count
/// open (`s0*(((s1//10)) - 1)`, expanded): the cache rebuilding them as
/// views (the count asked whether 0, suppressed), then `prims.div`'s
/// elementwise meta asking whether they are contiguous (`numel >= 2`,
/// a guard).
fn layer_norm_stats_guards(interp: &mut Interp, x: &Tensor, normalized: usize) {
    if !interp.tracing || x.shape.iter().all(SymExpr::is_const) || normalized > x.rank() {
        return;
    }
    let mut stats = x.shape[..x.rank() - normalized].to_vec();
    stats.resize(x.rank(), SymExpr::int(1));
    let Ok(layout) = crate::layout::Layout::contiguous(&stats) else {
        return;
    };
    let line = interp.guard_line();
    let itemsize = x.dtype.size_of() as i64;
    let _ = crate::layout::view_cache_checks(&mut interp.env, &stats, &layout, itemsize, line);
    if let Ok(n) = crate::layout::numel(&stats) {
        let two = SymExpr::int(2);
        interp
            .env
            .guard_or(&n, CmpKind::Lt, &two, line, false, false);
    }
}

/// Check that the input ends in `normalized_shape` (argument 1).
fn trailing_shape(interp: &mut Interp, call: &OpCall, x: &Tensor, op: &str) -> R<()> {
    let ns = sizes(interp, &call.arg(1).clone())?;
    if ns.len() > x.rank() {
        return Err(shape_error(
            interp,
            format!("{op}: normalized_shape longer than the input rank"),
        ));
    }
    let off = x.rank() - ns.len();
    for (i, n) in ns.iter().enumerate() {
        expect_eq(
            interp,
            &x.shape[off + i],
            n,
            &format!("{op}: normalized_shape"),
        )?;
    }
    Ok(())
}

/// The affine tensors of a layer or RMS norm (the arguments at `args`)
/// must be shaped as `normalized_shape` (argument 1): torch checks them
/// before the input, each size an equality guard when dynamic.
fn affine_shape_checks(interp: &mut Interp, call: &OpCall, args: &[usize], op: &str) -> R<()> {
    let ns = sizes(interp, &call.arg(1).clone())?;
    for &i in args {
        let Value::Tensor(ref t) = call.arg(i).clone() else {
            continue;
        };
        if t.rank() != ns.len() {
            return Err(shape_error(
                interp,
                format!(
                    "{op}: expected a {}-D affine tensor, got {}-D",
                    ns.len(),
                    t.rank()
                ),
            ));
        }
        for (size, n) in t.shape.iter().zip(&ns) {
            expect_eq(interp, size, n, &format!("{op}: affine shape"))?;
        }
    }
    Ok(())
}

/// `rms_norm(input, normalized_shape, weight, eps)`: trailing `None`s are
/// not recorded.
pub fn rms_norm(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    affine_shape_checks(interp, call, &[2], "rms_norm")?;
    trailing_shape(interp, call, &x, "rms_norm")?;
    let n = if !call.arg(3).is_none() {
        4
    } else if !call.arg(2).is_none() {
        3
    } else {
        2
    };
    emit(interp, call, 0, n, x.dtype, x.shape.clone())
}

/// `group_norm(input, num_groups, weight, bias, eps)`.
///
/// Its checks guard dynamic sizes as torch's do: more than one value per
/// group (`N*C/G` times the spatial sizes is not 1), the channels split
/// into the groups, and the affine weight has one entry per channel.
pub fn group_norm(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    if let Some((c, g)) = indivisible_channels(interp, &x, call)? {
        return Err(shape_error(
            interp,
            format!("group_norm: {c} channels are not divisible into {g} groups"),
        ));
    }
    let groups = interp.index_int(&call.arg(1).clone())?;
    if x.rank() >= 2 && groups > 0 {
        let line = interp.guard_line();
        let group = SymExpr::int(groups);
        let mut per_group = interp.size_arith(
            x.shape[0]
                .checked_mul(&x.shape[1])
                .and_then(|n| n.checked_floordiv(&group)),
        )?;
        for d in &x.shape[2..] {
            per_group = interp.size_arith(per_group.checked_mul(d))?;
        }
        match interp
            .env
            .evaluate(&per_group, CmpKind::Eq, &SymExpr::int(1), line)
        {
            Ok(false) => {}
            Ok(true) => {
                return Err(interp.torch_error(
                    "ValueError",
                    "group_norm: each group needs more than one value (batch times channels \
                     per group times the spatial sizes is 1)",
                ));
            }
            Err(dd) => return Err(interp.data_dependent(&dd.expr)),
        }
        let remainder = interp.size_arith(x.shape[1].checked_modulo(&group))?;
        expect_eq(
            interp,
            &remainder,
            &SymExpr::int(0),
            "group_norm: channels per group",
        )?;
        if let Value::Tensor(ref w) = call.arg(2).clone()
            && let Some(n) = w.shape.first()
        {
            expect_eq(interp, n, &x.shape[1], "group_norm: weight per channel")?;
        }
        if let Value::Tensor(ref b) = call.arg(3).clone()
            && let Some(n) = b.shape.first()
        {
            expect_eq(interp, n, &x.shape[1], "group_norm: bias per channel")?;
        }
    }
    // `F.group_norm` passes eps and `cudnn_enabled` (False on the export
    // path) too.
    let mut args = args_of(interp, call, 5);
    args.push(Arg::Bool(false));
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], x.dtype, x.shape.clone())
}

/// The channel count (dim 1) and group count (argument 1) when the
/// channels are known not to split into that many groups.
fn indivisible_channels(interp: &mut Interp, x: &Tensor, call: &OpCall) -> R<Option<(i64, i64)>> {
    let g = interp.index_int(&call.arg(1).clone())?;
    Ok(x.shape
        .get(1)
        .and_then(|c| interp.env.simplify(c).as_const())
        .filter(|c| g <= 0 || c % g != 0)
        .map(|c| (c, g)))
}

/// `embedding(input, weight, ...)`: output is input shape + [embedding_dim].
pub fn embedding(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let idx = tensor(interp, call, 0)?;
    let w = tensor(interp, call, 1)?;
    if idx.dtype.is_floating() {
        return Err(interp.torch_error(
            "RuntimeError",
            "embedding: indices must be an integer tensor",
        ));
    }
    let mut shape = idx.shape.clone();
    shape.push(w.shape.get(1).cloned().unwrap_or(SymExpr::int(1)));
    // torch records embedding(weight, indices, padding_idx) (the exporter
    // leaves out a padding_idx of -1, the schema's default for None).
    let padding_idx = match call.arg(2) {
        Value::Int(i) if *i >= 0 => *i,
        // `F.embedding` counts a negative index from the end.
        Value::Int(i) => w
            .shape
            .first()
            .and_then(SymExpr::as_const)
            .map_or(-1, |n| n + i),
        _ => -1,
    };
    let args = vec![
        interp.arg_of(&Value::Tensor(w.clone())),
        interp.arg_of(&Value::Tensor(idx.clone())),
        Arg::Int(padding_idx),
    ];
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], w.dtype, shape)
}

/// `embedding_renorm_(weight, indices, max_norm, norm_type)`: the rows
/// `indices` names rescaled in place (nn.Embedding with max_norm).
pub fn embedding_renorm(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let idx = tensor(interp, call, 1)?;
    if idx.dtype.is_floating() {
        return Err(interp.torch_error(
            "RuntimeError",
            "embedding_renorm_: indices must be an integer tensor",
        ));
    }
    emit_inplace(interp, call, 0, 4)
}

/// `dropout(input, p, training)`: always recorded, as export keeps it.
pub fn dropout(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let p = match call.get("p") {
        Value::Float(f) => *f,
        Value::Int(i) => *i as f64,
        _ => 0.5,
    };
    // `F.dropout(..., training)`; ATen's `feature_dropout(input, p, train)`.
    let flag = if call.names.contains(&"train") {
        call.get("train")
    } else {
        call.get("training")
    };
    let train = !matches!(flag, Value::Bool(false));
    let args = vec![
        interp.arg_of(&Value::Tensor(x.clone())),
        Arg::Float(p),
        Arg::Bool(train),
    ];
    let target = call.target(0);
    if call.inplace {
        let target = super::inplace_target(&target);
        if interp.tracing {
            let val = interp.meta_of(&x);
            let node = interp.record(&target, args, vec![], val);
            x.node.set(Some(node));
        }
        return Ok(Value::Tensor(x));
    }
    interp.record_tensor_op(&target, args, vec![], x.dtype, x.shape.clone())
}

/// `scaled_dot_product_attention(q, k, v, ...)`.
pub fn sdpa(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let q = tensor(interp, call, 0)?;
    let k = tensor(interp, call, 1)?;
    let v = tensor(interp, call, 2)?;
    if q.rank() < 2 {
        return Err(shape_error(
            interp,
            "scaled_dot_product_attention expects at least 2-D inputs",
        ));
    }
    let e = q.rank() - 1;
    expect_eq(
        interp,
        &q.shape[e],
        &k.shape[k.rank() - 1],
        "attention: head dim",
    )?;
    let mut shape = q.shape[..e].to_vec();
    shape.push(v.shape[v.rank() - 1].clone());
    let n = if call.arg(3).is_none() { 3 } else { 4 };
    let output = sdpa_output(interp, call, &q, &k, &v);
    let args = args_of(interp, call, n);
    let target = call.target(0);
    interp.record_output(&target, args, vec![], q.dtype, shape, output)
}

/// Where attention's output lives. On CPU, torch picks its flash kernel
/// for 4-D floating inputs of one head size without dropout nor a mask
/// that requires grad; that kernel
/// allocates the output like the query (`empty_like`: dense, in the
/// query's stride order), so a query made by transposing `[B, S, H, D]`
/// gives an output whose `transpose(1, 2)` is already contiguous. The math
/// fallback returns a contiguous `matmul` result.
fn sdpa_output(
    interp: &Interp,
    call: &OpCall,
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
) -> crate::interp::record::Output {
    use crate::interp::record::Output;
    let no_dropout = match call.get("dropout_p") {
        Value::Float(p) => *p == 0.0,
        Value::Int(p) => *p == 0,
        Value::None => true,
        _ => false,
    };
    let same_head_size = [k, v].iter().all(|t| {
        interp
            .env
            .static_decide(&q.shape[q.rank() - 1], CmpKind::Eq, &t.shape[t.rank() - 1])
            == Some(true)
    });
    // The flash kernel has no gradient for the mask.
    let mask_requires_grad = match call.get("attn_mask") {
        Value::Tensor(m) => match m.node.get() {
            Some(id) => interp.graph.requires_grad(id),
            None => m.requires_grad,
        },
        _ => false,
    };
    let flash = no_dropout
        && !mask_requires_grad
        && [q, k, v].iter().all(|t| t.rank() == 4)
        && same_head_size
        && matches!(q.dtype, DType::F32 | DType::F64 | DType::F16 | DType::BF16);
    let Ok(query) = q.layout() else {
        return Output::Fresh;
    };
    if !flash {
        return Output::Fresh;
    }
    // Dims ordered outermost first by the query's strides (ties keep their
    // order), then laid out densely in that order.
    let mut order: Vec<usize> = (0..q.rank()).collect();
    for i in 1..order.len() {
        let mut j = i;
        while j > 0 {
            let (outer, inner) = (order[j - 1], order[j]);
            match interp.env.static_decide(
                &query.strides[outer],
                CmpKind::Lt,
                &query.strides[inner],
            ) {
                Some(true) => order.swap(j - 1, j),
                Some(false) => break,
                None => return Output::Fresh,
            }
            j -= 1;
        }
    }
    order.reverse();
    let Some(strides) = crate::layout::dense_strides(&q.shape, &order) else {
        return Output::Fresh;
    };
    allocated(&q.shape, strides)
}

/// A new tensor of `shape` allocated with `strides`.
fn allocated(shape: &[SymExpr], strides: Vec<SymExpr>) -> crate::interp::record::Output {
    match crate::layout::storage_span(shape, &strides) {
        Ok(storage_numel) => crate::interp::record::Output::Allocated(crate::layout::Layout {
            strides,
            offset: SymExpr::int(0),
            storage_numel,
        }),
        Err(_) => crate::interp::record::Output::Fresh,
    }
}

/// What an elementwise op's fake kernel asks of its tensor operands before
/// it lays out an output of rank 2 or more on symbolic sizes (the fast
/// path of `add`/`sub`/`mul`/`div` and the prims' output strides alike):
/// whether each is contiguous, until one is not, then whether each 4-d one
/// is channels-last, until one is not. These are guards of the op's line:
/// in strict mode Dynamo asks them first, before the AOT phase's
/// `tensor_meta`.
fn elementwise_input_guards(interp: &mut Interp, operands: &[&Value], rank: usize) {
    let tensors: Vec<&Rc<Tensor>> = operands
        .iter()
        .filter_map(|v| match v {
            Value::Tensor(t) if t.rank() > 0 => Some(t),
            _ => None,
        })
        .collect();
    let symbolic = tensors
        .iter()
        .any(|t| t.shape.iter().any(|d| !d.is_const()));
    if !interp.tracing || rank < 2 || !symbolic {
        return;
    }
    let line = interp.guard_line();
    let layouts: Vec<_> = tensors
        .iter()
        .filter_map(|t| Some((t.shape.clone(), t.layout().ok()?.strides)))
        .collect();
    let env = &mut interp.env;
    let mut contiguous = true;
    let mut channels_last = true;
    for (shape, strides) in &layouts {
        contiguous = contiguous
            && crate::layout::is_contiguous_or_false(env, shape, strides, line).unwrap_or(false);
        channels_last = channels_last
            && crate::layout::is_channels_last_or_false(env, shape, strides, line).unwrap_or(false);
    }
}

/// Where an elementwise op's output of `shape` lives, from its tensor
/// operands' layouts (see [`crate::layout::elementwise_strides`]), after
/// the questions torch's fake kernel asks of them
/// ([`elementwise_input_guards`]).
pub fn elementwise_output(
    interp: &mut Interp,
    operands: &[&Value],
    shape: &[SymExpr],
) -> crate::interp::record::Output {
    elementwise_input_guards(interp, operands, shape.len());
    // Tensors without a layout are contiguous in their own storage, and an
    // op on contiguous tensors gives a contiguous one: the common case
    // costs no stride arithmetic.
    let strided = operands
        .iter()
        .any(|v| matches!(v, Value::Tensor(t) if t.layout.is_some()));
    if !strided || shape.len() < 2 {
        return crate::interp::record::Output::Fresh;
    }
    let layouts: Vec<(Vec<SymExpr>, crate::layout::Layout)> = operands
        .iter()
        .filter_map(|v| match v {
            Value::Tensor(t) if t.rank() > 0 => Some((t.shape.clone(), t.layout().ok()?)),
            _ => None,
        })
        .collect();
    if layouts.iter().all(|(_, l)| l.strides.is_empty()) {
        return crate::interp::record::Output::Fresh;
    }
    let views: Vec<(&[SymExpr], &[SymExpr])> = layouts
        .iter()
        .map(|(s, l)| (s.as_slice(), l.strides.as_slice()))
        .collect();
    let decide = |a: &SymExpr, op: CmpKind, b: &SymExpr| interp.env.static_decide(a, op, b);
    match crate::layout::elementwise_strides(shape, &views, &decide) {
        Some(strides) => allocated(shape, strides),
        None => crate::interp::record::Output::Fresh,
    }
}

/// `cosine_similarity(x1, x2, dim, eps)`.
pub fn cosine_similarity(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let b = tensor(interp, call, 1)?;
    let shape = broadcast(interp, &a.shape, &b.shape)?;
    let d = opt_int(interp, &call.get("dim").clone())?.unwrap_or(1);
    let d = wrap_dim(interp, d, shape.len())?;
    let mut out = shape.clone();
    // Of 0-d inputs the similarity is 0-d.
    if !out.is_empty() {
        out.remove(d);
    }
    emit(interp, call, 0, 3, a.dtype, out)
}

/// `pairwise_distance(x1, x2, p, eps, keepdim)`: a norm over the last
/// dimension of the broadcast difference (kept as 1 with `keepdim`).
pub fn pairwise_distance(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let b = tensor(interp, call, 1)?;
    let mut shape = broadcast(interp, &a.shape, &b.shape)?;
    let keepdim = matches!(call.get("keepdim"), Value::Bool(true));
    if keepdim {
        if let Some(last) = shape.last_mut() {
            *last = SymExpr::int(1);
        }
    } else {
        shape.pop();
    }
    let is = |v: &Value, default: f64| match v {
        Value::Float(f) => *f == default,
        Value::Int(i) => *i as f64 == default,
        _ => false,
    };
    // Trailing defaults are not recorded.
    let n = if keepdim {
        5
    } else if !is(call.get("eps"), 1e-6) {
        4
    } else if !is(call.get("p"), 2.0) {
        3
    } else {
        2
    };
    emit(interp, call, 0, n, a.dtype, shape)
}

/// `pad(input, pad, mode, value)`: constant padding grows the last dims.
pub fn pad(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let p = int_list(interp, &call.arg(1).clone())?;
    let circular = matches!(call.get("mode"), Value::Str(m) if &**m == "circular");
    let reflect = matches!(call.get("mode"), Value::Str(m) if &**m == "reflect");
    let mut shape = x.shape.clone();
    for (i, pair) in p.chunks(2).enumerate() {
        let Some(d) = x.rank().checked_sub(i + 1) else {
            break;
        };
        if circular {
            pad_wraps_once(interp, &shape[d], pair)?;
        }
        if reflect {
            pad_reflects_inside(interp, &shape[d], pair)?;
        }
        let grown = pair.iter().try_fold(shape[d].clone(), |acc, p| {
            acc.checked_add(&SymExpr::int(*p))
        });
        let grown = interp.size_arith(grown)?;
        shape[d] = interp.env.simplify(&grown);
    }
    // The mode is recorded when it is not the default, the value when given.
    let n = if !call.arg(3).is_none() {
        4
    } else if matches!(call.arg(2), Value::Str(m) if &**m != "constant") {
        3
    } else {
        2
    };
    emit(interp, call, 0, n, x.dtype, shape)
}

/// Reflection padding checks both pads of a dim below its size at once
/// (`_check(sym_and(pad_l < w, pad_r < w))`): on a dynamic size one
/// conjunction guard, `(s > 1) & (s > 2)`.
fn pad_reflects_inside(interp: &mut Interp, size: &SymExpr, pair: &[i64]) -> R<()> {
    let line = interp.guard_line();
    let relations: Vec<_> = pair
        .iter()
        // `pad < size`, an int against a size: Python asks it from the
        // size's side.
        .map(|&p| (size.clone(), CmpKind::Gt, SymExpr::int(p)))
        .collect();
    let inside = interp
        .env
        .evaluate_all(&relations, line, true)
        .map_err(|dd| interp.data_dependent(&dd.expr))?;
    if !inside {
        return Err(shape_error(
            interp,
            "Padding size should be less than the corresponding input dimension",
        ));
    }
    Ok(())
}

/// Circular padding checks that each pad is at most the size it wraps
/// (`pad <= size`): on a dynamic size a guard that narrows its range.
fn pad_wraps_once(interp: &mut Interp, size: &SymExpr, pair: &[i64]) -> R<()> {
    let line = interp.guard_line();
    for &p in pair {
        let fits = interp
            .env
            .evaluate(&SymExpr::int(p), CmpKind::Le, size, line)
            .map_err(|dd| interp.data_dependent(&dd.expr))?;
        if !fits {
            return Err(shape_error(
                interp,
                "pad: padding value causes wrapping around more than once",
            ));
        }
    }
    Ok(())
}

/// `pixel_shuffle(input, r)`: `[*, C*r*r, H, W]` to `[*, C, H*r, W*r]`;
/// `pixel_unshuffle(input, r)` the inverse.
pub fn pixel_shuffle(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let r = interp.index_int(&call.arg(1).clone())?;
    let unshuffle = call.spelling.contains("unshuffle");
    if x.rank() < 3 || r <= 0 {
        return Err(shape_error(
            interp,
            format!(
                "{}: expected a tensor of at least 3 dimensions and a positive factor",
                call.spelling
            ),
        ));
    }
    let n = x.rank();
    let mut shape = x.shape.clone();
    let rr = SymExpr::int(r * r);
    let r = SymExpr::int(r);
    if unshuffle {
        shape[n - 3] = interp.size_arith(shape[n - 3].checked_mul(&rr))?;
        shape[n - 2] = interp.size_arith(shape[n - 2].checked_floordiv(&r))?;
        shape[n - 1] = interp.size_arith(shape[n - 1].checked_floordiv(&r))?;
    } else {
        if let Some(c) = interp.env.simplify(&shape[n - 3]).as_const()
            && c % rr.as_const().unwrap_or(1) != 0
        {
            return Err(shape_error(
                interp,
                format!(
                    "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of upscale_factor, but input.size(-3)={c} is not divisible by {}",
                    rr
                ),
            ));
        }
        shape[n - 3] = interp.size_arith(shape[n - 3].checked_floordiv(&rr))?;
        shape[n - 2] = interp.size_arith(shape[n - 2].checked_mul(&r))?;
        shape[n - 1] = interp.size_arith(shape[n - 1].checked_mul(&r))?;
    }
    let shape = shape.iter().map(|d| interp.env.simplify(d)).collect();
    emit(interp, call, 0, 2, x.dtype, shape)
}

/// `channel_shuffle(input, groups)`: same shape; channels divisible by groups.
pub fn channel_shuffle(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    if let Some((c, g)) = indivisible_channels(interp, &x, call)? {
        return Err(shape_error(
            interp,
            format!(
                "Number of channels must be divisible by groups. Got {c} channels and {g} groups."
            ),
        ));
    }
    emit(interp, call, 0, 2, x.dtype, x.shape.clone())
}

/// `aten.upsample_*.vec(input, output_size, [align_corners,] scale_factors)`:
/// the last 1, 2 or 3 dims become `output_size`, else `floor(size * scale)`.
pub fn upsample(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let nd = if call.spelling.contains("1d") {
        1
    } else if call.spelling.contains("3d") {
        3
    } else {
        2
    };
    if x.rank() != nd + 2 {
        return Err(shape_error(
            interp,
            format!(
                "{}: expected a {}-D input, got {}-D",
                call.spelling,
                nd + 2,
                x.rank()
            ),
        ));
    }
    let scales_at = call.args.len() - 1;
    let size_v = call.arg(1).clone();
    let scales_v = call.arg(scales_at).clone();
    let mut shape = x.shape[..2].to_vec();
    if !size_v.is_none() {
        let sizes = sizes(interp, &size_v)?;
        if sizes.len() != nd {
            return Err(shape_error(
                interp,
                format!("{}: expected output_size of {nd} values", call.spelling),
            ));
        }
        shape.extend(sizes);
    } else {
        let items = interp.iterate(&scales_v)?;
        if items.len() != nd {
            return Err(shape_error(
                interp,
                format!("{}: expected scale_factors of {nd} values", call.spelling),
            ));
        }
        for (i, s) in items.iter().enumerate() {
            let scale = match s {
                Value::Float(f) => *f,
                Value::Int(i) => *i as f64,
                _ => {
                    return Err(interp.fail(
                        FailureKind::Incomplete,
                        "analysis incomplete: a symbolic upsampling scale factor",
                    ));
                }
            };
            let dim = interp.env.simplify(&x.shape[2 + i]);
            let out = if scale.fract() == 0.0 {
                interp.size_arith(dim.checked_mul(&SymExpr::int(scale as i64)))?
            } else if let Some(c) = dim.as_const() {
                SymExpr::int((c as f64 * scale).floor() as i64)
            } else {
                return Err(interp.fail(
                    FailureKind::Incomplete,
                    "analysis incomplete: a fractional scale factor on a dynamic size",
                ));
            };
            shape.push(interp.env.simplify(&out));
        }
    }
    emit(interp, call, 0, call.args.len(), x.dtype, shape)
}

/// `normalize(input, p, dim, eps)`: same shape.
pub fn same_shape(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    emit(interp, call, 0, 1, x.dtype, x.shape.clone())
}

/// The ATen losses' `reduction` enum: 0 keeps one loss per element (or per
/// sample), 1 (mean) and 2 (sum) give a scalar.
fn unreduced(interp: &mut Interp, call: &OpCall) -> R<bool> {
    Ok(interp.index_int(&call.get("reduction").clone())? == 0)
}

/// Record a loss op: the input's dtype, `shape` when unreduced.
fn emit_loss(interp: &mut Interp, call: &OpCall, shape: Vec<SymExpr>) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let shape = if unreduced(interp, call)? {
        shape
    } else {
        vec![]
    };
    emit(interp, call, 0, call.args.len(), x.dtype, shape)
}

/// Elementwise losses (`mse_loss`, `kl_div`, `margin_ranking_loss`...):
/// unreduced, the shape the loss's tensor operands broadcast to. As torch's
/// decompositions compute them, a `pos_weight` first scales the target and
/// a `weight` then scales the loss: both broadcast, with the guards that
/// adds.
pub fn pointwise_loss(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let mut shape = Vec::new();
    if let (Value::Tensor(p), Value::Tensor(target)) = (call.get("pos_weight"), call.get("target"))
    {
        broadcast(interp, &p.shape, &target.shape)?;
    }
    for (name, value) in call.names.iter().zip(&call.args) {
        if let Value::Tensor(t) = value
            && !name.ends_with("weight")
        {
            shape = broadcast(interp, &shape, &t.shape)?;
        }
    }
    if let Value::Tensor(ref w) = call.get("weight").clone() {
        shape = broadcast(interp, &shape, &w.shape)?;
    }
    emit_loss(interp, call, shape)
}

/// Per-sample losses over a last class or feature dim
/// (`multi_margin_loss`, `multilabel_margin_loss`, `cosine_embedding_loss`):
/// unreduced, the input without its last dim.
pub fn per_sample_loss(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let mut x = tensor(interp, call, 0)?;
    if let Value::Tensor(ref other) = call.get("input2").clone() {
        // Pairwise losses compare two inputs of one shape; the target is
        // then checked against the second.
        sizes_match(interp, &other.shape, &x.shape, "loss inputs")?;
        x = other.clone();
    }
    let shape = x.shape[..x.rank().saturating_sub(1)].to_vec();
    if let Value::Tensor(ref target) = call.get("target").clone() {
        // One target per sample, or one per class of each sample.
        let want = if target.rank() == x.rank() {
            &x.shape[..]
        } else {
            &shape[..]
        };
        sizes_match(interp, &target.shape, want, "loss target")?;
    }
    emit_loss(interp, call, shape)
}

/// Equal ranks and sizes, dim by dim (guarding symbolic ones equal).
fn sizes_match(interp: &mut Interp, got: &[SymExpr], want: &[SymExpr], what: &str) -> R<()> {
    if got.len() != want.len() {
        return Err(shape_error(
            interp,
            format!("{what}: expected {} dims, got {}", want.len(), got.len()),
        ));
    }
    for (g, w) in got.iter().zip(want) {
        expect_eq(interp, g, w, what)?;
    }
    Ok(())
}

/// `nll_loss_nd` / `cross_entropy_loss`: unreduced, the target's shape for
/// class indices, the input without its class dim (1) for probabilities.
pub fn class_loss(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let target = tensor(interp, call, 1)?;
    let shape = if target.dtype.is_floating() {
        let mut s = x.shape.clone();
        if s.len() >= 2 {
            s.remove(1);
        } else {
            s.clear();
        }
        s
    } else {
        let mut want = x.shape.clone();
        if want.len() >= 2 {
            want.remove(1);
        } else {
            want.clear();
        }
        sizes_match(interp, &target.shape, &want, "loss target")?;
        target.shape.clone()
    };
    emit_loss(interp, call, shape)
}

/// `bilinear(input1, input2, weight, bias)`: `[..., in1]` and `[..., in2]`
/// with a `[out, in1, in2]` weight give `[..., out]`.
pub fn bilinear(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x1 = tensor(interp, call, 0)?;
    let x2 = tensor(interp, call, 1)?;
    let w = tensor(interp, call, 2)?;
    if w.rank() != 3 || x1.rank() == 0 || x2.rank() != x1.rank() {
        return Err(shape_error(
            interp,
            "bilinear(): expected a 3-D weight and inputs of one rank",
        ));
    }
    let last = x1.rank() - 1;
    expect_eq(
        interp,
        &x1.shape[last],
        &w.shape[1],
        "bilinear: input1 features",
    )?;
    expect_eq(
        interp,
        &x2.shape[last],
        &w.shape[2],
        "bilinear: input2 features",
    )?;
    for d in 0..last {
        expect_eq(interp, &x1.shape[d], &x2.shape[d], "bilinear: batch dims")?;
    }
    let mut shape = x1.shape[..last].to_vec();
    shape.push(w.shape[0].clone());
    let n = if call.arg(3).is_none() { 3 } else { 4 };
    emit(interp, call, 0, n, x1.dtype, shape)
}

/// Ops whose output size depends on the data and that have no meta kernel
/// for it (`_ctc_loss`; targets: [list lengths, tensor lengths]): strict
/// export breaks the graph (GB0037), non-strict export raises torch's
/// DynamicOutputShapeException, which names the op.
pub fn no_dynamic_meta_kernel(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let tensor_lengths = call
        .args
        .iter()
        .skip(2)
        .take(2)
        .any(|v| matches!(v, Value::Tensor(_)));
    let target = call.target(usize::from(tensor_lengths));
    if interp.mode == crate::Mode::Strict {
        return Err(interp.graph_break(
            "GB0037",
            format!(
                "Dynamic shape operator (no meta kernel)\n  Explanation: Operator `{target}` does not have a meta kernel that supports dynamic output shapes"
            ),
            "",
        ));
    }
    Err(interp.fail(
        FailureKind::Other,
        format!("DynamicOutputShapeException: {target}"),
    ))
}

pub fn fail_unsupported(interp: &mut Interp, call: &OpCall) -> R<Value> {
    Err(interp.fail(
        FailureKind::Other,
        format!("{} is not supported by export", call.spelling),
    ))
}

// ----- ops behind the prelude's nn modules ------------------------------------------

/// `glu(input, dim)`: the gated dim halves; an odd constant size is torch's
/// error.
pub fn glu(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    if x.rank() == 0 {
        return Err(shape_error(
            interp,
            "glu does not support scalars because halving size must be even",
        ));
    }
    let d = opt_int(interp, &call.get("dim").clone())?.unwrap_or(-1);
    let d = wrap_existing_dim(interp, d, x.rank())?;
    let len = interp.env.simplify(&x.shape[d]);
    if let Some(c) = len.as_const()
        && c % 2 != 0
    {
        return Err(shape_error(
            interp,
            format!("Halving dimension must be even, but dimension {d} is size {c}"),
        ));
    }
    let mut shape = x.shape.clone();
    let half = interp.size_arith(len.checked_floordiv(&SymExpr::int(2)))?;
    shape[d] = interp.env.simplify(&half);
    emit(interp, call, 0, 2, x.dtype, shape)
}

/// `diff(input, n=1, dim=-1, prepend=None, append=None)`: along `dim`,
/// the input's size with what is prepended and appended, less `n`.
/// What `diff`'s composite asks on dynamic sizes: whether `n` exceeds the
/// length, then each step
/// `x.narrow(d, 1, L - 1) - x.narrow(d, 0, L - 1)`: the fake-tensor cache
/// rebuilds the first narrowed view (suppressed guards), then the
/// subtraction broadcasts the two (`Ne(L - 1, 1)` where `L - 1` may be 1),
/// and a next step asks whether that difference is contiguous.
fn diff_step_guards(interp: &mut Interp, x: &Tensor, d: usize, n: i64) -> R<()> {
    if !interp.tracing || x.shape.iter().all(SymExpr::is_const) {
        return Ok(());
    }
    let Ok(base) = x.layout() else {
        return Ok(());
    };
    // ATen first asks whether `n` exceeds the length (then it would take
    // the length as an int): on a dynamic length a guard that narrows it.
    let line = interp.guard_line();
    if let Err(dd) = interp
        .env
        .evaluate(&SymExpr::int(n), CmpKind::Gt, &x.shape[d], line)
    {
        return Err(interp.data_dependent(&dd.expr));
    }
    let mut shape = x.shape.clone();
    let mut layout = base;
    let itemsize = x.dtype.size_of() as i64;
    for step in 0..n {
        let len = interp.size_arith(shape[d].checked_sub(&SymExpr::int(1)))?;
        shape[d] = interp.env.simplify(&len);
        if let Ok(view) = crate::layout::slice(&layout, d, &SymExpr::int(1), 1) {
            let line = interp.guard_line();
            let _ =
                crate::layout::view_cache_checks(&mut interp.env, &shape, &view, itemsize, line);
        }
        broadcast(interp, &shape, &shape)?;
        layout = match crate::layout::Layout::contiguous(&shape) {
            Ok(l) => l,
            Err(_) => return Ok(()),
        };
        if step + 1 < n {
            // The next step narrows this difference, asking whether it is
            // contiguous (`numel < 2` first): real guards.
            let _ = crate::layout::tensor_meta_checks(&mut interp.env, &shape, &layout);
        }
    }
    Ok(())
}

pub fn diff(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    if x.rank() == 0 {
        return Err(shape_error(
            interp,
            "diff expects input to be at least one-dimensional",
        ));
    }
    let n = opt_int(interp, &call.get("n").clone())?.unwrap_or(1);
    let dim = opt_int(interp, &call.get("dim").clone())?.unwrap_or(-1);
    let d = wrap_existing_dim(interp, dim, x.rank())?;
    let mut len = x.shape[d].clone();
    let mut extra = Vec::new();
    for key in ["prepend", "append"] {
        let v = call.get(key).clone();
        if let Value::Tensor(t) = &v
            && t.rank() == x.rank()
        {
            len = interp.size_arith(len.checked_add(&t.shape[d]))?;
        }
        extra.push(v);
    }
    if extra.iter().all(Value::is_none) {
        diff_step_guards(interp, &x, d, n)?;
    }
    let mut shape = x.shape.clone();
    let len = interp.size_arith(len.checked_sub(&SymExpr::int(n)))?;
    shape[d] = interp.env.simplify(&len);
    // Printed as torch prints it: up to the last argument not at its default.
    let mut values = vec![call.arg(0).clone(), Value::Int(n), Value::Int(dim)];
    values.extend(extra);
    let defaults = [None, Some(1), Some(-1)];
    while values.len() > 1 {
        let last = values.len() - 1;
        let at_default = match (&values[last], defaults.get(last)) {
            (Value::None, _) => true,
            (Value::Int(v), Some(Some(dflt))) => v == dflt,
            _ => false,
        };
        if !at_default {
            break;
        }
        values.pop();
    }
    let args = values.iter().map(|v| interp.arg_of(v)).collect();
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], x.dtype, shape)
}

/// The four window parameters of `im2col` / `col2im`, two values each:
/// (kernel_size, dilation, padding, stride).
type Window2d = [Vec<i64>; 4];

fn window_2d(interp: &mut Interp, call: &OpCall) -> R<Window2d> {
    let k = per_dim(interp, &call.get("kernel_size").clone(), 2, 1)?;
    let d = per_dim(interp, &call.get("dilation").clone(), 2, 1)?;
    let p = per_dim(interp, &call.get("padding").clone(), 2, 0)?;
    let s = per_dim(interp, &call.get("stride").clone(), 2, 1)?;
    if [&k, &d, &p, &s].iter().any(|v| v.len() != 2) {
        return Err(shape_error(
            interp,
            format!(
                "{}: kernel_size, dilation, padding and stride take one or two values",
                call.spelling
            ),
        ));
    }
    Ok([k, d, p, s])
}

/// Record `im2col` / `col2im`: the input, then each int list as torch
/// records it (every value spelled out).
fn record_window_op(
    interp: &mut Interp,
    call: &OpCall,
    x: &Rc<Tensor>,
    lists: &[&[i64]],
    shape: Vec<SymExpr>,
) -> R<Value> {
    let mut args = vec![interp.arg_of(&Value::Tensor(x.clone()))];
    args.extend(
        lists
            .iter()
            .map(|v| Arg::List(v.iter().map(|i| Arg::Int(*i)).collect())),
    );
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], x.dtype, shape)
}

/// `unfold(input, kernel_size, dilation, padding, stride)` (ATen `im2col`):
/// `[N, C, H, W]` to `[N, C*kh*kw, L]`, L the number of window positions.
pub fn im2col(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    if x.rank() != 3 && x.rank() != 4 {
        return Err(shape_error(
            interp,
            format!(
                "Input Error: Only 3D or 4D input Tensors are supported (got {}D)",
                x.rank()
            ),
        ));
    }
    let [k, d, p, s] = window_2d(interp, call)?;
    let off = x.rank() - 3;
    let mut blocks = SymExpr::int(1);
    for i in 0..2 {
        let n = window_out(interp, &x.shape[off + 1 + i], k[i], s[i], p[i], d[i], false)?;
        blocks = interp.size_arith(blocks.checked_mul(&n))?;
    }
    let mut shape = x.shape[..off].to_vec();
    let area = SymExpr::int(k[0]).checked_mul(&SymExpr::int(k[1]));
    shape.push(interp.size_arith(area.and_then(|a| x.shape[off].checked_mul(&a)))?);
    shape.push(interp.env.simplify(&blocks));
    record_window_op(interp, call, &x, &[&k, &d, &p, &s], shape)
}

/// `fold(input, output_size, kernel_size, dilation, padding, stride)` (ATen
/// `col2im`): `[N, C*kh*kw, L]` to `[N, C, oh, ow]`.
pub fn col2im(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    if x.rank() != 2 && x.rank() != 3 {
        return Err(shape_error(
            interp,
            format!(
                "Input Error: Only unbatched (2D) or batched (3D) input Tensors are supported (got {}D)",
                x.rank()
            ),
        ));
    }
    let out = per_dim(interp, &call.get("output_size").clone(), 2, 1)?;
    let [k, d, p, s] = window_2d(interp, call)?;
    if out.len() != 2 {
        return Err(shape_error(interp, "fold: output_size takes two values"));
    }
    let off = x.rank() - 2;
    let kk = k[0] * k[1];
    let c = interp.env.simplify(&x.shape[off]);
    if let Some(c) = c.as_const()
        && (kk <= 0 || c % kk != 0)
    {
        return Err(shape_error(
            interp,
            format!(
                "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got input.size(1)={c} and kernel_size=({}, {})",
                k[0], k[1]
            ),
        ));
    }
    let mut blocks = 1i64;
    for i in 0..2 {
        let n = window_out(interp, &SymExpr::int(out[i]), k[i], s[i], p[i], d[i], false)?;
        blocks *= n.as_const().unwrap_or(1);
    }
    if let Some(l) = interp.env.simplify(&x.shape[off + 1]).as_const()
        && l != blocks
    {
        return Err(shape_error(
            interp,
            format!(
                "Given output_size=({}, {}), kernel_size=({}, {}), dilation=({}, {}), padding=({}, {}), stride=({}, {}), expected size of input's dimension 2 to match the calculated number of sliding blocks {blocks}, but got input.size(2)={l}.",
                out[0], out[1], k[0], k[1], d[0], d[1], p[0], p[1], s[0], s[1]
            ),
        ));
    }
    let mut shape = x.shape[..off].to_vec();
    shape.push(interp.size_arith(c.checked_floordiv(&SymExpr::int(kk.max(1))))?);
    shape.extend(out.iter().map(|v| SymExpr::int(*v)));
    record_window_op(interp, call, &x, &[&out, &k, &d, &p, &s], shape)
}

/// The spatial dims of a `*1d` / `*2d` / `*3d` op, from its spelling.
fn spatial_dims(call: &OpCall) -> usize {
    if call.spelling.contains("1d") {
        1
    } else if call.spelling.contains("3d") {
        3
    } else {
        2
    }
}

/// `max_unpool{2,3}d(input, indices, output_size, ...)`: the last 2 or 3
/// dims become `output_size`; indices must have the input's shape.
pub fn max_unpool(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let idx = tensor(interp, call, 1)?;
    let nd = spatial_dims(call);
    if x.rank() != nd + 1 && x.rank() != nd + 2 {
        return Err(shape_error(
            interp,
            format!(
                "{}: expected a {}-D or {}-D input, got {}-D",
                call.spelling,
                nd + 1,
                nd + 2,
                x.rank()
            ),
        ));
    }
    if idx.dtype != DType::I64 {
        return Err(shape_error(
            interp,
            "elements in indices should be type int64",
        ));
    }
    let out = sizes(interp, &call.get("output_size").clone())?;
    if out.len() != nd {
        return Err(shape_error(
            interp,
            format!(
                "There should be exactly {nd} elements (height, width) in output_size, but got {} elements.",
                out.len()
            ),
        ));
    }
    if x.shape.len() == idx.shape.len() {
        for (a, b) in x.shape.clone().iter().zip(idx.shape.clone().iter()) {
            expect_eq(interp, a, b, "max_unpool: input and indices")?;
        }
    } else {
        return Err(shape_error(
            interp,
            "Expected shape of indices to be same as that of the input tensor",
        ));
    }
    let mut shape = x.shape[..x.rank() - nd].to_vec();
    shape.extend(out);
    emit(interp, call, 0, call.args.len(), x.dtype, shape)
}

/// `fractional_max_pool{2,3}d(input, kernel_size, output_size,
/// random_samples)`: (values, indices) of `output_size`.
pub fn fractional_max_pool(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let nd = spatial_dims(call);
    if x.rank() != nd + 1 && x.rank() != nd + 2 {
        return Err(shape_error(
            interp,
            format!(
                "{}: expected a {}-D or {}-D input",
                call.spelling,
                nd + 1,
                nd + 2
            ),
        ));
    }
    let out = sizes(interp, &call.get("output_size").clone())?;
    if out.len() != nd {
        return Err(shape_error(
            interp,
            format!("{}: output_size takes {nd} values", call.spelling),
        ));
    }
    // Only the 2-D kernel insists on the samples' dtype.
    if let Value::Tensor(samples) = call.arg(3)
        && nd == 2
        && samples.dtype != x.dtype
    {
        return Err(interp.torch_error(
            "RuntimeError",
            format!(
                "{}: the random samples are {}, the input {}; they must share a dtype",
                call.spelling,
                samples.dtype.torch_name(),
                x.dtype.torch_name()
            ),
        ));
    }
    let mut shape = x.shape[..x.rank() - nd].to_vec();
    shape.extend(out);
    let args = args_of(interp, call, call.args.len());
    let target = call.target(0);
    values_and_indices(interp, &target, args, x.dtype, shape)
}

/// The recurrent cells `rnn_tanh_cell` / `rnn_relu_cell` / `gru_cell`
/// (one new hidden state of `hx`'s shape) and `lstm_cell` (`hx` is
/// `[h, c]`; the new `(h, c)`). Absent biases are not recorded.
pub fn rnn_cell(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let w_ih = tensor(interp, call, 2)?;
    let w_hh = tensor(interp, call, 3)?;
    let mut states = Vec::new();
    let h = match call.arg(1) {
        Value::Tensor(t) => t.clone(),
        Value::List(_) | Value::Tuple(_) => {
            let items = interp.iterate(&call.arg(1).clone())?;
            match items.first() {
                Some(Value::Tensor(t)) if items.len() == 2 => {
                    if let Some(Value::Tensor(c)) = items.get(1) {
                        states.push(c.clone());
                    }
                    t.clone()
                }
                _ => {
                    return Err(interp
                        .type_error(format!("{}(): hx must be a pair of tensors", call.spelling)));
                }
            }
        }
        other => {
            return Err(interp.type_error(format!(
                "{}(): argument hx must be a Tensor, not {}",
                call.spelling,
                other.type_name()
            )));
        }
    };
    if x.rank() != 2 || h.rank() != 2 || w_ih.rank() != 2 {
        return Err(shape_error(
            interp,
            format!(
                "{}: expected 2-D input, hidden state and weights",
                call.spelling
            ),
        ));
    }
    expect_eq(
        interp,
        &x.shape[1],
        &w_ih.shape[1],
        "input.size(1) == weight_ih.size(1)",
    )?;
    states.insert(0, h.clone());
    for state in &states {
        if state.rank() != 2 {
            continue;
        }
        expect_eq(
            interp,
            &x.shape[0],
            &state.shape[0],
            "input.size(0) == hx.size(0)",
        )?;
        if let Some(hidden) = w_hh.shape.get(1) {
            expect_eq(interp, &state.shape[1], hidden, "hx.size(1) == hidden_size")?;
        }
    }
    let n = call
        .args
        .iter()
        .rposition(|v| !v.is_none())
        .map_or(0, |i| i + 1);
    let args = args_of(interp, call, n);
    let target = call.target(0);
    if call.spelling.contains("lstm") {
        return tuple_op(
            interp,
            &target,
            args,
            vec![(x.dtype, h.shape.clone()), (x.dtype, h.shape.clone())],
        );
    }
    interp.record_tensor_op(&target, args, vec![], x.dtype, h.shape.clone())
}

/// The recurrent sequence ops `lstm.input` / `gru.input` / `rnn_tanh.input`
/// / `rnn_relu.input` (input, hx list, flat params, has_biases, num_layers,
/// dropout, train, bidirectional, batch_first): the output sequence, then
/// the final state of each entry of `hx` (LSTM: h and c), each of its
/// initial state's shape. The kernel needs a concrete sequence length, so
/// the time dimension is specialized to its example value.
pub fn rnn(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let states: Vec<Rc<Tensor>> = match call.arg(1) {
        Value::List(_) | Value::Tuple(_) => {
            let items = interp.iterate(&call.arg(1).clone())?;
            items
                .iter()
                .filter_map(|v| v.as_tensor().cloned())
                .collect()
        }
        Value::Tensor(t) => vec![t.clone()],
        _ => vec![],
    };
    let want = if call.spelling.contains("lstm") { 2 } else { 1 };
    if states.len() != want || states.iter().any(|h| h.rank() != 3) || x.rank() != 3 {
        return Err(shape_error(
            interp,
            format!(
                "{}: expected a 3-D input and {want} 3-D hidden state(s)",
                call.spelling
            ),
        ));
    }
    let batch_first = matches!(call.get("batch_first"), Value::Bool(true));
    let bidirectional = matches!(call.get("bidirectional"), Value::Bool(true));
    let time = if batch_first { 1 } else { 0 };
    interp.index_int(&Value::SymInt(x.shape[time].clone()))?;
    let dirs = if bidirectional { 2 } else { 1 };
    let mut out = x.shape.clone();
    let Ok(width) = states[0].shape[2].checked_mul(&SymExpr::int(dirs)) else {
        return Err(shape_error(
            interp,
            format!("{}: hidden size overflows", call.spelling),
        ));
    };
    out[2] = interp.env.simplify(&width);
    let mut outs = vec![(x.dtype, out)];
    outs.extend(states.iter().map(|h| (x.dtype, h.shape.clone())));
    let args = args_of(interp, call, call.args.len());
    let target = call.target(0);
    tuple_op(interp, &target, args, outs)
}

/// `embedding_bag.padding_idx(weight, indices, offsets, scale_grad_by_freq,
/// mode, sparse, per_sample_weights, include_last_offset, padding_idx)`:
/// (output, offset2bag, bag_size, max_indices). Mode 0 is sum, 1 mean, 2 max.
pub fn embedding_bag(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let w = tensor(interp, call, 0)?;
    let idx = tensor(interp, call, 1)?;
    let offsets = tensor(interp, call, 2)?;
    if w.rank() != 2 || idx.rank() != 1 || offsets.rank() != 1 {
        return Err(shape_error(
            interp,
            "embedding_bag: expected a 2-D weight and 1-D indices and offsets",
        ));
    }
    if idx.dtype.is_floating() || offsets.dtype.is_floating() {
        return Err(interp.torch_error(
            "RuntimeError",
            "embedding_bag: indices and offsets must be integer tensors",
        ));
    }
    let mode = opt_int(interp, &call.get("mode").clone())?.unwrap_or(0);
    let last = matches!(call.get("include_last_offset"), Value::Bool(true));
    let bags = if last {
        let n = interp.size_arith(offsets.shape[0].checked_sub(&SymExpr::int(1)))?;
        interp.env.simplify(&n)
    } else {
        offsets.shape[0].clone()
    };
    let d = w.shape[1].clone();
    let offset2bag = if mode == 0 {
        SymExpr::int(0)
    } else {
        idx.shape[0].clone()
    };
    let max_indices = if mode == 2 {
        vec![bags.clone(), d.clone()]
    } else {
        vec![bags.clone()]
    };
    let args = args_of(interp, call, call.args.len());
    let target = call.target(0);
    tuple_op(
        interp,
        &target,
        args,
        vec![
            (w.dtype, vec![bags.clone(), d]),
            (idx.dtype, vec![offset2bag]),
            (idx.dtype, vec![bags]),
            (idx.dtype, max_indices),
        ],
    )
}

/// `norm_except_dim(v, pow=2, dim=0)`: the norm over every dim but `dim`,
/// kept as size-1 dims (`dim=-1`: the norm of the whole tensor, 0-d).
pub fn norm_except_dim(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let v = tensor(interp, call, 0)?;
    let dim = opt_int(interp, &call.get("dim").clone())?.unwrap_or(0);
    let shape = if dim == -1 {
        Vec::new()
    } else {
        let d = wrap_existing_dim(interp, dim, v.rank())?;
        (0..v.rank())
            .map(|i| {
                if i == d {
                    v.shape[i].clone()
                } else {
                    SymExpr::int(1)
                }
            })
            .collect()
    };
    emit(interp, call, 0, call.args.len(), v.dtype, shape)
}
