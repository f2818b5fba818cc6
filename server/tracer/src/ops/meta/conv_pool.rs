//! Convolution and pooling: output sizes of strided windows (with
//! `ceil_mode`, dilation, padding), the guards torch adds on them, adaptive
//! pools.

use shapes::{SymError, SymExpr};

use crate::dtype::DType;
use crate::graph::Arg;
use crate::interp::{Interp, R};
use crate::ops::OpCall;
use crate::value::{CmpKind, Tensor, Value};

use super::*;

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
pub(super) fn per_dim(interp: &mut Interp, v: &Value, n: usize, default: i64) -> R<Vec<i64>> {
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
    // A depthwise convolution over a dynamic batch of channels
    // (`groups=kernel.shape[0]`) has symbolic groups.
    let groups = match call.get("groups").clone() {
        Value::None => SymExpr::int(1),
        g => size_expr(interp, &g)?,
    };
    let same = matches!(call.get("padding"), Value::Str(s) if &**s == "same");
    let padding = per_dim(interp, &call.get("padding").clone(), nd, 0)?;
    conv_groups_check(interp, &w.shape[0], &groups)?;
    let cin = &x.shape[off];
    let expect_cin = interp.size_arith(w.shape[1].checked_mul(&groups))?;
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
fn conv_groups_check(interp: &mut Interp, w0: &SymExpr, g: &SymExpr) -> R<()> {
    if g.as_const().is_some_and(|g| g <= 0) {
        return Err(shape_error(interp, "non-positive groups is not supported"));
    }
    let groups = interp.env.render(g);
    if !interp.torch_check(w0, CmpKind::Ge, g)? {
        let w = interp.env.render(w0);
        return Err(shape_error(
            interp,
            format!(
                "Given groups={groups}, expected weight to be at least {groups} at dimension 0, but got weight of size {w} instead"
            ),
        ));
    }
    let rem = interp.size_arith(w0.checked_modulo(g))?;
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
    conv_groups_check(interp, &w.shape[0], &SymExpr::int(groups))?;
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
