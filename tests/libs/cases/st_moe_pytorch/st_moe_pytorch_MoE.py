"""st_moe_pytorch: MoE (st_moe_pytorch.st_moe_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from st_moe_pytorch import MoE

model = MoE(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
