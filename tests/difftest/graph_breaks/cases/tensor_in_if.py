"""GB0170: if on a tensor (data-dependent branching)."""
import torch


class Model(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x.relu()
        return -x


model = Model()
example_args = (torch.randn(4, 8),)
