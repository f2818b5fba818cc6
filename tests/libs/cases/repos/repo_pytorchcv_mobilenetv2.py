"""mobilenetv2_w1(pretrained=False), eval mode."""
import torch
from pytorchcv.models.mobilenetv2 import mobilenetv2_w1

model = mobilenetv2_w1(pretrained=False).eval()
example_args = (torch.randn(1, 3, 224, 224),)
