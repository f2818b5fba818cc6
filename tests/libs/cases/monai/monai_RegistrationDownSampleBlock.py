"""monai: RegistrationDownSampleBlock (monai.networks.blocks.regunet_block), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from monai.networks.blocks import RegistrationDownSampleBlock

model = RegistrationDownSampleBlock(spatial_dims=2, channels=32, pooling=False).eval()
example_args = (torch.randn(2, 32, 32, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 2: Dim("height"), 3: Dim("width")}}
