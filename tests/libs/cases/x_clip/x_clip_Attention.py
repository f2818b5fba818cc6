"""x_clip: Attention (x_clip.x_clip), small configuration, eval mode."""
import torch
from x_clip.x_clip import Attention

model = Attention(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
