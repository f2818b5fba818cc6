"""GB0108: retain_grad() on an intermediate."""
import torch


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)

    def forward(self, x):
        h = self.lin(x)
        h.retain_grad()
        return h.relu()


model = Model()
example_args = (torch.randn(4, 8),)
