import torch
import torch.nn as nn


class Block(nn.Module):
    """nn.Identity stands in for an optional layer, taking that layer's arguments."""

    def __init__(self, channels, use_act):
        super().__init__()
        act = nn.ReLU if use_act else nn.Identity
        self.act = act(inplace=True)
        self.norm = nn.Identity(channels, eps=1e-5)
        self.proj = nn.Linear(channels, channels)

    def forward(self, x):
        return self.act(self.norm(self.proj(x)))


model = Block(8, use_act=False).eval()
example_args = (torch.randn(3, 8),)
