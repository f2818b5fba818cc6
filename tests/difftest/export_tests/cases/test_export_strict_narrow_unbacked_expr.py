"""test_export_strict_narrow_unbacked_expr: narrow with an unbacked start and torch.sym_fresh_size length."""
import torch


class Module(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, x, p):
        u0 = p.item()
        torch._check(u0 + 5 <= x.shape[0])
        torch._check(u0 >= 0)
        # Create a tensor of size: (x.shape[0] - u0 - 5).
        return x.narrow(0, u0 + 5, self.fn(x.shape[0] - u0 - 5))


model = Module(torch.sym_fresh_size)
example_args = (torch.arange(10), torch.tensor(2))
