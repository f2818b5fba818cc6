//! The other `torch.nn.functional` ops: embedding, dropout, scaled
//! dot-product attention, padding, pixel and channel shuffle, upsampling,
//! losses, bilinear.

use shapes::SymExpr;

use crate::dtype::DType;
use crate::failure::FailureKind;
use crate::graph::Arg;
use crate::interp::{Interp, R};
use crate::ops::OpCall;
use crate::value::{CmpKind, Tensor, Value};

use super::*;

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
        let target = crate::ops::inplace_target(&target);
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
pub(super) fn allocated(shape: &[SymExpr], strides: Vec<SymExpr>) -> crate::interp::record::Output {
    match crate::layout::storage_span(shape, &strides) {
        Ok(storage_numel) => crate::interp::record::Output::Allocated(crate::layout::Layout {
            strides,
            offset: SymExpr::int(0),
            storage_numel,
        }),
        Err(_) => crate::interp::record::Output::Fresh,
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

/// `cdist(x1, x2, p=2.0, compute_mode=...)`: the distances between the
/// rows of each pair of (broadcast) batch matrices, `[*batch, r1, r2]`.
/// The mode is recorded as torch's functional passes it on (`None`, 1 to
/// use a matrix product, 2 never to); for `p == 2` without a mode, the
/// kernel asks whether either row count passes 25 (the matrix-product
/// path), a guard on symbolic sizes.
pub fn cdist(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let a = tensor(interp, call, 0)?;
    let b = tensor(interp, call, 1)?;
    if a.rank() < 2 || b.rank() < 2 {
        let (which, rank) = if a.rank() < 2 {
            ("X1", a.rank())
        } else {
            ("X2", b.rank())
        };
        return Err(interp.torch_error(
            "RuntimeError",
            format!("cdist only supports at least 2D tensors, {which} got: {rank}D"),
        ));
    }
    if !a.dtype.is_floating() || !b.dtype.is_floating() {
        return Err(interp.torch_error("RuntimeError", "cdist only supports floating-point dtypes"));
    }
    let p = match call.get("p") {
        Value::Int(i) => *i as f64,
        Value::Float(f) => *f,
        _ => 2.0,
    };
    let mode = match call.get("compute_mode") {
        Value::Str(m) if &**m == "use_mm_for_euclid_dist" => Some(1),
        Value::Str(m) if &**m == "donot_use_mm_for_euclid_dist" => Some(2),
        Value::Str(m) if &**m == "use_mm_for_euclid_dist_if_necessary" => None,
        Value::None => None,
        other => {
            return Err(interp.torch_error(
                "ValueError",
                format!(
                    "{} is not a valid value for compute_mode",
                    other.type_name()
                ),
            ));
        }
    };
    let (ra, rb) = (a.rank(), b.rank());
    expect_eq(
        interp,
        &a.shape[ra - 1],
        &b.shape[rb - 1],
        "X1 and X2 must have the same number of columns",
    )?;
    let (r1, r2) = (a.shape[ra - 2].clone(), b.shape[rb - 2].clone());
    let zero = SymExpr::int(0);
    let empty = |interp: &mut Interp, t: &Tensor| -> R<bool> {
        let n = interp.size_arith(crate::layout::numel(&t.shape))?;
        let line = interp.guard_line();
        Ok(interp
            .env
            .guard_or(&n, CmpKind::Eq, &zero, line, false, false))
    };
    if !empty(interp, &a)? && !empty(interp, &b)? && p == 2.0 && mode.is_none() {
        let line = interp.guard_line();
        let limit = SymExpr::int(25);
        let _ = interp
            .env
            .guard_or(&r1, CmpKind::Gt, &limit, line, false, false)
            || interp
                .env
                .guard_or(&r2, CmpKind::Gt, &limit, line, false, false);
    }
    let mut shape = broadcast(interp, &a.shape[..ra - 2], &b.shape[..rb - 2])?;
    shape.extend([r1, r2]);
    let args = vec![
        interp.arg_of(&Value::Tensor(a.clone())),
        interp.arg_of(&Value::Tensor(b)),
        Arg::Float(p),
        mode.map_or(Arg::None, Arg::Int),
    ];
    let target = call.target(0);
    interp.record_tensor_op(&target, args, vec![], a.dtype, shape)
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

/// `grid_sampler(input, grid, mode, padding, align_corners)`: input
/// `(N, C, *in)`, grid `(N, *out, k)` with `k` spatial dims (2 or 3);
/// output `(N, C, *out)`.
pub fn grid_sampler(interp: &mut Interp, call: &OpCall) -> R<Value> {
    let x = tensor(interp, call, 0)?;
    let grid = tensor(interp, call, 1)?;
    let spatial = x.rank().saturating_sub(2);
    if !(x.rank() == 4 || x.rank() == 5) || grid.rank() != x.rank() {
        return Err(shape_error(
            interp,
            format!(
                "grid_sampler(): expected 4D or 5D input and grid with same number of dimensions, but got input with sizes {} and grid with sizes {}",
                crate::ops::index::render_sizes(interp, &x.shape),
                crate::ops::index::render_sizes(interp, &grid.shape)
            ),
        ));
    }
    if x.dtype != grid.dtype {
        return Err(shape_error(
            interp,
            format!(
                "grid_sampler(): expected input and grid to have same dtype, but input has {} and grid has {}",
                x.dtype.torch_name().trim_start_matches("torch."),
                grid.dtype.torch_name().trim_start_matches("torch.")
            ),
        ));
    }
    // torch compares the batches through the grid's element count (its
    // guard reads `Eq(60*grid.size()[0], 60*x.size()[0])` for a 5x6 grid).
    let per_item = interp.size_arith(crate::layout::numel(&grid.shape[1..]))?;
    let grid_numel = interp.size_arith(grid.shape[0].checked_mul(&per_item))?;
    let expected = interp.size_arith(x.shape[0].checked_mul(&per_item))?;
    if !interp.torch_check(&grid_numel, CmpKind::Eq, &expected)? {
        let text = format!(
            "grid_sampler(): expected grid and input to have same batch size, but got input with sizes {} and grid with sizes {}",
            crate::ops::index::render_sizes(interp, &x.shape),
            crate::ops::index::render_sizes(interp, &grid.shape)
        );
        return Err(shape_error(interp, text));
    }
    expect_eq(
        interp,
        &grid.shape[x.rank() - 1],
        &SymExpr::int(spatial as i64),
        "grid_sampler(): the last dimension of grid",
    )?;
    let mut shape = vec![x.shape[0].clone(), x.shape[1].clone()];
    shape.extend(grid.shape[1..grid.rank() - 1].iter().cloned());
    emit(interp, call, 0, 5, x.dtype, shape)
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
