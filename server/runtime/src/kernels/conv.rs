//! 2-d convolution as im2col + one matrix product per group (candle's
//! gemm), with padding, strides and dilations per dim. Conv1d runs as a
//! 2-d convolution of height 1.
//!
//! candle's own direct convolution is several times slower than eager
//! PyTorch on the small-channel, large-image layers models start with; the
//! unfolded matrix is `C_in/groups * kh * kw` rows by `H_out * W_out`
//! columns per image, so the product is `[C_out, K] @ [K, L]` and lands in
//! NCHW order without a transpose.

use candle_core::{DType as CDType, Tensor, WithDType};

use crate::error::{Error, Res};
use crate::value::with_slice;

/// Geometry of one convolution over NCHW input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conv2dGeometry {
    /// `(before, after)` zero padding of height and width.
    pub pad: [(usize, usize); 2],
    pub stride: [usize; 2],
    pub dilation: [usize; 2],
    pub groups: usize,
}

fn out_len(n: usize, pad: (usize, usize), k: usize, stride: usize, dil: usize) -> Option<usize> {
    let span = n + pad.0 + pad.1;
    let eff = dil * (k - 1) + 1;
    (span >= eff && stride > 0).then(|| (span - eff) / stride + 1)
}

/// Unfold `x` (one image's channels `[c, h, w]`, row-major) into the
/// `[c * kh * kw, oh * ow]` matrix of its receptive fields.
#[allow(clippy::too_many_arguments)]
fn im2col<V: WithDType>(
    x: &[V],
    (c, h, w): (usize, usize, usize),
    (kh, kw): (usize, usize),
    (oh, ow): (usize, usize),
    g: &Conv2dGeometry,
    out: &mut Vec<V>,
) {
    let zero = V::zero();
    let (ph, pw) = (g.pad[0].0 as isize, g.pad[1].0 as isize);
    let (sh, sw) = (g.stride[0] as isize, g.stride[1] as isize);
    let (dh, dw) = (g.dilation[0] as isize, g.dilation[1] as isize);
    for ci in 0..c {
        let plane = &x[ci * h * w..(ci + 1) * h * w];
        for i in 0..kh as isize {
            for j in 0..kw as isize {
                for o in 0..oh as isize {
                    let ih = o * sh - ph + i * dh;
                    if ih < 0 || ih >= h as isize {
                        out.extend(std::iter::repeat_n(zero, ow));
                        continue;
                    }
                    let row = &plane[ih as usize * w..(ih as usize + 1) * w];
                    // Output columns p read iw = p*sw + off; those with iw
                    // inside the row form one run [lo, hi).
                    let off = j * dw - pw;
                    let lo = if off >= 0 {
                        0
                    } else {
                        ((-off + sw - 1) / sw).min(ow as isize)
                    };
                    let hi = if (w as isize) <= off {
                        lo
                    } else {
                        ((w as isize - off + sw - 1) / sw).clamp(lo, ow as isize)
                    };
                    out.extend(std::iter::repeat_n(zero, lo as usize));
                    if sw == 1 {
                        let a = (lo + off) as usize;
                        out.extend_from_slice(&row[a..a + (hi - lo) as usize]);
                    } else {
                        out.extend((lo..hi).map(|p| row[(p * sw + off) as usize]));
                    }
                    out.extend(std::iter::repeat_n(zero, (ow as isize - hi) as usize));
                }
            }
        }
    }
}

fn conv_typed<V: WithDType>(x: &Tensor, w: &Tensor, g: &Conv2dGeometry) -> Res<Tensor> {
    let (b, c, h, wd) = x.dims4()?;
    let (c_out, c_per_group, kh, kw) = w.dims4()?;
    let groups = g.groups.max(1);
    if c_per_group * groups != c || c_out % groups != 0 {
        return Err(Error::runtime(format!(
            "expected input with {} channels, got {c}",
            c_per_group * groups
        )));
    }
    let (Some(oh), Some(ow)) = (
        out_len(h, g.pad[0], kh, g.stride[0], g.dilation[0]),
        out_len(wd, g.pad[1], kw, g.stride[1], g.dilation[1]),
    ) else {
        return Err(Error::runtime(
            "convolution: the kernel is larger than the padded input",
        ));
    };
    let k = c_per_group * kh * kw;
    let l = oh * ow;
    let co_g = c_out / groups;
    let mut outs = Vec::with_capacity(b * groups);
    for bi in 0..b {
        for gi in 0..groups {
            let start = (bi * c + gi * c_per_group) * h * wd;
            let cols = with_slice(x, |xs: &[V]| {
                let mut cols: Vec<V> = Vec::with_capacity(k * l);
                im2col(
                    &xs[start..start + c_per_group * h * wd],
                    (c_per_group, h, wd),
                    (kh, kw),
                    (oh, ow),
                    g,
                    &mut cols,
                );
                cols
            })?;
            let m = Tensor::from_vec(cols, (k, l), x.device())?;
            let wg = w.narrow(0, gi * co_g, co_g)?.reshape((co_g, k))?;
            outs.push(wg.matmul(&m)?);
        }
    }
    // [b * groups] x [co_g, l] -> [b, c_out, oh, ow]
    let y = if outs.len() == 1 {
        outs.remove(0)
    } else {
        Tensor::cat(&outs, 0)?
    };
    Ok(y.reshape((b, c_out, oh, ow))?)
}

/// Convolve NCHW `x` with `[C_out, C_in/groups, kh, kw]` weights (no bias).
pub fn conv2d(x: &Tensor, w: &Tensor, g: &Conv2dGeometry) -> Res<Tensor> {
    match x.dtype() {
        CDType::F32 => conv_typed::<f32>(x, &w.to_dtype(CDType::F32)?, g),
        CDType::F64 => conv_typed::<f64>(x, &w.to_dtype(CDType::F64)?, g),
        other => {
            let y = conv_typed::<f32>(&x.to_dtype(CDType::F32)?, &w.to_dtype(CDType::F32)?, g)?;
            Ok(y.to_dtype(other)?)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::Device;

    fn geometry(pad: usize, stride: usize, dilation: usize, groups: usize) -> Conv2dGeometry {
        Conv2dGeometry {
            pad: [(pad, pad); 2],
            stride: [stride; 2],
            dilation: [dilation; 2],
            groups,
        }
    }

    fn ramp(shape: &[usize], scale: f64) -> Tensor {
        let n: usize = shape.iter().product();
        let v: Vec<f64> = (0..n).map(|i| ((i as f64) * scale).sin()).collect();
        Tensor::from_vec(v, shape, &Device::Cpu).unwrap()
    }

    fn max_diff(a: &Tensor, b: &Tensor) -> f64 {
        (a - b)
            .unwrap()
            .abs()
            .unwrap()
            .flatten_all()
            .unwrap()
            .max(0)
            .unwrap()
            .to_scalar::<f64>()
            .unwrap()
    }

    #[test]
    fn agrees_with_candles_direct_convolution() {
        for (pad, stride, dilation, groups) in [
            (1, 1, 1, 1),
            (0, 2, 1, 1),
            (2, 1, 2, 1),
            (1, 2, 1, 2),
            (1, 1, 1, 4),
        ] {
            let x = ramp(&[2, 4, 9, 7], 0.37);
            let w = ramp(&[8, 4 / groups, 3, 3], 0.11);
            let ours = conv2d(&x, &w, &geometry(pad, stride, dilation, groups)).unwrap();
            let theirs = x.conv2d(&w, pad, stride, dilation, groups).unwrap();
            assert_eq!(ours.dims(), theirs.dims());
            assert!(
                max_diff(&ours, &theirs) < 1e-12,
                "{pad} {stride} {dilation} {groups}"
            );
        }
    }

    #[test]
    fn asymmetric_padding_matches_padding_first() {
        let x = ramp(&[1, 2, 5, 6], 0.3);
        let w = ramp(&[3, 2, 2, 2], 0.7);
        let g = Conv2dGeometry {
            pad: [(0, 1), (1, 0)],
            stride: [1, 1],
            dilation: [1, 1],
            groups: 1,
        };
        let ours = conv2d(&x, &w, &g).unwrap();
        let padded = x
            .pad_with_zeros(2, 0, 1)
            .unwrap()
            .pad_with_zeros(3, 1, 0)
            .unwrap();
        let theirs = padded.conv2d(&w, 0, 1, 1, 1).unwrap();
        assert!(max_diff(&ours, &theirs) < 1e-12);
    }

    #[test]
    fn a_kernel_larger_than_the_input_is_an_error() {
        let x = ramp(&[1, 1, 2, 2], 0.1);
        let w = ramp(&[1, 1, 3, 3], 0.1);
        assert!(conv2d(&x, &w, &geometry(0, 1, 1, 1)).is_err());
    }
}
