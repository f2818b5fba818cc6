"""torchvision.models.mnasnet0_75(weights=None), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
import torchvision

model = torchvision.models.mnasnet0_75(weights=None).eval()
example_args = (torch.randn(2, 3, 64, 64),)
dynamic_shapes = {"x": {0: Dim("batch", min=1, max=64)}}
