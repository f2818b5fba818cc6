"""GB0158: ndarray.tobytes() on a tensor's NumPy view."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        raw = x.numpy().tobytes()
        return x * len(raw)


model = Model()
example_args = (torch.randn(4, 8),)
