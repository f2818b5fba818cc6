"""diffusers: Snake1d (diffusers.models.autoencoders.autoencoder_oobleck), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_oobleck import Snake1d

model = Snake1d(hidden_dim=32).eval()
example_args = (torch.randn(2, 32),)
