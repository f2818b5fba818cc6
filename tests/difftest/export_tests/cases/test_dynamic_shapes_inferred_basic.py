"""test_dynamic_shapes_inferred_basic: (x + y[0])[:3] times a static dict entry."""
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def forward(self, x, y, z):
        # x and y[0] must have same dynamic shape (say `dim`) >= 3
        tmp = (x + y[0])[:3]
        # z["k"] must have static shape = 3
        return tmp * z["k"]


model = M()
example_args = (torch.randn(4), [torch.randn(4)], {"k": torch.randn(3)})
dynamic_shapes = ((Dim.DYNAMIC,), [(Dim.DYNAMIC,)], {"k": (Dim.DYNAMIC,)})
