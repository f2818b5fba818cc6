"""monai: OverlapPatchEmbed (monai.networks.nets.restormer), small configuration, eval mode."""
import torch
from monai.networks.nets.restormer import OverlapPatchEmbed

model = OverlapPatchEmbed(spatial_dims=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
