"""numpy at module and construction level, as the values numpy computes.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
Covers what model code computes configuration with: one-dimensional arrays
of Python numbers (`array`, `arange`, `linspace`, `zeros`, `ones`,
`cumsum`, elementwise arithmetic, `tolist`, indexing, iteration) and the
scalar functions (`sqrt`, `prod`, `log`, `round`, ...); a scalar result is
the Python number (numpy's float64 and int64 behave as float and int). A
name not defined here stays unknown ("analysis incomplete").
"""
import math

pi = math.pi
e = math.e
inf = math.inf
nan = math.nan
float64 = float
float32 = float
int64 = int
int32 = int


def _flat(values):
    if isinstance(values, ndarray):
        return list(values._values)
    if isinstance(values, (list, tuple, range)):
        out = list(values)
        for v in out:
            if isinstance(v, (list, tuple, ndarray)):
                raise TypeError("exportlens models one-dimensional numpy arrays only")
        return out
    return [values]


def _unary(f, x):
    if isinstance(x, (ndarray, list, tuple)):
        return ndarray([f(v) for v in _flat(x)])
    return f(x)


def _binary(f, a, b):
    if isinstance(a, (ndarray, list, tuple)) or isinstance(b, (ndarray, list, tuple)):
        xs = _flat(a) if isinstance(a, (ndarray, list, tuple)) else None
        ys = _flat(b) if isinstance(b, (ndarray, list, tuple)) else None
        if xs is None:
            return ndarray([f(a, y) for y in ys])
        if ys is None:
            return ndarray([f(x, b) for x in xs])
        if len(xs) != len(ys) and len(xs) != 1 and len(ys) != 1:
            raise ValueError("operands could not be broadcast together")
        if len(xs) == 1:
            xs = xs * len(ys)
        if len(ys) == 1:
            ys = ys * len(xs)
        return ndarray([f(x, y) for x, y in zip(xs, ys)])
    return f(a, b)


class ndarray:
    def __init__(self, values):
        self._values = list(values)

    @property
    def shape(self):
        return (len(self._values),)

    @property
    def size(self):
        return len(self._values)

    @property
    def ndim(self):
        return 1

    def tolist(self):
        return list(self._values)

    def astype(self, dtype):
        return ndarray([dtype(v) for v in self._values])

    def __len__(self):
        return len(self._values)

    def __iter__(self):
        return iter(self._values)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return ndarray(self._values[index])
        return self._values[index]

    def sum(self):
        return sum(self._values)

    def prod(self):
        return prod(self._values)

    def mean(self):
        return sum(self._values) / len(self._values)

    def max(self):
        return max(self._values)

    def min(self):
        return min(self._values)

    def cumsum(self):
        return cumsum(self._values)

    def __neg__(self):
        return ndarray([-v for v in self._values])

    def __add__(self, other):
        return _binary(lambda a, b: a + b, self, other)

    def __radd__(self, other):
        return _binary(lambda a, b: a + b, other, self)

    def __sub__(self, other):
        return _binary(lambda a, b: a - b, self, other)

    def __rsub__(self, other):
        return _binary(lambda a, b: a - b, other, self)

    def __mul__(self, other):
        return _binary(lambda a, b: a * b, self, other)

    def __rmul__(self, other):
        return _binary(lambda a, b: a * b, other, self)

    def __truediv__(self, other):
        return _binary(lambda a, b: a / b, self, other)

    def __rtruediv__(self, other):
        return _binary(lambda a, b: a / b, other, self)

    def __floordiv__(self, other):
        return _binary(lambda a, b: a // b, self, other)

    def __pow__(self, other):
        return _binary(lambda a, b: a**b, self, other)


def array(values, dtype=None):
    out = ndarray(_flat(values))
    return out.astype(dtype) if dtype is not None else out


asarray = array


def arange(start, stop=None, step=1, dtype=None):
    if stop is None:
        start, stop = 0, start
    n = max(0, math.ceil((stop - start) / step))
    return array([start + i * step for i in range(n)], dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None):
    div = (num - 1) if endpoint else num
    step = (stop - start) / div if div > 0 else nan
    values = [start + i * step if div > 0 else float(start) for i in range(num)]
    if endpoint and num > 1:
        values[-1] = float(stop)
    out = array([float(v) for v in values], dtype)
    return (out, step) if retstep else out


def zeros(n, dtype=float):
    return ndarray([dtype(0)] * n)


def ones(n, dtype=float):
    return ndarray([dtype(1)] * n)


def cumsum(values):
    out, acc = [], 0
    for v in _flat(values):
        acc = acc + v
        out.append(acc)
    return ndarray(out)


def prod(values):
    out = 1
    for v in _flat(values):
        out = out * v
    return out


def sum(values):
    out = 0
    for v in _flat(values):
        out = out + v
    return out


def mean(values):
    values = _flat(values)
    return sum(values) / len(values)


def sqrt(x):
    return _unary(math.sqrt, x)


def log(x):
    return _unary(math.log, x)


def log2(x):
    return _unary(math.log2, x)


def exp(x):
    return _unary(math.exp, x)


def floor(x):
    return _unary(lambda v: float(math.floor(v)), x)


def ceil(x):
    return _unary(lambda v: float(math.ceil(v)), x)


def round(x, decimals=0):
    return _unary(lambda v: float(builtins_round(v, decimals)), x)


def abs(x):
    return _unary(builtins_abs, x)


def maximum(a, b):
    return _binary(lambda x, y: x if x >= y else y, a, b)


def minimum(a, b):
    return _binary(lambda x, y: x if x <= y else y, a, b)


def power(a, b):
    return _binary(lambda x, y: x**y, a, b)


import builtins as _builtins  # noqa: E402

builtins_round = _builtins.round
builtins_abs = _builtins.abs
