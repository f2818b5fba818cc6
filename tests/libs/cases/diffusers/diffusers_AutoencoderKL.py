"""diffusers: AutoencoderKL (diffusers.models.autoencoders.autoencoder_kl), defaults, eval mode."""
import torch
from diffusers import AutoencoderKL

model = AutoencoderKL().eval()
example_args = (torch.randn(2, 3, 32, 32),)
