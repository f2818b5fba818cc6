"""monai: SharpenFilter (monai.networks.layers.simplelayers), small configuration, eval mode."""
import torch
from monai.networks.layers import SharpenFilter

model = SharpenFilter(spatial_dims=2, size=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
