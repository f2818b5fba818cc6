"""test_kwargs_reorder: keyword-only inputs given in another order."""
import torch


class M(torch.nn.Module):
    def forward(self, *, x, y, z):
        return x + y + z


model = M()
example_args = ()
example_kwargs = {"z": torch.ones(3), "y": torch.ones(3), "x": torch.ones(3)}
