"""GB0110: Tensor.uniform_ with the `from` keyword."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        noise = torch.empty_like(x).uniform_(**{"from": -1.0, "to": 1.0})
        return x + noise


model = Model()
example_args = (torch.randn(4, 8),)
