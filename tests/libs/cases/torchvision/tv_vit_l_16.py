"""torchvision.models.vit_l_16(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.vit_l_16(weights=None).eval()
example_args = (torch.randn(1, 3, 224, 224),)
