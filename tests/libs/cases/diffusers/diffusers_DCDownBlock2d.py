"""diffusers: DCDownBlock2d (diffusers.models.autoencoders.autoencoder_dc), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_dc import DCDownBlock2d

model = DCDownBlock2d(in_channels=4, out_channels=8).eval()
example_args = (torch.randn(2, 4, 32, 32),)
