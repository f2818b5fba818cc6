//! Normalization: batch, layer, RMS and group norm, with the shape checks of
//! their affine parameters.

use shapes::SymExpr;

use crate::graph::Arg;
use crate::interp::{Interp, R};
use crate::ops::OpCall;
use crate::value::{CmpKind, Tensor, Value};

use super::*;

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
    // With running statistics, the decomposition's first step is the
    // elementwise `input - mean`, whose fast path asks how the input is
    // laid out.
    let training = matches!(call.arg(5), Value::Bool(true));
    if !training && matches!(call.arg(1), Value::Tensor(_)) {
        let input = call.arg(0).clone();
        super::elementwise::elementwise_input_guards(interp, &[&input], x.rank());
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
pub(super) fn indivisible_channels(
    interp: &mut Interp,
    x: &Tensor,
    call: &OpCall,
) -> R<Option<(i64, i64)>> {
    let g = interp.index_int(&call.arg(1).clone())?;
    Ok(x.shape
        .get(1)
        .and_then(|c| interp.env.simplify(c).as_const())
        .filter(|c| g <= 0 || c % g != 0)
        .map(|c| (c, g)))
}
