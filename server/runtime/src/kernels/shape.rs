//! Shape and data-movement kernels: views and reshapes (the traced output
//! shape is the target shape), permutes, slicing and selection, joining and
//! splitting, gathers and advanced indexing, triangular masks, padding,
//! dtype conversions, tensor constructors (random ones draw from
//! `--init random`'s sampler, else yield zeros that the executor marks
//! random), `.item()`, `sym_size` and runtime assertions.

use candle_core::Tensor;
use tracer::dtype::DType;
use tracer::graph::Node;

use super::{Args, Call, KernelFn, dim_len, ints_of, out_dtype, out_shape, wrap_dim};
use crate::error::{Error, Res};
use crate::exec::Ctx;
use crate::value::{RVal, T, cpu, storage};

/// How a random op draws its values under `--init random` (torch's
/// distributions); without a sampler every draw is zeros, and the executor
/// marks what the values reach.
#[derive(Clone, Copy)]
pub enum Draw {
    StdNormal,
    /// Uniform over [0, 1).
    Unit,
    /// `uniform_(from, to)`.
    Uniform,
    /// `randint(high, size)` / `randint.low(low, high, size)`.
    Integers,
    /// Uninitialized memory: zeros.
    Zeros,
}

/// Ops whose values are random, by op packet: the executor marks what they
/// reach; each runs [`random`].
pub const RANDOM_OPS: &[(&str, Draw)] = &[
    ("aten.randn", Draw::StdNormal),
    ("aten.rand", Draw::Unit),
    ("aten.randint", Draw::Integers),
    ("aten.randn_like", Draw::StdNormal),
    ("aten.rand_like", Draw::Unit),
    ("aten.empty", Draw::Zeros),
    ("aten.empty_like", Draw::Zeros),
    ("aten.new_empty", Draw::Zeros),
    ("aten.uniform", Draw::Uniform),
];

fn wrap(t: Tensor, dt: DType) -> RVal {
    RVal::Tensor(T { t, dt })
}

fn list_of_tensors(v: Option<&RVal>) -> Res<Vec<T>> {
    match v {
        Some(RVal::List(items)) => items
            .iter()
            .map(|i| match i {
                RVal::Tensor(t) => Ok(t.clone()),
                _ => Err(Error::runtime("expected a list of tensors")),
            })
            .collect(),
        _ => Err(Error::runtime("expected a list of tensors")),
    }
}

/// `[start, end)` of a Python slice over a dim of length `n`.
fn slice_bounds(start: Option<i64>, end: Option<i64>, n: i64) -> (i64, i64) {
    let norm = |v: i64| if v < 0 { (v + n).max(0) } else { v.min(n) };
    let s = start.map_or(0, norm);
    let e = end.map_or(n, norm);
    (s, e.max(s))
}

/// Select `idx` (already wrapped, in range) along `dim`.
fn take(t: &T, dim: usize, idx: &[i64]) -> Res<T> {
    let ids = Tensor::from_vec(idx.to_vec(), idx.len(), &cpu())?;
    let src = t.t.contiguous()?;
    Ok(T {
        t: src.index_select(&ids, dim)?,
        dt: t.dt,
    })
}

/// Wrap and bounds-check indices into a dim of length `n`.
fn check_indices(idx: &[f64], n: usize) -> Res<Vec<i64>> {
    idx.iter()
        .map(|v| {
            let i = *v as i64;
            let w = if i < 0 { i + n as i64 } else { i };
            if w < 0 || w >= n as i64 {
                Err(Error::runtime(format!(
                    "index {i} is out of bounds for dimension with size {n}"
                )))
            } else {
                Ok(w)
            }
        })
        .collect()
}

/// Constructor output: `numel` elements of `dt`, refusing absurd sizes.
fn filled(ctx: &Ctx, shape: &[usize], dt: DType, v: f64) -> Res<T> {
    let n: u128 = shape.iter().map(|d| *d as u128).product();
    ctx.check_alloc(n, dt.size_of() as u128)?;
    let t = Tensor::full(v, shape, &cpu())?;
    T::new(t.to_dtype(storage(dt)?)?, dt)
}

/// `n` values of a random op's `draw` (`--init random`), torch's distributions.
fn sample(
    s: &crate::init::Sampler,
    draw: Draw,
    overload: &str,
    a: &Args,
    n: usize,
) -> Res<Vec<f64>> {
    Ok(match draw {
        Draw::StdNormal => s.normal(n, 0.0, 1.0),
        Draw::Unit => s.uniform(n, 0.0, 1.0),
        Draw::Uniform => {
            let lo = a.f64_or(1, "from", 0.0)?;
            let hi = a.f64_or(2, "to", 1.0)?;
            s.uniform(n, lo, hi)
        }
        Draw::Integers => {
            // randint(high, size) / randint.low(low, high, size).
            let nums: Vec<i64> = a
                .pos
                .iter()
                .map_while(|v| match v {
                    RVal::Int(i) => Some(*i),
                    _ => None,
                })
                .collect();
            let (lo, hi) = if overload.starts_with("low") {
                (
                    nums.first().copied().unwrap_or(0),
                    nums.get(1).copied().unwrap_or(0),
                )
            } else {
                (0, nums.first().copied().unwrap_or(0))
            };
            s.integers(n, lo, hi)
        }
        Draw::Zeros => vec![0.0; n],
    })
}

fn target_shape(ctx: &Ctx, node: &Node) -> Res<Vec<usize>> {
    out_shape(ctx, node).ok_or_else(|| Error::runtime("output size depends on unknown values"))
}

/// The kernel of every op in [`RANDOM_OPS`].
pub fn random(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let shape = target_shape(ctx, k.node)?;
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    match &ctx.sampler {
        Some(sampler) => {
            let n: u128 = shape.iter().map(|d| *d as u128).product();
            ctx.check_alloc(n, dt.size_of() as u128)?;
            let draw = RANDOM_OPS
                .iter()
                .find(|(key, _)| key.strip_prefix("aten.") == Some(k.op))
                .map_or(Draw::Zeros, |(_, draw)| *draw);
            let v = sample(sampler, draw, k.overload, k.args, n as usize)?;
            Ok(RVal::Tensor(T::from_f64(v, &shape, dt)?))
        }
        None => Ok(RVal::Tensor(filled(ctx, &shape, dt, 0.0)?)),
    }
}

/// The shape and data-movement kernels, by op packet (every overload) or
/// by target.
pub(crate) const KERNELS: &[(&str, KernelFn)] = &[
    // ----- reshapes: the traced shape is the answer ------------------------------------
    ("aten.view", reshape),
    ("aten.reshape", reshape),
    ("aten.view_as", reshape),
    ("aten.reshape_as", reshape),
    ("aten.flatten", reshape),
    ("aten.unflatten", reshape),
    ("aten.squeeze", reshape),
    ("aten.unsqueeze", reshape),
    ("aten.expand", expand),
    ("aten.expand_as", expand),
    ("aten.broadcast_to", expand),
    ("aten.permute", |_, k| permute(k)),
    ("aten.transpose", |_, k| transpose(k)),
    ("aten.swapaxes", |_, k| transpose(k)),
    ("aten.swapdims", |_, k| transpose(k)),
    ("aten.t", |_, k| {
        let x = k.args.tensor(0, "self")?;
        if x.rank() < 2 {
            Ok(wrap(x.t.clone(), x.dt))
        } else {
            Ok(wrap(x.t.t()?, x.dt))
        }
    }),
    // ----- copies and conversions: the traced dtype --------------------------------------
    ("aten.contiguous", |_, k| copy_cast(k)),
    ("aten.clone", |_, k| copy_cast(k)),
    ("aten.detach", |_, k| copy_cast(k)),
    ("aten.alias", |_, k| copy_cast(k)),
    ("aten.lift_fresh_copy", |_, k| copy_cast(k)),
    ("aten.to", |_, k| copy_cast(k)),
    ("aten.type_as", |_, k| copy_cast(k)),
    ("aten.alpha_dropout", |_, k| copy_cast(k)),
    ("aten.feature_alpha_dropout", |_, k| copy_cast(k)),
    ("aten.dropout", dropout),
    ("aten.feature_dropout", dropout),
    // ----- selection -------------------------------------------------------------------
    ("aten.select", |_, k| select(k)),
    ("aten.slice", |_, k| slice(k)),
    ("aten.narrow", |_, k| narrow(k)),
    ("aten.unfold", |_, k| unfold(k)),
    ("aten.index_select", |_, k| {
        let a = k.args;
        let x = a.tensor(0, "self")?;
        let d = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
        let idx = a.tensor(2, "index")?;
        let ids = check_indices(&idx.to_f64()?, dim_len(x, d))?;
        Ok(RVal::Tensor(take(x, d, &ids)?))
    }),
    ("aten.gather", |_, k| {
        let a = k.args;
        let x = a.tensor(0, "self")?;
        let d = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
        let idx = a.tensor(2, "index")?;
        let ids = check_indices(&idx.to_f64()?, dim_len(x, d))?;
        let it = Tensor::from_vec(ids, idx.dims(), &cpu())?;
        Ok(wrap(x.t.contiguous()?.gather(&it.contiguous()?, d)?, x.dt))
    }),
    ("aten.index", |_, k| {
        let x = k.args.tensor(0, "self")?;
        let idx = match k.args.get(1, "indices") {
            Some(RVal::List(v)) => v.clone(),
            _ => return Err(Error::runtime("index(): expected a list of indices")),
        };
        Ok(RVal::Tensor(advanced_index(x, &idx)?))
    }),
    ("aten.index_put", |_, k| {
        let a = k.args;
        let x = a.tensor(0, "self")?;
        let idx = match a.get(1, "indices") {
            Some(RVal::List(v)) => v.clone(),
            _ => return Err(Error::runtime("index_put(): expected a list of indices")),
        };
        let vals = super::as_tensor(a.get(2, "values").unwrap_or(&RVal::None), x.dt)?;
        let acc = a.bool_or(3, "accumulate", false);
        Ok(RVal::Tensor(index_put(x, &idx, &vals, acc)?))
    }),
    // ----- joining and splitting ---------------------------------------------------------
    ("aten.cat", |_, k| cat(k)),
    ("aten.concat", |_, k| cat(k)),
    ("aten.concatenate", |_, k| cat(k)),
    ("aten.stack", |_, k| stack(k)),
    ("aten.split", |_, k| split(k, Split::Size)),
    ("aten.split_with_sizes", |_, k| split(k, Split::Sizes)),
    ("aten.chunk", |_, k| split(k, Split::Chunks)),
    ("aten.unbind", |_, k| split(k, Split::Unbind)),
    // ----- rearranging ---------------------------------------------------------------------
    ("aten.flip", |_, k| flip(k)),
    ("aten.roll", |_, k| roll(k)),
    ("aten.repeat", repeat),
    ("aten.tile", tile),
    ("aten.repeat_interleave.self_int", |_, k| {
        repeat_interleave(k)
    }),
    ("aten.tril", |_, k| triangle(k, true)),
    ("aten.triu", |_, k| triangle(k, false)),
    ("aten.one_hot", one_hot),
    ("aten.pad", |_, k| pad(k)),
    // ----- constructors --------------------------------------------------------------------
    ("aten.zeros", |c, k| constant(c, k, |_| Ok(0.0))),
    ("aten.zeros_like", |c, k| constant(c, k, |_| Ok(0.0))),
    ("aten.new_zeros", |c, k| constant(c, k, |_| Ok(0.0))),
    ("aten.ones", |c, k| constant(c, k, |_| Ok(1.0))),
    ("aten.ones_like", |c, k| constant(c, k, |_| Ok(1.0))),
    ("aten.new_ones", |c, k| constant(c, k, |_| Ok(1.0))),
    ("aten.full", |c, k| {
        constant(c, k, |a| a.f64_or(1, "fill_value", 0.0))
    }),
    ("aten.full_like", |c, k| {
        constant(c, k, |a| a.f64_or(1, "fill_value", 0.0))
    }),
    ("aten.new_full", |c, k| {
        constant(c, k, |a| a.f64_or(2, "fill_value", 0.0))
    }),
    ("aten.scalar_tensor", |c, k| {
        constant(c, k, |a| a.f64_or(0, "s", 0.0))
    }),
    ("aten.arange.default", |c, k| arange(c, k, Range::End)),
    ("aten.arange.start", |c, k| arange(c, k, Range::StartEnd)),
    ("aten.arange.start_step", |c, k| {
        arange(c, k, Range::StartEndStep)
    }),
    ("aten.linspace", linspace),
    ("aten.logspace", logspace),
    ("aten.hann_window", window),
    ("aten.hamming_window", window),
    ("aten.blackman_window", window),
    ("aten.bartlett_window", window),
    ("aten.kaiser_window", window),
    ("aten.eye", eye),
    // ----- scalars and assertions -------------------------------------------------------
    ("aten.item", |_, k| k.args.tensor(0, "self")?.item_value()),
    ("aten.sym_size", sym_size),
    ("aten._assert_scalar", |_, k| assert(k, Check::Scalar)),
    ("aten._assert_async", |_, k| assert(k, Check::Tensor)),
    ("aten._assert_tensor_metadata", |_, k| {
        assert(k, Check::Nothing)
    }),
    ("aten.nonzero", |_, k| nonzero(k)),
    ("aten.sort", |_, k| sort(k, false)),
    ("aten.argsort", |_, k| argsort(k)),
    ("aten.topk", |_, k| sort(k, true)),
];

fn reshape(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let shape = target_shape(ctx, k.node)?;
    if shape.iter().product::<usize>() != x.numel() {
        return Err(Error::runtime(format!(
            "shape {shape:?} is invalid for input of size {}",
            x.numel()
        )));
    }
    Ok(wrap(x.t.contiguous()?.reshape(shape)?, x.dt))
}

fn expand(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let shape = target_shape(ctx, k.node)?;
    Ok(wrap(x.t.broadcast_as(shape)?, x.dt))
}

fn permute(k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let dims = k.args.ints(1, "dims")?.unwrap_or_default();
    let dims: Vec<usize> = dims
        .iter()
        .map(|d| wrap_dim(*d, x.rank()))
        .collect::<Res<_>>()?;
    Ok(wrap(x.t.permute(dims)?, x.dt))
}

fn transpose(k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    if x.rank() < 2 {
        return Ok(wrap(x.t.clone(), x.dt));
    }
    let d0 = wrap_dim(a.int_or(1, "dim0", 0)?, x.rank())?;
    let d1 = wrap_dim(a.int_or(2, "dim1", 1)?, x.rank())?;
    Ok(wrap(x.t.transpose(d0, d1)?, x.dt))
}

/// The input in the traced output dtype.
fn copy_cast(k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let dt = out_dtype(k.node).unwrap_or(x.dt);
    Ok(RVal::Tensor(x.cast(dt)?))
}

/// Training-mode dropout draws its mask from `--init random`'s sampler;
/// otherwise (or without a sampler) it is the identity.
fn dropout(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let a = k.args;
    if !(ctx.sampler.is_some() && a.bool_or(2, "train", false) && a.f64_or(1, "p", 0.0)? > 0.0) {
        return copy_cast(k);
    }
    let x = a.tensor(0, "self")?;
    let p = a.f64_or(1, "p", 0.0)?.min(1.0);
    let sampler = ctx.sampler.as_ref().expect("checked");
    let keep = sampler.bernoulli(&vec![1.0 - p; x.numel()]);
    let scale = if p < 1.0 { 1.0 / (1.0 - p) } else { 0.0 };
    let mask: Vec<f64> = keep.into_iter().map(|k| k * scale).collect();
    let m = T::from_f64(mask, x.dims(), x.dt)?;
    Ok(wrap(x.t.mul(&m.t)?, x.dt))
}

fn select(k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let d = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
    let n = dim_len(x, d) as i64;
    let i = a.int_or(2, "index", 0)?;
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(Error::runtime(format!(
            "select(): index {i} out of range for tensor of size {n} at dimension {d}"
        )));
    }
    Ok(wrap(x.t.narrow(d, j as usize, 1)?.squeeze(d)?, x.dt))
}

fn slice(k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let d = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
    let n = dim_len(x, d) as i64;
    let start = a.opt(2, "start").and_then(RVal::as_int);
    let end = a.opt(3, "end").and_then(RVal::as_int);
    let step = a.int_or(4, "step", 1)?;
    if step <= 0 {
        return Err(Error::runtime("slice step must be positive"));
    }
    let (s, e) = slice_bounds(start, end, n);
    if step == 1 {
        Ok(wrap(x.t.narrow(d, s as usize, (e - s) as usize)?, x.dt))
    } else {
        let idx: Vec<i64> = (s..e).step_by(step as usize).collect();
        Ok(RVal::Tensor(take(x, d, &idx)?))
    }
}

fn narrow(k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let d = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
    let n = dim_len(x, d) as i64;
    let s = a.int_or(2, "start", 0)?;
    let s = if s < 0 { s + n } else { s };
    let len = a.int_or(3, "length", 0)?;
    if s < 0 || len < 0 || s + len > n {
        return Err(Error::runtime("narrow(): out of range"));
    }
    Ok(wrap(x.t.narrow(d, s as usize, len as usize)?, x.dt))
}

/// Windows of `size` every `step` along `dim`, as a new last dim.
fn unfold(k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let d = wrap_dim(a.int_or(1, "dimension", 0)?, x.rank())?;
    let size = a.int_or(2, "size", 1)?;
    let step = a.int_or(3, "step", 1)?;
    let n = dim_len(x, d) as i64;
    if size < 0 || step <= 0 || size > n.max(1) {
        return Err(Error::runtime("unfold(): bad size or step"));
    }
    let windows = (n - size) / step + 1;
    let mut parts = Vec::with_capacity(windows as usize);
    for w in 0..windows {
        let part = x.t.narrow(d, (w * step) as usize, size as usize)?;
        // [.., 1, size, ..] with the window's own axis moved last.
        let order: Vec<usize> = (0..=d).chain(d + 2..=x.rank()).chain([d + 1]).collect();
        parts.push(part.unsqueeze(d)?.permute(order)?);
    }
    let refs: Vec<&Tensor> = parts.iter().collect();
    Ok(wrap(Tensor::cat(&refs, d)?.contiguous()?, x.dt))
}

fn cat(k: &Call) -> Res<RVal> {
    let ts = list_of_tensors(k.args.get(0, "tensors"))?;
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    let ts: Vec<T> = ts
        .into_iter()
        .filter(|t| !(t.rank() == 1 && t.numel() == 0))
        .map(|t| t.cast(dt))
        .collect::<Res<_>>()?;
    let Some(first) = ts.first() else {
        return Ok(RVal::Tensor(T::from_f64(vec![], &[0], dt)?));
    };
    let d = wrap_dim(k.args.int_or(1, "dim", 0)?, first.rank())?;
    let refs: Vec<Tensor> = ts
        .iter()
        .map(|t| t.t.contiguous())
        .collect::<Result<_, _>>()?;
    Ok(wrap(Tensor::cat(&refs, d)?, dt))
}

fn stack(k: &Call) -> Res<RVal> {
    let ts = list_of_tensors(k.args.get(0, "tensors"))?;
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    let ts: Vec<Tensor> = ts
        .iter()
        .map(|t| t.cast(dt).and_then(|c| Ok(c.t.contiguous()?)))
        .collect::<Res<_>>()?;
    let rank = ts.first().map_or(0, |t| t.rank());
    let d = wrap_dim(k.args.int_or(1, "dim", 0)?, rank + 1)?;
    Ok(wrap(Tensor::stack(&ts, d)?, dt))
}

/// How a split op sizes its parts.
#[derive(Clone, Copy, PartialEq)]
enum Split {
    /// `split(split_size)`, or a list of sizes.
    Size,
    /// `split_with_sizes(split_sizes)`.
    Sizes,
    /// `chunk(chunks)`.
    Chunks,
    /// Parts of one, squeezed.
    Unbind,
}

fn split(k: &Call, how: Split) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let dim_at = if how == Split::Unbind { 1 } else { 2 };
    let d = wrap_dim(a.int_or(dim_at, "dim", 0)?, x.rank())?;
    let n = dim_len(x, d);
    let sizes: Vec<usize> = match how {
        Split::Unbind => vec![1; n],
        Split::Sizes => ints_of(a.get(1, "split_sizes").unwrap_or(&RVal::None))?
            .into_iter()
            .map(|s| s.max(0) as usize)
            .collect(),
        Split::Size if matches!(a.get(1, "split_size"), Some(RVal::List(_))) => {
            ints_of(a.get(1, "split_size").unwrap_or(&RVal::None))?
                .into_iter()
                .map(|s| s.max(0) as usize)
                .collect()
        }
        Split::Size => {
            let s = a.int_or(1, "split_size", 1)?.max(1) as usize;
            let mut v = vec![s; n / s];
            if !n.is_multiple_of(s) || n == 0 {
                v.push(n % s);
            }
            v
        }
        Split::Chunks => {
            let c = a.int_or(1, "chunks", 1)?.max(1) as usize;
            let s = n.div_ceil(c).max(1);
            let mut v = vec![s; n / s];
            if !n.is_multiple_of(s) {
                v.push(n % s);
            }
            v
        }
    };
    if sizes.iter().sum::<usize>() != n {
        return Err(Error::runtime(format!(
            "split sizes {sizes:?} do not add up to {n}"
        )));
    }
    let mut out = Vec::new();
    let mut at = 0;
    for s in sizes {
        let part = x.t.narrow(d, at, s)?;
        let part = if how == Split::Unbind {
            part.squeeze(d)?
        } else {
            part
        };
        out.push(wrap(part, x.dt));
        at += s;
    }
    Ok(RVal::List(out))
}

fn flip(k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let dims = k.args.ints(1, "dims")?.unwrap_or_default();
    let mut t = x.clone();
    for d in dims {
        let d = wrap_dim(d, x.rank())?;
        let n = dim_len(x, d) as i64;
        let idx: Vec<i64> = (0..n).rev().collect();
        t = take(&t, d, &idx)?;
    }
    Ok(RVal::Tensor(t))
}

fn roll(k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let shifts = k.args.ints(1, "shifts")?.unwrap_or_default();
    let dims = k.args.ints(2, "dims")?.unwrap_or_default();
    if dims.is_empty() {
        let flat = T {
            t: x.t.flatten_all()?,
            dt: x.dt,
        };
        let n = flat.numel() as i64;
        let s = shifts.first().copied().unwrap_or(0);
        let idx: Vec<i64> = (0..n).map(|i| (i - s).rem_euclid(n.max(1))).collect();
        let r = take(&flat, 0, &idx)?;
        return Ok(wrap(r.t.reshape(x.dims())?, x.dt));
    }
    let mut t = x.clone();
    for (s, d) in shifts.iter().zip(&dims) {
        let d = wrap_dim(*d, x.rank())?;
        let n = dim_len(x, d) as i64;
        let idx: Vec<i64> = (0..n).map(|i| (i - s).rem_euclid(n.max(1))).collect();
        t = take(&t, d, &idx)?;
    }
    Ok(RVal::Tensor(t))
}

/// `tile(dims)`: `repeat` with leading ones added to the shorter of the
/// repeats and the input's sizes.
fn tile(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let mut reps = k.args.ints(1, "dims")?.unwrap_or_default();
    if reps.len() < x.rank() {
        let mut padded = vec![1; x.rank() - reps.len()];
        padded.extend(reps);
        reps = padded;
    }
    repeat_by(ctx, k, x, &reps)
}

fn repeat(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let reps = k.args.ints(1, "repeats")?.unwrap_or_default();
    repeat_by(ctx, k, x, &reps)
}

fn repeat_by(ctx: &mut Ctx, k: &Call, x: &T, reps: &[i64]) -> Res<RVal> {
    let shape = target_shape(ctx, k.node)?;
    ctx.check_alloc(
        shape.iter().map(|d| *d as u128).product(),
        x.dt.size_of() as u128,
    )?;
    let extra = reps.len().saturating_sub(x.rank());
    let mut lead = vec![1usize; extra];
    lead.extend_from_slice(x.dims());
    let mut t = x.t.reshape(lead)?;
    for (d, r) in reps.iter().enumerate() {
        if *r != 1 {
            let copies = vec![t.clone(); (*r).max(0) as usize];
            t = if copies.is_empty() {
                t.narrow(d, 0, 0)?
            } else {
                Tensor::cat(&copies, d)?
            };
        }
    }
    Ok(wrap(t, x.dt))
}

fn repeat_interleave(k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let r = k.args.int_or(1, "repeats", 1)?.max(0);
    let (t, d) = match k.args.opt(2, "dim").and_then(RVal::as_int) {
        Some(d) => (x.clone(), wrap_dim(d, x.rank())?),
        None => (
            T {
                t: x.t.flatten_all()?,
                dt: x.dt,
            },
            0,
        ),
    };
    let n = dim_len(&t, d) as i64;
    let idx: Vec<i64> = (0..n)
        .flat_map(|i| std::iter::repeat_n(i, r as usize))
        .collect();
    Ok(RVal::Tensor(take(&t, d, &idx)?))
}

/// `tril` (`lower`) or `triu`.
fn triangle(k: &Call, lower: bool) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let diagonal = k.args.int_or(1, "diagonal", 0)?;
    if x.rank() < 2 {
        return Err(Error::runtime(format!(
            "{}: input must have at least 2 dims",
            k.op
        )));
    }
    let (r, c) = (x.dims()[x.rank() - 2], x.dims()[x.rank() - 1]);
    let mut mask = Vec::with_capacity(r * c);
    for i in 0..r as i64 {
        for j in 0..c as i64 {
            let keep = if lower {
                j - i <= diagonal
            } else {
                j - i >= diagonal
            };
            mask.push(if keep { 1u8 } else { 0 });
        }
    }
    let m = Tensor::from_vec(mask, (r, c), &cpu())?.broadcast_as(x.dims())?;
    let z = x.t.zeros_like()?;
    Ok(wrap(m.where_cond(&x.t.contiguous()?, &z)?, x.dt))
}

fn one_hot(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let shape = target_shape(ctx, k.node)?;
    let classes = *shape.last().unwrap_or(&0);
    ctx.check_alloc(shape.iter().map(|d| *d as u128).product(), 8)?;
    let ids = check_indices(&x.to_f64()?, classes)?;
    let mut v = vec![0.0; ids.len() * classes];
    for (i, c) in ids.iter().enumerate() {
        v[i * classes + *c as usize] = 1.0;
    }
    Ok(RVal::Tensor(T::from_f64(v, &shape, DType::I64)?))
}

fn pad(k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let pad = a.ints(1, "pad")?.unwrap_or_default();
    let mode = a.str_or(2, "mode", "constant");
    if mode != "constant" {
        return Err(Error::unsupported(format!("pad mode '{mode}'")));
    }
    let value = a.f64_or(3, "value", 0.0)?;
    Ok(RVal::Tensor(pad_constant(x, &pad, value)?))
}

/// A constructor filled with one value, read from the arguments by `value`.
fn constant(ctx: &mut Ctx, k: &Call, value: impl Fn(&Args) -> Res<f64>) -> Res<RVal> {
    let shape = target_shape(ctx, k.node)?;
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    let v = value(k.args)?;
    Ok(RVal::Tensor(filled(ctx, &shape, dt, v)?))
}

/// Which of `arange`'s overloads: the positional numbers it takes.
#[derive(Clone, Copy)]
enum Range {
    End,
    StartEnd,
    StartEndStep,
}

fn arange(ctx: &mut Ctx, k: &Call, form: Range) -> Res<RVal> {
    let nums: Vec<f64> = k.args.pos.iter().filter_map(RVal::as_f64).collect();
    let (start, step) = match (form, nums.as_slice()) {
        (Range::End, [_, ..]) => (0.0, 1.0),
        (Range::StartEnd, [s, _, ..]) => (*s, 1.0),
        (Range::StartEndStep, [s, _, st, ..]) => (*s, *st),
        _ => return Err(Error::runtime("arange(): bad arguments")),
    };
    // The length is the traced one.
    let shape = target_shape(ctx, k.node)?;
    let n = shape.first().copied().unwrap_or(0);
    let dt = out_dtype(k.node).unwrap_or(DType::I64);
    ctx.check_alloc(n as u128, dt.size_of() as u128)?;
    let v: Vec<f64> = (0..n).map(|i| start + step * i as f64).collect();
    Ok(RVal::Tensor(T::from_f64(v, &[n], dt)?))
}

fn linspace(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let s = k.args.f64_or(0, "start", 0.0)?;
    let e = k.args.f64_or(1, "end", 0.0)?;
    let shape = target_shape(ctx, k.node)?;
    let n = shape.first().copied().unwrap_or(0);
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    ctx.check_alloc(n as u128, dt.size_of() as u128)?;
    let step = if n > 1 { (e - s) / (n - 1) as f64 } else { 0.0 };
    // torch fills the second half backwards from `end`.
    let v: Vec<f64> = (0..n)
        .map(|i| {
            if i < n / 2 {
                s + step * i as f64
            } else {
                e - step * (n - 1 - i) as f64
            }
        })
        .collect();
    Ok(RVal::Tensor(T::from_f64(v, &[n], dt)?))
}

/// `logspace(start, end, steps, base=10.0)`: `base` to the powers of the
/// evenly spaced exponents.
fn logspace(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let s = k.args.f64_or(0, "start", 0.0)?;
    let e = k.args.f64_or(1, "end", 0.0)?;
    let base = k.args.f64_or(3, "base", 10.0)?;
    let shape = target_shape(ctx, k.node)?;
    let n = shape.first().copied().unwrap_or(0);
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    ctx.check_alloc(n as u128, dt.size_of() as u128)?;
    let step = if n > 1 { (e - s) / (n - 1) as f64 } else { 0.0 };
    let v: Vec<f64> = (0..n).map(|i| base.powf(s + step * i as f64)).collect();
    Ok(RVal::Tensor(T::from_f64(v, &[n], dt)?))
}

/// The window functions (`hann_window`, `kaiser_window`, ...): the
/// overload names the arguments given after the length (`periodic`, then
/// hamming's `alpha` and `beta` or kaiser's `beta`).
fn window(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let n = k.args.int_or(0, "window_length", 0)?.max(0) as usize;
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    ctx.check_alloc(n as u128, dt.size_of() as u128)?;
    let periodic = k.args.bool_or(1, "periodic", true);
    let params: Vec<f64> = k.args.pos.iter().skip(2).filter_map(RVal::as_f64).collect();
    let name = k.op.strip_suffix("_window").unwrap_or(k.op);
    let kind = tracer::ops::values::Window::from_name(name)
        .ok_or_else(|| Error::runtime(format!("no window function `{name}`")))?;
    let v = tracer::ops::values::window(kind, n, periodic, &params, dt);
    Ok(RVal::Tensor(T::from_f64(v, &[n], dt)?))
}

fn eye(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let shape = target_shape(ctx, k.node)?;
    let (r, c) = (
        shape.first().copied().unwrap_or(0),
        shape.get(1).copied().unwrap_or(0),
    );
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    ctx.check_alloc((r * c) as u128, dt.size_of() as u128)?;
    let v: Vec<f64> = (0..r * c)
        .map(|i| ((i / c.max(1)) == (i % c.max(1))) as u8 as f64)
        .collect();
    Ok(RVal::Tensor(T::from_f64(v, &[r, c], dt)?))
}

/// `sym_size.int(self, dim)`: the size itself, or the traced expression's
/// value when torch recorded no tensor.
fn sym_size(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    if let (Some(RVal::Tensor(t)), Some(d)) = (k.args.pos.first(), k.args.int(1)) {
        let d = wrap_dim(d, t.rank())?;
        return Ok(RVal::Int(t.dims()[d] as i64));
    }
    crate::exec::meta_int(ctx, k.node)
}

/// What a runtime assertion checks of its first argument.
#[derive(Clone, Copy)]
enum Check {
    /// A nonzero tensor.
    Tensor,
    /// A nonzero number.
    Scalar,
    /// Nothing a run can fail (tensor metadata).
    Nothing,
}

fn assert(k: &Call, check: Check) -> Res<RVal> {
    let ok = match (check, k.args.pos.first()) {
        (Check::Tensor, Some(RVal::Tensor(t))) => t.item()? != 0.0,
        (Check::Scalar, Some(v)) => v.as_f64().is_none_or(|x| x != 0.0),
        _ => true,
    };
    if !ok {
        let msg = k.args.str_or(1, "assert_msg", "assertion failed");
        return Err(Error::runtime(format!("runtime assertion failed: {msg}")));
    }
    Ok(RVal::None)
}

fn nonzero(k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let v = x.to_f64()?;
    let dims = x.dims().to_vec();
    let mut out = Vec::new();
    let mut count = 0;
    for (flat, val) in v.iter().enumerate() {
        if *val != 0.0 {
            let mut rem = flat;
            let mut coords = vec![0.0; dims.len()];
            for d in (0..dims.len()).rev() {
                coords[d] = (rem % dims[d]) as f64;
                rem /= dims[d];
            }
            out.extend(coords);
            count += 1;
        }
    }
    Ok(RVal::Tensor(T::from_f64(
        out,
        &[count, dims.len()],
        DType::I64,
    )?))
}

/// `argsort(dim, descending)` / `argsort.stable(*, stable, dim,
/// descending)`: the indices `sort` gives (a stable sort either way).
fn argsort(k: &Call) -> Res<RVal> {
    let a = k.args;
    let stable = k.overload == "stable";
    let (dim_at, desc_at) = if stable { (2, 3) } else { (1, 2) };
    let x = a.tensor(0, "self")?;
    let d = wrap_dim(a.int_or(dim_at, "dim", -1)?, x.rank())?;
    let desc = a.bool_or(desc_at, "descending", false);
    let sorted = sort_by(x, d, None, desc)?;
    match sorted {
        RVal::List(mut items) if items.len() == 2 => Ok(items.remove(1)),
        _ => Err(Error::runtime("argsort: sort gave no indices")),
    }
}

/// `sort` or `topk`: values and indices along a dim.
fn sort(k: &Call, topk: bool) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let (count, d, desc) = if topk {
        let count = a.int_or(1, "k", 1)?;
        let d = a.int_or(2, "dim", -1)?;
        (Some(count), d, a.bool_or(3, "largest", true))
    } else {
        (
            None,
            a.int_or(1, "dim", -1)?,
            a.bool_or(2, "descending", false),
        )
    };
    sort_by(x, wrap_dim(d, x.rank())?, count, desc)
}

/// Values and indices of `x` sorted along `d` (the first `count` of them).
fn sort_by(x: &T, d: usize, count: Option<i64>, desc: bool) -> Res<RVal> {
    let r = super::reduce::rows(x, &[d])?;
    let n = if x.rank() == 0 { 1 } else { x.dims()[d] };
    let count = count.map_or(n, |c| (c.max(0) as usize).min(n));
    let mut vals = Vec::new();
    let mut idxs = Vec::new();
    for row in r.rows() {
        let mut order: Vec<usize> = (0..row.len()).collect();
        order.sort_by(|p, q| {
            let (u, w) = (row[*p], row[*q]);
            let c = u
                .partial_cmp(&w)
                .unwrap_or_else(|| u.is_nan().cmp(&w.is_nan()));
            if desc { c.reverse() } else { c }
        });
        for i in order.into_iter().take(count) {
            vals.push(row[i]);
            idxs.push(i as f64);
        }
    }
    let mut moved = r.drop_shape.clone();
    moved.push(count);
    let back = |v: Vec<f64>, dt: DType| -> Res<RVal> {
        let t = T::from_f64(v, &moved, dt)?;
        if x.rank() == 0 {
            return Ok(wrap(t.t.reshape(())?, dt));
        }
        let last = x.rank() - 1;
        let mut perm: Vec<usize> = (0..last).collect();
        perm.insert(d, last);
        Ok(wrap(t.t.permute(perm)?.contiguous()?, dt))
    };
    Ok(RVal::List(vec![back(vals, x.dt)?, back(idxs, DType::I64)?]))
}

/// Constant padding; `pad` lists (before, after) pairs from the last dim.
pub fn pad_constant(x: &T, pad: &[i64], value: f64) -> Res<T> {
    let mut t = x.t.clone();
    for (k, pair) in pad.chunks(2).enumerate() {
        if k >= x.rank() {
            return Err(Error::runtime("pad has more dims than the input"));
        }
        let d = x.rank() - 1 - k;
        let (before, after) = (pair[0], pair.get(1).copied().unwrap_or(0));
        // Negative padding crops.
        if before < 0 {
            let n = t.dims()[d];
            let c = (-before) as usize;
            t = t.narrow(d, c.min(n), n - c.min(n))?;
        }
        if after < 0 {
            let n = t.dims()[d];
            let c = (-after) as usize;
            t = t.narrow(d, 0, n - c.min(n))?;
        }
        let mut parts = Vec::new();
        for amount in [before.max(0) as usize, 0, after.max(0) as usize]
            .into_iter()
            .enumerate()
        {
            match amount {
                (1, _) => parts.push(t.clone()),
                (_, 0) => {}
                (_, n) => {
                    let mut shape = t.dims().to_vec();
                    shape[d] = n;
                    let f = Tensor::full(value, shape, &cpu())?.to_dtype(t.dtype())?;
                    parts.push(f);
                }
            }
        }
        if parts.len() > 1 {
            let parts: Vec<Tensor> = parts
                .iter()
                .map(|p| p.contiguous())
                .collect::<Result<_, _>>()?;
            t = Tensor::cat(&parts, d)?;
        }
    }
    Ok(T { t, dt: x.dt })
}

/// Row-major strides of a shape.
fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1];
    }
    s
}

/// The flat source positions an advanced index selects, and the result shape.
fn index_plan(x: &T, idx: &[RVal]) -> Res<(Vec<usize>, Vec<usize>)> {
    let rank = x.rank();
    if idx.len() > rank {
        return Err(Error::runtime("too many indices for tensor"));
    }
    // Boolean masks become their nonzero coordinates.
    let mut idx_t: Vec<Option<(Vec<i64>, Vec<usize>)>> = Vec::new();
    let mut dims_covered = 0;
    for v in idx {
        match v {
            RVal::None => {
                idx_t.push(None);
                dims_covered += 1;
            }
            RVal::Tensor(t) if t.dt == DType::Bool || t.dt == DType::U8 => {
                let vals = t.to_f64()?;
                let md = t.dims().to_vec();
                for (k, m) in md.iter().enumerate() {
                    if x.dims().get(dims_covered + k) != Some(m) {
                        return Err(Error::runtime(
                            "mask shape does not match the indexed tensor",
                        ));
                    }
                }
                let st = strides(&md);
                let hits: Vec<usize> = vals
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| **v != 0.0)
                    .map(|(i, _)| i)
                    .collect();
                for k in 0..md.len() {
                    let coords: Vec<i64> =
                        hits.iter().map(|h| ((h / st[k]) % md[k]) as i64).collect();
                    idx_t.push(Some((coords, vec![hits.len()])));
                }
                dims_covered += md.len();
            }
            RVal::Tensor(t) => {
                let n = x.dims()[dims_covered];
                let ids = check_indices(&t.to_f64()?, n)?;
                idx_t.push(Some((ids, t.dims().to_vec())));
                dims_covered += 1;
            }
            other => {
                return Err(Error::unsupported(format!("index with a {}", other.kind())));
            }
        }
    }
    while idx_t.len() < rank {
        idx_t.push(None);
    }
    // Broadcast the index tensors together.
    let mut bshape: Vec<usize> = Vec::new();
    for (_, s) in idx_t.iter().flatten() {
        let r = bshape.len().max(s.len());
        let mut out = vec![1; r];
        for i in 0..r {
            let a = if i + bshape.len() >= r {
                bshape[i + bshape.len() - r]
            } else {
                1
            };
            let b = if i + s.len() >= r {
                s[i + s.len() - r]
            } else {
                1
            };
            out[i] = if a == 1 {
                b
            } else if b == 1 || a == b {
                a
            } else {
                return Err(Error::runtime("index tensors cannot be broadcast together"));
            };
        }
        bshape = out;
    }
    let adv: Vec<usize> = (0..rank).filter(|d| idx_t[*d].is_some()).collect();
    let contiguous_adv = adv.windows(2).all(|w| w[1] == w[0] + 1);
    let first_adv = adv.first().copied().unwrap_or(0);
    // Result dims: [before..., broadcast..., after...] or broadcast first.
    let sliced: Vec<usize> = (0..rank).filter(|d| idx_t[*d].is_none()).collect();
    let mut out_shape = Vec::new();
    let before: Vec<usize> = if contiguous_adv {
        sliced.iter().copied().filter(|d| *d < first_adv).collect()
    } else {
        vec![]
    };
    let after: Vec<usize> = sliced
        .iter()
        .copied()
        .filter(|d| !before.contains(d))
        .collect();
    out_shape.extend(before.iter().map(|d| x.dims()[*d]));
    out_shape.extend(bshape.iter().copied());
    out_shape.extend(after.iter().map(|d| x.dims()[*d]));
    let total: usize = out_shape.iter().product();
    let xs = strides(x.dims());
    let bst = strides(&bshape);
    let bn: usize = bshape.iter().product();
    let mut pos = Vec::with_capacity(total);
    let nb: usize = before.iter().map(|d| x.dims()[*d]).product();
    let na: usize = after.iter().map(|d| x.dims()[*d]).product();
    for ib in 0..nb {
        for k in 0..bn {
            for ia in 0..na {
                let mut off = 0;
                let mut rem = ib;
                for d in before.iter().rev() {
                    off += (rem % x.dims()[*d]) * xs[*d];
                    rem /= x.dims()[*d];
                }
                let mut rem = ia;
                for d in after.iter().rev() {
                    off += (rem % x.dims()[*d]) * xs[*d];
                    rem /= x.dims()[*d];
                }
                for d in &adv {
                    let (ids, s) = idx_t[*d].as_ref().expect("advanced dim");
                    // Broadcast position k into this index tensor.
                    let mut j = 0;
                    let mut sst = 1;
                    for q in (0..s.len()).rev() {
                        let bq = q + bshape.len() - s.len();
                        let c = (k / bst[bq]) % bshape[bq];
                        if s[q] != 1 {
                            j += c * sst;
                        }
                        sst *= s[q];
                    }
                    off += ids[j] as usize * xs[*d];
                }
                pos.push(off);
            }
        }
    }
    Ok((pos, out_shape))
}

fn advanced_index(x: &T, idx: &[RVal]) -> Res<T> {
    let (pos, shape) = index_plan(x, idx)?;
    let flat = T {
        t: x.t.flatten_all()?,
        dt: x.dt,
    };
    let ids: Vec<i64> = pos.iter().map(|p| *p as i64).collect();
    let r = take(&flat, 0, &ids)?;
    Ok(T {
        t: r.t.reshape(shape)?,
        dt: x.dt,
    })
}

fn index_put(x: &T, idx: &[RVal], vals: &T, acc: bool) -> Res<T> {
    let (pos, shape) = index_plan(x, idx)?;
    let v = vals.t.broadcast_as(shape)?.contiguous()?;
    let v = T { t: v, dt: vals.dt }.to_f64()?;
    let mut data = x.to_f64()?;
    for (p, val) in pos.iter().zip(v) {
        if acc {
            data[*p] += val;
        } else {
            data[*p] = val;
        }
    }
    T::from_f64(data, x.dims(), x.dt)
}
