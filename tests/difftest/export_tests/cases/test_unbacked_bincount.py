"""test_unbacked_bincount: tolist() values as a size and a bincount minlength."""
import torch


class Foo(torch.nn.Module):
    def forward(self, xs):
        u0, u1 = xs.tolist()
        x = torch.ones(u0, dtype=torch.int64)
        y = torch.bincount(x, minlength=u1)
        return y


model = Foo()
example_args = (torch.tensor([20, 10]),)
