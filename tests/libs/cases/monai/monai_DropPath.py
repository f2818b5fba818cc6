"""monai: DropPath (monai.networks.layers.drop_path), defaults, eval mode."""
import torch
from monai.networks.layers import DropPath

model = DropPath().eval()
example_args = (torch.randn(2, 3, 32, 32),)
