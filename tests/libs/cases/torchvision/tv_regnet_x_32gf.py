"""torchvision.models.regnet_x_32gf(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.regnet_x_32gf(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
