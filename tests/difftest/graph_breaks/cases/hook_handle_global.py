"""GB0101: storing a tensor hook handle in a global."""
import torch


HANDLE = None


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)

    def forward(self, x):
        global HANDLE
        h = self.lin(x)
        HANDLE = h.register_hook(lambda g: g * 0.5)
        return h


model = Model()
example_args = (torch.randn(4, 8),)
