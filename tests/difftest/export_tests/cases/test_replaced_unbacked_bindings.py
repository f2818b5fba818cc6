"""test_replaced_unbacked_bindings: torch._check pins one .item() to 4 and another to a dynamic size."""
import torch
from torch.export import Dim


class Foo(torch.nn.Module):
    def forward(self, x, y, z):
        m, n = x.item(), y.item()
        torch._check(m == 4)
        torch._check(n == z.shape[0])
        return m + n + z


model = Foo()
example_args = (torch.tensor(4), torch.tensor(5), torch.randn(5))
dynamic_shapes = {"x": None, "y": None, "z": (Dim("dx", max=16),)}
