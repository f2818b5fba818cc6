"""numpy at module and construction level, as the values numpy computes.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
Covers what model code builds tables and configuration with: `ndarray`s
of any rank holding bool, int32, int64, float32 or float64 (numpy's
promotion, Python scalars weak as in numpy 2), their creation (`array`,
`zeros`, `arange`, `linspace`, `eye`, `meshgrid`, `stack`,
`concatenate`, ...), basic indexing and assignment (ints, slices with
steps, `None`, `...`), integer and boolean array indexing, broadcasting
arithmetic and comparisons, the ufuncs, reductions with `axis` and
`keepdims`, `reshape`/`transpose`/`astype`, `einsum`'s explicit forms,
and `tolist`. Values live in a flat row-major list; the elementwise work
is done by the native kernels of `_exportlens_numpy`
(`tracer/src/python/numpy.rs`), so a table of a few hundred thousand
elements costs little. A numpy scalar is the Python number (numpy's
float64 and int64 behave as float and int); a view made by slicing is a
copy (a reshape shares its data, as numpy's does). A name not defined here
stays unknown ("analysis incomplete").
"""
import math
import builtins as _builtins
import _exportlens_numpy as _k

pi = math.pi
e = math.e
inf = math.inf
nan = math.nan
euler_gamma = 0.5772156649015329
newaxis = None

_builtin_abs = _builtins.abs
_builtin_round = _builtins.round
_builtin_sum = _builtins.sum
_builtin_max = _builtins.max
_builtin_min = _builtins.min
_builtin_all = _builtins.all
_builtin_any = _builtins.any
_builtin_bool = _builtins.bool

_FLOATS = ("float32", "float64")
_INTS = ("int32", "int64")
_ORDER = {"bool": 0, "int32": 1, "int64": 2, "float32": 3, "float64": 4}
_ITEMSIZE = {"bool": 1, "int32": 4, "int64": 8, "float32": 4, "float64": 8}
_KIND = {"bool": "b", "int32": "i", "int64": "i", "float32": "f", "float64": "f"}
_ALIASES = {
    "float64": "float64", "float": "float64", "double": "float64", "f8": "float64", "d": "float64",
    "float32": "float32", "single": "float32", "f4": "float32", "f": "float32",
    "int64": "int64", "int": "int64", "long": "int64", "i8": "int64", "int_": "int64", "intp": "int64",
    "int32": "int32", "i4": "int32", "intc": "int32",
    "bool": "bool", "bool_": "bool", "?": "bool", "b1": "bool",
}


class _Named:
    """What compares as a dtype: a dtype and a scalar type, by name."""

    def __eq__(self, other):
        return _dtype_name_or_none(other) == self.name

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.name)


class _ScalarType(_Named):
    """A numpy scalar type (`np.float32`): a dtype argument, and a
    converter to the Python number numpy's scalar stands for."""

    def __init__(self, name):
        self.name = name
        self.__name__ = name

    def __call__(self, value=0):
        if isinstance(value, ndarray):
            return value.astype(self.name)
        if isinstance(value, (list, tuple)):
            return array(value, self.name)
        if isinstance(value, str):
            value = float(value) if self.name in _FLOATS else int(value)
        return _k.cast([value], self.name)[0]

    def __repr__(self):
        return "<class 'numpy." + self.name + "'>"


float64 = _ScalarType("float64")
float32 = _ScalarType("float32")
int64 = _ScalarType("int64")
int32 = _ScalarType("int32")
bool_ = _ScalarType("bool")
double = float64
single = float32
intp = int64
int_ = int64
intc = int32


class _AbstractType:
    """`np.floating`, `np.integer`, `np.number`: kinds for `issubdtype`."""

    def __init__(self, kinds):
        self.kinds = kinds


floating = _AbstractType("f")
integer = _AbstractType("i")
signedinteger = integer
number = _AbstractType("if")
inexact = floating
generic = _AbstractType("bif")


class dtype(_Named):
    def __init__(self, spec, align=False, copy=False):
        self.name = _dtype_name(spec)

    @property
    def kind(self):
        return _KIND[self.name]

    @property
    def itemsize(self):
        return _ITEMSIZE[self.name]

    @property
    def type(self):
        return {"bool": bool_, "int32": int32, "int64": int64, "float32": float32, "float64": float64}[self.name]

    @property
    def char(self):
        return {"bool": "?", "int32": "i", "int64": "l", "float32": "f", "float64": "d"}[self.name]

    def __str__(self):
        return self.name

    def __repr__(self):
        return "dtype('" + self.name + "')"


def _dtype_name_or_none(spec):
    if spec is None:
        return None
    if isinstance(spec, (dtype, _ScalarType)):
        return spec.name
    if spec is float:
        return "float64"
    if spec is int:
        return "int64"
    if spec is bool:
        return "bool"
    if isinstance(spec, str):
        return _ALIASES.get(spec)
    if isinstance(spec, ndarray):
        return spec._dtype
    return None


def _dtype_name(spec):
    if spec is None:
        return "float64"
    name = _dtype_name_or_none(spec)
    if name is None:
        raise TypeError("exportlens models numpy's bool, int32, int64, float32 and float64 dtypes only, not " + repr(spec))
    return name


def issubdtype(arg1, arg2):
    name = _dtype_name(arg1)
    if isinstance(arg2, _AbstractType):
        return _KIND[name] in arg2.kinds
    return name == _dtype_name(arg2)


def _promote(a, b):
    if a == b:
        return a
    if a == "bool":
        return b
    if b == "bool":
        return a
    if a in _FLOATS or b in _FLOATS:
        if a == "float32" and b == "float32":
            return "float32"
        if (a == "float32" and b in _FLOATS) or (b == "float32" and a in _FLOATS):
            return "float64"
        if a == "float32" or b == "float32":
            return "float64"
        return "float64"
    return "int64"


def result_type(*arrays_and_dtypes):
    out = None
    for x in arrays_and_dtypes:
        if isinstance(x, ndarray):
            d = x._dtype
        elif isinstance(x, bool):
            d = "bool"
        elif isinstance(x, int):
            d = "int64"
        elif isinstance(x, float):
            d = "float64"
        else:
            d = _dtype_name(x)
        out = d if out is None else _promote(out, d)
    return dtype(out)


def _size(shape):
    n = 1
    for d in shape:
        n = n * d
    return n


def _strides(shape):
    strides = [1] * len(shape)
    acc = 1
    for i in range(len(shape) - 1, -1, -1):
        strides[i] = acc
        acc = acc * shape[i]
    return strides


def _shape_arg(shape):
    if isinstance(shape, (tuple, list)):
        out = tuple(int(d) for d in shape)
    else:
        out = (int(shape),)
    for d in out:
        if d < 0:
            raise ValueError("negative dimensions are not allowed")
    return out


def _axis(axis, ndim):
    if axis < -ndim or axis >= ndim:
        raise AxisError("axis " + str(axis) + " is out of bounds for array of dimension " + str(ndim))
    return axis + ndim if axis < 0 else axis


class AxisError(ValueError):
    pass


def _new(data, shape, dt):
    return ndarray(shape, dt, data)


def _is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, ndarray)


def _operand(x):
    """(data, shape, dtype, weak) of a ufunc operand."""
    if isinstance(x, ndarray):
        return x._data, x._shape, x._dtype, False
    if isinstance(x, bool):
        return [x], (), "bool", True
    if isinstance(x, int):
        return [x], (), "int64", True
    if isinstance(x, float):
        return [x], (), "float64", True
    a = asarray(x)
    return a._data, a._shape, a._dtype, False


def _weak_with(py, arr):
    if py == "bool":
        return arr
    if py == "int64":
        return "int64" if arr == "bool" else arr
    return arr if arr in _FLOATS else "float64"


def _binary_type(da, wa, db, wb):
    if wa and not wb:
        return _weak_with(da, db)
    if wb and not wa:
        return _weak_with(db, da)
    return _promote(da, db)


def _wrap(data, shape, dt):
    if shape == ():
        return data[0]
    return _new(data, shape, dt)


def _broadcast_shape(*shapes):
    rank = _builtin_max([len(s) for s in shapes])
    out = [1] * rank
    for s in shapes:
        off = rank - len(s)
        for i in range(len(s)):
            d = s[i]
            if out[off + i] == 1:
                out[off + i] = d
            elif d != 1 and d != out[off + i]:
                raise ValueError(
                    "operands could not be broadcast together with shapes "
                    + " ".join([_shape_text(t) for t in shapes]) + " "
                )
    return tuple(out)


def _shape_text(shape):
    if len(shape) == 1:
        return "(" + str(shape[0]) + ",)"
    return "(" + ", ".join([str(d) for d in shape]) + ")"


_ARITHMETIC = ("add", "subtract", "multiply", "floor_divide", "remainder", "power",
               "maximum", "minimum", "fmax", "fmin")
_FLOAT_RESULT = ("true_divide", "arctan2", "hypot", "float_power")
_COMPARISON = ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal",
               "logical_and", "logical_or", "logical_xor")
_BITWISE = ("bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift")


def _binary(op, a, b, out_dtype=None):
    da, sa, ta, wa = _operand(a)
    db, sb, tb, wb = _operand(b)
    compute = _binary_type(ta, wa, tb, wb)
    if op in _FLOAT_RESULT:
        if compute not in _FLOATS:
            compute = "float64"
        if op == "float_power":
            compute = "float64"
            op = "power"
        out = compute
    elif op in _COMPARISON:
        out = "bool"
    elif op in _BITWISE:
        if compute in _FLOATS:
            raise TypeError("ufunc '" + op + "' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''")
        out = compute
    else:
        if op == "subtract" and compute == "bool":
            raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` operator, or the logical_xor function instead.")
        out = compute
    if out_dtype is not None:
        out = _dtype_name(out_dtype)
        if op not in _COMPARISON:
            compute = out
    shape = _broadcast_shape(sa, sb)
    return _wrap(_k.binary(op, da, sa, db, sb, compute, out), shape, out)


_FLOAT_UNARY = ("sqrt", "cbrt", "reciprocal", "exp", "exp2", "expm1", "log", "log2", "log10",
                "log1p", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh",
                "tanh", "arcsinh", "arccosh", "arctanh", "rint", "deg2rad", "rad2deg")
_BOOL_UNARY = ("isnan", "isinf", "isfinite", "signbit", "logical_not")


def _unary(op, x, out_dtype=None):
    data, shape, dt, weak = _operand(x)
    if op in _FLOAT_UNARY:
        out = dt if dt in _FLOATS else "float64"
    elif op in _BOOL_UNARY:
        out = "bool"
    else:
        if op == "negative" and dt == "bool":
            raise TypeError("The numpy boolean negative, the `-` operator, is not supported, use the `~` operator or the logical_not function instead.")
        if op == "invert" and dt in _FLOATS:
            raise TypeError("ufunc 'invert' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''")
        out = dt
    if out_dtype is not None:
        out = _dtype_name(out_dtype)
    if op == "invert" and dt == "bool":
        op = "logical_not"
    return _wrap(_k.unary(op, data, out), shape, out)


def _axes(axis, ndim):
    if axis is None:
        return None
    if isinstance(axis, (tuple, list)):
        out = [_axis(a, ndim) for a in axis]
    else:
        out = [_axis(axis, ndim)]
    if len(set(out)) != len(out):
        raise ValueError("duplicate value in 'axis'")
    return out


def _reduce(op, a, axis=None, keepdims=False, dt=None):
    a = asarray(a)
    shape = a._shape
    ndim = len(shape)
    if op in ("sum", "prod"):
        out = dt if dt is not None else ("int64" if a._dtype in ("bool", "int32") else a._dtype)
    elif op in ("any", "all"):
        out = "bool"
    elif op in ("argmax", "argmin"):
        out = "int64"
    else:
        out = a._dtype
    data = a._data
    if op in ("sum", "prod") and out != a._dtype:
        data = _k.cast(data, out)
    axes = _axes(axis, ndim)
    if op in ("argmax", "argmin") and axes is not None and len(axes) > 1:
        raise TypeError("'tuple' object cannot be interpreted as an integer")
    if ndim == 0:
        value = data[0]
        if op in ("argmax", "argmin"):
            return 0
        return _k.cast([value], out)[0]
    if axes is None or (op not in ("argmax", "argmin") and sorted(axes) == list(range(ndim))):
        values = _k.reduce(op, data, (len(data),), 0, out)
        if keepdims:
            return _new(values, (1,) * ndim, out)
        return values[0]
    new_shape = list(shape)
    for ax in sorted(axes, reverse=True):
        data = _k.reduce(op, data, tuple(new_shape), ax, out)
        new_shape.pop(ax)
    if keepdims:
        for ax in sorted(axes):
            new_shape.insert(ax, 1)
    return _wrap(data, tuple(new_shape), out)


def _scan(op, a, axis=None, dt=None):
    a = asarray(a)
    out = _dtype_name(dt) if dt is not None else ("int64" if a._dtype in ("bool", "int32") else a._dtype)
    data = a._data if out == a._dtype else _k.cast(a._data, out)
    if axis is None or a.ndim == 0:
        return _new(_k.scan(op, data, (len(data),), 0, out), (len(data),), out)
    ax = _axis(axis, a.ndim)
    return _new(_k.scan(op, data, a._shape, ax, out), a._shape, out)


def _slice_bound(bound, size, lower, upper, default):
    if bound is None:
        return default
    if bound < 0:
        bound = bound + size
        return lower if bound < lower else bound
    return upper if bound > upper else bound


def _slice_indices(s, size):
    step = 1 if s.step is None else s.step
    if step == 0:
        raise ValueError("slice step cannot be zero")
    if step > 0:
        lower, upper = 0, size
    else:
        lower, upper = -1, size - 1
    start = _slice_bound(s.start, size, lower, upper, upper if step < 0 else lower)
    stop = _slice_bound(s.stop, size, lower, upper, lower if step < 0 else upper)
    if step > 0:
        n = (stop - start + step - 1) // step if stop > start else 0
    else:
        n = (start - stop - step - 1) // (-step) if start > stop else 0
    return start, step, n


def _is_advanced(k):
    return isinstance(k, (ndarray, list))


class ndarray:
    def __init__(self, shape, dtype=None, buffer=None):
        if buffer is None:
            shape = _shape_arg(shape)
            dt = _dtype_name(dtype)
            buffer = _k.fill(0, _size(shape), dt)
        else:
            dt = dtype
        self._data = buffer
        self._shape = shape
        self._dtype = dt

    # ----- attributes -----------------------------------------------------

    @property
    def shape(self):
        return self._shape

    @property
    def ndim(self):
        return len(self._shape)

    @property
    def size(self):
        return len(self._data)

    @property
    def dtype(self):
        return dtype(self._dtype)

    @property
    def itemsize(self):
        return _ITEMSIZE[self._dtype]

    @property
    def nbytes(self):
        return _ITEMSIZE[self._dtype] * len(self._data)

    @property
    def strides(self):
        return tuple([s * _ITEMSIZE[self._dtype] for s in _strides(self._shape)])

    @property
    def T(self):
        return self.transpose()

    @property
    def flat(self):
        return iter(list(self._data))

    # ----- conversions ----------------------------------------------------

    def tolist(self):
        if self._shape == ():
            return self._data[0]
        return _k.nest(self._data, self._shape)

    def item(self, *args):
        if len(args) == 1 and isinstance(args[0], int):
            return self._data[args[0]]
        if args:
            return self[tuple(args[0]) if len(args) == 1 else args]
        if len(self._data) != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return self._data[0]

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        dt = _dtype_name(dtype)
        if dt == self._dtype:
            return _new(list(self._data), self._shape, dt) if copy else self
        return _new(_k.cast(self._data, dt), self._shape, dt)

    def copy(self, order="C"):
        return _new(list(self._data), self._shape, self._dtype)

    def fill(self, value):
        _k.put(self._data, list(range(len(self._data))), [value], self._dtype)

    def reshape(self, *shape, order="C"):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = shape[0]
        return _new(self._data, _reshaped(self._shape, len(self._data), shape), self._dtype)

    def ravel(self, order="C"):
        return _new(self._data, (len(self._data),), self._dtype)

    def flatten(self, order="C"):
        return _new(list(self._data), (len(self._data),), self._dtype)

    def squeeze(self, axis=None):
        return squeeze(self, axis)

    def transpose(self, *axes):
        if len(axes) == 1 and (axes[0] is None or isinstance(axes[0], (tuple, list))):
            axes = axes[0]
        return transpose(self, axes if axes else None)

    def swapaxes(self, axis1, axis2):
        return swapaxes(self, axis1, axis2)

    def view(self, dtype=None):
        if dtype is not None and _dtype_name(dtype) != self._dtype:
            raise TypeError("exportlens does not model reinterpreting numpy data as another dtype")
        return _new(self._data, self._shape, self._dtype)

    def __array__(self, dtype=None, copy=None):
        return self if dtype is None else self.astype(dtype)

    # ----- reductions -----------------------------------------------------

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        return _reduce("sum", self, axis, keepdims, None if dtype is None else _dtype_name(dtype))

    def prod(self, axis=None, dtype=None, out=None, keepdims=False):
        return _reduce("prod", self, axis, keepdims, None if dtype is None else _dtype_name(dtype))

    def mean(self, axis=None, dtype=None, out=None, keepdims=False):
        return mean(self, axis, dtype, None, keepdims)

    def std(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return std(self, axis, dtype, None, ddof, keepdims)

    def var(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False):
        return var(self, axis, dtype, None, ddof, keepdims)

    def max(self, axis=None, out=None, keepdims=False):
        return _reduce("max", self, axis, keepdims)

    def min(self, axis=None, out=None, keepdims=False):
        return _reduce("min", self, axis, keepdims)

    def argmax(self, axis=None, out=None, keepdims=False):
        return argmax(self, axis, None, keepdims)

    def argmin(self, axis=None, out=None, keepdims=False):
        return argmin(self, axis, None, keepdims)

    def any(self, axis=None, out=None, keepdims=False):
        return _reduce("any", self, axis, keepdims)

    def all(self, axis=None, out=None, keepdims=False):
        return _reduce("all", self, axis, keepdims)

    def cumsum(self, axis=None, dtype=None, out=None):
        return _scan("cumsum", self, axis, dtype)

    def cumprod(self, axis=None, dtype=None, out=None):
        return _scan("cumprod", self, axis, dtype)

    def clip(self, min=None, max=None):
        return clip(self, min, max)

    def round(self, decimals=0):
        return round(self, decimals)

    def dot(self, b):
        return dot(self, b)

    def repeat(self, repeats, axis=None):
        return repeat(self, repeats, axis)

    def nonzero(self):
        return nonzero(self)

    # ----- sequence protocol ----------------------------------------------

    def __len__(self):
        if self._shape == ():
            raise TypeError("len() of unsized object")
        return self._shape[0]

    def __iter__(self):
        if self._shape == ():
            raise TypeError("iteration over a 0-d array")
        if len(self._shape) == 1:
            return iter(list(self._data))
        return iter([self[i] for i in range(self._shape[0])])

    def __contains__(self, value):
        return _reduce("any", _binary("equal", self, value))

    def __bool__(self):
        if len(self._data) != 1:
            raise ValueError("The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")
        return _builtin_bool(self._data[0])

    def __float__(self):
        return float(self.item())

    def __int__(self):
        return int(self.item())

    def __index__(self):
        if self._dtype in _FLOATS:
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return int(self.item())

    def __repr__(self):
        return "array(" + repr(self.tolist()) + ")"

    def __str__(self):
        return str(self.tolist())

    # ----- indexing -------------------------------------------------------

    def _view(self, keys):
        """(offset, shape, strides, scalar) of basic indexing by `keys`."""
        ndim = len(self._shape)
        real = 0
        ellipses = 0
        for k in keys:
            if k is Ellipsis:
                ellipses = ellipses + 1
            elif k is not None:
                real = real + 1
        if ellipses > 1:
            raise IndexError("an index can only have a single ellipsis ('...')")
        if real > ndim:
            raise IndexError("too many indices for array: array is " + str(ndim) + "-dimensional, but " + str(real) + " were indexed")
        fill = [slice(None)] * (ndim - real)
        expanded = []
        for k in keys:
            if k is Ellipsis:
                expanded.extend(fill)
                fill = []
            else:
                expanded.append(k)
        expanded.extend(fill)
        strides = _strides(self._shape)
        offset = 0
        shape = []
        out_strides = []
        dim = 0
        scalar = ellipses == 0
        for k in expanded:
            if k is None:
                shape.append(1)
                out_strides.append(0)
                scalar = False
                continue
            size = self._shape[dim]
            stride = strides[dim]
            if isinstance(k, slice):
                start, step, n = _slice_indices(k, size)
                if n > 0:
                    offset = offset + start * stride
                shape.append(n)
                out_strides.append(stride * step)
                scalar = False
            else:
                if isinstance(k, float) or isinstance(k, str):
                    raise IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are valid indices")
                i = int(k)
                if i < -size or i >= size:
                    raise IndexError("index " + str(i) + " is out of bounds for axis " + str(dim) + " with size " + str(size))
                if i < 0:
                    i = i + size
                offset = offset + i * stride
            dim = dim + 1
        return offset, tuple(shape), out_strides, scalar

    def _flat_indices(self, key):
        """The flat indices and result shape of integer or boolean array
        indexing (alone, or arrays and ints over every dimension)."""
        keys = key if isinstance(key, tuple) else (key,)
        if len(keys) == 1:
            k = asarray(keys[0])
            if k._dtype == "bool":
                if k._shape == self._shape:
                    idx = _k.nonzero(k._data)
                    return idx, (len(idx),), ()
                if k.ndim == 1 and self.ndim >= 1 and k._shape[0] == self._shape[0]:
                    k = _new(_k.nonzero(k._data), (len(_k.nonzero(k._data)),), "int64")
                else:
                    raise IndexError("boolean index did not match indexed array")
            if k._dtype in _FLOATS:
                raise IndexError("arrays used as indices must be of integer (or boolean) type")
            size0 = self._shape[0]
            rows = _k.binary("remainder", k._data, k._shape, [size0], (), "int64", "int64")
            bad = [i for i in k._data if i < -size0 or i >= size0]
            if bad:
                raise IndexError("index " + str(bad[0]) + " is out of bounds for axis 0 with size " + str(size0))
            rest = self._shape[1:]
            inner = _size(rest)
            starts = _k.binary("multiply", rows, k._shape + (1,), [inner], (), "int64", "int64")
            idx = _k.binary("add", starts, k._shape + (1,), _k.arange(0, 1, inner, "int64"), (inner,), "int64", "int64")
            return idx, k._shape + rest, ()
        if len(keys) != self.ndim or _builtin_any([k is None or k is Ellipsis or isinstance(k, slice) for k in keys]):
            raise TypeError("exportlens models integer array indexing over every dimension, or over the first alone")
        arrays = [asarray(k) for k in keys]
        shape = _broadcast_shape(*[a._shape for a in arrays])
        strides = _strides(self._shape)
        idx = [0]
        idx_shape = ()
        for d in range(self.ndim):
            a = arrays[d]
            size = self._shape[d]
            bad = [i for i in a._data if i < -size or i >= size]
            if bad:
                raise IndexError("index " + str(bad[0]) + " is out of bounds for axis " + str(d) + " with size " + str(size))
            wrapped = _k.binary("remainder", a._data, a._shape, [size], (), "int64", "int64")
            scaled = _k.binary("multiply", wrapped, a._shape, [strides[d]], (), "int64", "int64")
            idx = _k.binary("add", idx, idx_shape, scaled, a._shape, "int64", "int64")
            idx_shape = _broadcast_shape(idx_shape, a._shape)
        return _k.broadcast(idx, idx_shape, shape), shape, ()

    def __getitem__(self, key):
        keys = key if isinstance(key, tuple) else (key,)
        if _builtin_any([_is_advanced(k) for k in keys]):
            idx, shape, _ = self._flat_indices(key)
            return _new(_k.take(self._data, idx), shape, self._dtype)
        offset, shape, strides, scalar = self._view(keys)
        if scalar and shape == ():
            return self._data[offset]
        return _new(_k.gather(self._data, offset, shape, strides), shape, self._dtype)

    def __setitem__(self, key, value):
        keys = key if isinstance(key, tuple) else (key,)
        if isinstance(value, ndarray):
            vdata, vshape = value._data, value._shape
        elif isinstance(value, (list, tuple)):
            v = array(value)
            vdata, vshape = v._data, v._shape
        else:
            vdata, vshape = [value], ()
        if _builtin_any([_is_advanced(k) for k in keys]):
            idx, shape, _ = self._flat_indices(key)
            values = vdata if vshape == () else _k.broadcast(vdata, _fit(vshape, shape), shape)
            _k.put(self._data, idx, values, self._dtype)
            return
        offset, shape, strides, scalar = self._view(keys)
        values = vdata if vshape == () else _k.broadcast(vdata, _fit(vshape, shape), shape)
        _k.scatter(self._data, offset, shape, strides, values, self._dtype)

    # ----- operators ------------------------------------------------------

    def __add__(self, other):
        return _binary("add", self, other)

    def __radd__(self, other):
        return _binary("add", other, self)

    def __sub__(self, other):
        return _binary("subtract", self, other)

    def __rsub__(self, other):
        return _binary("subtract", other, self)

    def __mul__(self, other):
        return _binary("multiply", self, other)

    def __rmul__(self, other):
        return _binary("multiply", other, self)

    def __truediv__(self, other):
        return _binary("true_divide", self, other)

    def __rtruediv__(self, other):
        return _binary("true_divide", other, self)

    def __floordiv__(self, other):
        return _binary("floor_divide", self, other)

    def __rfloordiv__(self, other):
        return _binary("floor_divide", other, self)

    def __mod__(self, other):
        return _binary("remainder", self, other)

    def __rmod__(self, other):
        return _binary("remainder", other, self)

    def __pow__(self, other):
        return _binary("power", self, other)

    def __rpow__(self, other):
        return _binary("power", other, self)

    def __and__(self, other):
        return _binary("bitwise_and" if self._dtype != "bool" else "logical_and", self, other)

    def __rand__(self, other):
        return self.__and__(other)

    def __or__(self, other):
        return _binary("bitwise_or" if self._dtype != "bool" else "logical_or", self, other)

    def __ror__(self, other):
        return self.__or__(other)

    def __xor__(self, other):
        return _binary("bitwise_xor" if self._dtype != "bool" else "logical_xor", self, other)

    def __rxor__(self, other):
        return self.__xor__(other)

    def __lshift__(self, other):
        return _binary("left_shift", self, other)

    def __rshift__(self, other):
        return _binary("right_shift", self, other)

    def __matmul__(self, other):
        return matmul(self, other)

    def __rmatmul__(self, other):
        return matmul(other, self)

    def __neg__(self):
        return _unary("negative", self)

    def __pos__(self):
        return self.copy()

    def __abs__(self):
        return _unary("absolute", self)

    def __invert__(self):
        return _unary("invert", self)

    def __eq__(self, other):
        return _binary("equal", self, other)

    def __ne__(self, other):
        return _binary("not_equal", self, other)

    def __lt__(self, other):
        return _binary("less", self, other)

    def __le__(self, other):
        return _binary("less_equal", self, other)

    def __gt__(self, other):
        return _binary("greater", self, other)

    def __ge__(self, other):
        return _binary("greater_equal", self, other)


def _fit(vshape, shape):
    """A value's shape for assignment: leading 1s beyond the target's
    rank dropped, as numpy drops them."""
    vshape = tuple(vshape)
    while len(vshape) > len(shape) and vshape[0] == 1:
        vshape = vshape[1:]
    return vshape


def _reshaped(shape, size, new):
    new = [int(d) for d in new]
    unknown = [i for i in range(len(new)) if new[i] == -1]
    if len(unknown) > 1:
        raise ValueError("can only specify one unknown dimension")
    if unknown:
        known = 1
        for i in range(len(new)):
            if i != unknown[0]:
                known = known * new[i]
        if known == 0 or size % known != 0:
            raise ValueError("cannot reshape array of size " + str(size) + " into shape " + _shape_text(tuple(new)))
        new[unknown[0]] = size // known
    if _size(new) != size:
        raise ValueError("cannot reshape array of size " + str(size) + " into shape " + _shape_text(tuple(new)))
    return tuple(new)


# ----- creation -----------------------------------------------------------


def array(object, dtype=None, copy=True, order="K", subok=False, ndmin=0, like=None):
    if isinstance(object, ndarray):
        out = _new(list(object._data), object._shape, object._dtype)
    else:
        if isinstance(object, range):
            object = list(object)
        data, shape, dt = _k.from_nested(object)
        out = _new(data, shape, dt)
    if dtype is not None:
        out = out.astype(dtype, copy=False)
    if ndmin > out.ndim:
        out = out.reshape((1,) * (ndmin - out.ndim) + out._shape)
    return out


def asarray(a, dtype=None, order=None, copy=None, like=None):
    if isinstance(a, ndarray) and (dtype is None or _dtype_name(dtype) == a._dtype):
        return a
    return array(a, dtype)


asanyarray = asarray
ascontiguousarray = asarray


def zeros(shape, dtype=float, order="C", like=None):
    shape = _shape_arg(shape)
    dt = _dtype_name(dtype)
    return _new(_k.fill(0, _size(shape), dt), shape, dt)


def ones(shape, dtype=None, order="C", like=None):
    shape = _shape_arg(shape)
    dt = _dtype_name(dtype)
    return _new(_k.fill(1, _size(shape), dt), shape, dt)


empty = zeros


def full(shape, fill_value, dtype=None, order="C", like=None):
    shape = _shape_arg(shape)
    if dtype is None:
        dt = _operand(fill_value)[2]
    else:
        dt = _dtype_name(dtype)
    if isinstance(fill_value, ndarray):
        return broadcast_to(fill_value, shape).astype(dt)
    return _new(_k.fill(fill_value, _size(shape), dt), shape, dt)


def zeros_like(a, dtype=None, order="K", subok=True, shape=None):
    a = asarray(a)
    return zeros(a._shape if shape is None else shape, a._dtype if dtype is None else dtype)


def ones_like(a, dtype=None, order="K", subok=True, shape=None):
    a = asarray(a)
    return ones(a._shape if shape is None else shape, a._dtype if dtype is None else dtype)


empty_like = zeros_like


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None):
    a = asarray(a)
    return full(a._shape if shape is None else shape, fill_value, a._dtype if dtype is None else dtype)


def arange(start=None, stop=None, step=None, dtype=None, like=None):
    if stop is None:
        start, stop = 0, start
    if start is None:
        start = 0
    if step is None:
        step = 1
    if step == 0:
        raise ZeroDivisionError("division by zero")
    ints = _builtin_all([isinstance(v, int) for v in (start, stop, step)])
    if ints:
        n = -((start - stop) // step)
    else:
        n = math.ceil((stop - start) / step)
    n = _builtin_max(0, n)
    if dtype is None:
        dt = "int64" if ints else "float64"
    else:
        dt = _dtype_name(dtype)
    return _new(_k.arange(start, step, n, dt), (n,), dt)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    num = int(num)
    if num < 0:
        raise ValueError("Number of samples, " + str(num) + ", must be non-negative.")
    div = (num - 1) if endpoint else num
    delta = stop - start
    y = _k.arange(0, 1, num, "float64")
    if div > 0:
        step = delta / div
        if step == 0:
            y = _k.binary("true_divide", y, (num,), [div], (), "float64", "float64")
            y = _k.binary("multiply", y, (num,), [delta], (), "float64", "float64")
        else:
            y = _k.binary("multiply", y, (num,), [step], (), "float64", "float64")
    else:
        step = nan
        y = _k.binary("multiply", y, (num,), [delta], (), "float64", "float64")
    y = _k.binary("add", y, (num,), [start], (), "float64", "float64")
    if endpoint and num > 1:
        y[num - 1] = float(stop)
    out = _new(y, (num,), "float64")
    if dtype is not None:
        dt = _dtype_name(dtype)
        if dt not in _FLOATS:
            out = floor(out)
        out = out.astype(dt)
    return (out, step) if retstep else out


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    y = power(base, linspace(start, stop, num, endpoint))
    return y if dtype is None else y.astype(dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    y = exp(linspace(math.log(start), math.log(stop), num, endpoint))
    if num > 0:
        y[0] = float(start)
        if endpoint and num > 1:
            y[num - 1] = float(stop)
    return y if dtype is None else y.astype(dtype)


def eye(N, M=None, k=0, dtype=float, order="C", like=None):
    M = N if M is None else M
    out = zeros((N, M), dtype)
    if k >= 0:
        n = _builtin_max(0, _builtin_min(N, M - k))
        offset = k
    else:
        n = _builtin_max(0, _builtin_min(N + k, M))
        offset = -k * M
    if n > 0:
        _k.scatter(out._data, offset, (n,), [M + 1], [1], out._dtype)
    return out


def identity(n, dtype=None, like=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=float):
    M = N if M is None else M
    return greater_equal(arange(N)[:, None] + k, arange(M)[None, :]).astype(dtype)


def tril(m, k=0):
    m = asarray(m)
    mask = tri(m._shape[-2], m._shape[-1], k, "bool")
    return where(mask, m, zeros(1, m._dtype))


def triu(m, k=0):
    m = asarray(m)
    mask = tri(m._shape[-2], m._shape[-1], k - 1, "bool")
    return where(mask, zeros(1, m._dtype), m)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    ndim = len(xi)
    s0 = (1,) * ndim
    output = [asarray(xi[i]).reshape(s0[:i] + (-1,) + s0[i + 1:]) for i in range(ndim)]
    if indexing == "xy" and ndim > 1:
        output[0] = output[0].reshape((1, -1) + s0[2:])
        output[1] = output[1].reshape((-1, 1) + s0[2:])
    if not sparse:
        output = broadcast_arrays(*output)
    return tuple(output)


def broadcast_to(array, shape, subok=False):
    a = asarray(array)
    shape = _shape_arg(shape)
    return _new(_k.broadcast(a._data, a._shape, shape), shape, a._dtype)


def broadcast_arrays(*args, subok=False):
    arrays = [asarray(a) for a in args]
    shape = _broadcast_shape(*[a._shape for a in arrays])
    return [broadcast_to(a, shape) for a in arrays]


def broadcast_shapes(*args):
    return _broadcast_shape(*[_shape_arg(s) for s in args])


def concatenate(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    if axis is None:
        arrays = [a.ravel() for a in arrays]
        axis = 0
    ndim = arrays[0].ndim
    if ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = _axis(axis, ndim)
    dt = arrays[0]._dtype
    for i in range(len(arrays)):
        a = arrays[i]
        if a.ndim != ndim:
            raise ValueError("all the input arrays must have same number of dimensions, but the array at index 0 has " + str(ndim) + " dimension(s) and the array at index " + str(i) + " has " + str(a.ndim) + " dimension(s)")
        for d in range(ndim):
            if d != axis and a._shape[d] != arrays[0]._shape[d]:
                raise ValueError("all the input array dimensions except for the concatenation axis must match exactly, but along dimension " + str(d) + ", the array at index 0 has size " + str(arrays[0]._shape[d]) + " and the array at index " + str(i) + " has size " + str(a._shape[d]))
        dt = _promote(dt, a._dtype)
    if dtype is not None:
        dt = _dtype_name(dtype)
    datas = [a._data if a._dtype == dt else _k.cast(a._data, dt) for a in arrays]
    shape = list(arrays[0]._shape)
    shape[axis] = _builtin_sum([a._shape[axis] for a in arrays])
    return _new(_k.concatenate(datas, [a._shape for a in arrays], axis), tuple(shape), dt)


concat = concatenate


def stack(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    arrays = [asarray(a) for a in arrays]
    if not arrays:
        raise ValueError("need at least one array to stack")
    for a in arrays:
        if a._shape != arrays[0]._shape:
            raise ValueError("all input arrays must have the same shape")
    axis = _axis(axis, arrays[0].ndim + 1)
    return concatenate([expand_dims(a, axis) for a in arrays], axis, dtype=dtype)


def atleast_1d(*arys):
    out = [asarray(a) if asarray(a).ndim >= 1 else asarray(a).reshape(1) for a in arys]
    return out[0] if len(out) == 1 else out


def atleast_2d(*arys):
    out = []
    for a in arys:
        a = asarray(a)
        if a.ndim == 0:
            a = a.reshape(1, 1)
        elif a.ndim == 1:
            a = a[None, :]
        out.append(a)
    return out[0] if len(out) == 1 else out


def vstack(tup, dtype=None):
    return concatenate([atleast_2d(a) for a in tup], 0, dtype=dtype)


row_stack = vstack


def hstack(tup, dtype=None):
    arrs = [atleast_1d(a) for a in tup]
    return concatenate(arrs, 0 if arrs[0].ndim == 1 else 1, dtype=dtype)


def column_stack(tup):
    arrs = []
    for a in tup:
        a = asarray(a)
        arrs.append(a.reshape(-1, 1) if a.ndim < 2 else a)
    return concatenate(arrs, 1)


def dstack(tup):
    arrs = []
    for a in tup:
        a = asarray(a)
        if a.ndim == 1:
            a = a.reshape(1, -1, 1)
        elif a.ndim == 2:
            a = a.reshape(a._shape + (1,))
        arrs.append(a)
    return concatenate(arrs, 2)


def split(ary, indices_or_sections, axis=0):
    a = asarray(ary)
    axis = _axis(axis, a.ndim)
    n = a._shape[axis]
    if isinstance(indices_or_sections, int):
        if n % indices_or_sections:
            raise ValueError("array split does not result in an equal division")
        each = n // indices_or_sections
        bounds = [i * each for i in range(indices_or_sections + 1)]
    else:
        bounds = [0] + list(indices_or_sections) + [n]
    out = []
    for i in range(len(bounds) - 1):
        key = [slice(None)] * a.ndim
        key[axis] = slice(bounds[i], bounds[i + 1])
        out.append(a[tuple(key)])
    return out


def expand_dims(a, axis):
    a = asarray(a)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    ndim = a.ndim + len(axes)
    axes = [_axis(x, ndim) for x in axes]
    shape = []
    rest = list(a._shape)
    for d in range(ndim):
        if d in axes:
            shape.append(1)
        else:
            shape.append(rest.pop(0))
    return _new(a._data, tuple(shape), a._dtype)


def squeeze(a, axis=None):
    a = asarray(a)
    if axis is None:
        shape = tuple([d for d in a._shape if d != 1])
    else:
        axes = _axes(axis, a.ndim)
        for x in axes:
            if a._shape[x] != 1:
                raise ValueError("cannot select an axis to squeeze out which has size not equal to one")
        shape = tuple([a._shape[d] for d in range(a.ndim) if d not in axes])
    return _new(a._data, shape, a._dtype)


def reshape(a, shape=None, order="C", newshape=None, copy=None):
    a = asarray(a)
    if shape is None:
        shape = newshape
    if not isinstance(shape, (tuple, list)):
        shape = (shape,)
    return a.reshape(shape)


def ravel(a, order="C"):
    return asarray(a).ravel()


def transpose(a, axes=None):
    a = asarray(a)
    ndim = a.ndim
    if axes is None:
        axes = list(range(ndim - 1, -1, -1))
    else:
        axes = [_axis(x, ndim) for x in axes]
        if len(axes) != ndim or sorted(axes) != list(range(ndim)):
            raise ValueError("axes don't match array")
    strides = _strides(a._shape)
    shape = tuple([a._shape[x] for x in axes])
    return _new(_k.gather(a._data, 0, shape, [strides[x] for x in axes]), shape, a._dtype)


def swapaxes(a, axis1, axis2):
    a = asarray(a)
    axes = list(range(a.ndim))
    i, j = _axis(axis1, a.ndim), _axis(axis2, a.ndim)
    axes[i], axes[j] = axes[j], axes[i]
    return transpose(a, axes)


def moveaxis(a, source, destination):
    a = asarray(a)
    source = _axis(source, a.ndim)
    destination = _axis(destination, a.ndim)
    order = [n for n in range(a.ndim) if n != source]
    order.insert(destination, source)
    return transpose(a, order)


def flip(m, axis=None):
    m = asarray(m)
    axes = list(range(m.ndim)) if axis is None else _axes(axis, m.ndim)
    key = tuple([slice(None, None, -1) if d in axes else slice(None) for d in range(m.ndim)])
    return m[key]


def fliplr(m):
    return flip(m, 1)


def flipud(m):
    return flip(m, 0)


def roll(a, shift, axis=None):
    a = asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a._shape)
    axis = _axis(axis, a.ndim)
    n = a._shape[axis]
    if n == 0:
        return a.copy()
    s = shift % n
    idx = [(i - s) % n for i in range(n)]
    return take(a, idx, axis)


def take(a, indices, axis=None):
    a = asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    axis = _axis(axis, a.ndim)
    moved = moveaxis(a, axis, 0)
    picked = moved[asarray(indices)]
    idx = asarray(indices)
    return moveaxis(picked, 0, axis) if idx.ndim == 1 else picked


def repeat(a, repeats, axis=None):
    a = asarray(a)
    if axis is None:
        a = a.ravel()
        axis = 0
    axis = _axis(axis, a.ndim)
    if not isinstance(repeats, int):
        counts = list(asarray(repeats).tolist())
        idx = []
        for i in range(len(counts)):
            idx.extend([i] * counts[i])
        return take(a, idx, axis)
    shape = a._shape
    b = expand_dims(a, axis + 1)
    target = shape[:axis + 1] + (repeats,) + shape[axis + 1:]
    out_shape = shape[:axis] + (shape[axis] * repeats,) + shape[axis + 1:]
    return broadcast_to(b, target).reshape(out_shape)


def tile(A, reps):
    A = asarray(A)
    reps = tuple(reps) if isinstance(reps, (tuple, list)) else (reps,)
    ndim = _builtin_max(A.ndim, len(reps))
    shape = (1,) * (ndim - A.ndim) + A._shape
    reps = (1,) * (ndim - len(reps)) + reps
    inter = []
    target = []
    for d in range(ndim):
        inter.extend([1, shape[d]])
        target.extend([reps[d], shape[d]])
    b = broadcast_to(A.reshape(inter), target)
    return b.reshape(tuple([reps[d] * shape[d] for d in range(ndim)]))


def outer(a, b, out=None):
    return multiply(ravel(a)[:, None], ravel(b)[None, :])


def einsum(subscripts, *operands, optimize=False, **kwargs):
    """The explicit and implicit forms without `...` or repeated letters
    in one operand: the operands broadcast over every letter, multiplied,
    and summed over the letters the output lacks."""
    spec = subscripts.replace(" ", "")
    if "..." in spec:
        raise TypeError("exportlens does not model einsum with '...'")
    if "->" in spec:
        inputs, output = spec.split("->")
    else:
        inputs = spec
        letters = inputs.replace(",", "")
        output = "".join(sorted([c for c in set(letters) if letters.count(c) == 1]))
    inputs = inputs.split(",")
    if len(inputs) != len(operands):
        raise ValueError("more operands provided to einstein sum function than specified in the subscripts string")
    arrays = [asarray(o) for o in operands]
    order = list(output)
    for term in inputs:
        for c in term:
            if c not in order:
                order.append(c)
    product = None
    for term, a in zip(inputs, arrays):
        if len(set(term)) != len(term):
            raise TypeError("exportlens does not model einsum with a repeated subscript in one operand")
        if len(term) != a.ndim:
            raise ValueError("einstein sum subscripts string contains too many subscripts for operand")
        present = [c for c in order if c in term]
        t = transpose(a, [_position(term, c) for c in present])
        t = t.reshape(tuple([t._shape[present.index(c)] if c in term else 1 for c in order]))
        product = t if product is None else multiply(product, t)
    summed = tuple(range(len(output), len(order)))
    if summed:
        product = sum(product, axis=summed)
    return product


def _position(text, char):
    for i in range(len(text)):
        if text[i] == char:
            return i
    return -1


def dot(a, b, out=None):
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return multiply(a, b)
    if a.ndim == 1 and b.ndim == 1:
        return einsum("i,i->", a, b)
    if a.ndim == 2 and b.ndim == 2:
        return einsum("ij,jk->ik", a, b)
    if a.ndim == 2 and b.ndim == 1:
        return einsum("ij,j->i", a, b)
    if a.ndim == 1 and b.ndim == 2:
        return einsum("j,jk->k", a, b)
    raise TypeError("exportlens models numpy's dot of arrays up to two dimensions")


def matmul(a, b, out=None):
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("matmul: Input operand does not have enough dimensions")
    if a.ndim <= 2 and b.ndim <= 2:
        return dot(a, b)
    raise TypeError("exportlens models numpy's matmul of arrays up to two dimensions")


inner = dot


def where(condition, x=None, y=None):
    if x is None and y is None:
        return nonzero(condition)
    dc, sc, tc, wc = _operand(condition)
    dx, sx, tx, wx = _operand(x)
    dy, sy, ty, wy = _operand(y)
    out = _binary_type(tx, wx, ty, wy)
    shape = _broadcast_shape(sc, sx, sy)
    return _wrap(_k.where(dc, sc, dx, sx, dy, sy, out), shape, out)


def nonzero(a):
    a = asarray(a)
    flat = _k.nonzero(a._data)
    n = len(flat)
    out = []
    strides = _strides(a._shape)
    for d in range(a.ndim):
        q = _k.binary("floor_divide", flat, (n,), [strides[d]], (), "int64", "int64")
        out.append(_new(_k.binary("remainder", q, (n,), [a._shape[d]], (), "int64", "int64"), (n,), "int64"))
    return tuple(out)


def argwhere(a):
    return transpose(asarray(nonzero(a)))


def flatnonzero(a):
    flat = _k.nonzero(asarray(a)._data)
    return _new(flat, (len(flat),), "int64")


def count_nonzero(a, axis=None, keepdims=False):
    return _reduce("sum", asarray(a).astype("bool"), axis, keepdims)


def clip(a, a_min=None, a_max=None, out=None, min=None, max=None):
    if a_min is None:
        a_min = min
    if a_max is None:
        a_max = max
    if a_min is None and a_max is None:
        raise ValueError("One of max or min must be given")
    out = a
    if a_min is not None:
        out = maximum(out, a_min)
    if a_max is not None:
        out = minimum(out, a_max)
    return out


def copy(a, order="K"):
    return array(a)


def shape(a):
    return asarray(a)._shape


def ndim(a):
    return asarray(a).ndim


def size(a, axis=None):
    a = asarray(a)
    return len(a._data) if axis is None else a._shape[axis]


def isscalar(element):
    return isinstance(element, (int, float, bool, str))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _builtin_bool(all(isclose(a, b, rtol, atol, equal_nan)))


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    close = less_equal(absolute(subtract(a, b)), add(atol, multiply(rtol, absolute(b))))
    if equal_nan:
        close = logical_or(close, logical_and(isnan(a), isnan(b)))
    return close


def array_equal(a1, a2, equal_nan=False):
    a1, a2 = asarray(a1), asarray(a2)
    if a1._shape != a2._shape:
        return False
    return _builtin_bool(all(equal(a1, a2)))


# ----- ufuncs ---------------------------------------------------------------


def _binary_ufunc(op):
    def ufunc(x1, x2, out=None, dtype=None):
        return _binary(op, x1, x2, dtype)

    return ufunc


def _unary_ufunc(op):
    def ufunc(x, out=None, dtype=None):
        return _unary(op, x, dtype)

    return ufunc


add = _binary_ufunc("add")
subtract = _binary_ufunc("subtract")
multiply = _binary_ufunc("multiply")
true_divide = _binary_ufunc("true_divide")
floor_divide = _binary_ufunc("floor_divide")
remainder = _binary_ufunc("remainder")
power = _binary_ufunc("power")
float_power = _binary_ufunc("float_power")
maximum = _binary_ufunc("maximum")
minimum = _binary_ufunc("minimum")
fmax = _binary_ufunc("fmax")
fmin = _binary_ufunc("fmin")
arctan2 = _binary_ufunc("arctan2")
hypot = _binary_ufunc("hypot")
equal = _binary_ufunc("equal")
not_equal = _binary_ufunc("not_equal")
less = _binary_ufunc("less")
less_equal = _binary_ufunc("less_equal")
greater = _binary_ufunc("greater")
greater_equal = _binary_ufunc("greater_equal")
logical_and = _binary_ufunc("logical_and")
logical_or = _binary_ufunc("logical_or")
logical_xor = _binary_ufunc("logical_xor")
bitwise_and = _binary_ufunc("bitwise_and")
bitwise_or = _binary_ufunc("bitwise_or")
bitwise_xor = _binary_ufunc("bitwise_xor")
left_shift = _binary_ufunc("left_shift")
right_shift = _binary_ufunc("right_shift")
sqrt = _unary_ufunc("sqrt")
cbrt = _unary_ufunc("cbrt")
square = _unary_ufunc("square")
reciprocal = _unary_ufunc("reciprocal")
exp = _unary_ufunc("exp")
exp2 = _unary_ufunc("exp2")
expm1 = _unary_ufunc("expm1")
log = _unary_ufunc("log")
log2 = _unary_ufunc("log2")
log10 = _unary_ufunc("log10")
log1p = _unary_ufunc("log1p")
sin = _unary_ufunc("sin")
cos = _unary_ufunc("cos")
tan = _unary_ufunc("tan")
arcsin = _unary_ufunc("arcsin")
arccos = _unary_ufunc("arccos")
arctan = _unary_ufunc("arctan")
sinh = _unary_ufunc("sinh")
cosh = _unary_ufunc("cosh")
tanh = _unary_ufunc("tanh")
arcsinh = _unary_ufunc("arcsinh")
arccosh = _unary_ufunc("arccosh")
arctanh = _unary_ufunc("arctanh")
deg2rad = _unary_ufunc("deg2rad")
rad2deg = _unary_ufunc("rad2deg")
floor = _unary_ufunc("floor")
ceil = _unary_ufunc("ceil")
trunc = _unary_ufunc("trunc")
rint = _unary_ufunc("rint")
sign = _unary_ufunc("sign")
negative = _unary_ufunc("negative")
positive = _unary_ufunc("positive")
absolute = _unary_ufunc("absolute")
invert = _unary_ufunc("invert")
logical_not = _unary_ufunc("logical_not")
isnan = _unary_ufunc("isnan")
isinf = _unary_ufunc("isinf")
isfinite = _unary_ufunc("isfinite")
signbit = _unary_ufunc("signbit")
divide = true_divide
mod = remainder
pow = power
radians = deg2rad
degrees = rad2deg
fix = trunc
abs = absolute
bitwise_not = invert


def fmod(x1, x2, out=None, dtype=None):
    return subtract(x1, multiply(trunc(divide(x1, x2)), x2))


def fabs(x, out=None, dtype=None):
    return _unary("absolute", x, dtype if dtype is not None else (None if _operand(x)[2] in _FLOATS else "float64"))


def round(a, decimals=0, out=None):
    data, shape, dt, weak = _operand(a)
    return _wrap(_k.round(data, decimals, dt), shape, dt)


around = round


# ----- reductions -----------------------------------------------------------


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    out = _reduce("sum", a, axis, keepdims, None if dtype is None else _dtype_name(dtype))
    return out if initial is None else add(out, initial)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    out = _reduce("prod", a, axis, keepdims, None if dtype is None else _dtype_name(dtype))
    return out if initial is None else multiply(out, initial)


product = prod


def max(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _reduce("max", a, axis, keepdims)


def min(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _reduce("min", a, axis, keepdims)


amax = max
amin = min


def any(a, axis=None, out=None, keepdims=False, where=None):
    return _reduce("any", a, axis, keepdims)


def all(a, axis=None, out=None, keepdims=False, where=None):
    return _reduce("all", a, axis, keepdims)


def argmax(a, axis=None, out=None, keepdims=False):
    a = asarray(a)
    if axis is None:
        index = _reduce("argmax", a.ravel(), 0)
        return _new([index], (1,) * a.ndim, "int64") if keepdims else index
    return _reduce("argmax", a, axis, keepdims)


def argmin(a, axis=None, out=None, keepdims=False):
    a = asarray(a)
    if axis is None:
        index = _reduce("argmin", a.ravel(), 0)
        return _new([index], (1,) * a.ndim, "int64") if keepdims else index
    return _reduce("argmin", a, axis, keepdims)


def _count(a, axis):
    if axis is None:
        return len(a._data)
    n = 1
    for x in _axes(axis, a.ndim):
        n = n * a._shape[x]
    return n


def mean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    a = asarray(a)
    dt = _dtype_name(dtype) if dtype is not None else (a._dtype if a._dtype in _FLOATS else "float64")
    total = _reduce("sum", a, axis, keepdims, dt)
    return _binary("true_divide", total, _count(a, axis), dt)


average = mean
_mean = mean


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None, mean=None, correction=None):
    a = asarray(a)
    dt = _dtype_name(dtype) if dtype is not None else (a._dtype if a._dtype in _FLOATS else "float64")
    if correction is not None:
        ddof = correction
    centre = _mean(a, axis, dt, None, True)
    x = subtract(a.astype(dt, copy=False), centre)
    total = _reduce("sum", multiply(x, x), axis, keepdims, dt)
    return _binary("true_divide", total, _builtin_max(_count(a, axis) - ddof, 0), dt)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None, mean=None, correction=None):
    return sqrt(var(a, axis, dtype, None, ddof, keepdims, correction=correction))


def cumsum(a, axis=None, dtype=None, out=None):
    return _scan("cumsum", a, axis, dtype)


def cumprod(a, axis=None, dtype=None, out=None):
    return _scan("cumprod", a, axis, dtype)


def diff(a, n=1, axis=-1, prepend=None, append=None):
    a = asarray(a)
    if prepend is not None or append is not None:
        parts = []
        if prepend is not None:
            parts.append(asarray(prepend))
        parts.append(a)
        if append is not None:
            parts.append(asarray(append))
        a = concatenate(parts, axis)
    for _ in range(n):
        axis_ = _axis(axis, a.ndim)
        hi = [slice(None)] * a.ndim
        lo = [slice(None)] * a.ndim
        hi[axis_] = slice(1, None)
        lo[axis_] = slice(None, -1)
        a = subtract(a[tuple(hi)], a[tuple(lo)])
    return a
