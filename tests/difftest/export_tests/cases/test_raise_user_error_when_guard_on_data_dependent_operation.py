"""test_raise_user_error_when_guard_on_data_dependent_operation: a branch on a nonzero count."""
import torch


class M(torch.nn.Module):
    def forward(self, x):
        y = x.nonzero()
        z = y.shape[0]
        if z > 2:
            return x.cos()
        else:
            return x.sin()


model = M()
example_args = (torch.tensor([2, 3, 5]),)
