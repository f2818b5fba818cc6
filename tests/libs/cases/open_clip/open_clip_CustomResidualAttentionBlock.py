"""open_clip: CustomResidualAttentionBlock (open_clip.transformer), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from open_clip.transformer import CustomResidualAttentionBlock

model = CustomResidualAttentionBlock(d_model=32, n_head=2).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
