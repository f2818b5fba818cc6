"""test_masked_select_dynamic: masked_select under bounded dynamic dims."""
import torch
from torch.export import Dim


class M(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        mask = x.ge(0.5)
        return torch.masked_select(x, mask)


model = M()
example_args = (torch.randn(3, 4, 5),)
dynamic_shapes = {"x": {0: Dim("dim0_x", max=100), 1: Dim("dim1_x_max", max=7)}}
