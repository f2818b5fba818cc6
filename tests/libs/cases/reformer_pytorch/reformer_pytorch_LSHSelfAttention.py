"""reformer_pytorch: LSHSelfAttention (reformer_pytorch.reformer_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from reformer_pytorch import LSHSelfAttention

model = LSHSelfAttention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
