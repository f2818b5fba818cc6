"""gMLPVision(image_size=64, patch_size=16, num_classes=10, dim=128, depth=2), eval mode."""
import torch
from g_mlp_pytorch import gMLPVision

model = gMLPVision(image_size=64, patch_size=16, num_classes=10, dim=128, depth=2).eval()
example_args = (torch.randn(1, 3, 64, 64),)
