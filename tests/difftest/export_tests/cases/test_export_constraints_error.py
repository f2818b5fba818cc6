"""test_export_constraints_error: conflicting torch._check bounds on an unbacked int."""
import torch


class ConflictingConstraints(torch.nn.Module):
    def forward(self, x):
        b = x.item()
        torch._check_is_size(b)
        torch._check(b >= 4)
        torch._check(b <= 5)
        torch._check(b <= 5)
        torch._check(True)
        return torch.full((b, 1), 1)


model = ConflictingConstraints()
example_args = (torch.tensor([3]),)
