"""monai: LaplaceFilter (monai.networks.layers.simplelayers), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.layers import LaplaceFilter

model = LaplaceFilter(spatial_dims=2, size=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
