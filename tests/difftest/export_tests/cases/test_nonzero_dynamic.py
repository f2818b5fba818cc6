"""test_nonzero_dynamic: nonzero with a bool as_tuple input and bounded dims."""
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()

    def forward(self, x: torch.Tensor, as_tuple: bool) -> torch.Tensor:
        return torch.nonzero(x, as_tuple=as_tuple)


model = M()
example_args = (torch.randn(3, 4, 5), False)
dynamic_shapes = {"x": {0: Dim("dim0_x", max=100), 1: Dim("dim1_x_max", max=7)}, "as_tuple": None}
