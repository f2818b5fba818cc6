"""test_math_pow: math.pow of min(.item(), 10)."""
import math
import torch


class M(torch.nn.Module):
    def forward(self, x, y):
        b = x.item()
        p = min(b, 10)
        p = math.pow(p, 10)
        return y * p


model = M()
example_args = (torch.tensor(5), torch.randn(5))
