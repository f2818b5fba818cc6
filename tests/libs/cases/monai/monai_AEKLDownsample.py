"""monai: AEKLDownsample (monai.networks.nets.autoencoderkl), small configuration, eval mode."""
import torch
from monai.networks.nets.autoencoderkl import AEKLDownsample

model = AEKLDownsample(spatial_dims=2, in_channels=3).eval()
example_args = (torch.randn(2, 3, 32, 32),)
