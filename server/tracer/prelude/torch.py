"""torch's top-level functions that torch writes in Python in
`torch/__init__.py` over other torch functions.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
"""
import torch


def sym_fresh_size(expr):
    # A fresh unbacked size equal to `expr` at run time.
    return torch.tensor(expr).item()


class memory_format:
    # torch's memory formats: opaque values an op reads by name.
    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name


class layout:
    # torch's tensor layouts: opaque values compared by identity; every
    # tensor the tracer makes is `strided` (`Tensor.layout`).
    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name


strided = layout("strided")
sparse_coo = layout("sparse_coo")
sparse_csr = layout("sparse_csr")
sparse_csc = layout("sparse_csc")
sparse_bsr = layout("sparse_bsr")
sparse_bsc = layout("sparse_bsc")
_mkldnn = layout("_mkldnn")

contiguous_format = memory_format("contiguous_format")
preserve_format = memory_format("preserve_format")
channels_last = memory_format("channels_last")
channels_last_3d = memory_format("channels_last_3d")
