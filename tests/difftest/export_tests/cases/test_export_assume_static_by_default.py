"""test_export_assume_static_by_default: a branch on a static size."""
import torch


class Module(torch.nn.Module):
    def forward(self, x: torch.Tensor):
        if x.shape[0] == 4:
            return x + 1
        else:
            return x


model = Module()
example_args = (torch.rand(4, 5),)
