"""coca_pytorch: EmbedToLatents (coca_pytorch.coca_pytorch), small configuration, eval mode."""
import torch
from coca_pytorch.coca_pytorch import EmbedToLatents

model = EmbedToLatents(dim=32, dim_latents=32).eval()
example_args = (torch.randn(2, 16, 32),)
