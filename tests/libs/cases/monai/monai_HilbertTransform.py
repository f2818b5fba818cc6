"""monai: HilbertTransform (monai.networks.layers.simplelayers), defaults, eval mode."""
import torch
from monai.networks.layers import HilbertTransform

model = HilbertTransform().eval()
example_args = (torch.randn(2, 3, 32, 32),)
