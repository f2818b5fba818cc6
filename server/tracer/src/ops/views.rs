//! Meta functions of shape-changing ops: view/reshape (with `-1` inference
//! and the numel guard), flatten/unflatten, permute/transpose, squeeze and
//! unsqueeze, expand/repeat, cat/stack, split/chunk/unbind, select/narrow,
//! gather-like indexing ops and dtype conversions.

use shapes::SymExpr;

use super::OpCall;
use super::meta::{
    broadcast, check_piece_count, emit, expect_eq, int_list, opt_int, record_tuple, shape_error,
    size_expr, tensor, tuple_op, wrap_dim, wrap_existing_dim,
};
use crate::dtype::DType;
use crate::graph::Arg;
use crate::interp::{Interp, R};
use crate::value::{CmpKind, Tensor, Value};

/// The product of sizes (an element count), or torch's overflow error.
fn product(interp: &Interp, dims: &[SymExpr]) -> R<SymExpr> {
    interp.size_arith(crate::layout::numel(dims))
}

/// The sum of sizes, or torch's overflow error.
fn sum(interp: &Interp, v: &[&SymExpr]) -> R<SymExpr> {
    let total = v
        .iter()
        .try_fold(SymExpr::int(0), |acc, x| acc.checked_add(x));
    interp.size_arith(total)
}

/// Divide `numel` (as a list of factors) by `known` factors, cancelling
/// equal factors first so symbolic sizes divide exactly.
fn infer_missing(interp: &mut Interp, numel: &[SymExpr], known: &[SymExpr]) -> R<SymExpr> {
    let mut num: Vec<SymExpr> = numel.iter().map(|d| interp.env.simplify(d)).collect();
    let mut den_const = 1i64;
    let mut den_sym: Vec<SymExpr> = Vec::new();
    for k in known {
        let k = interp.env.simplify(k);
        if let Some(pos) = num.iter().position(|n| *n == k) {
            num.remove(pos);
        } else if let Some(c) = k.as_const() {
            den_const = den_const.saturating_mul(c);
        } else {
            den_sym.push(k);
        }
    }
    let n = product(interp, &num)?;
    if !den_sym.is_empty() {
        // Try to cancel a symbolic factor against the product.
        let d = product(interp, &den_sym)?.checked_mul(&SymExpr::int(den_const));
        let d = interp.size_arith(d)?;
        return interp.size_arith(n.checked_floordiv(&d));
    }
    if den_const == 0 {
        return Err(shape_error(
            interp,
            "cannot infer -1 with a zero-sized dimension",
        ));
    }
    if let Some(c) = n.as_const() {
        if c % den_const != 0 {
            return Err(shape_error(
                interp,
                format!("shape is invalid for input of size {c}"),
            ));
        }
    } else {
        let m = interp.size_arith(n.checked_modulo(&SymExpr::int(den_const)))?;
        if m.as_const().is_none() {
            // torch checks divisibility: Eq(Mod(numel, c), 0).
            if !interp.torch_check(&m, crate::value::CmpKind::Eq, &SymExpr::int(0))? {
                return Err(shape_error(interp, "shape is invalid for the input size"));
            }
        }
    }
    interp.size_arith(n.checked_floordiv(&SymExpr::int(den_const)))
}

/// Decide a relation between sizes as Python's `if` does (a guard from the
/// example values, on the current user line).
fn decide(interp: &mut Interp, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr) -> R<bool> {
    let line = interp.guard_line();
    match interp.env.evaluate(lhs, op, rhs, line) {
        Ok(b) => Ok(b),
        Err(dd) => Err(interp.data_dependent(&dd.expr)),
    }
}

/// `torch._check(lhs op rhs)`: a guard, or a shape error when the example
/// values contradict it.
fn check(interp: &mut Interp, lhs: &SymExpr, op: CmpKind, rhs: &SymExpr, what: &str) -> R<()> {
    if interp.torch_check(lhs, op, rhs)? {
        Ok(())
    } else {
        Err(shape_error(interp, what.to_string()))
    }
}

/// torch's view/reshape on symbolic sizes (`torch._refs._reshape_view_helper`
/// with `utils.infer_size`), for a contiguous input: infers the `-1`
/// (guarding `Mod(numel, newsize) == 0`), checks the element count, then
/// builds each requested dim left to right from the input dims, flattening
/// and splitting (`prims.split_dim`) as torch does. Every Python decision of
/// that algorithm is a guard; the result is the shape torch computes
/// (`[s0, (s1//8), (s1//((s1//8)))]`), not the requested one.
///
/// With `cache` (the input's layout and item size), each `collapse_view`
/// and `split_dim` result, a view the fake-tensor cache rebuilds, asks
/// what a view output asks ([`crate::layout::view_cache_checks`]).
fn reshape_view_helper(
    interp: &mut Interp,
    input: &[SymExpr],
    in_strides: &[SymExpr],
    requested: &[Option<SymExpr>],
    cache: Option<(&crate::layout::Layout, i64)>,
) -> R<(Vec<SymExpr>, Vec<SymExpr>)> {
    let rebuilt = |interp: &mut Interp, a: &[SymExpr], st: &[SymExpr]| {
        if let Some((base, itemsize)) = cache {
            let strides = st.iter().map(|d| interp.env.simplify(d)).collect();
            let view = crate::layout::Layout {
                strides,
                ..base.clone()
            };
            let line = interp.guard_line();
            let _ = crate::layout::view_cache_checks(&mut interp.env, a, &view, itemsize, line);
        }
    };
    let zero = SymExpr::int(0);
    let one = SymExpr::int(1);
    let Ok(numel) = input
        .iter()
        .try_fold(SymExpr::int(1), |acc, d| acc.checked_mul(d))
    else {
        return Err(shape_error(interp, "the number of elements overflows"));
    };
    let invalid = format!(
        "shape '[{}]' is invalid for input of size {}",
        requested
            .iter()
            .map(|d| d
                .as_ref()
                .map_or("-1".to_string(), |e| interp.env.render(e)))
            .collect::<Vec<_>>()
            .join(", "),
        interp.env.render(&numel)
    );
    // utils.infer_size
    let mut newsize = SymExpr::int(1);
    let minus_one = SymExpr::int(-1);
    for d in requested.iter().flatten() {
        // `guard_or_false(d == -1)`: a size the ranges leave open
        // (`s0*(s1 - 1)`, expanded) is guarded not to be -1.
        let line = interp.guard_line();
        interp
            .env
            .guard_or(d, CmpKind::Eq, &minus_one, line, false, false);
        check(
            interp,
            d,
            CmpKind::Ge,
            &zero,
            &format!("invalid shape dimension {}", interp.env.render(d)),
        )?;
        newsize = newsize
            .checked_mul(d)
            .map_err(|_| shape_error(interp, invalid.clone()))?;
    }
    let shape: Vec<SymExpr> = if requested.iter().any(Option::is_none) {
        check(interp, &newsize, CmpKind::Ne, &zero, &invalid)?;
        let rem = numel
            .checked_modulo(&newsize)
            .map_err(|_| shape_error(interp, invalid.clone()))?;
        check(interp, &rem, CmpKind::Eq, &zero, &invalid)?;
        let missing = numel
            .checked_floordiv(&newsize)
            .map_err(|_| shape_error(interp, invalid.clone()))?;
        requested
            .iter()
            .map(|d| d.clone().unwrap_or_else(|| missing.clone()))
            .collect()
    } else {
        check(interp, &numel, CmpKind::Eq, &newsize, &invalid)?;
        requested.iter().flatten().cloned().collect()
    };
    // as_strided with contiguous strides (none when they overflow).
    let as_strided = |shape: Vec<SymExpr>| {
        let strides = crate::layout::contiguous_strides(&shape).unwrap_or_default();
        Ok((shape, strides))
    };
    if decide(interp, &numel, CmpKind::Eq, &zero)? || input.is_empty() || shape.is_empty() {
        return as_strided(shape);
    }
    // Contiguous special cases: nd -> 1d and 1d -> 2d are plain as_strided.
    if (shape.len() == 1 && input.len() > 1) || (shape.len() == 2 && input.len() == 1) {
        return as_strided(shape);
    }
    let shape_numel = shape
        .iter()
        .try_fold(SymExpr::int(1), |acc, d| acc.checked_mul(d))
        .map_err(|_| shape_error(interp, invalid.clone()))?;
    check(interp, &numel, CmpKind::Eq, &shape_numel, &invalid)?;
    // _reshape_view_helper_core_alg
    let mut a: Vec<SymExpr> = input.to_vec();
    // The strides of `a`, as prims.collapse_view / split_dim derive them.
    let mut st: Vec<SymExpr> = in_strides.to_vec();
    st.resize(a.len(), SymExpr::int(1));
    let mut idx = 0usize;
    for length in &shape {
        if idx >= a.len() {
            if decide(interp, length, CmpKind::Ne, &one)? {
                return Err(shape_error(interp, invalid));
            }
            a.push(SymExpr::int(1));
            st.push(SymExpr::int(1));
            idx += 1;
            continue;
        }
        // `length == a_.shape[idx]`: Python compares an int with a SymInt
        // from the SymInt's side.
        let same = if length.is_const() {
            decide(interp, &a[idx], CmpKind::Eq, length)?
        } else {
            decide(interp, length, CmpKind::Eq, &a[idx])?
        };
        if same {
            idx += 1;
            continue;
        }
        let mut accum = a[idx].clone();
        let mut end = idx;
        loop {
            let rem = accum
                .checked_modulo(length)
                .map_err(|_| shape_error(interp, invalid.clone()))?;
            if !decide(interp, &rem, CmpKind::Ne, &zero)? {
                break;
            }
            end += 1;
            let Some(next) = a.get(end) else {
                return Err(shape_error(interp, invalid));
            };
            accum = accum
                .checked_mul(next)
                .map_err(|_| shape_error(interp, invalid.clone()))?;
        }
        if end != idx {
            let stride = collapse_stride(interp, &a[idx..=end], &st[idx..=end])?;
            collapse_length_checks(interp, &a[idx..=end]);
            a.splice(idx..=end, [accum.clone()]);
            st.splice(idx..=end, [stride]);
            rebuilt(interp, &a, &st);
        }
        if decide(interp, &accum, CmpKind::Ne, length)? {
            // prims.split_dim(a, idx, length)
            let rem = accum
                .checked_modulo(length)
                .map_err(|_| shape_error(interp, invalid.clone()))?;
            if decide(interp, &rem, CmpKind::Ne, &zero)? {
                return Err(shape_error(interp, invalid));
            }
            let inner = accum
                .checked_floordiv(length)
                .map_err(|_| shape_error(interp, invalid.clone()))?;
            let outer_stride = st[idx]
                .checked_mul(&inner)
                .map_err(|_| shape_error(interp, invalid.clone()))?;
            let inner_stride = st[idx].clone();
            a.splice(idx..=idx, [length.clone(), inner]);
            st.splice(idx..=idx, [outer_stride, inner_stride]);
            rebuilt(interp, &a, &st);
        }
        idx += 1;
    }
    // Squeezes the tail.
    while idx < a.len() {
        check(interp, &a[idx], CmpKind::Eq, &one, &invalid)?;
        a.remove(idx);
        st.remove(idx);
    }
    Ok((a, st))
}

/// `prims.collapse_view`'s length of merged `sizes`: unless the last is
/// 0 (`guard_or_true(length != 0)`), each earlier size from the last is
/// asked whether 0 (`guard_or_false`), guards when the ranges leave it
/// open.
fn collapse_length_checks(interp: &mut Interp, sizes: &[SymExpr]) {
    let zero = SymExpr::int(0);
    let line = interp.guard_line();
    let Some((last, earlier)) = sizes.split_last() else {
        return;
    };
    if !interp
        .env
        .guard_or(last, CmpKind::Ne, &zero, line, true, false)
    {
        return;
    }
    for size in earlier.iter().rev() {
        if interp
            .env
            .guard_or(size, CmpKind::Eq, &zero, line, false, false)
        {
            return;
        }
    }
}

/// The stride of dims merged by `prims.collapse_view`: the last one's,
/// lowered to each earlier stride whose size is not 1. torch computes it
/// with Python's `min`, which non-strict export replaces by `sym_min` (a
/// `Min(f, s*f)` stride, no guard) and which in strict mode compares the
/// two (a guard when the ranges leave it open).
fn collapse_stride(interp: &mut Interp, sizes: &[SymExpr], strides: &[SymExpr]) -> R<SymExpr> {
    let one = SymExpr::int(1);
    let Some((last, earlier)) = strides.split_last() else {
        return Ok(one);
    };
    let mut stride = last.clone();
    for (size, candidate) in sizes.iter().zip(earlier).rev() {
        if !decide(interp, size, CmpKind::Ne, &one)? {
            continue;
        }
        stride = if interp.mode == crate::Mode::NonStrict {
            stride.min(candidate)
        } else if decide(interp, candidate, CmpKind::Lt, &stride)? {
            candidate.clone()
        } else {
            stride
        };
    }
    Ok(stride)
}

/// The guards of a reshape an op does internally (linear and matmul fold
/// the batch dims of an input of rank 3 or more: `x.reshape(-1, k)`): the
/// reshape's own decisions, then the fake-tensor cache rebuilding the
/// view (one view: ATen's reshape, not the prims a Python view runs). No
/// node is recorded; an input that is not a plain contiguous
/// tensor is copied instead and adds nothing here.
pub fn internal_flatten_guards(interp: &mut Interp, t: &Tensor) -> R<()> {
    let Some((last, batch)) = t.shape.split_last() else {
        return Ok(());
    };
    let symbolic = t.shape.iter().any(|d| !d.is_const());
    let unbacked = t
        .shape
        .iter()
        .any(|d| d.symbols().iter().any(|s| interp.env.info(*s).unbacked));
    if batch.len() < 2 || !symbolic || unbacked {
        return Ok(());
    }
    let Ok(layout) = t.layout() else {
        return Ok(());
    };
    let contiguous = crate::layout::contiguous_strides(&t.shape).is_ok_and(|c| {
        c.iter()
            .zip(&layout.strides)
            .all(|(a, b)| interp.env.known_equal(a, b))
    });
    if !contiguous {
        return Ok(());
    }
    let Ok(rows) = crate::layout::numel(batch) else {
        return Ok(());
    };
    let itemsize = t.dtype.size_of() as i64;
    let (shape, strides) = reshape_view_helper(
        interp,
        &t.shape,
        &layout.strides,
        &[Some(rows), Some(last.clone())],
        None,
    )?;
    let strides = strides.iter().map(|d| interp.env.simplify(d)).collect();
    let view = crate::layout::Layout { strides, ..layout };
    let line = interp.guard_line();
    let _ = crate::layout::view_cache_checks(&mut interp.env, &shape, &view, itemsize, line);
    Ok(())
}

/// `view`/`reshape(*shape)` (targets: [op]).
pub fn view(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let spec = interp.iterate(&call.arg(1).clone())?;
    if spec.len() == 1 && matches!(spec[0], Value::DType(_)) {
        let Value::DType(d) = spec[0] else {
            unreachable!()
        };
        return emit(interp, call, 0, 2, d, t.shape.clone());
    }
    let mut out: Vec<Option<SymExpr>> = Vec::with_capacity(spec.len());
    for v in &spec {
        let e = size_expr(interp, v)?;
        out.push(if e.as_const() == Some(-1) {
            None
        } else {
            Some(e)
        });
    }
    if out.iter().filter(|o| o.is_none()).count() > 1 {
        return Err(shape_error(interp, "only one dimension can be inferred"));
    }
    let args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        Arg::List(spec.iter().map(|v| interp.arg_of(v)).collect()),
    ];
    view_to(interp, call, &t, out, args)
}

/// [`view`] of `t` to the requested sizes (`None`: the one inferred),
/// recorded with `args`.
fn view_to(
    interp: &mut Interp,
    call: &OpCall,
    t: &std::rc::Rc<Tensor>,
    out: Vec<Option<SymExpr>>,
    args: Vec<Arg>,
) -> R<Value> {
    let known: Vec<SymExpr> = out.iter().flatten().cloned().collect();
    let backed_symbolic = |e: &SymExpr| {
        let syms = e.symbols();
        !syms.is_empty() && syms.iter().all(|s| !interp.env.info(*s).unbacked)
    };
    let symbolic = t.shape.iter().chain(known.iter()).any(backed_symbolic);
    let any_unbacked = t
        .shape
        .iter()
        .chain(known.iter())
        .any(|e| e.symbols().iter().any(|s| interp.env.info(*s).unbacked));
    // A contiguous input gives a view in its storage; any other is copied
    // by reshape (torch's view would refuse it).
    let base = t.layout().ok().filter(|l| {
        crate::layout::contiguous_strides(&t.shape).is_ok_and(|c| {
            c.iter()
                .zip(&l.strides)
                .all(|(a, b)| interp.env.known_equal(a, b))
        })
    });
    let mut strides: Option<Vec<SymExpr>> = None;
    if any_unbacked {
        // infer_size checks every requested size is not negative.
        for d in &known {
            if !interp.torch_check(d, CmpKind::Ge, &SymExpr::int(0))? {
                let text = format!("invalid shape dimension {}", interp.env.render(d));
                return Err(shape_error(interp, text));
            }
        }
    }
    let shape: Vec<SymExpr> = if symbolic && !any_unbacked {
        let in_strides = base.as_ref().map_or_else(Vec::new, |l| l.strides.clone());
        let itemsize = t.dtype.size_of() as i64;
        let cache = base.as_ref().map(|b| (b, itemsize));
        let (shape, st) = reshape_view_helper(interp, &t.shape, &in_strides, &out, cache)?;
        strides = Some(st);
        shape
    } else if out.iter().any(Option::is_none) {
        let missing = infer_missing(interp, &t.shape, &known)?;
        out.into_iter()
            .map(|o| o.unwrap_or_else(|| missing.clone()))
            .collect()
    } else {
        let (a, b) = (product(interp, &t.shape)?, product(interp, &known)?);
        let (a, b) = (interp.env.simplify(&a), interp.env.simplify(&b));
        if a != b {
            expect_eq(
                interp,
                &a,
                &b,
                &format!("{}: shape is invalid for the input size", call.spelling),
            )?;
        }
        known
    };
    let shape: Vec<SymExpr> = shape.iter().map(|d| interp.env.simplify(d)).collect();
    let target = call.target(0);
    let strides = match strides {
        Some(st) => Some(st),
        None => crate::layout::contiguous_strides(&shape).ok(),
    };
    // A strided input is still viewed when its strides allow it.
    let (base, strides) = match base {
        Some(base) => (Some(base), strides),
        None => match t.layout() {
            Ok(l) => match crate::layout::view_strides(&t.shape, &l.strides, &shape, &|a, op, b| {
                interp.env.static_decide(a, op, b)
            }) {
                Some(st) => (Some(l), Some(st)),
                None => (None, strides),
            },
            Err(_) => (None, strides),
        },
    };
    match (base, strides) {
        (Some(base), Some(strides)) if strides.len() == shape.len() => {
            let strides = strides.iter().map(|d| interp.env.simplify(d)).collect();
            let layout = crate::layout::Layout { strides, ..base };
            interp.record_view_op(&target, args, vec![], t.dtype, shape, layout)
        }
        _ => interp.record_tensor_op(&target, args, vec![], t.dtype, shape),
    }
}

/// `view_as`/`reshape_as`/`expand_as(other)`.
pub fn like_other(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let o = tensor(interp, call, 1)?;
    if call.spelling.ends_with("expand_as") {
        broadcast(interp, &t.shape, &o.shape)?;
        return emit(interp, call, 0, 2, t.dtype, o.shape.clone());
    }
    // `view(other.size())`: the other's sizes requested one by one.
    let args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        interp.arg_of(&Value::Tensor(o.clone())),
    ];
    let out = o.shape.iter().cloned().map(Some).collect();
    view_to(interp, call, &t, out, args)
}

/// `flatten(start_dim, end_dim)`.
pub fn flatten(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    if t.rank() == 0 {
        return emit(interp, call, 0, 1, t.dtype, vec![SymExpr::int(1)]);
    }
    let s = opt_int(interp, &call.get("start_dim").clone())?.unwrap_or(0);
    let e = opt_int(interp, &call.get("end_dim").clone())?.unwrap_or(-1);
    let (s, e) = (
        wrap_dim(interp, s, t.rank())?,
        wrap_dim(interp, e, t.rank())?,
    );
    if s > e {
        return Err(shape_error(
            interp,
            "flatten() has invalid args: start_dim cannot come after end_dim",
        ));
    }
    let mut shape = t.shape[..s].to_vec();
    let flat = product(interp, &t.shape[s..=e])?;
    shape.push(interp.env.simplify(&flat));
    shape.extend_from_slice(&t.shape[e + 1..]);
    let mut args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
    if s != 0 || e + 1 != t.rank() {
        args.push(Arg::Int(s as i64));
    }
    if e + 1 != t.rank() {
        args.push(Arg::Int(e as i64));
    }
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], t.dtype, shape)
}

/// `unflatten(dim, sizes)`.
pub fn unflatten(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let d = interp.index_int(&call.arg(1).clone())?;
    let d = wrap_existing_dim(interp, d, t.rank())?;
    let items = interp.iterate(&call.arg(2).clone())?;
    let mut sizes: Vec<Option<SymExpr>> = Vec::new();
    for v in &items {
        let e = size_expr(interp, v)?;
        sizes.push(if e.as_const() == Some(-1) {
            None
        } else {
            Some(e)
        });
    }
    let known: Vec<SymExpr> = sizes.iter().flatten().cloned().collect();
    let missing = if sizes.iter().any(Option::is_none) {
        Some(infer_missing(interp, &[t.shape[d].clone()], &known)?)
    } else {
        let total = product(interp, &known)?;
        expect_eq(interp, &t.shape[d], &total, "unflatten")?;
        None
    };
    let mut shape = t.shape[..d].to_vec();
    shape.extend(
        sizes
            .into_iter()
            .map(|s| s.unwrap_or_else(|| missing.clone().unwrap_or(SymExpr::int(1)))),
    );
    shape.extend_from_slice(&t.shape[d + 1..]);
    emit(interp, call, 0, 3, t.dtype, shape)
}

/// `permute(*dims)`.
pub fn permute(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let dims = int_list(interp, &call.arg(1).clone())?;
    if dims.len() != t.rank() {
        return Err(shape_error(
            interp,
            format!(
                "permute: number of dims ({}) does not match the tensor rank ({})",
                dims.len(),
                t.rank()
            ),
        ));
    }
    let mut shape = Vec::new();
    let mut wrapped = Vec::new();
    for d in &dims {
        let w = wrap_existing_dim(interp, *d, t.rank())?;
        wrapped.push(w as i64);
        shape.push(t.shape[w].clone());
    }
    let args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        Arg::List(wrapped.iter().map(|d| Arg::Int(*d)).collect()),
    ];
    let order: Vec<usize> = wrapped.iter().map(|&d| d as usize).collect();
    record_reordered(interp, call, &t, args, shape, &order)
}

/// A view of `t` with its dims in `order` (a permutation): the same
/// storage, strides reordered.
fn record_reordered(
    interp: &mut Interp,
    call: &OpCall,
    t: &Tensor,
    args: Vec<Arg>,
    shape: Vec<SymExpr>,
    order: &[usize],
) -> R<Value> {
    let target = call.target(0);
    match t.layout() {
        Ok(base) if base.strides.len() == order.len() => {
            let strides = order.iter().map(|&d| base.strides[d].clone()).collect();
            let layout = crate::layout::Layout { strides, ..base };
            interp.record_view_op(&target, args, vec![], t.dtype, shape, layout)
        }
        _ => interp.record_tensor_op(&target, args, vec![], t.dtype, shape),
    }
}

/// `transpose(dim0, dim1)` / `swapaxes`.
pub fn transpose(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let a = interp.index_int(&call.arg(1).clone())?;
    let b = interp.index_int(&call.arg(2).clone())?;
    let (wa, wb) = (
        wrap_dim(interp, a, t.rank())?,
        wrap_dim(interp, b, t.rank())?,
    );
    let mut shape = t.shape.clone();
    if !shape.is_empty() {
        shape.swap(wa, wb);
    }
    let args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        Arg::Int(a),
        Arg::Int(b),
    ];
    let mut order: Vec<usize> = (0..t.rank()).collect();
    if !order.is_empty() {
        order.swap(wa, wb);
    }
    record_reordered(interp, call, &t, args, shape, &order)
}

/// `x.mT` / `x.mH` (`aten.mT`, `aten.mH`): the last two dims swapped, a
/// view (for real tensors the adjoint is the transpose).
pub fn matrix_transpose(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let rank = t.rank();
    if rank < 2 {
        return Err(shape_error(
            interp,
            format!(
                "tensor.mT is only supported on matrices or batches of matrices. Got {rank}-D tensor."
            ),
        ));
    }
    let mut order: Vec<usize> = (0..rank).collect();
    order.swap(rank - 2, rank - 1);
    let shape = order.iter().map(|&d| t.shape[d].clone()).collect();
    let args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
    record_reordered(interp, call, &t, args, shape, &order)
}

/// `x.T` (`aten.numpy_T`: every dim reversed) and `x.H`
/// (`aten.matrix_H`: a matrix's transpose), views.
pub fn reversed_dims(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    if call.target(0).contains("matrix_H") && t.rank() != 2 {
        return Err(shape_error(
            interp,
            format!(
                "tensor.H is only supported on matrices (2-D tensors). Got {}-D tensor.",
                t.rank()
            ),
        ));
    }
    let order: Vec<usize> = (0..t.rank()).rev().collect();
    let shape = order.iter().map(|&d| t.shape[d].clone()).collect();
    let args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
    record_reordered(interp, call, &t, args, shape, &order)
}

/// `t()`: 2-D transpose.
pub fn t(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    if x.rank() > 2 {
        return Err(shape_error(
            interp,
            "t() expects a tensor with <= 2 dimensions",
        ));
    }
    let mut shape = x.shape.clone();
    shape.reverse();
    emit(interp, call, 0, 1, x.dtype, shape)
}

/// `unsqueeze(dim)`.
pub fn unsqueeze(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let d = interp.index_int(&call.arg(1).clone())?;
    let w = wrap_dim(interp, d, t.rank() + 1)?;
    let mut shape = t.shape.clone();
    shape.insert(w, SymExpr::int(1));
    let args = vec![interp.arg_of(&Value::Tensor(t.clone())), Arg::Int(d)];
    let target = call.target(0);
    // The new dim's stride spans the dim it precedes (1 at the end).
    let strides = t.layout().ok().and_then(|l| {
        let mut strides = l.strides;
        let new = match (t.shape.get(w), strides.get(w)) {
            (Some(size), Some(stride)) => stride.checked_mul(size).ok()?,
            _ => SymExpr::int(1),
        };
        strides.insert(w, interp.env.simplify(&new));
        Some(strides)
    });
    record_restrided(interp, &target, args, &t, shape, strides)
}

/// A view of `t` in its storage with `strides` (a copy's layout when
/// they are not known).
fn record_restrided(
    interp: &mut Interp,
    target: &str,
    args: Vec<Arg>,
    t: &Tensor,
    shape: Vec<SymExpr>,
    strides: Option<Vec<SymExpr>>,
) -> R<Value> {
    match (t.layout(), strides) {
        (Ok(base), Some(strides)) if strides.len() == shape.len() => {
            let layout = crate::layout::Layout { strides, ..base };
            interp.record_view_op(target, args, vec![], t.dtype, shape, layout)
        }
        _ => interp.record_tensor_op(target, args, vec![], t.dtype, shape),
    }
}

/// `squeeze()` / `squeeze(dim)` / `squeeze(dims)` (targets: [default, dim, dims]).
pub fn squeeze(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let dim = call.get("dim").clone();
    let (idx, dims): (usize, Vec<usize>) = match &dim {
        Value::None => (
            0,
            (0..t.rank())
                .filter(|i| t.shape[*i].as_const() == Some(1))
                .collect(),
        ),
        Value::Tuple(_) | Value::List(_) => {
            let l = int_list(interp, &dim)?;
            let mut w = Vec::new();
            for d in l {
                w.push(wrap_dim(interp, d, t.rank())?);
            }
            (2, w)
        }
        v => {
            let d = interp.index_int(v)?;
            (1, vec![wrap_dim(interp, d, t.rank())?])
        }
    };
    let kept: Vec<usize> = (0..t.rank())
        .filter(|&i| !(dims.contains(&i) && interp.env.simplify(&t.shape[i]).as_const() == Some(1)))
        .collect();
    let shape: Vec<SymExpr> = kept.iter().map(|&i| t.shape[i].clone()).collect();
    let n = if idx == 0 { 1 } else { 2 };
    let args = super::meta::args_of(interp, call, n);
    let target = call.target(idx);
    let strides = t
        .layout()
        .ok()
        .map(|l| kept.iter().map(|&i| l.strides[i].clone()).collect());
    record_restrided(interp, &target, args, &t, shape, strides)
}

/// `expand(*sizes)`.
pub fn expand(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let items = interp.iterate(&call.arg(1).clone())?;
    if items.len() < t.rank() {
        return Err(shape_error(
            interp,
            "expand: the number of sizes must be at least the tensor rank",
        ));
    }
    let off = items.len() - t.rank();
    let sizes = items
        .iter()
        .map(|v| size_expr(interp, v))
        .collect::<R<Vec<_>>>()?;
    super::meta::expand_checks(interp, &t.shape, &sizes)?;
    let mut shape = Vec::new();
    for (i, e) in sizes.into_iter().enumerate() {
        if e.as_const() == Some(-1) {
            shape.push(
                t.shape
                    .get(i.wrapping_sub(off))
                    .cloned()
                    .unwrap_or(SymExpr::int(1)),
            );
        } else {
            if i >= off {
                let cur = interp.env.simplify(&t.shape[i - off]);
                if cur.as_const() != Some(1) && cur != e {
                    expect_eq(interp, &cur, &e, "expand")?;
                }
            }
            shape.push(e);
        }
    }
    let args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        Arg::List(items.iter().map(|v| interp.arg_of(v)).collect()),
    ];
    let target = call.target(0);
    // New and stretched dims repeat the same elements: stride 0.
    let strides = t.layout().ok().map(|l| {
        (0..shape.len())
            .map(|i| match i.checked_sub(off) {
                Some(j)
                    if !(t.shape[j].as_const() == Some(1) && shape[i].as_const() != Some(1)) =>
                {
                    l.strides[j].clone()
                }
                _ => SymExpr::int(0),
            })
            .collect()
    });
    record_restrided(interp, &target, args, &t, shape, strides)
}

/// `repeat(*sizes)`.
pub fn repeat(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let items = interp.iterate(&call.arg(1).clone())?;
    if items.len() < t.rank() {
        return Err(shape_error(interp, "repeat: fewer repeats than dimensions"));
    }
    let off = items.len() - t.rank();
    let mut shape = Vec::new();
    for (i, v) in items.iter().enumerate() {
        let r = size_expr(interp, v)?;
        shape.push(if i >= off {
            interp.size_arith(t.shape[i - off].checked_mul(&r))?
        } else {
            r
        });
    }
    let args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        Arg::List(items.iter().map(|v| interp.arg_of(v)).collect()),
    ];
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], t.dtype, shape)
}

/// `tile(dims)`: `repeat` with the shorter of the sizes and the repeats
/// padded with leading ones (torch records `aten.tile` itself).
pub fn tile(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let items = interp.iterate(&call.arg(1).clone())?;
    let reps = items
        .iter()
        .map(|v| size_expr(interp, v))
        .collect::<R<Vec<_>>>()?;
    if let Some(r) = reps.iter().find_map(SymExpr::as_const).filter(|r| *r < 0) {
        return Err(interp.torch_error(
            "RuntimeError",
            format!("Trying to create tensor with negative dimension {r}"),
        ));
    }
    let rank = t.rank().max(reps.len());
    let one = SymExpr::int(1);
    let padded = |v: &[SymExpr], i: usize| -> SymExpr {
        let lead = rank - v.len();
        if i < lead {
            one.clone()
        } else {
            v[i - lead].clone()
        }
    };
    let mut shape = Vec::with_capacity(rank);
    for i in 0..rank {
        let d = padded(&t.shape, i);
        let r = padded(&reps, i);
        shape.push(interp.size_arith(d.checked_mul(&r))?);
    }
    let args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        Arg::List(items.iter().map(|v| interp.arg_of(v)).collect()),
    ];
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], t.dtype, shape)
}

/// `repeat_interleave(repeats, dim)` (targets: [int repeats, tensor repeats]).
pub fn repeat_interleave(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let reps = call.arg(1).clone();
    let dim = opt_int(interp, &call.get("dim").clone())?;
    let (idx, factor) = match &reps {
        Value::Tensor(_) => {
            let u = interp
                .env
                .create_unbacked(crate::ops::special::size_like_range());
            (1, Err(u))
        }
        v => (0, Ok(size_expr(interp, v)?)),
    };
    let shape = match dim {
        Some(d) => {
            let w = wrap_existing_dim(interp, d, t.rank())?;
            let mut s = t.shape.clone();
            s[w] = match &factor {
                Ok(k) => interp.size_arith(s[w].checked_mul(k))?,
                Err(u) => u.clone(),
            };
            s
        }
        None => {
            let n = product(interp, &t.shape)?;
            vec![match &factor {
                Ok(k) => interp.size_arith(n.checked_mul(k))?,
                Err(u) => u.clone(),
            }]
        }
    };
    let n = if dim.is_some() { 3 } else { 2 };
    emit(interp, call, idx, n, t.dtype, shape)
}

/// `cat(tensors, dim)` / `stack(tensors, dim)` (by spelling).
pub fn cat(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let items = interp.iterate(&call.arg(0).clone())?;
    let stack = call.spelling.ends_with("stack")
        && !call.spelling.ends_with("hstack")
        && !call.spelling.ends_with("vstack");
    let mut ts = Vec::new();
    for v in &items {
        match v {
            Value::Tensor(t) => ts.push(t.clone()),
            other => {
                return Err(interp.type_error(format!(
                    "{}(): expected a sequence of tensors, got {}",
                    call.spelling,
                    other.type_name()
                )));
            }
        }
    }
    // cat skips legacy empty 1-D tensors; when every input is one, the
    // result is one too, of their promoted dtype.
    let legacy_empty = |t: &Tensor| t.rank() == 1 && t.shape[0].as_const() == Some(0);
    if !stack && !ts.is_empty() && ts.iter().all(|t| legacy_empty(t)) {
        let dtype = ts
            .iter()
            .map(|t| t.dtype)
            .reduce(DType::promote)
            .unwrap_or(DType::F32);
        let mut args = vec![Arg::List(items.iter().map(|v| interp.arg_of(v)).collect())];
        let d = opt_int(interp, &call.get("dim").clone())?.unwrap_or(0);
        if d != 0 {
            args.push(Arg::Int(d));
        }
        let target = call.target(0);
        return interp.record_tensor_op(&target, args, vec![], dtype, vec![SymExpr::int(0)]);
    }
    let ts: Vec<_> = if stack {
        ts
    } else {
        ts.into_iter().filter(|t| !legacy_empty(t)).collect()
    };
    let Some(first) = ts.first().cloned() else {
        return Err(shape_error(
            interp,
            format!("{}(): expected a non-empty list of Tensors", call.spelling),
        ));
    };
    if !stack && let Some(at) = ts.iter().position(|t| t.rank() == 0) {
        return Err(shape_error(
            interp,
            format!("zero-dimensional tensor (at position {at}) cannot be concatenated"),
        ));
    }
    let d = opt_int(interp, &call.get("dim").clone())?.unwrap_or(0);
    let rank = if stack {
        first.rank() + 1
    } else {
        first.rank()
    };
    let w = wrap_dim(interp, d, rank)?;
    let mut dtype = first.dtype;
    for t in &ts[1..] {
        dtype = DType::promote(dtype, t.dtype);
        if t.rank() != first.rank() {
            return Err(shape_error(
                interp,
                format!(
                    "{}: tensors must have the same number of dimensions",
                    call.spelling
                ),
            ));
        }
        for i in 0..first.rank() {
            if stack || i != w {
                expect_eq(
                    interp,
                    &first.shape[i],
                    &t.shape[i],
                    &format!(
                        "{}: sizes of tensors must match except in dimension {w}",
                        call.spelling
                    ),
                )?;
            }
        }
    }
    let mut shape: Vec<SymExpr> = first.shape.iter().map(|d| interp.env.simplify(d)).collect();
    if stack {
        shape.insert(w, SymExpr::int(ts.len() as i64));
    } else {
        let sizes: Vec<&SymExpr> = ts.iter().map(|t| &t.shape[w]).collect();
        let total = sum(interp, &sizes)?;
        shape[w] = interp.env.simplify(&total);
    }
    let mut args = vec![Arg::List(items.iter().map(|v| interp.arg_of(v)).collect())];
    if d != 0 {
        args.push(Arg::Int(d));
    }
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], dtype, shape)
}

/// `split(split_size_or_sections, dim)`: targets [split.Tensor, split_with_sizes].
pub fn split(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let d = opt_int(interp, &call.get("dim").clone())?.unwrap_or(0);
    let w = wrap_existing_dim(interp, d, t.rank())?;
    let len = interp.env.simplify(&t.shape[w]);
    let spec = call.arg(1).clone();
    let (idx, pieces): (usize, Vec<SymExpr>) = match &spec {
        Value::Tuple(_) | Value::List(_) => {
            let items = interp.iterate(&spec)?;
            let mut v = Vec::new();
            for it in &items {
                v.push(size_expr(interp, it)?);
            }
            let total = sum(interp, &v.iter().collect::<Vec<_>>())?;
            expect_eq(interp, &len, &total, "split_with_sizes")?;
            (1, v)
        }
        v => {
            let size = match v {
                Value::SymInt(e) => interp.env.simplify(e),
                v => SymExpr::int(interp.index_int(v)?),
            };
            (0, split_sizes(interp, &len, &size)?)
        }
    };
    let mut args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        interp.arg_of(&spec),
    ];
    if d != 0 {
        args.push(Arg::Int(d));
    }
    let target = call.target(idx);
    split_views(interp, &target, args, &t, w, pieces)
}

/// The piece sizes of `split(size)` along a dim of `len`. Known sizes give
/// full pieces and a shorter last one. A symbolic one follows torch's
/// decomposition of `split.Tensor`: it asks whether the dim is empty (one
/// piece), checks the size positive, takes the piece count
/// `(len + size - 1) // size` as a Python int (a guard), and makes the last
/// piece `size - (size * count - len)`; `split_with_sizes` then checks each
/// piece non-negative.
fn split_sizes(interp: &mut Interp, len: &SymExpr, size: &SymExpr) -> R<Vec<SymExpr>> {
    if let Some(size) = size.as_const()
        && size <= 0
    {
        return Err(shape_error(interp, "split: split_size must be positive"));
    }
    if let (Some(n), Some(size)) = (len.as_const(), size.as_const()) {
        check_piece_count(interp, n / size)?;
        let mut out = Vec::new();
        let mut left = n;
        while left > 0 {
            out.push(SymExpr::int(size.min(left)));
            left -= size;
        }
        return Ok(out);
    }
    let line = interp.guard_line();
    let zero = SymExpr::int(0);
    interp.env.assume(size, CmpKind::Ge, &zero, line);
    let empty = interp
        .env
        .evaluate(len, CmpKind::Eq, &zero, line)
        .map_err(|dd| interp.data_dependent(&dd.expr))?;
    if empty {
        return Ok(vec![len.clone()]);
    }
    interp.env.assume(size, CmpKind::Gt, &zero, line);
    let one = SymExpr::int(1);
    let count = len
        .checked_add(size)
        .and_then(|e| e.checked_sub(&one))
        .and_then(|e| e.checked_floordiv(size));
    let count = interp.size_arith(count)?;
    let n = interp.specialize_int(&count)?;
    check_piece_count(interp, n)?;
    let n = n.max(1);
    let last = size
        .checked_mul(&SymExpr::int(n))
        .and_then(|e| size.checked_sub(&e.checked_sub(len)?));
    let last = interp.size_arith(last)?;
    let mut out = vec![size.clone(); n as usize - 1];
    out.push(interp.env.simplify(&last));
    for piece in &out {
        interp.env.assume(piece, CmpKind::Ge, &zero, line);
    }
    Ok(out)
}

/// A splitting op's outputs: views of `t` along `w`, one per piece size,
/// each at the offset where the pieces before it end (`split_with_sizes`
/// makes them with `as_strided` over `t`'s storage and strides), with the
/// metadata guards torch's fake tensors add for a view output.
fn split_views(
    interp: &mut Interp,
    target: &str,
    args: Vec<Arg>,
    t: &Tensor,
    w: usize,
    pieces: Vec<SymExpr>,
) -> R<Value> {
    let base = t.layout().ok();
    let mut offset = base.as_ref().map(|b| b.offset.clone());
    let mut tensors = Vec::with_capacity(pieces.len());
    for p in pieces {
        let mut shape = t.shape.clone();
        shape[w] = p.clone();
        let mut out = interp.op_output(t.dtype, shape);
        if let (Some(b), Some(at)) = (&base, &offset) {
            let layout = crate::layout::Layout {
                offset: at.clone(),
                ..b.clone()
            };
            offset = b
                .strides
                .get(w)
                .and_then(|s| at.checked_add(&s.checked_mul(&p).ok()?).ok());
            if let Some(o) = std::rc::Rc::get_mut(&mut out) {
                o.layout = Some(std::rc::Rc::new(layout));
            }
        }
        tensors.push(out);
    }
    let value = record_tuple(interp, target, args, tensors.clone())?;
    if interp.tracing {
        let outputs: Vec<_> = tensors.iter().map(|t| (&**t, t.layout.is_some())).collect();
        interp.outputs_metadata_guards(&outputs);
    }
    Ok(value)
}

/// `chunk(chunks, dim)`: `split` by `ceil(len / chunks)` (the C++ op; an
/// empty dim gives `chunks` empty pieces).
pub fn chunk(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let n = interp.index_int(&call.arg(1).clone())?;
    if n <= 0 {
        return Err(shape_error(
            interp,
            "chunk expects `chunks` to be greater than 0",
        ));
    }
    let d = opt_int(interp, &call.get("dim").clone())?.unwrap_or(0);
    let w = wrap_existing_dim(interp, d, t.rank())?;
    let len = interp.env.simplify(&t.shape[w]);
    let pieces = if let Some(len) = len.as_const() {
        // ceil(len / n), without overflow for any n > 0.
        let size = if len <= 0 { 0 } else { (len - 1) / n + 1 };
        check_piece_count(interp, n.min(len))?;
        let mut out = Vec::new();
        let mut left = len;
        while left > 0 && size > 0 {
            out.push(SymExpr::int(size.min(left)));
            left -= size;
        }
        out
    } else {
        let size = len
            .checked_add(&SymExpr::int(n - 1))
            .and_then(|e| e.checked_floordiv(&SymExpr::int(n)));
        let size = interp.size_arith(size)?;
        let size = interp.env.simplify(&size);
        split_sizes(interp, &len, &size)?
    };
    let mut args = vec![interp.arg_of(&Value::Tensor(t.clone())), Arg::Int(n)];
    if d != 0 {
        args.push(Arg::Int(d));
    }
    let target = call.target(0);
    split_views(interp, &target, args, &t, w, pieces)
}

/// `unbind(dim)`.
pub fn unbind(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let d = opt_int(interp, &call.get("dim").clone())?.unwrap_or(0);
    let w = wrap_existing_dim(interp, d, t.rank())?;
    let n = interp.index_int(&Value::SymInt(t.shape[w].clone()))?;
    check_piece_count(interp, n)?;
    let mut s = t.shape.clone();
    s.remove(w);
    let outs = (0..n).map(|_| (t.dtype, s.clone())).collect();
    let mut args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
    if d != 0 {
        args.push(Arg::Int(d));
    }
    let target = call.target(0);
    tuple_op(interp, &target, args, outs)
}

/// `select(dim, index)`.
pub fn select(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let d = interp.index_int(&call.arg(1).clone())?;
    let w = wrap_existing_dim(interp, d, t.rank())?;
    let i = call.arg(2).clone();
    check_index_in_bounds(interp, &t.shape[w], &i)?;
    let mut shape = t.shape.clone();
    shape.remove(w);
    let args = vec![
        interp.arg_of(&Value::Tensor(t.clone())),
        Arg::Int(d),
        interp.arg_of(&i),
    ];
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], t.dtype, shape)
}

/// `select`'s bounds check, `size < -index || size <= index`: on a dynamic
/// size each side is a guard (`x.size()[2] > 2`) that narrows its range.
pub fn check_index_in_bounds(interp: &mut Interp, size: &SymExpr, index: &Value) -> R<()> {
    let Some(i) = index.as_int() else {
        return Ok(());
    };
    let index = SymExpr::int(i);
    let out = decide(interp, size, CmpKind::Lt, &SymExpr::int(i.saturating_neg()))?
        || decide(interp, size, CmpKind::Le, &index)?;
    if out {
        let n = interp.env.render(size);
        return Err(interp.torch_error(
            "IndexError",
            format!("index {i} is out of bounds for dimension with size {n}"),
        ));
    }
    Ok(())
}

/// `narrow(dim, start, length)`.
pub fn narrow(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let d = interp.index_int(&call.arg(1).clone())?;
    let w = wrap_existing_dim(interp, d, t.rank())?;
    let len = size_expr(interp, &call.arg(3).clone())?;
    let mut shape = t.shape.clone();
    shape[w] = len;
    emit(interp, call, 0, 4, t.dtype, shape)
}

/// `contiguous()`: torch's `Tensor.contiguous` returns a contiguous tensor
/// itself, with no op; only a possibly strided input records
/// `aten.contiguous`.
pub fn contiguous(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    if !interp.tracing || produced_contiguous(interp, &t) {
        return Ok(Value::Tensor(t));
    }
    // Non-strict runs the composite `contiguous`, whose check of a strided
    // input's layout is traced symbolic arithmetic reading its sizes from
    // the last dim on (strict records the op as Dynamo saw it).
    // That check multiplies the sizes from the last dim on; each product
    // with a symbolic operand other than 1 is a (dead) `mul` node.
    if interp.mode == crate::Mode::NonStrict {
        for d in t.shape.iter().rev() {
            interp.read_input_size(d);
        }
        let mut product = SymExpr::int(1);
        for d in t.shape.iter().rev() {
            let d = interp.env.simplify(d);
            let Ok(next) = product.checked_mul(&d) else {
                break;
            };
            let symbolic = product.as_const().is_none() || d.as_const().is_none();
            let by_one = product.as_const() == Some(1) || d.as_const() == Some(1);
            if symbolic && !by_one {
                interp.phantom("mul", crate::graph::MetaVal::Sym(next.clone()));
            }
            product = next;
        }
    }
    emit(interp, call, 0, 1, t.dtype, t.shape.clone())
}

/// Whether a traced tensor is known to be laid out contiguously: an input,
/// a parameter, the output of a computing op, or a view that keeps its
/// base's order (a reshape; an index, slice or split of the leading
/// dimension) of such a tensor. A transpose, permute, expand or
/// inner-dimension slice is not.
fn produced_contiguous(interp: &Interp, t: &crate::value::Tensor) -> bool {
    if let Some(layout) = &t.layout {
        return crate::layout::Layout::contiguous(&t.shape).is_ok_and(|c| {
            c.strides
                .iter()
                .zip(&layout.strides)
                .zip(&t.shape)
                .all(|((want, have), size)| {
                    size.as_const() == Some(1)
                        || interp.env.static_decide(want, CmpKind::Eq, have) == Some(true)
                })
        });
    }
    let mut node = t.node.get();
    // Bounded walk through order-keeping views.
    for _ in 0..64 {
        let Some(id) = node else {
            return true;
        };
        let crate::graph::NodeOp::CallFunction { target, args, .. } = &interp.graph.node(id).op
        else {
            return true;
        };
        let input = args.first().and_then(|a| match a {
            Arg::Node(n) => Some(*n),
            _ => None,
        });
        // The split/index dimension: the op's `dim` argument, 0 by default.
        let dim_at = if target.contains("split") || target.contains("chunk") {
            2
        } else {
            1
        };
        let leading = matches!(args.get(dim_at), Some(Arg::Int(0)) | None);
        node = match target.as_str() {
            "aten.view.default"
            | "aten.reshape.default"
            | "aten._unsafe_view.default"
            | "aten.unsqueeze.default"
            | "aten.squeeze.dim"
            | "aten.squeeze.default"
            | "aten.flatten.using_ints"
            | "aten.unflatten.int"
            | "aten.alias.default"
            | "aten.detach.default"
            | "aten.clone.default"
            | "aten.contiguous.default"
            | "_operator.getitem" => input,
            "aten.select.int"
            | "aten.narrow.default"
            | "aten.split.Tensor"
            | "aten.split_with_sizes.default"
            | "aten.chunk.default"
            | "aten.unbind.int"
                if leading =>
            {
                input
            }
            "aten.permute.default"
            | "aten.transpose.int"
            | "aten.t.default"
            | "aten.movedim.int"
            | "aten.swapaxes.default"
            | "aten.swapdims.default"
            | "aten.moveaxis.int"
            | "aten.expand.default"
            | "aten.expand_as.default"
            | "aten.unfold.default"
            | "aten.diagonal.default"
            | "aten.as_strided.default"
            | "aten.select.int"
            | "aten.narrow.default"
            | "aten.split.Tensor"
            | "aten.split_with_sizes.default"
            | "aten.chunk.default"
            | "aten.unbind.int"
            | "aten.slice.Tensor" => return false,
            _ => return true,
        };
    }
    false
}

/// `unfold(dimension, size, step)`: the windows along `dimension`, each
/// as a new last dimension of `size`.
pub fn unfold(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let d = interp.index_int(&call.arg(1).clone())?;
    let w = wrap_dim(interp, d, t.rank().max(1))?;
    let size = interp.index_int(&call.arg(2).clone())?;
    let step = interp.index_int(&call.arg(3).clone())?;
    if step <= 0 || size < 0 {
        return Err(interp.torch_error("RuntimeError", "unfold: step must be > 0 and size >= 0"));
    }
    let mut shape = t.shape.clone();
    if let Some(len) = shape.get(w).cloned() {
        let windows = len
            .checked_sub(&SymExpr::int(size))
            .and_then(|e| e.checked_floordiv(&SymExpr::int(step)))
            .and_then(|e| e.checked_add(&SymExpr::int(1)));
        shape[w] = interp.size_arith(windows)?;
    }
    shape.push(SymExpr::int(size));
    emit(interp, call, 0, 4, t.dtype, shape)
}

/// `index_select(dim, index)`.
pub fn index_select(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let d = interp.index_int(&call.arg(1).clone())?;
    let idx = tensor(interp, call, 2)?;
    if t.rank() == 0 {
        // A 0-d input is selected from as if one element long (dim 0 or
        // -1): the result is 0-d.
        wrap_dim(interp, d, 0)?;
        return emit(interp, call, 0, 3, t.dtype, Vec::new());
    }
    let w = wrap_existing_dim(interp, d, t.rank())?;
    let mut shape = t.shape.clone();
    shape[w] = idx.shape.first().cloned().unwrap_or(SymExpr::int(1));
    emit(interp, call, 0, 3, t.dtype, shape)
}

/// `gather(dim, index)`: the index's shape.
pub fn gather(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let idx = tensor(interp, call, 2)?;
    // An empty index is not checked (`guard_or_false(numel == 0)`).
    let numel = interp.size_arith(crate::layout::numel(&idx.shape))?;
    let line = interp.guard_line();
    let zero = SymExpr::int(0);
    if interp
        .env
        .guard_or(&numel, CmpKind::Eq, &zero, line, false, false)
    {
        return emit(interp, call, 0, 3, t.dtype, idx.shape.clone());
    }
    if t.rank().max(1) != idx.rank().max(1) {
        return Err(shape_error(
            interp,
            "gather: the index must have as many dimensions as the input",
        ));
    }
    // The index may be no larger than the input in every other dim.
    let dim = interp.index_int(&call.arg(1).clone())?;
    let dim = wrap_dim(interp, dim, t.rank().max(1))?;
    for (i, (n, m)) in idx.shape.iter().zip(&t.shape).enumerate() {
        if i != dim {
            check(
                interp,
                n,
                CmpKind::Le,
                m,
                "gather: the index is larger than the input outside the gathered dim",
            )?;
        }
    }
    emit(interp, call, 0, 3, t.dtype, idx.shape.clone())
}

/// `to(dtype)` / `.float()` / `.long()`...: `_assert_tensor_metadata` then
/// `to.dtype`, as torch records a dtype conversion.
pub fn to_dtype(
    interp: &mut Interp,
    t: &std::rc::Rc<crate::value::Tensor>,
    dtype: DType,
) -> R<Value> {
    if interp.tracing {
        let a = assert_metadata(interp, t);
        return record_conversion(
            interp,
            t,
            "aten.to.dtype",
            vec![a, Arg::DType(dtype)],
            vec![],
            dtype,
        );
    }
    let out = interp.record_tensor_op("aten.to.dtype", vec![], vec![], dtype, t.shape.clone())?;
    super::values::carry_cast(t, &out);
    Ok(out)
}

/// A recorded conversion to `dtype`: a new tensor, or, when nothing
/// changes, the tensor itself, which lives on at the conversion's node
/// (torch returns `self` and export still records the call, so later uses
/// read the `to` node).
fn record_conversion(
    interp: &mut Interp,
    t: &std::rc::Rc<crate::value::Tensor>,
    target: &str,
    args: Vec<Arg>,
    kwargs: Vec<(String, Arg)>,
    dtype: DType,
) -> R<Value> {
    if dtype != t.dtype {
        return interp.record_tensor_op(target, args, kwargs, dtype, t.shape.clone());
    }
    let val = interp.meta_of(t);
    let node = interp.record(target, args, kwargs, val);
    t.node.set(Some(node));
    Ok(Value::Tensor(t.clone()))
}

/// The `_assert_tensor_metadata` check torch records before a conversion;
/// returns the converted tensor's argument.
fn assert_metadata(interp: &mut Interp, t: &std::rc::Rc<crate::value::Tensor>) -> Arg {
    let a = Arg::Node(interp.tensor_node(t));
    let n = interp.record_named(
        "aten._assert_tensor_metadata.default",
        "_assert_tensor_metadata_default",
        vec![a.clone()],
        vec![
            ("dtype".into(), Arg::DType(t.dtype)),
            ("device".into(), Arg::Device("cpu".into())),
            ("layout".into(), Arg::Layout("strided".into())),
        ],
        crate::graph::MetaVal::None,
    );
    interp.graph.node_mut(n).side_effect = true;
    a
}

/// `to(device, dtype)` while tracing: `_assert_tensor_metadata` then
/// `to.device`, recorded even when device and dtype are unchanged.
pub fn to_device(
    interp: &mut Interp,
    t: &std::rc::Rc<crate::value::Tensor>,
    device: &str,
    dtype: DType,
) -> R<Value> {
    let a = assert_metadata(interp, t);
    let args = vec![a, Arg::Device(device.to_string()), Arg::DType(dtype)];
    record_conversion(interp, t, "aten.to.device", args, vec![], dtype)
}

/// `to(device)` (no dtype) while tracing: Python's `Tensor.to` fills in
/// the tensor's dtype and layout and dispatches `to.dtype_layout`.
pub fn to_device_only(
    interp: &mut Interp,
    t: &std::rc::Rc<crate::value::Tensor>,
    device: &str,
    non_blocking: bool,
) -> R<Value> {
    let a = assert_metadata(interp, t);
    let mut kwargs = vec![
        ("dtype".to_string(), Arg::DType(t.dtype)),
        ("layout".to_string(), Arg::Layout("strided".into())),
        ("device".to_string(), Arg::Device(device.to_string())),
    ];
    if non_blocking {
        kwargs.push(("non_blocking".to_string(), Arg::Bool(true)));
    }
    record_conversion(interp, t, "aten.to.dtype_layout", vec![a], kwargs, t.dtype)
}

/// `type_as(other)`.
pub fn type_as(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let o = tensor(interp, call, 1)?;
    emit(interp, call, 0, 2, o.dtype, t.shape.clone())
}

/// `tril`/`triu`/`cumsum`-like ops that keep the shape.
pub fn keep_shape(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let n = recorded_args(call);
    if call.inplace {
        return super::meta::emit_inplace(interp, call, 0, n);
    }
    emit(interp, call, 0, n, t.dtype, t.shape.clone())
}

/// `cumsum`/`cumprod(dim, dtype=None)`: the input's shape; integral and
/// bool inputs accumulate in int64 unless a dtype is given.
pub fn cumulative(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    if call.inplace {
        return keep_shape(interp, call);
    }
    let dtype = match call.get("dtype") {
        Value::DType(d) => *d,
        _ if t.dtype.is_floating() || t.dtype.is_complex() => t.dtype,
        _ => DType::I64,
    };
    emit(interp, call, 0, recorded_args(call), dtype, t.shape.clone())
}

/// How many leading arguments are recorded: up to the last one given.
fn recorded_args(call: &OpCall) -> usize {
    call.args
        .iter()
        .rposition(|v| !v.is_none())
        .map_or(1, |p| p + 1)
}

/// `topk(k, dim)` / `sort(dim)`: (values, indices).
pub fn topk(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let mut shape = t.shape.clone();
    if call.spelling.ends_with("topk") {
        let k = size_expr(interp, &call.arg(1).clone())?;
        let d = opt_int(interp, &call.get("dim").clone())?.unwrap_or(-1);
        let w = wrap_existing_dim(interp, d, t.rank())?;
        shape[w] = k;
    }
    let stable = call.get("stable").clone();
    if !stable.is_none() {
        // `sort(stable=...)` is `sort.stable`, its options as keywords.
        let mut kwargs = vec![("stable".to_string(), interp.arg_of(&stable))];
        for name in ["dim", "descending"] {
            let v = call.get(name).clone();
            if !matches!(v, Value::Int(-1) | Value::Bool(false)) {
                kwargs.push((name.to_string(), interp.arg_of(&v)));
            }
        }
        let args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
        let target = call.target(1);
        let tensors = vec![
            interp.op_output(t.dtype, shape.clone()),
            interp.op_output(DType::I64, shape),
        ];
        return super::meta::record_tuple_kw(interp, &target, (args, kwargs), tensors);
    }
    let n = call.args.len().min(2);
    let args = super::meta::args_of(interp, call, n);
    let target = call.target(0);
    tuple_op(
        interp,
        &target,
        args,
        vec![(t.dtype, shape.clone()), (DType::I64, shape)],
    )
}

/// The largest element count of a shape, as torch's fake kernels of
/// data-dependent ops bound their output length: the count itself when it
/// is a number, else the upper end of its range; `None` past every bound
/// (torch's `sys.maxsize - 1`).
pub(super) fn numel_bound(interp: &Interp, shape: &[SymExpr]) -> R<Option<i64>> {
    let numel = interp.env.simplify(&product(interp, shape)?);
    Ok(match numel.as_const() {
        Some(n) => Some(n),
        None => interp.env.range_of(&numel).hi.finite(),
    })
}

/// torch's `sys.maxsize - 1`: the bound of a length no range limits.
const UNBOUNDED_LENGTH: i64 = i64::MAX - 1;

/// A data-dependent output length (`nonzero`, `masked_select`, `bincount`):
/// a fresh unbacked size in `[0, max]` (torch's `_constrain_range_for_size`).
pub(super) fn data_length(interp: &mut Interp, max: Option<i64>) -> SymExpr {
    let hi = max.map_or(shapes::Bound::PosInf, shapes::Bound::Finite);
    interp
        .env
        .create_unbacked(shapes::ValueRange::new(shapes::Bound::Finite(0), hi))
}

/// torch reads a data-dependent length back with `sym_size` right after
/// the op that made it (the node the length's runtime asserts hang on).
pub(super) fn read_back_length(interp: &mut Interp, out: &Value, u: &SymExpr, dim: i64) {
    if let (Value::Tensor(o), Some(s)) = (out, u.as_symbol())
        && let Some(node) = o.node.get()
    {
        let n = interp.record_named(
            "aten.sym_size.int",
            "sym_size_int",
            vec![crate::graph::Arg::Node(node), crate::graph::Arg::Int(dim)],
            vec![],
            crate::graph::MetaVal::Sym(u.clone()),
        );
        interp.graph.node_mut(n).late_named = true;
        interp.graph.anchors.push((n, node));
        interp.sym_nodes.insert(s, n);
    }
}

/// `nonzero()`: an unbacked number of rows, at most the element count;
/// `as_tuple=True` gives the columns (`unbind(1)`).
pub fn nonzero(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let max = numel_bound(interp, &t.shape)?;
    // No element: no row, and no unbacked length.
    let u = if max == Some(0) {
        SymExpr::int(0)
    } else {
        data_length(interp, Some(max.unwrap_or(UNBOUNDED_LENGTH)))
    };
    let out = emit(
        interp,
        call,
        0,
        1,
        DType::I64,
        vec![u.clone(), SymExpr::int(t.rank() as i64)],
    )?;
    read_back_length(interp, &out, &u, 0);
    if matches!(call.get("as_tuple"), Value::Bool(true)) {
        return interp.call_op_by_method("unbind", out, vec![Value::Int(1)], vec![]);
    }
    Ok(out)
}

/// `nonzero_static(input, *, size, fill_value=-1)`: `size` rows of
/// indices (padded with `fill_value`), so the length is the given size,
/// never an unbacked one.
pub fn nonzero_static(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let size = size_expr(interp, &call.get("size").clone())?;
    let line = interp.guard_line();
    let zero = SymExpr::int(0);
    if !interp
        .env
        .guard_or(&size, CmpKind::Ge, &zero, line, true, true)
    {
        return Err(interp.torch_error(
            "RuntimeError",
            "nonzero_static: 'size' must be a non-negative integer",
        ));
    }
    let input = interp.arg_of(&Value::Tensor(t.clone()));
    let size_arg = interp.sym_arg(&size);
    let mut kwargs = vec![("size".to_string(), size_arg)];
    match call.get("fill_value") {
        Value::Int(-1) | Value::None => {}
        v => {
            let v = v.clone();
            kwargs.push(("fill_value".to_string(), interp.arg_of(&v)));
        }
    }
    interp.record_tensor_op(
        &call.target(0),
        vec![input],
        kwargs,
        DType::I64,
        vec![size, SymExpr::int(t.rank() as i64)],
    )
}

/// `masked_select(input, mask)`: an unbacked number of elements, bounded by
/// the input's element count when it exceeds 2 (torch's fake kernel).
pub fn masked_select(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    tensor(interp, call, 1)?;
    let max = numel_bound(interp, &t.shape)?
        .filter(|n| *n > 2)
        .unwrap_or(UNBOUNDED_LENGTH);
    let u = data_length(interp, Some(max));
    let out = emit(interp, call, 0, 2, t.dtype, vec![u.clone()])?;
    read_back_length(interp, &out, &u, 0);
    Ok(out)
}

/// `bincount(input, weights=None, minlength=0)`: an unbacked length of at
/// least `minlength`; int64 counts, or float32 / float64 sums of weights.
pub fn bincount(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let weights = match call.get("weights") {
        Value::Tensor(w) => Some(w.dtype),
        _ => None,
    };
    let dtype = match weights {
        None => DType::I64,
        Some(DType::F32) => DType::F32,
        Some(_) => DType::F64,
    };
    let minlength = size_expr(interp, &call.get("minlength").clone())?;
    let n = recorded_args(call);
    let numel = interp.env.simplify(&product(interp, &t.shape)?);
    if numel.as_const() == Some(0) {
        return emit(interp, call, 0, n, dtype, vec![minlength]);
    }
    let u = data_length(interp, None);
    let out = emit(interp, call, 0, n, dtype, vec![u.clone()])?;
    read_back_length(interp, &out, &u, 0);
    // torch._check(new_size >= minlength)
    let line = interp.guard_line();
    interp.env.assume(&minlength, CmpKind::Le, &u, line);
    Ok(out)
}

/// `histc(input, bins=100, min=0, max=0)`: `bins` counts, of the input's
/// (floating) dtype, whatever the data.
pub fn histc(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    if !t.dtype.is_floating() {
        return Err(super::meta::shape_error(
            interp,
            format!(
                "\"histogram_cpu\" not implemented for '{}'",
                t.dtype.scalar_type_name()
            ),
        ));
    }
    let bins = size_expr(interp, &call.get("bins").clone())?;
    if let Some(b) = bins.as_const()
        && b <= 0
    {
        return Err(super::meta::shape_error(
            interp,
            format!("torch.histogram(): bins must be > 0, but got {b} for dimension 0"),
        ));
    }
    emit(interp, call, 0, 4, t.dtype, vec![bins])
}

/// `broadcast_to(size)`.
pub fn broadcast_to(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let target = super::meta::sizes(interp, &call.arg(1).clone())?;
    super::meta::expand_checks(interp, &t.shape, &target)?;
    let shape = broadcast(interp, &t.shape, &target)?;
    emit(interp, call, 0, 2, t.dtype, shape)
}

/// `broadcast_tensors(*tensors)`: every tensor expanded to the shape they
/// broadcast to, one tuple node.
pub fn broadcast_tensors(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let items = interp.iterate(&call.arg(0).clone())?;
    let mut tensors = Vec::with_capacity(items.len());
    let mut shape = Vec::new();
    for item in &items {
        let Value::Tensor(t) = item else {
            return Err(interp.type_error(format!(
                "broadcast_tensors(): expected Tensors, got {}",
                item.type_name()
            )));
        };
        shape = broadcast(interp, &shape, &t.shape)?;
        tensors.push(t.clone());
    }
    let outs = tensors.iter().map(|t| (t.dtype, shape.clone())).collect();
    let args = vec![Arg::List(items.iter().map(|v| interp.arg_of(v)).collect())];
    tuple_op(interp, &call.target(0), args, outs)
}

/// `one_hot(tensor, num_classes)`.
pub fn one_hot(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let n = interp.index_int(&call.arg(1).clone())?;
    // Dynamo refuses the data-dependent width before tracing the op when
    // the call passes the tensor alone or `-1` positionally; a keyword
    // `num_classes=-1` reaches the op, whose decomposition fails on data.
    let refused_by_dynamo = match call.passed {
        (1, 0) | (0, 1) => true,
        (2, 0) => n == -1,
        _ => false,
    };
    if n < 0 && refused_by_dynamo && interp.strict_tracing() {
        return Err(interp.graph_break(
            "GB0246",
            "Attempted to use `torch.nn.functional.one_hot` with data-dependent output shape",
            "pass `num_classes`",
        ));
    }
    if n < 0 {
        return Err(interp.fail(
            crate::failure::FailureKind::DataDependent,
            "one_hot without num_classes depends on tensor data",
        ));
    }
    let mut shape = t.shape.clone();
    shape.push(SymExpr::int(n));
    emit(interp, call, 0, 2, DType::I64, shape)
}

/// `movedim(source, destination)` for single dims.
pub fn movedim(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let t = tensor(interp, call, 0)?;
    let src = interp.index_int(&call.arg(1).clone())?;
    let dst = interp.index_int(&call.arg(2).clone())?;
    let (s, d) = (
        wrap_dim(interp, src, t.rank())?,
        wrap_dim(interp, dst, t.rank())?,
    );
    let mut shape = t.shape.clone();
    // A 0-d tensor stays 0-d (dims 0 and -1 are valid for it).
    if !shape.is_empty() {
        let moved = shape.remove(s);
        shape.insert(d, moved);
    }
    emit(interp, call, 0, 3, t.dtype, shape)
}

/// `atleast_{1,2,3}d(*tensors)`: one tensor is padded with size-1 dims to
/// `rank` dims (a 1-d tensor `[n]` becomes `[1, n]` in 2-d and `[1, n, 1]`
/// in 3-d, a 2-d one `[a, b, 1]` in 3-d); several tensors, or one list of
/// them, are the `Sequence` overload: one tuple node.
fn atleast(interp: &mut Interp, call: &OpCall, rank: usize) -> R<Value> {
    fn padded(shape: &[SymExpr], rank: usize) -> Vec<SymExpr> {
        let one = SymExpr::int(1);
        match (shape.len(), rank) {
            (0, _) => vec![one; rank],
            (1, 2) => vec![one, shape[0].clone()],
            (1, 3) => vec![one.clone(), shape[0].clone(), one],
            (2, 3) => vec![shape[0].clone(), shape[1].clone(), one],
            _ => shape.to_vec(),
        }
    }
    let passed = interp.iterate(&call.arg(0).clone())?;
    let (items, sequence) = match passed.as_slice() {
        [Value::Tensor(t)] => (vec![Value::Tensor(t.clone())], false),
        [one] => (interp.iterate(one)?, true),
        _ => (passed.clone(), true),
    };
    let mut outs = Vec::with_capacity(items.len());
    for item in &items {
        let Value::Tensor(t) = item else {
            return Err(interp.type_error(format!(
                "atleast_{rank}d(): expected Tensor as element, got {}",
                item.type_name()
            )));
        };
        outs.push((t.dtype, padded(&t.shape, rank)));
    }
    if !sequence {
        let (dtype, shape) = outs.remove(0);
        let args = vec![interp.arg_of(&items[0])];
        return interp.record_tensor_op(&call.target(0), args, vec![], dtype, shape);
    }
    let args = vec![Arg::List(items.iter().map(|v| interp.arg_of(v)).collect())];
    tuple_op(interp, &call.target(1), args, outs)
}

/// `torch.atleast_1d`.
pub fn atleast_1d(interp: &mut Interp, call: &OpCall) -> R<Value> {
    atleast(interp, call, 1)
}

/// `torch.atleast_2d`.
pub fn atleast_2d(interp: &mut Interp, call: &OpCall) -> R<Value> {
    atleast(interp, call, 2)
}

/// `torch.atleast_3d`.
pub fn atleast_3d(interp: &mut Interp, call: &OpCall) -> R<Value> {
    atleast(interp, call, 3)
}
