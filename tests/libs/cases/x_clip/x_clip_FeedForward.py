"""x_clip: FeedForward (x_clip.x_clip), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from x_clip.x_clip import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
