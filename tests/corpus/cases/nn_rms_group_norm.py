import torch
import torch.nn as nn
from torch.export import Dim


class Norms(nn.Module):
    def __init__(self):
        super().__init__()
        self.rms = nn.RMSNorm(8)
        self.rms_fixed = nn.RMSNorm([4, 8], eps=1e-3, elementwise_affine=False)
        self.layer = nn.LayerNorm(8, bias=False)
        self.group = nn.GroupNorm(2, 4, affine=False)

    def forward(self, x):
        assert self.rms.eps is None
        assert self.rms.normalized_shape == (8,) and self.rms_fixed.normalized_shape == (4, 8)
        assert self.layer.bias is None and self.group.weight is None
        return self.group(self.layer(self.rms_fixed(self.rms(x))))


model = Norms()
example_args = (torch.randn(2, 4, 6, 4, 8),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("h", min=2, max=32)}}
