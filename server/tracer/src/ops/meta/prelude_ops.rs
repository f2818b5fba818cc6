//! Ops behind the prelude's nn modules and functionals: `glu`, `diff`,
//! `im2col`/`col2im` (Unfold/Fold), unpooling, fractional max pooling, RNN
//! cells and layers, `embedding_bag`, weight norm.

use std::rc::Rc;

use shapes::SymExpr;

use crate::dtype::DType;
use crate::graph::Arg;
use crate::interp::{Interp, R};
use crate::ops::OpCall;
use crate::value::{CmpKind, Tensor, Value};

use super::*;

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
