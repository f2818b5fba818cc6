"""diffusers: AsymmetricAutoencoderKL (diffusers.models.autoencoders.autoencoder_asym_kl), defaults, eval mode."""
import torch
from diffusers import AsymmetricAutoencoderKL

model = AsymmetricAutoencoderKL().eval()
example_args = (torch.randn(2, 3, 32, 32),)
