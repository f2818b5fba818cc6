//! Reductions: sum, mean, prod, extrema (with indices), argmax/argmin,
//! std/var, all/any, logsumexp, norms and cumulative sums. Every reduction
//! accumulates in f64 and rounds once to the output dtype; whether dims are
//! kept follows the traced output rank.

use tracer::dtype::DType;
use tracer::graph::Node;

use super::{Args, out_dtype, out_shape, wrap_dim};
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

pub fn call(ctx: &mut Ctx, target: &str, node: &Node, a: &Args) -> Res<Option<RVal>> {
    let Some(rest) = target.strip_prefix("aten.") else {
        return Ok(None);
    };
    let (op, overload) = rest.split_once('.').unwrap_or((rest, ""));
    let out_dt = out_dtype(node);
    match op {
        "sum" | "mean" | "prod" | "amax" | "amin" | "all" | "any" | "logsumexp" | "nansum" => {
            let x = a.tensor(0, "self")?;
            let dims = if overload == "default" && op != "amax" && op != "amin" {
                (0..x.rank()).collect()
            } else {
                dims_arg(a, 1, "dim", x.rank())?
            };
            if (op == "amax" || op == "amin") && dims.iter().any(|d| x.dims().get(*d) == Some(&0)) {
                return Err(Error::runtime(format!("{op}: reduction over an empty dim")));
            }
            let r = rows(x, &dims)?;
            let vals: Vec<f64> = r
                .rows()
                .map(|row| match op {
                    "sum" => sum(row),
                    "nansum" => row.iter().filter(|v| !v.is_nan()).sum(),
                    "mean" => sum(row) / row.len() as f64,
                    "prod" => row.iter().product(),
                    "amax" => extremum(row, true).0,
                    "amin" => extremum(row, false).0,
                    "all" => row.iter().all(|v| *v != 0.0) as u8 as f64,
                    "any" => row.iter().any(|v| *v != 0.0) as u8 as f64,
                    _ => {
                        let m = extremum(row, true).0;
                        if m.is_infinite() {
                            m
                        } else {
                            m + sum(&row.iter().map(|v| (v - m).exp()).collect::<Vec<_>>()).ln()
                        }
                    }
                })
                .collect();
            let dt = out_dt.unwrap_or(x.dt);
            Ok(Some(RVal::Tensor(finish(ctx, node, &r, vals, dt)?)))
        }
        "max" | "min" => {
            let x = a.tensor(0, "self")?;
            let is_max = op == "max";
            if overload == "default" {
                if x.numel() == 0 {
                    return Err(Error::runtime(format!("{op}() of an empty tensor")));
                }
                let v = extremum(&x.to_f64()?, is_max).0;
                return Ok(Some(RVal::Tensor(T::scalar(v, x.dt)?)));
            }
            if overload == "other" {
                return Ok(None);
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
            Ok(Some(RVal::List(vec![
                RVal::Tensor(T::from_f64(vals, shape, x.dt)?),
                RVal::Tensor(T::from_f64(idx, shape, DType::I64)?),
            ])))
        }
        "argmax" | "argmin" => {
            let x = a.tensor(0, "self")?;
            let dims = match a.opt(1, "dim").and_then(RVal::as_int) {
                Some(d) => vec![wrap_dim(d, x.rank())?],
                None => (0..x.rank()).collect(),
            };
            let r = rows(x, &dims)?;
            let vals: Vec<f64> = r
                .rows()
                .map(|row| extremum(row, op == "argmax").1 as f64)
                .collect();
            Ok(Some(RVal::Tensor(finish(ctx, node, &r, vals, DType::I64)?)))
        }
        "std" | "var" => {
            let x = a.tensor(0, "self")?;
            let dims = if overload == "default" {
                (0..x.rank()).collect()
            } else {
                dims_arg(a, 1, "dim", x.rank())?
            };
            // `var.dim(self, dim, unbiased, keepdim)`, `var.default(self,
            // unbiased)`, `var.correction(self, dim, *, correction, keepdim)`.
            let unbiased_at = match overload {
                "dim" => 2,
                "default" => 1,
                _ => usize::MAX,
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
                    if op == "std" { var.sqrt() } else { var }
                })
                .collect();
            let dt = out_dt.unwrap_or(x.dt);
            Ok(Some(RVal::Tensor(finish(ctx, node, &r, vals, dt)?)))
        }
        "linalg_vector_norm" => {
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
            let dt = out_dt.unwrap_or(x.dt);
            Ok(Some(RVal::Tensor(finish(ctx, node, &r, vals, dt)?)))
        }
        "cumsum" | "cumprod" => {
            let x = a.tensor(0, "self")?;
            let d = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
            let r = rows(x, &[d])?;
            let mut out = Vec::with_capacity(r.data.len());
            for row in r.rows() {
                let mut acc = if op == "cumsum" { 0.0 } else { 1.0 };
                for v in row {
                    if op == "cumsum" {
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
            let dt = out_dt.unwrap_or(x.dt);
            let t = T::from_f64(out, &moved, DType::F64)?;
            let t = if x.rank() == 0 {
                t.t.reshape(())?
            } else {
                let last = x.rank() - 1;
                let mut perm: Vec<usize> = (0..last).collect();
                perm.insert(d, last);
                t.t.permute(perm)?.contiguous()?
            };
            Ok(Some(RVal::Tensor(T { t, dt: DType::F64 }.cast(dt)?)))
        }
        _ => Ok(None),
    }
}
