//! Tensor indexing as torch records it: integers become `select`, slices
//! `slice`, `None` `unsqueeze`, `...` skips dimensions, tensor indices
//! `index`; assignment through an index writes with `fill_`/`copy_`.

use std::rc::Rc;

use shapes::SymExpr;

use crate::dtype::DType;
use crate::graph::{Arg, MetaVal};
use crate::interp::record::{SizeOperand, SizeOrigin};
use crate::interp::{Interp, R};
use crate::python::objects::KnownObject;
use crate::value::{CmpKind, Tensor, Value};

const SLICE_END_MAX: i64 = i64::MAX;

fn index_items(interp: &mut Interp, index: &Value) -> R<Vec<Value>> {
    match index {
        Value::Tuple(_) => interp.iterate(index),
        other => Ok(vec![other.clone()]),
    }
}

/// `x[index]` as Python's `Tensor.__getitem__` records it. A lone slice
/// always records `slice`; in a tuple, a slice provably spanning its whole
/// dimension is skipped, and an index that leaves the tensor itself (`x[:,
/// :n]` with `n` the size, `x[...]`) records `alias`, torch's shallow copy.
pub fn getitem(interp: &mut Interp, t: Rc<Tensor>, index: Value) -> R<Value> {
    if interp.tracing
        && interp.mode == crate::Mode::NonStrict
        && let Some(out) = symbolic_getitem(interp, &t, &index)?
    {
        return Ok(out);
    }
    let lone_slice = matches!(index, Value::Slice(_));
    let out = index_view(interp, t.clone(), &index, !lone_slice)?;
    match &out {
        Value::Tensor(o) if Rc::ptr_eq(o, &t) => {
            let args = vec![interp.arg_of(&Value::Tensor(t.clone()))];
            match t.layout() {
                Ok(l) => interp.record_view_op(
                    "aten.alias.default",
                    args,
                    vec![],
                    t.dtype,
                    t.shape.clone(),
                    l,
                ),
                Err(_) => interp.record_tensor_op(
                    "aten.alias.default",
                    args,
                    vec![],
                    t.dtype,
                    t.shape.clone(),
                ),
            }
        }
        _ => Ok(out),
    }
}

/// Non-strict export's rewrite of an index holding a symbolic int (an
/// index or a slice bound): each item becomes its op directly, `None`
/// `unsqueeze`, an int `select`, a slice `aten.slice` as written (no
/// indexing checks, no slice optimization), and a bare `:` (or `...`'s
/// dimensions) nothing. `None` when the index is not rewritten (no symbolic
/// int, or an item such as a tensor the rewrite leaves to indexing).
fn symbolic_getitem(interp: &mut Interp, t: &Rc<Tensor>, index: &Value) -> R<Option<Value>> {
    let items = index_items(interp, index)?;
    let symbolic = |v: &Value| matches!(v, Value::SymInt(e) if e.as_const().is_none());
    let has_symbolic = items.iter().any(|v| match v {
        Value::Slice(s) => s.iter().any(symbolic),
        v => symbolic(v),
    });
    let plain = |v: &Value| {
        matches!(
            v,
            Value::None | Value::Int(_) | Value::SymInt(_) | Value::Slice(_)
        ) || is_ellipsis(v)
    };
    if !has_symbolic || !items.iter().all(plain) {
        return Ok(None);
    }
    let given = items.iter().filter(|v| !matches!(v, Value::None)).count();
    let mut cur = Value::Tensor(t.clone());
    let mut dim: i64 = 0;
    for item in &items {
        let Some(ct) = cur.as_tensor().cloned() else {
            break;
        };
        match item {
            Value::None => {
                cur = interp.call_op_by_method("unsqueeze", cur, vec![Value::Int(dim)], vec![])?;
                dim += 1;
            }
            v if is_ellipsis(v) => {
                // `...` stands for the bare slices filling the other dims.
                dim += (t.rank() + 1).saturating_sub(given) as i64;
            }
            Value::Slice(s) => {
                let bare = matches!(s[0], Value::None)
                    && matches!(s[1], Value::None)
                    && matches!(s[2], Value::None | Value::Int(1));
                if !bare {
                    cur = slice_dim(interp, ct, dim, s, false)?;
                }
                dim += 1;
            }
            i => {
                cur = interp.call_op_by_method(
                    "select",
                    cur,
                    vec![Value::Int(dim), i.clone()],
                    vec![],
                )?;
            }
        }
    }
    Ok(Some(cur))
}

/// The view `index` selects; `skip_full` skips slices that span their whole
/// dimension (torch's slice optimization, off for a lone getitem slice).
fn index_view(interp: &mut Interp, t: Rc<Tensor>, index: &Value, skip_full: bool) -> R<Value> {
    let items = index_items(interp, index)?;
    if items
        .iter()
        .any(|v| matches!(v, Value::Tensor(m) if is_mask(m) && m.rank() == 0))
    {
        let range = interp.current_range();
        return Ok(interp.incomplete(
            range,
            "analysis incomplete: indexing with a 0-d boolean tensor is not modelled",
        ));
    }
    let consumed: usize = items.iter().map(dims_indexed).sum();
    if consumed > t.rank() {
        return Err(interp.torch_error(
            "IndexError",
            format!("too many indices for tensor of dimension {}", t.rank()),
        ));
    }
    let mut cur = Value::Tensor(t.clone());
    let mut dim: i64 = 0;
    let mut tensor_indices: Vec<(usize, Rc<Tensor>)> = Vec::new();
    for item in &items {
        let Some(ct) = cur.as_tensor().cloned() else {
            break;
        };
        match item {
            Value::None => {
                cur = interp.call_op_by_method("unsqueeze", cur, vec![Value::Int(dim)], vec![])?;
                dim += 1;
            }
            v if is_ellipsis(v) => {
                let remaining: usize = items
                    .iter()
                    .skip_while(|x| !is_ellipsis(x))
                    .skip(1)
                    .map(dims_indexed)
                    .sum();
                dim = ct.rank().saturating_sub(remaining) as i64;
            }
            Value::Slice(s) => {
                cur = slice_dim(interp, ct, dim, s, skip_full)?;
                dim += 1;
            }
            Value::Tensor(it) => {
                tensor_indices.push((dim as usize, it.clone()));
                dim += dims_indexed(item) as i64;
            }
            Value::List(_) => {
                let it = interp.call_op_function("tensor", vec![item.clone()], vec![])?;
                if let Value::Tensor(ref it) = it {
                    tensor_indices.push((dim as usize, it.clone()));
                }
                dim += 1;
            }
            other => {
                let i = match other {
                    Value::SymInt(e) => Value::SymInt(e.clone()),
                    v => Value::Int(interp.index_int(v)?),
                };
                let d = dim as usize;
                if let (Some(n), Some(iv)) = (
                    ct.shape
                        .get(d)
                        .and_then(|s| interp.env.simplify(s).as_const()),
                    i.as_int(),
                ) && (iv >= n || iv < -n)
                {
                    return Err(interp.torch_error(
                        "IndexError",
                        format!("index {iv} is out of bounds for dimension {d} with size {n}"),
                    ));
                }
                if let Some(iv) = i.as_int() {
                    // Indexing's bounds check, `-size <= i < size`.
                    let below = iv.saturating_neg().saturating_sub(1);
                    if interp.probe_size_compare(&ct, d, CmpKind::Gt, below) {
                        interp.probe_size_compare(&ct, d, CmpKind::Gt, iv);
                        interp.probe("_operator.and_", "and_", vec![], MetaVal::None);
                    }
                }
                cur = interp.call_op_by_method("select", cur, vec![Value::Int(dim), i], vec![])?;
            }
        }
    }
    if !tensor_indices.is_empty() {
        let Some(ct) = cur.as_tensor().cloned() else {
            return Ok(cur);
        };
        return advanced_index(interp, ct, tensor_indices);
    }
    Ok(cur)
}

fn is_ellipsis(v: &Value) -> bool {
    KnownObject::of(v) == Some(KnownObject::Ellipsis)
}

/// A boolean (or, deprecated, uint8) index tensor: a mask over as many
/// dimensions as it has.
fn is_mask(t: &Tensor) -> bool {
    matches!(t.dtype, DType::Bool | DType::U8)
}

/// How many dimensions of the indexed tensor an index item uses, as
/// torch's `count_specified_dimensions` counts them: none for `None` and
/// `...`, a mask's rank for a mask, else one.
fn dims_indexed(v: &Value) -> usize {
    match v {
        Value::None => 0,
        v if is_ellipsis(v) => 0,
        Value::Tensor(m) if is_mask(m) => m.rank(),
        _ => 1,
    }
}

/// `torch.ops.aten.slice.Tensor(input, dim, start, end, step)`: one
/// dimension sliced as `x[start:end:step]` does, recorded even when it
/// spans the whole dimension (no Python subscript to skip).
pub fn slice_op(interp: &mut Interp, call: &super::OpCall) -> R<Value> {
    let t = super::meta::tensor(interp, call, 0)?;
    let dim = interp.index_int(call.arg(1))?;
    let d = super::meta::wrap_existing_dim(interp, dim, t.rank())?;
    let s = [
        call.arg(2).clone(),
        call.arg(3).clone(),
        call.arg(4).clone(),
    ];
    slice_dim(interp, t, d as i64, &s, false)
}

/// `x[start:stop:step]` on one dimension.
fn slice_dim(
    interp: &mut Interp,
    t: Rc<Tensor>,
    dim: i64,
    s: &[Value; 3],
    skip_full: bool,
) -> R<Value> {
    let d = dim as usize;
    let Some(size) = t.shape.get(d).map(|x| interp.env.simplify(x)) else {
        return Err(interp.torch_error("IndexError", "too many indices for tensor"));
    };
    if skip_full {
        probe_slice_noop(interp, &t, d, s);
    }
    if skip_full && spans_dimension(interp, &size, s) {
        return Ok(Value::Tensor(t));
    }
    let step = match &s[2] {
        Value::None => 1,
        v => interp.index_int(v)?,
    };
    if step <= 0 {
        return Err(interp.torch_error("ValueError", "step must be greater than zero"));
    }
    let start = bound_expr(interp, &s[0], &size, 0)?;
    let stop = bound_expr(interp, &s[1], &size, SLICE_END_MAX)?;
    let (Some(start), Some(stop)) = (start, stop) else {
        return unknown_length_slice(interp, t, dim, s, &size);
    };
    let len = ordered_difference(interp, &start, &stop);
    let len = if step == 1 {
        len
    } else {
        len.and_then(|n| n.checked_add(&SymExpr::int(step - 1)))
            .and_then(|n| n.checked_floordiv(&SymExpr::int(step)))
    };
    let len = interp.size_arith(len)?;
    let len = interp.env.simplify(&len);
    let len = match len.as_const() {
        Some(c) if c < 0 => SymExpr::int(0),
        _ => len,
    };
    let shape_len = len.clone();
    let start = interp.env.simplify(&start);
    let mut shape = t.shape.clone();
    shape[d] = len;
    let args = slice_args(interp, &t, dim, s);
    let layout = t
        .layout()
        .and_then(|base| crate::layout::slice(&base, d, &start, step));
    let out = match layout {
        Ok(l) => interp.record_view_op("aten.slice.Tensor", args, vec![], t.dtype, shape, l)?,
        Err(_) => interp.record_tensor_op("aten.slice.Tensor", args, vec![], t.dtype, shape)?,
    };
    if interp.tracing
        && let Value::Tensor(o) = &out
    {
        // The sliced length is a size of its own; the others pass through.
        for j in 0..o.rank() {
            let origin = if j == d {
                (!shape_len.is_const()).then_some(SizeOrigin::Fresh(o.id, d))
            } else {
                interp.size_origins.get(&(t.id, j)).copied()
            };
            if let Some(origin) = origin {
                interp.size_origins.insert((o.id, j), origin);
            }
        }
    }
    if !interp.tracing
        && let (Some(start), Some(count)) = (start.as_const(), shape_len.as_const())
        && let Some(values) =
            super::values::slice(&t, d, start as usize, count as usize, step as usize)
    {
        super::values::set(&out, values);
    }
    Ok(out)
}

/// The arguments torch records for `x[start:stop:step]` on `dim`. Dynamo
/// (strict) writes an omitted start as 0 and an omitted end as
/// `sys.maxsize`; eager Python (non-strict) does too, unless a bound is
/// data-dependent (an unbacked size): then an omitted bound stays `None`,
/// and a trailing one is left out.
fn slice_args(interp: &mut Interp, t: &Rc<Tensor>, dim: i64, s: &[Value; 3]) -> Vec<Arg> {
    let unbacked = |v: &Value| match v {
        Value::SymInt(e) => e.symbols().iter().any(|s| interp.env.info(*s).unbacked),
        _ => false,
    };
    let keep_none = interp.mode == crate::Mode::NonStrict && (unbacked(&s[0]) || unbacked(&s[1]));
    let step = s[2].as_int().filter(|&k| k != 1);
    let mut args = vec![interp.arg_of(&Value::Tensor(t.clone())), Arg::Int(dim)];
    args.push(match &s[0] {
        Value::None if keep_none => Arg::None,
        Value::None => Arg::Int(0),
        v => interp.arg_of(v),
    });
    match &s[1] {
        Value::None if keep_none && step.is_none() => {}
        Value::None if keep_none => args.push(Arg::None),
        Value::None => args.push(Arg::Int(SLICE_END_MAX)),
        v => args.push(interp.arg_of(v)),
    }
    if let Some(step) = step {
        args.push(Arg::Int(step));
    }
    args
}

/// `stop - start`; when either is data-dependent and their order is not
/// known, `Max(stop - start, 0)`, as torch's fake slice computes it.
fn ordered_difference(
    interp: &mut Interp,
    start: &SymExpr,
    stop: &SymExpr,
) -> Result<SymExpr, shapes::SymError> {
    let diff = stop.checked_sub(start)?;
    let unbacked = diff.symbols().iter().any(|s| interp.env.info(*s).unbacked);
    if !unbacked || interp.env.static_decide(stop, CmpKind::Ge, start) == Some(true) {
        Ok(diff)
    } else if interp.env.static_decide(start, CmpKind::Ge, stop) == Some(true) {
        Ok(SymExpr::int(0))
    } else {
        Ok(diff.max(&SymExpr::int(0)))
    }
}

/// A slice whose bounds say nothing about where it lands (an end with a
/// data-dependent value of any sign): torch gives it a fresh unbacked
/// length in `[0, size]`, read back after the op for its runtime asserts.
fn unknown_length_slice(
    interp: &mut Interp,
    t: Rc<Tensor>,
    dim: i64,
    s: &[Value; 3],
    size: &SymExpr,
) -> R<Value> {
    let d = dim as usize;
    let max = size
        .as_const()
        .or_else(|| interp.env.range_of(size).hi.finite());
    let len = super::views::data_length(interp, max);
    let mut shape = t.shape.clone();
    shape[d] = len.clone();
    let args = slice_args(interp, &t, dim, s);
    let out = interp.record_tensor_op("aten.slice.Tensor", args, vec![], t.dtype, shape)?;
    if interp.tracing {
        super::views::read_back_length(interp, &out, &len, dim);
    }
    Ok(out)
}

/// Indexing tests whether a slice in a tuple index is a no-op: a start
/// statically 0 and then `size <= stop` (before it looks at the step); on
/// a symbolic size or stop that test is a node.
fn probe_slice_noop(interp: &mut Interp, t: &Tensor, d: usize, s: &[Value; 3]) {
    if !matches!(&s[0], Value::None | Value::Int(0)) {
        return;
    }
    let stop = match &s[1] {
        Value::None => (
            SizeOperand::Value(Arg::Int(SLICE_END_MAX)),
            SymExpr::int(SLICE_END_MAX),
        ),
        Value::Int(k) => (SizeOperand::Value(Arg::Int(*k)), SymExpr::int(*k)),
        v @ Value::SymInt(e) => (SizeOperand::Value(interp.arg_of(v)), e.clone()),
        _ => return,
    };
    let Some(size) = t.shape.get(d) else {
        return;
    };
    interp.probe_compare((SizeOperand::Dim(t.id, d), size.clone()), CmpKind::Le, stop);
}

/// Whether torch's slice optimization skips `s` on a dimension of `size`:
/// step 1, a start statically 0 and a stop statically at least the size
/// (an omitted stop is `INT64_MAX`: known on a static dimension, or a
/// symbolic one whose range has a finite upper bound).
fn spans_dimension(interp: &mut Interp, size: &SymExpr, s: &[Value; 3]) -> bool {
    let int_of = |v: &Value| match v {
        Value::Int(i) => Some(SymExpr::int(*i)),
        Value::Bool(b) => Some(SymExpr::int(i64::from(*b))),
        Value::SymInt(e) => Some(e.clone()),
        _ => None,
    };
    let step_one = match &s[2] {
        Value::None => true,
        v => int_of(v).and_then(|e| e.as_const()) == Some(1),
    };
    let start_zero = match &s[0] {
        Value::None => true,
        v => int_of(v).and_then(|e| interp.env.simplify(&e).as_const()) == Some(0),
    };
    if !step_one || !start_zero {
        return false;
    }
    match &s[1] {
        Value::None => {
            size.is_const()
                || matches!(
                    interp.env.range_of(size).hi,
                    shapes::range::Bound::Finite(hi) if hi < SLICE_END_MAX
                )
        }
        v => match int_of(v) {
            Some(stop) => match (size.as_const(), interp.env.simplify(&stop).as_const()) {
                (Some(n), Some(m)) => n <= m,
                _ => interp.env.static_decide(size, CmpKind::Le, &stop) == Some(true),
            },
            None => false,
        },
    }
}

/// Clamp a slice bound into `[0, size]`, deciding symbolic comparisons by
/// their hints (with guards) as torch does.
fn bound_expr(interp: &mut Interp, v: &Value, size: &SymExpr, default: i64) -> R<Option<SymExpr>> {
    let raw = match v {
        Value::None => {
            return Ok(Some(if default == 0 {
                SymExpr::int(0)
            } else {
                size.clone()
            }));
        }
        Value::SymInt(e) => e.clone(),
        other => SymExpr::int(interp.index_int(other)?),
    };
    // An end of `sys.maxsize` is "to the end": torch's slice compares no
    // size with it.
    if default == SLICE_END_MAX && raw.as_const() == Some(SLICE_END_MAX) {
        return Ok(Some(size.clone()));
    }
    let unbacked =
        |interp: &Interp, x: &SymExpr| x.symbols().iter().any(|s| interp.env.info(*s).unbacked);
    if unbacked(interp, &raw) || unbacked(interp, size) {
        return Ok(unbacked_slice_index(interp, &raw, size));
    }
    backed_bound(interp, raw, size).map(Some)
}

/// Where a slice bound `index` on a dimension of `size` lands when either
/// is data-dependent, decided without guards as torch's fake slice does
/// (`_compute_slice_index`): `None` when nothing is known about it.
fn unbacked_slice_index(interp: &mut Interp, index: &SymExpr, size: &SymExpr) -> Option<SymExpr> {
    let zero = SymExpr::int(0);
    let known = |interp: &mut Interp, a: &SymExpr, op: CmpKind, b: &SymExpr| {
        interp.env.static_decide(a, op, b) == Some(true)
    };
    let neg_size = size.checked_neg().ok()?;
    let shifted = size.checked_add(index).ok()?;
    // `index < size` (a `torch._check` of it, say) settles `index <= size`:
    // torch's static evaluation lists `Le` among a runtime assert's
    // implications.
    let within = |interp: &mut Interp| {
        known(interp, index, CmpKind::Le, size) || known(interp, index, CmpKind::Lt, size)
    };
    if known(interp, index, CmpKind::Ge, &zero) && within(interp) {
        Some(index.clone())
    } else if known(interp, index, CmpKind::Lt, &zero)
        && known(interp, index, CmpKind::Ge, &neg_size)
    {
        Some(shifted)
    } else if known(interp, index, CmpKind::Lt, &neg_size) {
        Some(zero)
    } else if known(interp, index, CmpKind::Gt, size) {
        Some(size.clone())
    } else if known(interp, index, CmpKind::Ge, &zero) {
        Some(index.min(size))
    } else if known(interp, index, CmpKind::Lt, &zero) {
        Some(shifted.max(&zero))
    } else {
        None
    }
}

/// A slice bound on backed sizes: negative ones count from the end, and
/// one past the end is clamped to it (guarding, as torch does).
fn backed_bound(interp: &mut Interp, raw: SymExpr, size: &SymExpr) -> R<SymExpr> {
    let neg = match raw.as_const() {
        Some(c) => c < 0,
        None => {
            interp
                .env
                .static_decide(&raw, CmpKind::Lt, &SymExpr::int(0))
                == Some(true)
        }
    };
    let e = if neg {
        interp.size_arith(size.checked_add(&raw))?
    } else {
        raw
    };
    if let (Some(c), Some(n)) = (e.as_const(), size.as_const()) {
        return Ok(SymExpr::int(c.clamp(0, n.max(0))));
    }
    if e.as_const().is_some_and(|c| c <= 0) {
        return Ok(SymExpr::int(0));
    }
    // e > size ? size : e
    let line = interp.guard_line();
    match interp.env.evaluate(&e, CmpKind::Gt, size, line) {
        Ok(true) => Ok(size.clone()),
        Ok(false) => Ok(e),
        Err(dd) => Err(interp.data_dependent(&dd.expr)),
    }
}

/// `x[idx]` with integer or boolean index tensors, as `aten.index.Tensor`
/// computes its output: each boolean mask stands for the indices of its
/// nonzero elements (one index per masked dimension, of a data-dependent
/// length: an unbacked size, as `nonzero` gives), the index shapes
/// broadcast together, and the result takes the broadcast shape where the
/// indexed dimensions were when they are adjacent, else in front.
fn advanced_index(
    interp: &mut Interp,
    t: Rc<Tensor>,
    indices: Vec<(usize, Rc<Tensor>)>,
) -> R<Value> {
    // Per index: the first dimension it indexes, how many, and its shape.
    let mut groups: Vec<(usize, usize, Vec<SymExpr>)> = Vec::with_capacity(indices.len());
    // The data-dependent lengths the masks give.
    let mut lengths: Vec<SymExpr> = Vec::new();
    for (d, it) in &indices {
        if !is_mask(it) {
            groups.push((*d, 1, it.shape.clone()));
            continue;
        }
        let indexed = t.shape.get(*d..*d + it.rank()).unwrap_or_default();
        for (j, (m, s)) in it.shape.iter().zip(indexed).enumerate() {
            if let (Some(m), Some(s)) = (m.as_const(), interp.env.simplify(s).as_const())
                && m != s
            {
                return Err(interp.raise(
                    "IndexError",
                    format!(
                        "The shape of the mask {} at index {j} does not match the shape of the indexed tensor {} at index {}",
                        render_sizes(interp, &it.shape),
                        render_sizes(interp, &t.shape),
                        d + j
                    ),
                ));
            }
        }
        // As `nonzero` of the mask: at most its element count.
        let u = match super::views::numel_bound(interp, &it.shape)? {
            Some(0) => SymExpr::int(0),
            max => super::views::data_length(interp, max),
        };
        lengths.push(u.clone());
        groups.push((*d, it.rank(), vec![u]));
    }
    let mut bshape: Vec<SymExpr> = groups[0].2.clone();
    for (_, _, shape) in &groups[1..] {
        bshape = crate::ops::meta::broadcast(interp, &bshape, shape)?;
    }
    let indexed = |i: usize| groups.iter().any(|(d, k, _)| (*d..d + k).contains(&i));
    let first = groups.iter().map(|(d, _, _)| *d).min().unwrap_or(0);
    let last = groups.iter().map(|(d, k, _)| d + k).max().unwrap_or(0);
    let adjacent = (first..last).all(indexed);
    let rest = (0..t.rank()).filter(|&i| !indexed(i));
    let shape: Vec<SymExpr> = if adjacent {
        let before = rest.clone().filter(|&i| i < first);
        let after = rest.filter(|&i| i >= last);
        before
            .map(|i| t.shape[i].clone())
            .chain(bshape)
            .chain(after.map(|i| t.shape[i].clone()))
            .collect()
    } else {
        bshape
            .into_iter()
            .chain(rest.map(|i| t.shape[i].clone()))
            .collect()
    };
    // One entry per index, `None` for each dimension between them.
    let mut list = Vec::new();
    let mut at = 0;
    for ((d, k, _), (_, it)) in groups.iter().zip(&indices) {
        list.extend(std::iter::repeat_n(Arg::None, d.saturating_sub(at)));
        list.push(interp.arg_of(&Value::Tensor(it.clone())));
        at = d + k;
    }
    let args = vec![interp.arg_of(&Value::Tensor(t.clone())), Arg::List(list)];
    let out = interp.record_tensor_op("aten.index.Tensor", args, vec![], t.dtype, shape.clone())?;
    // torch reads each length back after the op, for its runtime asserts.
    if interp.tracing {
        for u in lengths.iter().filter(|u| u.as_symbol().is_some()) {
            if let Some(dim) = shape.iter().position(|d| d == u) {
                super::views::read_back_length(interp, &out, u, dim as i64);
            }
        }
    }
    Ok(out)
}

/// Sizes as torch prints them in an indexing error: `[6, 5]`.
pub(crate) fn render_sizes(interp: &Interp, shape: &[SymExpr]) -> String {
    let sizes: Vec<String> = shape.iter().map(|d| interp.env.render(d)).collect();
    format!("[{}]", sizes.join(", "))
}

/// `x[idx] = value`.
pub fn setitem(interp: &mut Interp, t: Rc<Tensor>, index: Value, value: Value) -> R<()> {
    // Contents followed outside tracing are not updated element-wise.
    t.known.replace(None);
    let items = index_items(interp, &index)?;
    if items.iter().any(|v| matches!(v, Value::Tensor(_))) {
        let idx: Vec<Arg> = items.iter().map(|v| interp.arg_of(v)).collect();
        let args = vec![
            interp.arg_of(&Value::Tensor(t.clone())),
            Arg::List(idx),
            interp.arg_of(&value),
        ];
        if interp.tracing {
            let val = interp.meta_of(&t);
            let n = interp.record("aten.index_put_.default", args, vec![], val);
            t.node.set(Some(n));
        }
        return Ok(());
    }
    // Assignment goes through the same slicing with the optimization on,
    // and writes into the view (the tensor itself when nothing is sliced).
    let view = index_view(interp, t.clone(), &index, true)?;
    let Some(v) = view.as_tensor().cloned() else {
        return Ok(());
    };
    if !interp.tracing {
        return Ok(());
    }
    let dst = interp.arg_of(&Value::Tensor(v.clone()));
    let val = interp.meta_of(&v);
    if let Value::Tensor(src) = &value {
        probe_same_sizes(interp, &v, src);
        internal_overlap_guards(interp, &v);
    }
    let n = match &value {
        Value::Tensor(_) => {
            let src = interp.arg_of(&value);
            interp.record("aten.copy_.default", vec![dst, src], vec![], val)
        }
        other => {
            let s = interp.arg_of(other);
            interp.record("aten.fill_.Scalar", vec![dst, s], vec![], val)
        }
    };
    interp.graph.node_mut(n).side_effect = true;
    Ok(())
}

/// Assignment first asks whether the source has the destination's sizes,
/// dim by dim until one is not known equal; on symbolic sizes each
/// question is a node.
fn probe_same_sizes(interp: &mut Interp, dst: &Tensor, src: &Tensor) {
    if dst.rank() != src.rank() {
        return;
    }
    for (d, (a, b)) in dst.shape.iter().zip(&src.shape).enumerate() {
        let same = interp.probe_compare(
            (SizeOperand::Dim(dst.id, d), a.clone()),
            CmpKind::Eq,
            (SizeOperand::Dim(src.id, d), b.clone()),
        );
        if same != Some(true) {
            return;
        }
    }
}

/// `copy_`'s fake kernel first asks whether its destination overlaps
/// itself, which starts by asking whether it is contiguous: guards of the
/// assignment's line when the destination's sizes are symbolic.
fn internal_overlap_guards(interp: &mut Interp, dst: &Tensor) {
    if dst.shape.iter().all(|d| d.is_const()) {
        return;
    }
    let Ok(layout) = dst.layout() else {
        return;
    };
    let line = interp.guard_line();
    // Only the guards matter here, not the answer.
    let _ =
        crate::layout::is_contiguous_or_false(&mut interp.env, &dst.shape, &layout.strides, line);
}
