"""GB0123: .backward() called inside forward (gradient penalty)."""
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 1)

    def forward(self, x):
        out = self.lin(x).sum()
        out.backward()
        return self.lin.weight.grad


model = Model()
example_args = (torch.randn(4, 8),)
