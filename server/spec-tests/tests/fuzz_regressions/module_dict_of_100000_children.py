"""Found by the pipeline fuzzer: a ModuleDict filled with 10^5 children by
add_module; each name lookup scanned the registry, 20 s before the step
budget ran out, until registries were looked up through their hash index."""
import torch
import torch.nn as nn


class Stack(nn.ModuleDict):
    def __init__(self, depth, width):
        super().__init__()
        for i in range(depth):
            self.add_module(f"fc{i}", nn.Linear(width, width))

    def forward(self, x):
        for layer in self.values():
            x = layer(x)
        return x


model = Stack(100000, 4).eval()
example_args = (torch.randn(2, 4),)
