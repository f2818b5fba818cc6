"""GB0467: registering a forward hook on a submodule inside forward."""
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)

    def forward(self, x):
        self.lin.register_forward_hook(lambda m, i, o: o * 2)
        return self.lin(x)


model = Model()
example_args = (torch.randn(4, 8),)
