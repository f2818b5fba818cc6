"""GB4841: range() with a tensor as the step count."""
import torch


class Model(torch.nn.Module):
    def forward(self, x, steps):
        for _ in range(steps):
            x = x * 0.5
        return x


model = Model()
example_args = (torch.randn(4, 8), torch.tensor(3))
