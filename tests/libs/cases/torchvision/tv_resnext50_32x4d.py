"""torchvision.models.resnext50_32x4d(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.resnext50_32x4d(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
