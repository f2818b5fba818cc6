"""diffusers: LuminaFeedForward (diffusers.models.attention), small configuration, eval mode."""
import torch
from diffusers.models.attention import LuminaFeedForward

model = LuminaFeedForward(dim=32, inner_dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
