"""Memory formats as values: torch.preserve_format and torch.contiguous_format passed to .to() and .clone() (OpInfo samples pass them)."""
import torch
from torch import nn

class Model(nn.Module):
    def forward(self, x):
        a = x.to('cpu', torch.float64, True, True, memory_format=torch.preserve_format)
        b = x.transpose(0, 1).clone(memory_format=torch.contiguous_format)
        return a, b

model = Model().eval()
example_args = (torch.randn(2, 3, 4, 4),)
