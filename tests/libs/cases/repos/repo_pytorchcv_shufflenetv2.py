"""shufflenetv2_w1(pretrained=False), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from pytorchcv.models.shufflenetv2 import shufflenetv2_w1

model = shufflenetv2_w1(pretrained=False).eval()
example_args = (torch.randn(2, 3, 224, 224),)
dynamic_shapes = {"x": {0: Dim("batch", min=1, max=64)}}
