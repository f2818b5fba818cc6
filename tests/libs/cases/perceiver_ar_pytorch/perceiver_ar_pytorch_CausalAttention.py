"""perceiver_ar_pytorch: CausalAttention (perceiver_ar_pytorch.perceiver_ar_pytorch), small configuration, eval mode. Dynamic batch, seq."""
import torch
from torch.export import Dim
from perceiver_ar_pytorch.perceiver_ar_pytorch import CausalAttention

model = CausalAttention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
dynamic_shapes = {"x": {0: Dim("batch"), 1: Dim("seq")}}
