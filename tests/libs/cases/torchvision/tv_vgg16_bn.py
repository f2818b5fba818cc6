"""torchvision.models.vgg16_bn(weights=None), eval mode."""
import torch
import torchvision

model = torchvision.models.vgg16_bn(weights=None).eval()
example_args = (torch.randn(1, 3, 64, 64),)
