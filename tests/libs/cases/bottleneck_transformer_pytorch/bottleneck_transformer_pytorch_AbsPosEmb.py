"""bottleneck_transformer_pytorch: AbsPosEmb (bottleneck_transformer_pytorch.bottleneck_transformer_pytorch), small configuration, eval mode. Dynamic batch, height, width."""
import torch
from torch.export import Dim
from bottleneck_transformer_pytorch.bottleneck_transformer_pytorch import AbsPosEmb

model = AbsPosEmb(fmap_size=16, dim_head=16).eval()
example_args = (torch.randn(2, 8, 8, 16),)
dynamic_shapes = {"q": {0: Dim("batch"), 1: Dim("height"), 2: Dim("width")}}
