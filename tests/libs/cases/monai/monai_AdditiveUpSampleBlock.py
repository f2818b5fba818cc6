"""monai: AdditiveUpSampleBlock (monai.networks.nets.regunet), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.nets.regunet import AdditiveUpSampleBlock

model = AdditiveUpSampleBlock(spatial_dims=2, in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
