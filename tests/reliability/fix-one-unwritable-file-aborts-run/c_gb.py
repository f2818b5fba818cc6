"""A model whose forward branches on a tensor's value.

Strict export (TorchDynamo) reports a data-dependent graph break (GB0170);
non-strict export fails on the same line as a data-dependent decision.
The fix is `torch.cond` (or `torch.where` when both branches are cheap).
"""
import torch


class Normalizer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(16, 16)

    def forward(self, x):
        h = self.proj(x)
        if h.abs().max() > 10:
            h = h / h.abs().max()
        return torch.relu(h)


model = Normalizer()
example_args = (torch.randn(4, 16),)
