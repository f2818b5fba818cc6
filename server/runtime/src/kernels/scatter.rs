//! Scatter kernels: `scatter` (by value or source, with `reduce=`),
//! `scatter_add`, `index_copy`, `index_add`, `scatter_reduce` (sum, prod, mean, amax, amin, with or
//! without the input's own values), `masked_scatter`, and `bucketize`;
//! computed over `f64` values in row-major order.

use tracer::dtype::DType;

use super::{Call, KernelFn, dim_len, out_dtype, wrap_dim};
use crate::error::{Error, Res};
use crate::exec::Ctx;
use crate::value::{RVal, T};

/// How scattered values combine with what is there.
#[derive(Clone, Copy, PartialEq)]
enum Combine {
    Replace,
    Sum,
    Prod,
    Mean,
    Max,
    Min,
}

/// The `reduce=` names of `scatter` (add, multiply) and `scatter_reduce`
/// (sum, prod, mean, amax, amin).
const REDUCTIONS: &[(&str, Combine)] = &[
    ("add", Combine::Sum),
    ("sum", Combine::Sum),
    ("multiply", Combine::Prod),
    ("prod", Combine::Prod),
    ("mean", Combine::Mean),
    ("amax", Combine::Max),
    ("amin", Combine::Min),
];

/// Which scatter a kernel computes.
#[derive(Clone, Copy)]
enum ScatterOp {
    /// `scatter`: replace, or combine by its `reduce=`.
    Scatter,
    /// `scatter_add`: sum with what is there.
    Add,
    /// `scatter_reduce`: its `reduce` and `include_self`.
    Reduce,
}

impl Combine {
    fn named(reduce: &str) -> Res<Combine> {
        REDUCTIONS
            .iter()
            .find(|(name, _)| *name == reduce)
            .map(|(_, combine)| *combine)
            .ok_or_else(|| Error::runtime(format!("scatter: unknown reduce '{reduce}'")))
    }

    fn apply(self, old: f64, new: f64) -> f64 {
        match self {
            Combine::Replace => new,
            Combine::Sum | Combine::Mean => old + new,
            Combine::Prod => old * new,
            Combine::Max => old.max(new),
            Combine::Min => old.min(new),
        }
    }
}

/// Row-major strides of `dims`.
fn strides(dims: &[usize]) -> Vec<usize> {
    let mut s = vec![1; dims.len()];
    for i in (0..dims.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * dims[i + 1];
    }
    s
}

/// The multi-index of the row-major position `flat` in `dims`.
fn position(mut flat: usize, dims: &[usize], out: &mut [usize]) {
    for i in (0..dims.len()).rev() {
        let d = dims[i].max(1);
        out[i] = flat % d;
        flat /= d;
    }
}

/// Scatters into `x` along `dim`: for each element of `index`, the
/// source's element at the same position (or `value`) combines into `x`
/// at that position with the dim replaced by the index.
fn scatter_values(
    x: &T,
    dim: usize,
    index: &T,
    source: Result<&T, f64>,
    combine: Combine,
    include_self: bool,
) -> Res<Vec<f64>> {
    let mut out = x.to_f64()?;
    let xd = x.dims().to_vec();
    let xs = strides(&xd);
    let ids = index.to_f64()?;
    let id_dims = index.dims().to_vec();
    let (src, src_strides) = match source {
        Ok(s) => (Some(s.to_f64()?), strides(s.dims())),
        Err(_) => (None, Vec::new()),
    };
    let n = dim_len(x, dim) as i64;
    let mut counts = vec![0usize; out.len()];
    let mut touched = vec![false; out.len()];
    let mut at = vec![0usize; id_dims.len()];
    for (flat, raw) in ids.iter().enumerate() {
        position(flat, &id_dims, &mut at);
        let i = *raw as i64;
        let i = if i < 0 { i + n } else { i };
        if i < 0 || i >= n {
            return Err(Error::runtime(format!(
                "index {raw} is out of bounds for dimension {dim} with size {n}"
            )));
        }
        let mut offset = 0;
        for (d, p) in at.iter().enumerate() {
            let p = if d == dim { i as usize } else { *p };
            offset += p * xs.get(d).copied().unwrap_or(0);
        }
        let v = match (&src, source) {
            (Some(values), _) => {
                let o: usize = at.iter().zip(&src_strides).map(|(p, s)| p * s).sum();
                values[o]
            }
            (None, Err(value)) => value,
            (None, Ok(_)) => unreachable!("a tensor source has values"),
        };
        if combine != Combine::Replace && !include_self && !touched[offset] {
            out[offset] = v;
        } else {
            out[offset] = combine.apply(out[offset], v);
        }
        touched[offset] = true;
        counts[offset] += 1;
    }
    if combine == Combine::Mean {
        for (o, c) in out.iter_mut().zip(&counts) {
            let c = *c + usize::from(include_self);
            if c > 0 {
                *o /= c as f64;
            }
        }
    }
    Ok(out)
}

/// `scatter.src/.value/.reduce/.value_reduce`, `scatter_add`,
/// `scatter_reduce.two`.
fn scatter(k: &Call, op: ScatterOp) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let dim = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
    let index = a.tensor(2, "index")?;
    let given = a
        .get(3, "src")
        .or_else(|| a.get(3, "value"))
        .ok_or_else(|| Error::runtime("scatter: missing source"))?;
    let source = match given {
        RVal::Tensor(t) => Ok(t),
        v => Err(v
            .as_f64()
            .ok_or_else(|| Error::runtime("scatter: the value is not a number"))?),
    };
    let (combine, include_self) = match op {
        ScatterOp::Add => (Combine::Sum, true),
        ScatterOp::Reduce => (
            Combine::named(a.str_or(4, "reduce", "sum"))?,
            a.bool_or(5, "include_self", true),
        ),
        ScatterOp::Scatter => match a.opt(4, "reduce") {
            Some(RVal::Str(r)) => (Combine::named(r)?, true),
            _ => (Combine::Replace, true),
        },
    };
    let values = scatter_values(x, dim, index, source, combine, include_self)?;
    let dt = out_dtype(k.node).unwrap_or(x.dt);
    Ok(RVal::Tensor(T::from_f64(values, x.dims(), dt)?))
}

/// `index_copy(self, dim, index, source)` and `index_add(self, dim,
/// index, source, *, alpha=1)`: the source's slice `j` along `dim` goes to
/// the input's slice `index[j]`, replacing it or added to it.
fn index_update(k: &Call, add: bool) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let dim = wrap_dim(a.int_or(1, "dim", 0)?, x.rank())?;
    let ids = a.tensor(2, "index")?.to_f64()?;
    let source = a.tensor(3, "source")?;
    let alpha = if add {
        a.opt(4, "alpha").and_then(RVal::as_f64).unwrap_or(1.0)
    } else {
        1.0
    };
    let mut out = x.to_f64()?;
    let xd = x.dims().to_vec();
    let xs = strides(&xd);
    let sd = source.dims().to_vec();
    let values = source.to_f64()?;
    let n = dim_len(x, dim) as i64;
    let mut at = vec![0usize; sd.len()];
    for (flat, v) in values.iter().enumerate() {
        position(flat, &sd, &mut at);
        let j = at.get(dim).copied().unwrap_or(0);
        let raw = *ids
            .get(j)
            .ok_or_else(|| Error::runtime("index_copy: the index is shorter than the source"))?
            as i64;
        let i = if raw < 0 { raw + n } else { raw };
        if i < 0 || i >= n {
            return Err(Error::runtime(format!(
                "index {raw} is out of bounds for dimension {dim} with size {n}"
            )));
        }
        let offset: usize = at
            .iter()
            .enumerate()
            .map(|(d, p)| if d == dim { i as usize } else { *p } * xs.get(d).copied().unwrap_or(0))
            .sum();
        out[offset] = if add { out[offset] + alpha * v } else { *v };
    }
    Ok(RVal::Tensor(T::from_f64(out, &xd, x.dt)?))
}

/// `masked_scatter(self, mask, source)`: the input broadcast with the
/// mask, the source's values in order where the mask is set.
fn masked_scatter(k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let mask = a.tensor(1, "mask")?;
    let source = a.tensor(2, "source")?.to_f64()?;
    let shape =
        x.t.shape()
            .broadcast_shape_binary_op(mask.t.shape(), "masked_scatter")?;
    let xs = T {
        t: x.t.broadcast_as(&shape)?.contiguous()?,
        dt: x.dt,
    }
    .to_f64()?;
    let ms = T {
        t: mask.t.broadcast_as(&shape)?.contiguous()?,
        dt: mask.dt,
    }
    .to_f64()?;
    let mut next = source.iter();
    let mut out = Vec::with_capacity(xs.len());
    for (v, m) in xs.into_iter().zip(ms) {
        if m != 0.0 {
            out.push(*next.next().ok_or_else(|| {
                Error::runtime(
                    "masked_scatter: Number of elements of source < number of ones in mask",
                )
            })?);
        } else {
            out.push(v);
        }
    }
    Ok(RVal::Tensor(T::from_f64(out, shape.dims(), x.dt)?))
}

/// `bucketize.Tensor(input, boundaries)` / `.Scalar`: for each value, the
/// index of the first boundary above it (`right`: at or above it).
fn bucketize(k: &Call) -> Res<RVal> {
    let a = k.args;
    let boundaries = a.tensor(1, "boundaries")?.to_f64()?;
    let right = a.bool_or(3, "right", false);
    let (values, dims) = match a.get(0, "self") {
        Some(RVal::Tensor(t)) => (t.to_f64()?, t.dims().to_vec()),
        Some(v) => (
            vec![
                v.as_f64()
                    .ok_or_else(|| Error::runtime("bucketize: not a number"))?,
            ],
            vec![],
        ),
        None => return Err(Error::runtime("bucketize: missing input")),
    };
    let out: Vec<f64> = values
        .iter()
        .map(|v| {
            boundaries
                .iter()
                .take_while(|b| if right { **b <= *v } else { **b < *v })
                .count() as f64
        })
        .collect();
    let dt = out_dtype(k.node).unwrap_or(DType::I64);
    Ok(RVal::Tensor(T::from_f64(out, &dims, dt)?))
}

/// The kernels, by ATen target or op packet.
pub const KERNELS: &[(&str, KernelFn)] = &[
    ("aten.scatter", |_: &mut Ctx, k| {
        scatter(k, ScatterOp::Scatter)
    }),
    ("aten.scatter_add", |_, k| scatter(k, ScatterOp::Add)),
    ("aten.scatter_reduce", |_, k| scatter(k, ScatterOp::Reduce)),
    ("aten.masked_scatter", |_, k| masked_scatter(k)),
    ("aten.index_copy", |_, k| index_update(k, false)),
    ("aten.index_add", |_, k| index_update(k, true)),
    ("aten.bucketize", |_, k| bucketize(k)),
];
