"""torchvision.models.mobilenet_v3_large(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.mobilenet_v3_large(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
