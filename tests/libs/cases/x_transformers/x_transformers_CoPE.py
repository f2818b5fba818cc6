"""x_transformers: CoPE (x_transformers.x_transformers), small configuration, eval mode."""
import torch
from x_transformers.x_transformers import CoPE

model = CoPE(dim=64, heads=2, max_pos=16).eval()
example_args = (torch.randn(2, 3, 64, 64), torch.randn(2, 3, 64, 64),)
