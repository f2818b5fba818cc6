"""piq: DSSLoss (piq.dss), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from piq import DSSLoss

model = DSSLoss().eval()
example_args = (torch.randn(2, 3, 32, 32), torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"prediction": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}, "target": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
