//! Elementwise kernels: arithmetic with broadcasting and torch's type
//! promotion (the traced output dtype is the computation dtype),
//! comparisons and logical ops (computed in the promoted operand dtype),
//! unary math and activations, `where`, `masked_fill`, `clamp`, fills and
//! copies.

use candle_core::Tensor;
use tracer::dtype::{Category, DType, Operand, result_type};
use tracer::graph::Node;

use super::{Args, Call, KernelFn, as_tensor, out_dtype};
use crate::error::{Error, Res};
use crate::value::{RVal, T};

/// The promotion operand of a runtime value.
fn operand(v: &RVal) -> Option<Operand> {
    Some(match v {
        RVal::Tensor(t) if t.rank() == 0 => Operand::ZeroDim(t.dt),
        RVal::Tensor(t) => Operand::Tensor(t.dt),
        RVal::Bool(_) => Operand::Scalar(Category::Bool),
        RVal::Int(_) => Operand::Scalar(Category::Int),
        RVal::Float(_) => Operand::Scalar(Category::Float),
        _ => return None,
    })
}

/// torch.result_type of the given values.
pub fn promote(vals: &[&RVal]) -> DType {
    let ops: Vec<Operand> = vals.iter().filter_map(|v| operand(v)).collect();
    result_type(&ops)
}

/// Bring two tensors to their common broadcast shape.
pub fn broadcast_pair(a: &Tensor, b: &Tensor) -> Res<(Tensor, Tensor)> {
    let shape = a
        .shape()
        .broadcast_shape_binary_op(b.shape(), "broadcast")?;
    Ok((a.broadcast_as(&shape)?, b.broadcast_as(&shape)?))
}

/// Elementwise f64 function of two broadcast operands.
fn zip_map(a: &T, b: &T, out: DType, f: impl Fn(f64, f64) -> f64) -> Res<T> {
    let (x, y) = broadcast_pair(&a.t, &b.t)?;
    let dims = x.dims().to_vec();
    let xa = T { t: x, dt: a.dt }.to_f64()?;
    let yb = T { t: y, dt: b.dt }.to_f64()?;
    let v: Vec<f64> = xa.iter().zip(&yb).map(|(p, q)| f(*p, *q)).collect();
    T::from_f64(v, &dims, out)
}

/// The computation dtype of arithmetic: the traced output dtype, with bool
/// computed as int64.
fn arith_dtype(node: &Node, a: &Args) -> DType {
    let dt = out_dtype(node).unwrap_or_else(|| promote(&a.pos.iter().take(2).collect::<Vec<_>>()));
    if dt == DType::Bool { DType::I64 } else { dt }
}

/// The first operand and `other`, as given; `missing` names each in the
/// error when it is absent.
fn operand_pair<'a>(a: &'a Args, missing: [&str; 2]) -> Res<(&'a RVal, &'a RVal)> {
    let x = a.pos.first().ok_or_else(|| Error::runtime(missing[0]))?;
    let y = a
        .get(1, "other")
        .ok_or_else(|| Error::runtime(missing[1]))?;
    Ok((x, y))
}

fn binary_operands(a: &Args, dt: DType) -> Res<(T, T)> {
    let (x, y) = operand_pair(a, ["missing first operand", "missing second operand"])?;
    Ok((as_tensor(x, dt)?, as_tensor(y, dt)?))
}

fn alpha(a: &Args) -> Res<f64> {
    a.f64_or(2, "alpha", 1.0)
}

fn scale(t: &T, by: f64) -> Res<T> {
    if by == 1.0 {
        return Ok(t.clone());
    }
    let s = T::scalar(by, t.dt)?;
    Ok(T {
        t: t.t.broadcast_mul(&s.t)?,
        dt: t.dt,
    })
}

fn wrap(t: Tensor, dt: DType) -> RVal {
    RVal::Tensor(T { t, dt })
}

fn unary_input(node: &Node, a: &Args) -> Res<T> {
    let x = a.tensor(0, "self")?;
    let dt = out_dtype(node).unwrap_or(x.dt);
    x.cast(dt)
}

fn sigmoid(v: f64) -> f64 {
    if v >= 0.0 {
        1.0 / (1.0 + (-v).exp())
    } else {
        let e = v.exp();
        e / (1.0 + e)
    }
}

fn erf(x: f64) -> f64 {
    // Abramowitz-Stegun 7.1.26 is too coarse; use a series / continued
    // fraction with f64 accuracy.
    libm_erf(x)
}

/// erf with ~1e-15 accuracy (W. J. Cody's rational approximations).
#[allow(clippy::excessive_precision)]
fn libm_erf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    let ax = x.abs();
    let r = if ax < 0.5 {
        let t = x * x;
        let p = [
            3.209_377_589_138_469_4e3,
            3.774_852_376_853_020_2e2,
            1.138_641_541_510_501_6e2,
            3.161_123_743_870_565_6,
            1.857_777_061_846_031_5e-1,
        ];
        let q = [
            2.844_236_833_439_170_6e3,
            1.282_616_526_077_372_3e3,
            2.440_246_379_344_441_7e2,
            2.360_129_095_234_412_1e1,
            1.0,
        ];
        let num = p[0] + t * (p[1] + t * (p[2] + t * (p[3] + t * p[4])));
        let den = q[0] + t * (q[1] + t * (q[2] + t * (q[3] + t * q[4])));
        return x * num / den;
    } else if ax < 4.0 {
        let p = [
            1.230_339_354_797_997_2e3,
            2.051_078_377_826_071_6e3,
            1.712_047_612_634_070_7e3,
            8.819_522_212_417_691e2,
            2.986_351_381_974_001_3e2,
            6.611_919_063_714_163e1,
            8.883_149_794_388_376,
            5.641_884_969_886_701e-1,
            2.153_115_354_744_038_3e-8,
        ];
        let q = [
            1.230_339_354_803_749_4e3,
            3.439_367_674_143_721_6e3,
            4.362_619_090_143_247e3,
            3.290_799_235_733_459_7e3,
            1.621_389_574_566_690_3e3,
            5.371_811_018_620_099e2,
            1.176_939_508_913_125e2,
            1.574_492_611_070_983_5e1,
            1.0,
        ];
        let mut num = p[8];
        let mut den = q[8];
        for i in (0..8).rev() {
            num = num * ax + p[i];
            den = den * ax + q[i];
        }
        1.0 - (-ax * ax).exp() * num / den
    } else {
        let p = [
            -6.587_491_615_298_378e-4,
            -1.608_378_514_874_227_5e-2,
            -1.257_817_261_112_292_6e-1,
            -3.603_448_999_498_044_4e-1,
            -3.053_266_349_612_323_4e-1,
            -1.631_538_713_730_709_7e-2,
        ];
        let q = [
            2.335_204_976_268_691_8e-3,
            6.051_834_131_244_131_9e-2,
            5.279_051_029_514_284_1e-1,
            1.872_952_849_923_460_4,
            2.568_520_192_289_822,
            1.0,
        ];
        let z = 1.0 / (ax * ax);
        let mut num = p[5];
        let mut den = q[5];
        for i in (0..5).rev() {
            num = num * z + p[i];
            den = den * z + q[i];
        }
        let r = z * num / den;
        let v = (1.0 / std::f64::consts::PI.sqrt() + r) / ax;
        1.0 - (-ax * ax).exp() * v
    };
    if x < 0.0 { -r } else { r }
}

fn softplus(v: f64, beta: f64, threshold: f64) -> f64 {
    if v * beta > threshold {
        v
    } else {
        (v * beta).exp().ln_1p() / beta
    }
}

fn gelu(v: f64, tanh_approx: bool) -> f64 {
    if tanh_approx {
        let k = (2.0 / std::f64::consts::PI).sqrt();
        0.5 * v * (1.0 + (k * (v + 0.044715 * v * v * v)).tanh())
    } else {
        0.5 * v * (1.0 + erf(v / std::f64::consts::SQRT_2))
    }
}

fn relu(v: f64) -> f64 {
    if v > 0.0 || v.is_nan() { v } else { 0.0 }
}

fn log_sigmoid(v: f64) -> f64 {
    // -softplus(-v), stable.
    let m = (-v).max(0.0);
    -(m + ((-m).exp() + (-v - m).exp()).ln())
}

fn selu(v: f64) -> f64 {
    let alpha = 1.673_263_242_354_377_3;
    let scale = 1.050_700_987_355_480_5;
    scale * if v > 0.0 { v } else { alpha * v.exp_m1() }
}

/// 1 or -1; zeros (of either sign) and NaN are themselves.
fn sign(v: f64) -> f64 {
    if v == 0.0 || v.is_nan() {
        v
    } else {
        v.signum()
    }
}

fn flag(b: bool) -> f64 {
    b as u8 as f64
}

/// The elementwise kernels, by op packet (every overload) or by target.
pub(crate) const KERNELS: &[(&str, KernelFn)] = &[
    // ----- arithmetic ----------------------------------------------------------------
    ("aten.add", |_, k| arith(k, Arith::Add)),
    ("aten.sub", |_, k| arith(k, Arith::Sub)),
    ("aten.rsub", |_, k| arith(k, Arith::Rsub)),
    ("aten.mul", |_, k| arith(k, Arith::Mul)),
    ("aten.div", |_, k| arith(k, Arith::Div)),
    ("aten.maximum", |_, k| arith(k, Arith::Maximum)),
    ("aten.minimum", |_, k| arith(k, Arith::Minimum)),
    // `max.other` / `min.other` are the elementwise maximum / minimum.
    ("aten.max.other", |_, k| arith(k, Arith::Maximum)),
    ("aten.min.other", |_, k| arith(k, Arith::Minimum)),
    ("aten.pow", |_, k| pow(k)),
    ("aten.remainder", |_, k| {
        division(k, |p, q| {
            let r = p % q;
            if r != 0.0 && (r < 0.0) != (q < 0.0) {
                r + q
            } else {
                r
            }
        })
    }),
    ("aten.fmod", |_, k| division(k, |p, q| p % q)),
    ("aten.floor_divide", |_, k| {
        division(k, |p, q| (p / q).floor())
    }),
    ("aten.atan2", |_, k| {
        let dt = arith_dtype(k.node, k.args);
        let (x, y) = binary_operands(k.args, dt)?;
        Ok(RVal::Tensor(zip_map(&x, &y, dt, f64::atan2)?))
    }),
    ("aten.addcmul", |_, k| addc(k, |p, q| p * q)),
    ("aten.addcdiv", |_, k| addc(k, |p, q| p / q)),
    // ----- comparisons and logic -----------------------------------------------------
    ("aten.eq", |_, k| compare(k, |p, q| p == q)),
    ("aten.ne", |_, k| compare(k, |p, q| p != q)),
    ("aten.lt", |_, k| compare(k, |p, q| p < q)),
    ("aten.le", |_, k| compare(k, |p, q| p <= q)),
    ("aten.gt", |_, k| compare(k, |p, q| p > q)),
    ("aten.ge", |_, k| compare(k, |p, q| p >= q)),
    ("aten.logical_and", |_, k| logical(k, |p, q| p && q)),
    ("aten.logical_or", |_, k| logical(k, |p, q| p || q)),
    ("aten.logical_xor", |_, k| logical(k, |p, q| p != q)),
    // `a & b` records `aten.__and__`, the same computation.
    ("aten.bitwise_and", |_, k| bitwise(k, |p, q| p & q)),
    ("aten.bitwise_or", |_, k| bitwise(k, |p, q| p | q)),
    ("aten.bitwise_xor", |_, k| bitwise(k, |p, q| p ^ q)),
    ("aten.__and__", |_, k| bitwise(k, |p, q| p & q)),
    ("aten.__or__", |_, k| bitwise(k, |p, q| p | q)),
    ("aten.__xor__", |_, k| bitwise(k, |p, q| p ^ q)),
    ("aten.isnan", |_, k| predicate(k, f64::is_nan)),
    ("aten.isinf", |_, k| predicate(k, f64::is_infinite)),
    ("aten.isfinite", |_, k| predicate(k, f64::is_finite)),
    // ----- selection, clamping, fills --------------------------------------------------
    ("aten.where", |_, k| where_(k)),
    ("aten.lerp", |_, k| lerp(k)),
    ("aten.masked_fill", |_, k| masked_fill(k)),
    ("aten.clamp", |_, k| clamp(k, Bounds::Both)),
    ("aten.clip", |_, k| clamp(k, Bounds::Both)),
    ("aten.clamp_min", |_, k| clamp(k, Bounds::Min)),
    ("aten.clamp_max", |_, k| clamp(k, Bounds::Max)),
    ("aten.fill", |_, k| {
        let x = k.args.tensor(0, "self")?;
        let v = k.args.f64_or(1, "value", 0.0)?;
        Ok(RVal::Tensor(x.map(x.dt, |_| v)?))
    }),
    ("aten.zero", |_, k| {
        let x = k.args.tensor(0, "self")?;
        Ok(RVal::Tensor(x.map(x.dt, |_| 0.0)?))
    }),
    ("aten.copy", |_, k| {
        let dst = k.args.tensor(0, "self")?;
        let src = k.args.tensor(1, "src")?.cast(dst.dt)?;
        let t = src.t.broadcast_as(dst.dims())?.contiguous()?;
        Ok(wrap(t, dst.dt))
    }),
    // ----- activations with parameters ---------------------------------------------------
    ("aten.hardtanh", |_, k| {
        let x = unary_input(k.node, k.args)?;
        let lo = k.args.f64_or(1, "min_val", -1.0)?;
        let hi = k.args.f64_or(2, "max_val", 1.0)?;
        map(&x, |v| if v.is_nan() { v } else { v.clamp(lo, hi) })
    }),
    ("aten.leaky_relu", |_, k| {
        let x = unary_input(k.node, k.args)?;
        let s = k.args.f64_or(1, "negative_slope", 0.01)?;
        map(&x, |v| if v > 0.0 { v } else { v * s })
    }),
    ("aten.elu", |_, k| {
        let x = unary_input(k.node, k.args)?;
        let al = k.args.f64_or(1, "alpha", 1.0)?;
        let sc = k.args.f64_or(2, "scale", 1.0)?;
        let isc = k.args.f64_or(3, "input_scale", 1.0)?;
        map(&x, |v| {
            if v > 0.0 {
                sc * v
            } else {
                sc * al * (v * isc).exp_m1()
            }
        })
    }),
    ("aten.celu", |_, k| {
        let x = unary_input(k.node, k.args)?;
        let al = k.args.f64_or(1, "alpha", 1.0)?;
        map(&x, |v| if v > 0.0 { v } else { al * (v / al).exp_m1() })
    }),
    ("aten.hardshrink", |_, k| {
        let x = unary_input(k.node, k.args)?;
        let l = k.args.f64_or(1, "lambd", 0.5)?;
        map(&x, |v| if v > l || v < -l { v } else { 0.0 })
    }),
    ("aten.softshrink", |_, k| {
        let x = unary_input(k.node, k.args)?;
        let l = k.args.f64_or(1, "lambd", 0.5)?;
        map(&x, |v| {
            if v > l {
                v - l
            } else if v < -l {
                v + l
            } else {
                0.0
            }
        })
    }),
    ("aten.threshold", |_, k| {
        let x = unary_input(k.node, k.args)?;
        let th = k.args.f64_or(1, "threshold", 0.0)?;
        let value = k.args.f64_or(2, "value", 0.0)?;
        map(&x, |v| if v > th || v.is_nan() { v } else { value })
    }),
    ("aten.rrelu", |_, k| rrelu(k)),
    ("aten.prelu", |_, k| prelu(k)),
    ("aten.glu", |_, k| glu(k)),
    ("aten.softplus", |_, k| {
        let x = unary_input(k.node, k.args)?;
        let beta = k.args.f64_or(1, "beta", 1.0)?;
        let th = k.args.f64_or(2, "threshold", 20.0)?;
        map(&x, |v| softplus(v, beta, th))
    }),
    ("aten.gelu", |_, k| {
        let x = unary_input(k.node, k.args)?;
        let tanh = k.args.str_or(1, "approximate", "none") == "tanh";
        map(&x, |v| gelu(v, tanh))
    }),
    // ----- unary math, computed in f64 (candle's own kernels where they match torch) -----
    ("aten.neg", |_, k| unary_native(k, Tensor::neg, |v| -v)),
    ("aten.abs", |_, k| unary_native(k, Tensor::abs, f64::abs)),
    ("aten.sqrt", |_, k| unary_native(k, Tensor::sqrt, f64::sqrt)),
    ("aten.sin", |_, k| unary(k, f64::sin)),
    ("aten.sinc", |_, k| {
        unary(k, |v| {
            let pv = std::f64::consts::PI * v;
            if v == 0.0 { 1.0 } else { pv.sin() / pv }
        })
    }),
    ("aten.cos", |_, k| unary(k, f64::cos)),
    ("aten.tan", |_, k| unary(k, f64::tan)),
    ("aten.asin", |_, k| unary(k, f64::asin)),
    ("aten.acos", |_, k| unary(k, f64::acos)),
    ("aten.atan", |_, k| unary(k, f64::atan)),
    ("aten.sinh", |_, k| unary(k, f64::sinh)),
    ("aten.cosh", |_, k| unary(k, f64::cosh)),
    ("aten.tanh", |_, k| unary(k, f64::tanh)),
    ("aten.exp", |_, k| unary(k, f64::exp)),
    ("aten.exp2", |_, k| unary(k, f64::exp2)),
    ("aten.expm1", |_, k| unary(k, f64::exp_m1)),
    ("aten.log", |_, k| unary(k, f64::ln)),
    ("aten.log2", |_, k| unary(k, f64::log2)),
    ("aten.log10", |_, k| unary(k, f64::log10)),
    ("aten.log1p", |_, k| unary(k, f64::ln_1p)),
    ("aten.rsqrt", |_, k| unary(k, |v| 1.0 / v.sqrt())),
    ("aten.reciprocal", |_, k| unary(k, |v| 1.0 / v)),
    ("aten.square", |_, k| unary(k, |v| v * v)),
    ("aten.sigmoid", |_, k| unary(k, sigmoid)),
    ("aten.log_sigmoid", |_, k| unary(k, log_sigmoid)),
    ("aten.relu", |_, k| unary(k, relu)),
    ("aten.silu", |_, k| unary(k, |v| v * sigmoid(v))),
    ("aten.mish", |_, k| {
        unary(k, |v| v * softplus(v, 1.0, 20.0).tanh())
    }),
    ("aten.selu", |_, k| unary(k, selu)),
    ("aten.hardsigmoid", |_, k| {
        unary(k, |v| ((v + 3.0) / 6.0).clamp(0.0, 1.0))
    }),
    ("aten.hardswish", |_, k| {
        unary(k, |v| v * ((v + 3.0).clamp(0.0, 6.0)) / 6.0)
    }),
    ("aten.erf", |_, k| unary(k, erf)),
    ("aten.floor", |_, k| unary(k, f64::floor)),
    ("aten.ceil", |_, k| unary(k, f64::ceil)),
    ("aten.round", |_, k| unary(k, f64::round_ties_even)),
    ("aten.trunc", |_, k| unary(k, f64::trunc)),
    ("aten.sign", |_, k| unary(k, sign)),
    ("aten.bitwise_not", |_, k| unary(k, |v| flag(v == 0.0))),
    ("aten.logical_not", |_, k| unary(k, |v| flag(v == 0.0))),
];

/// An f64 function of the input, in the traced output dtype.
fn unary(k: &Call, f: impl Fn(f64) -> f64) -> Res<RVal> {
    map(&unary_input(k.node, k.args)?, f)
}

fn map(x: &T, f: impl Fn(f64) -> f64) -> Res<RVal> {
    Ok(RVal::Tensor(x.map(x.dt, f)?))
}

/// [`unary`], with candle's own kernel on floating inputs.
fn unary_native(
    k: &Call,
    native: fn(&Tensor) -> candle_core::Result<Tensor>,
    f: fn(f64) -> f64,
) -> Res<RVal> {
    let x = unary_input(k.node, k.args)?;
    if x.dt.is_floating() {
        return Ok(wrap(native(&x.t)?, x.dt));
    }
    Ok(RVal::Tensor(x.map(x.dt, f)?))
}

/// The arithmetic computed by candle's own broadcasting kernels.
#[derive(Clone, Copy, PartialEq)]
enum Arith {
    Add,
    Sub,
    Rsub,
    Mul,
    Div,
    Maximum,
    Minimum,
}

fn arith(k: &Call, op: Arith) -> Res<RVal> {
    let (node, a) = (k.node, k.args);
    let dt = arith_dtype(node, a);
    let rounding = a.str_or(2, "rounding_mode", "");
    let (x, y) = binary_operands(a, dt)?;
    if op == Arith::Div && !rounding.is_empty() {
        let floor = rounding == "floor";
        let out = zip_map(&x.cast(DType::F64)?, &y.cast(DType::F64)?, dt, |p, q| {
            let r = p / q;
            if floor { r.floor() } else { r.trunc() }
        })?;
        return Ok(RVal::Tensor(out));
    }
    let t = match op {
        Arith::Add => x.t.broadcast_add(&scale(&y, alpha(a)?)?.t)?,
        Arith::Sub => x.t.broadcast_sub(&scale(&y, alpha(a)?)?.t)?,
        Arith::Rsub => y.t.broadcast_sub(&scale(&x, alpha(a)?)?.t)?,
        Arith::Mul => x.t.broadcast_mul(&y.t)?,
        Arith::Div => {
            if !dt.is_floating() {
                return Err(Error::unsupported("integer true division"));
            }
            x.t.broadcast_div(&y.t)?
        }
        Arith::Maximum => zip_map(&x, &y, dt, nan_max)?.t,
        Arith::Minimum => zip_map(&x, &y, dt, nan_min)?.t,
    };
    // Bool operands compute as int64; torch's result stays bool
    // (`+` is or, `*` is and).
    if out_dtype(node) == Some(DType::Bool) {
        return Ok(RVal::Tensor(T { t, dt }.cast(DType::Bool)?));
    }
    Ok(wrap(t, dt))
}

fn pow(k: &Call) -> Res<RVal> {
    let a = k.args;
    let dt = arith_dtype(k.node, a);
    let (x, y) = binary_operands(a, dt)?;
    if k.overload == "Tensor_Scalar"
        && let Some(e) = a.get(1, "exponent").and_then(RVal::as_f64)
    {
        if e == 2.0 && dt.is_floating() {
            return Ok(wrap(x.t.sqr()?, dt));
        }
        return Ok(RVal::Tensor(x.map(dt, |v| v.powf(e))?));
    }
    Ok(RVal::Tensor(zip_map(&x, &y, dt, f64::powf)?))
}

/// `remainder`, `fmod`, `floor_divide`: integer operands refuse a zero
/// divisor as Python does.
fn division(k: &Call, f: impl Fn(f64, f64) -> f64) -> Res<RVal> {
    let dt = arith_dtype(k.node, k.args);
    let (x, y) = binary_operands(k.args, dt)?;
    if !dt.is_floating() && y.to_f64()?.contains(&0.0) {
        return Err(Error::runtime(
            "ZeroDivisionError: integer division by zero",
        ));
    }
    Ok(RVal::Tensor(zip_map(&x, &y, dt, f)?))
}

/// Comparisons, computed in the promoted operand dtype.
fn compare(k: &Call, f: impl Fn(f64, f64) -> bool) -> Res<RVal> {
    let (x, y) = operand_pair(k.args, ["missing operand"; 2])?;
    let dt = promote(&[x, y]);
    let (x, y) = (as_tensor(x, dt)?, as_tensor(y, dt)?);
    Ok(RVal::Tensor(zip_map(&x, &y, DType::Bool, |p, q| {
        flag(f(p, q))
    })?))
}

fn logical(k: &Call, f: impl Fn(bool, bool) -> bool) -> Res<RVal> {
    let a = k.args;
    let x = as_tensor(a.pos.first().unwrap_or(&RVal::None), DType::F64)?;
    let y = as_tensor(a.get(1, "other").unwrap_or(&RVal::None), DType::F64)?;
    Ok(RVal::Tensor(zip_map(&x, &y, DType::Bool, |p, q| {
        flag(f(p != 0.0, q != 0.0))
    })?))
}

fn bitwise(k: &Call, f: impl Fn(i64, i64) -> i64) -> Res<RVal> {
    let a = k.args;
    let dt = if out_dtype(k.node) == Some(DType::Bool) {
        DType::Bool
    } else {
        arith_dtype(k.node, a)
    };
    let x = as_tensor(a.pos.first().unwrap_or(&RVal::None), dt)?;
    let y = as_tensor(a.get(1, "other").unwrap_or(&RVal::None), dt)?;
    Ok(RVal::Tensor(zip_map(&x, &y, dt, |p, q| {
        f(p as i64, q as i64) as f64
    })?))
}

fn predicate(k: &Call, f: fn(f64) -> bool) -> Res<RVal> {
    let x = k.args.tensor(0, "self")?;
    Ok(RVal::Tensor(x.map(DType::Bool, |v| flag(f(v)))?))
}

/// `addcmul` / `addcdiv`: input + value * (tensor1 `f` tensor2).
fn addc(k: &Call, f: impl Fn(f64, f64) -> f64) -> Res<RVal> {
    let a = k.args;
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    let x = as_tensor(a.pos.first().unwrap_or(&RVal::None), dt)?;
    let t1 = as_tensor(a.get(1, "tensor1").unwrap_or(&RVal::None), dt)?;
    let t2 = as_tensor(a.get(2, "tensor2").unwrap_or(&RVal::None), dt)?;
    let value = a.f64_or(3, "value", 1.0)?;
    let combined = zip_map(&t1, &t2, DType::F64, |p, q| value * f(p, q))?;
    Ok(RVal::Tensor(zip_map(&x, &combined, dt, |p, q| p + q)?))
}

/// `lerp(input, end, weight)`: `input + weight * (end - input)`, computed
/// as torch's kernel does (from `end` backwards when `|weight| >= 0.5`).
fn lerp(k: &Call) -> Res<RVal> {
    let a = k.args;
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    let x = as_tensor(a.pos.first().unwrap_or(&RVal::None), dt)?;
    let end = as_tensor(a.get(1, "end").unwrap_or(&RVal::None), dt)?;
    let w = as_tensor(a.get(2, "weight").unwrap_or(&RVal::None), dt)?;
    let shape =
        x.t.shape()
            .broadcast_shape_binary_op(end.t.shape(), "lerp")?
            .broadcast_shape_binary_op(w.t.shape(), "lerp")?;
    let full = |t: &T| -> Res<Vec<f64>> {
        T {
            t: t.t.broadcast_as(&shape)?.contiguous()?,
            dt: t.dt,
        }
        .to_f64()
    };
    let (s, e, w) = (full(&x)?, full(&end)?, full(&w)?);
    let v: Vec<f64> = s
        .iter()
        .zip(&e)
        .zip(&w)
        .map(|((s, e), w)| {
            if w.abs() < 0.5 {
                s + w * (e - s)
            } else {
                e - (e - s) * (1.0 - w)
            }
        })
        .collect();
    Ok(RVal::Tensor(T::from_f64(v, shape.dims(), dt)?))
}

fn where_(k: &Call) -> Res<RVal> {
    let a = k.args;
    let c = a.tensor(0, "condition")?.cast(DType::Bool)?;
    let dt = out_dtype(k.node).unwrap_or(DType::F32);
    let x = as_tensor(a.get(1, "self").unwrap_or(&RVal::None), dt)?;
    let y = as_tensor(a.get(2, "other").unwrap_or(&RVal::None), dt)?;
    let shape =
        c.t.shape()
            .broadcast_shape_binary_op(x.t.shape(), "where")?
            .broadcast_shape_binary_op(y.t.shape(), "where")?;
    let t = c.t.broadcast_as(&shape)?.where_cond(
        &x.t.broadcast_as(&shape)?.contiguous()?,
        &y.t.broadcast_as(&shape)?.contiguous()?,
    )?;
    Ok(wrap(t, dt))
}

fn masked_fill(k: &Call) -> Res<RVal> {
    let a = k.args;
    let x = a.tensor(0, "self")?;
    let m = a.tensor(1, "mask")?.cast(DType::Bool)?;
    let v = a
        .get(2, "value")
        .ok_or_else(|| Error::runtime("missing fill value"))?;
    let fill = as_tensor(v, x.dt)?;
    let shape =
        x.t.shape()
            .broadcast_shape_binary_op(m.t.shape(), "masked_fill")?;
    let t = m.t.broadcast_as(&shape)?.where_cond(
        &fill.t.broadcast_as(&shape)?.contiguous()?,
        &x.t.broadcast_as(&shape)?.contiguous()?,
    )?;
    Ok(wrap(t, x.dt))
}

/// Which bounds a clamp takes from its arguments.
#[derive(Clone, Copy)]
enum Bounds {
    Both,
    Min,
    Max,
}

impl Bounds {
    fn of(self, a: &Args) -> (Option<&RVal>, Option<&RVal>) {
        match self {
            Bounds::Min => (a.opt(1, "min"), None),
            Bounds::Max => (None, a.opt(1, "max")),
            Bounds::Both => (a.opt(1, "min"), a.opt(2, "max")),
        }
    }
}

fn clamp(k: &Call, bounds: Bounds) -> Res<RVal> {
    let x = unary_input(k.node, k.args)?;
    let (lo, hi) = bounds.of(k.args);
    let mut out = x.clone();
    if let Some(l) = lo {
        let l = as_tensor(l, x.dt)?;
        out = zip_map(&out, &l, x.dt, |p, q| if p.is_nan() { p } else { p.max(q) })?;
    }
    if let Some(h) = hi {
        let h = as_tensor(h, x.dt)?;
        out = zip_map(&out, &h, x.dt, |p, q| if p.is_nan() { p } else { p.min(q) })?;
    }
    Ok(RVal::Tensor(out))
}

fn rrelu(k: &Call) -> Res<RVal> {
    let a = k.args;
    if a.bool_or(3, "training", false) {
        return Err(Error::runtime(
            "rrelu in training mode draws a random slope per element: not modelled by quick runs",
        ));
    }
    let x = unary_input(k.node, a)?;
    let lo = a.f64_or(1, "lower", 0.125)?;
    let hi = a.f64_or(2, "upper", 1.0 / 3.0)?;
    let slope = (lo + hi) / 2.0;
    map(&x, |v| if v >= 0.0 { v } else { v * slope })
}

fn prelu(k: &Call) -> Res<RVal> {
    let x = unary_input(k.node, k.args)?;
    let w = k.args.tensor(1, "weight")?.cast(x.dt)?;
    // One slope per channel (dim 1, or dim 0 of a 1-d input).
    let c = w.numel();
    let mut dims = vec![1; x.rank()];
    if c > 1 {
        let at = usize::from(x.rank() >= 2);
        if x.dims().get(at) != Some(&c) {
            return Err(Error::runtime(format!(
                "prelu: {c} slopes for an input of {} channels",
                x.dims().get(at).copied().unwrap_or(0)
            )));
        }
        dims[at] = c;
    }
    let w = T {
        t: w.t.reshape(dims)?,
        dt: w.dt,
    };
    Ok(RVal::Tensor(zip_map(&x, &w, x.dt, |v, s| {
        if v > 0.0 { v } else { s * v }
    })?))
}

fn glu(k: &Call) -> Res<RVal> {
    let x = unary_input(k.node, k.args)?;
    if x.rank() == 0 {
        return Err(Error::runtime(
            "glu does not support scalars because halving size must be even",
        ));
    }
    let d = super::wrap_dim(k.args.int_or(1, "dim", -1)?, x.rank())?;
    let half = x.dims()[d] / 2;
    let gate = |from: usize| -> Res<T> {
        Ok(T {
            t: x.t.narrow(d, from, half)?.contiguous()?,
            dt: x.dt,
        })
    };
    let (p, q) = (gate(0)?, gate(half)?);
    Ok(RVal::Tensor(zip_map(&p, &q, x.dt, |u, v| u * sigmoid(v))?))
}

fn nan_max(p: f64, q: f64) -> f64 {
    if p.is_nan() || q.is_nan() {
        f64::NAN
    } else {
        p.max(q)
    }
}

fn nan_min(p: f64, q: f64) -> f64 {
    if p.is_nan() || q.is_nan() {
        f64::NAN
    } else {
        p.min(q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erf_matches_known_values() {
        assert!((erf(0.5) - 0.520_499_877_813_046_5).abs() < 1e-14);
        assert!((erf(1.0) - 0.842_700_792_949_714_9).abs() < 1e-14);
        assert!((erf(-2.0) + 0.995_322_265_018_952_7).abs() < 1e-14);
        assert!((erf(5.0) - 0.999_999_999_998_462_5).abs() < 1e-14);
        assert_eq!(erf(0.0), 0.0);
    }

    #[test]
    fn gelu_exact_and_tanh() {
        assert!((gelu(1.0, false) - 0.841_344_746_068_542_9).abs() < 1e-12);
        assert!((gelu(1.0, true) - 0.841_191_990_607_477_2).abs() < 1e-12);
    }
}
