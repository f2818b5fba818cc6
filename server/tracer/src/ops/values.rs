//! Values of tensors computed outside the traced graph.
//!
//! Code at module level and in `__init__` runs eagerly in torch: a model
//! may compute its configuration with tensor ops and read it back into
//! Python (`torch.round(torch.log(w) / math.log(m)).int().tolist()` in
//! RegNet, `torch.linspace(0, rate, depth)` drop-path schedules). Such a
//! tensor built from known data carries its contents ([`Tensor::known`],
//! row-major, at most [`MAX_KNOWN`] elements), and each op applied to
//! known tensors outside tracing computes the contents of its result by
//! the rule [`RULES`] holds for its ATen target. Inside `forward` values
//! are never looked at: there a decision on tensor data stays
//! data-dependent, as in torch.export.
//!
//! Values are held as `f64` and rounded to the result's dtype after each
//! op (float32 results through `f32`, integers truncated toward zero),
//! with Python scalars first converted to the computation dtype, so that
//! float32 arithmetic gives what eager torch gives. Half-precision and
//! complex results are not followed.

use std::rc::Rc;
use std::sync::Arc;

use crate::dtype::DType;
use crate::python::names::known_names;
use crate::value::{Tensor, Value};

use super::OpCall;

known_names! {
    /// The window functions torch's window factories compute, by the
    /// name their ATen ops carry before `_window`.
    pub enum Window {
        Hann = "hann",
        Hamming = "hamming",
        Blackman = "blackman",
        Bartlett = "bartlett",
        Kaiser = "kaiser",
    }
}

/// A window function's values, as torch's CPU kernels compute them in
/// `dtype` (`kind`: `hann`, `hamming`, `blackman`, `bartlett`, `kaiser`;
/// `params`: hamming's `alpha` and `beta`, kaiser's `beta`, defaults
/// filled): the cosine windows step by step as tensor ops, each result
/// rounded to the dtype. A periodic window of `n` is the symmetric one of
/// `n + 1` without its last value.
pub fn window(kind: Window, n: usize, periodic: bool, params: &[f64], dtype: DType) -> Vec<f64> {
    if n <= 1 {
        return vec![1.0; n];
    }
    let r = |x: f64| cast(x, dtype).unwrap_or(x);
    let len = if periodic { n + 1 } else { n };
    let last = (len - 1) as f64;
    let pi = std::f64::consts::PI;
    let at = |k: usize| -> f64 {
        let x = r(k as f64);
        match kind {
            Window::Hann | Window::Hamming => {
                let (alpha, beta) = match kind {
                    Window::Hann => (0.5, 0.5),
                    _ => (
                        params.first().copied().unwrap_or(0.54),
                        params.get(1).copied().unwrap_or(0.46),
                    ),
                };
                let c = r(r(x * r(2.0 * pi / last)).cos());
                r(r(c * r(-beta)) + r(alpha))
            }
            Window::Blackman => {
                let w = r(x * r(pi / last));
                let a = r(r(r(w * 4.0).cos()) * r(0.08));
                let b = r(r(r(w * 2.0).cos()) * 0.5);
                r(r(a - b) + r(0.42))
            }
            Window::Bartlett => {
                let w = r(x * r(2.0 / last));
                if k > (len - 1) / 2 { r(r(-w) + 2.0) } else { w }
            }
            Window::Kaiser => {
                let beta = params.first().copied().unwrap_or(12.0);
                let alpha = last / 2.0;
                let q = (k as f64 - alpha) / alpha;
                r(bessel_i0(beta * (1.0 - q * q).abs().sqrt()) / bessel_i0(beta))
            }
        }
    };
    (0..n).map(at).collect()
}

/// The modified Bessel function of the first kind, order 0 (its power
/// series, to double precision).
pub fn bessel_i0(x: f64) -> f64 {
    let half = x / 2.0;
    let (mut term, mut sum) = (1.0f64, 1.0f64);
    for k in 1..500 {
        let f = half / k as f64;
        term *= f * f;
        sum += term;
        if term < sum * 1e-17 {
            break;
        }
    }
    sum
}

/// The largest tensor whose contents are followed.
pub const MAX_KNOWN: usize = 4096;

/// How an op computes its result's contents from its operands' contents.
pub enum Rule {
    /// The same values in the same row-major order (reshapes, copies).
    Same,
    /// Elementwise on the `input`.
    Unary(fn(f64) -> f64),
    /// Elementwise on the broadcast `input` and second operand (`other`,
    /// `exponent`), which may be a Python number; `alpha` scales it.
    Binary(fn(f64, f64) -> f64),
    /// A full reduction of the `input` (no `dim`) to one value.
    Reduce(fn(&[f64]) -> f64),
    /// Anything else: reads the call and the operands itself.
    Custom(fn(&OpCall, &Rc<Tensor>) -> Option<Vec<f64>>),
}

/// The value rules, by the op's default ATen target.
pub static RULES: &[(&str, Rule)] = &[
    // arithmetic
    ("aten.add.Tensor", Rule::Binary(|a, b| a + b)),
    ("aten.sub.Tensor", Rule::Binary(|a, b| a - b)),
    ("aten.rsub.Tensor", Rule::Binary(|a, b| b - a)),
    ("aten.mul.Tensor", Rule::Binary(|a, b| a * b)),
    ("aten.div.Tensor", Rule::Custom(divide)),
    ("aten.divide.Tensor", Rule::Custom(divide)),
    ("aten.true_divide.Tensor", Rule::Custom(divide)),
    (
        "aten.floor_divide.default",
        Rule::Binary(|a, b| (a / b).floor()),
    ),
    (
        "aten.remainder.Tensor",
        Rule::Binary(|a, b| a - b * (a / b).floor()),
    ),
    ("aten.fmod.Tensor", Rule::Binary(|a, b| a % b)),
    ("aten.pow.Tensor_Tensor", Rule::Binary(f64::powf)),
    ("aten.maximum.default", Rule::Binary(f64::max)),
    ("aten.minimum.default", Rule::Binary(f64::min)),
    ("aten.atan2.default", Rule::Binary(f64::atan2)),
    // comparisons and logic
    ("aten.eq.Tensor", Rule::Binary(|a, b| flag(a == b))),
    ("aten.ne.Tensor", Rule::Binary(|a, b| flag(a != b))),
    ("aten.lt.Tensor", Rule::Binary(|a, b| flag(a < b))),
    ("aten.le.Tensor", Rule::Binary(|a, b| flag(a <= b))),
    ("aten.gt.Tensor", Rule::Binary(|a, b| flag(a > b))),
    ("aten.ge.Tensor", Rule::Binary(|a, b| flag(a >= b))),
    (
        "aten.logical_and.default",
        Rule::Binary(|a, b| flag(a != 0.0 && b != 0.0)),
    ),
    (
        "aten.logical_or.default",
        Rule::Binary(|a, b| flag(a != 0.0 || b != 0.0)),
    ),
    ("aten.logical_not.default", Rule::Unary(|a| flag(a == 0.0))),
    ("aten.isnan.default", Rule::Unary(|a| flag(a.is_nan()))),
    ("aten.isinf.default", Rule::Unary(|a| flag(a.is_infinite()))),
    (
        "aten.isfinite.default",
        Rule::Unary(|a| flag(a.is_finite())),
    ),
    // elementwise functions
    ("aten.neg.default", Rule::Unary(|a| -a)),
    ("aten.abs.default", Rule::Unary(f64::abs)),
    ("aten.sign.default", Rule::Unary(sign)),
    ("aten.floor.default", Rule::Unary(f64::floor)),
    ("aten.ceil.default", Rule::Unary(f64::ceil)),
    ("aten.trunc.default", Rule::Unary(f64::trunc)),
    ("aten.round.default", Rule::Unary(f64::round_ties_even)),
    ("aten.square.default", Rule::Unary(|a| a * a)),
    ("aten.exp.default", Rule::Unary(f64::exp)),
    ("aten.exp2.default", Rule::Unary(f64::exp2)),
    ("aten.log.default", Rule::Unary(f64::ln)),
    ("aten.log2.default", Rule::Unary(f64::log2)),
    ("aten.log10.default", Rule::Unary(f64::log10)),
    ("aten.log1p.default", Rule::Unary(f64::ln_1p)),
    ("aten.sqrt.default", Rule::Unary(f64::sqrt)),
    ("aten.rsqrt.default", Rule::Unary(|a| 1.0 / a.sqrt())),
    ("aten.reciprocal.default", Rule::Unary(|a| 1.0 / a)),
    ("aten.sin.default", Rule::Unary(f64::sin)),
    ("aten.sinc.default", Rule::Unary(normalized_sinc)),
    ("aten.cos.default", Rule::Unary(f64::cos)),
    ("aten.tanh.default", Rule::Unary(f64::tanh)),
    (
        "aten.sigmoid.default",
        Rule::Unary(|a| 1.0 / (1.0 + (-a).exp())),
    ),
    ("aten.relu.default", Rule::Unary(|a| a.max(0.0))),
    ("aten.clamp.default", Rule::Custom(clamp)),
    ("aten.addcmul.default", Rule::Custom(addcmul)),
    // copies and reshapes
    ("aten.clone.default", Rule::Same),
    ("aten.contiguous.default", Rule::Same),
    ("aten.detach.default", Rule::Same),
    ("aten.view.default", Rule::Same),
    ("aten.reshape.default", Rule::Same),
    ("aten.flatten.using_ints", Rule::Same),
    ("aten.unflatten.int", Rule::Same),
    ("aten.unsqueeze.default", Rule::Same),
    ("aten.repeat.default", Rule::Custom(tiled)),
    ("aten.expand.default", Rule::Custom(expanded)),
    ("aten.select.int", Rule::Custom(select)),
    ("aten.narrow.default", Rule::Custom(narrow)),
    // scans and reductions
    ("aten.cumsum.default", Rule::Custom(cumsum)),
    ("aten.sum.default", Rule::Reduce(|v| v.iter().sum())),
    ("aten.prod.default", Rule::Reduce(|v| v.iter().product())),
    (
        "aten.mean.default",
        Rule::Reduce(|v| v.iter().sum::<f64>() / v.len() as f64),
    ),
    ("aten.amax.default", Rule::Reduce(largest)),
    ("aten.amin.default", Rule::Reduce(smallest)),
    ("aten.max.default", Rule::Custom(max)),
    ("aten.min.default", Rule::Custom(min)),
    (
        "aten.all.default",
        Rule::Reduce(|v| flag(v.iter().all(|x| *x != 0.0))),
    ),
    (
        "aten.any.default",
        Rule::Reduce(|v| flag(v.iter().any(|x| *x != 0.0))),
    ),
];

fn flag(b: bool) -> f64 {
    f64::from(u8::from(b))
}

fn sign(a: f64) -> f64 {
    if a > 0.0 {
        1.0
    } else if a < 0.0 {
        -1.0
    } else {
        0.0
    }
}

fn largest(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

fn smallest(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}

/// The rule of an ATen target.
pub fn rule(target: &str) -> Option<&'static Rule> {
    RULES.iter().find(|(t, _)| *t == target).map(|(_, r)| r)
}

/// A tensor's known contents, if it has them and a static shape.
pub fn known(t: &Tensor) -> Option<Arc<Vec<f64>>> {
    t.known.borrow().clone()
}

/// The static sizes of a tensor.
fn static_shape(t: &Tensor) -> Option<Vec<usize>> {
    t.shape
        .iter()
        .map(|d| d.as_const().and_then(|c| usize::try_from(c).ok()))
        .collect()
}

/// One operand with its contents: a tensor with known values or a Python
/// number (zero-dimensional).
struct Operand {
    shape: Vec<usize>,
    values: Arc<Vec<f64>>,
    dtype: Option<DType>,
}

fn tensor_operand(t: &Tensor) -> Option<Operand> {
    Some(Operand {
        shape: static_shape(t)?,
        values: known(t)?,
        dtype: Some(t.dtype),
    })
}

fn operand(v: &Value) -> Option<Operand> {
    let scalar = |x: f64| Operand {
        shape: vec![],
        values: Arc::new(vec![x]),
        dtype: None,
    };
    match v {
        Value::Tensor(t) => tensor_operand(t),
        other => number(other).map(scalar),
    }
}

/// Rounds a value to what a tensor of `dtype` holds; `None` for dtypes
/// whose values are not followed.
pub fn cast(v: f64, dtype: DType) -> Option<f64> {
    Some(match dtype {
        DType::Bool => flag(v != 0.0),
        DType::F32 => f64::from(v as f32),
        DType::F64 => v,
        DType::U8 => (v.trunc() as i64).rem_euclid(256) as f64,
        DType::I8 => v.trunc() as i64 as i8 as f64,
        DType::I16 => v.trunc() as i64 as i16 as f64,
        DType::I32 => v.trunc() as i64 as i32 as f64,
        DType::I64 => v.trunc() as i64 as f64,
        DType::F16 | DType::BF16 | DType::C32 | DType::C64 | DType::C128 => return None,
    })
}

fn cast_all(values: &[f64], dtype: DType) -> Option<Vec<f64>> {
    values.iter().map(|v| cast(*v, dtype)).collect()
}

/// Elementwise `f` over two broadcast operands, computed in `compute`.
fn broadcast_with(
    a: &Operand,
    b: &Operand,
    out_shape: &[usize],
    compute: Option<DType>,
    f: impl Fn(f64, f64) -> f64,
) -> Option<Vec<f64>> {
    let convert = |o: &Operand, x: f64| match compute {
        Some(c) if o.dtype.is_none_or(|d| d != c) => cast(x, c),
        _ => Some(x),
    };
    let n: usize = out_shape.iter().product();
    let mut out = Vec::with_capacity(n);
    for flat in 0..n {
        let x = convert(a, a.values[source_index(flat, out_shape, &a.shape)])?;
        let y = convert(b, b.values[source_index(flat, out_shape, &b.shape)])?;
        out.push(f(x, y));
    }
    Some(out)
}

/// The row-major index in a tensor of `shape` broadcast to `out` of the
/// element at row-major index `flat` of `out`.
pub(crate) fn source_index(mut flat: usize, out: &[usize], shape: &[usize]) -> usize {
    let offset = out.len() - shape.len();
    let mut index = 0;
    let mut stride = 1;
    for (i, size) in out.iter().enumerate().rev() {
        let coord = flat % size;
        flat /= size;
        if i >= offset {
            let own = shape[i - offset];
            if own != 1 {
                index += coord * stride;
            }
            stride *= own;
        }
    }
    index
}

/// The contents of `result`, the output of `call` run outside tracing,
/// when every tensor operand's contents are known and a rule exists.
pub fn compute(call: &OpCall, result: &Rc<Tensor>) -> Option<Vec<f64>> {
    let shape = static_shape(result)?;
    if shape.iter().product::<usize>() > MAX_KNOWN {
        return None;
    }
    let rule = rule(call.def.targets[0])?;
    let input = operand(call.arg(0))?;
    let values = match rule {
        Rule::Same => input.values.to_vec(),
        Rule::Unary(f) => {
            let compute = result.dtype.is_floating().then_some(result.dtype);
            let mut out = Vec::with_capacity(input.values.len());
            for v in input.values.iter() {
                let v = match compute {
                    Some(c) => cast(*v, c)?,
                    None => *v,
                };
                out.push(f(v));
            }
            out
        }
        Rule::Binary(f) => {
            let mut other = operand(call.arg(1))?;
            if let Some(alpha) = number(call.get("alpha")) {
                other.values = Arc::new(other.values.iter().map(|v| v * alpha).collect());
            }
            broadcast_with(
                &input,
                &other,
                &shape,
                computation_dtype(result, &[&input, &other]),
                f,
            )?
        }
        Rule::Reduce(f) => {
            if !call.get("dim").is_none() || input.values.is_empty() {
                return None;
            }
            vec![f(&input.values)]
        }
        Rule::Custom(f) => f(call, result)?,
    };
    if values.len() != shape.iter().product::<usize>() {
        return None;
    }
    cast_all(&values, result.dtype)
}

/// The dtype a binary op computes in: the result's when it is a float,
/// else (comparisons) the widest float among the operands, else exact.
fn computation_dtype(result: &Tensor, operands: &[&Operand]) -> Option<DType> {
    if result.dtype.is_floating() {
        return Some(result.dtype);
    }
    operands
        .iter()
        .filter_map(|o| o.dtype)
        .filter(|d| d.is_floating())
        .reduce(DType::promote)
}

/// A Python number's value (a symbolic integer only when it is constant).
pub fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Int(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        Value::Bool(b) => Some(flag(*b)),
        Value::SymInt(e) => e.as_const().map(|c| c as f64),
        _ => None,
    }
}

fn divide(call: &OpCall, result: &Rc<Tensor>) -> Option<Vec<f64>> {
    let a = operand(call.arg(0))?;
    let b = operand(call.arg(1))?;
    let shape = static_shape(result)?;
    let compute = computation_dtype(result, &[&a, &b]);
    let quotient = broadcast_with(&a, &b, &shape, compute, |x, y| x / y)?;
    match call.get("rounding_mode") {
        Value::None => Some(quotient),
        Value::Str(m) if &**m == "trunc" => Some(quotient.iter().map(|q| q.trunc()).collect()),
        Value::Str(m) if &**m == "floor" => Some(quotient.iter().map(|q| q.floor()).collect()),
        _ => None,
    }
}

fn clamp(call: &OpCall, result: &Rc<Tensor>) -> Option<Vec<f64>> {
    let input = operand(call.arg(0))?;
    let lo = number(call.get("min"));
    let hi = number(call.get("max"));
    let compute = result.dtype.is_floating().then_some(result.dtype);
    input
        .values
        .iter()
        .map(|v| {
            let mut v = *v;
            if let Some(lo) = lo {
                v = v.max(compute.map_or(Some(lo), |c| cast(lo, c))?);
            }
            if let Some(hi) = hi {
                v = v.min(compute.map_or(Some(hi), |c| cast(hi, c))?);
            }
            Some(v)
        })
        .collect()
}

/// `input + value * tensor1 * tensor2`.
fn addcmul(call: &OpCall, result: &Rc<Tensor>) -> Option<Vec<f64>> {
    let (a, b, c) = (
        operand(call.arg(0))?,
        operand(call.arg(1))?,
        operand(call.arg(2))?,
    );
    let value = number(call.get("value")).unwrap_or(1.0);
    let shape = static_shape(result)?;
    let compute = computation_dtype(result, &[&a, &b, &c]);
    let product = Operand {
        values: Arc::new(broadcast_with(&b, &c, &shape, compute, |x, y| x * y)?),
        shape: shape.clone(),
        dtype: Some(result.dtype),
    };
    broadcast_with(&a, &product, &shape, compute, |x, p| x + value * p)
}

/// `max(input)` reduces; `max(input, other)` is elementwise.
fn max(call: &OpCall, result: &Rc<Tensor>) -> Option<Vec<f64>> {
    extreme(call, result, largest, f64::max)
}

fn min(call: &OpCall, result: &Rc<Tensor>) -> Option<Vec<f64>> {
    extreme(call, result, smallest, f64::min)
}

fn extreme(
    call: &OpCall,
    result: &Rc<Tensor>,
    reduce: fn(&[f64]) -> f64,
    pair: fn(f64, f64) -> f64,
) -> Option<Vec<f64>> {
    let input = operand(call.arg(0))?;
    match call.get("dim") {
        Value::None if !input.values.is_empty() => Some(vec![reduce(&input.values)]),
        other @ Value::Tensor(_) => {
            let other = operand(other)?;
            let shape = static_shape(result)?;
            broadcast_with(
                &input,
                &other,
                &shape,
                computation_dtype(result, &[&input, &other]),
                pair,
            )
        }
        _ => None,
    }
}

fn dim_of(call: &OpCall, rank: usize) -> Option<usize> {
    let d = number(call.get("dim"))? as i64;
    let d = if d < 0 { d + rank as i64 } else { d };
    usize::try_from(d).ok().filter(|d| *d < rank)
}

/// `repeat(*repeats)`: the input tiled, its shape aligned to the
/// result's trailing dims.
fn tiled(call: &OpCall, result: &Rc<Tensor>) -> Option<Vec<f64>> {
    let input = operand(call.arg(0))?;
    let out = static_shape(result)?;
    let offset = out.len().checked_sub(input.shape.len())?;
    let n: usize = out.iter().product();
    let mut values = Vec::with_capacity(n);
    for mut flat in 0..n {
        let (mut index, mut stride) = (0, 1);
        for (i, size) in out.iter().enumerate().rev() {
            let coord = flat % size;
            flat /= size;
            if i >= offset {
                let own = input.shape[i - offset];
                index += (coord % own.max(1)) * stride;
                stride *= own;
            }
        }
        values.push(*input.values.get(index)?);
    }
    Some(values)
}

/// `expand(*sizes)`: the input broadcast to the result's shape.
fn expanded(call: &OpCall, result: &Rc<Tensor>) -> Option<Vec<f64>> {
    let input = operand(call.arg(0))?;
    let out = static_shape(result)?;
    let n: usize = out.iter().product();
    (0..n)
        .map(|flat| {
            input
                .values
                .get(source_index(flat, &out, &input.shape))
                .copied()
        })
        .collect()
}

/// `select(dim, index)`: one index of one dimension.
fn select(call: &OpCall, _result: &Rc<Tensor>) -> Option<Vec<f64>> {
    strided_run(call, "index", None)
}

/// `narrow(dim, start, length)`.
fn narrow(call: &OpCall, _result: &Rc<Tensor>) -> Option<Vec<f64>> {
    strided_run(call, "start", Some(number(call.get("length"))? as i64))
}

/// `count` consecutive indices (one when `None`) from the argument
/// `start` (negative counts from the end) along the call's `dim`.
fn strided_run(call: &OpCall, start: &str, count: Option<i64>) -> Option<Vec<f64>> {
    let input = operand(call.arg(0))?;
    let dim = dim_of(call, input.shape.len())?;
    let size = input.shape[dim] as i64;
    let first = number(call.get(start))? as i64;
    let first = if first < 0 { first + size } else { first };
    let count = count.unwrap_or(1);
    (first >= 0 && count >= 0 && first + count <= size).then_some(())?;
    Some(strided(&input, dim, first as usize, count as usize, 1))
}

/// The elements whose index along `dim` is `start + k * step` for
/// `k < count`, in row-major order.
fn strided(input: &Operand, dim: usize, start: usize, count: usize, step: usize) -> Vec<f64> {
    let outer: usize = input.shape[..dim].iter().product();
    let size = input.shape[dim];
    let inner: usize = input.shape[dim + 1..].iter().product();
    let mut out = Vec::with_capacity(outer * count * inner);
    for o in 0..outer {
        for k in 0..count {
            let base = (o * size + start + k * step) * inner;
            out.extend_from_slice(&input.values[base..base + inner]);
        }
    }
    out
}

/// The contents of `t[start:start + count * step:step]` along `dim`.
pub fn slice(t: &Tensor, dim: usize, start: usize, count: usize, step: usize) -> Option<Vec<f64>> {
    let input = tensor_operand(t)?;
    let size = *input.shape.get(dim)?;
    (count == 0 || start + (count - 1) * step < size).then_some(())?;
    Some(strided(&input, dim, start, count, step))
}

/// The ops whose result is a tuple of consecutive runs of the input along
/// their `dim` (one index per part for `unbind`).
const SPLITTING: &[&str] = &["aten.unbind.int", "aten.split.Tensor", "aten.chunk.default"];

/// Gives each part of a split of `input` its run of the contents.
fn split_parts(call: &OpCall, input: &Tensor, parts: &[Value]) {
    let unbinding = call.def.targets[0] == "aten.unbind.int";
    if !SPLITTING.contains(&call.def.targets[0]) {
        return;
    }
    let (Some(operand), Some(dim)) = (tensor_operand(input), dim_of(call, input.rank())) else {
        return;
    };
    let mut start = 0;
    for part in parts {
        let Value::Tensor(p) = part else {
            return;
        };
        let count = if unbinding {
            1
        } else {
            match p.shape.get(dim).and_then(|d| d.as_const()) {
                Some(c) => c as usize,
                None => return,
            }
        };
        if start + count > operand.shape[dim] {
            return;
        }
        p.known
            .replace(Some(Arc::new(strided(&operand, dim, start, count, 1))));
        start += count;
    }
}

/// What `unique()` of a flattened tensor computes.
pub struct Unique {
    /// The distinct values, ascending.
    pub values: Vec<f64>,
    /// For each element, the index of its value in `values`.
    pub inverse: Vec<f64>,
    /// How many elements hold each value.
    pub counts: Vec<f64>,
}

/// `unique()` of a tensor with known contents (no `dim`).
pub fn unique(t: &Tensor) -> Option<Unique> {
    let all = known(t)?;
    if all.iter().any(|v| v.is_nan()) {
        return None;
    }
    let mut values = all.to_vec();
    values.sort_by(f64::total_cmp);
    values.dedup();
    let position = |v: &f64| values.partition_point(|u| u < v);
    let mut counts = vec![0.0; values.len()];
    let inverse = all
        .iter()
        .map(|v| {
            let i = position(v);
            counts[i] += 1.0;
            i as f64
        })
        .collect();
    Some(Unique {
        values,
        inverse,
        counts,
    })
}

/// `diff(n=1)` of a one-dimensional tensor.
pub fn diff(t: &Tensor) -> Option<Vec<f64>> {
    let values = known(t)?;
    if t.rank() != 1 {
        return None;
    }
    Some(values.windows(2).map(|w| w[1] - w[0]).collect())
}

/// `cumsum` of a one-dimensional tensor.
fn cumsum(call: &OpCall, _result: &Rc<Tensor>) -> Option<Vec<f64>> {
    let input = operand(call.arg(0))?;
    if input.shape.len() != 1 {
        return None;
    }
    let mut acc = 0.0;
    Some(
        input
            .values
            .iter()
            .map(|v| {
                acc += v;
                acc
            })
            .collect(),
    )
}

/// `result` with contents attached when they can be computed: the hook
/// every registry op passes through outside tracing.
/// An in-place op replaces its receiver's contents (or forgets them when
/// they cannot be computed).
pub fn attach(call: &OpCall, result: Value) -> Value {
    match &result {
        Value::Tensor(t) if call.inplace => {
            let values = compute(call, t);
            t.known.replace(values.map(Arc::new));
        }
        Value::Tensor(t) if known(t).is_none() => {
            if let Some(values) = compute(call, t) {
                t.known.replace(Some(Arc::new(values)));
            }
        }
        Value::Tuple(parts) => {
            if let Value::Tensor(input) = call.arg(0) {
                split_parts(call, input, parts);
            }
        }
        _ => {}
    }
    result
}

/// Gives a tensor value the contents `values`.
pub fn set(t: &Value, values: Vec<f64>) {
    if let Value::Tensor(t) = t
        && values.len() <= MAX_KNOWN
    {
        t.known.replace(Some(Arc::new(values)));
    }
}

/// `to` a dtype: the source's contents, rounded to the new dtype.
pub fn carry_cast(from: &Tensor, to: &Value) {
    if let Value::Tensor(out) = to
        && let Some(values) = known(from)
    {
        out.known
            .replace(cast_all(&values, out.dtype).map(Arc::new));
    }
}

/// Python's value of one element of a tensor of `dtype`.
pub fn element(v: f64, dtype: DType) -> Value {
    if dtype == DType::Bool {
        Value::Bool(v != 0.0)
    } else if dtype.is_floating() {
        Value::Float(v)
    } else {
        Value::Int(v as i64)
    }
}

/// `tolist()` of a tensor with known contents: nested lists of Python
/// numbers (a scalar for a zero-dimensional tensor).
pub fn to_list(t: &Tensor) -> Option<Value> {
    let shape = static_shape(t)?;
    let values = known(t)?;
    fn nest(values: &[f64], shape: &[usize], dtype: DType) -> Value {
        match shape.split_first() {
            None => element(values[0], dtype),
            Some((n, rest)) => {
                let step: usize = rest.iter().product();
                Value::list(
                    (0..*n)
                        .map(|i| nest(&values[i * step..(i + 1) * step], rest, dtype))
                        .collect(),
                )
            }
        }
    }
    Some(nest(&values, &shape, t.dtype))
}

/// `sinc(x) = sin(pi x) / (pi x)`, 1 at 0 (torch's normalized sinc).
fn normalized_sinc(x: f64) -> f64 {
    if x == 0.0 {
        1.0
    } else {
        let px = std::f64::consts::PI * x;
        px.sin() / px
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_names_a_registry_target_once() {
        let mut seen = std::collections::HashSet::new();
        for (target, _) in RULES {
            assert!(seen.insert(*target), "{target} has two rules");
            assert!(
                super::super::registry::OPS
                    .iter()
                    .any(|d| d.targets[0] == *target),
                "{target} is no registry op's default target"
            );
        }
    }

    #[test]
    fn broadcasting_reads_size_one_dimensions_repeatedly() {
        // A [2, 1] against a [3]: out [2, 3].
        assert_eq!(source_index(4, &[2, 3], &[2, 1]), 1);
        assert_eq!(source_index(4, &[2, 3], &[3]), 1);
        assert_eq!(source_index(5, &[2, 3], &[]), 0);
    }

    #[test]
    fn casts_round_as_tensors_store() {
        assert_eq!(cast(2.7, DType::I32), Some(2.0));
        assert_eq!(cast(-2.7, DType::I64), Some(-2.0));
        assert_eq!(cast(0.1, DType::F32), Some(f64::from(0.1f32)));
        assert_eq!(cast(3.0, DType::Bool), Some(1.0));
        assert_eq!(cast(1.0, DType::F16), None);
    }
}
