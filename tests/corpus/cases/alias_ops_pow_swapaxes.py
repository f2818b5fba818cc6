"""Scalar-base powers record aten.pow.Scalar; swapaxes stays aten.swapaxes; Dropout2d(inplace=True) records feature_dropout_ (timm EdgeNeXt, smp FPN, torchvision MaxViT)."""
import torch
from torch import nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.temperature = 10000
        self.drop = nn.Dropout2d(0.1, inplace=True)

    def forward(self, x):
        d = torch.arange(8, dtype=torch.float32, device=x.device)
        d = self.temperature ** (2 * torch.div(d, 2, rounding_mode='floor') / 8)
        e = 2 ** x
        f = torch.swapaxes(x, 0, 1)
        g = x.swapaxes(0, 1)
        h = self.drop(x.clone())
        return d, e, f, g, h

model = Model().eval()
example_args = (torch.randn(2, 3, 4, 4),)
