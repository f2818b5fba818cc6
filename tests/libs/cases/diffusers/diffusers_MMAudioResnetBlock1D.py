"""diffusers: MMAudioResnetBlock1D (diffusers.models.autoencoders.autoencoder_mmaudio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_mmaudio import MMAudioResnetBlock1D

model = MMAudioResnetBlock1D(in_channels=3, out_channels=8).eval()
example_args = (torch.randn(2, 3, 64),)
