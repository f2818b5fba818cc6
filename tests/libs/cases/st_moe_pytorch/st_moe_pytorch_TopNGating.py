"""st_moe_pytorch: TopNGating (st_moe_pytorch.st_moe_pytorch), small configuration, eval mode."""
import torch
from st_moe_pytorch.st_moe_pytorch import TopNGating

model = TopNGating(dim=64, num_gates=16).eval()
example_args = (torch.randn(2, 16, 64),)
