//! Neural-network kernels: linear algebra (`linear`, `matmul`, `mm`,
//! `bmm`, `addmm`, `outer`, `einsum`), convolutions (candle's CPU kernels),
//! pooling, normalization (batch, layer, group, instance), embedding,
//! softmax, scaled dot-product attention, cosine similarity, LSTM/GRU and
//! simple losses. Normalizations and softmax compute in f64.

use candle_core::{DType as CDType, Tensor};
use tracer::dtype::DType;
use tracer::graph::Node;

use super::reduce::rows;
use super::{Args, Call, KernelFn, out_dtype, out_shape, wrap_dim};
use crate::error::{Error, ErrorKind, Res};
use crate::exec::Ctx;
use crate::value::{RVal, T, with_slice};

fn wrap(t: Tensor, dt: DType) -> RVal {
    RVal::Tensor(T { t, dt })
}

/// The candle dtype matrix products run in: floats as themselves, others in f64.
fn mm_dtype(dt: DType) -> DType {
    if dt.is_floating() { dt } else { DType::F64 }
}

/// torch.matmul semantics over candle's batched matmul.
pub fn matmul(a: &T, b: &T) -> Res<T> {
    let dt = if a.dt == b.dt {
        a.dt
    } else {
        DType::promote(a.dt, b.dt)
    };
    let cd = mm_dtype(dt);
    let x = a.cast(cd)?.t.contiguous()?;
    let y = b.cast(cd)?.t.contiguous()?;
    let (ra, rb) = (x.rank(), y.rank());
    if ra == 0 || rb == 0 {
        return Err(Error::runtime("matmul: both arguments need at least 1 dim"));
    }
    let check = |k1: usize, k2: usize| -> Res<()> {
        if k1 != k2 {
            return Err(Error::runtime(format!(
                "mat1 and mat2 shapes cannot be multiplied ({:?} and {:?})",
                a.dims(),
                b.dims()
            )));
        }
        Ok(())
    };
    let out = match (ra, rb) {
        (1, 1) => {
            check(x.dims()[0], y.dims()[0])?;
            x.mul(&y)?.sum_all()?
        }
        (_, 1) => {
            check(x.dims()[ra - 1], y.dims()[0])?;
            let y2 = y.unsqueeze(1)?;
            x.broadcast_matmul(&y2)?.squeeze(ra - 1)?
        }
        (1, _) => {
            check(x.dims()[0], y.dims()[rb - 2])?;
            let x2 = x.unsqueeze(0)?;
            let r = x2.broadcast_matmul(&y)?;
            let rr = r.rank();
            r.squeeze(rr - 2)?
        }
        _ => {
            check(x.dims()[ra - 1], y.dims()[rb - 2])?;
            // Broadcast batch dims on both sides.
            let ba = &x.dims()[..ra - 2];
            let bb = &y.dims()[..rb - 2];
            let n = ba.len().max(bb.len());
            let mut batch = vec![1; n];
            for i in 0..n {
                let p = if i + ba.len() >= n {
                    ba[i + ba.len() - n]
                } else {
                    1
                };
                let q = if i + bb.len() >= n {
                    bb[i + bb.len() - n]
                } else {
                    1
                };
                batch[i] = if p == 1 {
                    q
                } else if q == 1 || p == q {
                    p
                } else {
                    return Err(Error::runtime("matmul: batch dims cannot be broadcast"));
                };
            }
            if bb.is_empty() || bb.iter().all(|d| *d == 1) && ba == batch.as_slice() {
                let y2 = if bb.is_empty() {
                    y.clone()
                } else {
                    y.reshape((y.dims()[rb - 2], y.dims()[rb - 1]))?
                };
                x.broadcast_matmul(&y2)?
            } else {
                let mut sa = batch.clone();
                sa.extend_from_slice(&x.dims()[ra - 2..]);
                let mut sb = batch.clone();
                sb.extend_from_slice(&y.dims()[rb - 2..]);
                let xa = x.broadcast_as(sa)?.contiguous()?;
                let yb = y.broadcast_as(sb)?.contiguous()?;
                xa.matmul(&yb)?
            }
        }
    };
    T::new(out, cd)?.cast(dt)
}

fn linear(x: &T, w: &T, b: Option<&T>) -> Res<T> {
    let wt = T {
        t: w.t.t()?,
        dt: w.dt,
    };
    let y = matmul(x, &wt)?;
    match b {
        None => Ok(y),
        Some(b) => Ok(T {
            t: y.t.broadcast_add(&b.cast(y.dt)?.t)?,
            dt: y.dt,
        }),
    }
}

/// Apply `f` to each 1-D fiber of `x` along `d`, keeping the shape.
pub fn along_dim(x: &T, d: usize, out: DType, f: impl Fn(&[f64], &mut Vec<f64>)) -> Res<T> {
    if x.rank() == 0 {
        let mut o = Vec::new();
        f(&[x.item()?], &mut o);
        return T::from_f64(o, &[], out);
    }
    let r = rows(x, &[d])?;
    let mut o = Vec::with_capacity(r.data.len());
    for row in r.rows() {
        f(row, &mut o);
    }
    let mut moved = r.drop_shape.clone();
    moved.push(x.dims()[d]);
    let t = T::from_f64(o, &moved, DType::F64)?;
    let last = x.rank() - 1;
    let mut perm: Vec<usize> = (0..last).collect();
    perm.insert(d, last);
    T {
        t: t.t.permute(perm)?.contiguous()?,
        dt: DType::F64,
    }
    .cast(out)
}

fn softmax_row(row: &[f64], o: &mut Vec<f64>, log: bool) {
    let m = row.iter().fold(f64::NEG_INFINITY, |a, b| {
        if b.is_nan() || a.is_nan() {
            f64::NAN
        } else {
            a.max(*b)
        }
    });
    let m = if m.is_infinite() { 0.0 } else { m };
    let s: f64 = row.iter().map(|v| (v - m).exp()).sum();
    for v in row {
        if log {
            o.push(v - m - s.ln());
        } else {
            o.push((v - m).exp() / s);
        }
    }
}

fn per_dim(v: Option<Vec<i64>>, n: usize, default: i64) -> Vec<usize> {
    let v = v.unwrap_or_default();
    (0..n)
        .map(|i| {
            let x = match v.len() {
                0 => default,
                1 => v[0],
                _ => v.get(i).copied().unwrap_or(default),
            };
            x.max(0) as usize
        })
        .collect()
}

/// Convolutions of rank 1 and 2 (and their transposes) through candle.
fn conv(ctx: &Ctx, node: &Node, a: &Args, n: usize, transpose: bool) -> Res<T> {
    let x0 = a.tensor(0, "input")?;
    let w = a.tensor(1, "weight")?;
    let b = a.opt_tensor(2, "bias");
    let dt = out_dtype(node).unwrap_or(x0.dt);
    let cd = mm_dtype(dt);
    let unbatched = x0.rank() == n + 1;
    let x = if unbatched {
        x0.t.unsqueeze(0)?
    } else {
        x0.t.clone()
    };
    let x = T::new(x, x0.dt)?.cast(cd)?.t.contiguous()?;
    let w = w.cast(cd)?.t.contiguous()?;
    let stride = per_dim(a.ints(3, "stride")?, n, 1);
    let (out, groups);
    if transpose {
        // conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation)
        let padding = per_dim(a.ints(4, "padding")?, n, 0);
        let out_pad = per_dim(a.ints(5, "output_padding")?, n, 0);
        groups = a.int_or(6, "groups", 1)?.max(1) as usize;
        let dilation = per_dim(a.ints(7, "dilation")?, n, 1);
        let same = |v: &[usize]| v.iter().all(|x| *x == v[0]);
        if !same(&stride) || !same(&padding) || !same(&out_pad) || !same(&dilation) {
            return Err(Error::unsupported(
                "transposed convolution with per-dim parameters that differ",
            ));
        }
        let run = |x: &Tensor, w: &Tensor| -> Res<Tensor> {
            Ok(if n == 1 {
                x.conv_transpose1d(w, padding[0], out_pad[0], stride[0], dilation[0], 1)?
            } else {
                x.conv_transpose2d(w, padding[0], out_pad[0], stride[0], dilation[0])?
            })
        };
        out = if groups == 1 {
            run(&x, &w)?
        } else {
            let xs = x.chunk(groups, 1)?;
            let ws = w.chunk(groups, 0)?;
            let parts: Vec<Tensor> = xs
                .iter()
                .zip(&ws)
                .map(|(p, q)| run(&p.contiguous()?, &q.contiguous()?))
                .collect::<Res<_>>()?;
            Tensor::cat(&parts, 1)?
        };
    } else {
        // conv(input, weight, bias, stride, padding, dilation, groups)
        let dilation = per_dim(a.ints(5, "dilation")?, n, 1);
        let ks: Vec<usize> = w.dims()[2..].to_vec();
        // The tracer drops padding, dilation and groups when bias is None
        // and stride is 1: infer them from the channels and traced sizes.
        let recorded = a.pos.len() > 4 || a.kw.iter().any(|(k, _)| k == "padding");
        let c_in = x.dims()[1];
        groups = if a.pos.len() > 6 || recorded {
            a.int_or(6, "groups", 1)?.max(1) as usize
        } else {
            let per = w.dims().get(1).copied().unwrap_or(1).max(1);
            (c_in / per).max(1)
        };
        let inferred: Option<Vec<(usize, usize)>> = if recorded {
            None
        } else {
            out_shape(ctx, node).map(|o| {
                let sp = &o[o.len() - n..];
                let ins = &x.dims()[2..];
                (0..n)
                    .map(|i| {
                        let need =
                            (sp[i].saturating_sub(1)) * stride[i] + dilation[i] * (ks[i] - 1) + 1;
                        let p = need.saturating_sub(ins[i]).div_ceil(2);
                        (p, p)
                    })
                    .collect()
            })
        };
        let pads: Vec<(usize, usize)> = match a.opt(4, "padding") {
            _ if inferred.is_some() => inferred.unwrap_or_default(),
            Some(RVal::Str(s)) if s == "valid" => vec![(0, 0); n],
            Some(RVal::Str(s)) if s == "same" => (0..n)
                .map(|i| {
                    let total = dilation[i] * (ks[i].saturating_sub(1));
                    (total / 2, total - total / 2)
                })
                .collect(),
            other => {
                let p = per_dim(other.map(super::ints_of).transpose()?, n, 0);
                p.into_iter().map(|v| (v, v)).collect()
            }
        };
        if w.dims().get(1).copied().unwrap_or(0) * groups != c_in {
            return Err(Error::runtime(format!(
                "expected input with {} channels, got {c_in}",
                w.dims()[1] * groups
            )));
        }
        // A 1-d convolution is a 2-d one of height 1.
        let (x4, w4, geometry) = if n == 1 {
            (
                x.unsqueeze(2)?,
                w.unsqueeze(2)?,
                super::conv::Conv2dGeometry {
                    pad: [(0, 0), pads[0]],
                    stride: [1, stride[0]],
                    dilation: [1, dilation[0]],
                    groups,
                },
            )
        } else {
            (
                x,
                w,
                super::conv::Conv2dGeometry {
                    pad: [pads[0], pads[1]],
                    stride: [stride[0], stride[1]],
                    dilation: [dilation[0], dilation[1]],
                    groups,
                },
            )
        };
        let y = super::conv::conv2d(&x4, &w4, &geometry)?;
        out = if n == 1 { y.squeeze(2)? } else { y };
    }
    let mut out = out;
    if let Some(b) = b {
        let mut shape = vec![1; out.rank()];
        shape[1] = b.numel();
        out = out.broadcast_add(&b.cast(cd)?.t.reshape(shape)?)?;
    }
    if unbatched {
        out = out.squeeze(0)?;
    }
    T::new(out, cd)?.cast(dt)
}

/// Max/avg pooling over the last `n` dims, computed in f64.
fn pool(a: &Args, n: usize, max: bool) -> Res<T> {
    let x = a.tensor(0, "self")?;
    let k = per_dim(a.ints(1, "kernel_size")?, n, 1);
    let s = match a.ints(2, "stride")? {
        Some(v) if !v.is_empty() => per_dim(Some(v), n, 1),
        _ => k.clone(),
    };
    let p = per_dim(a.ints(3, "padding")?, n, 0);
    let (dil, ceil, include_pad, divisor) = if max {
        (
            per_dim(a.ints(4, "dilation")?, n, 1),
            a.bool_or(5, "ceil_mode", false),
            false,
            None,
        )
    } else {
        (
            vec![1; n],
            a.bool_or(4, "ceil_mode", false),
            a.bool_or(5, "count_include_pad", true),
            a.opt(6, "divisor_override").and_then(RVal::as_int),
        )
    };
    if x.rank() < n + 1 || k.contains(&0) || s.contains(&0) {
        return Err(Error::runtime("pooling: bad input rank or kernel"));
    }
    let lead: usize = x.dims()[..x.rank() - n].iter().product();
    let ins: Vec<usize> = x.dims()[x.rank() - n..].to_vec();
    let mut outs = Vec::new();
    for i in 0..n {
        let eff = dil[i] * (k[i] - 1) + 1;
        let span = (ins[i] + 2 * p[i]) as i64 - eff as i64;
        if span < 0 {
            return Err(Error::runtime("pooling: output size is too small"));
        }
        let mut o = if ceil {
            (span as usize).div_ceil(s[i]) + 1
        } else {
            span as usize / s[i] + 1
        };
        // The last window must start inside the input or left padding.
        if ceil && (o - 1) * s[i] >= ins[i] + p[i] {
            o -= 1;
        }
        outs.push(o);
    }
    let in_sz: usize = ins.iter().product();
    let (h, w) = if n == 2 {
        (ins[0], ins[1])
    } else {
        (1, ins[0])
    };
    let (oh, ow) = if n == 2 {
        (outs[0], outs[1])
    } else {
        (1, outs[0])
    };
    let two = |v: &[usize], one: usize| if n == 2 { [v[0], v[1]] } else { [one, v[0]] };
    let window = Window {
        input: [h, w],
        output: [oh, ow],
        kernel: two(&k, 1),
        stride: two(&s, 1),
        pad: two(&p, 0),
        dilation: two(&dil, 1),
        max,
        include_pad,
        divisor,
    };
    let mut shape = x.dims()[..x.rank() - n].to_vec();
    shape.extend(outs);
    // f32 and f64 are read as stored: no converted copy of the whole tensor.
    let t = match x.t.dtype() {
        CDType::F32 => {
            let r = with_slice(&x.t, |d: &[f32]| pool_planes(d, lead, in_sz, &window))?;
            Tensor::from_vec(r, shape.as_slice(), x.t.device())?
        }
        CDType::F64 => {
            let r = with_slice(&x.t, |d: &[f64]| pool_planes(d, lead, in_sz, &window))?;
            Tensor::from_vec(r, shape.as_slice(), x.t.device())?
        }
        _ => {
            let d = x.to_f64()?;
            let r = pool_planes(&d, lead, in_sz, &window);
            return T::from_f64(r, &shape, x.dt);
        }
    };
    T::new(t, x.dt)
}

/// The larger of two values; NaN wins, as in torch's max pooling.
#[inline]
#[allow(clippy::eq_op)]
fn nan_max<V: PartialOrd + Copy>(acc: V, v: V) -> V {
    // `v != v` only for NaN.
    if v != v || v > acc { v } else { acc }
}

/// The geometry of a 2-d pooling window (1-d pooling has height 1).
struct Window {
    input: [usize; 2],
    output: [usize; 2],
    kernel: [usize; 2],
    stride: [usize; 2],
    pad: [usize; 2],
    dilation: [usize; 2],
    max: bool,
    include_pad: bool,
    divisor: Option<i64>,
}

/// Pool `lead` planes of `in_sz` elements; max pooling propagates NaN,
/// average pooling sums in f64.
fn pool_planes<V: candle_core::WithDType>(
    data: &[V],
    lead: usize,
    in_sz: usize,
    win: &Window,
) -> Vec<V> {
    let [h, w] = win.input;
    let [oh, ow] = win.output;
    let [kh, kw] = win.kernel;
    let [sh, sw] = win.stride;
    let [ph, pw] = win.pad;
    let [dh, dw] = win.dilation;
    // The kernel taps of window start `start` that fall inside `0..len`.
    let taps = |start: i64, k: usize, d: usize, len: usize| {
        let d = d as i64;
        let lo = if start >= 0 { 0 } else { (-start + d - 1) / d };
        let hi = if start >= len as i64 {
            0
        } else {
            ((len as i64 - start + d - 1) / d).min(k as i64)
        };
        (lo, hi.max(lo))
    };
    // Window starts and their in-bounds taps, computed once per row and
    // column rather than per window (integer division dominates otherwise).
    let starts = |n_out: usize, stride: usize, pad: usize, k: usize, d: usize, len: usize| {
        (0..n_out)
            .map(|i| {
                let start = (i * stride) as i64 - pad as i64;
                let (lo, hi) = taps(start, k, d, len);
                (start, lo, hi)
            })
            .collect::<Vec<(i64, i64, i64)>>()
    };
    let rows = starts(oh, sh, ph, kh, dh, h);
    let cols = starts(ow, sw, pw, kw, dw, w);
    let mut res = Vec::with_capacity(lead * oh * ow);
    if win.max {
        // Separable: the max over each row's window span first, then over
        // the window's rows; no loop-carried chain across output columns.
        let lowest = V::from_f64(f64::NEG_INFINITY);
        let mut hmax = vec![lowest; h * ow];
        for l in 0..lead {
            let plane = &data[l * in_sz..(l + 1) * in_sz];
            for (y, row) in plane.chunks_exact(w).enumerate() {
                let out = &mut hmax[y * ow..(y + 1) * ow];
                for (o, &(ws, xlo, xhi)) in out.iter_mut().zip(&cols) {
                    *o = if dw == 1 {
                        // Contiguous taps: one slice, no per-tap index checks.
                        row[(ws + xlo) as usize..(ws + xhi) as usize]
                            .iter()
                            .copied()
                            .fold(lowest, nan_max)
                    } else {
                        (xlo..xhi)
                            .map(|b_| row[(ws + b_ * dw as i64) as usize])
                            .fold(lowest, nan_max)
                    };
                }
            }
            for &(hs, ylo, yhi) in &rows {
                let first = res.len();
                res.extend(std::iter::repeat_n(lowest, ow));
                for a_ in ylo..yhi {
                    let y = (hs + a_ * dh as i64) as usize;
                    let src = &hmax[y * ow..(y + 1) * ow];
                    for (o, v) in res[first..].iter_mut().zip(src) {
                        *o = nan_max(*o, *v);
                    }
                }
            }
        }
        return res;
    }
    for l in 0..lead {
        let plane = &data[l * in_sz..(l + 1) * in_sz];
        for &(hs, ylo, yhi) in &rows {
            for &(ws, xlo, xhi) in &cols {
                let mut best = f64::NEG_INFINITY;
                let mut nan = false;
                let mut acc = 0.0;
                for a_ in ylo..yhi {
                    let row = &plane[(hs + a_ * dh as i64) as usize * w..][..w];
                    let taps = (xlo..xhi).map(|b_| row[(ws + b_ * dw as i64) as usize].to_f64());
                    if win.max {
                        for v in taps {
                            nan |= v.is_nan();
                            best = best.max(v);
                        }
                    } else {
                        acc += taps.sum::<f64>();
                    }
                }
                let out = if win.max {
                    if nan { f64::NAN } else { best }
                } else {
                    // avg_pool counts the window clipped to input + padding.
                    let he = (hs + kh as i64).min((h + ph) as i64);
                    let we = (ws + kw as i64).min((w + pw) as i64);
                    let cnt = ((yhi - ylo) * (xhi - xlo)) as f64;
                    let div = match win.divisor {
                        Some(d) => d as f64,
                        None if win.include_pad => ((he - hs) * (we - ws)) as f64,
                        None => cnt,
                    };
                    acc / div
                };
                res.push(V::from_f64(out));
            }
        }
    }
    res
}

fn adaptive_pool(a: &Args, n: usize, max: bool) -> Res<RVal> {
    let x = a.tensor(0, "self")?;
    let osz = per_dim(a.ints(1, "output_size")?, n, 1);
    if x.rank() < n + 1 {
        return Err(Error::runtime("adaptive pooling: bad input rank"));
    }
    let lead: usize = x.dims()[..x.rank() - n].iter().product();
    let ins: Vec<usize> = x.dims()[x.rank() - n..].to_vec();
    let (h, w) = if n == 2 {
        (ins[0], ins[1])
    } else {
        (1, ins[0])
    };
    let (oh, ow) = if n == 2 {
        (osz[0], osz[1])
    } else {
        (1, osz[0])
    };
    let data = x.to_f64()?;
    let mut res = Vec::new();
    let mut idx = Vec::new();
    let start = |i: usize, o: usize, len: usize| (i * len) / o;
    let end = |i: usize, o: usize, len: usize| ((i + 1) * len).div_ceil(o);
    for l in 0..lead {
        let base = &data[l * h * w..(l + 1) * h * w];
        for i in 0..oh {
            for j in 0..ow {
                let (h0, h1) = (start(i, oh, h), end(i, oh, h));
                let (w0, w1) = (start(j, ow, w), end(j, ow, w));
                let mut acc = 0.0;
                let mut best = f64::NEG_INFINITY;
                let mut at = 0;
                for y in h0..h1 {
                    for xx in w0..w1 {
                        let v = base[y * w + xx];
                        acc += v;
                        if v > best || v.is_nan() {
                            best = v;
                            at = y * w + xx;
                        }
                    }
                }
                let cnt = ((h1 - h0) * (w1 - w0)).max(1) as f64;
                res.push(if max { best } else { acc / cnt });
                idx.push(at as f64);
            }
        }
    }
    let mut shape = x.dims()[..x.rank() - n].to_vec();
    shape.extend(osz);
    let out = T::from_f64(res, &shape, x.dt)?;
    if max {
        Ok(RVal::List(vec![
            RVal::Tensor(out),
            RVal::Tensor(T::from_f64(idx, &shape, DType::I64)?),
        ]))
    } else {
        Ok(RVal::Tensor(out))
    }
}

/// Per-channel batch statistics (mean, biased var, count) over every dim but 1.
fn channel_stats(x: &T) -> Res<(Vec<f64>, Vec<f64>, usize)> {
    if x.rank() < 2 {
        return Err(Error::runtime("batch_norm: input needs at least 2 dims"));
    }
    let dims: Vec<usize> = (0..x.rank()).filter(|d| *d != 1).collect();
    let r = rows(
        &T {
            t: x.t.clone(),
            dt: x.dt,
        },
        &dims,
    )?;
    let mut means = Vec::new();
    let mut vars = Vec::new();
    for row in r.rows() {
        let n = row.len() as f64;
        let m = row.iter().sum::<f64>() / n;
        let v = row.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / n;
        means.push(m);
        vars.push(v);
    }
    Ok((means, vars, r.len))
}

/// y = x * scale[c] + shift[c] along dim 1, in f64.
fn channel_affine(x: &T, scale: &[f64], shift: &[f64], out: DType) -> Res<T> {
    let c = scale.len();
    let mut shape = vec![1; x.rank()];
    shape[1] = c;
    let s = Tensor::from_vec(scale.to_vec(), shape.clone(), &x.t.device().clone())?;
    let b = Tensor::from_vec(shift.to_vec(), shape, &x.t.device().clone())?;
    let xf = x.t.to_dtype(CDType::F64)?;
    let y = xf.broadcast_mul(&s)?.broadcast_add(&b)?;
    T::new(y, DType::F64)?.cast(out)
}

fn vec_or(t: Option<&T>, n: usize, default: f64) -> Res<Vec<f64>> {
    match t {
        Some(t) => {
            let v = t.to_f64()?;
            if v.len() != n {
                return Err(Error::runtime(format!(
                    "expected {n} values for a per-channel parameter, got {}",
                    v.len()
                )));
            }
            Ok(v)
        }
        None => Ok(vec![default; n]),
    }
}

/// `batch_norm` and `instance_norm` are recorded in ATen's order: (input,
/// weight, bias, running_mean, running_var, training, momentum, eps,
/// cudnn_enabled).
pub const BN_WEIGHT: usize = 1;
pub const BN_BIAS: usize = 2;
pub const BN_MEAN: usize = 3;
pub const BN_VAR: usize = 4;

fn batch_norm(node: &Node, a: &Args) -> Res<T> {
    let x = a.tensor(0, "input")?;
    let training = a.bool_or(5, "training", false);
    let eps = a.f64_or(7, "eps", 1e-5)?;
    let c = x.dims().get(1).copied().unwrap_or(0);
    let (mean, var) = if training {
        let (m, v, _) = channel_stats(x)?;
        (m, v)
    } else {
        (
            vec_or(a.opt_tensor(BN_MEAN, "running_mean"), c, 0.0)?,
            vec_or(a.opt_tensor(BN_VAR, "running_var"), c, 1.0)?,
        )
    };
    let w = vec_or(a.opt_tensor(BN_WEIGHT, "weight"), c, 1.0)?;
    let b = vec_or(a.opt_tensor(BN_BIAS, "bias"), c, 0.0)?;
    let scale: Vec<f64> = (0..c).map(|i| w[i] / (var[i] + eps).sqrt()).collect();
    let shift: Vec<f64> = (0..c).map(|i| b[i] - mean[i] * scale[i]).collect();
    channel_affine(x, &scale, &shift, out_dtype(node).unwrap_or(x.dt))
}

/// The running statistics after a training-mode batch norm.
pub fn batch_norm_running(_ctx: &Ctx, a: &Args) -> Res<Option<(T, T)>> {
    let x = a.tensor(0, "input")?;
    let (Some(rm), Some(rv)) = (
        a.opt_tensor(BN_MEAN, "running_mean"),
        a.opt_tensor(BN_VAR, "running_var"),
    ) else {
        return Ok(None);
    };
    let momentum = a.f64_or(6, "momentum", 0.1)?;
    let (m, v, n) = channel_stats(x)?;
    let unbias = if n > 1 {
        n as f64 / (n as f64 - 1.0)
    } else {
        f64::INFINITY
    };
    let old_m = rm.to_f64()?;
    let old_v = rv.to_f64()?;
    if old_m.len() != m.len() || old_v.len() != v.len() {
        return Ok(None);
    }
    let nm: Vec<f64> = old_m
        .iter()
        .zip(&m)
        .map(|(o, b)| (1.0 - momentum) * o + momentum * b)
        .collect();
    let nv: Vec<f64> = old_v
        .iter()
        .zip(&v)
        .map(|(o, b)| (1.0 - momentum) * o + momentum * b * unbias)
        .collect();
    Ok(Some((
        T::from_f64(nm, rm.dims(), rm.dt)?,
        T::from_f64(nv, rv.dims(), rv.dt)?,
    )))
}

fn layer_norm(node: &Node, a: &Args) -> Res<T> {
    let x = a.tensor(0, "input")?;
    let ns = a.ints(1, "normalized_shape")?.unwrap_or_default();
    let eps = a.f64_or(4, "eps", 1e-5)?;
    let k = ns.len();
    if k > x.rank() {
        return Err(Error::runtime(
            "layer_norm: normalized_shape longer than input",
        ));
    }
    let dims: Vec<usize> = (x.rank() - k..x.rank()).collect();
    let r = rows(x, &dims)?;
    let len = r.len;
    let w = vec_or(a.opt_tensor(2, "weight"), len, 1.0)?;
    let b = vec_or(a.opt_tensor(3, "bias"), len, 0.0)?;
    let mut out = Vec::with_capacity(r.data.len());
    for row in r.rows() {
        let n = row.len() as f64;
        let m = row.iter().sum::<f64>() / n;
        let v = row.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / n;
        let inv = 1.0 / (v + eps).sqrt();
        for (i, val) in row.iter().enumerate() {
            out.push((val - m) * inv * w[i] + b[i]);
        }
    }
    T::from_f64(out, x.dims(), out_dtype(node).unwrap_or(x.dt))
}

/// `x / sqrt(mean(x²) + eps) * weight` over the trailing
/// `normalized_shape`; eps None is the dtype's machine epsilon.
fn rms_norm(node: &Node, a: &Args) -> Res<T> {
    let x = a.tensor(0, "input")?;
    let ns = a.ints(1, "normalized_shape")?.unwrap_or_default();
    let k = ns.len();
    if k > x.rank() {
        return Err(Error::runtime(
            "rms_norm: normalized_shape longer than input",
        ));
    }
    let dt = out_dtype(node).unwrap_or(x.dt);
    let eps = match a.opt(3, "eps") {
        None => match dt {
            DType::F64 => f64::EPSILON,
            DType::F16 => 0.000_976_562_5,
            DType::BF16 => 0.007_812_5,
            _ => f64::from(f32::EPSILON),
        },
        Some(_) => a.f64_or(3, "eps", 0.0)?,
    };
    let dims: Vec<usize> = (x.rank() - k..x.rank()).collect();
    let r = rows(x, &dims)?;
    let len = r.len;
    let w = vec_or(a.opt_tensor(2, "weight"), len, 1.0)?;
    let mut out = Vec::with_capacity(r.data.len());
    for row in r.rows() {
        let ms = row.iter().map(|v| v * v).sum::<f64>() / row.len() as f64;
        let inv = 1.0 / (ms + eps).sqrt();
        for (i, val) in row.iter().enumerate() {
            out.push(val * inv * w[i]);
        }
    }
    T::from_f64(out, x.dims(), dt)
}

fn group_norm(node: &Node, a: &Args) -> Res<T> {
    let x = a.tensor(0, "input")?;
    let g = a.int_or(1, "num_groups", 1)?.max(1) as usize;
    let eps = a.f64_or(4, "eps", 1e-5)?;
    if x.rank() < 2 || x.dims()[1] % g != 0 {
        return Err(Error::runtime(
            "group_norm: channels not divisible by groups",
        ));
    }
    let nb = x.dims()[0];
    let c = x.dims()[1];
    let spatial: usize = x.dims()[2..].iter().product();
    let w = vec_or(a.opt_tensor(2, "weight"), c, 1.0)?;
    let b = vec_or(a.opt_tensor(3, "bias"), c, 0.0)?;
    let data = x.to_f64()?;
    let per = c / g * spatial;
    let mut out = vec![0.0; data.len()];
    for n in 0..nb {
        for gi in 0..g {
            let off = n * c * spatial + gi * per;
            let row = &data[off..off + per];
            let cnt = per as f64;
            let m = row.iter().sum::<f64>() / cnt;
            let v = row.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / cnt;
            let inv = 1.0 / (v + eps).sqrt();
            for (i, val) in row.iter().enumerate() {
                let ch = gi * (c / g) + i / spatial.max(1);
                out[off + i] = (val - m) * inv * w[ch] + b[ch];
            }
        }
    }
    T::from_f64(out, x.dims(), out_dtype(node).unwrap_or(x.dt))
}

fn instance_norm(node: &Node, a: &Args) -> Res<T> {
    let x = a.tensor(0, "input")?;
    let use_input_stats = a.bool_or(5, "use_input_stats", true);
    let eps = a.f64_or(7, "eps", 1e-5)?;
    if !use_input_stats {
        return batch_norm(node, a);
    }
    let nb = x.dims()[0];
    let c = x.dims().get(1).copied().unwrap_or(1);
    let spatial: usize = x.dims()[2..].iter().product();
    let w = vec_or(a.opt_tensor(BN_WEIGHT, "weight"), c, 1.0)?;
    let b = vec_or(a.opt_tensor(BN_BIAS, "bias"), c, 0.0)?;
    let data = x.to_f64()?;
    let mut out = vec![0.0; data.len()];
    for n in 0..nb {
        for ch in 0..c {
            let off = (n * c + ch) * spatial;
            let row = &data[off..off + spatial];
            let cnt = spatial as f64;
            let m = row.iter().sum::<f64>() / cnt;
            let v = row.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / cnt;
            let inv = 1.0 / (v + eps).sqrt();
            for (i, val) in row.iter().enumerate() {
                out[off + i] = (val - m) * inv * w[ch] + b[ch];
            }
        }
    }
    T::from_f64(out, x.dims(), out_dtype(node).unwrap_or(x.dt))
}

fn embedding(a: &Args) -> Res<T> {
    let w = a.tensor(0, "weight")?;
    let idx = a.tensor(1, "indices")?;
    if w.rank() != 2 {
        return Err(Error::runtime("embedding: weight must be 2-D"));
    }
    let n = w.dims()[0];
    let ids: Vec<i64> = idx
        .to_f64()?
        .iter()
        .map(|v| {
            let i = *v as i64;
            if i < 0 || i >= n as i64 {
                Err(Error::runtime(format!(
                    "index {i} is out of range for an embedding of {n} rows"
                )))
            } else {
                Ok(i)
            }
        })
        .collect::<Res<_>>()?;
    let it = Tensor::from_vec(ids, idx.numel(), &w.t.device().clone())?;
    let rows = w.t.contiguous()?.index_select(&it, 0)?;
    let mut shape = idx.dims().to_vec();
    shape.push(w.dims()[1]);
    Ok(T {
        t: rows.reshape(shape)?,
        dt: w.dt,
    })
}

/// `embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode,
/// sparse, per_sample_weights, include_last_offset, padding_idx)`: each
/// bag (the indices from one offset to the next) reduced by sum (0, with
/// per-sample weights), mean (1) or max (2), entries equal to
/// `padding_idx` left out; an empty bag gives zeros. Returns torch's four
/// outputs: the bags, each index's bag, each bag's size and, for max, the
/// row each maximum came from.
fn embedding_bag(a: &Args) -> Res<RVal> {
    let w = a.tensor(0, "weight")?;
    if w.rank() != 2 {
        return Err(Error::runtime("embedding_bag: weight must be 2-D"));
    }
    let (rows, dim) = (w.dims()[0], w.dims()[1]);
    let weight = w.to_f64()?;
    let indices = a.tensor(1, "indices")?;
    let ids: Vec<i64> = indices.to_f64()?.iter().map(|v| *v as i64).collect();
    let mut offsets: Vec<usize> = match a.opt_tensor(2, "offsets") {
        Some(t) => t.to_f64()?.iter().map(|v| v.max(0.0) as usize).collect(),
        None => vec![0],
    };
    let mode = a.int_or(4, "mode", 0)?;
    let weights = a
        .opt_tensor(6, "per_sample_weights")
        .map(T::to_f64)
        .transpose()?;
    let include_last = a.bool_or(7, "include_last_offset", false);
    let padding = a.int(8);
    let bags = if include_last {
        offsets.len().saturating_sub(1)
    } else {
        offsets.len()
    };
    offsets.truncate(bags);
    offsets.push(ids.len());
    let mut out = vec![0.0; bags * dim];
    let mut offset2bag = vec![0.0; ids.len()];
    let mut sizes = vec![0.0; bags];
    let mut argmax = vec![-1.0; if mode == 2 { bags * dim } else { bags }];
    for bag in 0..bags {
        let (start, end) = (offsets[bag].min(ids.len()), offsets[bag + 1].min(ids.len()));
        let row_out = &mut out[bag * dim..(bag + 1) * dim];
        let mut count = 0usize;
        for (i, &id) in ids.iter().enumerate().take(end).skip(start) {
            offset2bag[i] = bag as f64;
            if Some(id) == padding {
                continue;
            }
            let row = usize::try_from(id)
                .ok()
                .filter(|&r| r < rows)
                .ok_or_else(|| {
                    Error::runtime(format!(
                        "index {id} is out of range for an embedding bag of {rows} rows"
                    ))
                })?;
            let scale = weights
                .as_ref()
                .and_then(|w| w.get(i))
                .copied()
                .unwrap_or(1.0);
            for (j, slot) in row_out.iter_mut().enumerate() {
                let v = weight[row * dim + j];
                if mode == 2 {
                    if count == 0 || v > *slot {
                        *slot = v;
                        argmax[bag * dim + j] = row as f64;
                    }
                } else {
                    *slot += v * scale;
                }
            }
            count += 1;
        }
        sizes[bag] = count as f64;
        if mode == 1 && count > 0 {
            row_out.iter_mut().for_each(|v| *v /= count as f64);
        }
    }
    let argmax_shape: Vec<usize> = if mode == 2 {
        vec![bags, dim]
    } else {
        vec![bags]
    };
    // torch leaves offset2bag empty in sum mode.
    if mode == 0 {
        offset2bag.clear();
    }
    let dt = indices.dt;
    let mapped = offset2bag.len();
    Ok(RVal::List(vec![
        RVal::Tensor(T::from_f64(out, &[bags, dim], w.dt)?),
        RVal::Tensor(T::from_f64(offset2bag, &[mapped], dt)?),
        RVal::Tensor(T::from_f64(sizes, &[bags], dt)?),
        RVal::Tensor(T::from_f64(argmax, &argmax_shape, dt)?),
    ]))
}

fn sdpa(node: &Node, a: &Args) -> Res<T> {
    let q = a.tensor(0, "query")?;
    let k = a.tensor(1, "key")?;
    let v = a.tensor(2, "value")?;
    let mask = a.opt_tensor(3, "attn_mask");
    let dropout = a.f64_or(4, "dropout_p", 0.0)?;
    if dropout > 0.0 {
        return Err(Error::random(
            "scaled_dot_product_attention with dropout_p > 0",
        ));
    }
    let causal = a.bool_or(5, "is_causal", false);
    let e = *q.dims().last().unwrap_or(&1) as f64;
    let scale = a.f64_or(6, "scale", 1.0 / e.sqrt())?;
    let dt = out_dtype(node).unwrap_or(q.dt);
    let kt = T {
        t: k.t.transpose(k.rank() - 2, k.rank() - 1)?,
        dt: k.dt,
    };
    let mut s = matmul(q, &kt)?.cast(DType::F64)?;
    s = T {
        t: (s.t * scale)?,
        dt: DType::F64,
    };
    let (l, sl) = (s.dims()[s.rank() - 2], s.dims()[s.rank() - 1]);
    let mut bias = vec![0.0; l * sl];
    if causal {
        for i in 0..l {
            for j in 0..sl {
                if j > i {
                    bias[i * sl + j] = f64::NEG_INFINITY;
                }
            }
        }
    }
    let bias_t = Tensor::from_vec(bias, (l, sl), &s.t.device().clone())?;
    let mut st = s.t.broadcast_add(&bias_t)?;
    if let Some(m) = mask {
        let add = if m.dt == DType::Bool {
            m.map(
                DType::F64,
                |v| if v != 0.0 { 0.0 } else { f64::NEG_INFINITY },
            )?
        } else {
            m.cast(DType::F64)?
        };
        st = st.broadcast_add(&add.t)?;
    }
    let s = T {
        t: st,
        dt: DType::F64,
    };
    let last = s.rank() - 1;
    let p = along_dim(&s, last, DType::F64, |row, o| softmax_row(row, o, false))?;
    matmul(&p.cast(mm_dtype(dt))?, v)?.cast(dt)
}

fn cosine_similarity(node: &Node, a: &Args) -> Res<T> {
    let x1 = a.tensor(0, "x1")?;
    let x2 = a.tensor(1, "x2")?;
    let eps = a.f64_or(3, "eps", 1e-8)?;
    let (p, q) = super::pointwise::broadcast_pair(&x1.t, &x2.t)?;
    let rank = p.rank();
    let d = wrap_dim(a.int_or(2, "dim", 1)?, rank)?;
    let p = T { t: p, dt: x1.dt };
    let q = T { t: q, dt: x2.dt };
    let rp = rows(&p, &[d])?;
    let rq = rows(&q, &[d])?;
    let mut out = Vec::new();
    for (u, v) in rp.rows().zip(rq.rows()) {
        let nu = u.iter().map(|x| x * x).sum::<f64>().sqrt().max(eps);
        let nv = v.iter().map(|x| x * x).sum::<f64>().sqrt().max(eps);
        out.push(u.iter().zip(v).map(|(x, y)| (x / nu) * (y / nv)).sum());
    }
    T::from_f64(out, &rp.drop_shape, out_dtype(node).unwrap_or(x1.dt))
}

/// `cdist(x1, x2, p)`: the p-norm distance between each row of `x1` and
/// each row of `x2`, batch dims broadcast (`[*, r1, m]`, `[*, r2, m]` ->
/// `[*, r1, r2]`).
fn cdist(node: &Node, a: &Args) -> Res<T> {
    let x1 = a.tensor(0, "x1")?;
    let x2 = a.tensor(1, "x2")?;
    let p = a.f64_or(2, "p", 2.0)?;
    let (r1, r2) = (x1.rank(), x2.rank());
    if r1 < 2 || r2 < 2 || x1.dims()[r1 - 1] != x2.dims()[r2 - 1] {
        return Err(Error::runtime(
            "cdist: X1 and X2 must have the same number of columns",
        ));
    }
    let (n1, n2, m) = (x1.dims()[r1 - 2], x2.dims()[r2 - 2], x1.dims()[r1 - 1]);
    let batch = candle_core::Shape::from(&x1.dims()[..r1 - 2])
        .broadcast_shape_binary_op(&candle_core::Shape::from(&x2.dims()[..r2 - 2]), "cdist")?;
    let full = |x: &T, n: usize| -> Res<Vec<f64>> {
        let mut dims = batch.dims().to_vec();
        dims.extend([n, m]);
        T {
            t: x.t.broadcast_as(dims)?.contiguous()?,
            dt: x.dt,
        }
        .to_f64()
    };
    let (u, v) = (full(x1, n1)?, full(x2, n2)?);
    let count: usize = batch.dims().iter().product();
    let mut out = Vec::with_capacity(count * n1 * n2);
    for b in 0..count {
        for i in 0..n1 {
            let row = &u[(b * n1 + i) * m..(b * n1 + i + 1) * m];
            for j in 0..n2 {
                let other = &v[(b * n2 + j) * m..(b * n2 + j + 1) * m];
                let diffs = row.iter().zip(other).map(|(x, y)| (x - y).abs());
                out.push(if p.is_infinite() {
                    diffs.fold(0.0, f64::max)
                } else if p == 0.0 {
                    diffs.filter(|d| *d != 0.0).count() as f64
                } else {
                    diffs.map(|d| d.powf(p)).sum::<f64>().powf(1.0 / p)
                });
            }
        }
    }
    let mut dims = batch.dims().to_vec();
    dims.extend([n1, n2]);
    T::from_f64(out, &dims, out_dtype(node).unwrap_or(x1.dt))
}

/// `pairwise_distance(x1, x2, p, eps, keepdim)`: the p-norm of
/// `x1 - x2 + eps` over the last dimension.
fn pairwise_distance(node: &Node, a: &Args) -> Res<T> {
    let x1 = a.tensor(0, "x1")?;
    let x2 = a.tensor(1, "x2")?;
    let p = a.f64_or(2, "p", 2.0)?;
    let eps = a.f64_or(3, "eps", 1e-6)?;
    let keepdim = a.bool_or(4, "keepdim", false);
    let (u, v) = super::pointwise::broadcast_pair(&x1.t, &x2.t)?;
    let d = T { t: u, dt: x1.dt };
    let e = T { t: v, dt: x2.dt };
    let last = d.rank().saturating_sub(1);
    let rd = rows(&d, &[last])?;
    let re = rows(&e, &[last])?;
    let norm = |diff: Vec<f64>| -> f64 {
        if p.is_infinite() {
            diff.iter().fold(0.0, |m: f64, x| m.max(x.abs()))
        } else if p == 0.0 {
            diff.iter().filter(|x| **x != 0.0).count() as f64
        } else {
            diff.iter()
                .map(|x| x.abs().powf(p))
                .sum::<f64>()
                .powf(1.0 / p)
        }
    };
    let out: Vec<f64> = rd
        .rows()
        .zip(re.rows())
        .map(|(x, y)| norm(x.iter().zip(y).map(|(a, b)| a - b + eps).collect()))
        .collect();
    let mut shape = rd.drop_shape.clone();
    if keepdim {
        shape.push(1);
    }
    T::from_f64(out, &shape, out_dtype(node).unwrap_or(x1.dt))
}

/// One matrix-vector product in f64: `w` is [out, in] row-major.
fn matvec(w: &[f64], x: &[f64], out: usize) -> Vec<f64> {
    let inn = x.len();
    (0..out)
        .map(|r| {
            w[r * inn..(r + 1) * inn]
                .iter()
                .zip(x)
                .map(|(a, b)| a * b)
                .sum()
        })
        .collect()
}

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

/// `w x + b` for a row-major `w` of `b.len()` rows.
fn affine(w: &[f64], x: &[f64], b: &[f64]) -> Vec<f64> {
    let mut y = matvec(w, x, b.len());
    y.iter_mut().zip(b).for_each(|(v, c)| *v += c);
    y
}

/// One LSTM step from the gate pre-activations `gi = W_ih x + b_ih` and
/// `gh = W_hh h + b_hh` (gates i, f, g, o): updates `h` and `c`.
fn lstm_step(gi: &[f64], gh: &[f64], h: &mut [f64], c: &mut [f64]) {
    let hs = h.len();
    for j in 0..hs {
        let z = |g: usize| gi[g * hs + j] + gh[g * hs + j];
        let i_ = sigmoid(z(0));
        let f_ = sigmoid(z(1));
        let g_ = z(2).tanh();
        let o_ = sigmoid(z(3));
        c[j] = f_ * c[j] + i_ * g_;
        h[j] = o_ * c[j].tanh();
    }
}

/// One GRU step (gates r, z, n): the reset gate scales the hidden part of n.
fn gru_step(gi: &[f64], gh: &[f64], h: &mut [f64]) {
    let hs = h.len();
    for j in 0..hs {
        let r = sigmoid(gi[j] + gh[j]);
        let z = sigmoid(gi[hs + j] + gh[hs + j]);
        let n = (gi[2 * hs + j] + r * gh[2 * hs + j]).tanh();
        h[j] = (1.0 - z) * n + z * h[j];
    }
}

/// `rnn_tanh_cell` / `rnn_relu_cell` / `gru_cell` / `lstm_cell`: (input
/// [B, I], hx ([B, H], or the [h, c] list), w_ih, w_hh, b_ih?, b_hh?). The
/// LSTM cell returns the new (h, c).
/// The recurrence of one cell.
#[derive(Clone, Copy, PartialEq)]
enum Cell {
    Tanh,
    Relu,
    Gru,
    Lstm,
}

fn rnn_cell(a: &Args, op: &str, cell: Cell) -> Res<RVal> {
    let x = a.tensor(0, "input")?;
    let states: Vec<&T> = match a.get(1, "hx") {
        Some(RVal::Tensor(t)) => vec![t],
        Some(RVal::List(v)) => v.iter().filter_map(RVal::as_tensor).collect(),
        _ => vec![],
    };
    let gates = match cell {
        Cell::Lstm => 4,
        Cell::Gru => 3,
        Cell::Tanh | Cell::Relu => 1,
    };
    let (Some(h0), 2) = (states.first(), x.rank()) else {
        return Err(Error::runtime(format!(
            "{op}: expected a 2-d input and state"
        )));
    };
    if states.len() != if gates == 4 { 2 } else { 1 } || h0.rank() != 2 {
        return Err(Error::runtime(format!("{op}: malformed hidden state")));
    }
    let (bsz, feat) = (x.dims()[0], x.dims()[1]);
    let hs = h0.dims()[1];
    let w_ih = a.tensor(2, "w_ih")?.to_f64()?;
    let w_hh = a.tensor(3, "w_hh")?.to_f64()?;
    let bias = |i: usize, name: &str| -> Res<Vec<f64>> {
        match a.opt_tensor(i, name) {
            Some(b) => b.to_f64(),
            None => Ok(vec![0.0; gates * hs]),
        }
    };
    let (b_ih, b_hh) = (bias(4, "b_ih")?, bias(5, "b_hh")?);
    if w_ih.len() != gates * hs * feat
        || w_hh.len() != gates * hs * hs
        || b_ih.len() != gates * hs
        || b_hh.len() != gates * hs
        || h0.dims()[0] != bsz
    {
        return Err(Error::runtime(format!(
            "{op}: parameter shapes do not match the input"
        )));
    }
    let xs = x.to_f64()?;
    let h_all = h0.to_f64()?;
    let c_all = match states.get(1) {
        Some(c) => c.to_f64()?,
        None => vec![0.0; h_all.len()],
    };
    let (mut h_out, mut c_out) = (Vec::with_capacity(h_all.len()), Vec::new());
    for b in 0..bsz {
        let mut h = h_all[b * hs..(b + 1) * hs].to_vec();
        let mut c = c_all[b * hs..(b + 1) * hs].to_vec();
        let gi = affine(&w_ih, &xs[b * feat..(b + 1) * feat], &b_ih);
        let gh = affine(&w_hh, &h, &b_hh);
        match cell {
            Cell::Lstm => lstm_step(&gi, &gh, &mut h, &mut c),
            Cell::Gru => gru_step(&gi, &gh, &mut h),
            Cell::Relu => {
                h = gi.iter().zip(&gh).map(|(p, q)| (p + q).max(0.0)).collect();
            }
            Cell::Tanh => h = gi.iter().zip(&gh).map(|(p, q)| (p + q).tanh()).collect(),
        }
        h_out.extend(h);
        c_out.extend(c);
    }
    let h = RVal::Tensor(T::from_f64(h_out, &[bsz, hs], x.dt)?);
    if gates == 4 {
        let c = RVal::Tensor(T::from_f64(c_out, &[bsz, hs], x.dt)?);
        return Ok(RVal::List(vec![h, c]));
    }
    Ok(h)
}

/// `lstm.input` / `gru.input`: (input, hx list, flat params). The tracer
/// records neither `num_layers`, `bidirectional`, `batch_first` nor
/// `has_biases`; they are inferred from the state and output shapes.
fn rnn(ctx: &Ctx, node: &Node, a: &Args, lstm: bool) -> Res<RVal> {
    let x = a.tensor(0, "input")?;
    let hx: Vec<T> = match a.get(1, "hx") {
        Some(RVal::List(v)) => v.iter().filter_map(|t| t.as_tensor().cloned()).collect(),
        _ => vec![],
    };
    let params: Vec<T> = match a.get(2, "params") {
        Some(RVal::List(v)) => v.iter().filter_map(|t| t.as_tensor().cloned()).collect(),
        _ => vec![],
    };
    let h0 = hx
        .first()
        .ok_or_else(|| Error::runtime("rnn without an initial state"))?;
    if x.rank() != 3 || h0.rank() != 3 {
        return Err(Error::unsupported("unbatched RNN input"));
    }
    let ld = h0.dims()[0];
    let bsz = h0.dims()[1];
    let hs = h0.dims()[2];
    let out_last = match &node.val {
        tracer::graph::MetaVal::Tuple(items) => match items.first() {
            Some(tracer::graph::MetaVal::Tensor { shape, .. }) => {
                shape.last().and_then(|d| ctx.sym(d)).unwrap_or(hs as i64) as usize
            }
            _ => hs,
        },
        _ => hs,
    };
    let dirs = (out_last / hs.max(1)).max(1);
    let layers = ld / dirs;
    let per = params.len() / (layers * dirs).max(1);
    let has_bias = per == 4;
    let batch_first = x.dims()[0] == bsz && x.dims()[1] != bsz;
    let xs = if batch_first {
        x.t.transpose(0, 1)?.contiguous()?
    } else {
        x.t.contiguous()?
    };
    let (tlen, _, _) = xs.dims3()?;
    let gates = if lstm { 4 } else { 3 };
    let mut layer_in: Vec<Vec<f64>> = Vec::new(); // [t][b * feat]
    let feat0 = xs.dims()[2];
    let xd = T { t: xs, dt: x.dt }.to_f64()?;
    for t in 0..tlen {
        layer_in.push(xd[t * bsz * feat0..(t + 1) * bsz * feat0].to_vec());
    }
    let h_init = h0.to_f64()?;
    let c_init = match hx.get(1) {
        Some(c) => c.to_f64()?,
        None => vec![0.0; h_init.len()],
    };
    let mut h_n = vec![0.0; ld * bsz * hs];
    let mut c_n = vec![0.0; ld * bsz * hs];
    let mut feat = feat0;
    for l in 0..layers {
        let mut outs: Vec<Vec<f64>> = vec![vec![0.0; bsz * hs * dirs]; tlen];
        for d in 0..dirs {
            let base = (l * dirs + d) * per;
            let p = |i: usize| -> Res<Vec<f64>> {
                params
                    .get(base + i)
                    .ok_or_else(|| Error::runtime("rnn: missing parameters"))?
                    .to_f64()
            };
            let w_ih = p(0)?;
            let w_hh = p(1)?;
            let (b_ih, b_hh) = if has_bias {
                (p(2)?, p(3)?)
            } else {
                (vec![0.0; gates * hs], vec![0.0; gates * hs])
            };
            if w_ih.len() != gates * hs * feat || w_hh.len() != gates * hs * hs {
                return Err(Error::runtime(
                    "rnn: parameter shapes do not match the input",
                ));
            }
            let sidx = l * dirs + d;
            for b in 0..bsz {
                let mut h: Vec<f64> =
                    h_init[(sidx * bsz + b) * hs..(sidx * bsz + b + 1) * hs].to_vec();
                let mut c: Vec<f64> =
                    c_init[(sidx * bsz + b) * hs..(sidx * bsz + b + 1) * hs].to_vec();
                let steps: Vec<usize> = if d == 0 {
                    (0..tlen).collect()
                } else {
                    (0..tlen).rev().collect()
                };
                for t in steps {
                    let xt = &layer_in[t][b * feat..(b + 1) * feat];
                    let gi = affine(&w_ih, xt, &b_ih);
                    let gh = affine(&w_hh, &h, &b_hh);
                    if lstm {
                        lstm_step(&gi, &gh, &mut h, &mut c);
                    } else {
                        gru_step(&gi, &gh, &mut h);
                    }
                    let o = &mut outs[t][b * hs * dirs + d * hs..b * hs * dirs + (d + 1) * hs];
                    o.copy_from_slice(&h);
                }
                h_n[(sidx * bsz + b) * hs..(sidx * bsz + b + 1) * hs].copy_from_slice(&h);
                c_n[(sidx * bsz + b) * hs..(sidx * bsz + b + 1) * hs].copy_from_slice(&c);
            }
        }
        layer_in = outs;
        feat = hs * dirs;
    }
    let flat: Vec<f64> = layer_in.concat();
    let out = T::from_f64(flat, &[tlen, bsz, feat], x.dt)?;
    let out = if batch_first {
        T {
            t: out.t.transpose(0, 1)?.contiguous()?,
            dt: x.dt,
        }
    } else {
        out
    };
    let mut items = vec![
        RVal::Tensor(out),
        RVal::Tensor(T::from_f64(h_n, &[ld, bsz, hs], x.dt)?),
    ];
    if lstm {
        items.push(RVal::Tensor(T::from_f64(c_n, &[ld, bsz, hs], x.dt)?));
    }
    Ok(RVal::List(items))
}

/// The losses with a kernel.
#[derive(Clone, Copy, PartialEq)]
enum Loss {
    Mse,
    L1,
    CrossEntropy,
}

fn loss(kind: Loss, node: &Node, a: &Args) -> Res<T> {
    let x = a.tensor(0, "self")?;
    let y = a.tensor(1, "target")?;
    let dt = out_dtype(node).unwrap_or(x.dt);
    let (reduction, vals): (i64, Vec<f64>) = match kind {
        Loss::Mse | Loss::L1 => {
            let (p, q) = super::pointwise::broadcast_pair(&x.t, &y.t)?;
            let p = T { t: p, dt: x.dt }.to_f64()?;
            let q = T { t: q, dt: y.dt }.to_f64()?;
            let v = p
                .iter()
                .zip(&q)
                .map(|(u, w)| {
                    if kind == Loss::Mse {
                        (u - w) * (u - w)
                    } else {
                        (u - w).abs()
                    }
                })
                .collect();
            (a.int_or(2, "reduction", 1)?, v)
        }
        Loss::CrossEntropy => {
            // cross_entropy_loss(input [N, C], target [N] class indices)
            if y.dt.is_floating() || x.rank() != 2 {
                return Err(Error::unsupported(
                    "cross_entropy with probabilities or rank != 2",
                ));
            }
            let r = rows(x, &[1])?;
            let t = y.to_f64()?;
            let mut v = Vec::new();
            for (row, c) in r.rows().zip(t) {
                let mut o = Vec::new();
                softmax_row(row, &mut o, true);
                let c = c as usize;
                v.push(
                    -o.get(c)
                        .copied()
                        .ok_or_else(|| Error::runtime("target out of range"))?,
                );
            }
            (a.int_or(3, "reduction", 1)?, v)
        }
    };
    match reduction {
        0 => T::from_f64(vals, &out_dims(x, y)?, dt),
        2 => T::scalar(vals.iter().sum(), dt),
        _ => T::scalar(vals.iter().sum::<f64>() / vals.len().max(1) as f64, dt),
    }
}

fn out_dims(x: &T, y: &T) -> Res<Vec<usize>> {
    Ok(x.t
        .shape()
        .broadcast_shape_binary_op(y.t.shape(), "loss")?
        .dims()
        .to_vec())
}

/// The linear-algebra and neural-network kernels, by op packet (every
/// overload).
pub(crate) const KERNELS: &[(&str, KernelFn)] = &[
    ("aten.linear", |_, k| {
        let a = k.args;
        let bias = a.opt_tensor(2, "bias");
        Ok(RVal::Tensor(linear(
            a.tensor(0, "input")?,
            a.tensor(1, "weight")?,
            bias,
        )?))
    }),
    ("aten.matmul", |_, k| matmul_kernel(k)),
    ("aten.mm", |_, k| matmul_kernel(k)),
    ("aten.bmm", |_, k| matmul_kernel(k)),
    ("aten.addmm", |_, k| addmm(k)),
    ("aten.baddbmm", |_, k| addmm(k)),
    ("aten.outer", |_, k| outer(k)),
    ("aten.einsum", |_, k| tensor(einsum(k.node, k.args))),
    ("aten.conv1d", |c, k| {
        tensor(conv(c, k.node, k.args, 1, false))
    }),
    ("aten.conv2d", |c, k| {
        tensor(conv(c, k.node, k.args, 2, false))
    }),
    ("aten.conv_transpose1d", |c, k| {
        tensor(conv(c, k.node, k.args, 1, true))
    }),
    ("aten.conv_transpose2d", |c, k| {
        tensor(conv(c, k.node, k.args, 2, true))
    }),
    ("aten.max_pool1d", |_, k| tensor(pool(k.args, 1, true))),
    ("aten.max_pool2d", |_, k| tensor(pool(k.args, 2, true))),
    ("aten.avg_pool1d", |_, k| tensor(pool(k.args, 1, false))),
    ("aten.avg_pool2d", |_, k| tensor(pool(k.args, 2, false))),
    ("aten.adaptive_avg_pool1d", |_, k| {
        adaptive_pool(k.args, 1, false)
    }),
    ("aten.adaptive_avg_pool2d", |_, k| {
        adaptive_pool(k.args, 2, false)
    }),
    ("aten.adaptive_max_pool1d", |_, k| {
        adaptive_pool(k.args, 1, true)
    }),
    ("aten.adaptive_max_pool2d", |_, k| {
        adaptive_pool(k.args, 2, true)
    }),
    ("aten.batch_norm", |_, k| tensor(batch_norm(k.node, k.args))),
    ("aten.layer_norm", |_, k| tensor(layer_norm(k.node, k.args))),
    ("aten.rms_norm", |_, k| tensor(rms_norm(k.node, k.args))),
    ("aten.group_norm", |_, k| tensor(group_norm(k.node, k.args))),
    ("aten.instance_norm", |_, k| {
        tensor(instance_norm(k.node, k.args))
    }),
    ("aten.embedding", |_, k| tensor(embedding(k.args))),
    ("aten.embedding_bag", |_, k| embedding_bag(k.args)),
    ("aten.softmax", |_, k| softmax(k, false)),
    ("aten.log_softmax", |_, k| softmax(k, true)),
    ("aten.scaled_dot_product_attention", |_, k| {
        tensor(sdpa(k.node, k.args))
    }),
    ("aten.cosine_similarity", |_, k| {
        tensor(cosine_similarity(k.node, k.args))
    }),
    ("aten.cdist", |_, k| tensor(cdist(k.node, k.args))),
    ("aten.pairwise_distance", |_, k| {
        tensor(pairwise_distance(k.node, k.args))
    }),
    ("aten.lstm", |c, k| rnn(c, k.node, k.args, true)),
    ("aten.gru", |c, k| rnn(c, k.node, k.args, false)),
    ("aten.rnn_tanh_cell", |_, k| {
        rnn_cell(k.args, k.op, Cell::Tanh)
    }),
    ("aten.rnn_relu_cell", |_, k| {
        rnn_cell(k.args, k.op, Cell::Relu)
    }),
    ("aten.gru_cell", |_, k| rnn_cell(k.args, k.op, Cell::Gru)),
    ("aten.lstm_cell", |_, k| rnn_cell(k.args, k.op, Cell::Lstm)),
    ("aten.mse_loss", |_, k| {
        tensor(loss(Loss::Mse, k.node, k.args))
    }),
    ("aten.l1_loss", |_, k| {
        tensor(loss(Loss::L1, k.node, k.args))
    }),
    ("aten.cross_entropy_loss", |_, k| {
        tensor(loss(Loss::CrossEntropy, k.node, k.args))
    }),
];

fn tensor(t: Res<T>) -> Res<RVal> {
    t.map(RVal::Tensor)
}

fn matmul_kernel(k: &Call) -> Res<RVal> {
    Ok(RVal::Tensor(matmul(
        k.args.tensor(0, "self")?,
        k.args.tensor(1, "other")?,
    )?))
}

/// `addmm` / `baddbmm`: beta * self + alpha * (mat1 @ mat2).
fn addmm(k: &Call) -> Res<RVal> {
    let a = k.args;
    let bias = a.tensor(0, "self")?;
    let p = matmul(a.tensor(1, "mat1")?, a.tensor(2, "mat2")?)?;
    let beta = a.f64_or(3, "beta", 1.0)?;
    let alpha = a.f64_or(4, "alpha", 1.0)?;
    let b = bias.cast(p.dt)?;
    let t = ((p.t * alpha)?.broadcast_add(&(b.t * beta)?))?;
    Ok(wrap(t, p.dt))
}

fn outer(k: &Call) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let y = k.args.tensor(1, "vec2")?;
    let dt = out_dtype(k.node).unwrap_or(x.dt);
    let p = x.cast(dt)?.t.reshape((x.numel(), 1))?;
    let q = y.cast(dt)?.t.reshape((1, y.numel()))?;
    Ok(wrap(p.broadcast_mul(&q)?, dt))
}

fn softmax(k: &Call, log: bool) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    let d = wrap_dim(k.args.int_or(1, "dim", -1)?, x.rank())?;
    let dt = out_dtype(k.node).unwrap_or(x.dt);
    Ok(RVal::Tensor(along_dim(x, d, dt, |row, o| {
        softmax_row(row, o, log)
    })?))
}

/// `einsum(equation, operands)` for explicit-output equations without
/// ellipses: a sum over products, by contracting pairwise with matmul.
fn einsum(node: &Node, a: &Args) -> Res<T> {
    let eq = match a.get(0, "equation") {
        Some(RVal::Str(s)) => s.replace(' ', ""),
        _ => return Err(Error::runtime("einsum: missing equation")),
    };
    let ops: Vec<T> = match a.get(1, "tensors") {
        Some(RVal::List(v)) => v.iter().filter_map(|t| t.as_tensor().cloned()).collect(),
        _ => vec![],
    };
    if eq.contains("...") {
        return Err(Error::unsupported("einsum with '...'"));
    }
    let (lhs, rhs) = match eq.split_once("->") {
        Some((l, r)) => (l.to_string(), r.to_string()),
        None => {
            let l = eq.clone();
            let mut counts = std::collections::BTreeMap::new();
            for c in l.chars().filter(|c| c.is_alphabetic()) {
                *counts.entry(c).or_insert(0) += 1;
            }
            let r: String = counts
                .into_iter()
                .filter(|(_, n)| *n == 1)
                .map(|(c, _)| c)
                .collect();
            (l, r)
        }
    };
    let specs: Vec<Vec<char>> = lhs.split(',').map(|s| s.chars().collect()).collect();
    if specs.len() != ops.len() {
        return Err(Error::runtime(
            "einsum: operand count does not match the equation",
        ));
    }
    let out: Vec<char> = rhs.chars().collect();
    let dt = out_dtype(node).unwrap_or(DType::F32);
    // Sizes of every label.
    let mut size = std::collections::HashMap::new();
    for (s, t) in specs.iter().zip(&ops) {
        if s.len() != t.rank() {
            return Err(Error::runtime(
                "einsum: subscripts do not match operand rank",
            ));
        }
        for (c, d) in s.iter().zip(t.dims()) {
            if let Some(prev) = size.insert(*c, *d)
                && prev != *d
                && prev != 1
                && *d != 1
            {
                return Err(Error::runtime(format!(
                    "einsum: label {c} has sizes {prev} and {d}"
                )));
            }
        }
    }
    // Generic evaluation: broadcast every operand to all labels, multiply,
    // sum the contracted ones. Labels order: output then contracted.
    let mut all: Vec<char> = out.clone();
    for s in &specs {
        for c in s {
            if !all.contains(c) {
                all.push(*c);
            }
        }
    }
    let full: Vec<usize> = all.iter().map(|c| size[c]).collect();
    let total: u128 = full.iter().map(|d| *d as u128).product();
    if total > 1 << 28 {
        return Err(Error::unsupported(
            "einsum too large for the generic kernel",
        ));
    }
    let cd = mm_dtype(dt);
    let mut acc: Option<Tensor> = None;
    for (s, t) in specs.iter().zip(&ops) {
        // Diagonals (repeated labels in one operand) are not supported.
        let mut seen = Vec::new();
        for c in s {
            if seen.contains(c) {
                return Err(Error::unsupported(
                    "einsum with a repeated label in one operand",
                ));
            }
            seen.push(*c);
        }
        let perm_src: Vec<usize> = all
            .iter()
            .filter_map(|c| s.iter().position(|x| x == c))
            .collect();
        let pt = t.cast(cd)?.t.permute(perm_src)?;
        let shape: Vec<usize> = all
            .iter()
            .map(|c| if s.contains(c) { size[c] } else { 1 })
            .collect();
        let pt = pt
            .contiguous()?
            .reshape(shape)?
            .broadcast_as(full.clone())?;
        acc = Some(match acc {
            None => pt,
            Some(a_) => a_.mul(&pt)?,
        });
    }
    let mut r = acc.ok_or_else(|| Error::runtime("einsum without operands"))?;
    let n_out = out.len();
    if all.len() > n_out {
        let dims: Vec<usize> = (n_out..all.len()).collect();
        // Sum in f64 for accuracy.
        r = r.to_dtype(CDType::F64)?.sum(dims)?;
    }
    let _ = ErrorKind::Internal;
    let res = T::new(
        r.clone(),
        if r.dtype() == CDType::F64 {
            DType::F64
        } else {
            cd
        },
    )?;
    res.cast(dt)
}

/// Output shape helper for kernels that trust the trace.
pub fn traced_shape(ctx: &Ctx, node: &Node) -> Option<Vec<usize>> {
    out_shape(ctx, node)
}
