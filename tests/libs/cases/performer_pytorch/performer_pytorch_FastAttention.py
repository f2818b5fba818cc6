"""performer_pytorch: FastAttention (performer_pytorch.performer_pytorch), small configuration, eval mode. Dynamic batch."""
import torch
from torch.export import Dim
from performer_pytorch import FastAttention

model = FastAttention(dim_heads=2).eval()
example_args = (torch.randn(2, 2), torch.randn(2, 2), torch.randn(2, 2),)
dynamic_shapes = {"q": {0: Dim("batch")}, "k": {0: Dim("batch")}, "v": {0: Dim("batch")}}
