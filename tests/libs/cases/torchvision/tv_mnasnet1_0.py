"""torchvision.models.mnasnet1_0(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.mnasnet1_0(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
