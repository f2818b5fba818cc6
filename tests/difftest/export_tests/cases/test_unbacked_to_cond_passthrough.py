"""test_unbacked_to_cond_passthrough: torch.cond branches returning unbacked-shaped tensors."""
import torch


class M(torch.nn.Module):
    def forward(self, a):
        az = a.nonzero()

        def true_fn(x):
            return x + 1

        def false_fn(x):
            return x + 3

        r = torch.cond(az.size(0) > 3, true_fn, false_fn, (az,))
        return r * 2


model = M()
example_args = (torch.randn(7),)
