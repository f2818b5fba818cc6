"""x_clip: LayerNorm (x_clip.x_clip), small configuration, eval mode."""
import torch
from x_clip.x_clip import LayerNorm

model = LayerNorm(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
