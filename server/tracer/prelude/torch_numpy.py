"""The array `Tensor.numpy()` gives inside strict export: Dynamo traces
NumPy code over tensors through `torch._numpy`, whose `ndarray` holds the
tensor and maps array operations to tensor ops.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
What `torch._numpy` does not model breaks the graph
(`torch._exportlens_graph_break`, codes in `dynamo_breaks.rs`): an
attribute it lacks, a method it lacks, a cast to `object`.
"""
import torch


def _wrap(value):
    if isinstance(value, torch.Tensor):
        return ndarray(value)
    return value


def _unwrap(value):
    if isinstance(value, ndarray):
        return value._tensor
    return value


class ndarray:
    def __init__(self, tensor):
        self._tensor = tensor

    @property
    def shape(self):
        return tuple(self._tensor.shape)

    @property
    def ndim(self):
        return self._tensor.dim()

    @property
    def size(self):
        return self._tensor.numel()

    @property
    def dtype(self):
        return self._tensor.dtype

    @property
    def T(self):
        return ndarray(self._tensor.permute(*reversed(range(self._tensor.dim()))))

    def __len__(self):
        return len(self._tensor)

    def __getitem__(self, index):
        return _wrap(self._tensor[index])

    def __iter__(self):
        return iter([_wrap(t) for t in self._tensor])

    def __add__(self, other):
        return _wrap(self._tensor + _unwrap(other))

    def __radd__(self, other):
        return _wrap(_unwrap(other) + self._tensor)

    def __sub__(self, other):
        return _wrap(self._tensor - _unwrap(other))

    def __rsub__(self, other):
        return _wrap(_unwrap(other) - self._tensor)

    def __mul__(self, other):
        return _wrap(self._tensor * _unwrap(other))

    def __rmul__(self, other):
        return _wrap(_unwrap(other) * self._tensor)

    def __truediv__(self, other):
        return _wrap(self._tensor / _unwrap(other))

    def __neg__(self):
        return ndarray(-self._tensor)

    def copy(self):
        return ndarray(self._tensor.clone())

    def sum(self, axis=None):
        if axis is None:
            return _wrap(self._tensor.sum())
        return _wrap(self._tensor.sum(axis))

    def mean(self, axis=None):
        if axis is None:
            return _wrap(self._tensor.mean())
        return _wrap(self._tensor.mean(axis))

    def reshape(self, *shape):
        return ndarray(self._tensor.reshape(*shape))

    def astype(self, dtype):
        if dtype is object or dtype == "O" or dtype == "object":
            torch._exportlens_graph_break("GB0250")
        return self

    def tobytes(self, order="C"):
        torch._exportlens_graph_break("GB0158")

    def tofile(self, fid, sep="", format="%s"):
        torch._exportlens_graph_break("GB0158")

    def dumps(self):
        torch._exportlens_graph_break("GB0158")

    def dump(self, file):
        torch._exportlens_graph_break("GB0158")

    def __getattr__(self, name):
        if not name.startswith("__"):
            torch._exportlens_graph_break("GB0157")
        raise AttributeError(f"'ndarray' object has no attribute '{name}'")
