//! Reductions: sum, mean, prod, extrema (with indices), argmax/argmin,
//! std/var, all/any, logsumexp, norms and cumulative sums. Every reduction
//! accumulates in f64 and rounds once to the output dtype; whether dims are
//! kept follows the traced output rank.

use tracer::dtype::DType;
use tracer::graph::Node;

use super::{Args, Call, KernelFn, out_dtype, out_shape, wrap_dim};
use crate::error::{Error, Res};
use crate::exec::Ctx;
use crate::value::{RVal, T};

/// Rows of `x` with `dims` moved last: (rows, row length, kept shape with
/// reduced dims as 1, shape without them).
pub struct Rows {
    pub data: Vec<f64>,
    pub len: usize,
    pub keep_shape: Vec<usize>,
    pub drop_shape: Vec<usize>,
}

impl Rows {
    pub fn rows(&self) -> impl Iterator<Item = &[f64]> {
        let len = self.len.max(1);
        let n = if self.len == 0 {
            self.keep_shape.iter().product::<usize>()
        } else {
            self.data.len() / len
        };
        (0..n).map(move |i| {
            if self.len == 0 {
                &self.data[0..0]
            } else {
                &self.data[i * len..(i + 1) * len]
            }
        })
    }
}

pub fn rows(x: &T, dims: &[usize]) -> Res<Rows> {
    let rank = x.rank();
    if rank == 0 {
        // torch lets a 0-d tensor be reduced over dim 0 / -1 (or none, or
        // all): one row holding its value, and a 0-d result.
        return Ok(Rows {
            data: x.to_f64()?,
            len: 1,
            keep_shape: Vec::new(),
            drop_shape: Vec::new(),
        });
    }
    let mut perm: Vec<usize> = (0..rank).filter(|d| !dims.contains(d)).collect();
    perm.extend(dims.iter().copied());
    let t = x.t.permute(perm)?.contiguous()?;
    let data = T { t, dt: x.dt }.to_f64()?;
    let len: usize = dims.iter().map(|d| x.dims()[*d]).product();
    let keep_shape: Vec<usize> = (0..rank)
        .map(|d| if dims.contains(&d) { 1 } else { x.dims()[d] })
        .collect();
    let drop_shape: Vec<usize> = (0..rank)
        .filter(|d| !dims.contains(d))
        .map(|d| x.dims()[d])
        .collect();
    Ok(Rows {
        data,
        len,
        keep_shape,
        drop_shape,
    })
}

/// The dims a reduction runs over: an explicit list, or all of them.
fn dims_arg(a: &Args, i: usize, name: &str, rank: usize) -> Res<Vec<usize>> {
    match a.ints(i, name)? {
        Some(ds) if !ds.is_empty() => {
            let mut out = Vec::new();
            for d in ds {
                let w = wrap_dim(d, rank)?;
                if !out.contains(&w) {
                    out.push(w);
                }
            }
            Ok(out)
        }
        _ => Ok((0..rank).collect()),
    }
}

/// Reduce each row with `f` and shape the result like the traced output.
fn finish(ctx: &Ctx, node: &Node, r: &Rows, vals: Vec<f64>, dt: DType) -> Res<T> {
    let shape = match out_shape(ctx, node) {
        Some(s) if s.iter().product::<usize>() == vals.len() => s,
        _ => r.drop_shape.clone(),
    };
    T::from_f64(vals, &shape, dt)
}

fn sum(v: &[f64]) -> f64 {
    // Pairwise summation keeps f64 rounding negligible.
    if v.len() <= 32 {
        return v.iter().sum();
    }
    let m = v.len() / 2;
    sum(&v[..m]) + sum(&v[m..])
}

fn extremum(v: &[f64], max: bool) -> (f64, usize) {
    let mut best = f64::NAN;
    let mut at = 0;
    for (i, x) in v.iter().enumerate() {
        if x.is_nan() {
            return (f64::NAN, i);
        }
        if i == 0 || (max && *x > best) || (!max && *x < best) {
            best = *x;
            at = i;
        }
    }
    (best, at)
}

/// The reductions that reduce each row to one value.
#[derive(Clone, Copy, PartialEq)]
enum Reduction {
    Sum,
    Mean,
    Prod,
    Amax,
    Amin,
    All,
    Any,
    LogSumExp,
}

impl Reduction {
    fn row(self, row: &[f64]) -> f64 {
        match self {
            Reduction::Sum => sum(row),
            Reduction::Mean => sum(row) / row.len() as f64,
            Reduction::Prod => row.iter().product(),
            Reduction::Amax => extremum(row, true).0,
            Reduction::Amin => extremum(row, false).0,
            Reduction::All => row.iter().all(|v| *v != 0.0) as u8 as f64,
            Reduction::Any => row.iter().any(|v| *v != 0.0) as u8 as f64,
            Reduction::LogSumExp => {
                let m = extremum(row, true).0;
                if m.is_infinite() {
                    m
                } else {
                    m + sum(&row.iter().map(|v| (v - m).exp()).collect::<Vec<_>>()).ln()
                }
            }
        }
    }

    /// `amax` / `amin`: no `.default` overload over everything, and no
    /// value for an empty dim.
    fn is_extremum(self) -> bool {
        matches!(self, Reduction::Amax | Reduction::Amin)
    }
}

/// The reduction kernels, by op packet (every overload).
pub(crate) const KERNELS: &[(&str, KernelFn)] = &[
    ("aten.sum", |c, k| reduce(c, k, Reduction::Sum)),
    ("aten.mean", |c, k| reduce(c, k, Reduction::Mean)),
    ("aten.prod", |c, k| reduce(c, k, Reduction::Prod)),
    ("aten.amax", |c, k| reduce(c, k, Reduction::Amax)),
    ("aten.amin", |c, k| reduce(c, k, Reduction::Amin)),
    ("aten.all", |c, k| reduce(c, k, Reduction::All)),
    ("aten.any", |c, k| reduce(c, k, Reduction::Any)),
    ("aten.logsumexp", |c, k| reduce(c, k, Reduction::LogSumExp)),
    // `max.other` / `min.other` are elementwise (`pointwise`).
    ("aten.max", |_, k| max_min(k, true)),
    ("aten.min", |_, k| max_min(k, false)),
    ("aten.argmax", |c, k| argmax(c, k, true)),
    ("aten.argmin", |c, k| argmax(c, k, false)),
    ("aten.std", |c, k| variance(c, k, true)),
    ("aten.var", |c, k| variance(c, k, false)),
    ("aten.linalg_vector_norm", vector_norm),
    ("aten.linalg_norm", linalg_norm),
    ("aten.cumsum", |_, k| cumulative(k, true)),
    ("aten.cumprod", |_, k| cumulative(k, false)),
    ("aten.histc", histc),
];

fn reduce(ctx: &mut Ctx, k: &Call, how: Reduction) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let dims = if k.overload == "default" && !how.is_extremum() {
        (0..x.rank()).collect()
    } else {
        dims_arg(a, 1, "dim", x.rank())?
    };
    if how.is_extremum() && dims.iter().any(|d| x.dims().get(*d) == Some(&0)) {
        return Err(Error::runtime(format!(
            "{}: reduction over an empty dim",
            k.op
        )));
    }
    let r = rows(x, &dims)?;
    let vals: Vec<f64> = r.rows().map(|row| how.row(row)).collect();
    let dt = out_dtype(k.node).unwrap_or(x.dt);
    Ok(RVal::Tensor(finish(ctx, k.node, &r, vals, dt)?))
}

/// `max` / `min`: of everything (`.default`), or along a dim with indices.
fn max_min(k: &Call, is_max: bool) -> Res<RVal> {
    let (a, op) = (k.args, k.op);
    let x = a.tensor(0, "self")?;
    if k.overload == "default" {
        if x.numel() == 0 {
            return Err(Error::runtime(format!("{op}() of an empty tensor")));
        }
        let v = extremum(&x.to_f64()?, is_max).0;
        return Ok(RVal::Tensor(T::scalar(v, x.dt)?));
    }
    let d = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
    if x.rank() > 0 && x.dims()[d] == 0 {
        return Err(Error::runtime(format!("{op}: reduction over an empty dim")));
    }
    let r = rows(x, &[d])?;
    let (vals, idx): (Vec<f64>, Vec<f64>) = r
        .rows()
        .map(|row| {
            let (v, i) = extremum(row, is_max);
            (v, i as f64)
        })
        .unzip();
    let keep = a.bool_or(2, "keepdim", false);
    let shape = if keep { &r.keep_shape } else { &r.drop_shape };
    Ok(RVal::List(vec![
        RVal::Tensor(T::from_f64(vals, shape, x.dt)?),
        RVal::Tensor(T::from_f64(idx, shape, DType::I64)?),
    ]))
}

fn argmax(ctx: &mut Ctx, k: &Call, is_max: bool) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let dims = match k.args.opt(1, "dim").and_then(RVal::as_int) {
        Some(d) => vec![wrap_dim(d, x.rank())?],
        None => (0..x.rank()).collect(),
    };
    let r = rows(x, &dims)?;
    let vals: Vec<f64> = r.rows().map(|row| extremum(row, is_max).1 as f64).collect();
    Ok(RVal::Tensor(finish(ctx, k.node, &r, vals, DType::I64)?))
}

/// `std` (`sqrt`) or `var`.
fn variance(ctx: &mut Ctx, k: &Call, sqrt: bool) -> Res<RVal> {
    let (a, overload) = (k.args, k.overload);
    let x = a.tensor(0, "self")?;
    let dims = if overload == "default" {
        (0..x.rank()).collect()
    } else {
        dims_arg(a, 1, "dim", x.rank())?
    };
    // `var.dim(self, dim, unbiased, keepdim)`, `var.default(self,
    // unbiased)`, `var.correction(self, dim, *, correction, keepdim)`.
    let unbiased_at = if overload == "dim" {
        2
    } else if overload == "default" {
        1
    } else {
        usize::MAX
    };
    let correction = match a.opt(usize::MAX, "correction") {
        Some(v) => v.as_f64().unwrap_or(1.0),
        None => match a.opt(unbiased_at, "unbiased") {
            Some(RVal::Bool(false)) => 0.0,
            _ => 1.0,
        },
    };
    let r = rows(x, &dims)?;
    let vals: Vec<f64> = r
        .rows()
        .map(|row| {
            let n = row.len() as f64;
            let m = sum(row) / n;
            let ss = sum(&row.iter().map(|v| (v - m) * (v - m)).collect::<Vec<_>>());
            let var = ss / (n - correction).max(0.0);
            if sqrt { var.sqrt() } else { var }
        })
        .collect();
    let dt = out_dtype(k.node).unwrap_or(x.dt);
    Ok(RVal::Tensor(finish(ctx, k.node, &r, vals, dt)?))
}

fn vector_norm(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let p = a.f64_or(1, "ord", 2.0)?;
    let dims = dims_arg(a, 2, "dim", x.rank())?;
    let r = rows(x, &dims)?;
    let vals: Vec<f64> = r
        .rows()
        .map(|row| {
            if p.is_infinite() {
                row.iter().fold(0.0f64, |m, v| m.max(v.abs()))
            } else if p == 0.0 {
                row.iter().filter(|v| **v != 0.0).count() as f64
            } else {
                sum(&row.iter().map(|v| v.abs().powf(p)).collect::<Vec<_>>()).powf(1.0 / p)
            }
        })
        .collect();
    let dt = out_dtype(k.node).unwrap_or(x.dt);
    Ok(RVal::Tensor(finish(ctx, k.node, &r, vals, dt)?))
}

/// `linalg.norm(input, ord=None, dim=None, keepdim=False)`: a vector norm
/// over one dim or every element, the Frobenius norm (`'fro'`, or no
/// order) over two; other matrix norms have no kernel yet.
fn linalg_norm(ctx: &mut Ctx, k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let ord = a.opt(1, "ord");
    let dims = dims_arg(a, 2, "dim", x.rank())?;
    let p = match ord {
        None => 2.0,
        Some(RVal::Str(s)) if s == "fro" => 2.0,
        Some(v) if dims.len() == 1 || a.opt(2, "dim").is_none() && x.rank() == 1 => v
            .as_f64()
            .ok_or_else(|| Error::runtime("linalg.norm: the order is not a number"))?,
        Some(v) => {
            return Err(Error::new(
                crate::error::ErrorKind::NoKernel,
                format!("no kernel for the matrix norm of order {v:?}"),
            ));
        }
    };
    let r = rows(x, &dims)?;
    let vals: Vec<f64> = r
        .rows()
        .map(|row| {
            if p.is_infinite() && p > 0.0 {
                row.iter().fold(0.0f64, |m, v| m.max(v.abs()))
            } else if p.is_infinite() {
                row.iter().fold(f64::INFINITY, |m, v| m.min(v.abs()))
            } else if p == 0.0 {
                row.iter().filter(|v| **v != 0.0).count() as f64
            } else {
                sum(&row.iter().map(|v| v.abs().powf(p)).collect::<Vec<_>>()).powf(1.0 / p)
            }
        })
        .collect();
    let dt = out_dtype(k.node).unwrap_or(x.dt);
    Ok(RVal::Tensor(finish(ctx, k.node, &r, vals, dt)?))
}

/// `histc(input, bins, min, max)`: counts of the values in `bins` equal
/// bins over [min, max] (the data's own range when min == max, widened by
/// one each side when that is one value); values outside are left out and
/// the maximum falls in the last bin.
fn histc(_: &mut Ctx, k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let bins = a.int_or(1, "bins", 100)?.max(1) as usize;
    let values = x.to_f64()?;
    let (mut lo, mut hi) = (a.f64_or(2, "min", 0.0)?, a.f64_or(3, "max", 0.0)?);
    if lo == hi && !values.is_empty() {
        lo = values.iter().copied().fold(f64::INFINITY, f64::min);
        hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    }
    if lo == hi {
        lo -= 1.0;
        hi += 1.0;
    }
    let mut counts = vec![0.0; bins];
    for v in values.into_iter().filter(|v| (lo..=hi).contains(v)) {
        let bin = (((v - lo) * bins as f64 / (hi - lo)) as usize).min(bins - 1);
        counts[bin] += 1.0;
    }
    let dt = out_dtype(k.node).unwrap_or(x.dt);
    Ok(RVal::Tensor(T::from_f64(counts, &[bins], dt)?))
}

/// `cumsum` (`add`) or `cumprod`.
fn cumulative(k: &Call, add: bool) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let d = wrap_dim(k.args.int_or(1, "dim", 0)?, x.rank())?;
    let r = rows(x, &[d])?;
    let mut out = Vec::with_capacity(r.data.len());
    for row in r.rows() {
        let mut acc = if add { 0.0 } else { 1.0 };
        for v in row {
            if add {
                acc += v;
            } else {
                acc *= v;
            }
            out.push(acc);
        }
    }
    // Rows were laid out with `d` last: move it back.
    let mut moved = r.drop_shape.clone();
    moved.push(if x.rank() == 0 { 1 } else { x.dims()[d] });
    let dt = out_dtype(k.node).unwrap_or(x.dt);
    let t = T::from_f64(out, &moved, DType::F64)?;
    let t = if x.rank() == 0 {
        t.t.reshape(())?
    } else {
        let last = x.rank() - 1;
        let mut perm: Vec<usize> = (0..last).collect();
        perm.insert(d, last);
        t.t.permute(perm)?.contiguous()?
    };
    Ok(RVal::Tensor(T { t, dt: DType::F64 }.cast(dt)?))
}
