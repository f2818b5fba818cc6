"""torchvision.models.swin_v2_b(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.swin_v2_b(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
