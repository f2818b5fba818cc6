"""diffusers: MMAudioAttnBlock1D (diffusers.models.autoencoders.autoencoder_mmaudio), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_mmaudio import MMAudioAttnBlock1D

model = MMAudioAttnBlock1D(channels=32).eval()
example_args = (torch.randn(2, 32, 64),)
