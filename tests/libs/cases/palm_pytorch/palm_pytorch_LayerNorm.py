"""palm_pytorch: LayerNorm (palm_pytorch.palm_pytorch), small configuration, eval mode."""
import torch
from palm_pytorch.palm_pytorch import LayerNorm

model = LayerNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
