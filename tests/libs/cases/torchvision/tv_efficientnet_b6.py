"""torchvision.models.efficientnet_b6(weights=None), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
import torchvision

model = torchvision.models.efficientnet_b6(weights=None).eval()
example_args = (torch.randn(2, 3, 64, 64),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
