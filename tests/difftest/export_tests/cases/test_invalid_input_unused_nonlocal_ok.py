"""test_invalid_input_unused_nonlocal_ok: an unused read of a closed-over tensor (test/dynamo/test_export.py)."""
import torch


def make():
    arglebargle = torch.randn(3)

    class F(torch.nn.Module):
        def forward(self, y):
            x = arglebargle
            return y

    return F()


model = make()
example_args = (torch.randn(3),)
