"""monai: Flatten (monai.networks.layers.simplelayers), defaults, eval mode."""
import torch
from monai.networks.layers import Flatten

model = Flatten().eval()
example_args = (torch.randn(2, 3, 32, 32),)
