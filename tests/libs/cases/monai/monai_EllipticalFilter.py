"""monai: EllipticalFilter (monai.networks.layers.simplelayers), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.layers import EllipticalFilter

model = EllipticalFilter(spatial_dims=2, size=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
