"""GB0088: forward raises ValueError on a bad shape."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        if x.shape[1] != 3:
            raise ValueError("expected 3 channels")
        return x


model = Model()
example_args = (torch.randn(4, 8),)
