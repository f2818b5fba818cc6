import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.export import Dim


class Net(nn.Module):
    """Ops of timm's ResMLP affine, ConvNeXt-V2 GRN, Swin-V2 cosine attention
    and HaloNet windows: addcmul/addcdiv, norms, F.normalize, unfold."""

    def __init__(self):
        super().__init__()
        self.alpha = nn.Parameter(torch.ones(8))
        self.beta = nn.Parameter(torch.zeros(8))

    def forward(self, x):
        y = torch.addcmul(self.beta, self.alpha, x)
        y = y.addcdiv(x, x.abs() + 1, value=0.5)
        g = y.norm(p=2, dim=1, keepdim=True)
        n = g / (g.mean(dim=-1, keepdim=True) + 1e-6)
        z = F.normalize(y, dim=-1) + n
        w = torch.linalg.vector_norm(z, dim=(1, 2)) + torch.norm(z)
        windows = z.unfold(1, 2, 2)
        return windows.sum(-1), w


example_args = (torch.randn(3, 4, 8),)
model = Net()
dynamic_shapes = {"x": {0: Dim("batch", min=1, max=64)}}
