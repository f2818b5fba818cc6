"""test_if_functional: in-place add on an intermediate, then a view."""
import torch


class Module(torch.nn.Module):
    def forward(self, x):
        z = x + 4
        z.add_(4)
        y = z.view(x.shape)
        return x.cos() + y.cos()


model = Module()
example_args = (torch.tensor([2, 3, 5]),)
