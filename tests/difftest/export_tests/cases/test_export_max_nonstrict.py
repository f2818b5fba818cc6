"""test_export_max_nonstrict: torch.ones(max(x.item(), 1024))."""
import torch


class FooMax(torch.nn.Module):
    def forward(self, x):
        return torch.ones(max(x.item(), 1024))


model = FooMax()
example_args = (torch.tensor(4),)
