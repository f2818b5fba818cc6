"""test_simple_unbacked_view: view [5, u0] -> [u0, 5]."""
import torch


class Foo(torch.nn.Module):
    def forward(self, x):
        u0 = x.item()
        y = torch.empty(5, u0)
        return y.view(u0, 5)  # [5, u0] -> [u0, 5]


model = Foo()
example_args = (torch.tensor([9]),)
