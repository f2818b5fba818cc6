"""torchvision.models.maxvit_t(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.maxvit_t(weights=None).eval()
example_args = (torch.randn(1, 3, 224, 224),)
