"""torch.nn.utils.weight_norm, the hook form audio decoders use: the weight
becomes weight_g and weight_v, registered after the bias, and a forward
pre-hook recomputes it with aten._weight_norm before each call."""
import torch
from torch import nn
from torch.export import Dim
from torch.nn.utils import weight_norm


class ResidualUnit(nn.Module):
    def __init__(self, channels=8):
        super().__init__()
        self.conv1 = weight_norm(nn.Conv1d(channels, channels, kernel_size=7, padding=3))
        self.conv2 = nn.utils.weight_norm(nn.Conv1d(channels, channels, kernel_size=1), dim=1)

    def forward(self, x):
        return x + self.conv2(torch.tanh(self.conv1(x)))


model = ResidualUnit()
example_args = (torch.randn(2, 8, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("time", min=8)}}
