"""diffusers: Snake1d (diffusers.models.autoencoders.autoencoder_cosmos3_audio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_cosmos3_audio import Snake1d

model = Snake1d(hidden_dim=32).eval()
example_args = (torch.randn(2, 32),)
