//! Shape and data-movement kernels: views and reshapes (the traced output
//! shape is the target shape), permutes, slicing and selection, joining and
//! splitting, gathers and advanced indexing, triangular masks, padding,
//! dtype conversions, tensor constructors (random ones yield zeros and are
//! marked random by the executor), `.item()` and runtime assertions.

use candle_core::Tensor;
use tracer::dtype::DType;
use tracer::graph::Node;

use super::{Args, dim_len, ints_of, out_dtype, out_shape, wrap_dim};
use crate::error::{Error, Res};
use crate::exec::Ctx;
use crate::value::{RVal, T, cpu, storage};

/// Ops whose values are random: the executor marks what they reach.
pub const RANDOM_OPS: &[&str] = &[
    "randn",
    "rand",
    "randint",
    "randn_like",
    "rand_like",
    "randint_like",
    "empty",
    "empty_like",
    "new_empty",
    "normal",
    "uniform",
    "bernoulli",
    "multinomial",
    "randperm",
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

/// `n` values of random op `op` (`--init random`), torch's distributions.
fn sample(s: &crate::init::Sampler, op: &str, overload: &str, a: &Args, n: usize) -> Res<Vec<f64>> {
    Ok(match op {
        "randn" | "randn_like" => s.normal(n, 0.0, 1.0),
        "normal" => {
            // normal.float_float(mean, std, size); the tensor overloads
            // take the mean and std per element, approximated by scalars.
            let mean = a.get(0, "mean").and_then(RVal::as_f64).unwrap_or(0.0);
            let std = a.get(1, "std").and_then(RVal::as_f64).unwrap_or(1.0);
            s.normal(n, mean, std)
        }
        "rand" | "rand_like" => s.uniform(n, 0.0, 1.0),
        "uniform" => {
            let lo = a.f64_or(1, "from", 0.0)?;
            let hi = a.f64_or(2, "to", 1.0)?;
            s.uniform(n, lo, hi)
        }
        "randint" | "randint_like" => {
            // randint(high, size) / randint.low(low, high, size);
            // randint_like(self, high) / randint_like.low_dtype(self, low, high).
            let first = if op == "randint" { 0 } else { 1 };
            let nums: Vec<i64> = a.pos[first..]
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
        "randperm" => s.permutation(n),
        "bernoulli" => match a.opt_tensor(0, "self") {
            Some(p) if overload != "p" => {
                let probs = p.to_f64()?;
                if probs.len() != n {
                    return Err(Error::runtime(
                        "bernoulli(): probabilities do not match the output",
                    ));
                }
                s.bernoulli(&probs)
            }
            _ => s.bernoulli(&vec![a.f64_or(1, "p", 0.5)?; n]),
        },
        // Uninitialized memory and the remaining draws: zeros.
        _ => vec![0.0; n],
    })
}

fn target_shape(ctx: &Ctx, node: &Node) -> Res<Vec<usize>> {
    out_shape(ctx, node).ok_or_else(|| Error::runtime("output size depends on unknown values"))
}

pub fn call(ctx: &mut Ctx, target: &str, node: &Node, a: &Args) -> Res<Option<RVal>> {
    let Some(rest) = target.strip_prefix("aten.") else {
        return Ok(None);
    };
    let (op, overload) = rest.split_once('.').unwrap_or((rest, ""));
    let dt_out = out_dtype(node);
    Ok(Some(match op {
        // ----- reshapes: the traced shape is the answer ------------------------------
        "view" | "reshape" | "_unsafe_view" | "view_as" | "reshape_as" | "flatten"
        | "unflatten" | "squeeze" | "unsqueeze" | "_reshape_alias" => {
            let x = a.tensor(0, "self")?;
            let shape = target_shape(ctx, node)?;
            if shape.iter().product::<usize>() != x.numel() {
                return Err(Error::runtime(format!(
                    "shape {shape:?} is invalid for input of size {}",
                    x.numel()
                )));
            }
            wrap(x.t.contiguous()?.reshape(shape)?, x.dt)
        }
        "expand" | "expand_as" | "broadcast_to" => {
            let x = a.tensor(0, "self")?;
            let shape = target_shape(ctx, node)?;
            wrap(x.t.broadcast_as(shape)?, x.dt)
        }
        "permute" => {
            let x = a.tensor(0, "self")?;
            let dims = a.ints(1, "dims")?.unwrap_or_default();
            let dims: Vec<usize> = dims
                .iter()
                .map(|d| wrap_dim(*d, x.rank()))
                .collect::<Res<_>>()?;
            wrap(x.t.permute(dims)?, x.dt)
        }
        "transpose" | "swapaxes" | "swapdims" => {
            let x = a.tensor(0, "self")?;
            if x.rank() < 2 {
                wrap(x.t.clone(), x.dt)
            } else {
                let d0 = wrap_dim(a.int_or(1, "dim0", 0)?, x.rank())?;
                let d1 = wrap_dim(a.int_or(2, "dim1", 1)?, x.rank())?;
                wrap(x.t.transpose(d0, d1)?, x.dt)
            }
        }
        "t" => {
            let x = a.tensor(0, "self")?;
            if x.rank() < 2 {
                wrap(x.t.clone(), x.dt)
            } else {
                wrap(x.t.t()?, x.dt)
            }
        }
        "dropout" | "feature_dropout"
            if ctx.sampler.is_some()
                && a.bool_or(2, "train", false)
                && a.f64_or(1, "p", 0.0)? > 0.0 =>
        {
            let x = a.tensor(0, "self")?;
            let p = a.f64_or(1, "p", 0.0)?.min(1.0);
            let sampler = ctx.sampler.as_ref().expect("checked");
            let keep = sampler.bernoulli(&vec![1.0 - p; x.numel()]);
            let scale = if p < 1.0 { 1.0 / (1.0 - p) } else { 0.0 };
            let mask: Vec<f64> = keep.into_iter().map(|k| k * scale).collect();
            let m = T::from_f64(mask, x.dims(), x.dt)?;
            wrap(x.t.mul(&m.t)?, x.dt)
        }
        "contiguous"
        | "clone"
        | "detach"
        | "alias"
        | "lift_fresh_copy"
        | "lift_fresh"
        | "_to_copy"
        | "to"
        | "type_as"
        | "dropout"
        | "feature_dropout"
        | "alpha_dropout"
        | "feature_alpha_dropout" => {
            let x = a.tensor(0, "self")?;
            let dt = dt_out.unwrap_or(x.dt);
            RVal::Tensor(x.cast(dt)?)
        }
        // ----- selection --------------------------------------------------------------
        "select" => {
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
            wrap(x.t.narrow(d, j as usize, 1)?.squeeze(d)?, x.dt)
        }
        "slice" => {
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
                wrap(x.t.narrow(d, s as usize, (e - s) as usize)?, x.dt)
            } else {
                let idx: Vec<i64> = (s..e).step_by(step as usize).collect();
                RVal::Tensor(take(x, d, &idx)?)
            }
        }
        "narrow" => {
            let x = a.tensor(0, "self")?;
            let d = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
            let n = dim_len(x, d) as i64;
            let s = a.int_or(2, "start", 0)?;
            let s = if s < 0 { s + n } else { s };
            let len = a.int_or(3, "length", 0)?;
            if s < 0 || len < 0 || s + len > n {
                return Err(Error::runtime("narrow(): out of range"));
            }
            wrap(x.t.narrow(d, s as usize, len as usize)?, x.dt)
        }
        "unfold" => {
            // Windows of `size` every `step` along `dim`, as a new last dim.
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
            wrap(Tensor::cat(&refs, d)?.contiguous()?, x.dt)
        }
        "index_select" => {
            let x = a.tensor(0, "self")?;
            let d = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
            let idx = a.tensor(2, "index")?;
            let ids = check_indices(&idx.to_f64()?, dim_len(x, d))?;
            RVal::Tensor(take(x, d, &ids)?)
        }
        "gather" => {
            let x = a.tensor(0, "self")?;
            let d = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
            let idx = a.tensor(2, "index")?;
            let ids = check_indices(&idx.to_f64()?, dim_len(x, d))?;
            let it = Tensor::from_vec(ids, idx.dims(), &cpu())?;
            wrap(x.t.contiguous()?.gather(&it.contiguous()?, d)?, x.dt)
        }
        "index" => {
            let x = a.tensor(0, "self")?;
            let idx = match a.get(1, "indices") {
                Some(RVal::List(v)) => v.clone(),
                _ => return Err(Error::runtime("index(): expected a list of indices")),
            };
            RVal::Tensor(advanced_index(x, &idx)?)
        }
        "index_put" => {
            let x = a.tensor(0, "self")?;
            let idx = match a.get(1, "indices") {
                Some(RVal::List(v)) => v.clone(),
                _ => return Err(Error::runtime("index_put(): expected a list of indices")),
            };
            let vals = super::as_tensor(a.get(2, "values").unwrap_or(&RVal::None), x.dt)?;
            let acc = a.bool_or(3, "accumulate", false);
            RVal::Tensor(index_put(x, &idx, &vals, acc)?)
        }
        // ----- joining and splitting ---------------------------------------------------
        "cat" | "concat" | "concatenate" => {
            let ts = list_of_tensors(a.get(0, "tensors"))?;
            let dt = dt_out.unwrap_or(DType::F32);
            let ts: Vec<T> = ts
                .into_iter()
                .filter(|t| !(t.rank() == 1 && t.numel() == 0))
                .map(|t| t.cast(dt))
                .collect::<Res<_>>()?;
            let Some(first) = ts.first() else {
                return Ok(Some(RVal::Tensor(T::from_f64(vec![], &[0], dt)?)));
            };
            let d = wrap_dim(a.int_or(1, "dim", 0)?, first.rank())?;
            let refs: Vec<Tensor> = ts
                .iter()
                .map(|t| t.t.contiguous())
                .collect::<Result<_, _>>()?;
            wrap(Tensor::cat(&refs, d)?, dt)
        }
        "stack" => {
            let ts = list_of_tensors(a.get(0, "tensors"))?;
            let dt = dt_out.unwrap_or(DType::F32);
            let ts: Vec<Tensor> = ts
                .iter()
                .map(|t| t.cast(dt).and_then(|c| Ok(c.t.contiguous()?)))
                .collect::<Res<_>>()?;
            let rank = ts.first().map_or(0, |t| t.rank());
            let d = wrap_dim(a.int_or(1, "dim", 0)?, rank + 1)?;
            wrap(Tensor::stack(&ts, d)?, dt)
        }
        "split" | "split_with_sizes" | "chunk" | "unbind" | "tensor_split" => {
            let x = a.tensor(0, "self")?;
            let (dim_i, default_dim) = if op == "unbind" { (1, 0) } else { (2, 0) };
            let d = wrap_dim(a.int_or(dim_i, "dim", default_dim)?, x.rank())?;
            let n = dim_len(x, d);
            let sizes: Vec<usize> = match op {
                "unbind" => vec![1; n],
                "split_with_sizes" => ints_of(a.get(1, "split_sizes").unwrap_or(&RVal::None))?
                    .into_iter()
                    .map(|s| s.max(0) as usize)
                    .collect(),
                "split" if matches!(a.get(1, "split_size"), Some(RVal::List(_))) => {
                    ints_of(a.get(1, "split_size").unwrap_or(&RVal::None))?
                        .into_iter()
                        .map(|s| s.max(0) as usize)
                        .collect()
                }
                "split" => {
                    let s = a.int_or(1, "split_size", 1)?.max(1) as usize;
                    let mut v = vec![s; n / s];
                    if !n.is_multiple_of(s) || n == 0 {
                        v.push(n % s);
                    }
                    v
                }
                "chunk" => {
                    let c = a.int_or(1, "chunks", 1)?.max(1) as usize;
                    let s = n.div_ceil(c).max(1);
                    let mut v = vec![s; n / s];
                    if !n.is_multiple_of(s) {
                        v.push(n % s);
                    }
                    v
                }
                _ => {
                    let c = a.int_or(1, "sections", 1)?.max(1) as usize;
                    (0..c).map(|i| n / c + usize::from(i < n % c)).collect()
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
                let part = if op == "unbind" {
                    part.squeeze(d)?
                } else {
                    part
                };
                out.push(wrap(part, x.dt));
                at += s;
            }
            RVal::List(out)
        }
        "flip" => {
            let x = a.tensor(0, "self")?;
            let dims = a.ints(1, "dims")?.unwrap_or_default();
            let mut t = x.clone();
            for d in dims {
                let d = wrap_dim(d, x.rank())?;
                let n = dim_len(x, d) as i64;
                let idx: Vec<i64> = (0..n).rev().collect();
                t = take(&t, d, &idx)?;
            }
            RVal::Tensor(t)
        }
        "roll" => {
            let x = a.tensor(0, "self")?;
            let shifts = a.ints(1, "shifts")?.unwrap_or_default();
            let dims = a.ints(2, "dims")?.unwrap_or_default();
            if dims.is_empty() {
                let flat = T {
                    t: x.t.flatten_all()?,
                    dt: x.dt,
                };
                let n = flat.numel() as i64;
                let s = shifts.first().copied().unwrap_or(0);
                let idx: Vec<i64> = (0..n).map(|i| (i - s).rem_euclid(n.max(1))).collect();
                let r = take(&flat, 0, &idx)?;
                wrap(r.t.reshape(x.dims())?, x.dt)
            } else {
                let mut t = x.clone();
                for (s, d) in shifts.iter().zip(&dims) {
                    let d = wrap_dim(*d, x.rank())?;
                    let n = dim_len(x, d) as i64;
                    let idx: Vec<i64> = (0..n).map(|i| (i - s).rem_euclid(n.max(1))).collect();
                    t = take(&t, d, &idx)?;
                }
                RVal::Tensor(t)
            }
        }
        "repeat" => {
            let x = a.tensor(0, "self")?;
            let reps = a.ints(1, "repeats")?.unwrap_or_default();
            let shape = target_shape(ctx, node)?;
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
            wrap(t, x.dt)
        }
        "repeat_interleave" if overload == "self_int" => {
            let x = a.tensor(0, "self")?;
            let r = a.int_or(1, "repeats", 1)?.max(0);
            let (t, d) = match a.opt(2, "dim").and_then(RVal::as_int) {
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
            RVal::Tensor(take(&t, d, &idx)?)
        }
        "tril" | "triu" => {
            let x = a.tensor(0, "self")?;
            let k = a.int_or(1, "diagonal", 0)?;
            if x.rank() < 2 {
                return Err(Error::runtime(format!(
                    "{op}: input must have at least 2 dims"
                )));
            }
            let (r, c) = (x.dims()[x.rank() - 2], x.dims()[x.rank() - 1]);
            let mut mask = Vec::with_capacity(r * c);
            for i in 0..r as i64 {
                for j in 0..c as i64 {
                    let keep = if op == "tril" { j - i <= k } else { j - i >= k };
                    mask.push(if keep { 1u8 } else { 0 });
                }
            }
            let m = Tensor::from_vec(mask, (r, c), &cpu())?.broadcast_as(x.dims())?;
            let z = x.t.zeros_like()?;
            wrap(m.where_cond(&x.t.contiguous()?, &z)?, x.dt)
        }
        "one_hot" => {
            let x = a.tensor(0, "self")?;
            let shape = target_shape(ctx, node)?;
            let k = *shape.last().unwrap_or(&0);
            ctx.check_alloc(shape.iter().map(|d| *d as u128).product(), 8)?;
            let ids = check_indices(&x.to_f64()?, k)?;
            let mut v = vec![0.0; ids.len() * k];
            for (i, c) in ids.iter().enumerate() {
                v[i * k + *c as usize] = 1.0;
            }
            RVal::Tensor(T::from_f64(v, &shape, DType::I64)?)
        }
        "pad" | "constant_pad_nd" => {
            let x = a.tensor(0, "self")?;
            let pad = a.ints(1, "pad")?.unwrap_or_default();
            let mode = a.str_or(2, "mode", "constant");
            if mode != "constant" {
                return Err(Error::unsupported(format!("pad mode '{mode}'")));
            }
            let value = a.f64_or(3, "value", 0.0)?;
            RVal::Tensor(pad_constant(x, &pad, value)?)
        }
        // ----- constructors -------------------------------------------------------------
        "zeros" | "ones" | "full" | "zeros_like" | "ones_like" | "full_like" | "new_zeros"
        | "new_ones" | "new_full" | "scalar_tensor" | "fill" => {
            let shape = target_shape(ctx, node)?;
            let dt = dt_out.unwrap_or(DType::F32);
            let v = match op {
                "zeros" | "zeros_like" | "new_zeros" => 0.0,
                "ones" | "ones_like" | "new_ones" => 1.0,
                "full" => a.f64_or(1, "fill_value", 0.0)?,
                "scalar_tensor" => a.f64_or(0, "s", 0.0)?,
                _ => a.f64_or(if op == "full_like" { 1 } else { 2 }, "fill_value", 0.0)?,
            };
            RVal::Tensor(filled(ctx, &shape, dt, v)?)
        }
        op if RANDOM_OPS.contains(&op) => {
            let shape = target_shape(ctx, node)?;
            let dt = dt_out.unwrap_or(DType::F32);
            match &ctx.sampler {
                Some(sampler) => {
                    let n: u128 = shape.iter().map(|d| *d as u128).product();
                    ctx.check_alloc(n, dt.size_of() as u128)?;
                    let v = sample(sampler, op, overload, a, n as usize)?;
                    RVal::Tensor(T::from_f64(v, &shape, dt)?)
                }
                None => RVal::Tensor(filled(ctx, &shape, dt, 0.0)?),
            }
        }
        "arange" => {
            let nums: Vec<f64> = a.pos.iter().filter_map(RVal::as_f64).collect();
            let (start, end, step) = match (overload, nums.as_slice()) {
                ("default", [e, ..]) => (0.0, *e, 1.0),
                ("start", [s, e, ..]) => (*s, *e, 1.0),
                ("start_step", [s, e, st, ..]) => (*s, *e, *st),
                _ => return Err(Error::runtime("arange(): bad arguments")),
            };
            let shape = target_shape(ctx, node)?;
            let n = shape.first().copied().unwrap_or(0);
            let dt = dt_out.unwrap_or(DType::I64);
            ctx.check_alloc(n as u128, dt.size_of() as u128)?;
            let _ = end;
            let v: Vec<f64> = (0..n).map(|i| start + step * i as f64).collect();
            RVal::Tensor(T::from_f64(v, &[n], dt)?)
        }
        "linspace" => {
            let s = a.f64_or(0, "start", 0.0)?;
            let e = a.f64_or(1, "end", 0.0)?;
            let shape = target_shape(ctx, node)?;
            let n = shape.first().copied().unwrap_or(0);
            let dt = dt_out.unwrap_or(DType::F32);
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
            RVal::Tensor(T::from_f64(v, &[n], dt)?)
        }
        "eye" => {
            let shape = target_shape(ctx, node)?;
            let (r, c) = (
                shape.first().copied().unwrap_or(0),
                shape.get(1).copied().unwrap_or(0),
            );
            let dt = dt_out.unwrap_or(DType::F32);
            ctx.check_alloc((r * c) as u128, dt.size_of() as u128)?;
            let v: Vec<f64> = (0..r * c)
                .map(|i| ((i / c.max(1)) == (i % c.max(1))) as u8 as f64)
                .collect();
            RVal::Tensor(T::from_f64(v, &[r, c], dt)?)
        }
        // ----- scalars and assertions ---------------------------------------------------
        "item" | "_local_scalar_dense" => {
            let x = a.tensor(0, "self")?;
            let v = x.item()?;
            if x.dt == DType::Bool {
                RVal::Bool(v != 0.0)
            } else if x.dt.is_floating() {
                RVal::Float(v)
            } else {
                RVal::Int(v as i64)
            }
        }
        "_assert_tensor_metadata"
        | "_assert_scalar"
        | "_assert_async"
        | "sym_constrain_range"
        | "sym_constrain_range_for_size"
        | "_functional_sym_constrain_range" => {
            let ok = match a.pos.first() {
                Some(RVal::Tensor(t)) if op == "_assert_async" => t.item()? != 0.0,
                Some(v) if op == "_assert_scalar" => v.as_f64().is_none_or(|x| x != 0.0),
                _ => true,
            };
            if !ok {
                let msg = a.str_or(1, "assert_msg", "assertion failed");
                return Err(Error::runtime(format!("runtime assertion failed: {msg}")));
            }
            RVal::None
        }
        "nonzero" => {
            let x = a.tensor(0, "self")?;
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
            RVal::Tensor(T::from_f64(out, &[count, dims.len()], DType::I64)?)
        }
        "sort" | "topk" => {
            let x = a.tensor(0, "self")?;
            let (k, d, desc) = if op == "topk" {
                let k = a.int_or(1, "k", 1)?;
                let d = a.int_or(2, "dim", -1)?;
                (Some(k), d, a.bool_or(3, "largest", true))
            } else {
                (
                    None,
                    a.int_or(1, "dim", -1)?,
                    a.bool_or(2, "descending", false),
                )
            };
            let d = wrap_dim(d, x.rank())?;
            let r = super::reduce::rows(x, &[d])?;
            let n = if x.rank() == 0 { 1 } else { x.dims()[d] };
            let k = k.map_or(n, |k| (k.max(0) as usize).min(n));
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
                for i in order.into_iter().take(k) {
                    vals.push(row[i]);
                    idxs.push(i as f64);
                }
            }
            let mut moved = r.drop_shape.clone();
            moved.push(k);
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
            RVal::List(vec![back(vals, x.dt)?, back(idxs, DType::I64)?])
        }
        _ => return Ok(None),
    }))
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
