"""test_hoo_inline_users_issue: size arithmetic under no_grad returned as ints."""
import torch
from torch.export import Dim


class SetGradCase(torch.nn.Module):
    def forward(self, x):
        _x = x.shape[0] + 2
        _xx = _x + 2
        with torch.no_grad():
            y = _x * 4
        return _xx, y


model = SetGradCase()
example_args = (torch.randn(6),)
dynamic_shapes = {"x": (Dim("dx"),)}
