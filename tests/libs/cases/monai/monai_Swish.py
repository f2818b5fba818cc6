"""monai: Swish (monai.networks.blocks.activation), defaults, eval mode."""
import torch
from monai.networks.blocks import Swish

model = Swish().eval()
example_args = (torch.randn(2, 3, 32, 32),)
