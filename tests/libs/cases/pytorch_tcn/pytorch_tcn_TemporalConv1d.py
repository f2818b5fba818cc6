"""pytorch_tcn: TemporalConv1d (pytorch_tcn.conv), small configuration, eval mode. Dynamic batch, time."""
import torch
from torch.export import Dim
from pytorch_tcn import TemporalConv1d

model = TemporalConv1d(in_channels=3, out_channels=8, kernel_size=3).eval()
example_args = (torch.randn(2, 3, 64),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("time")}}
