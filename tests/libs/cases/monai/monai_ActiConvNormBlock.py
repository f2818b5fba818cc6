"""monai: ActiConvNormBlock (monai.networks.blocks.dints_block), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.blocks import ActiConvNormBlock

model = ActiConvNormBlock(in_channel=32, out_channel=32, spatial_dims=2).eval()
example_args = (torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"input": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
