"""spandrel: FeedForward (spandrel.architectures.OmniSR.__arch.OSA), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from spandrel.architectures.OmniSR.__arch.OSA import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim.AUTO, 1: Dim.AUTO}}
