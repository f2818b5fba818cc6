"""x_unet: Project (x_unet.x_unet), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from x_unet.x_unet import Project

model = Project(dim_in=32, dim_out=8).eval()
example_args = (torch.randn(2, 32),)
dynamic_shapes = {"x": {0: Dim("batch")}}
