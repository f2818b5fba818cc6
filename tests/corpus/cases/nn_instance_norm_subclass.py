import torch
import torch.nn as nn


class ScaledNorm(nn.InstanceNorm1d):
    """A library module subclassed as users do: super().forward and its attributes."""

    def __init__(self, channels):
        super().__init__(channels, affine=True)
        self.scale = nn.Parameter(torch.ones(channels, 1))

    def forward(self, x):
        return super().forward(x) * self.scale + self.num_features


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = ScaledNorm(6)
        self.unbatched = nn.InstanceNorm1d(6)

    def forward(self, x):
        y = self.norm(x)
        if isinstance(self.norm, nn.InstanceNorm1d) and self.norm.affine:
            y = y + self.unbatched(x[0]).unsqueeze(0)
        return y


model = Net().eval()
example_args = (torch.randn(3, 6, 12),)
