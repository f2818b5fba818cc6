import copy
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class _StageConfig:
    in_channels: int
    out_channels: int
    depth: int


class StageConfig(_StageConfig):
    """A subclass with its own __init__ reaching the generated one through super()."""

    def __init__(self, in_channels, out_channels, depth, width_mult=1.0):
        super().__init__(int(in_channels * width_mult), int(out_channels * width_mult), depth)


class Net(nn.Module):
    def __init__(self, settings):
        super().__init__()
        layers = []
        for cnf in settings:
            for i in range(cnf.depth):
                block_cnf = copy.copy(cnf)
                if i > 0:
                    block_cnf.in_channels = block_cnf.out_channels
                layers.append(nn.Linear(block_cnf.in_channels, block_cnf.out_channels))
        self.body = nn.Sequential(*layers)
        self.twin = copy.deepcopy(self.body[-1])
        self.settings = copy.deepcopy(settings)
        self.settings[0].depth = 99

    def forward(self, x):
        y = self.body(x)
        return y + self.twin(y) * settings[0].depth


settings = [StageConfig(4, 8, 2), StageConfig(4, 6, 2, width_mult=2.0)]
model = Net(settings).eval()
example_args = (torch.randn(3, 4),)
