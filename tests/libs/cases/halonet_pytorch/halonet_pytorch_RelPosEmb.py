"""halonet_pytorch: RelPosEmb (halonet_pytorch.halonet_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from halonet_pytorch.halonet_pytorch import RelPosEmb

model = RelPosEmb(block_size=16, rel_size=16, dim_head=16).eval()
example_args = (torch.randn(2, 16, 16),)
dynamic_shapes = {"q": {0: Dim("batch"), 1: Dim("seq")}}
