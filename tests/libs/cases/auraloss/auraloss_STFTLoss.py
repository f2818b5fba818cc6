"""auraloss: STFTLoss (auraloss.freq), defaults, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from auraloss.freq import STFTLoss

model = STFTLoss().eval()
example_args = (torch.randn(2, 16, 1024), torch.randn(2, 16, 1024),)
dynamic_shapes = {"input": {0: Dim("batch"), 1: Dim("seq")}, "target": {0: Dim("batch"), 1: Dim("seq")}}
