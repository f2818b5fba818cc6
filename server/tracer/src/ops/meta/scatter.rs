//! Scatter ops: `scatter` (src, value and `reduce=` forms), `scatter_add`,
//! `scatter_reduce`, `masked_scatter`, `index_copy` and `index_add`, with the checks torch's meta
//! functions make on symbolic sizes (`scatter_shape_check`: the index no
//! larger than the input outside the scattered dim, nor than the source).

use shapes::SymExpr;

use crate::interp::{Interp, R};
use crate::ops::OpCall;
use crate::value::{CmpKind, Tensor, Value};

use super::*;

/// `scatter(dim, index, src|value, *, reduce=None)`: targets [`.src`,
/// `.value`, `.reduce`, `.value_reduce`], picked by whether the source is
/// a tensor and whether `reduce` is given.
pub fn scatter(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let src = call.arg(3).clone();
    let reduce = call.get("reduce").clone();
    let by_value = !matches!(src, Value::Tensor(_));
    if let Value::Str(r) = &reduce
        && !matches!(&**r, "add" | "multiply")
    {
        return Err(interp.torch_error(
            "RuntimeError",
            "reduce argument must be either add or multiply.",
        ));
    }
    let reducing = !reduce.is_none();
    let target = match (by_value, reducing) {
        (false, false) => 0,
        (true, false) => 1,
        (false, true) => 2,
        (true, true) => 3,
    };
    scatter_checks(interp, call, (!by_value).then_some(&src))?;
    finish(interp, call, target, if reducing { 5 } else { 4 })
}

/// `scatter_add(dim, index, src)`.
pub fn scatter_add(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let src = call.arg(3).clone();
    scatter_checks(interp, call, Some(&src))?;
    finish(interp, call, 0, 4)
}

/// `index_copy(dim, index, source)` and `index_add(dim, index, source, *,
/// alpha=1)`: the input's shape and dtype (`alpha` is recorded when it is
/// not 1).
pub fn index_update(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let n_args = match call.get("alpha") {
        Value::None | Value::Int(1) => 4,
        _ => 5,
    };
    finish(interp, call, 0, n_args)
}

/// `scatter_reduce(dim, index, src, reduce, *, include_self=True)`.
pub fn scatter_reduce(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let src = call.arg(3).clone();
    match call.arg(4) {
        Value::Str(r) if matches!(&**r, "sum" | "prod" | "mean" | "amax" | "amin") => {}
        _ => {
            return Err(interp.torch_error(
                "RuntimeError",
                "reduce argument must be either sum, prod, mean, amax or amin.",
            ));
        }
    }
    scatter_checks(interp, call, Some(&src))?;
    let n = if matches!(call.get("include_self"), Value::Bool(false)) {
        6
    } else {
        5
    };
    finish(interp, call, 0, n)
}

/// The output (the input's shape and dtype), or the in-place update.
fn finish(interp: &mut Interp, call: &OpCall, target: usize, n_args: usize) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    if call.inplace {
        return emit_inplace(interp, call, target, n_args);
    }
    emit(interp, call, target, n_args, t.dtype, t.shape.clone())
}

/// torch's `scatter_gather_dtype_check` and `scatter_shape_check`.
fn scatter_checks(interp: &mut Interp, call: &OpCall, src: Option<&Value>) -> R<()> {
    let t = tensor(interp, call, 0)?;
    let index = tensor(interp, call, 2)?;
    let dim = interp.index_int(&call.arg(1).clone())?;
    let dim = wrap_dim(interp, dim, t.rank().max(1))?;
    let src = match src {
        Some(Value::Tensor(s)) => Some(s.clone()),
        Some(_) => {
            return Err(interp.type_error(format!("{}(): expected a tensor source", call.spelling)));
        }
        None => None,
    };
    // An empty index is not checked (`guard_or_false(numel == 0)`).
    let numel = interp.size_arith(crate::layout::numel(&index.shape))?;
    let line = interp.guard_line();
    let zero = SymExpr::int(0);
    let empty = interp
        .env
        .guard_or(&numel, CmpKind::Eq, &zero, line, false, false);
    if !empty
        && !matches!(
            index.dtype,
            crate::dtype::DType::I64 | crate::dtype::DType::I32
        )
    {
        return Err(interp.torch_error(
            "RuntimeError",
            "scatter(): Expected dtype int32/int64 for index",
        ));
    }
    if let Some(s) = &src
        && s.dtype != t.dtype
    {
        return Err(interp.torch_error(
            "RuntimeError",
            "scatter(): Expected self.dtype to be equal to src.dtype",
        ));
    }
    if empty {
        return Ok(());
    }
    let dims = t.rank().max(1);
    if index.rank().max(1) != dims {
        return Err(shape_error(
            interp,
            "Index tensor must have the same number of dimensions as self tensor",
        ));
    }
    let size = |x: &Tensor, d: usize| x.shape.get(d).cloned().unwrap_or(SymExpr::int(1));
    for d in (0..dims).filter(|d| *d != dim) {
        if !interp.torch_check(&size(&index, d), CmpKind::Le, &size(&t, d))? {
            return Err(shape_error(
                interp,
                "Expected index to be no larger than self apart from dimension dim",
            ));
        }
    }
    if let Some(s) = &src {
        if s.rank().max(1) != dims {
            return Err(shape_error(
                interp,
                "Index tensor must have the same number of dimensions as src tensor",
            ));
        }
        for d in 0..dims {
            if !interp.torch_check(&size(&index, d), CmpKind::Le, &size(s, d))? {
                return Err(shape_error(
                    interp,
                    "Expected index to be no larger than src",
                ));
            }
        }
    }
    Ok(())
}

/// `masked_scatter(mask, source)`: the input broadcast with the mask.
pub fn masked_scatter(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let mask = tensor(interp, call, 1)?;
    let source = tensor(interp, call, 2)?;
    if !matches!(
        mask.dtype,
        crate::dtype::DType::Bool | crate::dtype::DType::U8
    ) {
        return Err(interp.torch_error("RuntimeError", "Mask must be bool or uint8"));
    }
    if source.dtype != t.dtype {
        return Err(interp.torch_error(
            "RuntimeError",
            "masked_scatter: expected self and source to have same dtypes",
        ));
    }
    if call.inplace {
        // The mask broadcasts to the input, never the reverse.
        expand_checks(interp, &mask.shape, &t.shape)?;
        return emit_inplace(interp, call, 0, 3);
    }
    let shape = broadcast(interp, &t.shape, &mask.shape)?;
    emit(interp, call, 0, 3, t.dtype, shape)
}
