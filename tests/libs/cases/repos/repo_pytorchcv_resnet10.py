"""resnet10(pretrained=False), eval mode."""
import torch
from pytorchcv.models.resnet import resnet10

model = resnet10(pretrained=False).eval()
example_args = (torch.randn(1, 3, 224, 224),)
