"""diffusers: Kandinsky6VAERMSNorm (diffusers.models.autoencoders.autoencoder_kandinsky6_sr), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kandinsky6_sr import Kandinsky6VAERMSNorm

model = Kandinsky6VAERMSNorm(num_channels=3).eval()
example_args = (torch.randn(2, 16, 3),)
