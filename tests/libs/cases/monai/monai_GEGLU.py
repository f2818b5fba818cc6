"""monai: GEGLU (monai.networks.blocks.activation), defaults, eval mode."""
import torch
from monai.networks.blocks import GEGLU

model = GEGLU().eval()
example_args = (torch.randn(2, 3, 32, 32),)
