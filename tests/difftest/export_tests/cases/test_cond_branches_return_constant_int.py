"""test_cond_branches_return_constant_int: torch.cond branches return different ints used as an index."""
import torch


class M(torch.nn.Module):
    def forward(self, x):
        idx = torch.cond(x.sum() > 3, lambda: 0, lambda: 1, tuple())
        return x[idx]


model = M()
example_args = (torch.randn(3, 3),)
