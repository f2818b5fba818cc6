"""GB0244: constructing an nn.Linear inside forward (creates Parameters)."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        proj = torch.nn.Linear(x.shape[1], 4)
        return proj(x)


model = Model()
example_args = (torch.randn(4, 8),)
