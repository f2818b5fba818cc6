//! Elementwise kernels: arithmetic with broadcasting and torch's type
//! promotion (the traced output dtype is the computation dtype),
//! comparisons and logical ops (computed in the promoted operand dtype),
//! unary math and activations, `where`, `masked_fill`, `clamp`, fills and
//! copies.

use candle_core::Tensor;
use tracer::dtype::{Category, DType, Operand, result_type};
use tracer::graph::Node;

use super::{Args, as_tensor, out_dtype};
use crate::error::{Error, Res};
use crate::exec::Ctx;
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

fn binary_operands(a: &Args, dt: DType) -> Res<(T, T)> {
    let x = a
        .pos
        .first()
        .ok_or_else(|| Error::runtime("missing first operand"))?;
    let y = a
        .get(1, "other")
        .ok_or_else(|| Error::runtime("missing second operand"))?;
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

/// The unary ops computed in f64 from a function.
fn unary_fn(name: &str) -> Option<fn(f64) -> f64> {
    Some(match name {
        "neg" => |v| -v,
        "abs" => f64::abs,
        "sin" => f64::sin,
        "cos" => f64::cos,
        "tan" => f64::tan,
        "asin" => f64::asin,
        "acos" => f64::acos,
        "atan" => f64::atan,
        "sinh" => f64::sinh,
        "cosh" => f64::cosh,
        "tanh" => f64::tanh,
        "exp" => f64::exp,
        "exp2" => f64::exp2,
        "expm1" => f64::exp_m1,
        "log" => f64::ln,
        "log2" => f64::log2,
        "log10" => f64::log10,
        "log1p" => f64::ln_1p,
        "sqrt" => f64::sqrt,
        "rsqrt" => |v| 1.0 / v.sqrt(),
        "reciprocal" => |v| 1.0 / v,
        "square" => |v| v * v,
        "sigmoid" => sigmoid,
        "log_sigmoid" => |v: f64| {
            // -softplus(-v), stable.
            let m = (-v).max(0.0);
            -(m + ((-m).exp() + (-v - m).exp()).ln())
        },
        "relu" => |v| if v > 0.0 || v.is_nan() { v } else { 0.0 },
        "silu" => |v| v * sigmoid(v),
        "mish" => |v: f64| v * softplus(v, 1.0, 20.0).tanh(),
        "selu" => |v: f64| {
            let alpha = 1.673_263_242_354_377_3;
            let scale = 1.050_700_987_355_480_5;
            scale * if v > 0.0 { v } else { alpha * v.exp_m1() }
        },
        "hardsigmoid" => |v: f64| ((v + 3.0) / 6.0).clamp(0.0, 1.0),
        "hardswish" => |v: f64| v * ((v + 3.0).clamp(0.0, 6.0)) / 6.0,
        "erf" => erf,
        "floor" => f64::floor,
        "ceil" => f64::ceil,
        "round" => f64::round_ties_even,
        "trunc" => f64::trunc,
        "sign" => |v: f64| {
            if v > 0.0 {
                1.0
            } else if v < 0.0 {
                -1.0
            } else {
                v
            }
        },
        "bitwise_not" | "logical_not" => |v| if v == 0.0 { 1.0 } else { 0.0 },
        _ => return None,
    })
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

pub fn call(_ctx: &mut Ctx, target: &str, node: &Node, a: &Args) -> Res<Option<RVal>> {
    let mut parts = target.split('.');
    let (ns, op, overload) = (
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
        parts.next().unwrap_or(""),
    );
    if ns != "aten" {
        return Ok(None);
    }
    // `max.other` / `min.other` are the elementwise maximum / minimum.
    let op = match (op, overload) {
        ("max", "other") => "maximum",
        ("min", "other") => "minimum",
        _ => op,
    };
    // Native candle kernels for the hot binary ops.
    match op {
        "add" | "sub" | "mul" | "div" | "rsub" | "maximum" | "minimum" => {
            let dt = arith_dtype(node, a);
            let rounding = a.str_or(2, "rounding_mode", "");
            let (x, y) = binary_operands(a, dt)?;
            if op == "div" && !rounding.is_empty() {
                let floor = rounding == "floor";
                let out = zip_map(&x.cast(DType::F64)?, &y.cast(DType::F64)?, dt, |p, q| {
                    let r = p / q;
                    if floor { r.floor() } else { r.trunc() }
                })?;
                return Ok(Some(RVal::Tensor(out)));
            }
            let t = match op {
                "add" => x.t.broadcast_add(&scale(&y, alpha(a)?)?.t)?,
                "sub" => x.t.broadcast_sub(&scale(&y, alpha(a)?)?.t)?,
                "rsub" => y.t.broadcast_sub(&scale(&x, alpha(a)?)?.t)?,
                "mul" => x.t.broadcast_mul(&y.t)?,
                "div" => {
                    if !dt.is_floating() {
                        return Err(Error::unsupported("integer true division"));
                    }
                    x.t.broadcast_div(&y.t)?
                }
                "maximum" => zip_map(&x, &y, dt, nan_max)?.t,
                _ => zip_map(&x, &y, dt, nan_min)?.t,
            };
            // Bool operands compute as int64; torch's result stays bool
            // (`+` is or, `*` is and).
            if out_dtype(node) == Some(DType::Bool) {
                return Ok(Some(RVal::Tensor(T { t, dt }.cast(DType::Bool)?)));
            }
            return Ok(Some(wrap(t, dt)));
        }
        "pow" => {
            let dt = arith_dtype(node, a);
            let (x, y) = binary_operands(a, dt)?;
            if overload == "Tensor_Scalar"
                && let Some(e) = a.get(1, "exponent").and_then(RVal::as_f64)
            {
                if e == 2.0 && dt.is_floating() {
                    return Ok(Some(wrap(x.t.sqr()?, dt)));
                }
                return Ok(Some(RVal::Tensor(x.map(dt, |v| v.powf(e))?)));
            }
            return Ok(Some(RVal::Tensor(zip_map(&x, &y, dt, f64::powf)?)));
        }
        "remainder" | "fmod" | "floor_divide" | "atan2" => {
            let dt = arith_dtype(node, a);
            let (x, y) = binary_operands(a, dt)?;
            let f: fn(f64, f64) -> f64 = match op {
                "remainder" => |p, q| {
                    let r = p % q;
                    if r != 0.0 && (r < 0.0) != (q < 0.0) {
                        r + q
                    } else {
                        r
                    }
                },
                "fmod" => |p, q| p % q,
                "floor_divide" => |p, q| (p / q).floor(),
                _ => f64::atan2,
            };
            if !dt.is_floating() && matches!(op, "remainder" | "fmod" | "floor_divide") {
                let ys = y.to_f64()?;
                if ys.contains(&0.0) {
                    return Err(Error::runtime(
                        "ZeroDivisionError: integer division by zero",
                    ));
                }
            }
            return Ok(Some(RVal::Tensor(zip_map(&x, &y, dt, f)?)));
        }
        "eq" | "ne" | "lt" | "le" | "gt" | "ge" => {
            let x = a
                .pos
                .first()
                .ok_or_else(|| Error::runtime("missing operand"))?;
            let y = a
                .get(1, "other")
                .ok_or_else(|| Error::runtime("missing operand"))?;
            let dt = promote(&[x, y]);
            let (x, y) = (as_tensor(x, dt)?, as_tensor(y, dt)?);
            let f: fn(f64, f64) -> f64 = match op {
                "eq" => |p, q| (p == q) as u8 as f64,
                "ne" => |p, q| (p != q) as u8 as f64,
                "lt" => |p, q| (p < q) as u8 as f64,
                "le" => |p, q| (p <= q) as u8 as f64,
                "gt" => |p, q| (p > q) as u8 as f64,
                _ => |p, q| (p >= q) as u8 as f64,
            };
            return Ok(Some(RVal::Tensor(zip_map(&x, &y, DType::Bool, f)?)));
        }
        "logical_and" | "logical_or" | "logical_xor" => {
            let x = as_tensor(a.pos.first().unwrap_or(&RVal::None), DType::F64)?;
            let y = as_tensor(a.get(1, "other").unwrap_or(&RVal::None), DType::F64)?;
            let f: fn(f64, f64) -> f64 = match op {
                "logical_and" => |p, q| ((p != 0.0) && (q != 0.0)) as u8 as f64,
                "logical_or" => |p, q| ((p != 0.0) || (q != 0.0)) as u8 as f64,
                _ => |p, q| ((p != 0.0) != (q != 0.0)) as u8 as f64,
            };
            return Ok(Some(RVal::Tensor(zip_map(&x, &y, DType::Bool, f)?)));
        }
        // `a & b` records `aten.__and__`, the same computation.
        "bitwise_and" | "bitwise_or" | "bitwise_xor" | "__and__" | "__or__" | "__xor__" => {
            let dt = arith_dtype(node, a);
            let dt = if out_dtype(node) == Some(DType::Bool) {
                DType::Bool
            } else {
                dt
            };
            let x = as_tensor(a.pos.first().unwrap_or(&RVal::None), dt)?;
            let y = as_tensor(a.get(1, "other").unwrap_or(&RVal::None), dt)?;
            let f: fn(f64, f64) -> f64 = match op {
                "bitwise_and" | "__and__" => |p, q| ((p as i64) & (q as i64)) as f64,
                "bitwise_or" | "__or__" => |p, q| ((p as i64) | (q as i64)) as f64,
                _ => |p, q| ((p as i64) ^ (q as i64)) as f64,
            };
            return Ok(Some(RVal::Tensor(zip_map(&x, &y, dt, f)?)));
        }
        "addcmul" | "addcdiv" => {
            // input + value * tensor1 (* or /) tensor2
            let dt = out_dtype(node).unwrap_or(DType::F32);
            let x = as_tensor(a.pos.first().unwrap_or(&RVal::None), dt)?;
            let t1 = as_tensor(a.get(1, "tensor1").unwrap_or(&RVal::None), dt)?;
            let t2 = as_tensor(a.get(2, "tensor2").unwrap_or(&RVal::None), dt)?;
            let value = a.f64_or(3, "value", 1.0)?;
            let combined = if op == "addcmul" {
                zip_map(&t1, &t2, DType::F64, |p, q| value * p * q)?
            } else {
                zip_map(&t1, &t2, DType::F64, |p, q| value * p / q)?
            };
            return Ok(Some(RVal::Tensor(zip_map(&x, &combined, dt, |p, q| {
                p + q
            })?)));
        }
        "where" => {
            let c = a.tensor(0, "condition")?.cast(DType::Bool)?;
            let dt = out_dtype(node).unwrap_or(DType::F32);
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
            return Ok(Some(wrap(t, dt)));
        }
        "masked_fill" => {
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
            return Ok(Some(wrap(t, x.dt)));
        }
        "clamp" | "clip" | "clamp_min" | "clamp_max" => {
            let x = unary_input(node, a)?;
            let (lo, hi) = match op {
                "clamp_min" => (a.opt(1, "min"), None),
                "clamp_max" => (None, a.opt(1, "max")),
                _ => (a.opt(1, "min"), a.opt(2, "max")),
            };
            let mut out = x.clone();
            if let Some(l) = lo {
                let l = as_tensor(l, x.dt)?;
                out = zip_map(&out, &l, x.dt, |p, q| if p.is_nan() { p } else { p.max(q) })?;
            }
            if let Some(h) = hi {
                let h = as_tensor(h, x.dt)?;
                out = zip_map(&out, &h, x.dt, |p, q| if p.is_nan() { p } else { p.min(q) })?;
            }
            return Ok(Some(RVal::Tensor(out)));
        }
        "hardtanh" => {
            let x = unary_input(node, a)?;
            let lo = a.f64_or(1, "min_val", -1.0)?;
            let hi = a.f64_or(2, "max_val", 1.0)?;
            return Ok(Some(RVal::Tensor(
                x.map(x.dt, |v| if v.is_nan() { v } else { v.clamp(lo, hi) })?,
            )));
        }
        "leaky_relu" => {
            let x = unary_input(node, a)?;
            let s = a.f64_or(1, "negative_slope", 0.01)?;
            return Ok(Some(RVal::Tensor(
                x.map(x.dt, |v| if v > 0.0 { v } else { v * s })?,
            )));
        }
        "elu" => {
            let x = unary_input(node, a)?;
            let al = a.f64_or(1, "alpha", 1.0)?;
            let sc = a.f64_or(2, "scale", 1.0)?;
            let isc = a.f64_or(3, "input_scale", 1.0)?;
            return Ok(Some(RVal::Tensor(x.map(x.dt, |v| {
                if v > 0.0 {
                    sc * v
                } else {
                    sc * al * (v * isc).exp_m1()
                }
            })?)));
        }
        "celu" => {
            let x = unary_input(node, a)?;
            let al = a.f64_or(1, "alpha", 1.0)?;
            return Ok(Some(RVal::Tensor(x.map(x.dt, |v| {
                if v > 0.0 { v } else { al * (v / al).exp_m1() }
            })?)));
        }
        "hardshrink" | "softshrink" => {
            let x = unary_input(node, a)?;
            let l = a.f64_or(1, "lambd", 0.5)?;
            let f: fn(f64, f64) -> f64 = if op == "hardshrink" {
                |v, l| if v > l || v < -l { v } else { 0.0 }
            } else {
                |v, l| {
                    if v > l {
                        v - l
                    } else if v < -l {
                        v + l
                    } else {
                        0.0
                    }
                }
            };
            return Ok(Some(RVal::Tensor(x.map(x.dt, |v| f(v, l))?)));
        }
        "threshold" => {
            let x = unary_input(node, a)?;
            let th = a.f64_or(1, "threshold", 0.0)?;
            let value = a.f64_or(2, "value", 0.0)?;
            return Ok(Some(RVal::Tensor(
                x.map(x.dt, |v| if v > th || v.is_nan() { v } else { value })?,
            )));
        }
        "rrelu" => {
            if a.bool_or(3, "training", false) {
                return Err(Error::runtime(
                    "rrelu in training mode draws a random slope per element: not modelled by quick runs",
                ));
            }
            let x = unary_input(node, a)?;
            let lo = a.f64_or(1, "lower", 0.125)?;
            let hi = a.f64_or(2, "upper", 1.0 / 3.0)?;
            let slope = (lo + hi) / 2.0;
            return Ok(Some(RVal::Tensor(
                x.map(x.dt, |v| if v >= 0.0 { v } else { v * slope })?,
            )));
        }
        "prelu" => {
            let x = unary_input(node, a)?;
            let w = a.tensor(1, "weight")?.cast(x.dt)?;
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
            return Ok(Some(RVal::Tensor(zip_map(&x, &w, x.dt, |v, s| {
                if v > 0.0 { v } else { s * v }
            })?)));
        }
        "glu" => {
            let x = unary_input(node, a)?;
            if x.rank() == 0 {
                return Err(Error::runtime(
                    "glu does not support scalars because halving size must be even",
                ));
            }
            let d = super::wrap_dim(a.int_or(1, "dim", -1)?, x.rank())?;
            let half = x.dims()[d] / 2;
            let gate = |from: usize| -> Res<T> {
                Ok(T {
                    t: x.t.narrow(d, from, half)?.contiguous()?,
                    dt: x.dt,
                })
            };
            let (p, q) = (gate(0)?, gate(half)?);
            return Ok(Some(RVal::Tensor(zip_map(&p, &q, x.dt, |u, v| {
                u * sigmoid(v)
            })?)));
        }
        "softplus" => {
            let x = unary_input(node, a)?;
            let beta = a.f64_or(1, "beta", 1.0)?;
            let th = a.f64_or(2, "threshold", 20.0)?;
            return Ok(Some(RVal::Tensor(x.map(x.dt, |v| softplus(v, beta, th))?)));
        }
        "gelu" => {
            let x = unary_input(node, a)?;
            let tanh = a.str_or(1, "approximate", "none") == "tanh";
            return Ok(Some(RVal::Tensor(x.map(x.dt, |v| gelu(v, tanh))?)));
        }
        "isnan" | "isinf" | "isfinite" => {
            let x = a.tensor(0, "self")?;
            let f: fn(f64) -> f64 = match op {
                "isnan" => |v| v.is_nan() as u8 as f64,
                "isinf" => |v| v.is_infinite() as u8 as f64,
                _ => |v| v.is_finite() as u8 as f64,
            };
            return Ok(Some(RVal::Tensor(x.map(DType::Bool, f)?)));
        }
        "fill" => {
            let x = a.tensor(0, "self")?;
            let v = a.f64_or(1, "value", 0.0)?;
            return Ok(Some(RVal::Tensor(x.map(x.dt, |_| v)?)));
        }
        "zero" => {
            let x = a.tensor(0, "self")?;
            return Ok(Some(RVal::Tensor(x.map(x.dt, |_| 0.0)?)));
        }
        "copy" => {
            let dst = a.tensor(0, "self")?;
            let src = a.tensor(1, "src")?.cast(dst.dt)?;
            let t = src.t.broadcast_as(dst.dims())?.contiguous()?;
            return Ok(Some(wrap(t, dst.dt)));
        }
        _ => {}
    }
    if op == "relu" {
        // The most common activation: a closure the compiler can inline.
        let x = unary_input(node, a)?;
        let relu = |v: f64| if v > 0.0 || v.is_nan() { v } else { 0.0 };
        return Ok(Some(RVal::Tensor(x.map(x.dt, relu)?)));
    }
    if let Some(f) = unary_fn(op) {
        let x = unary_input(node, a)?;
        // Native candle kernels where they match torch exactly.
        let native = x.dt.is_floating() && matches!(op, "neg" | "abs" | "sqrt");
        if native {
            let t = match op {
                "neg" => x.t.neg()?,
                "abs" => x.t.abs()?,
                _ => x.t.sqrt()?,
            };
            return Ok(Some(wrap(t, x.dt)));
        }
        return Ok(Some(RVal::Tensor(x.map(x.dt, f)?)));
    }
    Ok(None)
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
