"""torchvision.models.efficientnet_v2_l(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.efficientnet_v2_l(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
