"""diffusers: HunyuanVideo15ResnetBlock (diffusers.models.autoencoders.autoencoder_kl_hunyuanvideo15), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_hunyuanvideo15 import HunyuanVideo15ResnetBlock

model = HunyuanVideo15ResnetBlock(in_channels=3).eval()
example_args = (torch.randn(2, 16, 3),)
