"""test_is_nonzero: torch.is_nonzero of a 0-d tensor."""
import torch


class Foo(torch.nn.Module):
    def forward(self, x):
        return torch.is_nonzero(x)


model = Foo()
example_args = (torch.full((), 1),)
