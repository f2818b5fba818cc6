"""test_unbacked_to_cond: torch.cond on an unbacked nonzero count."""
import torch


class M(torch.nn.Module):
    def forward(self, a):
        az = a.nonzero()

        def true_fn(x):
            return (x + 1).sum()

        def false_fn(x):
            return (x + 3).sum()

        r = torch.cond(az.size(0) > 3, true_fn, false_fn, (az,))
        return r * 2


model = M()
example_args = (torch.randn(7),)
