"""open_clip: Transformer (open_clip.transformer), small configuration, eval mode."""
import torch
from open_clip.transformer import Transformer

model = Transformer(width=32, layers=2, heads=2).eval()
example_args = (torch.randn(2, 16, 32),)
