"""GB0007: contextlib.ExitStack in forward (a function Dynamo skips)."""
import contextlib
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        with contextlib.ExitStack() as stack:
            stack.enter_context(torch.no_grad())
            y = x * 2
        return y


model = Model()
example_args = (torch.randn(4, 8),)
