"""test_dim_dynamic_specialization: an assert pins a Dim.DYNAMIC(min=32) dim to 32."""
import torch
from torch.export import Dim


class Bar(torch.nn.Module):
    def forward(self, x):
        assert x.shape[0] <= 32
        return x + 2


model = Bar()
example_args = (torch.randn(32),)
dynamic_shapes = {"x": {0: Dim.DYNAMIC(min=32)}}
