"""e3nn: LowPassFilter (e3nn.nn.models.v2103.voxel_convolution), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from e3nn.nn.models.v2103.voxel_convolution import LowPassFilter

model = LowPassFilter(scale=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"image": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
