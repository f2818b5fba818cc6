"""torch.diff along the last dim with a prepended column, and along dim 0
of a boolean mask (aten.diff.default, printed up to its last non-default
argument)."""
import torch


class DiffPrepend(torch.nn.Module):
    def forward(self, x, first):
        steps = torch.diff(x, prepend=first, dim=-1)
        changes = torch.diff(x > 0, dim=0)
        return steps, changes, torch.diff(x)


model = DiffPrepend()
example_args = (torch.randn(3, 5), torch.randn(3, 1))
