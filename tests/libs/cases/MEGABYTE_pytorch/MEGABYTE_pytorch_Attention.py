"""MEGABYTE_pytorch: Attention (MEGABYTE_pytorch.megabyte), small configuration, eval mode."""
import torch
from MEGABYTE_pytorch.megabyte import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
