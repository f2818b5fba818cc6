"""torchvision.models.vgg13(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.vgg13(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
