"""test_export_slice_maxsize: aten.slice through *args with an int end of sys.maxsize."""
import torch
from torch.export import Dim


class Slice(torch.nn.Module):
    def forward(self, *args):
        return torch.ops.aten.slice.Tensor(*args)


model = Slice()
example_args = (torch.rand((10, 3, 224, 224)), 0, 0, 9223372036854775807)
dynamic_shapes = (({0: Dim("dim")}, None, None, None),)
