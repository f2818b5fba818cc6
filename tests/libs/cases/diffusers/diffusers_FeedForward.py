"""diffusers: FeedForward (diffusers.models.attention), small configuration, eval mode."""
import torch
from diffusers.models.attention import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
