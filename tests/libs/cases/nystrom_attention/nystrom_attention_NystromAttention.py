"""nystrom_attention: NystromAttention (nystrom_attention.nystrom_attention), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from nystrom_attention import NystromAttention

model = NystromAttention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
