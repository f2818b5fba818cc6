"""x_clip: RearrangeImage (x_clip.x_clip), defaults, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from x_clip.x_clip import RearrangeImage

model = RearrangeImage().eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
