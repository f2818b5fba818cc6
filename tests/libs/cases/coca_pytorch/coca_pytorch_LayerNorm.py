"""coca_pytorch: LayerNorm (coca_pytorch.coca_pytorch), small configuration, eval mode."""
import torch
from coca_pytorch.coca_pytorch import LayerNorm

model = LayerNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
