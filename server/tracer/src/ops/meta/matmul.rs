//! The matmul family: `matmul`, `mm`, `linear`, `addmm`, `outer` and
//! `einsum`, with the guards their shape checks add.

use shapes::SymExpr;

use crate::dtype::DType;
use crate::graph::Arg;
use crate::interp::{Interp, R};
use crate::ops::OpCall;
use crate::python::names::known_names;
use crate::value::{CmpKind, Tensor, Value};

use super::*;

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
        crate::ops::views::internal_flatten_guards(interp, &a)?;
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
    crate::ops::views::internal_flatten_guards(interp, &x)?;
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
    let mut ellipsis: Vec<SymExpr> = Vec::new();
    let mut dtype: Option<DType> = None;
    for (index, (spec, op)) in specs.iter().zip(&ops).enumerate() {
        let Value::Tensor(t) = op else {
            return Err(interp.type_error("einsum(): operands must be tensors"));
        };
        dtype = Some(dtype.map_or(t.dtype, |d| DType::promote(d, t.dtype)));
        let (before, after) = match spec.split_once("...") {
            Some((b, a)) => (b, Some(a)),
            None => (*spec, None),
        };
        let letters = before.chars().count() + after.map_or(0, |a| a.chars().count());
        let fits = match after {
            Some(_) => letters <= t.rank(),
            None => letters == t.rank(),
        };
        if !fits {
            let relation = match after {
                Some(_) => "is more than",
                None => "does not match",
            };
            let tail = if after.is_some() {
                ""
            } else {
                " and no ellipsis was given"
            };
            return Err(shape_error(
                interp,
                format!(
                    "einsum(): the number of subscripts in the equation ({letters}) {relation} the number of dimensions ({}) for operand {index}{tail}",
                    t.rank()
                ),
            ));
        }
        let covered = t.rank() - letters;
        let head = before.chars().count();
        let mut labelled: Vec<(char, &SymExpr)> = before.chars().zip(&t.shape[..head]).collect();
        if let Some(after) = after {
            let spread = &t.shape[head..head + covered];
            ellipsis = broadcast(interp, &ellipsis, spread)?;
            labelled.extend(after.chars().zip(&t.shape[head + covered..]));
        }
        for (c, s) in labelled {
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
            let implicit: String = v.into_iter().collect();
            if lhs.contains("...") {
                format!("...{implicit}")
            } else {
                implicit
            }
        }
    };
    let size_of = |c: char| {
        sizes
            .iter()
            .find(|(k, _)| *k == c)
            .map(|(_, v)| v.clone())
            .unwrap_or(SymExpr::int(1))
    };
    let shape: Vec<SymExpr> = match out.split_once("...") {
        Some((before, after)) => before
            .chars()
            .map(size_of)
            .chain(ellipsis.iter().cloned())
            .chain(after.chars().map(size_of))
            .collect(),
        None => out.chars().map(size_of).collect(),
    };
    let args = vec![
        Arg::Str(eq.clone()),
        Arg::List(ops.iter().map(|o| interp.arg_of(o)).collect()),
    ];
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], dtype.unwrap_or(DType::F32), shape)
}

/// `linalg.qr(A, mode='reduced')`: `Q` `[*, m, k]` and `R` `[*, k, n]`
/// with `k = Min(m, n)` (`'complete'`: `Q` `[*, m, m]`, `R` `[*, m, n]`;
/// `'r'`: an empty `Q`), both column-major as torch's meta allocates them.
pub fn linalg_qr(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    if a.rank() < 2 {
        return Err(interp.torch_error(
            "RuntimeError",
            "linalg.qr: The input tensor A must have at least 2 dimensions.",
        ));
    }
    if !a.dtype.is_floating() && !a.dtype.is_complex() {
        return Err(interp.torch_error(
            "RuntimeError",
            format!(
                "linalg.qr: Expected a floating point or complex tensor as input. Got {}",
                a.dtype.torch_name()
            ),
        ));
    }
    let mode = match call.get("mode") {
        Value::Str(m) => m.to_string(),
        _ => "reduced".to_string(),
    };
    let (compute_q, reduced) = match QrMode::from_name(&mode) {
        Some(QrMode::Reduced) => (true, true),
        Some(QrMode::Complete) => (true, false),
        Some(QrMode::R) => (false, true),
        None => {
            let other = &mode;
            return Err(interp.torch_error(
                "RuntimeError",
                format!(
                    "qr received unrecognized mode '{other}' but expected one of 'reduced' (default), 'r', or 'complete'"
                ),
            ));
        }
    };
    let rank = a.rank();
    let (m, n) = (a.shape[rank - 2].clone(), a.shape[rank - 1].clone());
    let k = interp.env.simplify(&m.min(&n));
    let q_shape = if compute_q {
        let mut s = a.shape.clone();
        s[rank - 1] = if reduced { k.clone() } else { m.clone() };
        s
    } else {
        vec![SymExpr::int(0)]
    };
    let mut r_shape = a.shape.clone();
    r_shape[rank - 2] = if reduced { k } else { m };
    let mut q = interp.op_output(a.dtype, q_shape);
    let mut r = interp.op_output(a.dtype, r_shape);
    if interp.tracing {
        for (t, column_major) in [(&mut q, compute_q), (&mut r, true)] {
            if let (true, Some(layout)) = (column_major, column_major_layout(&interp.env, &t.shape))
                && let Some(t) = std::rc::Rc::get_mut(t)
            {
                t.layout = Some(std::rc::Rc::new(layout));
            }
        }
    }
    let args = args_of(interp, call, 2);
    let target = call.target(0);
    record_tuple(interp, &target, args, vec![q, r])
}

/// torch's `make_contiguous_strides_for(shape, row_major=False)`: the
/// strides of the shape with its last two dims swapped, swapped back.
fn column_major_layout(
    env: &crate::shape_env::ShapeEnv,
    shape: &[SymExpr],
) -> Option<crate::layout::Layout> {
    let rank = shape.len();
    if rank < 2 {
        return crate::layout::Layout::allocated(env, shape).ok();
    }
    let mut swapped = shape.to_vec();
    swapped.swap(rank - 2, rank - 1);
    let mut layout = crate::layout::Layout::allocated(env, &swapped).ok()?;
    layout.strides.swap(rank - 2, rank - 1);
    layout.storage_numel = crate::layout::storage_span(shape, &layout.strides).ok()?;
    Some(layout)
}

known_names! {
    /// The modes `torch.linalg.qr` accepts.
    enum QrMode {
        Reduced = "reduced",
        Complete = "complete",
        R = "r",
    }
}

/// `dot(input, tensor)`: the inner product of two 1-d tensors of one
/// length and one dtype, a 0-d tensor.
pub fn dot(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let b = tensor(interp, call, 1)?;
    if a.rank() != 1 || b.rank() != 1 {
        return Err(shape_error(
            interp,
            format!(
                "1D tensors expected, but got {}D and {}D tensors",
                a.rank(),
                b.rank()
            ),
        ));
    }
    if a.dtype != b.dtype {
        return Err(shape_error(
            interp,
            "dot : expected both vectors to have same dtype",
        ));
    }
    expect_eq(interp, &a.shape[0], &b.shape[0], "inconsistent tensor size")?;
    emit(interp, call, 0, 2, a.dtype, vec![])
}

/// `inverse(input)`: a batch of square matrices, inverted (same shape).
pub fn inverse(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let n = a.rank();
    if n < 2 {
        return Err(shape_error(
            interp,
            "linalg.inv: The input tensor A must have at least 2 dimensions.",
        ));
    }
    expect_eq(
        interp,
        &a.shape[n - 2],
        &a.shape[n - 1],
        "linalg.inv: A must be batches of square matrices",
    )?;
    emit(interp, call, 0, 1, a.dtype, a.shape.clone())
}

/// `diag(input, diagonal=0)`: a 1-d tensor's square matrix with it on the
/// given diagonal, or a matrix's diagonal as a 1-d tensor.
pub fn diag(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let d = opt_int(interp, call.arg(1))?.unwrap_or(0);
    let shape = match a.shape.as_slice() {
        [n] => {
            let Ok(side) = n.checked_add(&SymExpr::int(d.abs())) else {
                return Err(shape_error(interp, "diag(): the size overflows"));
            };
            vec![side.clone(), side]
        }
        [rows, cols] => {
            let (Some(r), Some(c)) = (rows.as_const(), cols.as_const()) else {
                let r = interp.current_range();
                return Ok(interp.incomplete(
                    r,
                    "analysis incomplete: the diagonal of a matrix with dynamic sizes is not modelled",
                ));
            };
            let len = if d >= 0 { r.min(c - d) } else { (r + d).min(c) };
            vec![SymExpr::int(len.max(0))]
        }
        _ => {
            return Err(shape_error(
                interp,
                "diag(): Supports 1D or 2D tensors. Got 0D",
            ));
        }
    };
    emit(interp, call, 0, 2, a.dtype, shape)
}

/// `mv(input, vec)`: a matrix [n, m] times a vector [m], a vector [n].
pub fn mv(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let v = tensor(interp, call, 1)?;
    if a.rank() != 2 || v.rank() != 1 {
        return Err(shape_error(
            interp,
            format!(
                "vector + matrix @ vector expected, got 1, {}, {}",
                a.rank(),
                v.rank()
            ),
        ));
    }
    expect_eq(interp, &a.shape[1], &v.shape[0], "size mismatch")?;
    emit(
        interp,
        call,
        0,
        2,
        DType::promote(a.dtype, v.dtype),
        vec![a.shape[0].clone()],
    )
}

/// `dist(input, other, p=2)`: the p-norm of the broadcast difference, 0-d.
pub fn dist(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let b = tensor(interp, call, 1)?;
    broadcast(interp, &a.shape, &b.shape)?;
    emit(interp, call, 0, 3, DType::promote(a.dtype, b.dtype), vec![])
}
