"""GB0092: returning a tensor hook's RemovableHandle."""
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)

    def forward(self, x):
        h = self.lin(x)
        handle = h.register_hook(lambda g: g * 0.5)
        return h, handle


model = Model()
example_args = (torch.randn(4, 8),)
