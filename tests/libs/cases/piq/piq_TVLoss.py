"""piq: TVLoss (piq.tv), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from piq import TVLoss

model = TVLoss().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
