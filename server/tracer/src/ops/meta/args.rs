//! Argument helpers shared by the meta functions: tensors, ints, sizes and
//! dims read from an op call, shape errors worded as torch words them.

use std::rc::Rc;

use shapes::SymExpr;

use crate::dtype::{Category, DType, Operand};
use crate::graph::Arg;
use crate::interp::{Interp, R};
use crate::ops::OpCall;
use crate::value::{CmpKind, Tensor, Value};

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
pub(super) fn emit_as(
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
pub(super) fn emit_allocated(
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

pub(super) fn shape_of(v: &Value) -> Vec<SymExpr> {
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
