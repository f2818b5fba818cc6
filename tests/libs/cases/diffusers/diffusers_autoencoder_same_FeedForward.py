"""diffusers: FeedForward (diffusers.models.autoencoders.autoencoder_same), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_same import FeedForward

model = FeedForward(dim=32).eval()
example_args = (torch.randn(2, 16, 32),)
