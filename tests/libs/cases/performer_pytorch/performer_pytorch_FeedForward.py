"""performer_pytorch: FeedForward (performer_pytorch.performer_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from performer_pytorch.performer_pytorch import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
