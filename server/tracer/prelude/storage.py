"""A tensor's storage and data pointer as Python sees them
(`torch/storage.py`'s `UntypedStorage`; `Tensor.data_ptr()`).

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
A fake tensor has no memory: the storage knows its size only. In strict
export `data_ptr()` is Dynamo's symbolic pointer, which it can compare
only when both sides are the same tensor's and cannot take the truth of.
"""
import torch


class UntypedStorage:
    def __init__(self, tensor):
        self._tensor = tensor

    def size(self):
        return self._tensor.numel() * self._tensor.element_size()

    def nbytes(self):
        return self.size()

    def __len__(self):
        return self.size()

    def element_size(self):
        return 1

    def data_ptr(self):
        return self._tensor.data_ptr()


class _DataPtr:
    def __init__(self, tensor):
        self._tensor = tensor

    def __eq__(self, other):
        if isinstance(other, _DataPtr) and other._tensor is self._tensor:
            return True
        torch._exportlens_graph_break("GB5976")

    def __ne__(self, other):
        if isinstance(other, _DataPtr) and other._tensor is self._tensor:
            return False
        torch._exportlens_graph_break("GB5976")

    def __bool__(self):
        torch._exportlens_graph_break("GB9118")
