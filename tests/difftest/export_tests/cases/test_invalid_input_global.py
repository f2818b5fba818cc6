"""test_invalid_input_global: forward reads a module-level tensor global (test/dynamo/test_export.py)."""
import torch


bulbous_bouffant = torch.randn(3)


class F(torch.nn.Module):
    def forward(self, y):
        return bulbous_bouffant + y


model = F()
example_args = (torch.randn(3),)
