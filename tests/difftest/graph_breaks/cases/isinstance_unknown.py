"""GB0208: x.storage() in forward (a torch call returning a non-tensor)."""
import collections.abc
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        if isinstance(x.storage(), collections.abc.Sized):
            return x + 1
        return x


model = Model()
example_args = (torch.randn(4, 8),)
