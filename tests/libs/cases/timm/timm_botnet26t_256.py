"""timm.create_model("botnet26t_256", pretrained=False), eval mode. Dynamic batch."""
import torch
from torch.export import Dim
import timm

model = timm.create_model("botnet26t_256", pretrained=False).eval()
example_args = (torch.randn(2, 3, 256, 256),)
dynamic_shapes = {"x": {0: Dim("batch", min=1, max=64)}}
