//! Elementwise ops: broadcasting, type promotion, the guards broadcasting
//! adds, and where an elementwise output lives (its strides).

use std::rc::Rc;

use shapes::SymExpr;

use crate::dtype::{Category, DType, Operand, result_type};
use crate::graph::Arg;
use crate::interp::{Interp, R};
use crate::ops::OpCall;
use crate::python::objects::KnownObject;
use crate::value::{CmpKind, Tensor, Value};

use super::*;

/// Unary op keeping the input dtype (targets: [op]).
pub fn unary(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    if call.inplace {
        return emit_inplace(interp, call, 0, last_explicit(call));
    }
    emit_elementwise(interp, call, &t, t.dtype)
}

/// `hardtanh` and `relu6`: in place, fake tensors run it as its Python
/// decomposition, whose `clone` asks whether the input is non-overlapping
/// and dense (its guards on a symbolic layout; no node).
pub fn hardtanh(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    if call.inplace && interp.tracing && t.shape.iter().any(|d| !d.is_const()) {
        let line = interp.guard_line();
        if let Ok(layout) = t.layout() {
            // Only its guards matter here: the clone is not recorded.
            let _ = crate::layout::is_non_overlapping_and_dense_or_false(
                &mut interp.env,
                &t.shape,
                &layout.strides,
                line,
            );
        }
    }
    unary(interp, call)
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

/// `cross(input, other, dim=None)`: the vector product along a dim of
/// size 3 of the broadcast inputs (`dim` recorded when given).
pub fn cross(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = call.arg(0).clone();
    let b = call.arg(1).clone();
    let (Value::Tensor(ta), Value::Tensor(tb)) = (&a, &b) else {
        return Err(interp.type_error(format!(
            "{}(): argument 'other' must be Tensor",
            call.spelling
        )));
    };
    if ta.rank() != tb.rank() {
        return Err(interp.torch_error(
            "RuntimeError",
            format!(
                "linalg.cross: inputs must have the same number of dimensions. Got {} and {}",
                ta.rank(),
                tb.rank()
            ),
        ));
    }
    let shape = broadcast(interp, &shape_of(&a), &shape_of(&b))?;
    let ops: Vec<Operand> = [&a, &b].iter().filter_map(|v| operand(v)).collect();
    let dtype = result_type(&ops);
    let n = if call.get("dim").is_none() { 2 } else { 3 };
    let output = elementwise_output(interp, &[&a, &b], &shape);
    let args = args_of(interp, call, n);
    let target = call.target(0);
    interp.record_output(&target, args, vec![], dtype, shape, output)
}

/// `isclose(input, other, rtol, atol, equal_nan)`: two tensors of one
/// dtype compared elementwise, broadcast, a bool tensor.
pub fn isclose(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = call.arg(0).clone();
    let b = call.arg(1).clone();
    let (Value::Tensor(ta), Value::Tensor(tb)) = (&a, &b) else {
        return Err(interp.type_error(format!(
            "{}(): argument 'other' must be Tensor",
            call.spelling
        )));
    };
    if ta.dtype != tb.dtype {
        return Err(interp.torch_error(
            "RuntimeError",
            format!(
                "{}: Input dtypes must be the same, got: input {} and other {}",
                call.spelling,
                ta.dtype.torch_name(),
                tb.dtype.torch_name()
            ),
        ));
    }
    let shape = broadcast(interp, &shape_of(&a), &shape_of(&b))?;
    let output = elementwise_output(interp, &[&a, &b], &shape);
    let args = args_of(interp, call, 5);
    let target = call.target(0);
    interp.record_output(&target, args, vec![], DType::Bool, shape, output)
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

/// `lerp(input, end, weight)`: targets [`.Scalar`, `.Tensor`], by whether
/// the weight is a tensor; the operands broadcast, the dtype is the
/// input's (torch requires `end`'s and a tensor weight's to match it).
pub fn lerp(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let end = tensor(interp, call, 1)?;
    let weight = call.arg(2).clone();
    let by_tensor = matches!(weight, Value::Tensor(_));
    if end.dtype != t.dtype {
        return Err(interp.torch_error(
            "RuntimeError",
            format!(
                "expected dtype {} for `end` but got dtype {}",
                t.dtype.torch_name(),
                end.dtype.torch_name()
            ),
        ));
    }
    let idx = usize::from(by_tensor);
    if call.inplace {
        return emit_inplace(interp, call, idx, 3);
    }
    let mut shape = broadcast(interp, &t.shape, &end.shape)?;
    if by_tensor {
        shape = broadcast(interp, &shape, &shape_of(&weight))?;
    }
    let operands = [Value::Tensor(t.clone()), Value::Tensor(end), weight];
    let refs: Vec<&Value> = operands
        .iter()
        .filter(|v| matches!(v, Value::Tensor(_)))
        .collect();
    let output = elementwise_output(interp, &refs, &shape);
    let args = args_of(interp, call, 3);
    let target = call.target(idx);
    interp.record_output(&target, args, vec![], t.dtype, shape, output)
}

/// `polar(abs, angle)`: the complex tensor of the broadcast operands
/// (`complex64` of `float32`, `complex128` of `float64`).
pub fn polar(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let b = tensor(interp, call, 1)?;
    let dtype = match a.dtype {
        DType::F32 => DType::C64,
        DType::F64 => DType::C128,
        other => {
            return Err(interp.torch_error(
                "RuntimeError",
                format!(
                    "polar: expected a float or double tensor, got {}",
                    other.torch_name()
                ),
            ));
        }
    };
    if b.dtype != a.dtype {
        return Err(interp.torch_error(
            "RuntimeError",
            "Expected object of scalar type Float but got scalar type Double for second argument",
        ));
    }
    let shape = broadcast(interp, &a.shape, &b.shape)?;
    let operands = [Value::Tensor(a), Value::Tensor(b)];
    let output = elementwise_output(interp, &[&operands[0], &operands[1]], &shape);
    let args = args_of(interp, call, 2);
    let target = call.target(0);
    interp.record_output(&target, args, vec![], dtype, shape, output)
}

/// `bucketize(input, boundaries, *, out_int32=False, right=False)`:
/// targets [`.Tensor`, `.Scalar`]; the input's shape (a Python number's
/// is 0-d), `int64` or `int32`.
pub fn bucketize(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let input = call.arg(0).clone();
    let boundaries = tensor(interp, call, 1)?;
    if boundaries.rank() != 1 {
        return Err(interp.torch_error(
            "RuntimeError",
            format!(
                "boundaries tensor must be 1 dimension, but got dim({})",
                boundaries.rank()
            ),
        ));
    }
    let dtype = if matches!(call.get("out_int32"), Value::Bool(true)) {
        DType::I32
    } else {
        DType::I64
    };
    let idx = usize::from(!matches!(input, Value::Tensor(_)));
    emit(interp, call, idx, 4, dtype, shape_of(&input))
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

/// What an elementwise op's fake kernel asks of its tensor operands before
/// it lays out an output of rank 2 or more on symbolic sizes (the fast
/// path of `add`/`sub`/`mul`/`div` and the prims' output strides alike):
/// whether each is contiguous, until one is not, then whether each 4-d one
/// is channels-last, until one is not. These are guards of the op's line:
/// in strict mode Dynamo asks them first, before the AOT phase's
/// `tensor_meta`.
pub(super) fn elementwise_input_guards(interp: &mut Interp, operands: &[&Value], rank: usize) {
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
