"""torchvision.models.inception_v3(weights=None), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
import torchvision

model = torchvision.models.inception_v3(weights=None).eval()
example_args = (torch.randn(2, 3, 96, 96),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
