"""GB4197: Tensor.share_memory_() on an intermediate."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        y.share_memory_()
        return y


model = Model()
example_args = (torch.randn(4, 8),)
