"""test_issue_157289: slice assignment into a cloned mask up to another input's dynamic width."""
import torch
from torch.export import Dim


class MyModule(torch.nn.Module):
    def __init__(self):
        super(MyModule, self).__init__()

    def forward(self, causal_mask, fill_value):
        causal_mask = causal_mask.clone()
        mask_length = fill_value.shape[-1]
        causal_mask[:, :, :, :mask_length] = fill_value
        return causal_mask


model = MyModule()
example_args = (torch.randn(2, 2, 3, 4), torch.randn(2, 2, 3, 3))
dynamic_shapes = {"causal_mask": {3: Dim("M")}, "fill_value": {3: Dim("N")}}
