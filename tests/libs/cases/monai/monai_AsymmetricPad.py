"""monai: AsymmetricPad (monai.networks.nets.autoencoderkl), small configuration, eval mode."""
import torch
from monai.networks.nets.autoencoderkl import AsymmetricPad

model = AsymmetricPad(spatial_dims=2).eval()
example_args = (torch.randn(2, 16, 2),)
