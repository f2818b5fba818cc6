"""test_export_constraints_error_not_in_range: Dim min=6 but the example size is 3."""
import torch
from torch.export import Dim


class InvalidInputConflictWithInputConstraints(torch.nn.Module):
    def forward(self, x):
        return x + 1


model = InvalidInputConflictWithInputConstraints()
example_args = (torch.zeros([3]),)
dynamic_shapes = {"x": {0: Dim("dim_x", min=6)}}
