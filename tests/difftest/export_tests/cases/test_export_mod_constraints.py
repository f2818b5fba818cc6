"""test_export_mod_constraints: view(x.shape[0] - 1, -1) needs divisibility of the dynamic sizes."""
import torch
from torch.export import Dim


class BasicDynamiShapeModel(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.view(x.shape[0] - 1, -1)


model = BasicDynamiShapeModel()
example_args = (torch.randn(3, 4),)
dynamic_shapes = {"x": (Dim("dim0_x", min=3), Dim("dim1_x", max=8000))}
