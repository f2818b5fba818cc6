"""ncps: LeCun (ncps.torch.cfc_cell), defaults, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from ncps.torch.cfc_cell import LeCun

model = LeCun().eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
