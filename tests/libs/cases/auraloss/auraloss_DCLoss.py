"""auraloss: DCLoss (auraloss.time), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from auraloss.time import DCLoss

model = DCLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"input": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}, "target": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
