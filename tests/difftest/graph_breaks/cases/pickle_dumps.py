"""GB0007: pickle.dumps of a tensor to measure its payload."""
import pickle
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        n = len(pickle.dumps(x))
        return x * n


model = Model()
example_args = (torch.randn(4, 8),)
