"""A convolution under the weight-norm parametrization: each forward
recomputes the weight from its magnitude and direction (`_weight_norm`)."""
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.utils.parametrizations.weight_norm(nn.Conv1d(8, 8, 3, padding=1), name="weight", dim=2)
        self.proj = nn.utils.parametrizations.weight_norm(nn.Linear(8, 4))

    def forward(self, x):
        y = self.conv(x).transpose(1, 2)
        return self.proj(y)


model = Model()
example_args = (torch.randn(2, 8, 10),)
