"""open_clip: AttentionalPooler (open_clip.transformer), small configuration, eval mode."""
import torch
from open_clip.transformer import AttentionalPooler

model = AttentionalPooler(d_model=32, context_dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
