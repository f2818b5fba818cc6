"""test_export_inline_constraints: .item() checked as a size, then used as a tensor size."""
import torch


class Module(torch.nn.Module):
    def forward(self, x):
        b = x.item()
        torch._check_is_size(b)
        return torch.full((b, 1), 1)


model = Module()
example_args = (torch.tensor([3]),)
