"""monai: MaxAvgPool (monai.networks.blocks.downsample), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from monai.networks.blocks import MaxAvgPool

model = MaxAvgPool(spatial_dims=2, kernel_size=3).eval()
example_args = (torch.randn(2, 16, 3),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
