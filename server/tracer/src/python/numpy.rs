//! The native half of `prelude/numpy.py`: the kernels an `ndarray` runs on
//! its flat row-major data (a Python list of numbers), reached from the
//! prelude as the module `_exportlens_numpy`. The prelude decides shapes,
//! dtypes (numpy's promotion) and numpy's errors about them; these compute
//! the values as numpy computes them (numpy's pairwise summation, its
//! floor division and remainder, float32 rounding after each operation)
//! and store each as its dtype holds it, so that a table of a few hundred
//! thousand elements built at `__init__` costs what a loop in Rust costs,
//! not an interpreted one. Arrays past [`MAX_ELEMENTS`] are "analysis
//! incomplete"; every kernel charges the step budget for the elements it
//! makes.

use std::rc::Rc;

use crate::failure::FailureKind;
use crate::interp::{Interp, R};
use crate::ops::values::source_index;
use crate::python::bind::Args;
use crate::python::names::known_names;
use crate::value::{Object, Value};

/// The largest array the kernels build (numpy's tables in model code are
/// at most a few hundred thousand elements).
pub const MAX_ELEMENTS: usize = 1 << 21;

/// Elements a kernel handles per step of the budget.
const ELEMENTS_PER_STEP: usize = 16;

/// numpy's limit on the number of dimensions.
const MAX_DIMS: usize = 64;

known_names! {
    /// The kernels of `_exportlens_numpy`.
    pub enum NumpyKernel {
        /// `from_nested(obj)`: `(data, shape, dtype)` of `np.array(obj)`.
        FromNested = "from_nested",
        /// `fill(value, n, dtype)`.
        Fill = "fill",
        /// `arange(start, step, n, dtype)`.
        Arange = "arange",
        /// `cast(data, dtype)`.
        Cast = "cast",
        /// `unary(op, data, dtype)`.
        Unary = "unary",
        /// `round(data, decimals, dtype)`.
        Round = "round",
        /// `binary(op, a, a_shape, b, b_shape, compute_dtype, dtype)`.
        Binary = "binary",
        /// `where(cond, cond_shape, x, x_shape, y, y_shape, dtype)`.
        Where = "where",
        /// `reduce(op, data, shape, axis, dtype)`.
        Reduce = "reduce",
        /// `scan(op, data, shape, axis, dtype)`.
        Scan = "scan",
        /// `gather(data, offset, shape, strides)`.
        Gather = "gather",
        /// `scatter(data, offset, shape, strides, values, dtype)`.
        Scatter = "scatter",
        /// `broadcast(data, shape, to_shape)`.
        Broadcast = "broadcast",
        /// `nest(data, shape)`: `tolist()`.
        Nest = "nest",
        /// `take(data, indices)`: the elements at flat indices.
        Take = "take",
        /// `put(data, indices, values, dtype)`: `values` (one, or one per
        /// index) written at flat indices.
        Put = "put",
        /// `concatenate(datas, shapes, axis)`.
        Concatenate = "concatenate",
        /// `nonzero(data)`: the flat indices of the true elements.
        Nonzero = "nonzero",
    }
}

known_names! {
    /// The dtypes an `ndarray` holds.
    enum NpType {
        Bool = "bool",
        Int32 = "int32",
        Int64 = "int64",
        Float32 = "float32",
        Float64 = "float64",
    }
}

known_names! {
    /// The unary ufuncs `unary(op, ...)` computes.
    enum UnaryUfunc {
        Negative = "negative",
        Positive = "positive",
        Absolute = "absolute",
        Square = "square",
        Sqrt = "sqrt",
        Cbrt = "cbrt",
        Reciprocal = "reciprocal",
        Exp = "exp",
        Exp2 = "exp2",
        Expm1 = "expm1",
        Log = "log",
        Log2 = "log2",
        Log10 = "log10",
        Log1p = "log1p",
        Sin = "sin",
        Cos = "cos",
        Tan = "tan",
        Arcsin = "arcsin",
        Arccos = "arccos",
        Arctan = "arctan",
        Sinh = "sinh",
        Cosh = "cosh",
        Tanh = "tanh",
        Arcsinh = "arcsinh",
        Arccosh = "arccosh",
        Arctanh = "arctanh",
        Floor = "floor",
        Ceil = "ceil",
        Trunc = "trunc",
        Rint = "rint",
        Sign = "sign",
        Deg2rad = "deg2rad",
        Rad2deg = "rad2deg",
        Invert = "invert",
        LogicalNot = "logical_not",
        Isnan = "isnan",
        Isinf = "isinf",
        Isfinite = "isfinite",
        Signbit = "signbit",
    }
}

known_names! {
    /// The binary ufuncs `binary(op, ...)` computes.
    enum BinaryUfunc {
        Equal = "equal",
        NotEqual = "not_equal",
        Less = "less",
        LessEqual = "less_equal",
        Greater = "greater",
        GreaterEqual = "greater_equal",
        LogicalAnd = "logical_and",
        LogicalOr = "logical_or",
        LogicalXor = "logical_xor",
        Maximum = "maximum",
        Minimum = "minimum",
        Add = "add",
        Subtract = "subtract",
        Multiply = "multiply",
        TrueDivide = "true_divide",
        FloorDivide = "floor_divide",
        Remainder = "remainder",
        Power = "power",
        Fmax = "fmax",
        Fmin = "fmin",
        Arctan2 = "arctan2",
        Hypot = "hypot",
        BitwiseAnd = "bitwise_and",
        BitwiseOr = "bitwise_or",
        BitwiseXor = "bitwise_xor",
        LeftShift = "left_shift",
        RightShift = "right_shift",
    }
}

known_names! {
    /// The reductions `reduce(op, ...)` computes along an axis.
    enum Reduction {
        Sum = "sum",
        Prod = "prod",
        Max = "max",
        Min = "min",
        Argmax = "argmax",
        Argmin = "argmin",
        Any = "any",
        All = "all",
    }
}

known_names! {
    /// The cumulative operations `scan(op, ...)` computes along an axis.
    enum Scan {
        Cumsum = "cumsum",
        Cumprod = "cumprod",
    }
}

impl NpType {
    fn is_float(self) -> bool {
        matches!(self, NpType::Float32 | NpType::Float64)
    }

    /// numpy's `result_type` of two array dtypes.
    fn promote(self, other: NpType) -> NpType {
        use NpType::*;
        match (self, other) {
            (a, b) if a == b => a,
            (Bool, x) | (x, Bool) => x,
            (Float64, _) | (_, Float64) => Float64,
            (Float32, Int32 | Int64) | (Int32 | Int64, Float32) => Float64,
            (Int64, _) | (_, Int64) => Int64,
            _ => self,
        }
    }

    /// Rounds an f64 result as this float dtype stores it.
    fn round_float(self, x: f64) -> f64 {
        if self == NpType::Float32 {
            f64::from(x as f32)
        } else {
            x
        }
    }
}

/// One element: integers (and bools) exact, floats as f64.
#[derive(Clone, Copy, Debug)]
enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    fn f(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }

    fn i(self) -> i64 {
        match self {
            Num::Int(i) => i,
            // numpy's float-to-int cast truncates (NaN and overflow are
            // undefined there; saturating here).
            Num::Float(f) => f as i64,
        }
    }

    fn truthy(self) -> bool {
        match self {
            Num::Int(i) => i != 0,
            Num::Float(f) => f != 0.0,
        }
    }

    /// The element as `dtype` stores it.
    fn store(self, dtype: NpType) -> Value {
        match dtype {
            NpType::Bool => Value::Bool(self.truthy()),
            NpType::Int32 => Value::Int(i64::from(self.i() as i32)),
            NpType::Int64 => Value::Int(self.i()),
            NpType::Float32 => Value::Float(f64::from(self.f() as f32)),
            NpType::Float64 => Value::Float(self.f()),
        }
    }
}

/// Calls `_exportlens_numpy.NAME(*args)`.
pub fn call(interp: &mut Interp, kernel: NumpyKernel, args: Args) -> R<Value> {
    let a = KernelArgs(args.positional);
    use NumpyKernel as K;
    match kernel {
        K::FromNested => from_nested(interp, &a.at(0)),
        K::Fill => fill_kernel(interp, &a),
        K::Arange => arange_kernel(interp, &a),
        K::Cast => cast_kernel(interp, &a),
        K::Unary => unary_kernel(interp, &a),
        K::Round => round_kernel(interp, &a),
        K::Binary => binary_kernel(interp, &a),
        K::Where => where_kernel(interp, &a),
        K::Reduce | K::Scan => along_axis_kernel(interp, kernel, &a),
        K::Gather => gather_kernel(interp, &a),
        K::Scatter => scatter_kernel(interp, &a),
        K::Broadcast => broadcast_kernel(interp, &a),
        K::Nest => nest_kernel(interp, &a),
        K::Take => take_kernel(interp, &a),
        K::Put => put_kernel(interp, &a),
        K::Concatenate => concatenate_kernel(interp, &a),
        K::Nonzero => nonzero_kernel(interp, &a),
    }
}

/// The positional arguments of a kernel call (a missing one reads as
/// `None`).
struct KernelArgs(Vec<Value>);

impl KernelArgs {
    fn at(&self, i: usize) -> Value {
        self.0.get(i).cloned().unwrap_or(Value::None)
    }
}

fn fill_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let value = num(interp, &a.at(0))?;
    let n = count(interp, &a.at(1))?;
    let dtype = dtype(interp, &a.at(2))?;
    charge(interp, n)?;
    Ok(Value::list(vec![value.store(dtype); n]))
}

fn arange_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let (start, step) = (num(interp, &a.at(0))?, num(interp, &a.at(1))?);
    let n = count(interp, &a.at(2))?;
    let dtype = dtype(interp, &a.at(3))?;
    charge(interp, n)?;
    Ok(Value::list(arange(start, step, n, dtype)))
}

fn cast_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let data = nums(interp, &a.at(0))?;
    let dtype = dtype(interp, &a.at(1))?;
    charge(interp, data.len())?;
    Ok(stored(data, dtype))
}

fn unary_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let op = text(interp, &a.at(0))?;
    let data = nums(interp, &a.at(1))?;
    let dtype = dtype(interp, &a.at(2))?;
    charge(interp, data.len())?;
    let out = unary(interp, &op, &data, dtype)?;
    Ok(stored(out, dtype))
}

fn round_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let data = nums(interp, &a.at(0))?;
    let decimals = interp.index_int(&a.at(1))?;
    let dtype = dtype(interp, &a.at(2))?;
    charge(interp, data.len())?;
    Ok(stored(round(&data, decimals, dtype), dtype))
}

fn binary_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let op = text(interp, &a.at(0))?;
    let (x, x_shape) = array_arg(interp, &a.at(1), &a.at(2))?;
    let (y, y_shape) = array_arg(interp, &a.at(3), &a.at(4))?;
    let compute = dtype(interp, &a.at(5))?;
    let out = dtype(interp, &a.at(6))?;
    let f = binary_op(interp, &op, compute)?;
    let out_shape = broadcast_shapes(interp, &[&x_shape, &y_shape])?;
    charge(interp, numel(&out_shape))?;
    let (x, y) = (operand(x, x_shape, compute), operand(y, y_shape, compute));
    let mut values = Vec::with_capacity(numel(&out_shape));
    for flat in 0..numel(&out_shape) {
        let a = x.data[source_index(flat, &out_shape, &x.shape)];
        let b = y.data[source_index(flat, &out_shape, &y.shape)];
        values.push(f(a, b).map_err(|e| interp.raise("ValueError", e))?);
    }
    Ok(stored(values, out))
}

fn where_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let (c, c_shape) = array_arg(interp, &a.at(0), &a.at(1))?;
    let (x, x_shape) = array_arg(interp, &a.at(2), &a.at(3))?;
    let (y, y_shape) = array_arg(interp, &a.at(4), &a.at(5))?;
    let out = dtype(interp, &a.at(6))?;
    let out_shape = broadcast_shapes(interp, &[&c_shape, &x_shape, &y_shape])?;
    charge(interp, numel(&out_shape))?;
    let values = (0..numel(&out_shape))
        .map(|flat| {
            if c[source_index(flat, &out_shape, &c_shape)].truthy() {
                x[source_index(flat, &out_shape, &x_shape)]
            } else {
                y[source_index(flat, &out_shape, &y_shape)]
            }
        })
        .collect();
    Ok(stored(values, out))
}

/// `reduce` and `scan`: `(op, data, shape, axis, dtype)`.
fn along_axis_kernel(interp: &mut Interp, kernel: NumpyKernel, a: &KernelArgs) -> R<Value> {
    let op = text(interp, &a.at(0))?;
    let data = nums(interp, &a.at(1))?;
    let shape = shape(interp, &a.at(2))?;
    let axis = interp.index_int(&a.at(3))?;
    let dtype = dtype(interp, &a.at(4))?;
    let axis = usize::try_from(axis)
        .ok()
        .filter(|a| *a < shape.len())
        .ok_or_else(|| interp.raise("ValueError", "axis out of range"))?;
    if numel(&shape) != data.len() {
        return Err(interp.raise("ValueError", "data does not match its shape"));
    }
    charge(interp, data.len())?;
    let lanes = Lanes::new(&shape, axis);
    let out = if kernel == NumpyKernel::Reduce {
        reduce(interp, &op, &data, &lanes, dtype)?
    } else {
        scan(interp, &op, &data, &lanes, dtype)?
    };
    Ok(stored(out, dtype))
}

fn gather_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let data = values(interp, &a.at(0))?;
    let offset = interp.index_int(&a.at(1))?;
    let shape = shape(interp, &a.at(2))?;
    let strides = ints(interp, &a.at(3))?;
    charge(interp, numel(&shape))?;
    let offsets = strided_offsets(interp, data.len(), offset, &shape, &strides)?;
    Ok(Value::list(
        offsets.into_iter().map(|o| data[o].clone()).collect(),
    ))
}

fn scatter_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let target = a.at(0);
    let Value::List(ref target) = target else {
        return Err(interp.type_error("scatter expects a list"));
    };
    let offset = interp.index_int(&a.at(1))?;
    let shape = shape(interp, &a.at(2))?;
    let strides = ints(interp, &a.at(3))?;
    let source = nums(interp, &a.at(4))?;
    let dtype = dtype(interp, &a.at(5))?;
    charge(interp, numel(&shape))?;
    let len = target.borrow().len();
    let offsets = strided_offsets(interp, len, offset, &shape, &strides)?;
    if source.len() != offsets.len() && source.len() != 1 {
        return Err(interp.raise(
            "ValueError",
            "could not broadcast input array into the assigned shape",
        ));
    }
    let mut target = target.borrow_mut();
    for (k, o) in offsets.into_iter().enumerate() {
        target[o] = source_at(&source, k).store(dtype);
    }
    Ok(Value::None)
}

/// Element `k` of the values a write assigns: one for every slot, or one
/// per slot.
fn source_at(source: &[Num], k: usize) -> Num {
    if source.len() == 1 {
        source[0]
    } else {
        source[k]
    }
}

fn broadcast_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let data = values(interp, &a.at(0))?;
    let from = shape(interp, &a.at(1))?;
    let to = shape(interp, &a.at(2))?;
    let joint = broadcast_shapes(interp, &[&from, &to])?;
    if joint != to || numel(&from) != data.len() {
        return Err(interp.raise(
            "ValueError",
            format!(
                "could not broadcast input array from shape {} into shape {}",
                shape_text(&from),
                shape_text(&to)
            ),
        ));
    }
    charge(interp, numel(&to))?;
    Ok(Value::list(
        (0..numel(&to))
            .map(|flat| data[source_index(flat, &to, &from)].clone())
            .collect(),
    ))
}

fn nest_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let data = values(interp, &a.at(0))?;
    let shape = shape(interp, &a.at(1))?;
    if numel(&shape) != data.len() {
        return Err(interp.raise("ValueError", "data does not match its shape"));
    }
    charge(interp, data.len())?;
    Ok(nest(&data, &shape))
}

fn take_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let data = values(interp, &a.at(0))?;
    let indices = ints(interp, &a.at(1))?;
    charge(interp, indices.len())?;
    let n = data.len() as i64;
    let mut out = Vec::with_capacity(indices.len());
    for i in indices {
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(interp.raise(
                "IndexError",
                format!("index {i} is out of bounds for size {n}"),
            ));
        }
        out.push(data[j as usize].clone());
    }
    Ok(Value::list(out))
}

fn put_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let target = a.at(0);
    let Value::List(ref target) = target else {
        return Err(interp.type_error("put expects a list"));
    };
    let indices = ints(interp, &a.at(1))?;
    let source = nums(interp, &a.at(2))?;
    let dtype = dtype(interp, &a.at(3))?;
    charge(interp, indices.len())?;
    if source.len() != indices.len() && source.len() != 1 {
        return Err(interp.raise(
            "ValueError",
            format!(
                "shape mismatch: value array of {} elements could not be broadcast to indexing result of {} elements",
                source.len(),
                indices.len()
            ),
        ));
    }
    let mut target = target.borrow_mut();
    let n = target.len() as i64;
    for (k, i) in indices.into_iter().enumerate() {
        let j = if i < 0 { i + n } else { i };
        let Some(slot) = usize::try_from(j).ok().and_then(|j| target.get_mut(j)) else {
            return Err(interp.raise(
                "IndexError",
                format!("index {i} is out of bounds for size {n}"),
            ));
        };
        *slot = source_at(&source, k).store(dtype);
    }
    Ok(Value::None)
}

fn concatenate_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let datas = interp.iterate(&a.at(0))?;
    let shapes = interp.iterate(&a.at(1))?;
    let axis = usize::try_from(interp.index_int(&a.at(2))?).unwrap_or(0);
    let mut parts = Vec::with_capacity(datas.len());
    for (d, s) in datas.iter().zip(&shapes) {
        parts.push((values(interp, d)?, shape(interp, s)?));
    }
    let total: usize = parts.iter().map(|(d, _)| d.len()).sum();
    charge(interp, total)?;
    Ok(Value::list(concatenate(&parts, axis)))
}

fn nonzero_kernel(interp: &mut Interp, a: &KernelArgs) -> R<Value> {
    let data = nums(interp, &a.at(0))?;
    charge(interp, data.len())?;
    Ok(Value::list(
        data.iter()
            .enumerate()
            .filter(|(_, v)| v.truthy())
            .map(|(i, _)| Value::Int(i as i64))
            .collect(),
    ))
}

/// Charges the budget for a kernel making `n` elements; past
/// [`MAX_ELEMENTS`] the analysis is incomplete.
fn charge(interp: &mut Interp, n: usize) -> R<()> {
    if n > MAX_ELEMENTS {
        return Err(interp.fail(
            FailureKind::Incomplete,
            format!(
                "analysis incomplete: a numpy array of {n} elements is too large to follow (limit {MAX_ELEMENTS})"
            ),
        ));
    }
    interp.steps += (n / ELEMENTS_PER_STEP) as u64;
    Ok(())
}

fn numel(shape: &[usize]) -> usize {
    shape.iter().product()
}

fn shape_text(shape: &[usize]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn text(interp: &Interp, v: &Value) -> R<Rc<str>> {
    match v {
        Value::Str(s) => Ok(s.clone()),
        other => Err(interp.type_error(format!("expected a str, not {}", other.type_name()))),
    }
}

fn dtype(interp: &Interp, v: &Value) -> R<NpType> {
    match v {
        Value::Str(s) => NpType::from_name(s)
            .ok_or_else(|| interp.type_error(format!("exportlens does not model numpy's {s}"))),
        other => {
            Err(interp.type_error(format!("expected a dtype name, not {}", other.type_name())))
        }
    }
}

fn count(interp: &mut Interp, v: &Value) -> R<usize> {
    let n = interp.index_int(v)?;
    usize::try_from(n)
        .map_err(|_| interp.raise("ValueError", "negative dimensions are not allowed"))
}

fn num(interp: &Interp, v: &Value) -> R<Num> {
    match v {
        Value::Int(i) => Ok(Num::Int(*i)),
        Value::Bool(b) => Ok(Num::Int(i64::from(*b))),
        Value::Float(f) => Ok(Num::Float(*f)),
        other => Err(interp.type_error(format!(
            "exportlens models numpy arrays of numbers only, not of {}",
            other.type_name()
        ))),
    }
}

/// The items of a data list.
fn values(interp: &Interp, v: &Value) -> R<Vec<Value>> {
    match v {
        Value::List(items) => Ok(items.borrow().clone()),
        Value::Tuple(items) => Ok(items.to_vec()),
        other => Err(interp.type_error(format!("expected a list, not {}", other.type_name()))),
    }
}

/// The numbers of a data list.
fn nums(interp: &Interp, v: &Value) -> R<Vec<Num>> {
    let read = |items: &[Value]| items.iter().map(|x| num(interp, x)).collect();
    match v {
        Value::List(items) => read(&items.borrow()),
        Value::Tuple(items) => read(items),
        other => Ok(vec![num(interp, other)?]),
    }
}

fn ints(interp: &Interp, v: &Value) -> R<Vec<i64>> {
    Ok(nums(interp, v)?.into_iter().map(Num::i).collect())
}

fn shape(interp: &Interp, v: &Value) -> R<Vec<usize>> {
    ints(interp, v)?
        .into_iter()
        .map(|d| {
            usize::try_from(d)
                .map_err(|_| interp.raise("ValueError", "negative dimensions are not allowed"))
        })
        .collect()
}

/// An operand given as its data list and its shape, which must agree.
fn array_arg(interp: &Interp, data: &Value, shape_of: &Value) -> R<(Vec<Num>, Vec<usize>)> {
    let data = nums(interp, data)?;
    let shape = shape(interp, shape_of)?;
    if numel(&shape) != data.len() {
        return Err(interp.raise("ValueError", "data does not match its shape"));
    }
    Ok((data, shape))
}

fn stored(values: Vec<Num>, dtype: NpType) -> Value {
    Value::list(values.into_iter().map(|v| v.store(dtype)).collect())
}

/// numpy's broadcast of shapes, with its error.
fn broadcast_shapes(interp: &Interp, shapes: &[&[usize]]) -> R<Vec<usize>> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1usize; rank];
    for s in shapes {
        for (i, d) in s.iter().enumerate() {
            let o = &mut out[rank - s.len() + i];
            if *o == 1 {
                *o = *d;
            } else if *d != 1 && *d != *o {
                let texts: Vec<String> = shapes.iter().map(|s| shape_text(s)).collect();
                return Err(interp.raise(
                    "ValueError",
                    format!(
                        "operands could not be broadcast together with shapes {} ",
                        texts.join(" ")
                    ),
                ));
            }
        }
    }
    Ok(out)
}

/// A binary operand converted to the computation dtype (numpy casts each
/// operand before the loop).
struct Operand {
    data: Vec<Num>,
    shape: Vec<usize>,
}

fn operand(data: Vec<Num>, shape: Vec<usize>, compute: NpType) -> Operand {
    let data = data
        .into_iter()
        .map(|v| match compute {
            NpType::Float32 | NpType::Float64 => Num::Float(compute.round_float(v.f())),
            NpType::Bool => Num::Int(i64::from(v.truthy())),
            NpType::Int32 => Num::Int(i64::from(v.i() as i32)),
            NpType::Int64 => Num::Int(v.i()),
        })
        .collect();
    Operand { data, shape }
}

type BinaryFn = fn(Num, Num) -> Result<Num, &'static str>;

/// The order of two operands of the same computation dtype (`None`: a NaN).
fn order(a: Num, b: Num) -> Option<std::cmp::Ordering> {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => Some(x.cmp(&y)),
        _ => a.f().partial_cmp(&b.f()),
    }
}

/// The elementwise function of a binary ufunc in the computation dtype.
fn binary_op(interp: &Interp, op: &str, compute: NpType) -> R<BinaryFn> {
    use BinaryUfunc as B;
    use std::cmp::Ordering::{Equal, Greater, Less};
    let Some(ufunc) = BinaryUfunc::from_name(op) else {
        return Err(unsupported(interp, op, compute));
    };
    let shared: Option<BinaryFn> = match ufunc {
        B::Equal => Some(|a, b| Ok(truth(order(a, b) == Some(Equal)))),
        B::NotEqual => Some(|a, b| Ok(truth(order(a, b) != Some(Equal)))),
        B::Less => Some(|a, b| Ok(truth(order(a, b) == Some(Less)))),
        B::LessEqual => Some(|a, b| Ok(truth(matches!(order(a, b), Some(Less | Equal))))),
        B::Greater => Some(|a, b| Ok(truth(order(a, b) == Some(Greater)))),
        B::GreaterEqual => Some(|a, b| Ok(truth(matches!(order(a, b), Some(Greater | Equal))))),
        B::LogicalAnd => Some(|a, b| Ok(truth(a.truthy() && b.truthy()))),
        B::LogicalOr => Some(|a, b| Ok(truth(a.truthy() || b.truthy()))),
        B::LogicalXor => Some(|a, b| Ok(truth(a.truthy() != b.truthy()))),
        B::Maximum => Some(|a, b| Ok(extreme(a, b, true))),
        B::Minimum => Some(|a, b| Ok(extreme(a, b, false))),
        _ => None,
    };
    if let Some(f) = shared {
        return Ok(f);
    }
    let f: BinaryFn = if compute.is_float() {
        match ufunc {
            B::Add => |a, b| Ok(Num::Float(a.f() + b.f())),
            B::Subtract => |a, b| Ok(Num::Float(a.f() - b.f())),
            B::Multiply => |a, b| Ok(Num::Float(a.f() * b.f())),
            B::TrueDivide => |a, b| Ok(Num::Float(a.f() / b.f())),
            B::FloorDivide => |a, b| Ok(Num::Float(float_floor_divide(a.f(), b.f()))),
            B::Remainder => |a, b| Ok(Num::Float(float_remainder(a.f(), b.f()))),
            B::Power => |a, b| Ok(Num::Float(a.f().powf(b.f()))),
            B::Fmax => |a, b| Ok(Num::Float(a.f().max(b.f()))),
            B::Fmin => |a, b| Ok(Num::Float(a.f().min(b.f()))),
            B::Arctan2 => |a, b| Ok(Num::Float(a.f().atan2(b.f()))),
            B::Hypot => |a, b| Ok(Num::Float(a.f().hypot(b.f()))),
            _ => return Err(unsupported(interp, op, compute)),
        }
    } else {
        match ufunc {
            B::Add => |a, b| Ok(Num::Int(a.i().wrapping_add(b.i()))),
            B::Subtract => |a, b| Ok(Num::Int(a.i().wrapping_sub(b.i()))),
            B::Multiply => |a, b| Ok(Num::Int(a.i().wrapping_mul(b.i()))),
            B::FloorDivide => |a, b| Ok(Num::Int(int_floor_divide(a.i(), b.i()))),
            B::Remainder => |a, b| Ok(Num::Int(int_remainder(a.i(), b.i()))),
            B::Power => |a, b| int_power(a.i(), b.i()).map(Num::Int),
            B::Fmax => |a, b| Ok(Num::Int(a.i().max(b.i()))),
            B::Fmin => |a, b| Ok(Num::Int(a.i().min(b.i()))),
            B::BitwiseAnd => |a, b| Ok(Num::Int(a.i() & b.i())),
            B::BitwiseOr => |a, b| Ok(Num::Int(a.i() | b.i())),
            B::BitwiseXor => |a, b| Ok(Num::Int(a.i() ^ b.i())),
            B::LeftShift => |a, b| Ok(Num::Int(shift(a.i(), b.i(), true))),
            B::RightShift => |a, b| Ok(Num::Int(shift(a.i(), b.i(), false))),
            _ => return Err(unsupported(interp, op, compute)),
        }
    };
    Ok(f)
}

fn unsupported(interp: &Interp, op: &str, dtype: NpType) -> crate::interp::Flow {
    interp.type_error(format!(
        "exportlens does not model numpy's {op} on {}",
        dtype.name()
    ))
}

fn truth(b: bool) -> Num {
    Num::Int(i64::from(b))
}

fn shift(a: i64, b: i64, left: bool) -> i64 {
    match u32::try_from(b) {
        Ok(b) if b < 64 => {
            if left {
                a << b
            } else {
                a >> b
            }
        }
        _ if left => 0,
        _ => {
            if a < 0 {
                -1
            } else {
                0
            }
        }
    }
}

/// numpy's `npy_floor_divide` on floats.
fn float_floor_divide(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        return a / b;
    }
    let m = a % b;
    let mut div = (a - m) / b;
    if m != 0.0 && ((b < 0.0) != (m < 0.0)) {
        div -= 1.0;
    }
    if div != 0.0 {
        let mut floordiv = div.floor();
        if div - floordiv > 0.5 {
            floordiv += 1.0;
        }
        floordiv
    } else {
        (0.0f64).copysign(a / b)
    }
}

/// numpy's `npy_remainder` on floats.
fn float_remainder(a: f64, b: f64) -> f64 {
    if b == 0.0 {
        return a % b;
    }
    let m = a % b;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) { m + b } else { m }
    } else {
        (0.0f64).copysign(b)
    }
}

/// numpy's integer floor division (0 for a zero divisor, as numpy gives
/// with a warning).
fn int_floor_divide(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0;
    }
    let q = a.wrapping_div(b);
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn int_remainder(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0;
    }
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    }
}

fn int_power(a: i64, b: i64) -> Result<i64, &'static str> {
    if b < 0 {
        return Err("Integers to negative integer powers are not allowed.");
    }
    let mut out: i64 = 1;
    let mut base = a;
    let mut e = b;
    while e > 0 {
        if e & 1 == 1 {
            out = out.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        e >>= 1;
    }
    Ok(out)
}

/// numpy's `arange` fill: the first two values, then `start + i * delta`
/// with `delta` their difference, in the dtype's arithmetic.
fn arange(start: Num, step: Num, n: usize, dtype: NpType) -> Vec<Value> {
    if !dtype.is_float() {
        let (s, st) = (start.i(), step.i());
        return (0..n)
            .map(|i| Num::Int(s.wrapping_add(st.wrapping_mul(i as i64))).store(dtype))
            .collect();
    }
    let first = dtype.round_float(start.f());
    let second = dtype.round_float(start.f() + step.f());
    let delta = dtype.round_float(second - first);
    (0..n)
        .map(|i| {
            let v = match i {
                0 => first,
                1 => second,
                _ => dtype.round_float(first + dtype.round_float(i as f64 * delta)),
            };
            Value::Float(v)
        })
        .collect()
}

/// A unary ufunc over `data`, computed in `dtype` (the result's) as
/// numpy's loop for that dtype computes it.
fn unary(interp: &Interp, op: &str, data: &[Num], dtype: NpType) -> R<Vec<Num>> {
    use UnaryUfunc as U;
    let Some(ufunc) = UnaryUfunc::from_name(op) else {
        return Err(unsupported(interp, op, dtype));
    };
    if !dtype.is_float() {
        let f: fn(Num) -> Num = match ufunc {
            U::Negative => |v| Num::Int(v.i().wrapping_neg()),
            U::Absolute => |v| Num::Int(v.i().wrapping_abs()),
            U::Square => |v| Num::Int(v.i().wrapping_mul(v.i())),
            U::Sign => |v| Num::Int(v.i().signum()),
            U::Positive | U::Floor | U::Ceil | U::Trunc | U::Rint => |v| Num::Int(v.i()),
            U::Invert => |v| Num::Int(!v.i()),
            U::LogicalNot => |v| truth(!v.truthy()),
            U::Isnan => |v| truth(v.f().is_nan()),
            U::Isinf => |v| truth(v.f().is_infinite()),
            U::Isfinite => |v| truth(v.f().is_finite()),
            U::Signbit => |v| truth(v.f().is_sign_negative()),
            _ => return Err(unsupported(interp, op, dtype)),
        };
        return Ok(data.iter().map(|v| f(*v)).collect());
    }
    let f: fn(f64) -> f64 = match ufunc {
        U::Negative => |x| -x,
        U::Positive => |x| x,
        U::Absolute => f64::abs,
        U::Square => |x| x * x,
        U::Sqrt => f64::sqrt,
        U::Cbrt => f64::cbrt,
        U::Reciprocal => |x| 1.0 / x,
        U::Exp => f64::exp,
        U::Exp2 => f64::exp2,
        U::Expm1 => f64::exp_m1,
        U::Log => f64::ln,
        U::Log2 => f64::log2,
        U::Log10 => f64::log10,
        U::Log1p => f64::ln_1p,
        U::Sin => f64::sin,
        U::Cos => f64::cos,
        U::Tan => f64::tan,
        U::Arcsin => f64::asin,
        U::Arccos => f64::acos,
        U::Arctan => f64::atan,
        U::Sinh => f64::sinh,
        U::Cosh => f64::cosh,
        U::Tanh => f64::tanh,
        U::Arcsinh => f64::asinh,
        U::Arccosh => f64::acosh,
        U::Arctanh => f64::atanh,
        U::Floor => f64::floor,
        U::Ceil => f64::ceil,
        U::Trunc => f64::trunc,
        U::Rint => f64::round_ties_even,
        U::Sign => |x| {
            if x > 0.0 {
                1.0
            } else if x < 0.0 {
                -1.0
            } else {
                x
            }
        },
        U::Deg2rad => f64::to_radians,
        U::Rad2deg => f64::to_degrees,
        _ => return Err(unsupported(interp, op, dtype)),
    };
    Ok(data
        .iter()
        .map(|v| Num::Float(f(dtype.round_float(v.f()))))
        .collect())
}

/// `np.round(x, decimals)`: half to even, scaled by a power of ten as
/// numpy scales it.
fn round(data: &[Num], decimals: i64, dtype: NpType) -> Vec<Num> {
    if !dtype.is_float() {
        if decimals >= 0 {
            return data.to_vec();
        }
        let scale = 10f64.powi(i32::try_from(-decimals).unwrap_or(i32::MAX));
        return data
            .iter()
            .map(|v| Num::Int(((v.f() / scale).round_ties_even() * scale) as i64))
            .collect();
    }
    let exponent = i32::try_from(decimals.unsigned_abs()).unwrap_or(i32::MAX);
    let scale = dtype.round_float(10f64.powi(exponent));
    data.iter()
        .map(|v| {
            let x = dtype.round_float(v.f());
            Num::Float(if decimals >= 0 {
                let y = dtype.round_float(x * scale).round_ties_even();
                dtype.round_float(y / scale)
            } else {
                let y = dtype.round_float(x / scale).round_ties_even();
                dtype.round_float(y * scale)
            })
        })
        .collect()
}

/// The lanes of a reduction or scan along one axis of a row-major array:
/// `outer` blocks of `len` elements spaced `inner` apart.
struct Lanes {
    outer: usize,
    len: usize,
    inner: usize,
}

impl Lanes {
    fn new(shape: &[usize], axis: usize) -> Lanes {
        Lanes {
            outer: shape[..axis].iter().product(),
            len: shape[axis],
            inner: shape[axis + 1..].iter().product(),
        }
    }

    /// The flat index of element `k` of lane (`o`, `i`).
    fn at(&self, o: usize, i: usize, k: usize) -> usize {
        (o * self.len + k) * self.inner + i
    }
}

/// A reduction along one axis, in `dtype` (the result's, but `argmax` and
/// `argmin`, which give int64 indices).
fn reduce(interp: &Interp, op: &str, data: &[Num], lanes: &Lanes, dtype: NpType) -> R<Vec<Num>> {
    use Reduction as Op;
    let Some(reduction) = Reduction::from_name(op) else {
        return Err(unsupported(interp, op, dtype));
    };
    let mut out = Vec::with_capacity(lanes.outer * lanes.inner);
    let empty = lanes.len == 0;
    if empty && matches!(reduction, Op::Max | Op::Min | Op::Argmax | Op::Argmin) {
        return Err(interp.raise(
            "ValueError",
            format!("zero-size array to reduction operation {op} which has no identity"),
        ));
    }
    for o in 0..lanes.outer {
        for i in 0..lanes.inner {
            let lane: Vec<Num> = (0..lanes.len).map(|k| data[lanes.at(o, i, k)]).collect();
            out.push(match reduction {
                Op::Sum if dtype.is_float() => {
                    let xs: Vec<f64> = lane.iter().map(|v| dtype.round_float(v.f())).collect();
                    // numpy sums a contiguous lane pairwise, and a strided
                    // one by adding slice after slice.
                    // numpy starts from the identity, 0.0 (a sum of
                    // negative zeros is 0.0).
                    Num::Float(if lanes.inner == 1 {
                        dtype.round_float(0.0 + pairwise_sum(&xs, dtype))
                    } else {
                        xs.iter().fold(0.0, |acc, x| dtype.round_float(acc + x))
                    })
                }
                Op::Sum => Num::Int(lane.iter().fold(0i64, |acc, v| acc.wrapping_add(v.i()))),
                Op::Prod if dtype.is_float() => Num::Float(lane.iter().fold(1.0, |acc, v| {
                    dtype.round_float(acc * dtype.round_float(v.f()))
                })),
                Op::Prod => Num::Int(lane.iter().fold(1i64, |acc, v| acc.wrapping_mul(v.i()))),
                Op::Max | Op::Min => {
                    let mut best = lane[0];
                    for v in &lane[1..] {
                        best = extreme(best, *v, reduction == Op::Max);
                    }
                    best
                }
                Op::Argmax | Op::Argmin => {
                    let mut best = 0usize;
                    for (k, v) in lane.iter().enumerate().skip(1) {
                        if better(*v, lane[best], reduction == Op::Argmax) {
                            best = k;
                        }
                    }
                    Num::Int(best as i64)
                }
                Op::Any => truth(lane.iter().any(|v| v.truthy())),
                Op::All => truth(lane.iter().all(|v| v.truthy())),
            });
        }
    }
    Ok(out)
}

/// The larger (or smaller) of two elements, NaN winning as numpy's
/// `maximum` lets it.
fn extreme(a: Num, b: Num, max: bool) -> Num {
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => Num::Int(if max { x.max(y) } else { x.min(y) }),
        _ if a.f().is_nan() => a,
        _ if b.f().is_nan() => b,
        _ => {
            let pick_b = if max { b.f() > a.f() } else { b.f() < a.f() };
            if pick_b { b } else { a }
        }
    }
}

/// Whether `v` replaces `best` in `argmax`/`argmin`: strictly better, or
/// the first NaN.
fn better(v: Num, best: Num, max: bool) -> bool {
    match (v, best) {
        (Num::Int(x), Num::Int(y)) => {
            if max {
                x > y
            } else {
                x < y
            }
        }
        _ if best.f().is_nan() => false,
        _ if v.f().is_nan() => true,
        _ => {
            if max {
                v.f() > best.f()
            } else {
                v.f() < best.f()
            }
        }
    }
}

/// numpy's pairwise summation of a contiguous lane (blocks of 128 summed
/// with 8 accumulators), each addition rounded to `dtype`.
fn pairwise_sum(xs: &[f64], dtype: NpType) -> f64 {
    let add = |a: f64, b: f64| dtype.round_float(a + b);
    let n = xs.len();
    if n < 8 {
        return xs.iter().fold(0.0, |acc, x| add(acc, *x));
    }
    if n <= 128 {
        let mut r = [0.0f64; 8];
        r.copy_from_slice(&xs[..8]);
        let mut i = 8;
        while i < n - (n % 8) {
            for (j, acc) in r.iter_mut().enumerate() {
                *acc = add(*acc, xs[i + j]);
            }
            i += 8;
        }
        let mut res = add(
            add(add(r[0], r[1]), add(r[2], r[3])),
            add(add(r[4], r[5]), add(r[6], r[7])),
        );
        for x in &xs[i..] {
            res = add(res, *x);
        }
        return res;
    }
    let mut n2 = n / 2;
    n2 -= n2 % 8;
    add(
        pairwise_sum(&xs[..n2], dtype),
        pairwise_sum(&xs[n2..], dtype),
    )
}

/// `cumsum`/`cumprod` along one axis, in `dtype`.
fn scan(interp: &Interp, op: &str, data: &[Num], lanes: &Lanes, dtype: NpType) -> R<Vec<Num>> {
    let product = match Scan::from_name(op) {
        Some(Scan::Cumsum) => false,
        Some(Scan::Cumprod) => true,
        None => return Err(unsupported(interp, op, dtype)),
    };
    let mut out = vec![Num::Int(0); data.len()];
    for o in 0..lanes.outer {
        for i in 0..lanes.inner {
            let mut acc = if dtype.is_float() {
                Num::Float(if product { 1.0 } else { 0.0 })
            } else {
                Num::Int(i64::from(product))
            };
            for k in 0..lanes.len {
                let at = lanes.at(o, i, k);
                let v = data[at];
                acc = match (acc, dtype.is_float()) {
                    (Num::Float(a), true) => {
                        let x = dtype.round_float(v.f());
                        Num::Float(dtype.round_float(if product { a * x } else { a + x }))
                    }
                    (a, _) => Num::Int(if product {
                        a.i().wrapping_mul(v.i())
                    } else {
                        a.i().wrapping_add(v.i())
                    }),
                };
                out[at] = acc;
            }
        }
    }
    Ok(out)
}

/// The flat offsets of a strided view (`offset`, `shape`, `strides` in
/// elements) into data of `len` elements, in row-major order.
fn strided_offsets(
    interp: &Interp,
    len: usize,
    offset: i64,
    shape: &[usize],
    strides: &[i64],
) -> R<Vec<usize>> {
    if strides.len() != shape.len() {
        return Err(interp.raise("ValueError", "strides do not match the shape"));
    }
    let n = numel(shape);
    let mut out = Vec::with_capacity(n);
    let mut index = vec![0usize; shape.len()];
    for _ in 0..n {
        let mut at = offset;
        for (i, s) in index.iter().zip(strides) {
            at += *i as i64 * s;
        }
        match usize::try_from(at).ok().filter(|a| *a < len) {
            Some(a) => out.push(a),
            None => return Err(interp.raise("IndexError", "view out of bounds")),
        }
        for d in (0..shape.len()).rev() {
            index[d] += 1;
            if index[d] < shape[d] {
                break;
            }
            index[d] = 0;
        }
    }
    Ok(out)
}

/// `tolist()`: nested lists of the row-major data.
fn nest(data: &[Value], shape: &[usize]) -> Value {
    match shape {
        [] => data.first().cloned().unwrap_or(Value::None),
        [_] => Value::list(data.to_vec()),
        [n, rest @ ..] => {
            let chunk = numel(rest);
            Value::list(
                (0..*n)
                    .map(|i| nest(&data[i * chunk..(i + 1) * chunk], rest))
                    .collect(),
            )
        }
    }
}

/// Row-major parts joined along `axis` (their other sizes agree: the
/// prelude checks).
fn concatenate(parts: &[(Vec<Value>, Vec<usize>)], axis: usize) -> Vec<Value> {
    let Some((_, first)) = parts.first() else {
        return Vec::new();
    };
    let outer: usize = first[..axis.min(first.len())].iter().product();
    let mut out = Vec::new();
    for o in 0..outer {
        for (data, shape) in parts {
            let block: usize = shape[axis.min(shape.len())..].iter().product();
            out.extend_from_slice(&data[o * block..(o + 1) * block]);
        }
    }
    out
}

/// What `np.array(obj)` finds in a nested sequence.
struct Nested {
    shape: Vec<usize>,
    data: Vec<Num>,
    dtype: Option<NpType>,
    /// The number of leading dimensions every item agreed on, when some
    /// did not (numpy's "inhomogeneous shape after N dimensions").
    ragged_after: Option<usize>,
}

/// `np.array(obj)`: `(data, shape, dtype)`.
fn from_nested(interp: &mut Interp, obj: &Value) -> R<Value> {
    let mut nested = Nested {
        shape: Vec::new(),
        data: Vec::new(),
        dtype: None,
        ragged_after: None,
    };
    discover_shape(interp, obj, &mut nested.shape)?;
    walk(interp, obj, 0, &mut nested)?;
    if let Some(k) = nested.ragged_after {
        return Err(interp.raise(
            "ValueError",
            format!(
                "setting an array element with a sequence. The requested array has an inhomogeneous shape after {k} dimensions. The detected shape was {} + inhomogeneous part.",
                shape_text(&nested.shape[..k])
            ),
        ));
    }
    let dtype = nested.dtype.unwrap_or(NpType::Float64);
    charge(interp, nested.data.len())?;
    Ok(Value::tuple(vec![
        stored(nested.data, dtype),
        Value::tuple(nested.shape.iter().map(|d| Value::Int(*d as i64)).collect()),
        Value::str(dtype.name()),
    ]))
}

/// An `ndarray` of the prelude: its data, shape and dtype name.
fn as_ndarray(obj: &Object) -> Option<(Value, Value, Value)> {
    if obj.class.torch_class().as_deref() != Some("numpy.ndarray") {
        return None;
    }
    Some((
        obj.get_attr("_data")?,
        obj.get_attr("_shape")?,
        obj.get_attr("_dtype")?,
    ))
}

/// A prelude `ndarray` as torch reads it (`torch.from_numpy`,
/// `torch.tensor(array)`): row-major values, sizes and the dtype.
pub struct ArrayData {
    pub values: Vec<f64>,
    pub shape: Vec<usize>,
    pub dtype: crate::dtype::DType,
}

/// The contents of `obj` when it is a prelude `ndarray` of numbers.
pub fn ndarray_of(obj: &Object) -> Option<ArrayData> {
    let (data, shape, dtype) = as_ndarray(obj)?;
    let values = match data {
        Value::List(ref items) => items
            .borrow()
            .iter()
            .map(|v| match v {
                Value::Int(i) => Some(*i as f64),
                Value::Bool(b) => Some(f64::from(u8::from(*b))),
                Value::Float(f) => Some(*f),
                _ => None,
            })
            .collect::<Option<Vec<f64>>>()?,
        _ => return None,
    };
    let shape = match shape {
        Value::Tuple(ref items) => items
            .iter()
            .map(|d| match d {
                Value::Int(i) => usize::try_from(*i).ok(),
                _ => None,
            })
            .collect::<Option<Vec<usize>>>()?,
        _ => return None,
    };
    let dtype = match dtype {
        Value::Str(ref s) => match NpType::from_name(s)? {
            NpType::Bool => crate::dtype::DType::Bool,
            NpType::Int32 => crate::dtype::DType::I32,
            NpType::Int64 => crate::dtype::DType::I64,
            NpType::Float32 => crate::dtype::DType::F32,
            NpType::Float64 => crate::dtype::DType::F64,
        },
        _ => return None,
    };
    (numel(&shape) == values.len()).then_some(ArrayData {
        values,
        shape,
        dtype,
    })
}

/// The items of a sequence `np.array` descends into.
fn sequence_items(interp: &mut Interp, v: &Value) -> R<Option<Vec<Value>>> {
    match v {
        Value::List(_) | Value::Tuple(_) => Ok(Some(interp.iterate(v)?)),
        _ => Ok(None),
    }
}

/// The shape numpy discovers: the lengths along the first items.
fn discover_shape(interp: &mut Interp, obj: &Value, shape: &mut Vec<usize>) -> R<()> {
    let mut v = obj.clone();
    loop {
        if shape.len() > MAX_DIMS {
            return Err(interp.raise(
                "ValueError",
                format!(
                    "setting an array element with a sequence: more than {MAX_DIMS} dimensions"
                ),
            ));
        }
        if let Value::Object(o) = &v
            && let Some((_, s, _)) = as_ndarray(o)
        {
            shape.extend(self::shape(interp, &s)?);
            return Ok(());
        }
        match sequence_items(interp, &v)? {
            Some(items) => {
                shape.push(items.len());
                match items.into_iter().next() {
                    Some(first) => v = first,
                    None => return Ok(()),
                }
            }
            None => return Ok(()),
        }
    }
}

fn walk(interp: &mut Interp, v: &Value, depth: usize, out: &mut Nested) -> R<()> {
    if out.ragged_after.is_some() {
        return Ok(());
    }
    let ragged = |out: &mut Nested| {
        out.ragged_after = Some(depth.min(out.shape.len()));
        Ok(())
    };
    if let Value::Object(o) = v
        && let Some((data, s, d)) = as_ndarray(o)
    {
        let s = shape(interp, &s)?;
        if out.shape.get(depth..) != Some(&s[..]) {
            return ragged(out);
        }
        let d = dtype(interp, &d)?;
        out.dtype = Some(out.dtype.map_or(d, |k| k.promote(d)));
        out.data.extend(nums(interp, &data)?);
        return Ok(());
    }
    match sequence_items(interp, v)? {
        Some(items) => {
            if out.shape.get(depth) != Some(&items.len()) {
                return ragged(out);
            }
            for item in &items {
                walk(interp, item, depth + 1, out)?;
            }
            Ok(())
        }
        None => {
            if depth != out.shape.len() {
                return ragged(out);
            }
            let (x, d) = match v {
                Value::Bool(b) => (Num::Int(i64::from(*b)), NpType::Bool),
                Value::Int(i) => (Num::Int(*i), NpType::Int64),
                Value::Float(f) => (Num::Float(*f), NpType::Float64),
                other => {
                    return Err(interp.type_error(format!(
                        "exportlens models numpy arrays of numbers only, not of {}",
                        other.type_name()
                    )));
                }
            };
            out.dtype = Some(out.dtype.map_or(d, |k| k.promote(d)));
            out.data.push(x);
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_floor_division_and_remainder_follow_numpy() {
        assert_eq!(float_floor_divide(7.0, -2.0), -4.0);
        assert_eq!(float_remainder(7.0, -2.0), -1.0);
        assert_eq!(float_remainder(-7.0, 2.0), 1.0);
        assert_eq!(int_floor_divide(-7, 2), -4);
        assert_eq!(int_remainder(-7, 2), 1);
        assert_eq!(int_floor_divide(5, 0), 0);
    }

    #[test]
    fn promotion_follows_numpy() {
        use NpType::*;
        assert_eq!(Int64.promote(Float32), Float64);
        assert_eq!(Int32.promote(Int64), Int64);
        assert_eq!(Bool.promote(Float32), Float32);
        assert_eq!(Float32.promote(Float32), Float32);
    }

    #[test]
    fn pairwise_sum_rounds_to_float32() {
        let xs = vec![0.1f32 as f64; 1000];
        let s = pairwise_sum(&xs, NpType::Float32);
        assert_eq!(s, f64::from(s as f32));
        assert!((s - 100.0).abs() < 1e-3);
    }
}
