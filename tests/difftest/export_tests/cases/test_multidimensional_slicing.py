"""test_multidimensional_slicing: y[0, b] for a torch._check'ed .item()."""
import torch


class M(torch.nn.Module):
    def forward(self, x, y):
        b = x.item()
        torch._check(b >= 0)
        torch._check(b < y.shape[0])
        return y[0, b]


model = M()
example_args = (torch.tensor(4), torch.ones(10, 10))
