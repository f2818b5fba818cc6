"""pretrainedmodels.__dict__["xception"](num_classes=1000, pretrained=None), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
import pretrainedmodels

model = pretrainedmodels.__dict__["xception"](num_classes=1000, pretrained=None).eval()
example_args = (torch.randn(2, 3, 64, 64),)
dynamic_shapes = {"input": {0: Dim.AUTO}}
