"""e3nn: LowPassFilter (e3nn.nn.models.v2104.voxel_convolution), small configuration, eval mode."""
import torch
from e3nn.nn.models.v2104.voxel_convolution import LowPassFilter

model = LowPassFilter(scale=2).eval()
example_args = (torch.randn(2, 3, 32, 32),)
