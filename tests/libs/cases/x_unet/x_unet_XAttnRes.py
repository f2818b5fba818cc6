"""x_unet: XAttnRes (x_unet.x_unet), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from x_unet import XAttnRes

model = XAttnRes(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
