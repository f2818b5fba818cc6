"""GB0007: warnings.catch_warnings() around the computation."""
import warnings
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            y = x.softmax(-1)
        return y


model = Model()
example_args = (torch.randn(4, 8),)
