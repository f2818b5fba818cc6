"""normflows: Split (normflows.flows.reshape), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from normflows.flows import Split

model = Split().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"z": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
