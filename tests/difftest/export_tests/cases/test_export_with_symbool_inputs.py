"""test_export_with_symbool_inputs: a bool input picks sin or cos (test/dynamo/test_export.py)."""
import torch


class F(torch.nn.Module):
    def forward(self, pred: bool, x: torch.Tensor):
        if pred:
            return x.sin()
        else:
            return x.cos()


model = F()
example_args = (True, torch.randn([3, 4]))
