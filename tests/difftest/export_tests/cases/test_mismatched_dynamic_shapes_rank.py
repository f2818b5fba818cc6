"""test_mismatched_dynamic_shapes: a spec of length 2 for a 3-d tensor."""
import torch
from torch.export import Dim


class O(torch.nn.Module):
    def forward(self, x):
        return x + 2


model = O()
example_args = (torch.randn(4, 8, 6),)
dynamic_shapes = {"x": (Dim("dim"), None)}
