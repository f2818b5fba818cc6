"""coca_pytorch: CrossAttention (coca_pytorch.coca_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from coca_pytorch.coca_pytorch import CrossAttention

model = CrossAttention(dim=32).eval()
example_args = (torch.randn(2, 16, 32), torch.randn(2, 8, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}, "context": {0: Dim("batch")}}
