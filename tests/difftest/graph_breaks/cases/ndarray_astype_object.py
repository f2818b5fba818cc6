"""GB0250: ndarray.astype(object) on a tensor's NumPy view."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        a = x.numpy().astype(object)
        return x * len(a)


model = Model()
example_args = (torch.randn(4, 8),)
