"""torch.atleast_1d/2d/3d: one tensor (default overload) and several (Sequence, a tuple node)."""
import torch
class M(torch.nn.Module):
    def forward(self, x, s):
        a = torch.atleast_1d(x)
        b = torch.atleast_2d(x)
        c = torch.atleast_3d(x)
        d = torch.atleast_1d(s)
        e, f = torch.atleast_2d(x, s)
        return a, b, c, d, e, f
model = M()
example_args = (torch.randn(4), torch.tensor(2.0))
