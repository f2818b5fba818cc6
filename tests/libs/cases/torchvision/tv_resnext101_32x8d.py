"""torchvision.models.resnext101_32x8d(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.resnext101_32x8d(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
