"""GB0257: constructing a TypedDict with optional keys in forward."""
import typing
import torch


class Out(typing.TypedDict, total=False):
    logits: torch.Tensor
    loss: torch.Tensor


class Model(torch.nn.Module):
    def forward(self, x):
        out = Out(logits=x * 2)
        return out["logits"]


model = Model()
example_args = (torch.randn(4, 8),)
