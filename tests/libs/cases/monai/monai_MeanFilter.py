"""monai: MeanFilter (monai.networks.layers.simplelayers), small configuration, eval mode."""
import torch
from monai.networks.layers import MeanFilter

model = MeanFilter(spatial_dims=2, size=32).eval()
example_args = (torch.randn(2, 3, 32, 32),)
