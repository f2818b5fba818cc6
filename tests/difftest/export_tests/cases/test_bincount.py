"""test_bincount: bincount with weights (data-dependent output size)."""
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        weights = torch.linspace(0, 1, steps=5)
        bc = x.bincount(weights)
        return bc


model = M()
example_args = (torch.randint(0, 8, (5,), dtype=torch.int64),)
