"""monai: FactorizedIncreaseBlock (monai.networks.blocks.dints_block), small configuration, eval mode."""
import torch
from monai.networks.blocks import FactorizedIncreaseBlock

model = FactorizedIncreaseBlock(in_channel=32, out_channel=32, spatial_dims=2).eval()
example_args = (torch.randn(2, 32, 32, 32),)
