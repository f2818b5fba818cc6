"""auraloss: SDSDRLoss (auraloss.time), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from auraloss.time import SDSDRLoss

model = SDSDRLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"input": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "target": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
