"""smp.FPN("resnet18", encoder_weights=None, classes=2), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
import segmentation_models_pytorch as smp

model = smp.FPN("resnet18", encoder_weights=None, classes=2).eval()
example_args = (torch.randn(2, 3, 64, 64),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
