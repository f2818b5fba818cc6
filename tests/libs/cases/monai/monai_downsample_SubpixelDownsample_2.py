"""monai: SubpixelDownsample (monai.networks.blocks.downsample), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.blocks import SubpixelDownsample

model = SubpixelDownsample(spatial_dims=2, in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
