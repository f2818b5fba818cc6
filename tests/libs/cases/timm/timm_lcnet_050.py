"""timm.create_model("lcnet_050", pretrained=False), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
import timm

model = timm.create_model("lcnet_050", pretrained=False).eval()
example_args = (torch.randn(2, 3, 64, 64),)
dynamic_shapes = {"x": {0: Dim.AUTO}}
