"""torchvision.models.swin_t(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.swin_t(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
