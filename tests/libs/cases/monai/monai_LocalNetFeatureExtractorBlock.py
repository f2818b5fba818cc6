"""monai: LocalNetFeatureExtractorBlock (monai.networks.blocks.localnet_block), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.blocks import LocalNetFeatureExtractorBlock

model = LocalNetFeatureExtractorBlock(spatial_dims=2, in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3, 32, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 2: Dim.AUTO, 3: Dim.AUTO}}
