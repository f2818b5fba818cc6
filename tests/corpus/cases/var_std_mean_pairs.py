"""torch.var_mean / torch.std_mean return (statistic, mean) from one op with a getitem each (weight standardization as some conv layers write it)."""
import torch
from torch import nn
from torch.export import Dim


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(8, 4, 3, 3))

    def forward(self, x):
        var, mean = torch.var_mean(self.weight, dim=[1, 2, 3], keepdim=True, unbiased=False)
        w = (self.weight - mean) / torch.sqrt(var + 1e-5)
        s, m = torch.std_mean(x, dim=1)
        return torch.nn.functional.conv2d(x, w, padding=1), s + m

model = Model().eval()
example_args = (torch.randn(2, 4, 8, 8),)
dynamic_shapes = {"x": {0: Dim("batch", max=64)}}
