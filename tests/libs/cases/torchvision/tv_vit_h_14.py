"""torchvision.models.vit_h_14(weights=None), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
import torchvision

model = torchvision.models.vit_h_14(weights=None).eval()
example_args = (torch.randn(2, 3, 224, 224),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
