"""A `forward(self, *args)` wrapper given one dict spec per tensor: torch
binds the inputs to `args` as one tuple, so its spec must be a tuple too
("Detected mismatch between the structure of `inputs` and
`dynamic_shapes`")."""
import torch
from torch.export import Dim


class Scale(torch.nn.Module):
    def __init__(self, scale=2.0):
        super().__init__()
        self.scale = scale
        self.fn = torch.nn.Identity()

    def forward(self, *args, **kwargs):
        return self.fn(*args, **kwargs) * self.scale


model = Scale()
example_args = (torch.randn(2, 3, 8, 8),)
dynamic_shapes = ({0: Dim("batch"), 2: Dim("height")},)
