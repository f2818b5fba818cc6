"""torch's top-level functions that torch writes in Python in
`torch/__init__.py` over other torch functions.

Run by the exportlens tracer (never by CPython), as `prelude/nn.py` is.
"""
import torch


def sym_fresh_size(expr):
    # A fresh unbacked size equal to `expr` at run time.
    return torch.tensor(expr).item()
