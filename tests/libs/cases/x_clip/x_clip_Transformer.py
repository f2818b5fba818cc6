"""x_clip: Transformer (x_clip.x_clip), small configuration, eval mode."""
import torch
from x_clip.x_clip import Transformer

model = Transformer(dim=32, depth=2).eval()
example_args = (torch.randn(2, 16, 32),)
