"""GB0107: Tensor.random_() to draw integer noise."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        noise = torch.empty_like(x).random_(0, 10)
        return x + noise


model = Model()
example_args = (torch.randn(4, 8),)
