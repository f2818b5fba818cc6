"""diffusers: AutoencoderTiny (diffusers.models.autoencoders.autoencoder_tiny), defaults, eval mode."""
import torch
from diffusers import AutoencoderTiny

model = AutoencoderTiny().eval()
example_args = (torch.randn(2, 3, 32, 32),)
