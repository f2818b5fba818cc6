"""spandrel: CPB_MLP (spandrel.architectures.GRL.__arch.mixed_attn_block), small configuration, eval mode."""
import torch
from spandrel.architectures.GRL.__arch.mixed_attn_block import CPB_MLP

model = CPB_MLP(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 16, 3),)
