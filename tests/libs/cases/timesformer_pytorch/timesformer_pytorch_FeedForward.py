"""timesformer_pytorch: FeedForward (timesformer_pytorch.timesformer_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from timesformer_pytorch.timesformer_pytorch import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
