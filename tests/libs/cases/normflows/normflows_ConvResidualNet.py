"""normflows: ConvResidualNet (normflows.nets.resnet), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from normflows.nets import ConvResidualNet

model = ConvResidualNet(in_channels=3, out_channels=8, hidden_channels=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"inputs": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
