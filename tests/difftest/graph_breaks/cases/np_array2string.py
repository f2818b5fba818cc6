"""GB0294: np.array2string of activations."""
import numpy as np
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        s = np.array2string(x.numpy())
        return x * len(s)


model = Model()
example_args = (torch.randn(4, 8),)
