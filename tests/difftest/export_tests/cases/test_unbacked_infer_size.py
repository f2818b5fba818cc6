"""test_unbacked_infer_size: torch.empty(u0 - 1) for a size-checked .item()."""
import torch


class Foo(torch.nn.Module):
    def forward(self, x):
        u0 = x.item()
        torch._check_is_size(u0)
        t = torch.empty(u0 - 1)
        return t + t


model = Foo()
example_args = (torch.tensor([5]),)
