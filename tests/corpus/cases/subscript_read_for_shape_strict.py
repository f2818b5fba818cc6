"""A subscript whose result is only read for its (symbolic) shape: strict
mode keeps its slice and select, since Dynamo reads the size off the
subscript's node; a static shape read would let it drop them."""
import torch
from torch import nn
from torch.export import Dim


class Model(nn.Module):
    def forward(self, x):
        last = x[:, :, -1]
        positions = torch.arange(last.shape[1])
        return x.sum(-1) + positions


model = Model()
example_args = (torch.randn(2, 6, 4),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq", max=64)}}
