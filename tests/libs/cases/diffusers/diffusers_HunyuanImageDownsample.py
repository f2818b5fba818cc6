"""diffusers: HunyuanImageDownsample (diffusers.models.autoencoders.autoencoder_kl_hunyuanimage), small configuration, eval mode."""
import torch
from diffusers.models.autoencoders.autoencoder_kl_hunyuanimage import HunyuanImageDownsample

model = HunyuanImageDownsample(in_channels=4, out_channels=8).eval()
example_args = (torch.randn(2, 4, 32, 32),)
