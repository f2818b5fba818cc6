"""torch.library.custom_op in its functional form with an explicit schema and register_fake by name (transformers' MoE fallback), called through torch.ops.NS.NAME with a keyword: one node per call, its value the fake's."""
import torch
from torch import nn
from torch.export import Dim


def _grouped(input: torch.Tensor, weight: torch.Tensor, offs: torch.Tensor) -> torch.Tensor:
    out = torch.zeros(input.size(0), weight.size(2), dtype=input.dtype)
    start = 0
    for i, end in enumerate(offs.tolist()):
        out[start:end] = input[start:end] @ weight[i]
        start = end
    return out


def _grouped_fake(input, weight, offs):
    assert input.dim() == 2
    assert offs.size(0) == weight.size(0)
    assert input.size(1) == weight.size(1)
    return torch.empty(input.size(0), weight.size(2), dtype=input.dtype)


torch.library.custom_op("exportlens_test::grouped_mm", _grouped, mutates_args=(), schema="(Tensor input, Tensor weight, Tensor offs) -> Tensor")
torch.library.register_fake("exportlens_test::grouped_mm", _grouped_fake)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.randn(4, 8, 6))

    def forward(self, x):
        offs = torch.tensor([2, 4, 6, 8]).to(torch.int32)
        y = torch.ops.exportlens_test.grouped_mm(x * 2, self.w, offs=offs)
        z = torch.ops.exportlens_test.grouped_mm.default(x, self.w, offs)
        return y.relu() + z


model = Model()
example_args = (torch.randn(8, 8),)
dynamic_shapes = {"x": {0: Dim("n", min=2, max=64)}}
