"""test_set_example_inputs: a positional input returned as is, keyword-only inputs summed."""
import torch


class M(torch.nn.Module):
    def forward(self, a, *, x, y, z):
        return a, x + y + z


model = M()
example_args = (torch.ones(3),)
example_kwargs = {"z": torch.ones(3), "y": torch.ones(3), "x": torch.ones(3)}
