"""torch.library.custom_op as a decorator with its schema inferred from annotations (an int default, a keyword-only float), @op.register_fake, a tuple-returning op registered by name and called through torch.ops, a list-returning op and a mutating op returning None."""
from typing import List, Optional

import torch
from torch import nn
from torch.export import Dim


@torch.library.custom_op("exportlens_deco::twice", mutates_args=())
def twice(x: torch.Tensor, k: int = 2, *, shift: float = 0.0) -> torch.Tensor:
    return x * k + shift


@twice.register_fake
def _(x, k=2, *, shift=0.0):
    return torch.empty_like(x)


def _halves(x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    return x[:1].clone(), x[1:].clone()


torch.library.custom_op("exportlens_deco::halves", _halves, mutates_args=())


@torch.library.register_fake("exportlens_deco::halves")
def _(x):
    return x.new_empty(1, x.shape[1]), x.new_empty(x.shape[0] - 1, x.shape[1])


@torch.library.custom_op("exportlens_deco::pieces", mutates_args=())
def pieces(x: torch.Tensor, w: Optional[torch.Tensor] = None, *, dims: Optional[List[int]] = None) -> List[torch.Tensor]:
    return [x.sum(0), x.sum(1)]


@pieces.register_fake
def _(x, w=None, *, dims=None):
    return [x.new_empty(x.shape[1]), x.new_empty(x.shape[0])]


@torch.library.custom_op("exportlens_deco::add_into", mutates_args=("out",))
def add_into(x: torch.Tensor, out: torch.Tensor) -> None:
    out.add_(x)


@add_into.register_fake
def _(x, out):
    return None


class Model(nn.Module):
    def forward(self, x):
        y = twice(x, 3)
        y2 = twice(x, k=2, shift=1.5)
        a, b = torch.ops.exportlens_deco.halves(y)
        c = torch.ops.exportlens_deco.twice.default(b)
        p = pieces(x, None, dims=[0, 1])
        q = pieces(x, x)
        buf = torch.zeros_like(x)
        add_into(y2, buf)
        return a + 1, c, p[0], q[1], buf


model = Model()
example_args = (torch.randn(4, 3),)
dynamic_shapes = {"x": {0: Dim("n", min=3, max=64)}}
