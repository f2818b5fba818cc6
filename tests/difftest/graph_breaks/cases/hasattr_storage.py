"""GB0150: hasattr on a tensor's untyped storage."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        if hasattr(x.untyped_storage(), "filename"):
            return x
        return x * 2


model = Model()
example_args = (torch.randn(4, 8),)
