import operator
from collections import OrderedDict
from collections.abc import Mapping, Sequence

import torch
import torch.nn as nn


class DenseBlock(nn.ModuleDict):
    """A container subclass iterating over its own items, as densenet's block does."""

    def __init__(self, layers, width):
        super().__init__()
        for i in range(layers):
            self.add_module(f"layer{i + 1}", nn.Linear(width * (i + 1), width))

    def forward(self, x):
        features = [x]
        for name, layer in self.items():
            features.append(torch.relu(layer(torch.cat(features, 1))))
        return torch.cat(features, 1)


class Net(nn.Module):
    def __init__(self, widths):
        super().__init__()
        if not (isinstance(widths, Sequence) and all(isinstance(w, int) for w in widths)):
            raise TypeError("widths should be a sequence of ints")
        self.block = DenseBlock(2, 4)
        self.heads = nn.ModuleList()
        for w in widths:
            self.heads.append(nn.Linear(12, w))
        self.heads.insert(0, nn.Identity())
        self.stem = nn.Sequential(OrderedDict([("fc", nn.Linear(4, 4)), ("act", nn.ReLU())]))
        self.stem.append(nn.Tanh())
        self.empty = nn.Sequential()
        self.gates = nn.ModuleDict({"relu": nn.ReLU(), "sig": nn.Sigmoid()})

    def forward(self, x):
        x = self.stem[:2](x) + self.stem[-1](x)
        if self.empty:
            x = self.empty(x)
        y = self.block(x)
        outs = [head(y) for head in self.heads[1:]]
        if "sig" in self.gates and isinstance(self.gates, Mapping) is False:
            outs.append(self.gates["sig"](y))
        n = operator.index(len(self.heads))
        return operator.add(outs[0], n), outs[-1]


model = Net([3, 5]).eval()
example_args = (torch.randn(2, 4),)
