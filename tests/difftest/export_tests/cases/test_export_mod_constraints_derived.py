"""test_export_mod_constraints: the same view with a static dim 0 and an even derived dim 1."""
import torch
from torch.export import Dim


class BasicDynamiShapeModel(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.view(x.shape[0] - 1, -1)


model = BasicDynamiShapeModel()
example_args = (torch.randn(3, 4),)
dynamic_shapes = {"x": (None, 2 * Dim("_dim1_x", max=4000))}
