"""GB9186: torch.autograd.grad inside forward (input gradients)."""
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 1)

    def forward(self, x):
        x = x.detach().requires_grad_(True)
        (g,) = torch.autograd.grad(self.lin(x).sum(), x)
        return g


model = Model()
example_args = (torch.randn(4, 8),)
